"""The token budget of a request: the context length the model runs with (from the request, the
workspace model's params or what the provider says), less the room kept for the reply."""

from __future__ import annotations

import math
from typing import Any

_CONTEXT_KEYS = (
    "num_ctx",
    "context_length",
    "context_window",
    "max_context_length",
    "max_model_len",
    "max_input_tokens",
    "input_token_limit",
    "inputTokenLimit",
    "n_ctx",
    "max_context_tokens",
)


def _positive_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, (int, float)):
        v = int(value)
    elif isinstance(value, str) and value.strip().isdigit():
        v = int(value.strip())
    else:
        return None
    return v if 256 <= v <= 100_000_000 else None


def _context_from_dict(d: Any) -> int | None:
    if not isinstance(d, dict):
        return None
    for key in _CONTEXT_KEYS:
        v = _positive_int(d.get(key))
        if v:
            return v
    for nested in ("top_provider", "meta", "metadata", "details", "limits", "parameters"):
        sub = d.get(nested)
        if isinstance(sub, dict):
            for key in _CONTEXT_KEYS:
                v = _positive_int(sub.get(key))
                if v:
                    return v
    info = d.get("model_info")  # Ollama /api/show: "<arch>.context_length"
    if isinstance(info, dict):
        for key, value in info.items():
            if isinstance(key, str) and key.endswith(".context_length"):
                v = _positive_int(value)
                if v:
                    return v
    return None


def context_length_from_model(model: Any, body: Any = None) -> int | None:
    """The context length the request will run with, if anything says so.

    Looks at the request's own ``options.num_ctx``/``num_ctx`` first, then the workspace model's
    ``info.params``, then provider passthrough fields (``model['openai']``, ``model['ollama']``,
    ``top_provider.context_length``, ``context_window``, ``max_model_len``...).
    """
    if isinstance(body, dict):
        options = body.get("options")
        for src in (options if isinstance(options, dict) else None, body):
            if isinstance(src, dict):
                v = _positive_int(src.get("num_ctx"))
                if v:
                    return v
    if not isinstance(model, dict):
        return None
    info = model.get("info")
    if isinstance(info, dict):
        params = info.get("params")
        v = _context_from_dict(params) if isinstance(params, dict) else None
        if v:
            return v
    for src in (model, model.get("openai"), model.get("ollama"), model.get("pipe"), info):
        v = _context_from_dict(src)
        if v:
            return v
    return None


def reply_tokens_from_body(body: Any) -> int:
    """Reply size the request asks for (``max_tokens``, ``max_completion_tokens``, ``num_predict``)."""
    if not isinstance(body, dict):
        return 0
    best = 0
    options = body.get("options")
    for src, key in (
        (body, "max_tokens"),
        (body, "max_completion_tokens"),
        (options, "num_predict"),
    ):
        if isinstance(src, dict):
            v = src.get(key)
            if isinstance(v, int) and not isinstance(v, bool) and v > best:
                best = v
    return best


def resolve_budget(
    max_context_tokens: int,
    reserve_tokens: int,
    default_context_tokens: int,
    model: Any = None,
    body: Any = None,
    user_max_context_tokens: int = 0,
) -> tuple[int, int]:
    """``(budget, context)``: the token budget for ``messages`` and the context length it came from."""
    if max_context_tokens > 0:
        context = max_context_tokens
    else:
        context = context_length_from_model(model, body) or max(1024, default_context_tokens)
    if user_max_context_tokens > 0:
        context = min(context, user_max_context_tokens)
    reply = min(reply_tokens_from_body(body), context // 2)
    reserve = max(0, reserve_tokens, reply)
    return max(context - reserve, context // 4), context
