# Two commands on a fresh machine: `make pdfs` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: pdfs test lint bench protograf system-deps clean

$(STAMP): pyproject.toml constraints.txt
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $(STAMP)

## pdfs: render every kit in every language on A4 and Letter into output/, then validate them
pdfs: $(STAMP)
	$(BIN)/pnp render --out output

## system-deps: poppler-utils (pdftoppm, pdffonts) and qpdf, which the tests use
system-deps:
	bash scripts/system-deps.sh

## test: lint, type check and the whole test suite
test: $(STAMP) system-deps
	$(BIN)/ruff check pnp tests bench
	$(BIN)/mypy
	$(BIN)/pytest -q

lint: $(STAMP)
	$(BIN)/ruff check pnp tests bench

## bench: rendering speed and memory, against a bare-reportlab floor (and protograf, after `make protograf`)
bench: $(STAMP)
	$(BIN)/python bench/bench.py

## protograf: protograf 0.5.2 in a virtualenv of its own (no pnp dependency), for the bench's paired case
protograf: .venv-protograf/.installed-stamp

.venv-protograf/.installed-stamp:
	$(PY) -m venv .venv-protograf
	.venv-protograf/bin/python -m pip install --quiet protograf==0.5.2
	touch $@

clean:
	rm -rf output/*.pdf output/*.svg output/*.png .pytest_cache
