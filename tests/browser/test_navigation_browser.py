"""A way through the course inside JupyterLab (issue 41), walked in headless Chromium.

JupyterLab runs as `make lab` runs it (the course's Jupyter settings in binder/jupyter_config, the
repository's layout: notebooks/ beside exercises/), on a copy. From the introduction, every link to
a chapter and to its exercises is clicked; in every chapter, every link of its navigation cell
(previous, next, exercises, the list of chapters, the glossary terms) is clicked, and each must open
the file it names, a glossary term scrolled into view. Each notebook's tab title says what is open: a
chapter and its exercises (``01-thermometers.ipynb``, ``01-thermometers-exercises.ipynb``) never share
one. The lab shows no grading tool (nbgrader's menu and sidebar) and no news toast, although the test
environment has nbgrader installed.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from labtools import SCREENSHOTS
from puzzlelib.classroom.exercises import exercise_name

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("PUZZLELIB_CHROMIUM", "/usr/bin/chromium")
CHAPTERS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
LAB_CONFIG = ROOT / "binder" / "jupyter_config"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _without_outputs(path: Path) -> None:
    """The notebook with its code cells' outputs cleared: the links are in the markdown cells, and a
    chapter without its figures and tables opens in a second instead of many (a walk opens each
    chapter several times)."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    nbformat.write(nb, path)


