import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Tests find rules pages, cases and examples in this checkout, also when the engine
# comes from the wheel (inside Pyodide).
os.environ.setdefault("KIKOTO_DOCS", os.path.join(ROOT, "docs"))

IN_PYODIDE = sys.platform == "emscripten"

# Property tests scale their number of games by KIKOTO_SCALE (1 in CI on CPython;
# the run inside Pyodide under Node uses a smaller scale, since it is slower).
SCALE = float(os.environ.get("KIKOTO_SCALE", "1"))

# Inside Pyodide only the engine's own tests run: the site, the browser and the
# subprocess-based CLI tests need the host.
# (A game's own browser tests are its tests/<game package>/test_*_site.py.)
collect_ignore_glob = ["site/*", "browser/*", "pyodide/*", "host/*", "*/test_*_site.py"] if IN_PYODIDE else []

# The browser tests' fixtures, for tests/browser/ and the games' own browser tests.
pytest_plugins = [] if IN_PYODIDE else ["tests.browser.support"]

# -- measured rule coverage (tests/coverage_plugin.py) ----------------------------------
# Records the rules each test's verdicts cite, and checks the whole suite's record at its end.
# Not inside Pyodide: the host's run of the same tests records them.
if not IN_PYODIDE:
    pytest_plugins.append("tests.coverage_plugin")


def needs_a_browser(item) -> bool:
    """A test that drives Chromium: every test in tests/browser/, a game's own browser tests
    (tests/<package>/test_*_site.py), and any other test that takes the `browser` fixture (tests/browser/support.py)."""
    path = str(item.path)
    return (
        f"{os.sep}tests{os.sep}browser{os.sep}" in path
        or os.path.basename(path).endswith("_site.py")
        or "browser" in getattr(item, "fixturenames", ())
    )


def pytest_collection_modifyitems(items):
    """Every test that drives a browser carries the `browser` marker (`needs_a_browser`), so
    `-m "not browser"` leaves them all out (tests/host/test_markers.py checks it).

    The long tests first: pytest-xdist's workers then fill in with the short ones and end
    together, rather than one of them running a long test alone at the end. Those that need no
    site lead, so that no worker waits while another builds it."""

    def order(item):
        if item.get_closest_marker("long") is None:
            return 2
        return 1 if "built_site" in getattr(item, "fixturenames", ()) else 0

    for item in items:
        if needs_a_browser(item):
            item.add_marker(pytest.mark.browser)
    items.sort(key=order)


def game_tests(game: str, name: str):
    """The game's own tests/<package>/<name>.py (a scenario for a shared test, its fuzz regressions),
    or None where the game brings none."""
    import importlib
    import importlib.util

    module = f"tests.{game.replace('-', '_')}.{name}"
    return importlib.import_module(module) if importlib.util.find_spec(module) else None


# -- the tools the tests need ---------------------------------------------------------
# Declared and installed by `make test`: the Python ones in pyproject.toml's `test` extra, the programs
# by the Makefile (node beforehand; msgfmt and chromium by apt-get). A test never skips for a missing
# one: it fails, naming the way to install it. Inside Pyodide (only pytest and hypothesis installed)
# a test that needs a host-only module skips: that run is the engine's, and the host's run covers the rest.
INSTALL_PYTHON = "install the test dependencies: `make test`, or `.venv/bin/python -m pip install -e '.[docs,test]'`"
PROGRAMS = {
    "msgfmt": "GNU gettext's msgfmt: `make test`, or `apt-get install gettext`",
    "node": "Node.js (with npm), which `make test` expects beforehand",
}


def host_module(name: str):
    """The module, which the host's test run must have; inside Pyodide the test skips."""
    import importlib

    if IN_PYODIDE:
        pytest.skip(f"{name} is a host-only test dependency (not in the Pyodide run)")
    try:
        return importlib.import_module(name)
    except ImportError:
        pytest.fail(f"{name} is missing: {INSTALL_PYTHON}")


def program(name: str) -> str:
    """The path of a program a test runs; a missing one fails the test, naming how to install it."""
    import shutil

    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is missing: {PROGRAMS[name]}")
    return path


@pytest.fixture
def scaled():
    return lambda n: max(1, int(n * SCALE))


# -- throwaway copies of the repository ----------------------------------------------


def copy_repo(tmp, names) -> tuple:
    """A copy of the repository's `names` (files and folders) in `tmp`/repo, for the tests that change
    it and build it, and `run(*args, timeout=600)`, which runs Python on the copy's code in it.
    node_modules and .cache (build products kept by content, such as the packed wasm) are linked, not copied."""
    import shutil
    import subprocess

    repo = tmp / "repo"
    for name in names:
        src = os.path.join(ROOT, name)
        if os.path.isdir(src):
            shutil.copytree(src, repo / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        elif os.path.exists(src):
            shutil.copy(src, repo / name)
    for linked in ("node_modules", ".cache"):
        if os.path.isdir(os.path.join(ROOT, linked)):
            os.symlink(os.path.join(ROOT, linked), repo / linked)
    env = {
        **os.environ,
        "PYTHONPATH": str(repo),
        "NO_MKDOCS_2_WARNING": "1",
        "KIKOTO_DOCS": str(repo / "docs"),
        "KIKOTO_MKDOCS": str(repo / "mkdocs.yml"),
    }

    def run(*args, timeout=600):
        return subprocess.run([sys.executable, *args], cwd=repo, env=env, capture_output=True, text=True, timeout=timeout)

    return repo, run


# -- the built site, shared by the site and browser tests ---------------------------


@pytest.fixture(scope="session")
def built_site(tmp_path_factory, worker_id):
    """Builds the site once, in strict mode, into a temporary folder. Under pytest-xdist the
    workers share one build: the first to take the lock builds it, the others wait for it."""
    import fcntl
    import json
    import subprocess

    shared = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        shared = shared.parent  # the run's folder, above each worker's own
    out, result = shared / "site", shared / "site.json"
    with open(shared / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not result.exists():
            proc = subprocess.run(
                [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
                cwd=ROOT,
                capture_output=True,
                text=True,
                env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
            )
            result.write_text(json.dumps({"returncode": proc.returncode, "log": proc.stdout + proc.stderr}))
    return {"dir": out, **json.loads(result.read_text())}


def serve(directory: str, *, zstd_encoded: bool):
    """The built site on 127.0.0.1 (a free port). With `zstd_encoded`, the packed runtime (.zst) goes
    out as a host that speaks zstd sends it (Content-Encoding: zstd): Chromium unpacks it natively
    and the worker passes it through (worker.mjs, `unpacked`). Without, as most hosts send it, and
    the worker unpacks it itself."""
    import functools
    import http.server
    import threading

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def end_headers(self):
            if zstd_encoded and self.path.split("?")[0].endswith(".zst"):
                self.send_header("Content-Encoding", "zstd")
            super().end_headers()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


@pytest.fixture(scope="session")
def site_url(built_site):
    """The site for the browser tests, its packed runtime sent zstd-encoded: unpacking it in the
    worker's JavaScript costs CPU at every engine start, and the suite starts the engine over a
    hundred times (`plain_site_url` covers the worker's own unpacking)."""
    assert built_site["returncode"] == 0, built_site["log"]
    server, url = serve(str(built_site["dir"]), zstd_encoded=True)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def plain_site_url(built_site):
    """The site as most hosts serve it: the packed runtime as it is, unpacked by the worker."""
    assert built_site["returncode"] == 0, built_site["log"]
    server, url = serve(str(built_site["dir"]), zstd_encoded=False)
    yield url
    server.shutdown()
