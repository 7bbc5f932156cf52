"""What a newcomer sees first, in headless Chromium: the book's pages render their maths with no
MathJax error and no console error, and the app (`make play`'s own command) works with no network,
its boards close to their controls, Sudoku's Size showing its value and Flow Free's colour list
naming the dots as the board draws them."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from labtools import SCREENSHOTS

ROOT = Path(__file__).resolve().parents[2]
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "file://", "data:", "blob:", "about:")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _offline(page) -> list[str]:
    """Refuse every request that leaves the machine; the list of those refused."""
    refused: list[str] = []

    def route(r):
        if r.request.url.startswith(LOCAL):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    return refused


# ---- the book -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def book(tmp_path_factory):
    out = tmp_path_factory.mktemp("book")
    subprocess.run([str(Path(sys.executable).parent / "jupyter-book"), "build", str(ROOT),
                    "--config", str(ROOT / "book" / "_config.yml"), "--toc", str(ROOT / "book" / "_toc.yml"),
                    "--path-output", str(out)], check=True, capture_output=True, cwd=ROOT, timeout=600)
    return out / "_build" / "html"


# Every page of the book: a page that fails is named in the test's id.
PAGES = ([f"notebooks/{p.stem}" for p in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))]
         + ["notebooks/glossary", "notebooks/guide"]
         + [f"exercises/{p.stem}" for p in sorted((ROOT / "exercises").glob("*.ipynb"))])


@pytest.mark.parametrize("name", PAGES)
def test_a_book_page_has_no_maths_error_and_no_console_error(chromium, book, name):
    page = chromium.new_page(viewport={"width": 1300, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    refused = _offline(page)
    page.goto((book / f"{name}.html").as_uri(), wait_until="load")
    if page.locator("article .math").count():  # MathJax typesets the page's maths: wait until it is done
        page.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise", timeout=60_000)
        page.evaluate("() => MathJax.startup.promise")
        assert page.locator("mjx-container").count(), f"{name}: MathJax typeset nothing"
    merrors = page.locator("mjx-merror").all_inner_texts()
    assert not merrors, f"{name}: MathJax errors {merrors[:3]}"
    text = page.evaluate("""() => {  // the article as read, without code (where a $ is a shell's) and maths
        const copy = document.querySelector("article").cloneNode(true);
        copy.querySelectorAll("pre, code, mjx-container, script, style, .cell_output").forEach(e => e.remove());
        return copy.textContent; }""")
    stray = [text[max(0, m.start() - 40):m.end() + 20] for m in re.finditer(r"\$", text)]
    assert not stray, f"{name}: a $ shows on the page, near {stray[0]!r}"
    errors = [e for e in errors if "net::ERR_FAILED" not in e]  # the refused requests, listed below
    assert not errors, f"{name}: console errors {errors[:3]}"
    assert not refused, f"{name}: the page asks the network for {refused[:3]}"
    page.close()


# ---- the app ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def play(tmp_path_factory):
    """The app started with `make play`'s own command (Voila), on a free port, no browser."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    printed = subprocess.run(["make", "-n", "-s", "--no-print-directory", "play"], cwd=ROOT,
                             capture_output=True, text=True, timeout=60).stdout
    lines = [line for line in printed.splitlines() if "voila" in line]
    assert len(lines) == 1, printed
    command = lines[0].replace(".venv/bin/voila", str(Path(sys.executable).parent / "voila"))
    port = _free_port()
    home = tmp_path_factory.mktemp("play")
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_RUNTIME_DIR=str(home / "runtime"))
    log_path = home / "voila.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen(f"{command} --no-browser --port={port} --Voila.ip=127.0.0.1", shell=True,
                                  cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.time() + 120
        while True:
            try:
                urllib.request.urlopen(url, timeout=5)
                break
            except OSError:
                if server.poll() is not None or time.time() > deadline:
                    raise RuntimeError(log_path.read_text()[-3000:])
                time.sleep(0.5)
        yield url
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


@pytest.fixture(scope="module")
def app_page(chromium, play):
    page = chromium.new_page(viewport={"width": 1500, "height": 1100})
    page.set_default_timeout(120_000)
    refused = _offline(page)
    page.goto(play)
    page.locator(".puzzlelib-editor").first.wait_for(state="visible")
    page.refused = refused
    yield page
    page.close()


