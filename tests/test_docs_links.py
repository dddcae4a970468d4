"""The documentation holds together (issue 27): every relative link and image in README.md and docs/*.md points
at a file that exists (and a `#anchor` into a markdown file at one of its headings, as GitHub writes anchors),
the README stays short, and its quick start sets up a fresh machine with exactly two commands, `make demo` and
`make test`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, *sorted(DOCS.glob("*.md"))]
README_MAX_LINES = 200
QUICK_START = ["make demo", "make test"]

# A fence opens a code block; a backtick fence's info string holds no backtick (else the line is a code span).
_FENCE = re.compile(r"^ {0,3}(`{3,}(?=[^`]*$)|~{3,})")
_CODE_SPAN = re.compile(r"(`+)(?!`)((?:(?!\n[ \t]*\n).)+?)(?<!`)\1(?!`)", re.S)  # within a paragraph
# [text](target) and ![alt](target), with an optional "title"; the text may hold one level of brackets.
_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^()\s<>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$")
_EXTERNAL = re.compile(r"^(?:https?:|mailto:|//)", re.I)


def split_fences(text: str) -> tuple[list[str], list[list[str]]]:
    """(the lines outside fenced code blocks, the fenced blocks each as its lines)."""
    prose: list[str] = []
    blocks: list[list[str]] = []
    fence, current = "", []
    for line in text.splitlines():
        m = _FENCE.match(line)
        if not fence:
            if m:
                fence, current = m.group(1), []
            else:
                prose.append(line)
        elif (
            m
            and m.group(1)[0] == fence[0]
            and len(m.group(1)) >= len(fence)
            and not line.strip(fence[0] + " \t")
        ):
            blocks.append(current)
            fence = ""
        else:
            current.append(line)
    return prose, blocks


def links(text: str) -> list[str]:
    """Every link and image target in the prose of a markdown text (code blocks and code spans left out)."""
    prose = _CODE_SPAN.sub("", "\n".join(split_fences(text)[0]))
    return [m.group(1) for m in _LINK.finditer(prose)]


def slug(heading: str) -> str:
    """A heading's anchor as GitHub writes it: lower case, punctuation dropped (but `-` and `_`), each space a
    `-` (a link in the heading counts by its text)."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading).lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of a markdown file's headings; a repeated one gets `-1`, `-2`, ... as on GitHub."""
    seen: dict[str, int] = {}
    out = set()
    for line in split_fences(path.read_text(encoding="utf-8"))[0]:
        m = _HEADING.match(line)
        if m:
            base = slug(m.group(2))
            n = seen.get(base, 0)
            out.add(base if n == 0 else f"{base}-{n}")
            seen[base] = n + 1
    return out


def broken_links(page: Path) -> list[str]:
    """The links and images of `page` that point nowhere: a missing file, or an anchor no heading has."""
    problems = []
    for target in links(page.read_text(encoding="utf-8")):
        if _EXTERNAL.match(target):
            continue
        path_part, _, anchor = target.partition("#")
        dest = (page.parent / path_part).resolve() if path_part else page
        if not dest.exists():
            problems.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            problems.append(f"{target}: no heading with the anchor #{anchor} in {dest.name}")
    return problems


def section(text: str, title: str) -> str:
    """The text under the heading `title` (level 1 or 2), up to the next heading of level 1 or 2."""
    out: list[str] = []
    inside = found = False
    fence = ""
    for line in text.splitlines():
        m = _FENCE.match(line)
        if m and not fence:
            fence = m.group(1)
        elif m and fence and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
            fence = ""
        elif not fence and re.match(r"^#{1,2}\s", line):
            inside = line.lstrip("#").strip() == title
            found = found or inside
            continue
        if inside:
            out.append(line)
    assert found, f"no '## {title}' section"
    return "\n".join(out)


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_relative_link_and_image_exists(page: Path):
    assert broken_links(page) == []


def test_the_docs_index_lists_every_page():
    listed = {Path(t.partition("#")[0]).name for t in links((DOCS / "index.md").read_text(encoding="utf-8"))}
    pages = {p.name for p in DOCS.glob("*.md")} - {"index.md"}
    assert pages <= listed, f"docs/index.md does not list {sorted(pages - listed)}"


def test_every_docs_page_opens_with_what_a_reader_gets():
    for page in sorted(DOCS.glob("*.md")):
        prose = [line for line in split_fences(page.read_text(encoding="utf-8"))[0] if line.strip()]
        assert prose[0].startswith("# "), f"{page.name} does not start with its title"
        assert prose[1][:1].isalpha(), f"{page.name} does not open with a sentence on what it gives"


def test_the_readme_is_short():
    n = len(README.read_text(encoding="utf-8").splitlines())
    assert n <= README_MAX_LINES, f"README.md has {n} lines (at most {README_MAX_LINES})"


def test_the_readme_has_a_picture_and_an_architecture_section_that_links_the_page():
    text = README.read_text(encoding="utf-8")
    assert any(t.startswith("docs/img/") for t in links(text) if t.endswith(".png"))
    assert "docs/architecture.md" in links(section(text, "Architecture"))


def test_the_quick_start_is_exactly_make_demo_and_make_test():
    """The quick start's code blocks hold the two set-up commands of a fresh machine, nothing else."""
    _, blocks = split_fences(section(README.read_text(encoding="utf-8"), "Quick start"))
    commands = [line.split("#", 1)[0].strip() for block in blocks for line in block]
    assert [c for c in commands if c] == QUICK_START


def test_the_link_checker_reads_links_and_anchors_as_github_does(tmp_path: Path):
    (tmp_path / "there.md").write_text(
        "# A title: with (punctuation)!\n\n## Set-up_notes\n\n## Set-up_notes\n"
    )
    page = tmp_path / "page.md"
    page.write_text(
        "# Page\n\nSee [there](there.md#a-title-with-punctuation), [again](there.md#set-up_notes-1), "
        "![img](missing.png), [web](https://example.com/x), [mail](mailto:a@b.c), `[code](nowhere.md)`,\n"
        "[bad anchor](there.md#nope), [self](#page) and [[nested] text](there.md).\n\n"
        "```\n[in a fence](nowhere.md)\n```\n"
    )
    assert broken_links(page) == [
        "missing.png: no such file",
        "there.md#nope: no heading with the anchor #nope in there.md",
    ]
    assert slug("Scale-out: several workers, Redis, PostgreSQL (`make load`)") == (
        "scale-out-several-workers-redis-postgresql-make-load"
    )
    assert anchors(tmp_path / "there.md") == {"a-title-with-punctuation", "set-up_notes", "set-up_notes-1"}
