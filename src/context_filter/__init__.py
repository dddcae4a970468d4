"""
title: Tool Context Filter
author: owui-toolkit
version: 0.3.0
license: MIT
description: Keeps re-inflated native tool history inside a token budget on every model call: shrinks old tool outputs (head + tail + errors, with a re-call hint) in batches so prompt caches keep hitting, drops whole old turns or tool groups (never splitting a call from its results), makes tool call ids unique, then validates pairing, adjacency and the user-first rule for strict providers.
required_open_webui_version: 0.12.4
"""
