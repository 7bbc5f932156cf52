"""The first ten minutes in JupyterLab: `make lab` serves the repository root and opens the
introduction, and opening and saving a chapter leaves `git status` clean.

JupyterLab, with jupytext's contents manager (installed with the course), rewrites a notebook's
metadata when a kernel starts (the kernelspec's display name, the language info) and autosaves it,
and jupytext then rewrites the .md twin. The committed metadata must be exactly what they write, or
every student's clone shows modified files after opening a chapter. The test opens and saves every
notebook the way Lab does, through jupytext's own contents manager with the installed kernel's
names, in a copy, and compares the bytes.

Run as a script, it does the same to the named notebooks in place (what a one-off normalisation
needs; the notebook runner writes the same metadata from then on):

    .venv/bin/python tests/test_lab.py notebooks/06-aquarium.ipynb ...
"""

from __future__ import annotations

import asyncio
import json
import os
import platform
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

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(str(p.relative_to(ROOT)) for folder in ("notebooks", "exercises", "solutions")
                   for p in (ROOT / folder).glob("*.ipynb"))


def lab_metadata() -> dict:
    """The kernelspec and language info JupyterLab writes once the course's kernel has started."""
    from ipykernel.ipkernel import IPythonKernel
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager().get_kernel_spec("python3")
    language_info = json.loads(json.dumps(IPythonKernel.language_info))
    language_info["version"] = platform.python_version()  # the kernel runs this Python
    return {"kernelspec": {"display_name": spec.display_name, "language": spec.language, "name": "python3"},
            "language_info": language_info}


def open_and_save(root: Path, paths: list[str]) -> None:
    """Open each notebook under ``root`` and save it as JupyterLab does (jupytext pairs included)."""
    from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager
    from jupytext.async_contentsmanager import build_async_jupytext_contents_manager_class

    manager = build_async_jupytext_contents_manager_class(AsyncLargeFileManager)(root_dir=str(root))
    metadata = lab_metadata()

    async def run():
        for path in paths:
            model = await manager.get(path, content=True)
            notebook = model["content"]
            notebook.metadata.update(json.loads(json.dumps(metadata)))
            await manager.save({"type": "notebook", "format": "json", "content": notebook}, path)

    asyncio.run(run())


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_opening_and_saving_in_lab_changes_nothing(notebook, tmp_path):
    source = ROOT / notebook
    folder = tmp_path / Path(notebook).parent
    folder.mkdir(parents=True)
    pair = [source] + ([source.with_suffix(".md")] if source.with_suffix(".md").exists() else [])
    for path in pair:
        shutil.copy2(path, folder / path.name)
    open_and_save(tmp_path, [notebook])
    changed = [path.name for path in pair if (folder / path.name).read_bytes() != path.read_bytes()]
    assert not changed, (f"opening and saving {notebook} in JupyterLab rewrites {changed}: commit the metadata "
                         f"Lab writes (.venv/bin/python tests/test_lab.py {notebook}, or re-run it with "
                         "puzzlelib.classroom.runner)")


def test_the_runner_writes_what_lab_writes(tmp_path):
    """A notebook written by the course's runner needs no rewrite when Lab opens it."""
    from puzzlelib.classroom.runner import read_source, write_pair

    folder = tmp_path / "notebooks"
    folder.mkdir()
    for suffix in (".ipynb", ".md"):
        shutil.copy2((ROOT / "notebooks" / "01-thermometers").with_suffix(suffix), folder)
    nb = read_source(folder / "01-thermometers.ipynb")
    nb.metadata.pop("kernelspec", None)
    nb.metadata.setdefault("jupytext", {})["text_representation"] = {"extension": ".md", "format_name": "myst"}
    nb.metadata["language_info"] = lab_metadata()["language_info"]  # what running it in the kernel sets
    write_pair(nb, folder / "01-thermometers.ipynb")
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    open_and_save(tmp_path, ["notebooks/01-thermometers.ipynb"])
    after = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    assert before == after


# ---- make lab ----------------------------------------------------------------------------------

