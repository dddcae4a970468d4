"""Parsing a message list into the items the trim works on (system, user, plain, tool group),
repairing on the way what providers refuse: roles, contents, calls, pairing (a stub for a call
left unanswered) and ids.  Linear; never mutates its input (a repaired message is a copy)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from .counting import TokenCounter
from .messages import (
    EMPTY_TEXT,
    FOLDED_MARKER,
    ID_RE,
    LEGACY_FUNCTION_NOTE,
    ROLES_OUT,
    UNANSWERED_RESULT,
    _blank,
    _content_as_text,
    _has_text,
    _is_image_followup,
    _newest_request,
    _repaired_content,
    _tool_text_and_images,
    _usable_call,
    _valid_content,
    _valid_tool_content,
    _with_images,
)
from .report import _Repairs
from .settings import _MIN_TARGET


class Kind(IntEnum):
    SYSTEM = 0
    USER = 1
    PLAIN = 2  # an assistant message without calls (or with legacy folded blocks)
    GROUP = 3  # an assistant message with calls, its results and Open WebUI's image message


# The members read in the parser's per-message path (an enum's attribute costs a slow lookup on Python 3.11).
_SYSTEM, _USER, _PLAIN, _GROUP = Kind.SYSTEM, Kind.USER, Kind.PLAIN, Kind.GROUP


class Level(IntEnum):
    RAW = 0  # capped at the recent cap only
    OLD = 1  # outputs above the old cap shrunk to the old target
    FLOOR = 2  # every output shrunk to the floor


Caps = tuple[int, int, int, int]  # recent cap, old cap, old target, floor target


@dataclass(slots=True, eq=False)  # eq=False: a group is a key by identity
class _Group:
    """One atomic tool group: an assistant message with calls, its results and Open WebUI's image message."""

    assistant: dict
    tools: list[dict | None] = field(default_factory=list)  # None: a stub (:meth:`tool_at`)
    call_of: list[int] = field(default_factory=list)  # index of the call each tool message answers
    renames: dict[int, str] | None = None  # call index -> its new id (``_rename_ids``)
    image: dict | None = None
    tool_tokens: list[int] = field(default_factory=list)  # tokens of each tool message, without overhead
    base_cost: int = 0  # assistant + per-message overhead of the tool messages
    image_cost: int = 0
    water: int | None = None  # common cap when the protected part alone does not fit
    drop_image: bool = False
    level_costs: list[int | None] = field(default_factory=list)  # cost at each Level (memo)

    def size(self) -> int:
        return 1 + len(self.tools) + (self.image is not None)

    # Stubs and new ids are made only as a kept group goes out: the parse keeps no object per call.
    def sent_assistant(self) -> dict:
        new, calls = self.renames, self.assistant["tool_calls"]
        calls = [{**c, "id": new[i]} if i in new else c for i, c in enumerate(calls)] if new else calls
        return {**self.assistant, "tool_calls": calls} if new else self.assistant

    def tool_at(self, j: int) -> dict:
        """Tool message ``j`` as it goes out: a stub for a call left unanswered, with its call's new id."""
        t, ci = self.tools[j], self.call_of[j]
        cid = self.renames.get(ci) if self.renames else None
        if t is None:
            cid = cid or self.assistant["tool_calls"][ci]["id"]
            return {"role": "tool", "tool_call_id": cid, "content": UNANSWERED_RESULT}
        return t if cid is None else {**t, "tool_call_id": cid}

    def measure(self, counter: TokenCounter, recent_cap: int) -> int:
        """Count its results' contents apart from the rest (``base_cost``); its cost uncapped.  Each
        string is counted alone, so a new id costs its own count in place of the old one's."""
        tokens = self.tool_tokens = []
        base, calls = counter.message(self.assistant), self.assistant["tool_calls"]
        base += sum(
            counter.text(cid) - counter.text(calls[ci]["id"]) for ci, cid in (self.renames or {}).items()
        )
        for j in range(len(self.tools)):
            t = self.tool_at(j)
            tok = counter.value(t.get("content"))
            tokens.append(tok)
            base += counter.message(t) - tok
        self.base_cost = base
        if self.image is not None:
            self.image_cost = counter.message(self.image)
        whole = self.base_cost + sum(tokens) + self.image_cost
        # Nothing over the recent cap (the common case): the RAW cost is the whole cost.
        self.level_costs = [whole if not tokens or max(tokens) <= recent_cap else None, None, None]
        return whole

    def least(self) -> int:
        """Its cost with every output at the smallest target and no image."""
        return self.base_cost + sum(min(t, _MIN_TARGET) for t in self.tool_tokens)

    def keeps_image(self, level: int) -> bool:
        return self.image is not None and level == 0 and not self.drop_image  # 0: Level.RAW

    def sizes(self, caps: Caps, level: int = Level.RAW) -> list[int]:
        """Tokens of each output at ``level``, under the common cap if there is one."""
        recent_cap, old_cap, old_target, floor = caps
        if level == 0:  # Level.RAW (an enum's attribute costs a slow lookup on this hot path)
            out = [tok if tok <= recent_cap else recent_cap for tok in self.tool_tokens]
        elif level == 1:  # Level.OLD
            out = [tok if tok <= old_cap else old_target for tok in self.tool_tokens]
        else:
            out = [tok if tok <= floor else floor for tok in self.tool_tokens]
        water = self.water
        return out if water is None else [s if s <= water else water for s in out]

    def cost(self, caps: Caps, level: int = Level.RAW) -> int:
        memo = self.level_costs if self.water is None and not self.drop_image else None
        if memo and memo[level] is not None:
            return memo[level]  # type: ignore[return-value]
        image = self.image_cost if self.keeps_image(level) else 0
        cost = self.base_cost + image + sum(self.sizes(caps, level))
        if memo:
            memo[level] = cost
        return cost


