# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Versions the suite (and its snapshots) were last checked with; see constraints.txt.
CONSTRAINTS := -c constraints.txt
# `make test` runs the suite on this many pytest-xdist workers (auto: one a CPU core);
# TEST_WORKERS=0 runs it in one process.
TEST_WORKERS ?= auto

.PHONY: run test bench lint snapshots clean

run: $(VENV)/.run-installed
	$(BIN)/goldrush $(ARGS)

test: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/pytest -n $(TEST_WORKERS)

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

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache build dist
