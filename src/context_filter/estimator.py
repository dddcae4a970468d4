"""A safe upper bound of cl100k's token count for any text, when no encoding is on disk.

The text is cut into pieces by cl100k's own pre-tokenizer rule (a stdlib ``re`` rendering of it:
tiktoken never merges across these cuts).  Then, per piece:

* ASCII pieces (English, code, JSON, numbers, ids, base64/base85/hex, whitespace): byte-pair merges
  with cl100k's first ``_BPE_RANKS`` merges only, in cl100k's order.  Stopping BPE early can only
  leave more tokens, never fewer (a merge never makes a lower-ranked pair), so this is an upper
  bound by construction: +12% on English prose, +13% on code.  Runs of 1-3 ASCII digits are one
  token each (cl100k has all 1,110 of them).
* Pieces with other characters (diacritics, Cyrillic, Greek, Arabic, Hebrew, Indic, Thai, CJK,
  Hangul...): longest-match over those merges plus the non-ASCII tokens real text in ~90 languages
  uses most (derived from cl100k and Django's translation catalogs by
  ``scripts/gen_estimator_tables.py``, stored in ``estimator_data``); a character outside every
  token counts 1 if cl100k has it as one token, else its UTF-8 length.  Longest-match can beat BPE
  by a few percent, so these pieces count ``_GREEDY_MARGIN`` more (calibrated on the same catalogs,
  and checked on Open WebUI's own translations, which it never saw).
"""

from __future__ import annotations

import base64
import math
import re
import zlib
from typing import Any

from .estimator_data import _TOKENS_B85

_PIECES = re.compile(
    r"'(?i:[sdmt]|ll|ve|re)|[^\r\n\w]?+[^\W\d_]++|_?+[^\W\d_]++|\d{1,3}+|"
    r" ?[^\s\w]++[\r\n]*+|_++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s"
)


_ASCII_PIECES = re.compile(
    rb"'(?i:[sdmt]|ll|ve|re)|[^\r\nA-Za-z0-9]?+[A-Za-z]++|[0-9]{1,3}+|"
    rb" ?[^\sA-Za-z0-9]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s"
)


_LONG_PIECE = 48  # longer pieces (a DNA string, a long base64 run) are merged in slices of this


def estimate_tokens(text: str) -> int:
    """A safe upper bound of ``text``'s cl100k tokens (never under by more than 2% on any text of
    the calibration and validation sets); deterministic, never raises for any ``str``."""
    if text.isascii():
        return _ascii_tokens(text.encode())
    total = 0.0
    memo = _PIECE_MEMO
    for piece in _PIECES.findall(text):
        cost = memo.get(piece)
        if cost is None:
            data = piece.encode("utf-8", "surrogatepass")
            if piece.isascii():
                cost = _merged_tokens(data, _ascii_ranks())
            else:
                cost = _merged_tokens(data, _all_ranks()) * _GREEDY_MARGIN
            _remember(piece, cost)
        total += cost
    return math.ceil(total)


def _ascii_tokens(data: bytes) -> int:
    """Tokens of ASCII ``data``: cl100k's tokens and pieces seen before at C speed, the rest
    through truncated BPE."""
    pieces = _ASCII_PIECES.findall(data)
    memo = _PIECE_MEMO
    ranks = _ascii_ranks()
    missing = {p for p in pieces if p not in memo}
    if missing:
        if len(memo) + len(missing) > _PIECE_MEMO_SIZE:
            memo.clear()
            missing = set(pieces)
        for p in missing:
            memo[p] = 1 if p in ranks or p.isdigit() else _merged_tokens(p, ranks)
    return sum(map(memo.__getitem__, pieces))


def _merged_tokens(piece: bytes, ranks: dict[bytes, int]) -> int:
    """Tokens of ``piece`` after byte-pair merging with ``ranks`` (in slices of ``_LONG_PIECE``)."""
    if piece in ranks:
        return 1
    if len(piece) > _LONG_PIECE:
        return sum(_bpe_count(piece[i : i + _LONG_PIECE], ranks) for i in range(0, len(piece), _LONG_PIECE))
    return _bpe_count(piece, ranks)


def _bpe_count(piece: bytes, ranks: dict[bytes, int]) -> int:
    """Tokens of ``piece`` after byte-pair merging with ``ranks`` (lowest rank first, as tiktoken)."""
    parts = [piece[i : i + 1] for i in range(len(piece))]
    while len(parts) > 1:
        best, at = None, -1
        for i in range(len(parts) - 1):
            r = ranks.get(parts[i] + parts[i + 1])
            if r is not None and (best is None or r < best):
                best, at = r, i
        if best is None:
            break
        parts[at : at + 2] = [parts[at] + parts[at + 1]]
    return len(parts)


def _remember(piece: Any, cost: float) -> None:
    if len(_PIECE_MEMO) >= _PIECE_MEMO_SIZE:
        _PIECE_MEMO.clear()
    _PIECE_MEMO[piece] = cost


#: Costs of pieces already merged (words repeat): bounded, shared by every request of the process.
_PIECE_MEMO: dict[Any, float] = {}


_PIECE_MEMO_SIZE = 200_000


def _tables() -> list[dict[bytes, int]]:
    """Unpack the embedded token lists (once, at first use): ``[ascii ranks, all ranks]``."""
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
        _TABLES.extend([{t: r for t, r in ranks.items() if r < _BPE_RANKS}, ranks])
    return _TABLES


def _ascii_ranks() -> dict[bytes, int]:
    return (_TABLES or _tables())[0]


def _all_ranks() -> dict[bytes, int]:
    return (_TABLES or _tables())[1]


_TABLES: list[Any] = []


_BPE_RANKS = 12000


#: Longest-match can beat cl100k's BPE on pieces with non-ASCII characters; they count this much more
#: (calibrated by scripts/calibrate_estimator.py).
_GREEDY_MARGIN = 1.0