def _lab_command() -> str:
    """The command `make lab` runs, as make prints it (nothing is run)."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    printed = subprocess.run(["make", "-n", "-s", "--no-print-directory", "lab"], cwd=ROOT,
                             capture_output=True, text=True, timeout=60).stdout
    lines = [line for line in printed.splitlines() if "jupyter lab" in line]
    assert len(lines) == 1, printed
    return lines[0]


def test_make_lab_opens_the_introduction_from_the_repository_root():
    command = _lab_command()
    assert "--ServerApp.root_dir=." in command and "notebooks/00-introduction.ipynb" in command
    assert not re.search(r"jupyter lab\S*( --\S+)* notebooks/", command), "a file argument makes its folder the root"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def make_lab(tmp_path_factory):
    """JupyterLab started with `make lab`'s own command (no browser), and the URL it printed."""
    command = _lab_command().replace(".venv/bin/jupyter", str(Path(sys.executable).parent / "jupyter"))
    port = _free_port()
    home = tmp_path_factory.mktemp("make-lab")
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(home / "settings"), JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"))
    log_path = home / "lab.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen(f"{command} --no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port={port} "
                                  "--LabApp.news_url=None", shell=True, cwd=ROOT, env=env,
                                  stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.time() + 120
        url = None
        while time.time() < deadline and url is None:
            if server.poll() is not None:
                raise AssertionError(log_path.read_text()[-3000:])
            found = re.search(rf"(http://127\.0\.0\.1:{port}/\S*token=[0-9a-f]+)", log_path.read_text())
            url = found.group(1) if found else None
            time.sleep(0.5)
        assert url, log_path.read_text()[-3000:]
        yield url
    finally:
        os.killpg(server.pid, 15)
        server.wait(timeout=30)


def _get(url: str, path: str):
    base, token = url.split("/lab", 1)[0], url.split("token=")[1]
    with urllib.request.urlopen(f"{base}{path}{'&' if '?' in path else '?'}token={token}", timeout=30) as answer:
        return answer.status, answer.read()


def test_the_printed_url_opens_the_introduction(make_lab):
    assert "/lab/tree/notebooks/00-introduction.ipynb?" in make_lab, make_lab
    base, token = make_lab.split("?")[0], make_lab.split("token=")[1]
    with urllib.request.urlopen(f"{base}?token={token}", timeout=30) as answer:
        assert answer.status == 200 and b"JupyterLab" in answer.read()


def test_the_file_browser_shows_the_course_and_each_chapter_once(make_lab):
    _, listing = _get(make_lab, "/api/contents?content=1")
    top = {item["name"] for item in json.loads(listing)["content"]}
    assert {"notebooks", "exercises", "solutions", "README.md"} <= top
    _, listing = _get(make_lab, "/api/contents/notebooks?content=1")
    names = {item["name"] for item in json.loads(listing)["content"]}
    chapters = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    assert set(chapters) <= names and {"glossary.md", "guide.md"} <= names
    assert not [name for name in names if re.fullmatch(r"\d\d-.*\.md|play\.md", name)], "the .md twins show"


def test_the_chapters_links_to_the_exercises_resolve(make_lab):
    """Every link of a chapter out of notebooks/ (to its exercises) opens in the lab `make lab` starts."""
    links = sorted({link for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.md")
                    for link in re.findall(r"\]\((\.\./[^)#\s]+)", p.read_text())})
    assert "../exercises/01-thermometers-exercises.ipynb" in links, "chapter 1 links to its exercises"
    for link in links:
        path = os.path.normpath(f"notebooks/{link}")
        status, _ = _get(make_lab, f"/api/contents/{path}?content=0")
        assert status == 200, link


# ---- README on a fresh clone -------------------------------------------------------------------

def test_the_readme_solves_its_example_board_as_written():
    """README's terminal example names a board that ships with the course and the venv's Python."""
    readme = (ROOT / "README.md").read_text()
    boards = re.findall(r"^\.venv/bin/python -m puzzlelib solve (\S+)", readme, re.M)
    assert boards, "README shows `.venv/bin/python -m puzzlelib solve <a board of the course>`"
    for board in boards:
        assert (ROOT / board).is_file() and subprocess.run(["git", "ls-files", "--error-unmatch", board], cwd=ROOT,
                                                          capture_output=True).returncode == 0, f"{board} is not committed"
        result = subprocess.run([sys.executable, "-m", "puzzlelib", "solve", board], cwd=ROOT,
                                capture_output=True, text=True, timeout=300)
        assert result.returncode == 0 and "unique: yes" in result.stdout, result.stdout + result.stderr


