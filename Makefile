# Two commands do all the set-up: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test test-slow soak venv clean i18n release

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
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

$(VENV)/.installed-release: pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,build]'
	touch $@ $(VENV)/.installed-test $(VENV)/.installed

# wheel, sdist, app tar.gz, .deb, screenshots and SHA256SUMS into dist/ (tools/release.py).
release: $(VENV)/.installed-release
	$(BIN)/python tools/release.py

# Extract the marked words, merge them into the .po catalogues, compile the .mo files, check.
i18n: $(VENV)/.installed-test
	$(BIN)/python tools/translations.py update
	$(BIN)/python tools/translations.py check

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis build dist *.egg-info