@dataclass(slots=True, eq=False)
class _Item:
    """One unit of a plan: a message or a whole tool group, with its cost at its level."""

    kind: Kind
    payload: Any  # the message, or the _Group
    folded: bool  # a legacy assistant message with <details type="tool_calls"> blocks
    level: Level = Level.RAW
    cost: int = 0
    dropped: bool = False


def _is_folded(m: dict) -> bool:
    """A legacy assistant message with ``<details type="tool_calls">`` blocks (Open WebUI 0.6/0.7)."""
    content = m.get("content")
    return m.get("role") == "assistant" and content.__class__ is str and FOLDED_MARKER in content


def _normalize_roles(
    messages: Sequence[Any], rep: _Repairs, last_user: int = -1
) -> tuple[list[dict], int, dict[int, list[dict]]]:
    """Every message repaired (:func:`_repaired`), where ``last_user`` went, and the images moved."""
    out: list[dict] = []
    images: dict[int, list[dict]] = {}
    last = -1
    request = _newest_request(messages)  # the user message that may stay blank
    for p, m in enumerate(messages):
        if m.__class__ is not dict and not isinstance(m, dict):
            rep.other_repairs += 1
            continue
        role, content, moved = m.get("role"), m.get("content"), None
        if not (  # the common case: nothing to repair
            m.__class__ is dict
            and content.__class__ is str
            and (
                role == "tool"
                or (role == "assistant" and "tool_calls" in m)
                or (role == "user" and "tool_calls" not in m and (p == request or not _blank(content)))
                or ((role == "assistant" or role == "system") and not _blank(content))
            )
        ):
            m, moved = _repaired(m, role, rep, p == request)
            if m is None:
                continue
        out.append(m)
        if moved:
            images[len(out) - 1] = moved
        if p == last_user:
            last = len(out) - 1
    return out, last, images


#: Roles read (in any case): the four every provider takes, and two that are converted.
_ROLES_IN = ROLES_OUT | {"developer", "function"}


def _repaired(m: dict, role: Any, rep: _Repairs, newest: bool = False) -> tuple[dict | None, list[dict]]:
    """Message ``m`` as every provider takes it (``None``: dropped), and its tool result's images.  The
    newest user message may stay blank: Open WebUI sends an attachment-only one so."""
    if not isinstance(role, str):
        role = None
    elif role not in _ROLES_IN and role.lower() in _ROLES_IN:
        role = role.lower()
        m = {**m, "role": role}
        rep.roles_converted += 1
    if role == "developer":
        m, role = {**m, "role": "system"}, "system"
        rep.roles_converted += 1
    elif role == "function":
        note = LEGACY_FUNCTION_NOTE.format(name=str(m.get("name") or "?"))
        rep.roles_converted += 1
        return {"role": "assistant", "content": note + _content_as_text(m.get("content"))}, []
    elif role not in ROLES_OUT:
        rep.other_repairs += 1
        return None, []
    if role == "user" and "tool_calls" in m:  # only assistants call tools
        m = {k: v for k, v in m.items() if k != "tool_calls"}
        rep.other_repairs += 1
    content, images = m.get("content"), []
    if role == "tool":
        if not _valid_tool_content(content):
            text, images = _tool_text_and_images(content)
            m = {**m, "content": EMPTY_TEXT if _blank(text) else text}
            rep.other_repairs += 1
    elif not (
        _valid_content(content, role, role == "assistant" and "tool_calls" in m)  # the parser decides
        or (newest and content.__class__ is str)
    ):
        fixed = _repaired_content(content, role)
        if role == "system" and fixed == EMPTY_TEXT:
            rep.other_repairs += 1
            return None, []
        m = {**m, "content": fixed}
        rep.other_repairs += 1
    return m, images


