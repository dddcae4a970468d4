"""Holding back a streamed reply's text while it could still be calls written as text (`Holder`).

Prose passes at once. Text is held from a candidate (`tokens`: a dialect's opener anywhere, a fence, a JSON call or a
pythonic list at the start of the reply or of a line) and released the moment it cannot be calls:

- a lead that matches no opener is released at its first character (the rest is read again);
- a call's body runs to its closer (tagged dialects) or to the bracket that closes it (JSON, pythonic; strings
  read as strings); then the unit is read (`probe`: calls to offered tools, nothing else), else released;
- after a call, only blanks, closers, end tokens, `;` and the next call may follow; anything else releases all;
- more than `cap` characters held: all released (such a call is not converted).

What a reasoning tag opens passes at once to its closing tag; a fence of another language than JSON passes at once
to its closing fence (it holds code, not calls). `end` hands over what is held when the reply ends: calls, or text
that was still undecided. Every character is read a bounded number of times: a lead at most LEAD_CHARS times, a
body once by its tracker and once by `probe`, so a reply costs time linear in its length."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache

from .tokens import LEAD_CHARS, Role, Status, Table, classify

HOLD_CHARS = 200_000  # held text past this is released: a call this long is not converted
BLANK_CHARS = 256  # the blanks kept from the end of the released text

_INDENT = re.compile(r"[ \t]*+")
_BLANKS = re.compile(r"\s*+")
_CODE_END = re.compile(r"\n[ \t]*+```")
_OUT_JSON, _OUT_PY = re.compile(r'[{}\[\]"]'), re.compile(r"""[{}\[\]()"']""")
_IN = {'"': re.compile(r'[\\"]'), "'": re.compile(r"[\\']")}


class Mode(Enum):
    PROSE = "prose"  # passing text, looking for a candidate
    LEAD = "lead"  # a few characters held: what do they start?
    BODY = "body"  # inside a call
    AFTER = "after"  # after a call: blanks, closers or the next call may follow
    THINK = "think"  # inside a reasoning block: passing to its closing tag
    CODE = "code"  # inside a fence of another language: passing to its closing fence


@lru_cache(maxsize=64)
def _closer_pattern(closers: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(c) for c in closers))


class _Brackets:
    """Where a JSON (or Python) value that opens with a bracket closes, read as it streams: strings are skipped whole,
    an escape split over two pieces is kept."""

    def __init__(self, python: bool) -> None:
        self.depth, self.quote, self.escape = 0, "", False
        self.outside = _OUT_PY if python else _OUT_JSON

    def feed(self, s: str, i: int) -> int | None:
        """The index just after the bracket that closes the value, or None when `s` ends first."""
        while i < len(s):
            if self.escape:
                self.escape, i = False, i + 1
                continue
            m = (_IN[self.quote] if self.quote else self.outside).search(s, i)
            if m is None:
                return None
            c, i = m.group(), m.end()
            if self.quote:
                self.escape, self.quote = (True, self.quote) if c == "\\" else (False, "")
            elif c in "\"'":
                self.quote = c
            elif c in "{[(":
                self.depth += 1
            else:
                self.depth -= 1
                if self.depth <= 0:
                    return i
        return None


