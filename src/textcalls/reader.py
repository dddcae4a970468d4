"""Reading a reply for calls written as text: every dialect's units, outermost first, minus those quoted in prose
(code spans and fences, as CommonMark reads them), each taken whole or left as text; a veto (`Refuse`: the
text-call rule) keeps a call as text. Linear in the reply; what a reader did not read stays text (`TextCalls.read`)."""

from __future__ import annotations

import json
import logging
import re
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from .calls import _CUT, ToolCall, _jsonable, _Unit, coerce_arguments, coerce_value, spec_properties
from .dialects import _DIALECT_BY_NAME, _DIALECTS, _FENCE_OPEN


def _find_units(content: str, specs: Mapping[str, dict]) -> tuple[list[_Unit], int]:
    """Every dialect's units, the outermost first, and how much of `content` was read: a reader that spent its
    budget stopped there (`_cut`), and no unit reaches past it (it may be a call in a value nobody read). Dropped:
    a unit inside another one (a call in a value), and one quoted in prose (right after a backtick, in an inline
    code span, or in a code fence that is not the whole reply or holds another language than JSON)."""
    found = [
        replace(u, dialect=d.name)
        for d in _DIALECTS
        if any(k in content for k in d.markers)
        for u in d.parse(content, specs)
    ]
    read = min((u.start for u in found if u.calls == (_CUT,)), default=len(content))
    found = [u for u in found if u.end <= read and u.calls != (_CUT,)]
    fences = [m.start() for m in _FENCE_MARK.finditer(content)]
    whole = content.strip()
    fenced_reply = len(fences) == 2 and bool(_FENCE_OPEN.match(whole)) and whole.endswith("```")
    runs = [(m.start(), len(m.group())) for m in _TICK_RUN.finditer(content)]
    span_ends = {n: [*(at for at, size in runs if size == n), len(content)] for n in (0, 1, 2)}
    blanks = [*(m.start() for m in _BLANK.finditer(content)), len(content)]  # no inline code span crosses one
    taken: list[_Unit] = []
    before = 0  # fences before the unit's start
    scanned, ticks = 0, 0  # prose read so far for inline code spans; the open span's backtick count
    for unit in sorted(found, key=lambda u: (u.start, -u.end)):
        while before < len(fences) and fences[before] < unit.start:
            before += 1
        quoted = unit.start > 0 and (content[unit.start - 1] == "`" or (before % 2 == 1 and not fenced_reply))
        if quoted or (taken and unit.start < taken[-1].end):
            continue
        ticks, scanned = _open_ticks(content, scanned, unit.start, ticks), unit.start
        ends = span_ends[ticks]
        if not (ticks and ends[bisect_left(ends, unit.end)] < blanks[bisect_left(blanks, unit.end)]):
            taken.append(unit)  # else it sits in an inline code span (`...`), which closes after it
            scanned = unit.end
    return taken, read


# What opens and closes an inline code span (fences are ```), and the blank line no span crosses.
_TICKS = re.compile(r"(?<!`)`{1,2}(?!`)|\n[ \t]*+\n")
_FENCE_MARK = re.compile("```")
_TICK_RUN = re.compile(r"(?<!`)`{1,2}(?!`)")
_BLANK = re.compile(r"\n(?=[ \t]*+\n)")


def _open_ticks(text: str, start: int, stop: int, opened: int) -> int:
    """The backtick count of the inline code span open at `stop` (0: none), reading text[start:stop]."""
    for m in _TICKS.finditer(text, start, stop):
        run = len(m.group()) if m.group()[0] == "`" else 0
        opened = 0 if run in (0, opened) else opened or run
    return opened


def _accept(unit: _Unit, specs: Mapping[str, dict]) -> list[tuple[str, str]] | None:
    """The unit's calls as (name, JSON arguments), None if none. A call to a tool nobody offered keeps the whole
    unit as text (prose about calls); a malformed call is dropped and its well-formed siblings kept (vLLM, SGLang)."""
    if any(name and name not in specs for name, _, _ in unit.calls):
        return None
    out = []
    for name, args, typed in unit.calls:
        if not name or not isinstance(args, (dict, str)):
            continue
        props = spec_properties(specs.get(name))
        if isinstance(args, dict) and typed:  # bare string arguments are kept as the JSON string (vLLM)
            args = coerce_arguments(args, props)
        elif isinstance(args, dict):
            args = {k: coerce_value(v, props.get(k)) if isinstance(v, str) else v for k, v in args.items()}
        if _jsonable(args):
            out.append((name, json.dumps(args, ensure_ascii=False)))
    return out or None


