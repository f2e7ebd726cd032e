# The two commands a new user needs (see README.md):
#   make lab    open the collection in JupyterLab
#   make test   lint + unit/property tests + strict nbval of every notebook (also under other
#               processors' numerical kernels) + browser tests
# Both create (or reuse) the virtual environment .venv with the pinned requirements and
# the package installed in editable mode.

SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST := $(BIN)/python -m pytest
# pytest-xdist workers: one per core, at most 4 (each worker peaks near 1.5 GB).
JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 2); echo $$(( n < 4 ? n : 4 )))
XDIST := -n $(JOBS) --dist loadscope
NBVAL := --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg
LINTED := $(wildcard linsep_helpers tests notebooks benchmarks scripts)
# The second dependency set: pyproject's minimum versions (requirements-oldest.txt), in its own venv.
OLDEST := .venv-oldest
OLDEST_STAMP := $(OLDEST)/.installed
# Test files that need the exact pins or the JupyterLab stack: test-oldest skips them (by file
# name, wherever they live under tests/), besides the browser tests and nbval.
PINS_ONLY := test_environment.py test_lite.py test_student_copies.py test_slide_scripts.py test_hub.py test_grading.py

.PHONY: help venv lab test test-oldest lint unit notebooks notebooks-kernels browser bench format \
	execute clean student lite

help:
	@echo "make lab    - open the notebooks in JupyterLab"
	@echo "make test   - run every test (lint, unit, nbval, browser)"
	@echo "make test-oldest - unit and explorer tests on pyproject's oldest versions (.venv-oldest)"
	@echo "make bench  - run the benchmarks and write benchmarks/RESULTS.md"
	@echo "make student / make lite - student copies and otter autograders / a JupyterLite site"

$(STAMP): requirements.txt pyproject.toml jupyter-settings/overrides.json
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -c 'import sys; assert sys.version_info >= (3, 11), "Python >= 3.11 needed, found " + sys.version'
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
	$(BIN)/python scripts/lab_settings.py
	@touch $@

venv: $(STAMP)

$(OLDEST_STAMP): requirements-oldest.txt pyproject.toml
	@test -x $(OLDEST)/bin/python || $(PYTHON) -m venv $(OLDEST)
	$(OLDEST)/bin/python -m pip install --quiet --disable-pip-version-check --only-binary=:all: \
	  -r requirements-oldest.txt
	$(OLDEST)/bin/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
	@touch $@

lab: $(STAMP)
	$(BIN)/python scripts/lab_settings.py
	$(BIN)/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) notebooks/01_linear_separability.ipynb

# Every step runs even when an earlier one failed (a red run shows all it found); the status
# is that of the worst step. Unit tests and nbval share the cores (pytest-xdist; --dist
# loadscope keeps each notebook's cells in order in one kernel), and so do the browser test
# files (--dist loadfile: each file's JupyterLab and browser on one worker). The frames per
# second and latencies they record are then measured on a busy machine: `make browser` runs
# them one at a time, for `make bench` to report.
test: $(STAMP)
	@status=0; \
	$(BIN)/ruff check $(LINTED) || status=1; \
	$(BIN)/ruff format --check $(LINTED) || status=1; \
	$(PYTEST) tests -m "not browser" $(XDIST) $(NBVAL) notebooks student || status=1; \
	$(BIN)/python scripts/nbval_kernels.py $(XDIST) notebooks || status=1; \
	$(PYTEST) tests -m browser -n $(JOBS) --dist loadfile || status=1; \
	exit $$status

# CI's second dependency set: the unit, property and explorer tests on pyproject's minimums.
test-oldest: $(OLDEST_STAMP)
	$(OLDEST)/bin/python -m pytest tests -m "not browser" $(XDIST) $(PINS_ONLY:%=--ignore-glob='*/%')

lint: $(STAMP)
	$(BIN)/ruff check $(LINTED)
	$(BIN)/ruff format --check $(LINTED)

unit: $(STAMP)
	$(PYTEST) tests -m "not browser" $(XDIST)

notebooks: $(STAMP)
	$(PYTEST) $(XDIST) $(NBVAL) notebooks student

# Strict nbval again under other processors' kernels (numpy's SIMD narrowed, other OpenBLAS
# core types): a committed output that depends on rounding fails here on any machine.
notebooks-kernels: $(STAMP)
	$(BIN)/python scripts/nbval_kernels.py $(XDIST) notebooks

# One test at a time: the frames per second and latencies recorded in test-artifacts/browser/
# are what `make bench` reports.
browser: $(STAMP)
	$(PYTEST) tests -m browser

format: $(STAMP)
	$(BIN)/ruff check --fix $(LINTED)
	$(BIN)/ruff format $(LINTED)

# Re-execute every notebook in place (after changing one), so the stored outputs are current.
execute: $(STAMP)
	for nb in notebooks/[0-9]*.ipynb; do \
	  $(BIN)/jupyter nbconvert --to notebook --execute --inplace "$$nb" || exit 1; \
	done
	$(BIN)/python scripts/slide_metadata.py
	$(BIN)/python scripts/assign.py

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

# Student copies and autograders: otter assign on every notebook (scripts/assign.py) writes
# student/ (no solutions, no tests) and build/autograder/NN-autograder.zip (otter run, Gradescope).
# Run after `make execute`; tests/test_student_copies.py fails while they are out of date.
student: $(STAMP)
	$(BIN)/python scripts/assign.py

# Static JupyterLite site of the student copies (Python in the browser), in lite/_output/.
lite: $(STAMP)
	$(BIN)/python scripts/build_lite.py --out lite/_output

clean:
	rm -rf $(VENV) $(OLDEST) .pytest_cache .hypothesis .ruff_cache test-artifacts