_CALLS_MAX = 1 << 40  # a waiting call is one int: its group's index times this, plus its own index


class _Parser:
    """Splits messages into items and repairs pairing, linearly: a result answers the oldest call of its
    turn waiting with its id, so repeated ids pair by position and a misplaced result moves back."""

    def __init__(self) -> None:
        self.rep = _Repairs()
        self.items: list[_Item] = []
        self.users: list[int] = []  # items that start a turn
        self.shrinkable: list[int] = []  # items whose outputs can shrink (groups, folded), in order
        self.groups: list[_Group] = []
        # The turn's waiting calls as numbers (``_CALLS_MAX``), the next with each one's id, per id the ends.
        self.calls: list[int] = []
        self.same: list[int] = []
        self.pending: dict[str, int] = {}
        self.newest: dict[str, int] = {}
        self.turn_groups: list[_Group] = []
        self.run: _Group | None = None  # the group whose run of tool messages is still open
        self.answered: _Group | None = None  # the group the last tool message answered (None: orphan)
        self.moved: dict[_Group, list[dict]] = {}  # images moved out of each group's results
        self.prev_role: Any = None  # the role of the previous message
        self.waiting = 0  # calls of this turn still without a result

    def parse(self, messages: Sequence[Any], last_user: int) -> None:
        msgs, last, images = _normalize_roles(messages, self.rep, last_user)
        n = len(msgs)
        for i, m in enumerate(msgs):
            self.add(m, i == last, msgs[i + 1] if i + 1 < n else None)
            if images and i in images and self.answered is not None:  # a result's images join its group's
                self.moved.setdefault(self.answered, []).extend(images[i])
        self.end_turn()
        for g, parts in self.moved.items():
            g.image = _with_images(g.image, parts)
        _rename_ids(self.groups, self.rep)
        user, group = Kind.USER, Kind.GROUP  # an enum's attribute costs a slow lookup: read once
        first = next((k for k, it in enumerate(self.items) if it.kind is user), 0)
        if first:  # start on a user message (Gemini): only system messages may come before it
            lead = self.items[:first]
            self.rep.leading_removed += sum(
                it.payload.size() if it.kind is group else 1 for it in lead if it.kind is not _SYSTEM
            )
            self.items = [it for it in lead if it.kind is _SYSTEM] + self.items[first:]
        self.users = [k for k, it in enumerate(self.items) if it.kind is user]
        self.shrinkable = [k for k, it in enumerate(self.items) if it.kind is group or it.folded]

    def end_turn(self) -> None:
        """Give every call of the turn left unanswered a stub result."""
        for g in self.turn_groups if self.waiting else ():
            answered = set(g.call_of)
            for ci in range(len(g.assistant["tool_calls"])):
                if ci not in answered:
                    g.tools.append(None)  # a stub (_Group.tool_at)
                    g.call_of.append(ci)
                    self.rep.calls_stubbed += 1
        self.calls, self.same, self.pending, self.newest = [], [], {}, {}
        self.turn_groups, self.run, self.waiting = [], None, 0

    def wait_for(self, group: int, calls: list[dict]) -> None:
        for ci, c in enumerate(calls):
            cid, k = c["id"], len(self.calls)
            self.calls.append(group * _CALLS_MAX + ci)
            self.same.append(-1)
            if cid in self.newest:
                self.same[self.newest[cid]] = k
            else:
                self.pending[cid] = k
            self.newest[cid] = k

    def answer(self, tid: str) -> tuple[_Group, int] | None:
        """The oldest call of the turn waiting with id ``tid``, now answered: its group and index."""
        k = self.pending.get(tid)
        if k is None:
            return None
        nxt = self.same[k]
        if nxt < 0:
            del self.pending[tid], self.newest[tid]
        else:
            self.pending[tid] = nxt
        group, ci = divmod(self.calls[k], _CALLS_MAX)
        return self.groups[group], ci

    def add(self, m: dict, last: bool, nxt: dict | None) -> None:
        role, prev = m.get("role"), self.prev_role
        self.prev_role = role
        if role == "tool":
            tid = m.get("tool_call_id")
            found = self.answer(tid) if tid.__class__ is str or isinstance(tid, str) else None
            if found is not None:
                g, ci = found
                self.rep.results_moved += g is not self.run
                g.tools.append(m)
                g.call_of.append(ci)
                self.waiting -= 1
                self.answered = g
            else:
                self.rep.orphans_removed += 1
                self.answered = None
        elif role == "assistant":
            self.run = None
            group = _group_of(m, self.rep) if "tool_calls" in m else None
            if group is not None:
                calls = group.assistant["tool_calls"]
                self.wait_for(len(self.groups), calls)
                self.waiting += len(calls)
                self.turn_groups.append(group)
                self.groups.append(group)
                self.run = group
                self.items.append(_Item(_GROUP, group, False))
            elif "tool_calls" not in m:
                self.items.append(_Item(_PLAIN, m, _is_folded(m)))
            elif _has_text(m) or m.get("reasoning_content") or m.get("thinking"):
                plain = {k: v for k, v in m.items() if k != "tool_calls"}
                # Its content was empty or None beside its calls only: now it needs a text.
                if not _valid_content(plain.get("content"), "assistant"):
                    plain["content"] = _repaired_content(plain.get("content"), "assistant")
                self.items.append(_Item(_PLAIN, plain, _is_folded(m)))
            else:
                self.rep.other_repairs += 1
        elif role == "user":
            if m.get("content").__class__ is list and _is_image_followup(m):
                if self.run is not None and prev == "tool" and self.run.image is None:
                    self.run.image, self.run = m, None
                    return
                if not last:  # Open WebUI's synthetic image message away from its results
                    self.rep.orphans_removed += 1
                    return
            self.end_turn()
            self.items.append(_Item(_USER, m, False))
        else:  # system
            if self.run is not None and nxt is not None and nxt.get("role") == "tool":
                self.rep.other_repairs += 1
            self.items.append(_Item(_SYSTEM, m, False))


