"""Issue 25, Must 7: every cache and memo of the filter is bounded in bytes, measured with
tracemalloc under hostile inputs.

Every one is a ``Memo`` (two generations, each bounded):

* The shrink memo keeps shrunk outputs, which are short in tokens but not in characters (a token
  can be 128 spaces): it weighs each by its bytes, and a generation holds at most its limit.
* The count cache and the estimator's piece memo keep only what is provably small: a digest and a
  count per text; pieces of at most ``_MEMO_PIECE_MAX`` characters.  They are bounded in entries,
  and each entry in bytes.
"""

from __future__ import annotations

import gc
import random
import tracemalloc

from devkit.histories import cl100k, load_filter, tool

tcf = load_filter()
MB = 1 << 20


def retained(*steps) -> list[int]:
    """Bytes still allocated after each of ``steps`` ran (what the caches they filled keep), from
    one tracemalloc session: it sees only what is allocated and freed while it traces."""
    gc.collect()
    tracemalloc.start()
    try:
        base, out = tracemalloc.get_traced_memory()[0], []
        for step in steps:
            step()
            gc.collect()
            out.append(tracemalloc.get_traced_memory()[0] - base)
        return out
    finally:
        tracemalloc.stop()


def test_the_shrink_memo_is_bounded_in_bytes_under_whitespace_padded_outputs(monkeypatch):
    limit = 4 * MB
    memo = tcf.Memo(limit, weigh=tcf._SHRINK_MEMO.weigh)
    monkeypatch.setattr(tcf, "_SHRINK_MEMO", memo)
    counter = tcf.TokenCounter(exact=tcf._counter_of(cl100k()))
    padded = ("\nw" + " " * 500_000) * 6 + " end"  # 3 MB, ~23,450 tokens: 128 characters a token
    sizes = []

    def fill():
        for i in range(16):
            out, _ = tcf._shrink_tool_message(tool("c", f"data {i}{padded}"), 3000, counter, 23_450)
            sizes.append(len(out["content"]))

    kept, left = retained(fill, memo.clear)
    assert min(sizes) > 300_000  # every shrunk output is large: 16 of them are ~6 MB
    # Two generations of at most ``limit`` each (and 64 KiB: the count cache's entries for the
    # texts it counted); clearing frees it.
    assert kept <= 2 * limit + 64 * 1024 and memo.used <= limit
    assert left < 64 * 1024 and memo.new == memo.old == {}


def test_the_shrink_memo_weighs_at_least_what_it_holds():
    memo = tcf.Memo(64 * MB, weigh=tcf._SHRINK_MEMO.weigh)
    texts = [f"shrunk output {i} " + "é" * (i % 50) for i in range(20_000)]

    def fill():
        for i, text in enumerate(texts):
            memo.put((len(text), hash(text) + 10**12, 100_000 + i, None), (text, 10**6 + i))

    [kept] = retained(fill)
    assert kept <= memo.used  # the texts were allocated before: what is measured is the entries
    assert tcf._SHRINK_MEMO.limit == 16 * MB  # two generations: at most 32 MB


def test_the_count_cache_is_bounded_in_entries_of_a_few_hundred_bytes(monkeypatch):
    cache = tcf.Memo(20_000)
    monkeypatch.setattr(tcf, "COUNT_CACHE", cache)
    texts = [f"{i:07d}" * 50 for i in range(60_000)]  # counts and lengths that need int objects

    def exact(text):
        return 10**6 + len(text)

    counter = tcf.TokenCounter(exact=exact)

    def fill():
        for text in texts:
            counter.text(text)

    [kept] = retained(fill)
    assert len(cache.new) + len(cache.old) <= 2 * 20_000
    assert kept <= 2 * 20_000 * 256  # the process-wide cache: 2 x 50,000 entries, at most 25.6 MB


def test_the_piece_memo_is_bounded_in_entries_of_a_few_hundred_bytes(monkeypatch):
    memo = tcf.Memo(1_000)
    monkeypatch.setattr(tcf, "_PIECES_MEMO", memo)
    tcf._tables()
    rng = random.Random(5)
    # The largest pieces it keeps: 32 characters of 4 bytes each (CJK Ext B), cut apart by digits.
    texts = [
        "1".join("".join(chr(rng.randint(0x20000, 0x2A6DF)) for _ in range(32)) for _ in range(500))
        for _ in range(6)
    ]

    def fill():
        for text in texts:
            tcf.estimate_tokens(text)

    [kept] = retained(fill)
    pieces = [*memo.new, *memo.old]
    assert 1_000 <= len(pieces) <= 2_000
    assert max(map(len, pieces)) == tcf._MEMO_PIECE_MAX
    assert kept <= 2_000 * 320  # the process-wide memo: 2 x 25,000 entries, at most 16 MB
