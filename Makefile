# The course in two commands: `make lab` opens it, `make test` proves it.
# Both create .venv when it is missing. `make lab` installs what the course needs to run and nothing
# more (`make setup` does only that; VENV=DIR puts the venv elsewhere); `make test` adds the tools that
# build and check the course (the [test] extra: pytest, Playwright, nbgrader, Jupyter Book, Voila,
# repo2docker). Both are quick when everything is already in place (an install re-runs only when
# pyproject.toml changes).

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
LAB_STAMP  := $(VENV)/.puzzlelib-lab
STAMP      := $(VENV)/.puzzlelib-installed
PLAY_STAMP := $(VENV)/.puzzlelib-play
BOOK_STAMP := $(VENV)/.puzzlelib-book
JOBS   ?= 2
# Progress bars stay out of notebook outputs that nbval compares (see puzzlelib/display/progress.py).
export PUZZLELIB_PROGRESS := 0

.PHONY: autograder setup setup-test lab play book test test-unit test-notebooks test-browser test-pulp4 student-release browser exercises sync benchmark clean

# The course's own environment: the library and what its chapters run (JupyterLab, PuLP with CBC,
# HiGHS, matplotlib, widgets), with pip's progress shown.
setup: $(LAB_STAMP)

$(LAB_STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -e .
	@touch $(LAB_STAMP)

# ... and every tool the tests use (the [test] extra, which holds [play] and [book]).
setup-test: $(STAMP)

$(STAMP): $(LAB_STAMP)
	$(PY) -m pip install --quiet -e ".[test]"
	@touch $(STAMP) $(PLAY_STAMP) $(BOOK_STAMP)

$(PLAY_STAMP): $(LAB_STAMP)
	$(PY) -m pip install -e ".[play]"
	@touch $(PLAY_STAMP)

$(BOOK_STAMP): $(LAB_STAMP)
	$(PY) -m pip install -e ".[book]"
	@touch $(BOOK_STAMP)

ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

# JupyterLab on the repository root (so the chapters' links to ../exercises/ work and exercises/ and
# solutions/ are in the file browser), opening the introduction: the URL it prints opens it too. The
# chapters' MyST twins (NN-name.md, what reviewers diff; jupytext keeps them in step when a notebook
# is saved) are hidden from the file browser, so each chapter shows once, as its .ipynb.
LAB_START := /lab/tree/notebooks/00-introduction.ipynb
LAB_HIDE  := ["__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*~", "*.egg-info", "[0-9][0-9]-*.md", "play.md"]
LAB_FLAGS := --ServerApp.root_dir=. --LabApp.default_url=$(LAB_START) --ContentsManager.hide_globs='$(LAB_HIDE)'
# The course's Jupyter settings (binder/jupyter_config): no grading tool in a student's lab (nbgrader's
# menu, sidebar and server extensions stay off where the [test] extra installed it) and no news toast.
LAB_CONFIG := $(CURDIR)/binder/jupyter_config$(if $(JUPYTER_CONFIG_PATH),:$(JUPYTER_CONFIG_PATH),)

lab: setup
	JUPYTER_CONFIG_PATH=$(LAB_CONFIG) $(VENV)/bin/jupyter lab $(ROOT_FLAG) $(LAB_FLAGS)

# The course without solutions/ (and without the tests that read them), for handing out a copy.
student-release: setup
	$(PY) -m puzzlelib.classroom.release _build/student-release

# Every puzzle's editor in tabs, as an app with no code visible (Voila), in the course's Voila template
# (puzzlelib/display/voila/templates/puzzlelib: Voila's lab template without its Font Awesome from a
# CDN, so the app works offline, and with each board close to its controls).
VOILA_PATH := $(CURDIR)/puzzlelib/display$(if $(JUPYTER_PATH),:$(JUPYTER_PATH),)
play: $(PLAY_STAMP)
	JUPYTER_PATH=$(VOILA_PATH) $(VENV)/bin/voila notebooks/play.ipynb --template=puzzlelib --strip_sources=True --theme=light

# The website: every chapter with its committed outputs (nothing re-run), offline, into _build/html.
book: $(BOOK_STAMP)
	$(VENV)/bin/jupyter-book build . --config book/_config.yml --toc book/_toc.yml \
	    --warningiserror --nitpick --keep-going
	@echo "open _build/html/index.html"

# Chromium for the browser tests: installed with apt when missing and we may (root), else skipped.
browser:
	@bash tests/browser/install-chromium.sh

# Browser tests that drive Playwright's sync API in their own process (an earlier test's event loop
# in the same process makes them fail with 'Sync API inside the asyncio loop'). All browser tests run
# one at a time: in two workers on two cores, a canvas click's answer and a Voila page's load were
# each once missed under the load (fresh-clone runs of this stop).
OWN_BROWSER := tests/browser/test_cramped_browser.py tests/browser/test_navigation_browser.py

# Everything: unit tests and notebooks (in parallel), then the browser tests (on their own, so that
# JupyterLab and Chromium do not compete with nbval's kernels for the CPU).
test: setup-test browser
	$(PY) -m pytest -n $(JOBS) --dist loadfile --nbval --nbval-current-env \
	    --nbval-sanitize-with tests/sanitize.cfg --nbval-cell-timeout 600 \
	    --nbval-kernel-startup-timeout 120 \
	    --ignore=tests/browser tests notebooks solutions exercises
	$(PY) -m pytest tests/browser $(addprefix --ignore=,$(OWN_BROWSER))
	for t in $(OWN_BROWSER); do $(PY) -m pytest $$t || exit 1; done

test-unit: setup-test
	$(PY) -m pytest -n $(JOBS) tests --ignore=tests/browser

test-notebooks: setup-test
	$(PY) -m pytest -n $(JOBS) --dist loadfile --nbval --nbval-current-env \
	    --nbval-sanitize-with tests/sanitize.cfg --nbval-kernel-startup-timeout 120 \
	    notebooks solutions exercises

test-browser: setup-test browser
	$(PY) -m pytest tests/browser $(addprefix --ignore=,$(OWN_BROWSER))
	for t in $(OWN_BROWSER); do $(PY) -m pytest $$t || exit 1; done

# The library on the newest PuLP 4 pre-release, in a venv of its own (unit tests; about 8 minutes on one core).
VENV4 ?= .venv-pulp4
test-pulp4:
	@test -x $(VENV4)/bin/python || $(PYTHON) -m venv $(VENV4)
	$(VENV4)/bin/python -m pip install --quiet --upgrade pip
	$(VENV4)/bin/python -m pip install --quiet -e ".[test]"
	$(VENV4)/bin/python -m pip install --quiet --pre --upgrade --no-deps --no-warn-conflicts "pulp>=4.0.0a1,<5" "cbcbox>=2.9"
	$(VENV4)/bin/python -c "import pulp; print('PuLP', pulp.__version__)"
	$(VENV4)/bin/python -m pytest -n $(JOBS) -q tests --ignore=tests/browser \
	    --deselect tests/test_book.py --deselect tests/test_notebooks.py

# Re-run every chapter and solution notebook in place, then rebuild exercises/ and the .md twins.
sync: setup
	$(PY) -m puzzlelib.classroom.runner notebooks/*.ipynb solutions/*.ipynb
	$(PY) -m puzzlelib exercises

exercises: setup
	$(PY) -m puzzlelib exercises

benchmark: setup
	for b in benchmarks/bench_*.py; do $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) $(VENV4) .pytest_cache build _build *.egg-info

# What Gradescope (a zip with setup.sh and run_autograder) and PrairieLearn (an external grader's folder
# for serverFilesCourse) take: the course's grader on one submission at a time. Holds solutions/.
autograder: setup
	$(PY) -m puzzlelib.classroom.autograder _build/autograder