@pytest.fixture(scope="module")
def course_lab(tmp_path_factory):
    """JupyterLab on a copy of the course, with `make lab`'s settings; yields its URL."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"browser tests need Chromium at {CHROMIUM} (`make test` installs it when run as root)")
    pytest.importorskip("playwright.sync_api")
    home = tmp_path_factory.mktemp("course")
    for folder in ("notebooks", "exercises"):
        shutil.copytree(ROOT / folder, home / folder, ignore=shutil.ignore_patterns("[0-9][0-9]-*.md", "play.md"))
    for path in (home / "notebooks").glob("*.ipynb"):
        _without_outputs(path)
    (home / ".jupyter").mkdir()
    (home / ".jupyter" / "jupyter_server_config.json").write_text(
        '{"ZMQChannelsWebsocketConnection": {"kernel_ws_protocol": ""}}')
    settings = home / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
    port = _free_port()
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / ".jupyter"), JUPYTER_CONFIG_PATH=str(LAB_CONFIG),
               JUPYTER_RUNTIME_DIR=str(home / ".runtime"), JUPYTER_PLATFORM_DIRS="1",
               JUPYTERLAB_SETTINGS_DIR=str(home / "settings"), JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"))
    log_path = home / "jupyterlab.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
             f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
             "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={home}",
             "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
             *(["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else [])],
            stdout=log, stderr=subprocess.STDOUT, env=env, cwd=home)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 120
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/status", timeout=2)
                break
            except OSError:
                if server.poll() is not None or time.time() > deadline:
                    raise RuntimeError(log_path.read_text(errors="replace")[-3000:])
                time.sleep(0.5)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


@pytest.fixture(scope="module")
def lab_page(course_lab):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.set_default_timeout(60_000)
        page.goto(f"{course_lab}/lab/tree/notebooks/00-introduction.ipynb?reset")
        page.locator(".jp-NotebookPanel .jp-RenderedMarkdown").first.wait_for()
        page.wait_for_timeout(2000)
        yield page
        browser.close()


def _current_path(page) -> str:
    """The path of the document in the current main-area tab: JupyterLab keeps it in the address
    (``/lab/tree/<path>``), folder included."""
    return urllib.parse.unquote(page.url.split("/lab/tree/", 1)[-1].split("?", 1)[0].split("#", 1)[0])


def _tab_title(page) -> str:
    """The title of the current tab of the main area, as the student reads it (the file's name, without
    its folder: notebooks/01-thermometers.ipynb and exercises/01-thermometers-exercises.ipynb differ)."""
    label = page.locator("#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel").first
    return label.inner_text().strip()


def _open(page, lab: str, path: str):
    """Open ``path`` in the lab and wait for its rendered markdown."""
    page.goto(f"{lab}/lab/tree/{path}?reset")
    page.locator(".jp-NotebookPanel .jp-RenderedMarkdown").first.wait_for()
    page.wait_for_timeout(1500)


def _shut_kernels(page, lab: str) -> None:
    """Stop the kernels the opened notebooks started (each chapter opened starts one)."""
    for session in page.request.get(f"{lab}/api/sessions").json():
        page.request.delete(f"{lab}/api/sessions/{session['id']}")


#: The top of the element with anchor ``id`` in the current main-area tab, or null when there is none.
_ANCHOR_TOP = """(id) => { const el = [...document.querySelectorAll('.lm-DockPanel-widget:not(.lm-mod-hidden) '
     + '[data-jupyter-id], .lm-DockPanel-widget:not(.lm-mod-hidden) [id]')]
     .find(e => (e.getAttribute('data-jupyter-id') || e.id) === id);
     return el ? el.getBoundingClientRect().top : null; }"""
_ANCHOR_ON_SCREEN = f"""([id, bottom]) => {{ const top = ({_ANCHOR_TOP})(id);
     return top !== null && 0 <= top && top <= bottom; }}"""


def _click_and_check(page, link, expected: str, fragment: str | None) -> str | None:
    """Click ``link``; a fault in words, or None when the right file opened (and the anchor shows)."""
    text = link.inner_text()
    link.scroll_into_view_if_needed()
    link.click()
    try:
        page.wait_for_function("(p) => decodeURIComponent(location.pathname).endsWith('/lab/tree/' + p)", arg=expected,
                               timeout=30_000)
    except Exception:
        return f"{text!r} did not open {expected} (the lab shows {_current_path(page)})"
    if fragment:
        # the anchor on screen (the glossary's last terms cannot scroll to the top), polled: the
        # document scrolls once it has rendered, which takes longer on a busy machine
        height = page.viewport_size["height"]
        try:
            page.wait_for_function(_ANCHOR_ON_SCREEN, arg=[fragment, height - 60], timeout=15_000)
        except Exception:
            top = page.evaluate(_ANCHOR_TOP, fragment)
            if top is None:
                return f"{text!r}: {expected} has no anchor {fragment!r}"
            return f"{text!r}: {expected}#{fragment} is not scrolled into view (top at {top:.0f} px)"
    return None


def _walk(page, lab: str, source: str, links, titles: dict[str, str] | None = None) -> list[str]:
    """Click each link of ``source`` (re-opened before each click) and collect the faults; ``titles``
    gets the tab title of each file opened, by path."""
    faults = []
    titles = {} if titles is None else titles
    if _current_path(page) != source:  # the tests open the source to read its links first
        _open(page, lab, source)
    titles[source] = _tab_title(page)
    for index, (path, fragment) in links:
        if _current_path(page) != source:  # a link that failed left something else open
            _open(page, lab, source)
        panel = page.locator(".lm-DockPanel-widget:not(.lm-mod-hidden) .jp-RenderedMarkdown").first
        panel.wait_for()
        link = page.locator(".lm-DockPanel-widget:not(.lm-mod-hidden)").locator(".jp-RenderedMarkdown a[href]").nth(index)
        fault = _click_and_check(page, link, path, fragment)
        if fault:
            faults.append(f"{source}: {fault}")
            continue
        titles[path] = _tab_title(page)
        if path != source:
            # close what the link opened, by its tab's close icon (Alt+W was often not taken, and the
            # source then re-opened after 10 s): the source is current again
            page.locator("#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabCloseIcon").first.click()
            try:
                page.wait_for_function("(p) => decodeURIComponent(location.pathname).endsWith('/lab/tree/' + p)",
                                       arg=source, timeout=10_000)
            except Exception:
                _open(page, lab, source)
    return faults


def _local_links(page, only_last_cell: bool = False) -> list[tuple[int, tuple[str, str | None]]]:
    """(index among the page's markdown links, (path, fragment)) of the links to files of the course.

    JupyterLab writes a relative link's href as the file's download URL (``/files/<path>?_xsrf=...``)
    and opens it in the lab when clicked; the path and the fragment are read back from that URL."""
    found = page.locator(".lm-DockPanel-widget:not(.lm-mod-hidden)").locator(".jp-RenderedMarkdown a[href]").evaluate_all(
        "els => els.map(e => [e.getAttribute('href'), !!e.closest('.jp-Cell:last-child')])")
    links = []
    for i, (href, last) in enumerate(found):
        match = re.match(r"https?://[^/]+/files/([^?#]+)(?:\?[^#]*)?(?:#(.*))?$", href)
        if match and (last or not only_last_cell):
            fragment = urllib.parse.unquote(match.group(2)) if match.group(2) else None
            links.append((i, (urllib.parse.unquote(match.group(1)), fragment)))
    return links


def test_the_lab_shows_no_grading_tool_and_no_news(lab_page):
    menus = lab_page.locator(".lm-MenuBar-itemLabel").all_inner_texts()
    assert menus and not [m for m in menus if "nbgrader" in m.lower()], menus
    sidebar = " ".join(lab_page.locator(".jp-SideBar .lm-TabBar-tab").evaluate_all(
        "els => els.map(e => (e.title || '') + ' ' + e.textContent)"))
    assert "assignment" not in sidebar.lower() and "nbgrader" not in sidebar.lower(), sidebar
    toasts = lab_page.locator(".Toastify__toast").all_inner_texts()
    assert not [t for t in toasts if "news" in t.lower()], toasts
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    lab_page.screenshot(path=str(SCREENSHOTS / "lab-introduction.png"))


def test_the_introduction_links_every_chapter_and_its_exercises(lab_page, course_lab):
    _open(lab_page, course_lab, "notebooks/00-introduction.ipynb")
    links = _local_links(lab_page)
    targets = {path for _, (path, _) in links}
    for chapter in CHAPTERS[1:]:
        assert f"notebooks/{chapter}" in targets, f"the introduction does not link {chapter}"
    for chapter in CHAPTERS:
        assert f"exercises/{exercise_name(chapter)}" in targets, \
            f"the introduction does not link exercises/{exercise_name(chapter)}"
    seen, table = set(), []
    for i, (path, fragment) in links:  # each chapter and exercise notebook once
        if re.fullmatch(r"(notebooks|exercises)/\d\d-[\w-]+\.ipynb", path) and path not in seen:
            seen.add(path)
            table.append((i, (path, fragment)))
    titles: dict[str, str] = {}
    faults = _walk(lab_page, course_lab, "notebooks/00-introduction.ipynb", table, titles)
    _shut_kernels(lab_page, course_lab)
    assert not faults, "\n".join(faults)
    # tab titles say what is open: each the file's own name, no two alike (a chapter and its exercises)
    assert len(titles) == 2 * len(CHAPTERS), sorted(titles)
    assert {path: title for path, title in titles.items() if title != Path(path).name} == {}, titles
    assert len(set(titles.values())) == len(titles), titles


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_each_chapter_links_its_neighbours_exercises_and_glossary_terms(lab_page, course_lab, chapter):
    source = f"notebooks/{chapter}"
    _open(lab_page, course_lab, source)
    links = _local_links(lab_page, only_last_cell=True)
    paths = [path for _, (path, _) in links]
    number = CHAPTERS.index(chapter)
    assert f"exercises/{exercise_name(chapter)}" in paths, f"{chapter} does not link its exercises at its end"
    if number > 0:
        assert f"notebooks/{CHAPTERS[number - 1]}" in paths, f"{chapter} does not link the previous chapter"
    if number + 1 < len(CHAPTERS):
        assert f"notebooks/{CHAPTERS[number + 1]}" in paths, f"{chapter} does not link the next chapter"
    assert any(path == "notebooks/glossary.md" and fragment for _, (path, fragment) in links) or number in (13,), \
        f"{chapter} lists no glossary term at its end"
    faults = _walk(lab_page, course_lab, source, links)
    _shut_kernels(lab_page, course_lab)
    assert not faults, "\n".join(faults)