@pytest.mark.parametrize("page", ["README.md"] + sorted(f"notebooks/{p.name}" for p in (ROOT / "notebooks").glob("*.md")))
def test_no_page_sends_the_reader_outside_the_clone(page):
    """`../shared/` (the course's notes) is not part of a clone: cite the source itself."""
    lines = [n for n, line in enumerate((ROOT / page).read_text().splitlines(), 1) if "shared/seeds" in line]
    assert not lines, f"{page} points to shared/seeds/ on lines {lines}"



# ---- a way through the course in the lab (issue 41) ---------------------------------------------

def _navigation():
    import importlib.util

    spec = importlib.util.spec_from_file_location("navigation", ROOT / "book" / "navigation.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_chapter_ends_with_its_navigation_cell():
    """Previous, next, exercises, the list of chapters and the glossary terms used (book/navigation.py)."""
    assert _navigation().stale() == [], "run .venv/bin/python book/navigation.py"


def test_every_glossary_link_has_an_anchor_the_lab_scrolls_to():
    """JupyterLab gives a heading another id than the book ('LP-relaxation'): each term has an <a id>."""
    glossary = (ROOT / "notebooks" / "glossary.md").read_text()
    # a non-ASCII slug also gets its percent-encoded twin: JupyterLab looks the fragment up as the link writes it
    anchors = {urllib.parse.unquote(a) for a in re.findall(r'^<a id="([\w%-]+)"></a>$', glossary, re.M)}
    assert anchors == set(_navigation().glossary_terms()), "one anchor per term, with the book's slug"
    for slug in anchors - {a for a in anchors if a.isascii()}:
        assert f'<a id="{urllib.parse.quote(slug)}"></a>' in glossary, f"{slug}: no percent-encoded anchor for the lab"
    assert not re.search(r"^\([\w-]+\)=$", glossary, re.M), "MyST labels show as raw text in the lab"
    inside = set(re.findall(r"\]\(#([\w-]+)\)", glossary))
    assert inside <= anchors, f"the glossary links to anchors it lacks: {sorted(inside - anchors)}"
    for page in sorted((ROOT / "notebooks").glob("*.md")):
        missing = set(re.findall(r"glossary\.md#([\w-]+)", page.read_text())) - anchors
        assert not missing, f"{page.name} links glossary terms without an anchor: {sorted(missing)}"


def test_the_introduction_links_every_chapter_and_its_exercises():
    intro = (ROOT / "notebooks" / "00-introduction.md").read_text()
    for chapter in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")):
        if chapter.stem != "00-introduction":
            assert f"]({chapter.name})" in intro, f"the introduction does not link {chapter.name}"
        exercises = f"{chapter.stem}-exercises.ipynb"  # a name of its own, so that its tab says what it is
        assert f"](../exercises/{exercises})" in intro, f"the introduction does not link exercises/{exercises}"


def test_make_lab_starts_with_the_course_settings():
    """No grading tool (nbgrader's extensions) and no news toast in a student's lab."""
    command = _lab_command()
    assert "JUPYTER_CONFIG_PATH=" in command and "binder/jupyter_config" in command
    config = ROOT / "binder" / "jupyter_config"
    disabled = json.loads((config / "labconfig" / "page_config.json").read_text())["disabledExtensions"]
    assert disabled.get("@jupyter/nbgrader") and disabled.get("@jupyterlab/apputils-extension:announcements")
    server = json.loads((config / "jupyter_server_config.json").read_text())["ServerApp"]["jpserver_extensions"]
    assert server and not any(server.values()) and all(name.startswith("nbgrader.") for name in server)


def test_no_chapter_cites_the_notes_seed_numbers():
    """'seeds 000-004' are names from the course's notes; a chapter names the documents."""
    for page in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.md")):
        lines = [n for n, line in enumerate(page.read_text().splitlines(), 1)
                 if re.search(r"\bseeds? 00\d", line, re.I)]
        assert not lines, f"{page.name} cites a seed number on lines {lines}"


if __name__ == "__main__":  # python tests/test_lab.py NOTEBOOK.ipynb ...: open and save in place, as Lab does
    open_and_save(ROOT, [str(Path(name).resolve().relative_to(ROOT)) for name in sys.argv[1:]])
