# The course in two commands: `make lab` opens it, `make test` proves it.
# Both create .venv when it is missing and install the project with its test extras; both are
# quick when everything is already in place (the install re-runs only when pyproject.toml changes).

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.puzzlelib-installed
JOBS   ?= 2

.PHONY: setup lab test test-unit test-notebooks test-browser browser exercises sync benchmark clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	@touch $(STAMP)

ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: setup
	$(VENV)/bin/jupyter lab $(ROOT_FLAG) notebooks/00-introduction.ipynb

# Chromium for the browser tests: installed with apt when missing and we may (root), else skipped.
browser:
	@bash tests/browser/install-chromium.sh

# Everything: unit tests and notebooks (in parallel), then the browser tests (on their own, so that
# JupyterLab and Chromium do not compete with nbval's kernels for the CPU).
test: setup browser
	$(PY) -m pytest -n $(JOBS) --dist loadfile --nbval --nbval-current-env \
	    --nbval-sanitize-with tests/sanitize.cfg --nbval-cell-timeout 600 \
	    --ignore=tests/browser tests notebooks solutions exercises
	$(PY) -m pytest tests/browser

test-unit: setup
	$(PY) -m pytest -n $(JOBS) tests --ignore=tests/browser

test-notebooks: setup
	$(PY) -m pytest -n $(JOBS) --dist loadfile --nbval --nbval-current-env \
	    --nbval-sanitize-with tests/sanitize.cfg notebooks solutions exercises

test-browser: setup browser
	$(PY) -m pytest tests/browser

# Re-run every chapter and solution notebook in place, then rebuild exercises/ and the .md twins.
sync: setup
	$(PY) -m puzzlelib.notebooks notebooks/*.ipynb solutions/*.ipynb
	$(PY) -m puzzlelib exercises

exercises: setup
	$(PY) -m puzzlelib exercises

benchmark: setup
	for b in benchmarks/*.py; do $(PY) $$b; done

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
