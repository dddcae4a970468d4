"""The rule for a call a model wrote as text, in one sentence: it runs only when no untrusted text read since the
user's request names its tool; otherwise it needs the user's yes (Open WebUI's approval `ask`), or it is refused,
and the model and the user are told why. Untrusted: tool results, files, earlier chat. Not untrusted: the user's
request, what the chat's model asked the helper to do, and the texts Open WebUI and this project write themselves
(Tool Search's list of tools, their own error messages).

Names are compared by their key (`canonical`): case, separators (`_ - . `, blanks, any punctuation), camelCase
boundaries, invisible characters (every format and default-ignorable code point), compatibility forms (NFKD), accents
and a few Latin look-alike letters do not count: `delete_all_notes`, `Delete-All-Notes`, `deleteAllNotes`,
`delete all notes`, `ＤＥＬＥＴＥ＿ＡＬＬ＿ＮＯＴＥＳ` and `delete\\u005fall_notes` have one key. A text names a tool when
the tool's key stands in it between word boundaries.

`Mentions` reads the untrusted texts of one request (or one subquery) once each, in order, and keeps which offered
tools they name, in linear work (each slice is decoded and searched a bounded number of times, and no single pass
holds the interpreter for long). `verdict` is the rule."""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

# Every format (Cf) and default-ignorable code point (Unicode 17 and Python's 14): dropped before anything else, so
# that none can split a name or an escape. `tests/test_textcalls_rule.py` checks the list against both databases.
INVISIBLE = (
    "\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u115f-\u1160\u17b4-\u17b5\u180b-\u180f"
    "\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\U000110bd\U000110cd"
    "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff"
)
_ACCENTS = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"  # combining marks, after NFKD
_DROPPED = re.compile(f"[{INVISIBLE}{_ACCENTS}]+")
# Cyrillic and Greek letters that look like Latin ones (a table of the commonest, not Unicode's whole list).
_LOOK_ALIKES = str.maketrans(
    "аеорсухіјѕԁԛԝһӏАВЕКМНОРСТХІЈЅοαικνρτυχϲϳΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "aeopcyxijsdqwhlABEKMHOPCTXIJSoaikvptuxcjABEZHIKMNOPTYX",
)
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_SEPARATORS = re.compile(r"[\W_]+")
_INNER_UPPER = re.compile(r"[A-Za-z0-9][A-Z]")
_ASCII_SEPARATORS = str.maketrans({chr(c): " " for c in range(128) if not chr(c).isalnum()})
_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|x[0-9a-fA-F]{2}|[\"'\\/bfnrt])")
_ESCAPES = {'"': '"', "'": "'", "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_SURROGATE = re.compile("[\ud800-\udfff]")

DECODE_PASSES = 8  # layers of JSON, Python or HTML escaping undone (an HTML page escaped twice in JSON: 3)
SLICE_CHARS = 65_536  # a text is read in slices: no one pass over it holds the interpreter for long
JOIN_CHARS = 1_024  # around the seam of two slices or two texts, the raw characters decoded again together
DATA_CHARS = 4_000_000  # past this much untrusted text, the rest is not read and every tool counts as named


def _unescaped(text: str) -> str:
    """JSON and Python string escapes undone (`\\u0064` -> d, `\\x64` -> d, `\\"` -> "), surrogate pairs joined."""

    def one(m: re.Match[str]) -> str:
        code = m.group(1)
        return _ESCAPES[code] if len(code) == 1 else chr(min(int(code[1:], 16), 0x10FFFF))

    decoded = _ESCAPE.sub(one, text)
    if not _SURROGATE.search(decoded):
        return decoded
    return decoded.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _decoded(text: str) -> tuple[str, bool]:
    """Invisible characters dropped, escapes and HTML entities undone to a fixpoint: (text, fixpoint reached)."""
    for _ in range(DECODE_PASSES):
        step = text if text.isascii() else _DROPPED.sub("", text)
        step = _unescaped(step) if "\\" in step else step
        step = html.unescape(step) if "&" in step else step
        if step == text:
            return text, True
        text = step
    return text, False


def canonical(text: str) -> tuple[str, bool]:
    """(The text as names are compared in it, whether its escapes were undone to the end): lower-case words, one
    blank between two, and one at either end where the text has a separator (canonical slices join as the whole
    text would)."""
    text, whole = _decoded(text)
    return (_ascii_words(text) if text.isascii() else _words(text)), whole


def _words(text: str) -> str:
    text = _DROPPED.sub("", unicodedata.normalize("NFKD", text)).translate(_LOOK_ALIKES)
    return _SEPARATORS.sub(" ", _CAMEL.sub(" ", text).casefold())


def _ascii_words(text: str) -> str:
    """`_words` of an ASCII text, several times faster."""
    camel = _CAMEL.sub(" ", text) if _INNER_UPPER.search(text) else text
    words = camel.translate(_ASCII_SEPARATORS).split()
    if not words:
        return " " if text else ""
    joined = " ".join(words).casefold()
    return (" " if not text[0].isalnum() else "") + joined + (" " if not text[-1].isalnum() else "")


@dataclass(frozen=True)
class Verdict:
    """What happens to a call written as text, and why (for the model and the user), when it does not run at once."""

    action: Literal["allow", "ask", "refuse"]
    reason: str = ""


class Mentions:
    """Which of the offered tools the untrusted texts read so far name. `read(text, where)` reads one more text (`where`
    says what it was, for the reason given); texts are read as one stream, so a name or an escape split over two
    texts is found. Past DATA_CHARS, or with escapes nested deeper than DECODE_PASSES, the rest could not be read:
    every tool counts as named (`unread`)."""

    def __init__(self, names: Iterable[str]) -> None:
        self.keys = {
            name: key for name in names if isinstance(name, str) and (key := canonical(name)[0].strip())
        }
        self.found: dict[str, str] = {}  # name -> where it was first read
        self.unread = ""  # why the texts could not all be read ("" while they could)
        self.size = 0
        self._tail = " "  # the canonical stream's last characters: a name split over two texts
        self._raw = ""  # the raw stream's last JOIN_CHARS characters: an escape split over two texts
        self._raw_split = False  # whether `_raw` starts inside a word
        self._room = 2 + max((len(k) for k in self.keys.values()), default=0)

    def read(self, text: str, where: str = "a tool result") -> None:
        if not self.keys or self.unread or not isinstance(text, str) or not text:
            return
        if self.size + len(text) > DATA_CHARS:
            self.unread = f"more than {DATA_CHARS:,} characters of data"
            return
        self.size += len(text)
        for start in range(0, len(text), SLICE_CHARS):
            end = start + SLICE_CHARS  # a word the slice's end cuts is read whole with the next slice
            self._slice(
                text[start:end], where, not start, len(text) > end and text[end - 1 : end + 1].isalnum()
            )

    def _slice(self, raw: str, where: str, new_text: bool, split: bool) -> None:
        """One slice, searched with the stream's end before it: as one word run (`dele` + `te_all`), at the seam of
        two texts as two (`delete` + `AllNotes`); and its seam decoded whole (`\\u00` + `64elete`)."""
        words, whole = canonical(raw)
        if not whole:
            self.unread = f"escapes nested more than {DECODE_PASSES} deep"
        # a word cut at the end of the slice, or at either end of the seam's window, is no whole word
        marked = _part(words + "x", 0, len(words)) if split else words
        self._search(self._tail + marked, where)
        if new_text:
            self._search(f"{self._tail} {_part(marked, 0, self._room)}", where)
        joined = canonical(self._raw + raw[:JOIN_CHARS])[0]
        if self._raw_split:
            joined = _part("x" + joined, 1, len(joined) + 1)
        if raw[JOIN_CHARS - 1 : JOIN_CHARS + 1].isalnum() if len(raw) > JOIN_CHARS else split:
            joined = _part(joined + "x", 0, len(joined))
        self._search(joined, where)
        tail, raws = self._tail + words, self._raw + raw
        self._tail = _part(tail, max(len(tail) - self._room, 0), len(tail))
        cut = len(raws) - JOIN_CHARS
        self._raw, self._raw_split = raws[max(cut, 0) :], cut > 0 and raws[cut - 1 : cut + 1].isalnum()

    def _search(self, words: str, where: str) -> None:
        """The offered names whose key stands in `words` (a key with a word not there costs a set lookup)."""
        padded, present = f" {words} ", set(words.split())
        for name, key in self.keys.items():
            if name not in self.found and all(w in present for w in key.split()) and f" {key} " in padded:
                self.found[name] = where

    def why(self, name: str) -> str:
        """Why a call of `name` written as text does not run at once ("" when nothing untrusted names it)."""
        if self.unread:
            return f"the data this run read could not all be checked ({self.unread})"
        where = self.found.get(name)
        return f"`{name}` is named in {where}, which is data, not a request" if where else ""


def _part(words: str, start: int, end: int) -> str:
    """words[start:end], a word split at either end marked as no whole word (NUL stands in no word)."""
    part = words[start:end]
    if 0 < start < len(words) and words[start - 1 : start + 1].isalnum():
        part = "\0" + part[1:]
    if 0 < end < len(words) and words[end - 1 : end + 1].isalnum():
        part = part[:-1] + "\0"
    return part


def verdict(names: Iterable[str], mentions: Mentions, can_ask: bool) -> Verdict:
    """The rule for one call written as text: `names` are its tool's names (as written, and as it would run: Tool
    Search's `call_tool` names the tool it calls); `can_ask`: Open WebUI's approval is `ask` and a user can answer."""
    reasons = [why for name in dict.fromkeys(names) if (why := mentions.why(name))]
    if not reasons:
        return Verdict("allow")
    return Verdict("ask" if can_ask else "refuse", reasons[0])
