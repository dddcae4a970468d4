"""Release hygiene: one version for the project and every plugin, a changelog entry for it, a license, and no
issue numbers of this project in the README or docs/ (an outsider cannot open them)."""

from __future__ import annotations

import re
import tomllib

from devkit.plugins import ROOT

PLUGINS = sorted(ROOT.glob("tools/*.py")) + sorted(ROOT.glob("filters/*.py"))


def frontmatter_version(path) -> str:
    head = path.read_text(encoding="utf-8").split('"""', 2)[1]
    return re.search(r"^version:\s*(\S+)\s*$", head, re.M).group(1)


def test_one_version_for_the_project_and_every_plugin_with_a_changelog_entry():
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert len(PLUGINS) >= 2
    assert {p.name: frontmatter_version(p) for p in PLUGINS} == {p.name: version for p in PLUGINS}
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(r"^## (\S+)", changelog, re.M).group(1) == version  # the newest entry comes first
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")


def test_no_issue_number_of_this_project_in_the_readme_or_docs():
    pattern = re.compile(r"\b[Ii]ssues? #?\d+")  # upstream ones are written "Open WebUI #N" or owner/repo#N
    found = [
        f"{page.relative_to(ROOT)}:{n}: {line.strip()[:80]}"
        for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == []
