"""Headless Debian Chromium signed in to an Open WebUI page, for the browser tests (no browser download)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from devkit.plugins import ROOT

CHROMIUM = Path("/usr/bin/chromium")
# Without the background-networking flags Chromium tries to reach Google's hosts at every start.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = ROOT / "test-output" / "browser"


class NoChromium(RuntimeError):
    pass


@contextlib.contextmanager
def signed_in_page(base_url: str, email: str, password: str) -> Iterator[Any]:
    """A Playwright page signed in at `base_url`, with "What's new" dismissed; the browser closes after."""
    if not CHROMIUM.exists():
        raise NoChromium("Debian's chromium is not installed: run `make test` (it installs it) or `apt-get install chromium`")
    from playwright.sync_api import sync_playwright

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.set_default_timeout(60_000)
            page.goto(base_url + "/auth", wait_until="domcontentloaded")
            page.fill("input[name=email]", email)
            page.fill("input[name=password]", password)
            page.get_by_role("button", name="Sign in").click()
            page.wait_for_url(lambda u: "/auth" not in u)
            with contextlib.suppress(Exception):  # shown once per user, on the first sign-in after an upgrade
                page.get_by_role("button", name="Okay, Let's Go!").click(timeout=5_000)
            yield page
        finally:
            browser.close()
