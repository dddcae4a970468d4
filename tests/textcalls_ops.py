"""Operation counts for the text-call readers (issue 25), never wall time: the Python lines the readers execute
(`sys.settrace`), plus the work they hand to C, charged by what each call reads:

- a regex `search` is charged the characters from its start to the end of its match (or of its window), a
  `match` what it consumed, `finditer`/`sub`/`findall`/`split` their whole window;
- a JSON decode what it read (to the error for a failed one; to the end of the text for an unterminated string,
  which the C scanner reads whole before it fails), `json.loads`/`dumps`, `ast.parse`/`literal_eval`,
  `html.unescape` the length of their text.

That measure is faithful only if no regex call does more than a constant times what it is charged. `audit` lists
the patterns used that break the two rules which make that so:
1. every repeat that may take more than `LONG_REPEAT` is possessive (`*+`, `++`, `{m,n}+`) or atomic, so no
   attempt backtracks into it;
2. in a pattern used to search (`search`, `finditer`, `sub`, ...), where an attempt starts at every position, the
   first characters of a match are known and no long repeat can take one of them: the runs of two attempts never
   overlap, so each character is read by a bounded number of attempts.
A pattern that is one repeat of one class (`\\s+`) needs neither: an attempt takes its whole run or fails at once.
A failed anchored `match` is charged 1 although its possessive runs read on: the readers call one only at a
marker (whose runs are disjoint from the next marker's, rule 2's classes) or cache it. The readers' modules are
imported from `src/` and their globals swapped for counting proxies while `ops` runs."""

from __future__ import annotations

import ast as _ast
import dataclasses
import html as _html
import json as _json
import re as _re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from re import _compiler, _parser
from re import _constants as C  # noqa: N812
from types import ModuleType
from typing import Any

import subquery.messages
import textcalls.calls
import textcalls.dialects
import textcalls.reader
import textcalls.rule
import textcalls.xml

MODULES: list[ModuleType] = [
    textcalls.calls,
    textcalls.xml,
    textcalls.dialects,
    textcalls.reader,
    textcalls.rule,
    subquery.messages,
]
FILES = {m.__file__ for m in MODULES}
LONG_REPEAT = 256  # a repeat that may take more than this must be possessive or atomic


class _Count:
    charged = 0
    used: dict[str, tuple[_re.Pattern, set[str]]] = {}


def _charge(n: int) -> None:
    _Count.charged += max(n, 0) + 1


class CountingPattern:
    """A compiled pattern that charges what each call reads, and records that it was used."""

    def __init__(self, pattern: _re.Pattern) -> None:
        self._p = pattern

    def __getattr__(self, name: str) -> Any:
        return getattr(self._p, name)

    def _window(self, s: str, pos: int, endpos: int | None, how: str = "search") -> tuple[int, int]:
        _Count.used.setdefault(self._p.pattern, (self._p, set()))[1].add(how)
        end = len(s) if endpos is None else min(endpos, len(s))
        return min(max(pos, 0), end), end

    def search(self, s: str, pos: int = 0, endpos: int | None = None) -> Any:
        pos, end = self._window(s, pos, endpos)
        m = self._p.search(s, pos, end)
        _charge((m.end() if m else end) - pos)
        return m

    def match(self, s: str, pos: int = 0, endpos: int | None = None) -> Any:
        pos, end = self._window(s, pos, endpos, "match")
        m = self._p.match(s, pos, end)
        _charge(m.end() - pos if m else 0)
        return m

    def fullmatch(self, s: str, pos: int = 0, endpos: int | None = None) -> Any:
        pos, end = self._window(s, pos, endpos, "match")
        m = self._p.fullmatch(s, pos, end)
        _charge(m.end() - pos if m else 0)
        return m

    def finditer(self, s: str, pos: int = 0, endpos: int | None = None) -> Iterator[Any]:
        pos, end = self._window(s, pos, endpos)
        _charge(end - pos)
        return self._p.finditer(s, pos, end)

    def findall(self, s: str, pos: int = 0, endpos: int | None = None) -> list:
        pos, end = self._window(s, pos, endpos)
        _charge(end - pos)
        return self._p.findall(s, pos, end)

    def sub(self, repl: Any, s: str, count: int = 0) -> str:
        self._window(s, 0, None)
        _charge(len(s))
        return self._p.sub(repl, s, count)

    def subn(self, repl: Any, s: str, count: int = 0) -> tuple[str, int]:
        self._window(s, 0, None)
        _charge(len(s))
        return self._p.subn(repl, s, count)

    def split(self, s: str, maxsplit: int = 0) -> list:
        self._window(s, 0, None)
        _charge(len(s))
        return self._p.split(s, maxsplit)


