"""
title: Text Tool Calls
author: owui-toolkit
version: 2.0.0
license: MIT
description: Local models often write their tool calls as text (a ```json fence, <tool_call>, <function=…>, [TOOL_CALLS] and other dialects), and Open WebUI then runs nothing. This filter holds back only what could still be such a call while the reply streams, and turns calls to the chat's own tools into real ones that Open WebUI's own loop runs, with its approval, access checks and storage. A call whose tool is named in a tool result or file of this turn stays text, and the status line says why.
required_open_webui_version: 0.12.4
"""
