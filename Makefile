# The two commands of the README. `make play`: install and serve the page; `make test`: the checks, then every test.
PYTHON ?= python3
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: play test check build bench

play:
	npm ci
	$(PYTHON) -m pip install -e .
	$(PYTHON) -m cosmoludo serve --host $(HOST) --port $(PORT)

# Playwright downloads its own Chromium only where Debian's /usr/bin/chromium is missing.
test:
	npm ci
	$(PYTHON) -m pip install -e '.[test,dev]'
	[ -x /usr/bin/chromium ] || $(PYTHON) -m playwright install chromium
	$(MAKE) check
	$(PYTHON) -m pytest

# The static checks: ruff (lint), mypy (the files and the strict core as pyproject.toml sets them), and a
# syntax check of every web/ script, parsed as an ES module (no JS linter: the page has no build step).
# `node --check FILE` passes any ES module unparsed (Node 20), hence the module read from stdin.
check:
	$(PYTHON) -m ruff check py tests e2e scripts
	$(PYTHON) -m mypy
	for f in $$(find web -name '*.js' | sort); do node --input-type=module --check < "$$f" || { echo "syntax error in $$f"; exit 1; }; done

build:
	$(PYTHON) -m cosmoludo build

# Native tables, then the browser figures (cold boots, first paint, warm reload, Pyodide throughput).
bench:
	$(PYTHON) -m cosmoludo bench --browser
