"""The website and the app in headless Chromium: a book page renders its maths and pictures with
no network, and the Voila app solves a puzzle when Solve is pressed."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from labtools import SCREENSHOTS

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def browser(chromium):
    """The session's Chromium (conftest's): Playwright's sync API allows one instance per process."""
    return chromium


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_book_page_renders_offline(browser, tmp_path):
    out = tmp_path / "book"
    subprocess.run([str(Path(sys.executable).parent / "jupyter-book"), "build", str(ROOT),
                    "--config", str(ROOT / "book" / "_config.yml"), "--toc", str(ROOT / "book" / "_toc.yml"),
                    "--path-output", str(out)], check=True, capture_output=True, cwd=ROOT, timeout=600)
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    page.goto((out / "_build" / "html" / "notebooks" / "01-thermometers.html").as_uri())
    page.locator("mjx-container").first.wait_for(timeout=60_000)  # MathJax ran, from the book itself
    images = page.locator("article img")
    assert images.count() > 0
    assert page.evaluate("Array.from(document.querySelectorAll('article img')).every(i => i.naturalWidth > 0)")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "book-thermometers.png"))
    page.close()


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    port = _free_port()
    home = tmp_path_factory.mktemp("voila")
    log = open(home / "voila.log", "w")
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / ".jupyter"), JUPYTER_RUNTIME_DIR=str(home / ".runtime"))
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "voila"), str(ROOT / "notebooks" / "play.ipynb"), "--no-browser",
         f"--port={port}", "--Voila.ip=127.0.0.1", "--strip_sources=True", "--theme=light"],
        stdout=log, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.time() + 90
    while time.time() < deadline:
        try:
            urllib.request.urlopen(url, timeout=5)
            break
        except OSError:
            if server.poll() is not None:
                raise RuntimeError((home / "voila.log").read_text()[-2000:])
            time.sleep(0.5)
    yield url
    server.terminate()
    server.wait(timeout=20)
    log.close()


def test_the_app_solves_a_puzzle(browser, voila):
    page = browser.new_page(viewport={"width": 1500, "height": 1100})
    page.set_default_timeout(120_000)
    page.goto(voila)
    editor = page.locator(".puzzlelib-editor").first
    editor.wait_for(state="visible")
    assert "play()" not in page.locator("body").inner_text(), "the app shows code"
    tab = page.locator(".lm-TabBar-tab", has_text="Circuit Scramble").first
    tab.click()
    editor = page.locator(".puzzlelib-editor").nth(1)
    editor.wait_for(state="visible")
    canvas = editor.locator("canvas").first
    page.wait_for_timeout(1500)
    before = canvas.screenshot()
    editor.get_by_role("button", name="Solve", exact=True).click()
    editor.locator('.puzzlelib-message span[style*="2e7d32"]').wait_for()
    page.wait_for_timeout(1500)
    assert canvas.screenshot() != before, "the picture did not change after Solve"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "app-circuit-solved.png"))
    page.close()
