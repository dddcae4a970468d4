"""Where a call written as text may start in a streamed reply, and what may follow one: the table the holder reads
(`hold.Holder`), and `classify`, which says what a short lead of text (at most LEAD_CHARS characters) is.

- Openers of the shipped dialects (`<tool_call>`, `<function=`, `[TOOL_CALLS]`, DeepSeek's, Kimi's, Llama's,
  harmony's), anywhere in the reply, each with the closers that end its calls (none: the call runs to the end).
- At the start of the reply or of a line (blanks before it allowed): a fence (```` ``` ````, ```` ```json ````), a
  JSON object whose first key is a call's (`{"name"`, `{"function"`...), a list of them (`[{"name"`), a pythonic list
  (`[get_time(`).
- After a call: blanks, a closer, an end-of-turn token, `;` (Llama's separator), or the next call.
- Reasoning tags (Open WebUI's `DEFAULT_REASONING_TAGS`, or the chat's own): what they hold passes at once.

`classify` is linear in the lead (bounded): a fixed token is matched by prefix sets, a line-start lead with blanks
removed."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from itertools import product

LEAD_CHARS = 64  # a lead longer than this is no opener (the longest is 32 characters)

_DEEPSEEK_BEGINS = tuple(
    f"<{a}tool{b}calls{c}begin{d}>" for a, b, c, d in product("|\uff5c", "\u2581_", "\u2581_", "|\uff5c")
)
_DEEPSEEK_ENDS = tuple(
    f"<{a}tool{b}calls{c}end{d}>" for a, b, c, d in product("|\uff5c", "\u2581_", "\u2581_", "|\uff5c")
)

# opener (anywhere) -> the closers that end its calls; () = the calls run to the end of the reply
OPENERS: dict[str, tuple[str, ...]] = {
    "<tool_call>": ("</tool_call>",),  # Hermes, Qwen3-Coder wrapped, GLM-4.5
    "<tools>": ("</tools>",),  # Qwen2.5-Coder's list
    "<function=": ("</function>",),  # Qwen3-Coder bare
    "[TOOL_CALLS]": (),  # Mistral
    "<|python_tag|>": (),  # Llama 3.x
    "<|python_start|>": ("<|python_end|>",),  # Llama 4
    "<|channel|>": ("<|call|>",),  # gpt-oss harmony
    "<|start|>": ("<|call|>",),
    "<|tool_calls_section_begin|>": ("<|tool_calls_section_end|>",),  # Kimi K2
    "<|tool_call_section_begin|>": ("<|tool_call_section_end|>",),
    "<|tool_call_begin|>": ("<|tool_call_end|>",),
    **dict.fromkeys(_DEEPSEEK_BEGINS, _DEEPSEEK_ENDS),  # DeepSeek V3 / V3.1
}
# openers at the start of the reply or of a line only: llama.cpp may leave harmony's recipient after the role header
LINE_OPENERS: dict[str, tuple[str, ...]] = {"to=functions.": ("<|call|>",)}
# End-of-turn tokens a server may leave after a call (as `textcalls.reader` drops them).
END_TOKENS = (
    "</s>",
    "<|eot_id|>",
    "<|eom_id|>",
    "<|im_end|>",
    "<|endoftext|>",
    "<|return|>",
    "<\uff5cend\u2581of\u2581sentence\uff5c>",
)
# What may stand after a call besides blanks and the next call: closers (also a wrapper's after its inner call's,
# `</function></tool_call>`), end tokens, a closing fence, Llama's `;`, and a chat template's stray brace.
AFTER_TOKENS = tuple(
    dict.fromkeys(
        [c for closers in OPENERS.values() for c in closers]
        + ["</tool_call>", "</tools>", "<|tool_calls_section_end|>", "```", ";", "}", "]", *END_TOKENS]
    )
)
CALL_KEYS = ("name", "function", "type", "arguments", "parameters", "id")
_JSON_LEADS = tuple(f'{o}"{k}"' for o, k in product(("{", "[{"), CALL_KEYS))
_FENCE = re.compile(r"```[ \t]*+(?:json|JSON)?+[ \t]*+\r?\n")
_FENCE_PART = re.compile(r"`{1,3}|```[ \t]*+(?:j(?:s(?:on?)?)?|J(?:S(?:ON?)?)?|json|JSON)?+[ \t]*+\r?")
_PY = re.compile(r"\[[A-Za-z_][\w.]*+\(")
_PY_PART = re.compile(r"\[(?:[A-Za-z_][\w.]*+)?")
_WHITESPACE = re.compile(r"\s+")


class Role(Enum):
    TAGGED = "tagged"  # a dialect's opener: its calls end at one of its closers (or at the end)
    JSON = "json"  # a JSON call (or list of them): the body starts at the lead's first character
    PYTHONIC = "pythonic"  # `[name(...)]`: the same, with Python's quotes
    FENCE = "fence"  # an opening fence: a JSON call comes next
    AFTER = "after"  # a closer, end token or separator after a call
    THINK = "think"  # a reasoning tag: its text passes at once, to its closing tag


class Status(Enum):
    MORE = "more"  # the lead could still become something: wait for more text
    NO = "no"  # nothing starts here
    MATCH = "match"


@dataclass(frozen=True)
class Lead:
    status: Status
    role: Role | None = None
    size: int = 0  # characters of the lead the match takes (0 for JSON and pythonic: their body reads them)
    token: str = ""  # the fixed token matched (an opener, a reasoning tag, an after token)


_NO = Lead(Status.NO)
_MORE = Lead(Status.MORE)


def _chars(tokens: object) -> str:
    return "".join(re.escape(c) for c in sorted({t[0] for t in tokens}))  # type: ignore[attr-defined]


class Table:
    """The fixed tokens a lead may be, by role and by where the lead stands (anywhere, at a line start, after a
    call), with every prefix of every token (a lead is read in one pass); and the characters a lead starts with."""

    def __init__(self, reasoning: tuple[tuple[str, str], ...]) -> None:
        self.closing = {o: c for o, c in reasoning if o and c}
        self.closers = {**OPENERS, **LINE_OPENERS}
        anywhere = {**dict.fromkeys(OPENERS, Role.TAGGED), **dict.fromkeys(self.closing, Role.THINK)}
        line = {**anywhere, **dict.fromkeys(LINE_OPENERS, Role.TAGGED)}
        self.roles = (anywhere, line, {**line, **dict.fromkeys(AFTER_TOKENS, Role.AFTER)})
        self.prefixes = tuple({t[:i] for t in roles for i in range(1, len(t) + 1)} for roles in self.roles)
        self.proper = tuple({t[:i] for t in roles for i in range(1, len(t))} for roles in self.roles)
        self.longest = max(len(t) for t in self.roles[2])
        self.anywhere = re.compile(f"[{_chars(anywhere)}]")
        self.line_chars = "{[`" + "".join(t[0] for t in LINE_OPENERS)
        self.line_lead = re.compile(rf"\n[ \t]*+[{re.escape(self.line_chars)}]")

    def fixed(self, lead: str, where: int) -> tuple[bool, str]:
        """(whether `lead` is a proper prefix of a longer token, the longest token `lead` starts with); `where`: 0
        anywhere, 1 at a line start, 2 after a call."""
        prefixes, roles = self.prefixes[where], self.roles[where]
        best, k = "", 0
        while k < min(len(lead), self.longest) and lead[: k + 1] in prefixes:
            k += 1
            if lead[:k] in roles:
                best = lead[:k]
        return k == len(lead) and lead in self.proper[where], best


def classify(lead: str, line: bool, after: bool, table: Table) -> Lead:
    """What `lead` (the text from a candidate position, at most LEAD_CHARS characters) is. `line`: it stands at the
    start of the reply or of a line (or right after a call); `after`: it follows a call (closers may come)."""
    where = 2 if after else 1 if line else 0
    more, token = table.fixed(lead, where)
    found = [(len(token), Lead(Status.MATCH, table.roles[where][token], len(token), token))] if token else []
    if line or after:
        fence = _FENCE.match(lead)
        if fence:
            found.append((fence.end(), Lead(Status.MATCH, Role.FENCE, fence.end())))
        elif _FENCE_PART.fullmatch(lead):
            more = True
        words = _WHITESPACE.sub("", lead)
        if words.startswith(_JSON_LEADS):
            found.append((1, Lead(Status.MATCH, Role.JSON)))
        elif any(k.startswith(words) for k in _JSON_LEADS):
            more = True
        if _PY.match(words):
            found.append((1, Lead(Status.MATCH, Role.PYTHONIC)))
        elif _PY_PART.fullmatch(words):
            more = True
    if more and len(lead) < LEAD_CHARS:
        return _MORE
    return max(found, key=lambda f: f[0])[1] if found else _NO
