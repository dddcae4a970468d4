"""The token budget of a request: the model's context window, less the room kept for the reply.
The window comes from, in order: the ``max_context_tokens`` valve; the request and the workspace
model's params (``num_ctx``...); what the provider reports; LiteLLM's table of known models.  When
none says it, the window is unknown: the filter drops nothing and only shrinks old tool outputs.
The reserve is a quarter of the window within ``RESERVE_MIN`` and ``RESERVE_MAX``, raised to the
reply the request asks for (at most half the window)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from .windows_data import WINDOWS, WINDOWS_SOURCE

#: The automatic reserve: a share of the window, so that an 8k model keeps three quarters of it for
#: history, with a floor (a reply and a tool spec still fit) and a ceiling (16,384: gpt-4o's largest
#: reply, and room for thousands of reasoning tokens; more would only trim large windows early).
RESERVE_SHARE = 0.25
RESERVE_MIN = 1024
RESERVE_MAX = 16384

_CONTEXT_KEYS = tuple(
    "num_ctx context_length context_window max_context_length max_model_len max_input_tokens "
    "input_token_limit inputTokenLimit n_ctx max_context_tokens".split()
)


def _int_in(value: Any, lo: int, hi: int) -> int | None:
    """``value`` as an int within ``[lo, hi]``, else ``None`` (a bool, NaN, a string not of up to 12
    ASCII digits: "²" passes ``str.isdigit`` and fails ``int``).  Never raises."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        value = value.strip() if len(value) <= 40 else ""
        if not (value.isascii() and value.isdigit() and len(value) <= 12):
            return None
        value = int(value)
    elif isinstance(value, float):
        value = int(value) if math.isfinite(value) and abs(value) < 1e15 else None
    if not isinstance(value, int):
        return None
    return value if lo <= value <= hi else None


def _positive_int(value: Any) -> int | None:  # a context length
    return _int_in(value, 256, 100_000_000)


def _context_from_dict(d: Any) -> int | None:
    if not isinstance(d, dict):
        return None
    for sub in (
        d,
        *(d.get(k) for k in ("top_provider", "meta", "metadata", "details", "limits", "parameters")),
    ):
        for key in _CONTEXT_KEYS if isinstance(sub, dict) else ():
            v = _positive_int(sub.get(key))
            if v:
                return v
    info = d.get("model_info") if isinstance(d.get("model_info"), dict) else {}  # Ollama /api/show
    found = (
        _positive_int(v) for k, v in info.items() if isinstance(k, str) and k.endswith(".context_length")
    )
    return next(filter(None, found), None)


def _window_of(model: Any, body: Any) -> tuple[int | None, str]:
    """The window the request and the model's own fields say, with where it came from."""
    for src in (body.get("options"), body) if isinstance(body, dict) else ():
        v = _positive_int(src.get("num_ctx")) if isinstance(src, dict) else None
        if v:
            return v, "num_ctx"
    if not isinstance(model, dict):
        return None, ""
    info = model.get("info")
    v = _context_from_dict(info.get("params")) if isinstance(info, dict) else None
    if v:
        return v, "the model's params"
    for src in (model, model.get("openai"), model.get("ollama"), model.get("pipe"), info):
        v = _context_from_dict(src)
        if v:
            return v, "the provider"
    return None, ""


_TABLE: dict[str, int] = {}


def known_windows() -> dict[str, int]:
    """The table of known models' windows (model name, lower case -> tokens), parsed once."""
    if not _TABLE:
        table, window = {}, 0
        for word in WINDOWS.split():
            if word.endswith(":") and word[:-1].isdigit():
                window = int(word[:-1])
            else:
                table[word] = window
        _TABLE.update(table)  # one update: a reader in another thread sees all of it or none
    return _TABLE


def model_key(name: str) -> str:
    """A model name as the table stores it: lower case, ``4.1`` written ``4-1``."""
    return _VERSION_DOT.sub("-", name.strip().lower())


_VERSION_DOT = re.compile(r"(?<=\d)\.(?=\d)")
_DATED = re.compile(r"[-@](?:\d{8}|\d{4}-\d{2}-\d{2}|latest|default|v\d+(?::\d+)?)$")


def _names(model_id: str) -> list[str]:
    """A model id and the names it may stand for: without a provider path, prefix or date suffix."""
    name = model_id.strip().lower()
    names = [name, name.rsplit("/", 1)[-1]]
    if "." in name:
        rest = name.split(".", 1)[1]
        names += [rest, rest.rsplit("/", 1)[-1]]
    names = [model_key(n) for n in names]
    return names + [_DATED.sub("", n) for n in names]


def window_from_table(model: Any) -> tuple[int | None, str]:
    """The window of a known model by any of its ids; not for Ollama models: theirs is ``num_ctx``."""
    if not isinstance(model, dict) or model.get("owned_by") == "ollama" or "ollama" in model:
        return None, ""
    info = model.get("info") if isinstance(model.get("info"), dict) else {}
    provider = model.get("openai") if isinstance(model.get("openai"), dict) else {}
    table = known_windows()
    for model_id in (provider.get("id"), model.get("id"), info.get("base_model_id")):
        if isinstance(model_id, str) and len(model_id) <= 256:
            for name in _names(model_id):
                if name in table:
                    return table[name], f"{name} in {WINDOWS_SOURCE}"
    return None, ""


def reply_tokens_from_body(body: Any) -> int:
    """Reply size the request asks for (``max_tokens``, ``max_completion_tokens``, ``num_predict``)."""
    if not isinstance(body, dict):
        return 0
    options = body.get("options")
    predict = options.get("num_predict") if isinstance(options, dict) else None
    asked = (body.get("max_tokens"), body.get("max_completion_tokens"), predict)
    return max(_int_in(v, 1, 100_000_000) or 0 for v in asked)


@dataclass(frozen=True)
class Budget:
    """The token budget for ``messages`` and the window it came from (``window`` None: unknown)."""

    tokens: int | None
    window: int | None = None
    source: str = ""


def resolve_budget(
    max_context_tokens: int, reserve_tokens: int, model: Any = None, body: Any = None
) -> Budget:
    """The budget of a request (see the module notes); ``reserve_tokens`` 0 is the automatic reserve."""
    if max_context_tokens > 0:
        window, source = max_context_tokens, "the filter's max_context_tokens"
    else:
        window, source = _window_of(model, body)
        if window is None:
            window, source = window_from_table(model)
    if window is None:
        return Budget(None)
    reply = min(reply_tokens_from_body(body), window // 2)
    auto = min(RESERVE_MAX, max(RESERVE_MIN, int(window * RESERVE_SHARE)))  # see the module notes
    reserve = max(reserve_tokens if reserve_tokens > 0 else auto, reply)
    return Budget(max(window - reserve, window // 4), window, source)
