# The two commands of the README. `make play`: install and serve the page; `make test`: every test.
PYTHON ?= python3
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: play test build bench

play:
	npm ci
	$(PYTHON) -m pip install -e .
	$(PYTHON) -m cosmoludo serve --host $(HOST) --port $(PORT)

# Playwright downloads its own Chromium only where Debian's /usr/bin/chromium is missing.
test:
	npm ci
	$(PYTHON) -m pip install -e '.[test]'
	[ -x /usr/bin/chromium ] || $(PYTHON) -m playwright install chromium
	$(PYTHON) -m pytest

build:
	$(PYTHON) -m cosmoludo build

# Native tables, then the browser figures (cold boots, first paint, warm reload, Pyodide throughput).
bench:
	$(PYTHON) -m cosmoludo bench --browser
