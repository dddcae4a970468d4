"""Every text counted exactly and whole when an encoding is on disk, each text
once per process (a digest cache), the encoding found where deployments have one and loaded off
the event loop; never a download."""

from __future__ import annotations

import asyncio
import hashlib
import random
import shutil
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from devkit.histories import cl100k, load_filter, output_text

tcf = load_filter()
tiktoken = pytest.importorskip("tiktoken")
OFFLINE_FILE = Path(sys.modules["tiktoken_ext"].__path__[0]) / "data" / "cl100k_base.tiktoken"


def exact(text: str) -> int:
    return len(cl100k().encode_ordinary(text))


def test_every_text_is_counted_whole_and_once():
    seen = []

    def spy(text):
        seen.append(len(text))
        return exact(text)

    tcf.COUNT_CACHE.clear()
    counter = tcf.TokenCounter(exact=spy)
    text = output_text(100_000, 5)
    assert counter.text(text) == exact(text)
    assert sum(seen) == len(text) and max(seen) <= 2 * tcf._SLICE  # every character once, in slices
    calls = len(seen)
    rebuilt = "".join(list(text))  # an equal string, another object: as Open WebUI rebuilds messages
    assert rebuilt is not text and counter.text(rebuilt) == exact(text)
    assert len(seen) == calls and tcf.COUNT_CACHE.hits == 1 and tcf.COUNT_CACHE.misses == 1


def test_the_cache_is_bounded_and_keeps_what_is_in_use(monkeypatch):
    cache = tcf.Memo(100)
    monkeypatch.setattr(tcf, "COUNT_CACHE", cache)
    counter = tcf.TokenCounter()
    texts = [f"text number {i} " * 10 for i in range(450)]
    for t in texts:
        counter.text(t)
    assert len(cache.new) + len(cache.old) <= 200 and cache.hits == 0
    counter.text(texts[-1])
    assert cache.hits == 1


def test_a_dense_block_anywhere_in_a_page_is_counted():
    """A 12k data-URI image inside a 60k page, at any position: counted in full, exactly but for
    the one token added where a slice had to be cut inside the block (no piece is known to start there)."""
    page = output_text(60_000, 3, "log")
    image = (
        "data:image/png;base64," + __import__("base64").b64encode(random.Random(1).randbytes(9000)).decode()
    )
    counter = tcf.TokenCounter(exact=exact)
    for pos in (0, 17_000, 31_000, 59_000):
        text = page[:pos] + image + page[pos:]
        assert 0 <= counter.text(text) - exact(text) <= len(image) // tcf._SLICE


@given(
    st.lists(
        st.sampled_from(
            ["\n", "\n\n", " ", "/", "\t", "word", "Wörter", "123", ".", "'s", "数据", "😀", " A", "\u3000"]
        ),
        max_size=400,
    ),
    st.integers(1, 40),
)
def test_counting_in_pieces_is_exact(parts, piece):
    """Cut into slices of ``piece`` characters where both pre-tokenizers always cut: the same count,
    exact and estimated; where a slice had to be cut elsewhere, one token more per such cut, and
    never less than the whole text's count."""
    text = "".join(parts)
    saved = tcf._SLICE
    tcf._SLICE = piece
    try:
        slices = list(tcf._slices(text)) if len(text) > 2 * piece else [text]
        assert "".join(slices) == text and all(len(s) <= 2 * piece for s in slices)
        ends = [sum(map(len, slices[: i + 1])) for i in range(len(slices) - 1)]
        forced = sum(1 for e in ends if not tcf._CUT_AT.match(text, e))
        for count in (exact, tcf.estimate_tokens):
            assert (
                tcf._count_text(text, count if count is exact else None) == sum(map(count, slices)) + forced
            )
            assert tcf._count_text(text, count if count is exact else None) >= exact(text)
        if not forced:
            assert tcf._count_text(text, exact) == exact(text)
    finally:
        tcf._SLICE = saved


def _fresh(monkeypatch, names):
    monkeypatch.setattr(tcf, "_TOKENIZER_STATE", {})
    monkeypatch.setattr(tiktoken, "list_encoding_names", lambda: list(names))
    requested = []
    real = tiktoken.get_encoding

    def get_encoding(name):
        requested.append(name)
        if name in ("cl100k_base", "o200k_base"):
            raise AssertionError("a download-backed encoding was requested")
        return real(name)

    monkeypatch.setattr(tiktoken, "get_encoding", get_encoding)
    return requested


def _cache_copy(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    url = tcf._PUBLIC_ENCODINGS["cl100k_base"][0]
    target = folder / hashlib.sha1(url.encode()).hexdigest()
    shutil.copyfile(OFFLINE_FILE, target)
    return target


@pytest.mark.parametrize("where", ["TIKTOKEN_CACHE_DIR", "DATA_GYM_CACHE_DIR", "open_webui DATA_DIR", "tmp"])
def test_tiktoken_cache_files_are_found_where_deployments_keep_them(monkeypatch, tmp_path, where):
    requested = _fresh(monkeypatch, ["gpt2", "cl100k_base", "o200k_base"])
    for var in ("TIKTOKEN_CACHE_DIR", "DATA_GYM_CACHE_DIR", "DATA_DIR"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(tmp_path / "tmp"))
    folder = {
        "TIKTOKEN_CACHE_DIR": tmp_path / "tk",
        "DATA_GYM_CACHE_DIR": tmp_path / "gym",
        "open_webui DATA_DIR": tmp_path / "data" / "cache" / "tiktoken",
        "tmp": tmp_path / "tmp" / "data-gym-cache",
    }[where]
    if where == "TIKTOKEN_CACHE_DIR":
        monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(folder))
    elif where == "DATA_GYM_CACHE_DIR":
        monkeypatch.setenv("DATA_GYM_CACHE_DIR", str(folder))
    elif where == "open_webui DATA_DIR":
        monkeypatch.setenv("DATA_DIR", str(tmp_path / "data"))
    _cache_copy(folder)
    fn, name = tcf.get_exact_counter()
    assert name == "cl100k_base" and requested == []
    text = output_text(5000, 2) + " Pääsy kielletty — 数据库"
    assert fn(text) == exact(text)


def test_the_pre_tokenizers_are_tiktoken_s_own(monkeypatch):
    import tiktoken_ext.openai_public as pub

    monkeypatch.setattr(pub, "load_tiktoken_bpe", lambda *a, **k: {})
    for name in ("cl100k_base", "o200k_base"):
        assert getattr(pub, name)()["pat_str"] == tcf._PUBLIC_ENCODINGS[name][2]


async def test_the_encoding_loads_off_the_event_loop(monkeypatch):
    monkeypatch.setattr(tcf, "_TOKENIZER_STATE", {})
    threads = []
    real = tcf._load_exact_counter

    def spy(extra_dirs=()):
        threads.append(threading.get_ident())
        return real(extra_dirs)

    monkeypatch.setattr(tcf, "_load_exact_counter", spy)
    await tcf.ensure_tokenizer()
    await tcf.ensure_tokenizer()
    assert len(threads) == 1 and threads[0] != threading.get_ident()