def _group_of(m: dict, rep: _Repairs) -> _Group | None:
    """A group for assistant message ``m`` if it has usable calls (unusable ones are removed)."""
    calls = m.get("tool_calls")
    if not isinstance(calls, list) or not calls:
        rep.other_repairs += 1
        return None
    usable, changed = [], False
    for c in calls:
        u = _usable_call(c)
        if u is None:
            rep.calls_removed += 1
            changed = True
            continue
        if u is not c:
            rep.other_repairs += 1  # arguments made a JSON string
            changed = True
        usable.append(u)
    if not usable:
        return None
    return _Group({**m, "tool_calls": usable} if changed else m)


_ID_OTHER = re.compile(r"[^a-zA-Z0-9_-]+")
_ID_KEPT = 32  # characters of a renamed id kept: a suffix of up to 7 digits still fits in 40


def _rename_ids(groups: list[_Group], rep: _Repairs) -> None:
    """Call ids every provider takes (``ID_RE``), unique across the request: any other id is renamed
    in its call and result, to its allowed characters with a deterministic suffix once taken."""
    taken = {c["id"] for g in groups for c in g.assistant["tool_calls"]}  # and every name chosen
    seen: set[str] = set()
    next_suffix: dict[str, int] = {}  # per base, where the search for a free suffix resumes
    for g in groups:
        renames: dict[int, str] = {}
        for ci, c in enumerate(g.assistant["tool_calls"]):
            cid = c["id"]
            if cid in seen or not ID_RE.match(cid):
                # Names only ever get taken, and two bases share at most one name (a base that
                # ends in "_<n>" is another's n-th), so resuming where the last search of a base
                # stopped finds the same free name as searching afresh: linear however often ids repeat.
                base = _ID_OTHER.sub("", cid[:_ID_KEPT]) or "call"
                n = next_suffix.get(base, 1)
                while (cid := base if n == 1 else f"{base}_{n}") in taken:
                    n += 1
                next_suffix[base] = n + 1
                taken.add(cid)
                renames[ci] = cid
            seen.add(cid)
        if renames:
            rep.ids_renamed += len(renames)
            g.renames = renames  # applied as the group goes out (_Group.sent_assistant, tool_at)
