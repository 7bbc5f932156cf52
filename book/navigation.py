"""The course's signposts inside JupyterLab (issue 41): one navigation cell at the end of every chapter.

The book has a sidebar; the lab, where students work, has only the links the notebooks hold. Each
chapter ends with a markdown cell tagged ``course-navigation`` that links the previous and the next
chapter, the chapter's exercises, the introduction's list of chapters, and the glossary terms the
chapter links in its text, in the order it first uses them. The links work in both places: a
notebook link opens the notebook in JupyterLab and the page in the book, and a glossary link
``glossary.md#<slug>`` scrolls to the anchor ``<a id="<slug>"></a>`` the glossary sets before each
term (JupyterLab does not give a heading the id the book gives it: "LP-relaxation", not
"lp-relaxation").

    .venv/bin/python book/navigation.py [notebooks/NN-name.ipynb ...]   # write the cells (default: all)
    .venv/bin/python book/navigation.py --check                         # name the stale ones, exit 1

Writing re-reads each notebook just before changing it, edits only the navigation cell (made when
missing, appended as the last cell), writes the notebook back at once, and then brings its MyST twin
in step with ``jupytext --sync``. Markdown cells have no outputs, so nbval sees nothing new.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TAG = "course-navigation"
GLOSSARY = NOTEBOOKS / "glossary.md"
GLOSSARY_LINK = re.compile(r"\]\(glossary\.md#([\w-]+)\)")


def chapters() -> list[Path]:
    """The chapter notebooks, in order."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))


def slugify(title: str) -> str:
    """The anchor the book gives a heading (MyST's heading anchors: lower case, spaces to '-',
    punctuation other than '-' and '_' dropped)."""
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


def glossary_terms() -> dict[str, str]:
    """The glossary's terms, ``{slug: heading}``, in its order."""
    return {slugify(line[3:]): line[3:].strip() for line in GLOSSARY.read_text(encoding="utf-8").splitlines()
            if line.startswith("## ")}


def title(notebook) -> str:
    """A chapter's title: the first ``# `` heading of its first markdown cell."""
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    raise ValueError("a chapter without a '# ' title")


def terms_used(notebook) -> list[str]:
    """The glossary slugs the chapter links in its text, in the order of first use."""
    seen: list[str] = []
    for cell in notebook.cells:
        if cell.cell_type == "markdown" and TAG not in cell.metadata.get("tags", []):
            for slug in GLOSSARY_LINK.findall(cell.source):
                if slug not in seen:
                    seen.append(slug)
    return seen


def navigation(index: int, titles: list[str], names: list[str], terms: list[str]) -> str:
    """The navigation cell of chapter ``index`` (its markdown)."""
    glossary = glossary_terms()
    lines = ["---", "", "**Where to go from here**", ""]
    if index > 0:
        lines.append(f"- Previous: [{titles[index - 1]}]({names[index - 1]}.ipynb)")
    if index + 1 < len(names):
        lines.append(f"- Next: [{titles[index + 1]}]({names[index + 1]}.ipynb)")
    exercises = f"{names[index]}-exercises.ipynb"  # named for what it is, so that its tab says so
    lines.append(f"- This chapter's exercises: [exercises/{exercises}](../exercises/{exercises})")
    if index > 0:
        lines.append(f"- Every chapter: [the list in the introduction]({names[0]}.ipynb)")
    if terms:
        words = ", ".join(f"[{glossary.get(slug, slug)}](glossary.md#{slug})" for slug in terms)
        lines.append(f"- Terms of the [glossary](glossary.md) used here: {words}")
    return "\n".join(lines)


def planned() -> dict[Path, str]:
    """What each chapter's navigation cell should say."""
    import nbformat

    paths = chapters()
    books = [nbformat.read(path, as_version=4) for path in paths]
    titles, names = [title(nb) for nb in books], [path.stem for path in paths]
    return {path: navigation(i, titles, names, terms_used(nb)) for i, (path, nb) in enumerate(zip(paths, books))}


def current(notebook) -> str | None:
    """The source of a notebook's navigation cell, or None."""
    cells = [cell for cell in notebook.cells if TAG in cell.metadata.get("tags", [])]
    return cells[0].source if cells else None


def write(path: Path, source: str) -> bool:
    """Put ``source`` in the navigation cell of ``path`` (re-read now, written at once); True if changed."""
    import nbformat

    notebook = nbformat.read(path, as_version=4)
    cells = [cell for cell in notebook.cells if TAG in cell.metadata.get("tags", [])]
    if cells and cells[0].source == source:
        return False
    if cells:
        cells[0].source = source
    else:
        cell = nbformat.v4.new_markdown_cell(source, metadata={"tags": [TAG]})
        cell.id = TAG
        notebook.cells.append(cell)
    nbformat.write(notebook, path)
    twin = path.with_suffix(".md")
    if twin.exists():
        subprocess.run([sys.executable, "-m", "jupytext", "--sync", "--quiet", str(path)], check=True, cwd=ROOT)
    return True


def stale() -> list[str]:
    """The chapters whose navigation cell is missing or says something else than it should."""
    import nbformat

    return [path.name for path, source in planned().items() if current(nbformat.read(path, as_version=4)) != source]


def main(argv: list[str]) -> int:
    if argv[:1] == ["--check"]:
        names = stale()
        for name in names:
            print(f"{name}: its navigation cell is missing or stale (run: .venv/bin/python book/navigation.py)")
        return 1 if names else 0
    wanted = {Path(name).resolve() for name in argv}
    for path, source in planned().items():
        if wanted and path.resolve() not in wanted:
            continue
        if write(path, source):
            print(f"wrote the navigation cell of {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
