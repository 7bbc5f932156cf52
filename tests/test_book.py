"""The website: the book builds offline from the committed notebooks, with no warning, and every
chapter page holds its pictures, rendered maths and links to the glossary and exercises.

The maths is checked twice, page by page (a failure names the page): in the MyST source, where a
`$$` block that follows a line of prose with no blank line between is read by the book's parser as
inline `$...$` pairs (stray `$` signs, prose set as italic maths, and MathJax's "macro parameter
character #" where a link's `#` lands inside), and in the built HTML, where no `$` may be left
outside the maths and no maths may hold markup or a `#`. JupyterLab shows such cells right, so only
the book shows the fault.
"""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
EXERCISES = sorted(p.stem for p in (ROOT / "exercises").glob("*.ipynb"))
# Every MyST source the book is made from (the .md twins hold the same cells as the notebooks).
SOURCES = sorted(str(p.relative_to(ROOT)) for folder in ("notebooks", "exercises") for p in (ROOT / folder).glob("*.md"))
PAGES = [f"notebooks/{name}" for name in CHAPTERS + ["glossary", "guide"]] + [f"exercises/{name}" for name in EXERCISES]


def display_maths_faults(text: str) -> list[str]:
    """Where a `$$` block of MyST text breaks in the book: each fault as "line N: what".

    A block is `$$` alone on its line, the maths, `$$` alone on its line (or the whole block on one
    line, `$$...$$`), with a blank line before it and after it (a following block may sit right below);
    `$$` must not stand inside a line of prose. Code fences are skipped."""
    lines = text.split("\n")
    faults, fence, opened = [], None, None
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if fence is None and re.match(r"(```|~~~)", stripped):
            fence = stripped[:3]
            continue
        if fence is not None:
            fence = None if stripped.startswith(fence) else fence
            continue
        if "$$" not in stripped:
            continue
        if opened is None:
            if not stripped.startswith("$$"):
                faults.append(f"line {number}: `$$` inside a line of prose (start the block on a line of its own)")
                continue
            before = lines[number - 2].strip() if number > 1 else ""
            if before and not before.endswith("$$"):
                faults.append(f"line {number}: no blank line between the prose above and this `$$` block")
            if stripped.count("$$") == 1 or not stripped.endswith("$$") or stripped == "$$":
                opened = number
                continue
        else:
            if not stripped.endswith("$$") or stripped.count("$$") != 1:
                faults.append(f"line {number}: text after the closing `$$` of the block opened on line {opened}")
            opened = None
        after = lines[number].strip() if number < len(lines) else ""
        if after and not after.startswith("$$"):
            faults.append(f"line {number + 1}: no blank line after the `$$` block that ends on line {number}")
    if opened is not None:
        faults.append(f"line {opened}: a `$$` block that is never closed")
    return faults


def test_the_maths_check_finds_the_faults():
    good = "Prose $x$,\n\n$$\na + b\n$$\n\nmore prose.\n\n$$a = 1 \\tag{1}$$\n$$b = 2$$\n"
    assert display_maths_faults(good) == []
    assert display_maths_faults("cell:\n$$x = g \\tag{1}$$\n")[0].startswith("line 2: no blank line between")
    assert display_maths_faults("Prose,\n\n$$\nx\n$$\nsays that")[0].startswith("line 6: no blank line after")
    assert "inside a line of prose" in display_maths_faults("the cut $$x \\ge 1$$ holds")[0]
    assert display_maths_faults("```python\nprint('$$')\n```\n") == []


@pytest.mark.parametrize("source", SOURCES)
def test_display_maths_is_set_apart_in_the_source(source):
    faults = display_maths_faults((ROOT / source).read_text())
    assert not faults, f"{source}: " + "; ".join(faults)


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
    for name in CHAPTERS[1:] + ["glossary"]:  # every page but the introduction itself
        assert f"{name}.html" in index, f"the table of contents lacks {name}"
    assert (book / "notebooks" / "glossary.html").exists()
    for name in EXERCISES:
        assert (book / "exercises" / f"{name}.html").exists(), f"no page for exercises/{name}"
    assert not (book / "solutions").exists(), "the book must not publish the solutions"


def visible_text_and_maths(html: str) -> tuple[str, list[str]]:
    """A page's article as the reader sees it outside the maths, and the maths it holds."""
    body = html[html.find("<main"):html.find("</main>")]
    maths = [m.group(2) for m in re.finditer(r'<(span|div) class="math[^"]*">(.*?)</\1>', body, re.S)]
    text = re.sub(r'<(span|div) class="math[^"]*">.*?</\1>', "", body, flags=re.S)
    text = re.sub(r"<(pre|script|style|code)\b.*?</\1>", "", text, flags=re.S)
    return text, maths


@pytest.mark.parametrize("page", PAGES)
def test_no_stray_dollar_and_no_broken_maths_on_the_page(book, page):
    html = (book / f"{page}.html").read_text()
    text, maths = visible_text_and_maths(html)
    stray = [re.sub(r"<[^>]+>|\s+", " ", text[max(0, m.start() - 60):m.start() + 30]) for m in re.finditer(r"\$", text)]
    assert not stray, f"{page}: {len(stray)} stray $ in the text, first near: {stray[0]!r}"
    broken = [m[:80] for m in maths if re.search(r"[#<$]", m)]
    assert not broken, f"{page}: maths that swallowed prose or a link (MathJax error), first: {broken[0]!r}"


def test_each_script_is_on_a_page_once(book):
    """An inline script twice on a page is an error in the console ("Identifier 'THEBE_JS_URL' has
    already been declared" came from sphinx_thebe's config script under Sphinx 7.4)."""
    for page in PAGES:
        html = (book / f"{page}.html").read_text()
        head = html[:html.find("<body")]
        scripts = re.findall(r"<script\b[^>]*>(.*?)</script>", head, re.S)
        declared = re.findall(r"\b(?:const|let)\s+([A-Za-z_$][\w$]*)", " ".join(s for s in scripts if s.strip()))
        twice = sorted({name for name in declared if declared.count(name) > 1})
        assert not twice, f"{page}: declared twice in the page's scripts: {twice}"


def test_the_sidebar_names_every_exercise_notebook_one_way():
    """The exercise notebooks' titles differ ("Chapter 2 exercises", "Exercises for Chapter 2"): the
    table of contents gives each one title of one shape, and lists every exercise notebook."""
    toc = yaml.safe_load((ROOT / "book" / "_toc.yml").read_text())
    part = next(p for p in toc["parts"] if p["caption"].startswith("Exercises"))
    entries = {e["file"].split("/")[-1]: e.get("title", "") for e in part["chapters"]}
    assert sorted(entries) == EXERCISES, "book/_toc.yml must list every notebook in exercises/"
    for name, title in entries.items():
        number = int(name[:2])
        assert re.fullmatch(rf"Chapter {number} exercises: \S.*", title), f"{name}: title {title!r}"


def test_the_launch_button_and_the_readme_open_the_same_branch():
    config = yaml.safe_load((ROOT / "book" / "_config.yml").read_text())
    branch = config["repository"]["branch"]
    readme = (ROOT / "README.md").read_text()
    links = re.findall(r"mybinder\.org/v2/gh/[^/]+/[^/]+/([^?)\s]+)", readme)
    assert links and set(links) == {branch}, f"README's Binder links open {links}, the book's open {branch}"
