"""scripts/deploy.py's pure helpers agree with Open WebUI's own parsing."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from open_webui.utils.plugin import extract_frontmatter

from devkit.deploy import Plugin, parse_frontmatter, version_tuple
from tests.conftest import ROOT

line = st.one_of(
    st.from_regex(r"[a-zA-Z_]{1,12}: [^\n\"]{0,30}", fullmatch=True),
    st.text(alphabet=st.characters(blacklist_characters='\n\r"\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029'), max_size=30),
)


@given(st.lists(line, max_size=8), st.booleans())
def test_frontmatter_parsing_matches_open_webui(lines, opened):
    source = ('"""\n' if opened else "# no frontmatter\n") + "\n".join(lines) + '\n"""\nbody = 1\n'
    assert parse_frontmatter(source) == extract_frontmatter(source)


def test_version_tuple():
    assert version_tuple("0.12.4") == (0, 12, 4)
    assert version_tuple("v0.9.0-dev") == (0, 9, 0)
    assert version_tuple("0.12.4") > version_tuple("0.9.10") > version_tuple("0.9.2")


def test_plugins_read_their_names_from_frontmatter():
    tool = Plugin.from_file(ROOT / "tools" / "subquery.py", "subquery")
    assert (tool.name, tool.required_version) == ("Subquery", "0.11.4")
    assert tool.form({})["meta"]["description"] == tool.description != ""