class _Shim(ModuleType):
    """A module whose listed functions are replaced; every other name is the real module's."""

    def __init__(self, real: ModuleType, **overrides: Any) -> None:
        super().__init__(real.__name__)
        self._real = real
        self.__dict__.update(overrides)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


def _compiled(pattern: Any, flags: int = 0) -> CountingPattern:
    return pattern if isinstance(pattern, CountingPattern) else CountingPattern(_re.compile(pattern, flags))


RE = _Shim(
    _re,
    compile=_compiled,
    search=lambda p, s, flags=0: _compiled(p, flags).search(s),
    match=lambda p, s, flags=0: _compiled(p, flags).match(s),
    fullmatch=lambda p, s, flags=0: _compiled(p, flags).fullmatch(s),
    finditer=lambda p, s, flags=0: _compiled(p, flags).finditer(s),
    findall=lambda p, s, flags=0: _compiled(p, flags).findall(s),
    sub=lambda p, r, s, count=0, flags=0: _compiled(p, flags).sub(r, s, count),
    subn=lambda p, r, s, count=0, flags=0: _compiled(p, flags).subn(r, s, count),
    split=lambda p, s, maxsplit=0, flags=0: _compiled(p, flags).split(s, maxsplit),
)


def _sized(fn: Callable, measure: Callable[..., int]) -> Callable:
    def counted(*args: Any, **kwargs: Any) -> Any:
        _charge(measure(*args))
        return fn(*args, **kwargs)

    return counted


def _text_len(value: Any, *_: Any) -> int:
    return len(value) if isinstance(value, (str, bytes)) else 0


class CountingDecoder:
    """`raw_decode` charged what the C scanner reads."""

    def __init__(self, decoder: _json.JSONDecoder) -> None:
        self._d = decoder

    def __getattr__(self, name: str) -> Any:
        return getattr(self._d, name)

    def raw_decode(self, s: str, idx: int = 0) -> tuple[Any, int]:
        try:
            value, end = self._d.raw_decode(s, idx)
        except _json.JSONDecodeError as exc:
            _charge((len(s) if exc.msg.startswith("Unterminated string") else exc.pos) - idx)
            raise
        except RecursionError:
            _charge(len(s) - idx)  # how far it got is unknown: the most it could have read
            raise
        _charge(end - idx)
        return value, end


def _dumped(fn: Callable) -> Callable:
    def counted(*args: Any, **kwargs: Any) -> Any:
        out = fn(*args, **kwargs)
        _charge(len(out))
        return out

    return counted


JSON = _Shim(_json, loads=_sized(_json.loads, _text_len), dumps=_dumped(_json.dumps))
AST = _Shim(_ast, parse=_sized(_ast.parse, _text_len), literal_eval=_sized(_ast.literal_eval, _text_len))
HTML = _Shim(_html, unescape=_sized(_html.unescape, _text_len))
_SHIMS = {id(_re): RE, id(_json): JSON, id(_ast): AST, id(_html): HTML}