def _open_tab(page, title: str):
    page.locator(".lm-TabBar-tab", has=page.locator(".lm-TabBar-tabLabel", has_text=re.compile(rf"^{title}$"))).first.click()
    page.locator(".lm-TabBar-tab.lm-mod-current", has_text=re.compile(rf"^{title}$")).wait_for()
    editor = page.locator(".puzzlelib-editor:visible").first
    editor.wait_for(state="visible")
    editor.locator("canvas").last.wait_for(state="visible")
    return editor


def test_the_app_asks_nothing_of_the_network(app_page):
    assert not app_page.refused, f"the app asks the network for {app_page.refused[:3]}"


def test_each_board_sits_beside_its_controls(app_page):
    editor = _open_tab(app_page, "Thermometers")
    board = editor.locator("canvas").last.bounding_box()
    panel = editor.locator(":scope > .widget-vbox").first.bounding_box()
    gap = panel["x"] - (board["x"] + board["width"])
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    app_page.screenshot(path=str(SCREENSHOTS / "app-thermometers.png"))
    assert -2 <= gap <= 40, f"{gap:.0f} px between the board and its controls"


def test_sudoku_shows_its_size(app_page):
    """Also in a narrow window, where the row of controls is squeezed."""
    editor = _open_tab(app_page, "Sudoku")
    app_page.set_viewport_size({"width": 900, "height": 1100})
    app_page.wait_for_timeout(500)
    size = editor.locator(".widget-dropdown", has_text="Size").locator("select").first
    shown = size.evaluate("el => el.options[el.selectedIndex].text")
    # the value's text and the select's arrow both fit: room for "9" and about 40 px of arrow and padding
    width = size.evaluate("el => el.getBoundingClientRect().width")
    print("Size box", shown, width)
    app_page.screenshot(path=str(SCREENSHOTS / "app-sudoku-narrow.png"))
    app_page.set_viewport_size({"width": 1500, "height": 1100})
    assert shown.isdigit() and width >= 60, f"the Size box is {width:.0f} px wide, too narrow to show {shown!r}"


def test_flow_free_names_the_colour_as_the_board_does(app_page):
    editor = _open_tab(app_page, "Flow Free")
    colour = editor.locator(".widget-dropdown", has_text="Colour").locator("select").first
    assert colour.input_value().isdigit(), f"the chapter's board numbers its dots, the list says {colour.input_value()!r}"


# ---- pictures -----------------------------------------------------------------------------------

def test_the_slider_board_has_its_whole_border():
    """The right and bottom edges are drawn (they lay on the axes' edge and were clipped away)."""
    import matplotlib

    matplotlib.use("Agg")
    import numpy as np

    from puzzlelib import slider as sl

    puzzle = sl.seed_puzzle() if hasattr(sl, "seed_puzzle") else sl.Puzzle.from_text(sl.SEED_BOARD)
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    fig = sl.draw(puzzle)
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    pixels = np.asarray(canvas.buffer_rgba())[..., :3].astype(int)
    ax = fig.axes[0]
    nrows, ncols = puzzle.shape
    (x0, y0), (x1, y1) = ax.transData.transform([(-0.5, -0.5), (ncols - 0.5, nrows - 0.5)])
    height = pixels.shape[0]
    top, bottom, left, right = height - y0, height - y1, x0, x1
    rows = slice(int(min(top, bottom)) + 3, int(max(top, bottom)) - 3)
    cols = slice(int(left) + 3, int(right) - 3)
    background = pixels[int(height / 2), 1]

    def drawn(strip, across):  # the share of the edge's length where one of its 3 pixels is not background
        return (np.abs(strip - background).sum(axis=-1) > 30).any(axis=across).mean()

    upper, lower = int(min(top, bottom)), int(max(top, bottom))
    edges = {"left": (pixels[rows, int(left) - 1:int(left) + 2], 1),
             "right": (pixels[rows, int(right) - 2:int(right) + 1], 1),
             "top": (pixels[upper - 1:upper + 2, cols], 0), "bottom": (pixels[lower - 2:lower + 1, cols], 0)}
    missing = [side for side, (strip, across) in edges.items() if drawn(strip, across) < 0.9]
    assert not missing, f"the board has no border on its {missing}"