# End-of-turn tokens a server may leave after a call; they are not the assistant's text.
_END_TOKEN = re.compile(
    r"(?:</s>|<\|eot_id\|>|<\|eom_id\|>|<\|im_end\|>|<\|endoftext\|>|<\|return\|>"
    r"|<\uff5cend\u2581of\u2581sentence\uff5c>)\Z"
)


def _without_end_tokens(text: str) -> str:
    """`text` without the end-of-turn tokens (and blanks) it ends with: each token read once."""
    end = len(text)
    while True:
        while end and text[end - 1].isspace():
            end -= 1
        token = _END_TOKEN.search(text, max(end - 32, 0), end)  # a token is at most 32 characters
        if not token:
            return text[:end]
        end = token.start()


@dataclass(frozen=True)
class TextCalls:
    """A reply's text outside the calls taken, the calls, and those `refuse` kept as text as (name, JSON arguments).
    `read`: calls were read in the reply's first `read` characters only (None: read whole)."""

    text: str
    calls: list[ToolCall]
    refused: list[tuple[str, str]] = field(default_factory=list)
    read: int | None = None


# refuse(the unit's text, its calls as (name, JSON arguments)) -> True: the unit stays text.
Refuse = Callable[[str, Sequence[tuple[str, str]]], bool]


def parse_inline_calls(
    content: str, specs: Mapping, id_prefix: str = "call_inline"
) -> tuple[str, list[ToolCall]]:
    """(The reply's text outside the calls, the calls) of the dialects in `_DIALECTS`, to tools `specs` offers."""
    found = read_inline_calls(content, specs, id_prefix)
    return found.text, found.calls


def read_inline_calls(
    content: str,
    specs: Mapping,
    id_prefix: str = "call_inline",
    refuse: Refuse | None = None,
    limit: int | None = None,
) -> TextCalls:
    """`parse_inline_calls`, plus a veto: a unit `refuse` rejects stays text and is reported. `limit`: read only the
    first `limit` characters."""
    if not content or not specs:
        return TextCalls(content or "", [])
    prefix = content if limit is None else content[: max(limit, 0)]
    units, read = _find_units(prefix, specs)
    if len(prefix) < len(content):  # a unit that reaches the cut (blanks aside) may go on past it
        tail = len(prefix.rstrip())
        units, read = [u for u in units if u.end < tail], min(read, tail)
    calls: list[ToolCall] = []
    kept, refused, pos, cleaners = [], [], 0, {}
    for unit in units:
        accepted = _accept(unit, specs)
        if accepted is None:
            continue
        if refuse is not None and refuse(content[unit.start : unit.end], accepted):
            refused.extend(accepted)
            continue
        kept.append(content[pos : unit.start])
        cleaners[unit.dialect] = _DIALECT_BY_NAME[unit.dialect].clean_text
        pos = unit.end
        for name, arguments in accepted:
            calls.append(ToolCall(f"{id_prefix}_{len(calls)}", name, arguments, "inline"))
    whole = None if read == len(content) else read
    if not calls:
        return TextCalls(content, [], refused, whole)
    kept.append(content[pos:])
    for clean in filter(None, cleaners.values()):
        kept = [clean(t) for t in kept]
    texts = [_without_end_tokens(t).strip() for t in kept]
    return TextCalls("\n".join(t for t in texts if t), calls, refused, whole)


def text_calls(
    content: str, specs: Mapping, id_prefix: str, refuse: Refuse | None = None, limit: int | None = None
) -> TextCalls:
    """`read_inline_calls`, guarded: odd text never crashes the loop."""
    try:
        return read_inline_calls(content, specs, id_prefix, refuse, limit)
    except Exception:
        logging.getLogger(__name__).debug("textcalls: inline call parsing failed", exc_info=True)
        return TextCalls(content, [])
