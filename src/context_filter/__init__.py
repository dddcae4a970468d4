"""
title: Tool Context Filter
author: owui-toolkit
author_url: https://github.com/owui-toolkit/owui-toolkit
version: 2.0.0
license: MIT
description: Keeps each request with tool calls inside the model's context window, with no configuration: the window from the model, its provider or a table of known models. Nothing changes while the chat fits; past that, old tool outputs are shortened (start, end and errors kept), then the oldest turns dropped, never a call without its result, and the request is checked for strict providers (Anthropic, Bedrock) before it goes out.
required_open_webui_version: 0.12.4
"""