@dataclass
class Holder:
    """One streamed reply's text: `feed` each piece, get back what the user may see now; `end` when it ends.
    `probe(text)`: whether a unit just read is calls to offered tools and nothing else."""

    table: Table
    probe: Callable[[str], bool]
    cap: int = HOLD_CHARS
    mode: Mode = Mode.PROSE
    line: bool = True  # at the start of the reply or of a line (blanks since)
    held: list[str] = field(default_factory=list)
    chars: int = 0
    lead: str = ""  # the start of a lead, from earlier pieces
    lead_line: bool = False
    lead_after: bool = False
    unit_at: int = 0  # held[unit_at:] is the unit being read
    closers: tuple[str, ...] = ()
    brackets: _Brackets | None = None
    inner: int = 0  # a tagged call's body: 1 = JSON may open it next, 2 = its JSON is being read
    tail: str = ""  # the last characters read in BODY or THINK: a closer split over two pieces
    closing: str = ""  # the reasoning tag that ends THINK
    # the blanks that end the text released so far (Open WebUI strips them from a stored reply)
    blank: str = ""

    def feed(self, text: str, cap: int | None = None) -> str:
        """Read one piece of the reply; returns the text released now, holding at most `cap` (the store's room)."""
        out: list[str] = []
        limit = self.cap if cap is None else min(cap, self.cap)
        stack = [(text, 0)]
        while stack:
            s, i = stack.pop()
            while i < len(s):
                i, again = self._step(s, i, out)
                if self.chars > limit and self.mode in (Mode.BODY, Mode.AFTER):
                    self._release_held(out)
                    self.mode = Mode.PROSE
                if again:  # part of an earlier lead to read again first
                    stack += [(s, i), (again, 0)]
                    break
        return "".join(out)

    def end(self) -> str:
        """What is held when the reply ends (calls, or text still undecided); the holder starts over."""
        text = "".join(self.held) + self.lead
        self.held, self.chars, self.lead, self.mode, self.line = [], 0, "", Mode.PROSE, True
        return text

    @property
    def holding(self) -> int:
        return self.chars + len(self.lead)

    def _step(self, s: str, i: int, out: list[str]) -> tuple[int, str]:
        if self.mode is Mode.PROSE:
            return self._prose(s, i, out), ""
        if self.mode is Mode.LEAD:
            return self._lead(s, i, out)
        if self.mode is Mode.BODY:
            return self._body(s, i, out), ""
        if self.mode is Mode.AFTER:
            return self._after(s, i), ""
        return self._passing(s, i, out), ""

    def _release(self, text: str, out: list[str]) -> None:
        out.append(text)
        kept = text.rstrip()
        self.blank = (self.blank + text)[-BLANK_CHARS:] if not kept else text[len(kept) :][-BLANK_CHARS:]
        nl = text.rfind("\n")  # -1: the text goes on the line it was on
        indent = _INDENT.match(text, nl + 1).end()  # type: ignore[union-attr]
        self.line = (nl >= 0 or self.line) and indent == len(text)

    def _release_held(self, out: list[str]) -> None:
        if self.held:
            self._release("".join(self.held), out)
        self.held, self.chars = [], 0

    def _hold(self, text: str) -> None:
        self.held.append(text)
        self.chars += len(text)

    def _prose(self, s: str, i: int, out: list[str]) -> int:
        j = len(s)
        if self.line:
            k = _INDENT.match(s, i).end()  # type: ignore[union-attr]
            if k < len(s) and s[k] in self.table.line_chars:
                j = k
        m = self.table.anywhere.search(s, i, j)
        j = m.start() if m else j
        m = self.table.line_lead.search(s, i, j)
        j = m.end() - 1 if m else j
        if j > i:
            self._release(s[i:j], out)
        if j < len(s):
            self.mode, self.lead, self.lead_line, self.lead_after = Mode.LEAD, "", self.line, False
        return j

    def _passing(self, s: str, i: int, out: list[str]) -> int:
        """THINK or CODE: everything passes, to the closing tag or fence (then prose at a line start)."""
        window = self.tail + s[i:]
        if self.mode is Mode.THINK:
            at = window.find(self.closing)
            end = at + len(self.closing) if at >= 0 else -1
            keep = len(self.closing) - 1
        else:
            m = _CODE_END.search(window)
            end, keep = (m.end() if m else -1), 1
        if end < 0:
            self._release(s[i:], out)
            self.tail = window[-keep:] if keep else ""
            return len(s)
        stop = i + end - len(self.tail)
        self._release(s[i:stop], out)
        self.mode, self.line = Mode.PROSE, self.mode is Mode.THINK
        return stop

    def _lead(self, s: str, i: int, out: list[str]) -> tuple[int, str]:
        old = self.lead
        piece = s[i : i + LEAD_CHARS]
        lead = (old + piece)[:LEAD_CHARS]
        found = classify(lead, self.lead_line, self.lead_after, self.table)
        if found.status is Status.MORE:
            self.lead = lead
            return len(s), ""
        self.lead = ""

        # where reading goes on once `size` characters of the lead are taken
        def past(size: int) -> tuple[int, str]:
            return (i + size - len(old), "") if size >= len(old) else (i, old[size:])

        if found.status is Status.NO or (found.role is Role.THINK and self.lead_after):
            if self.lead_after:  # not what may follow a call: everything held is text
                self._release_held(out)
                self.mode = Mode.PROSE
                return past(0)
            fence = self.lead_line and lead.startswith("```")
            self._release(lead[: 3 if fence else 1], out)
            self.mode, self.tail = (Mode.CODE, "") if fence else (Mode.PROSE, "")
            return past(3 if fence else 1)
        role, size = found.role, found.size
        if role is Role.THINK:
            self._release(lead[:size], out)
            self.mode, self.closing, self.tail = Mode.THINK, self.table.closing[found.token], ""
        elif role in (Role.AFTER, Role.FENCE):
            self._hold(lead[:size])
            self.mode = Mode.AFTER
        else:
            self.unit_at, self.mode, self.tail = len(self.held), Mode.BODY, ""
            self._hold(lead[:size])
            self.closers = self.table.closers.get(found.token, ())
            self.brackets = None if role is Role.TAGGED else _Brackets(python=role is Role.PYTHONIC)
            self.inner = 1 if role is Role.TAGGED else 0
        return past(size)

    def _body(self, s: str, i: int, out: list[str]) -> int:
        if self.brackets is not None:
            end = self.brackets.feed(s, i)
            self._hold(s[i : len(s) if end is None else end])
            if end is None:
                return len(s)
            if self.inner:  # a tagged call's JSON ended: its closer comes next
                self.brackets, self.inner = None, 0
                return end
            return self._read_unit(end, out)
        # a tagged call opening with JSON (Hermes, Mistral, Llama): a closer inside the JSON is text
        if self.inner == 1:
            j = _BLANKS.match(s, i).end()  # type: ignore[union-attr]
            self._hold(s[i:j])
            if j < len(s):
                self.inner = 2 if s[j] in "{[" else 0
                self.brackets = _Brackets(python=False) if self.inner else None
            return j
        if not self.closers:
            self._hold(s[i:])
            return len(s)
        window = self.tail + s[i:]
        m = _closer_pattern(self.closers).search(window)
        if m is None:
            self._hold(s[i:])
            self.tail = window[-(max(map(len, self.closers)) - 1) :]
            return len(s)
        end = i + m.end() - len(self.tail)
        self._hold(s[i:end])
        return self._read_unit(end, out)

    def _read_unit(self, end: int, out: list[str]) -> int:
        """A unit closed at `end`: calls (then what follows is read), or text (then all held is released)."""
        if self.probe("".join(self.held[self.unit_at :])):
            self.mode = Mode.AFTER
        else:
            self._release_held(out)
            self.mode = Mode.PROSE
        return end

    def _after(self, s: str, i: int) -> int:
        end = _BLANKS.match(s, i).end()  # type: ignore[union-attr]
        if end > i:
            self._hold(s[i:end])
        if end < len(s):
            self.mode, self.lead, self.lead_line, self.lead_after = Mode.LEAD, "", True, True
        return end
