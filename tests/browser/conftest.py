"""Fixtures for tests that drive a chapter's editor in a real browser.

A JupyterLab server runs on 127.0.0.1 without a token, serving a temporary copy of the chapters
(so nothing the browser does is saved into the repository), and Playwright drives Debian's
Chromium, never a downloaded browser. Without Chromium the tests are skipped with a message
saying how to get it; `make test` installs it with apt where it can.

Use in a test module (helpers in ``labtools.py``)::

    from labtools import open_notebook, run_all

    def test_editor(lab, page):
        panel = open_notebook(page, lab, "01-thermometers.ipynb")
        run_all(page)
        editor = panel.locator(".puzzlelib-editor").last
        ...
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("PUZZLELIB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """A running JupyterLab; yields its base URL."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"browser tests need Chromium at {CHROMIUM} (Debian: apt-get install chromium; "
                    "`make test` installs it when run as root)")
    pytest.importorskip("playwright.sync_api")
    home = tmp_path_factory.mktemp("lab")
    for folder in ("notebooks",):
        shutil.copytree(ROOT / folder, home / folder, ignore=shutil.ignore_patterns("*.md"))
    # The legacy kernel websocket protocol: with the newer one, jupyter_server (2.x) sometimes
    # misreads the first message on the connection that replaces the old one after a kernel
    # restart ("struct.error: unpack requires a buffer"), and the notebook never runs.
    (home / ".jupyter").mkdir()
    (home / ".jupyter" / "jupyter_server_config.json").write_text(
        '{"ZMQChannelsWebsocketConnection": {"kernel_ws_protocol": ""}}')
    # Render every cell (no lazy "windowing"), so the tests can see every prompt and output.
    settings = home / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
    port = _free_port()
    log_path = home / "jupyterlab.log"
    log = open(log_path, "w")
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / ".jupyter"), JUPYTER_RUNTIME_DIR=str(home / ".runtime"),
               JUPYTER_PLATFORM_DIRS="1", JUPYTERLAB_SETTINGS_DIR=str(home / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"))
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
         f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--IdentityProvider.token=",
         "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={home}",
         "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         *(["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else [])],
        stdout=log, stderr=subprocess.STDOUT, env=env, cwd=home)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 90
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"{url}/api/status", timeout=2)
            break
        except OSError:
            if server.poll() is not None:
                raise RuntimeError("JupyterLab exited: " + log_path.read_text(errors="replace")[-2000:])
            time.sleep(0.5)
    else:
        server.kill()
        raise RuntimeError("JupyterLab did not start within 90 s")
    yield url
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
    log.close()


@pytest.fixture(scope="session")
def chromium(lab):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(chromium):
    context = chromium.new_context(viewport={"width": 1500, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()
