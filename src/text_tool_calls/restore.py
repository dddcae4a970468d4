"""Text held when a reply ended with no last chunk (neither a finish reason nor a usage chunk came, so the `stream`
hook never saw its end): the outlet puts it back at the end of the stored message (`restored`), in `content` and in
the last text of its `output`, so nothing the model wrote is lost. The body given is never changed. Pure."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any


def _output_with(output: list, text: str) -> list:
    out = list(output)
    for i in range(len(out) - 1, -1, -1):
        item = out[i]
        parts = item.get("content") if isinstance(item, Mapping) and item.get("type") == "message" else None
        last = parts[-1] if isinstance(parts, list) and parts else None
        if isinstance(last, Mapping) and last.get("type") == "output_text":
            last = {**last, "text": str(last.get("text") or "") + text}
            out[i] = {**item, "content": [*parts[:-1], last]}
            return out
    message = {"type": "message", "id": f"msg_{uuid.uuid4().hex}", "status": "completed", "role": "assistant"}
    return [*out, {**message, "content": [{"type": "output_text", "text": text}]}]


def restored(body: Any, message_id: str, text: str, blank: str = "") -> Any:
    """The outlet body with `text` added at the end of message `message_id` (the body itself when it is absent).
    `blank`: the blanks the reply had before `text`; Open WebUI strips them from the end of a stored reply, so they
    are put back in between."""
    messages = body.get("messages") if isinstance(body, Mapping) else None
    if not text or not isinstance(messages, list):
        return body
    for i, m in enumerate(messages):
        if isinstance(m, Mapping) and m.get("id") == message_id:
            content = str(m.get("content") or "")
            text = (blank if content and not content[-1].isspace() else "") + text
            new = {**m, "content": content + text}
            if isinstance(m.get("output"), list):
                new["output"] = _output_with(m["output"], text)
            return {**body, "messages": [*messages[:i], new, *messages[i + 1 :]]}
    return body
