"""`make screenshots` end to end: scripts/screenshots.py on the scripted demo (real tool servers, a real Open WebUI
0.12.4, headless Debian Chromium) writes every docs image, and none of them is blank."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from devkit.harness import ROOT

pytestmark = [pytest.mark.e2e, pytest.mark.browser]

SHOTS = (
    "subquery-chat.png",
    "filter-status.png",
    "approval.png",
    "valves-subquery.png",
    "valves-filter.png",
    "text-call.png",
)


def assert_not_blank(path: Path) -> None:
    """A real picture: a sensible size, many distinct colours, and no colour covering nearly all of it."""
    with Image.open(path) as image:
        rgb = image.convert("RGB")
    width, height = rgb.size
    assert width >= 300 and height >= 150, (path.name, rgb.size)
    colours = rgb.getcolors(maxcolors=width * height)  # [(count, colour)], every colour
    assert len(colours) > 20, f"{path.name}: only {len(colours)} distinct colours"
    most, colour = max(colours)
    assert most / (width * height) < 0.95, f"{path.name}: {most / (width * height):.1%} of the pixels are {colour}"


def test_screenshots_are_written_and_none_is_blank(tmp_path: Path):
    out = tmp_path / "img"
    done = subprocess.run(
        [sys.executable, "-u", str(ROOT / "scripts" / "screenshots.py"), "--out", str(out)],
        capture_output=True, text=True, cwd=ROOT, timeout=900,
    )
    log = done.stdout[-4000:] + done.stderr[-4000:]
    assert done.returncode == 0, log
    assert sorted(p.name for p in out.glob("*.png")) == sorted(SHOTS), log
    for name in SHOTS:
        assert_not_blank(out / name)
        assert f"✓ {out / name}: " in done.stdout, log
    assert f"Screenshots written to {out}" in done.stdout
