"""The trim's decisions: which items are kept and how far each tool group's outputs are shrunk.

Under ``stable``, ``_Plan`` replays the chat request by request (each user turn and tool-loop hop):
while the history fits, requests only append; when it outgrows the budget, one batch goes down to
``low_water`` of it (old outputs smaller, then the oldest turns, then the current turn's older
hops), so the next requests append again and prompt caches keep hitting.  ``eager`` keeps every
request as small as it can.  Batches walk pointers that only move forward (``raw_from``,
``floor_from``, ``first_turn``), so a replay costs O(n).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from .counting import TokenCounter
from .parse import Kind, Level, _Group, _Item, _Parser
from .settings import _MIN_TARGET, TrimConfig
from .shrink import _folded_blocks, shrink_folded_content


class _Ledger:
    """Items and costs: the one place a cost or the total changes (state set in ``_Plan.__init__``)."""

    def measure(self, item: _Item, k: int) -> int:
        """Cost of item ``k`` at ``Level.RAW`` (recent cap applied)."""
        if item.payload.__class__ is _Group:
            g: _Group = item.payload
            self.tokens_before += g.measure(self.counter, self.caps[0])
            item.cost = g.cost(self.caps)
        else:
            item.cost = cost = self.counter.message(item.payload)
            self.tokens_before += cost
            if item.folded:
                item.cost = self.folded_at(k, Level.RAW)[1]
        return item.cost

    def set_level(self, k: int, level: Level) -> None:
        if self.items[k].level != level:
            self.items[k].level = level
            self.recost(k)

    def cost_at(self, k: int, level: Level) -> int:
        payload = self.items[k].payload
        return payload.cost(self.caps, level) if payload.__class__ is _Group else self.folded_at(k, level)[1]

    def recost(self, k: int) -> None:
        """The one place an item's cost changes after it was measured."""
        item = self.items[k]
        new = self.cost_at(k, item.level)
        if not item.dropped:
            self.total += new - item.cost
        item.cost = new

    def folded_at(self, k: int, level: Level) -> tuple[str | None, int]:
        """A folded message's content shrunk to ``level`` (``None``: unchanged), and its cost."""
        key = (k, level)
        if key not in self.folded:
            src = self.items[k].payload
            recent_cap, old_cap, old_target, floor = self.caps
            limit = ((recent_cap, recent_cap), (old_cap, old_target), (floor, floor))[level]
            blocks = len(_folded_blocks(src["content"]))
            content, changed = shrink_folded_content(src["content"], [limit] * blocks, self.counter.text)
            new = {**src, "content": content} if changed else src
            self.folded[key] = (content if changed else None, self.counter.message(new))
        return self.folded[key]

    def drop_all(self, ks: list[int]) -> None:
        """Drop items ``ks``, counting the messages they held."""
        items = self.items
        for k in ks:
            item = items[k]
            item.dropped = True
            self.total -= item.cost
            p = item.payload
            self.messages_dropped += p.size() if p.__class__ is _Group else 1


class _Plan(_Ledger):
    """The state of one ``trim_messages`` call (see the module notes)."""

    def __init__(self, msgs: list[Any], config: TrimConfig, counter: TokenCounter) -> None:
        self.msgs = msgs
        self.config = config
        self.counter = counter
        self.budget = config.budget_tokens
        self.stable = config.policy == "stable"
        self.caps = (config.recent_cap, config.old_cap, config.old_target, config.floor_target)
        self.folded: dict[tuple[int, Level], tuple[str | None, int]] = {}  # (item, level) -> folded_at
        self.parser = _Parser()
        self.rep = self.parser.rep
        self.items: list[_Item] = []
        self.users: list[int] = []  # items that start a turn
        self.current_start = 0  # the item of the newest user message
        self.shrinkable: list[int] = []  # items whose outputs can shrink (groups, folded), in order
        self.first_turn = 0  # index into users of the oldest turn not dropped
        self.raw_from = self.floor_from = 0  # batch pointers into shrinkable (see the module notes)
        self.turn_start = 0  # the item of the user message of the turn being replayed
        self.hops: list[int] = []  # the groups of the turn replayed so far
        self.hop_from = 0  # index into hops: the oldest hop not dropped (a forward-only pointer)
        self.common_cap = 0  # set by fit_current_turn
        self.total = self.tokens_before = 0
        self.turns_dropped = self.groups_dropped = self.hops_dropped = self.batch_trims = 0
        self.messages_dropped = 0  # counted as items are dropped
        self.whole = False  # everything fits uncapped: nothing is shrunk (set by ``trim_messages``)

    def parse(self, last_user: int) -> None:
        parser = self.parser
        parser.parse(self.msgs, last_user)
        self.items, self.users, self.shrinkable = parser.items, parser.users, parser.shrinkable
        self.current_start = self.users[-1] if self.users else 0

    def measure_and_replay(self) -> None:
        """Count every item; ``stable``: replay each earlier request, ``eager``: cap old outputs now."""
        items, stable = self.items, self.stable
        keep = 0 if stable else self.config.keep_recent_tool_groups  # eager: the newest groups stay
        recent = set([k for k, it in enumerate(items) if it.kind == Kind.GROUP][-keep:] if keep else ())
        low = int(self.budget * self.config.low_water)
        user, group = Kind.USER, Kind.GROUP  # an enum's attribute costs a slow lookup: read once
        message = self.counter.message
        for k, item in enumerate(items):
            kind = item.kind
            if kind is group or item.folded:
                self.total += self.measure(item, k)
            else:  # a plain message, inline (the common case): as `measure` counts it
                item.cost = cost = message(item.payload)
                self.tokens_before += cost
                self.total += cost
            if kind is user:
                self.turn_start, self.hops, self.hop_from = k, [], 0
            elif kind is group:
                self.hops.append(k)
            if not stable:
                if k < self.current_start and k not in recent and (kind is group or item.folded):
                    self.set_level(k, Level.OLD)
            elif (kind is user or kind is group) and self.total > self.budget:
                self.batch_trims += 1
                self.batch(low, self.turn_start, drop=True)
                # Once no earlier turn is left, the batch goes on down to the low-water mark.
                alone = self.first_turn >= len(self.users) or self.users[self.first_turn] >= self.turn_start
                if kind is group and self.total > (low if alone else self.budget):
                    end = self.older_hops_end(self.turn_start)
                    self.batch(low, end, drop=False)
                    self.drop_oldest_hops(low, end)

    def older_hops_end(self, turn_start: int) -> int:
        """Where the current turn's older hops end: its newest hops are left out of its batches."""
        keep, hops = self.config.newest_hops, self.hops
        return hops[-keep] if len(hops) >= keep else turn_start

    def batch(self, target: int, end: int, drop: bool) -> None:
        """Bring the total to ``target`` with the items before ``end``: outputs to the old target,
        oldest first; if that fits the budget, nothing else changes (what prompt caches reuse changes
        as late as it can).  Else outputs to the floor, then (``drop``) the oldest turns; last,
        floored outputs get their old size back, newest first, where that still fits."""
        hi = bisect_left(self.shrinkable, end)
        items = self.items
        old, floor = Level.OLD, Level.FLOOR  # an enum's attribute costs a slow lookup: read once
        pos = self.raw_from
        while pos < hi and self.total > target:
            k = self.shrinkable[pos]
            if not items[k].dropped and items[k].level < old:
                self.set_level(k, old)
            pos += 1
        self.raw_from = max(self.raw_from, pos)
        if self.total <= self.budget:
            return
        floored: list[int] = []
        pos = self.floor_from
        while pos < hi and self.total > target:
            k = self.shrinkable[pos]
            if not items[k].dropped and items[k].level < floor:
                self.set_level(k, floor)
                floored.append(k)
            pos += 1
        self.floor_from = pos
        if drop and self.total > target:
            self.drop_oldest_units(target, end)
        for k in reversed(floored):  # relax
            if not items[k].dropped and self.total + self.cost_at(k, old) - items[k].cost <= target:
                self.set_level(k, old)

    def drop_oldest_units(self, target: int, cur: int) -> None:
        """Drop the oldest turns before item ``cur``; the last one touched loses its groups first."""
        users, items = self.users, self.items
        system, group = Kind.SYSTEM, Kind.GROUP  # an enum's attribute costs a slow lookup: read once
        while self.total > target and self.first_turn + 1 < len(users) and users[self.first_turn] < cur:
            u, nxt = users[self.first_turn], users[self.first_turn + 1]
            turn = [k for k in range(u, nxt) if items[k].kind is not system and not items[k].dropped]
            if self.total - sum(items[k].cost for k in turn) < target:
                over, partial = self.total - target, []
                for k in turn:  # its groups, oldest first, until the total is within target
                    if items[k].kind is group:
                        partial.append(k)
                        over -= items[k].cost
                        if over <= 0:
                            break
                self.drop_all(partial)
                if self.total <= target:
                    self.groups_dropped += len(partial)
                    return
            self.drop_all([k for k in turn if not items[k].dropped])
            self.turns_dropped += 1
            self.first_turn += 1

    def drop_oldest_hops(self, target: int, end: int) -> None:
        """The last resort: drop the current turn's older hops, oldest first, until within ``target``;
        newest hops beyond a batch's room do not count (:meth:`fit_current_turn` shrinks those)."""
        items, hops = self.items, self.hops
        at = bisect_left(hops, end)
        newest = sum(items[k].cost for k in hops[at:] if not items[k].dropped)
        excess = max(0, newest - (self.budget - target))
        i = self.hop_from
        while i < at and self.total - excess > target:
            if not items[hops[i]].dropped:
                self.drop_all([hops[i]])
                self.hops_dropped += 1
            i += 1
        self.hop_from = i

    def last_batch(self) -> None:
        """This request itself: previous turns first, then the current turn's older hops."""
        if self.total <= self.budget:
            return
        target = int(self.budget * self.config.low_water) if self.stable else self.budget
        if self.stable:
            self.batch_trims += 1
        self.batch(target, self.current_start, drop=True)
        if self.total > self.budget:
            end = self.older_hops_end(self.current_start)
            self.batch(target, end, drop=False)
            self.drop_oldest_hops(target, end)

    def fit_current_turn(self) -> None:
        """When the protected part alone is over budget: drop its tool images, then its older hops
        if even stubs would not fit, then one common cap for its outputs, as high as fits."""
        if self.total <= self.budget:
            return
        items = self.items
        chain = [
            k
            for k in range(self.current_start, len(items))
            if items[k].kind == Kind.GROUP and not items[k].dropped
        ]
        for k in chain:
            g = items[k].payload
            if g.image is not None and not g.drop_image:
                g.drop_image = True
                self.recost(k)
        least = self.total + sum(items[k].payload.least() - items[k].cost for k in chain)
        end, i = self.older_hops_end(self.current_start), 0
        while least > self.budget and i < len(chain) and chain[i] < end:  # even stubs do not fit
            least -= items[chain[i]].payload.least()
            self.drop_all([chain[i]])
            self.hops_dropped += 1
            i += 1
        chain = chain[i:]
        sizes = [s for k in chain for s in items[k].payload.sizes(self.caps, items[k].level)]
        level = _water_level(sizes, self.budget - (self.total - sum(sizes)))
        steps = [level] if level >= _MIN_TARGET else []
        for water in steps + [self.config.old_target, self.config.floor_target, _MIN_TARGET]:
            if self.total <= self.budget:
                break
            for k in chain:
                g = items[k].payload
                if g.water is None or g.water > water:
                    g.water = water
                    self.recost(k)
                    self.common_cap = water


def _water_level(sizes: list[int], room: int) -> int:
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
