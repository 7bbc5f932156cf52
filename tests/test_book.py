"""The website: the book builds offline from the committed notebooks, with no warning, and every
chapter page holds its pictures, rendered maths and links to the glossary and exercises."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
EXERCISES = sorted(p.stem for p in (ROOT / "exercises").glob("*.ipynb"))


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    """Build the book into a temporary folder (the same command as `make book`)."""
    if shutil.which("jupyter-book", path=str(Path(sys.executable).parent)) is None:
        pytest.skip("jupyter-book is not installed (pip install -e '.[test]')")
    out = tmp_path_factory.mktemp("book")
    command = [str(Path(sys.executable).parent / "jupyter-book"), "build", str(ROOT),
               "--config", str(ROOT / "book" / "_config.yml"), "--toc", str(ROOT / "book" / "_toc.yml"),
               "--path-output", str(out), "--warningiserror", "--nitpick", "--keep-going"]
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=600)
    log = result.stdout + result.stderr
    warnings = [line for line in log.splitlines() if re.search(r"WARNING|ERROR", line)]
    assert result.returncode == 0 and not warnings, "\n".join(warnings[:20]) or log[-3000:]
    return out / "_build" / "html"


def test_every_chapter_has_a_page_with_its_figures(book):
    for name in CHAPTERS:
        page = book / "notebooks" / f"{name}.html"
        assert page.exists(), f"no page for {name}"
        html = page.read_text()
        images = re.findall(r'<img [^>]*src="([^"]+)"', html)
        assert images, f"{name}: no pictures on the page"
        for src in images:
            assert (page.parent / src).resolve().exists(), f"{name}: the picture {src} is missing"


def test_maths_is_rendered_offline(book):
    html = (book / "notebooks" / "01-thermometers.html").read_text()
    assert "_static/mathjax/tex-chtml.js" in html, "MathJax must come from the book, not a CDN"
    assert (book / "_static" / "mathjax" / "tex-chtml.js").exists()
    assert re.search(r'class="math', html)


def test_editor_cells_show_the_board_picture(book):
    """A saved editor shows its board as a PNG on the page (no widget state is saved)."""
    for name in CHAPTERS:
        if name == "00-introduction":
            continue
        html = (book / "notebooks" / f"{name}.html").read_text()
        assert "application/vnd.jupyter.widget-view+json" not in html, f"{name}: an empty widget view"


def test_toc_glossary_and_exercises(book):
    index = (book / "notebooks" / "00-introduction.html").read_text()
    for name in CHAPTERS + ["glossary"]:
        assert f"{name}.html" in index, f"the table of contents lacks {name}"
    assert (book / "notebooks" / "glossary.html").exists()
    for name in EXERCISES:
        assert (book / "exercises" / f"{name}.html").exists(), f"no page for exercises/{name}"
    assert not (book / "solutions").exists(), "the book must not publish the solutions"