def _wrapped(value: Any) -> Any:
    """`value` with every compiled pattern and JSON decoder in it (tuples, frozen dataclasses) counted."""
    if isinstance(value, _re.Pattern):
        return CountingPattern(value)
    if isinstance(value, _json.JSONDecoder):
        return CountingDecoder(value)
    if id(value) in _SHIMS:
        return _SHIMS[id(value)]
    if isinstance(value, tuple) and any(isinstance(v, (_re.Pattern, tuple)) for v in value):
        return tuple(_wrapped(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changed = {f.name: _wrapped(getattr(value, f.name)) for f in dataclasses.fields(value)}
        if any(changed[k] is not getattr(value, k) for k in changed):
            return dataclasses.replace(value, **changed)
    return value


@contextmanager
def counting() -> Iterator[None]:
    """Every reader module's patterns, decoders and `re`/`json`/`ast`/`html` counted, restored after."""
    saved = [(m, dict(vars(m))) for m in MODULES]
    try:
        for module in MODULES:
            for name, value in list(vars(module).items()):
                if not name.startswith("__"):
                    new = _wrapped(value)
                    if new is not value:
                        setattr(module, name, new)
        yield
    finally:
        for module, namespace in saved:
            for name, value in namespace.items():
                setattr(module, name, value)


def ops(fn: Callable[[], Any]) -> int:
    """The operations `fn()` costs: lines executed in the readers' modules plus the C work they charged."""
    lines = 0

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        nonlocal lines
        if frame.f_code.co_filename not in FILES:
            return None
        if event == "line":
            lines += 1
        return tracer

    _Count.charged = 0
    with counting():
        sys.settrace(tracer)
        try:
            fn()
        finally:
            sys.settrace(None)
    return lines + _Count.charged


def _first(items: Any) -> tuple[set[str] | None, bool]:
    """The characters a match of `items` may start with (None: any), and whether it may be empty."""
    chars: set[str] = set()
    for op, av in items:
        if op is C.LITERAL:
            return chars | {chr(av)}, False
        if op is C.IN and all(o is C.LITERAL for o, _ in av):
            return chars | {chr(c) for _, c in av}, False
        if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
            continue
        if op is C.SUBPATTERN or op is C.ATOMIC_GROUP:
            first, empty = _first(av[-1] if op is C.SUBPATTERN else av)
        elif op is C.BRANCH:
            parts = [_first(b) for b in av[1]]
            first = None if any(f is None for f, _ in parts) else set().union(*(f for f, _ in parts))
            empty = any(e for _, e in parts)
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            first, empty = _first(av[2])
            empty = empty or av[0] == 0
        else:
            return None, False
        if first is None:
            return None, empty
        chars |= first
        if not empty:
            return chars, False
    return chars, True


def _one_class_run(tree: Any) -> bool:
    """Whether a pattern is nothing but one repeat of one character class."""
    if len(tree) != 1 or tree[0][0] not in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
        return False
    item = tree[0][1][2]
    return len(item) == 1 and item[0][0] in (C.IN, C.LITERAL, C.NOT_LITERAL, C.ANY, C.CATEGORY)


def _starts_after_none_of(tree: Any, chars: list[str], flags: int) -> bool:
    """The pattern opens with a negative lookbehind for every one of `chars` (`(?<!,),++...`): a search can start
    only where a run of them starts, so the repeat reads each run once."""
    if not len(tree) or tree[0][0] is not C.ASSERT_NOT or tree[0][1][0] != -1:
        return False
    behind = _compiler.compile(tree[0][1][1], flags)
    return all(behind.match(c) for c in chars)


def backtracking_repeats(pattern: _re.Pattern, searched: bool = False) -> list[str]:
    """The repeats of `pattern` that break the rules above (rule 2 only if it is `searched`)."""
    found: list[str] = []
    tree = _parser.parse(pattern.pattern, pattern.flags)
    if _one_class_run(tree):
        return (
            found  # `\s+` alone: an attempt takes its whole run or fails at once, nothing to backtrack into
        )
    first, _ = _first(tree)

    def walk(items: Any, atomic: bool) -> None:
        for op, av in items:
            if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
                low, high, item = av
                if op is not C.POSSESSIVE_REPEAT and high > LONG_REPEAT and not atomic:
                    found.append(
                        f"{'lazy' if op is C.MIN_REPEAT else 'greedy'} {{{low},{high}}} in {pattern.pattern!r}"
                    )
                if searched and high > LONG_REPEAT and first is None:
                    found.append(f"searched, may start anywhere, and has a long repeat: {pattern.pattern!r}")
                elif searched and high > LONG_REPEAT:
                    taken = [c for c in sorted(first) if _compiler.compile(item, pattern.flags).match(c)]
                    if taken and not _starts_after_none_of(tree, taken, pattern.flags):
                        found.append(f"a long repeat takes a first character {taken} in {pattern.pattern!r}")
                walk(item, atomic or op is C.POSSESSIVE_REPEAT)
            elif op is C.SUBPATTERN:
                walk(av[-1], atomic)
            elif op is C.ATOMIC_GROUP:
                walk(av, True)
            elif op in (C.ASSERT, C.ASSERT_NOT):
                walk(av[1], atomic)
            elif op is C.BRANCH:
                for branch in av[1]:
                    walk(branch, atomic)
            elif op is C.GROUPREF_EXISTS:
                walk(av[1], atomic)
                if av[2] is not None:
                    walk(av[2], atomic)

    walk(tree, False)
    return found


def audit() -> list[str]:
    """What breaks the rules in the patterns used since the last `reset`."""
    return [
        p for pattern, how in _Count.used.values() for p in backtracking_repeats(pattern, how != {"match"})
    ]


def reset() -> None:
    _Count.used = {}


def growth_ratio(run: Callable[[int], Any], n: int, times: int = 4) -> float:
    """The operations of `run(times * n)` over those of `run(n)`: about `times` when the work is linear, about
    `times` squared when quadratic. Every pattern used obeys the rules (else the counts would not be faithful)."""
    reset()
    small, large = ops(lambda: run(n)), ops(lambda: run(times * n))
    assert audit() == []
    return large / small
