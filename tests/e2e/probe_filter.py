"""
title: Probe request filter
author: owui-toolkit tests
version: 0.1.0
license: MIT
description: Records every `request` hook call (message count, last user text, tool names) to a file, for the Subquery end-to-end tests.
"""

import json

from pydantic import BaseModel, Field


class Filter:
    class Valves(BaseModel):
        priority: int = Field(default=0)
        log_path: str = Field(default="")

    def __init__(self):
        self.valves = self.Valves()

    def request(self, body: dict, __metadata__: dict = None) -> dict:
        if self.valves.log_path:
            users = [m for m in body.get("messages") or [] if m.get("role") == "user"]
            last = users[-1].get("content") if users else ""
            entry = {
                "n": len(body.get("messages") or []),
                "last_user": last if isinstance(last, str) else json.dumps(last)[:200],
                "tools": [t.get("function", {}).get("name") for t in body.get("tools") or []],
                "chat_id": (__metadata__ or {}).get("chat_id"),
            }
            with open(self.valves.log_path, "a", encoding="utf-8") as f:
                f.write(json.dumps(entry) + "\n")
        return body
