"""One click to a running course: the Binder configuration in binder/ is what repo2docker reads.

No image can be built here (no Docker engine), so the test asks repo2docker for the Dockerfile it
would build (``--no-build``) and checks that it installs the course and uses our Python.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_binder_files():
    requirements = (ROOT / "binder" / "requirements.txt").read_text().split()
    assert "-e" in requirements and "." in requirements, "Binder must install the course itself"
    assert (ROOT / "binder" / "runtime.txt").read_text().strip().startswith("python-3.1")


def test_repo2docker_plans_the_image(tmp_path):
    r2d = Path(sys.executable).parent / "repo2docker"
    if not r2d.exists():
        pytest.skip("repo2docker is not installed (pip install -e '.[test]')")
    # repo2docker reads a repository: give it a clean copy of ours (no .venv, no builds).
    repo = tmp_path / "repo"
    shutil.copytree(ROOT, repo, ignore=shutil.ignore_patterns(".venv*", "_build", ".git", "__pycache__", "*.egg-info"))
    result = subprocess.run([str(r2d), "--no-build", "--no-run", "--debug", str(repo)],
                            capture_output=True, text=True, timeout=300)
    plan = result.stdout + result.stderr
    assert result.returncode == 0, plan[-2000:]
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in plan
    assert "COPY --chown=0:0 src/ ${REPO_DIR}/" in plan.replace("\\\n", "")
    assert "python=3.11" in plan or "PYTHON_VERSION=3.11" in plan  # runtime.txt is honoured
    assert "binder/postBuild" in plan  # the lab's settings (hidden .md twins)


def test_readme_has_the_launch_button():
    readme = (ROOT / "README.md").read_text()
    assert "mybinder.org/v2/gh/" in readme and "urlpath=lab/tree/notebooks/00-introduction.ipynb" in readme


def test_binder_hides_what_make_lab_hides():
    """binder/postBuild gives Binder's JupyterLab the file browser `make lab` has."""
    import json
    import re

    make = re.search(r"^LAB_HIDE\s*:=\s*(.+)$", (ROOT / "Makefile").read_text(), re.M).group(1)
    post = (ROOT / "binder" / "postBuild").read_text()
    config = json.loads(re.search(r"<<'JSON'\n(.*?)\nJSON", post, re.S).group(1))
    assert config["ContentsManager"]["hide_globs"] == json.loads(make)
    assert (ROOT / "binder" / "postBuild").stat().st_mode & 0o111, "postBuild must be executable"


def test_the_licence_is_an_spdx_expression():
    """setuptools deprecates `license = {text = ...}`: an SPDX string and the licence file instead."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
