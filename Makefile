# The two commands: `make book` and `make test`. Everything else is a step of theirs.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
PYTEST := $(BIN)/python -m pytest

.PHONY: book test checks lint typecheck unit notebooks-check unit-then-notebooks book-strict browser browser-pages browser-live live-all bench notebooks experiments lock clean

LOCK   := requirements/lock.txt

# Every package of the toolchain at the version and with the hashes the lock file names; then
# this project itself, editable, with nothing more.
$(STAMP): pyproject.toml $(LOCK)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes --no-deps -r $(LOCK)
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

## make book: create .venv, install the pinned toolchain, build the site into _build/html
book: $(STAMP)
	$(BIN)/jupyter-book build book/ --config _config.yml --path-output . --keep-going
	@echo
	@echo "The book is built: open _build/html/index.html in a browser"
	@echo "(or serve it: $(BIN)/python -m http.server -d _build/html 8000)"

## make test: lint, type-check, unit and property tests, nbval, a warning-free build, browser tests
# Two at a time (the machine's two cores): the strict build and then the browser tests, beside the
# unit tests and then nbval.  Each step's output is shown whole when it ends (-O).
test: $(STAMP)
	$(MAKE) --no-print-directory -j2 -O checks

# Two lanes, two at a time: the strict build and then the live browser tests (the longest step);
# beside them, the type check, the unit tests and nbval one after the other (one recipe, so that
# make cannot put nbval in the first lane and keep the live tests waiting) and then the page
# browser tests.  The browser tests spend much of their time waiting on the browser.
checks: lint typecheck book-strict unit-then-notebooks browser-live browser-pages

UNIT_TESTS := $(PYTEST) -q -m "not browser and not site" tests
DOCTESTS   := $(PYTEST) -q --doctest-modules penneech
NBVAL      := $(PYTEST) -q --nbval --nbval-sanitize-with tests/nbval_sanitize.cfg -p no:randomly book

lint: $(STAMP)
	$(BIN)/ruff check penneech penneech_command.py tests benchmarks tools book/_ext

typecheck: $(STAMP)
	$(BIN)/mypy --strict penneech penneech_command.py

unit: $(STAMP)
	$(UNIT_TESTS)
	$(DOCTESTS)

notebooks-check: $(STAMP)
	$(NBVAL)

unit-then-notebooks: $(STAMP)
	$(UNIT_TESTS)
	$(DOCTESTS)
	$(NBVAL)

book-strict: $(STAMP)
	rm -rf _build
	$(BIN)/jupyter-book build book/ --config _config.yml --path-output . -W -n --keep-going

# the browser tests (tests/test_browser.py, tests/test_lite.py) and the checks of the built
# site's files read the site the strict build makes (so `make -j test` runs them after it)
browser: browser-pages browser-live

# the book's pages in the browser (tests/test_browser.py) and the checks of the site's files
browser-pages: book-strict
	$(PYTEST) -q -m "browser or site" tests --ignore=tests/test_lite.py --ignore=tests/test_live.py

# Python running in the page: the live table (tests/test_live.py) and JupyterLite (test_lite.py)
browser-live: book-strict
	$(PYTEST) -q -m "browser or site" tests/test_lite.py tests/test_live.py

# every notebook of the book run live in JupyterLite (make test runs a representative few)
live-all: book-strict
	PENNEECH_LIVE_ALL=1 $(PYTEST) -q -m "browser or site" tests/test_lite.py -k runs_live

## maintenance
notebooks: $(STAMP)
	$(BIN)/python tools/execute_notebooks.py

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

## make experiments: replay every experiment of Part IV from scratch and rewrite its data files
## (book/experiments/data): about 23 minutes of processor time, so 12 minutes on two idle cores
## (50 on this shared machine).  WORKERS=N to change.
WORKERS ?= 2
experiments: $(STAMP)
	nice -n 10 $(BIN)/penneech experiment run --workers $(WORKERS) --progress

## make lock: re-resolve the toolchain from pyproject.toml (the newest versions it allows) and pin
## it again, with the hash of every file
lock:
	rm -rf .lock-venv
	$(PYTHON) -m venv .lock-venv
	.lock-venv/bin/python -m pip install --quiet "pip-tools==7.6.2"
	.lock-venv/bin/pip-compile --quiet --upgrade --generate-hashes --allow-unsafe --strip-extras \
		--no-emit-index-url --no-emit-find-links --extra dev --output-file $(LOCK).new pyproject.toml
	.lock-venv/bin/python tools/clean_lock.py $(LOCK).new $(LOCK)
	rm -rf .lock-venv $(LOCK).new

clean:
	rm -rf _build $(VENV)
