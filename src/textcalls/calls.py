"""One tool call as a model asked for it (`ToolCall`), and its arguments as text: decoded, kept, split.

Structured calls from a provider and calls written as text become the same `ToolCall`; its arguments
stay the raw text, decoded only when the call is prepared (`decode_arguments`) and replayed as valid
JSON (`replay_arguments`).
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from typing import Any

_DECODER = json.JSONDecoder()
_WS = re.compile(r"\s*")


@dataclass(frozen=True)
class ToolCall:
    """One call the model asked for, normalized. `arguments` is the raw JSON text (or what was parsed).

    `provider` is the call as the model wrote it when Tool Search resolved `call_tool` into it.
    """

    id: str
    name: str
    arguments: str
    source: str = "structured"  # or "inline"
    provider: tuple[str, str] | None = None

    def as_message_call(self) -> dict:
        name, arguments = self.provider or (self.name, self.arguments)
        return {
            "id": self.id,
            "type": "function",
            "function": {"name": name, "arguments": replay_arguments(arguments)},
        }


def decode_arguments(name: str, raw: str) -> tuple[dict | None, str | None]:
    """JSON object arguments, or a message the model can act on (it holds the raw text)."""
    if raw is None or not str(raw).strip():
        return {}, None
    try:
        value = json.loads(raw)
    except Exception as exc:
        try:
            value = ast.literal_eval(raw)
        except Exception:
            where = f" ({exc.msg} at position {exc.pos})" if isinstance(exc, json.JSONDecodeError) else ""
            received = raw if len(raw) <= 200 else raw[:200] + "…"
            return None, (
                f"Error: the arguments for `{name}` are not valid JSON{where}. "
                f"Received: {received}. Send a JSON object."
            )
    if not isinstance(value, dict):
        return None, f"Error: the arguments for `{name}` must be a JSON object, got {type(value).__name__}."
    return value, None


def replay_arguments(raw: str) -> str:
    """The arguments as kept for the next round: valid JSON, `{}` when empty or undecodable."""
    value, error = decode_arguments("", raw)
    try:
        return "{}" if error or value is None else json.dumps(value, ensure_ascii=False)
    except Exception:
        return "{}"


def _skip_ws(text: str, pos: int) -> int:
    return _WS.match(text, pos).end()  # type: ignore[union-attr]


def split_json_objects(raw: str) -> list[str]:
    """Back-to-back JSON objects in one arguments string, split as Open WebUI's `_split_tool_calls` does."""
    parts: list[str] = []
    pos = _skip_ws(raw, 0)
    try:
        while pos < len(raw):
            _, end = _DECODER.raw_decode(raw, pos)
            parts.append(raw[pos:end])
            pos = _skip_ws(raw, end)
    except Exception:  # undecodable (or absurdly deep/long): one call, the argument check will explain
        return [raw]
    return parts or [raw]


def _arguments_text(args: Any) -> str:
    if args is None or isinstance(args, str):
        return args or ""
    try:
        return json.dumps(args, ensure_ascii=False)
    except Exception:
        return str(type(args).__name__)


def normalize_tool_calls(raw_calls: Any, id_prefix: str = "call") -> list[ToolCall]:
    """Structured `tool_calls` from a provider, made uniform (ids present, arguments as text, split)."""
    if not isinstance(raw_calls, (list, tuple)):
        return []
    calls = []
    for i, raw in enumerate(raw_calls):
        if not isinstance(raw, dict):
            continue
        fn = raw.get("function") if isinstance(raw.get("function"), dict) else {}
        name = fn.get("name") or raw.get("name") or ""
        args = _arguments_text(fn.get("arguments", raw.get("arguments")))
        call_id = str(raw.get("id") or f"{id_prefix}_{i}")
        pieces = split_json_objects(args) if args.strip() else [args]
        for j, piece in enumerate(pieces):
            calls.append(ToolCall(call_id if len(pieces) == 1 else f"{call_id}_{j}", str(name), piece))
    return calls
