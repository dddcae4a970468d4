"""A safe upper bound of cl100k's token count for any text, when no encoding is on disk.

The text is cut where cl100k's pre-tokenizer cuts (its pattern for the stdlib ``re``: ``\\w`` and
``\\d`` corrected by two classes from ``estimator_data``), then each piece is byte-pair merged as
cl100k merges it, as far as the embedded table proves.  The table holds every token below rank
``_BPE_RANKS`` and every token with a non-ASCII byte, at its true rank; it lacks only ASCII tokens
from that rank up.  So a merge is cl100k's next one unless two adjacent parts are both ASCII and
unknown (they might form a lacking token of a lower rank): then merging stops, which leaves more
tokens, never fewer.  Non-ASCII scripts count exactly; ASCII prose and code ~13-19% high.
"""

from __future__ import annotations

import base64
import heapq
import re
import zlib
from typing import Any

from .estimator_data import _LETTERS_NOT_WORD, _NUMBERS_NOT_DIGITS, _TOKENS_B85
from .memo import Memo

_WS = "\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"  # Unicode White_Space
_LN = _NUMBERS_NOT_DIGITS + _LETTERS_NOT_WORD  # letters and numbers \w misreads
_LETTER = rf"(?:[^\W\d_{_NUMBERS_NOT_DIGITS}]|[{_LETTERS_NOT_WORD}])"  # \p{L}
_NUMBER = rf"[\d{_NUMBERS_NOT_DIGITS}]"  # \p{N}
#: cl100k's pre-tokenizer (``tokenizer._PUBLIC_ENCODINGS``), alternative by alternative.
_PIECES = re.compile(
    rf"'(?i:[sdmt]|ll|ve|re)|(?:[^\r\n\w{_LN}]|_)?+{_LETTER}++|{_NUMBER}{{1,3}}+|"
    rf" ?(?:[^{_WS}\w{_LN}]|_)++[\r\n]*+|[{_WS}]++\Z|[{_WS}]*[\r\n]|[{_WS}]+(?![^{_WS}])|[{_WS}]"
)
#: The same for ASCII text, on bytes (``\s`` of a bytes pattern is White_Space in ASCII).
_ASCII_PIECES = re.compile(
    rb"'(?i:[sdmt]|ll|ve|re)|[^\r\nA-Za-z0-9]?+[A-Za-z]++|[0-9]{1,3}+|"
    rb" ?[^\sA-Za-z0-9]++[\r\n]*+|\s++\Z|\s*[\r\n]|\s+(?!\S)|\s"
)


def estimate_tokens(text: str) -> int:
    """A safe upper bound of ``text``'s cl100k tokens; never raises.  Callers cut long texts first
    (``counting._slices``): one ``findall`` holds the interpreter lock for the whole text."""
    pieces = _ASCII_PIECES.findall(text.encode()) if text.isascii() else _PIECES.findall(text)
    memo = _PIECES_MEMO
    new = memo.new  # read once: a generation only grows, so every piece found in it stays
    missing = {p for p in pieces if p not in new}
    if not missing:
        return sum(map(new.__getitem__, pieces))  # pieces seen before, at C speed
    costs = {}
    for p in missing:
        data = p if p.__class__ is bytes else p.encode("utf-8", "surrogatepass")
        costs[p] = cost = memo.old.get(p) or (1 if data.isdigit() else _bpe_count(data, _ranks()))
        if len(p) <= _MEMO_PIECE_MAX:
            memo.put(p, cost)
    return sum(costs[p] if p in costs else new[p] for p in pieces)


def _bpe_count(piece: bytes, ranks: dict[bytes, int]) -> int:
    """Tokens of ``piece`` after cl100k's merging, as far as ``ranks`` proves it: parts a linked list
    over their starts, pairs in a heap by (rank, start), stale entries skipped.  O(n log n)."""
    if piece in ranks:
        return 1  # one token, as in tiktoken
    n = len(piece)
    nxt = list(range(1, n + 1))  # nxt[a]: where the part starting at a ends
    prv = list(range(-1, n - 1))  # prv[a]: where the part before it starts (-1: none)
    heap: list[tuple[int, int, int]] = []
    unknown = 0  # adjacent pairs of ASCII parts that are not in the table

    def pair(a: int, sign: int) -> None:
        """Count the pair of the part at ``a`` and its successor in (+1) or out (-1)."""
        nonlocal unknown
        b = nxt[a]
        if b >= n:
            return
        data = piece[a : nxt[b]]
        rank = ranks.get(data)
        if rank is None:
            unknown += sign if data.isascii() else 0
        elif sign > 0:
            heapq.heappush(heap, (rank, a, nxt[b]))

    for a in range(n - 1):
        pair(a, 1)
    parts = n
    while heap:
        rank, a, end = heapq.heappop(heap)
        if prv[a] == -2 or nxt[a] >= n or nxt[nxt[a]] != end:
            continue  # stale: a part of it has merged since
        if rank >= _BPE_RANKS and unknown:
            break  # a lacking ASCII token might rank lower: stop, an upper bound
        b, p = nxt[a], prv[a]
        if p >= 0:
            pair(p, -1)
        pair(b, -1)
        nxt[a], prv[b] = end, -2  # b is merged into a
        if end < n:
            prv[end] = a
        parts -= 1
        if p >= 0:
            pair(p, 1)
        pair(a, 1)
    return parts


#: Costs of short pieces already merged (words repeat): only pieces of at most ``_MEMO_PIECE_MAX``
#: characters are kept, so the memo is bounded in bytes too; shared by every request and thread.
_MEMO_PIECE_MAX = 32
_PIECES_MEMO = Memo(25_000)


def _tables() -> list[dict[bytes, int]]:
    """Unpack the embedded token table (once, at first use)."""
    if not _TABLES:
        raw = zlib.decompress(base64.b85decode("".join(_TOKENS_B85)))
        ranks: dict[bytes, int] = {}
        i, rank = 0, -1
        while i < len(raw):  # <rank - previous rank - 1, as a varint><length><bytes>
            gap = shift = 0
            while True:
                byte = raw[i]
                gap |= (byte & 0x7F) << shift
                shift += 7
                i += 1
                if byte < 0x80:
                    break
            rank += gap + 1
            size = raw[i]
            ranks[raw[i + 1 : i + 1 + size]] = rank
            i += 1 + size
        _TABLES.append(ranks)
    return _TABLES


def _ranks() -> dict[bytes, int]:
    return (_TABLES or _tables())[0]


_TABLES: list[Any] = []
_BPE_RANKS = 12000
