# Two commands do all the set-up: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test test-slow soak venv clean i18n release lock

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Every install comes from a lock in requirements/ (pip-compile --generate-hashes; `make lock`
# makes them): pip refuses anything not in it, or whose hash differs. Then the game itself,
# with no dependencies of its own and built by the locked setuptools (no build isolation).
LOCKED = $(BIN)/python -m pip install --quiet --require-hashes -r
GAME = $(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .

$(VENV)/.installed: pyproject.toml setup.py requirements/runtime.txt | $(BIN)/python
	$(LOCKED) requirements/runtime.txt
	$(GAME)
	touch $@

$(VENV)/.installed-test: pyproject.toml setup.py requirements/test.txt | $(BIN)/python
	$(LOCKED) requirements/test.txt
	$(GAME)
	touch $@ $(VENV)/.installed

venv: $(VENV)/.installed

play: $(VENV)/.installed
	$(BIN)/scare-it

test: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/python -m pytest --numprocesses=auto --maxprocesses=4

# The checks too slow for `make test` (the whole release build, the .deb installed as root,
# the 500,000-tick kiosk soak, the text audit in every language).
test-slow: $(VENV)/.installed-release
	$(BIN)/python -m pytest -m slow -rs

# The kiosk's memory promise over a long soak with visitors (docs/KIOSK.md; issue 22).
soak: $(VENV)/.installed-test
	$(BIN)/python -m pytest -m soak -rs

$(VENV)/.installed-release: pyproject.toml setup.py requirements/release.txt | $(BIN)/python
	$(LOCKED) requirements/release.txt
	$(GAME)
	touch $@ $(VENV)/.installed-test $(VENV)/.installed

# wheel, sdist, app tar.gz, .deb, screenshots and SHA256SUMS into dist/ (tools/release.py).
release: $(VENV)/.installed-release
	$(BIN)/python tools/release.py

# Extract the marked words, merge them into the .po catalogues, compile the .mo files, check.
i18n: $(VENV)/.installed-test
	$(BIN)/python tools/translations.py update
	$(BIN)/python tools/translations.py check

# The locks, new: every package at the newest version pyproject.toml's ranges allow (or only
# some: make lock LOCK_ARGS='--upgrade-package pygame-ce'), then the tests on them. The
# release set is resolved first and the others within it, so the three agree on versions.
# pip-tools lives in a venv of its own (.venv-lock), never in the locked ones. pip-compile
# resolves for the computer it runs on (Linux or macOS give the same three locks: the only
# package that differs, pyttsx3, carries its marker). Windows' own set (pyttsx3 there needs
# comtypes and pywin32) comes from uv, which can resolve for another system, within the
# runtime lock's versions: requirements/windows.txt, for a Windows build (README, Locks).
LOCK_ARGS ?= --upgrade
COMPILE = CUSTOM_COMPILE_COMMAND="make lock" $(VENV)-lock/bin/pip-compile --quiet \
	--generate-hashes --allow-unsafe --strip-extras --all-build-deps \
	--no-emit-index-url --no-emit-find-links

$(VENV)-lock/bin/pip-compile:
	$(PYTHON) -m venv $(VENV)-lock
	$(VENV)-lock/bin/python -m pip install --quiet 'pip-tools>=7.4' 'uv>=0.5'

lock: $(VENV)-lock/bin/pip-compile
	$(COMPILE) $(LOCK_ARGS) --extra test --extra build -o requirements/release.txt pyproject.toml
	$(COMPILE) --extra test -c requirements/release.txt -o requirements/test.txt pyproject.toml
	$(COMPILE) -c requirements/release.txt -o requirements/runtime.txt pyproject.toml
	$(VENV)-lock/bin/uv pip compile --quiet --python-platform windows --python-version 3.11 \
		--generate-hashes --no-emit-index-url --custom-compile-command "make lock" \
		-c requirements/runtime.txt -o requirements/windows.txt pyproject.toml
	$(MAKE) test

clean:
	rm -rf $(VENV) $(VENV)-lock .pytest_cache .ruff_cache .hypothesis build dist *.egg-info
