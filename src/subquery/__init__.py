"""
title: Subquery
author: owui-toolkit
author_url: https://github.com/owui-toolkit/owui-toolkit
version: 2.0.0
license: MIT
description: Hand a focused subtask (or several at once) to a fresh, isolated loop of the same model that knows what the turn knows. It drives native tool calls itself the way Open WebUI's own loop does (approval, filters, reasoning, Tool Search, embeds, citations), in parallel and within bounds, and returns one compact answer.
required_open_webui_version: 0.11.4
"""
