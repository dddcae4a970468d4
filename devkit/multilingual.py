"""Real sentences in about 100 languages, offline, from installed packages: Django's translation
catalogs (``django/conf/locale`` and ``django/contrib/*/locale``, ``.po`` files).

Used to test and benchmark the tool context filter's token estimator (see
``tests/test_filter_estimator.py`` and part (d) of ``scripts/bench_filter.py``).  Nothing is downloaded:
Django is a test dependency (``pyproject.toml``) and ships these files in its wheel.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

_PLACEHOLDER = re.compile(r"%\([^)]*\)[sdif]|%[sdif]|\{[^{}]*\}|&[a-z]+;|<[^<>]+>")
_ESCAPES = {"\\n": "\n", '\\"': '"', "\\t": "\t", "\\\\": "\\"}


def _django_root() -> Path | None:
    try:
        import django  # noqa: PLC0415
    except ImportError:
        return None
    return Path(django.__file__).parent


def _unquote(s: str) -> str:
    return re.sub(r'\\[nt"\\]', lambda m: _ESCAPES[m.group(0)], s)


def _msgstrs(path: Path) -> list[str]:
    """The translated strings of one ``.po`` file (plural forms included), without placeholders."""
    out: list[str] = []
    current: list[str] | None = None
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith("msgstr"):
            if current:
                out.append("".join(current))
            head = line.split(" ", 1)
            current = [_unquote(head[1].strip()[1:-1])] if len(head) > 1 else []
        elif line.startswith('"') and current is not None:
            current.append(_unquote(line.strip()[1:-1]))
        elif current is not None and not line.startswith('"'):
            if current:
                out.append("".join(current))
            current = None
    if current:
        out.append("".join(current))
    cleaned = [_PLACEHOLDER.sub("", s).strip() for s in out]
    return [s for s in cleaned if len(s) >= 2 and "Content-Type:" not in s and "Project-Id-Version" not in s]


@functools.cache
def django_texts() -> dict[str, str]:
    """Language code -> its translated sentences joined into one text (one sentence per line).

    Regional variants (``es_AR``, ``en_GB``...) are left out; English is the source language
    (its catalogs are empty), so it is not here.
    """
    root = _django_root()
    if root is None:
        return {}
    by_lang: dict[str, list[str]] = {}
    for po in sorted(root.glob("**/locale/*/LC_MESSAGES/*.po")):
        lang = po.parent.parent.name
        if "_" in lang and lang not in ("zh_Hans", "zh_Hant", "sr_Latn"):
            continue
        if lang.startswith("en"):
            continue
        by_lang.setdefault(lang, []).extend(_msgstrs(po))
    return {
        lang: "\n".join(dict.fromkeys(lines))
        for lang, lines in by_lang.items()
        if sum(map(len, lines)) > 2000
    }


@functools.cache
def owui_texts() -> dict[str, str]:
    """Open WebUI's own interface translations (~55 languages), from the frontend build its wheel
    ships: chunk name -> its strings, one per line.  Never used to calibrate, only to check the
    estimator on text it has not seen (the language of a chunk is not named in the build)."""
    try:
        import open_webui  # noqa: PLC0415
    except Exception:
        return {}
    chunks = Path(open_webui.__file__).parent / "frontend" / "_app" / "immutable" / "chunks"
    out: dict[str, str] = {}
    for path in sorted(chunks.glob("*.js")):
        if path.stat().st_size < 150_000:
            continue
        src = path.read_text(encoding="utf-8", errors="replace")
        if not src.startswith('const e="'):  # translation modules are one long list of constants
            continue
        strings = re.findall(r'"((?:[^"\\]|\\.)*)"', src[:400_000])
        lines = [re.sub(r"\{\{[^}]*\}\}", "", s.replace("\\n", "\n").replace('\\"', '"')) for s in strings]
        out[path.stem] = "\n".join(s for s in lines if len(s) > 3)
    return out


def cycled(text: str, n_chars: int) -> str:
    """``text`` repeated (whole lines) up to ``n_chars`` characters."""
    return ((text + "\n") * (n_chars // (len(text) + 1) + 1))[:n_chars]
