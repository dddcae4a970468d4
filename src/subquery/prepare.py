"""Each call of a round before it runs: decoded, typed by the tool's schema, filtered to what the tool accepts
(as Open WebUI filters it), checked for required arguments and repeats, or answered at once with a message the
model can act on; and a tool's result rendered as Open WebUI renders it."""

from __future__ import annotations

import inspect
import json
from collections.abc import Mapping, Sequence
from typing import Any

from textcalls.calls import (
    ToolCall,
    _schema_types,
    coerce_arguments,
    decode_arguments,
    spec_properties,
    spec_required,
)

from .types import REPEAT_CALL_LIMIT, SELF_NAMES, Prepared, ToolInfo


def filter_arguments(args: Mapping[str, Any], tool: ToolInfo) -> tuple[dict, list[str]]:
    """As Open WebUI: MCP unfiltered, others by spec (and signature). A name the callable reserves for
    injection is dropped; an OpenAPI parameter called `_limit` is a normal argument."""
    if tool.passthrough:
        return {k: v for k, v in args.items() if isinstance(k, str) and k not in tool.injected}, []
    allowed = frozenset(spec_properties(tool.spec))  # Open WebUI keeps the spec's properties...
    if tool.accepted is not None:
        allowed &= tool.accepted  # ...and a known signature must take them too

    def keeps(k: Any) -> bool:
        return isinstance(k, str) and k in allowed and k not in tool.injected and not k.startswith("__")

    return {k: v for k, v in args.items() if keeps(k)}, [str(k) for k in args if not keeps(k)]


def call_signature(name: str, kwargs: Mapping[str, Any]) -> str:
    try:
        return name + ":" + json.dumps(kwargs, sort_keys=True, default=str, ensure_ascii=False)
    except Exception:
        try:
            return name + ":" + repr(sorted(kwargs.items(), key=lambda kv: kv[0]))
        except Exception:
            return f"{name}:{id(kwargs)}"


def prepare_call(call: ToolCall, tools: Mapping[str, ToolInfo], counts: Mapping, limit: int) -> Prepared:
    tool = tools.get(call.name)
    if tool is None and call.name in SELF_NAMES:
        answer = f"Error: `{call.name}` cannot be called inside a subquery. Use the other tools."
        return Prepared(call, answer=answer, outcome="refused: no nested subquery")
    if tool is None:
        available = ", ".join(sorted(n for n, t in tools.items() if not t.deferred)) or "none"
        answer = f'Error: Tool "{call.name}" not found. Available tools: {available}.'
        return Prepared(call, answer=answer, outcome="refused: no such tool")
    args, error = decode_arguments(call.name, call.arguments)
    if error or args is None:
        return Prepared(call, answer=error, outcome="refused: bad arguments")
    props = spec_properties(tool.spec)
    kwargs = filter_arguments(args if tool.passthrough else coerce_arguments(args, props), tool)[0]
    missing = [r for r in spec_required(tool.spec) if r not in kwargs]
    if missing:
        expected = ", ".join(f"{k} ({'/'.join(_schema_types(v)) or 'any'})" for k, v in props.items())
        answer = f"Error: missing required argument(s) for `{call.name}`: {', '.join(missing)}. Expected: {expected}."
        return Prepared(call, answer=answer, outcome="refused: missing arguments")
    seen = counts.get(call_signature(call.name, kwargs), 0)
    if seen >= limit > 0:
        answer = f"Not executed: `{call.name}` was already called {seen} times with exactly these arguments. Use the results above, change the arguments, or answer now."
        return Prepared(call, answer=answer, outcome="refused: repeated too often")
    return Prepared(call, kwargs=kwargs)


def prepare_round(
    calls: Sequence[ToolCall], tools: Mapping[str, ToolInfo], counts: dict[str, int]
) -> list[Prepared]:
    """Identical calls are counted AS the round is prepared (one not approved is taken off again)."""
    out: list[Prepared] = []
    for call in calls:
        try:
            p = prepare_call(call, tools, counts, REPEAT_CALL_LIMIT)
        except Exception as exc:  # odd arguments must never end the loop
            answer = f"Error: the arguments for `{call.name}` could not be read ({type(exc).__name__})."
            p = Prepared(call, answer=answer, outcome="refused: bad arguments")
        if p.kwargs is not None:
            sig = call_signature(call.name, p.kwargs)
            counts[sig] = counts.get(sig, 0) + 1
        out.append(p)
    return out


def accepted_parameters(fn: Any) -> frozenset[str] | None:
    """Parameter names a callable takes (None when it takes **kwargs or cannot be inspected)."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind == p.VAR_KEYWORD for p in params):
        return None
    return frozenset(p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))
