# Two commands do everything on a fresh machine (python3, node and npm present):
#   make serve   build the site and serve it on http://127.0.0.1:8000
#   make test    lint, then run every test (installs Debian's chromium and gettext when they are missing)
# Also: make bench (benchmarks, writes bench/results.json), make lighthouse, make soak, make site (build only),
# make lint (ruff; the first step of make test).

# Material for MkDocs 9.x prints a notice at every `mkdocs` run, on stderr: it reaches end of life
# (fixes until May 2027) and names its successor, Zensical. Known and written down, with what moving
# would take, on the contributors' page (docs/contributing/architecture.en.md, "The toolchain's
# horizon"); repeated in every build and test log it would only hide the output that matters.
export NO_MKDOCS_2_WARNING := 1

PY      := .venv/bin/python
VENV    := .venv/.installed
NODE    := node_modules/.installed
WHEELS  := .cache/pyodide-wheels/.installed

.PHONY: serve test lint bench lighthouse soak site deps chromium clean

deps: $(VENV) $(NODE)

$(VENV): pyproject.toml
	python3 -m venv .venv
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[docs,test]'
	touch $@

$(NODE): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# pytest and its dependencies as pure-Python wheels, unpacked inside Pyodide under Node.
$(WHEELS): $(VENV)
	mkdir -p $(dir $@)
	$(PY) -m pip download -q --only-binary=:all: --platform any --python-version 3.14 \
	    --implementation py -d $(dir $@) pytest hypothesis
	touch $@

chromium:
	@test -x /usr/bin/chromium -a -x /usr/bin/msgfmt || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium gettext)

site: deps
	$(PY) -m mkdocs build --strict

serve: site
	@echo "Kikötő: http://127.0.0.1:8000/"
	$(PY) -m http.server --bind 127.0.0.1 --directory site 8000

# The linter and the formatter's check ([tool.ruff] in pyproject.toml). `ruff check --fix` and
# `ruff format` make the code pass.
lint: deps
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

# Lint first; then on every core (pytest-xdist): the workers share one build of the site (tests/conftest.py).
test: deps lint $(WHEELS) chromium
	$(PY) -m pytest -n auto --dist worksteal
	npm test --silent

bench: deps chromium
	$(PY) -m bench; status=$$?; $(PY) -m bench.report; exit $$status

# Slow (about a minute per page), so it is a command of its own and not part of `make test`.
lighthouse: deps chromium
	$(PY) -m bench.lighthouse

# The random-playout property tests at a larger scale: thousands of seeded games. Slow, so not
# part of `make test` (which runs them at scale 1). KIKOTO_SCALE=60 make soak for more.
# The random simulation of every registered game (tests/core/test_simulation.py), the games' own
# property tests (tests/<game package>/test_*_properties.py, where a game has them),
# the engine contract's own, over every game (reachable positions, schema-generated input), and the
# hostile case files and links (tests/formats/test_hostile.py: each within 100 ms and 50 MB).
SOAK_TESTS = tests/core/test_simulation.py $(wildcard tests/*/test_*_properties.py) tests/core/test_contract.py tests/core/test_fuzz.py tests/formats/test_hostile.py
soak: deps
	KIKOTO_SCALE=$${KIKOTO_SCALE:-30} $(PY) -m pytest -p no:cacheprovider --durations=0 $(SOAK_TESTS)

clean:
	rm -rf site build .cache artifacts .venv-pyodide-build

# Optional: pyodide-build's own `pyodide lockfile add-wheels` (it needs Python >= 3.12, which a fresh
# machine may lack, so `make test` does not depend on it), to check the site's pyodide-lock.json
# (widgets/build/runtime.py, site_lock) against it: tests/site/lockfile_check.py, which only this target runs.
PB_PYTHON := $(firstword $(foreach p,python3 python3.14 python3.13 python3.12 $(wildcard $(HOME)/.pyenv/versions/3.1[2-9]*/bin/python),$(shell $(p) -c 'import sys; assert sys.version_info >= (3, 12)' 2>/dev/null && echo $(p))))
.venv-pyodide-build/.installed:
	@test -n "$(PB_PYTHON)" || (echo "no Python >= 3.12 found: pyodide-build skipped" && false)
	$(PB_PYTHON) -m venv .venv-pyodide-build
	.venv-pyodide-build/bin/pip install -q pyodide-build pkginfo
	touch $@

.PHONY: lockfile-check
lockfile-check: deps .venv-pyodide-build/.installed
	$(PY) -m pytest -q -p no:cacheprovider tests/site/lockfile_check.py

# The engine's and widgets' messages (engine/locale/): extract the codes into the .pot/.po
# files, then compile the .po files to .mo (every language; an untranslated text falls back along
# the chain, and engine/locale/chain.json carries mkdocs.yml's fallback to the engine). Check them
# with `$(PY) -m widgets.i18n messages --check`; copies for Poedit: `$(PY) -m widgets.i18n bilingual --lang de`.
.PHONY: messages
messages: deps
	$(PY) -m widgets.i18n extract
	$(PY) -m widgets.i18n compile
