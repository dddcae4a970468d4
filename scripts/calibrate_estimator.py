#!/usr/bin/env python3
"""Calibrate the estimator's one fitted number, ``_GREEDY_MARGIN``, and report its error.

For every calibration text (Django's catalogs in ~90 languages, ``devkit/multilingual.py``) and
every window of 200 characters drawn from it, find the smallest margin on the pieces merged with the extra tokens
(those with non-ASCII characters) for which the estimate is at least 98% of cl100k; the margin is
the largest of these, rounded up.  ASCII pieces need none: truncated BPE is an upper bound.

Usage: ``python scripts/calibrate_estimator.py``  print the margin and the worst texts
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devkit.histories import cl100k, load_filter  # noqa: E402
from devkit.multilingual import django_texts  # noqa: E402

tcf = load_filter()
FLOOR = 0.98


def parts(text: str) -> tuple[int, float]:
    """(tokens of the ASCII pieces, unscaled merged tokens of the others)."""
    if text.isascii():
        return tcf._ascii_tokens(text.encode()), 0.0
    ascii_total, merged = 0, 0
    for piece in tcf._PIECES.findall(text):
        data = piece.encode("utf-8", "surrogatepass")
        if piece.isascii():
            ascii_total += tcf._merged_tokens(data, tcf._ascii_ranks())
        else:
            merged += tcf._merged_tokens(data, tcf._all_ranks())
    return ascii_total, merged


def samples(texts: dict[str, str], windows: int = 60, seed: int = 7) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    out = []
    for lang, text in texts.items():
        out.append((lang, text))
        for _ in range(windows):
            start = rng.randrange(0, max(1, len(text) - 200))
            out.append((f"{lang} (200)", text[start : start + 200]))
    return out


def main() -> None:
    enc = cl100k()
    needed = []
    for name, text in samples(django_texts()):
        truth = len(enc.encode_ordinary(text))
        ascii_total, greedy = parts(text)
        if greedy and truth:
            needed.append(((FLOOR * truth - ascii_total) / greedy, name))
    needed.sort(reverse=True)
    margin = math.ceil(needed[0][0] * 100) / 100
    print(f"_GREEDY_MARGIN = {margin}  (largest need {needed[0][0]:.4f}, {needed[0][1]})")
    print("next:", ", ".join(f"{n} {v:.3f}" for v, n in needed[1:8]))


if __name__ == "__main__":
    main()
