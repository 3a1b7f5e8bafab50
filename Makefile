# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Versions the suite (and its snapshots) were last checked with; see constraints.txt.
CONSTRAINTS := -c constraints.txt
# `make test` runs the suite on this many pytest-xdist workers (auto: one a CPU core);
# TEST_WORKERS=0 runs it in one process. The workers take one test at a time, the longest
# files first (tests/conftest.py), so that they finish together. Bytecode caching is on for
# the run: this environment may set PYTHONDONTWRITEBYTECODE, and then every Python the suite
# starts (a worker, a second copy, the CLI) compiles the project again (~1.3 s of CPU each).
TEST_WORKERS ?= auto

.PHONY: run test test-browser bench lint snapshots clean

run: $(VENV)/.run-installed
	$(BIN)/goldrush $(ARGS)

test: $(VENV)/.test-installed
	$(BIN)/ruff check .
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -n $(TEST_WORKERS) --maxschedchunk 1

# The served display in headless Chromium (not in `make test`): Debian's `chromium` package,
# installed here when missing, driven by Playwright (the `browser` extra; no browser download).
# The screenshots are kept in build/test-browser/.
test-browser: $(VENV)/.browser-installed
	@command -v chromium >/dev/null 2>&1 || { apt-get update && apt-get install -y chromium; }
	CHROMIUM="$$(command -v chromium)" $(BIN)/pytest -p no:cacheprovider tests_browser

bench: $(VENV)/.run-installed
	$(BIN)/python benchmarks/run.py $(ARGS)

lint: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

snapshots: $(VENV)/.test-installed
	$(BIN)/pytest tests/screens --snapshot-update

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.run-installed: pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet $(CONSTRAINTS) -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet $(CONSTRAINTS) -e '.[test]'
	touch $@ $(VENV)/.run-installed

$(VENV)/.browser-installed: pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet $(CONSTRAINTS) -e '.[test,browser]'
	touch $@ $(VENV)/.test-installed $(VENV)/.run-installed

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build dist
