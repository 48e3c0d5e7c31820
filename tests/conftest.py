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


@pytest.fixture
def scaled():
    return lambda n: max(1, int(n * SCALE))


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
                cwd=ROOT, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
            )
            result.write_text(json.dumps({"returncode": proc.returncode, "log": proc.stdout + proc.stderr}))
    return {"dir": out, **json.loads(result.read_text())}


@pytest.fixture(scope="session")
def site_url(built_site):
    """Serves the built site on 127.0.0.1 (a free port) for the browser tests."""
    import functools
    import http.server
    import threading

    assert built_site["returncode"] == 0, built_site["log"]

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(built_site["dir"]))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
