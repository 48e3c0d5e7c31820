"""The engine's own tests, run by pytest inside Pyodide under Node (the browser's Python)."""

import json
import os
import subprocess

import pytest

from tests.conftest import ROOT, program
from widgets.stdlib import build_stdlib
from widgets.wheel import build_wheel

WHEELS = os.path.join(ROOT, ".cache", "pyodide-wheels")


def trimmed_runtime(tmp_path) -> dict:
    """The engine wheel and the trimmed standard library the site serves (widgets/stdlib.mjs), and
    what the engine's snapshot is built from (widgets/snapshot.py)."""
    info = build_wheel(str(tmp_path))
    wheel = str(tmp_path / info["wheel"])
    npm = os.path.join(ROOT, "node_modules", "pyodide")
    with open(os.path.join(npm, "package.json"), encoding="utf-8") as f:
        version = json.load(f)["version"]
    stdlib = build_stdlib(str(tmp_path), wheel, info["hash"], npm, version)["stdlib_path"]
    return {"wheel": wheel, "env": {**os.environ, "KIKOTO_STDLIB": stdlib}, "hash": info["hash"], "npm": npm, "version": version}


@pytest.mark.long
def test_engine_suite_passes_inside_pyodide(tmp_path):
    """On the trimmed standard library: an engine import it lacks fails here, not on a reader's phone."""
    if not os.path.isdir(WHEELS):
        pytest.fail("pytest wheels for Pyodide are missing: run `make test` (it downloads them)")
    runtime = trimmed_runtime(tmp_path)
    proc = subprocess.run(
        [program("node"), os.path.join(ROOT, "tests", "pyodide", "run.mjs"), ROOT, runtime["wheel"], WHEELS, "-x", "tests"],
        capture_output=True,
        text=True,
        timeout=900,
        env=runtime["env"],
    )
    print(proc.stdout[-3000:], proc.stderr[-3000:])
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "pyodide: loadPyodide" in proc.stdout and " 3.14" in proc.stdout
    assert " passed" in proc.stdout


def test_an_engine_import_missing_from_the_trimmed_stdlib_fails(tmp_path):
    """The guard of the run above: a module outside the trimmed zip, imported from engine code, is
    refused (and the same import from a test's own code is not)."""
    runtime = trimmed_runtime(tmp_path)
    script = tmp_path / "probe.py"
    script.write_text(
        "import csv  # a test may use the whole standard library\n"
        "try:\n"
        "    exec('import csv', {'__name__': 'engine.probe'})\n"
        "    outcome = 'imported'\n"
        "except ImportError as err:\n"
        "    outcome = f'refused: {err}'\n"
        "exec('import json', {'__name__': 'engine.probe'})  # in the trimmed zip\n"
        "outcome\n"
    )
    proc = subprocess.run(
        [
            program("node"),
            os.path.join(ROOT, "tests", "pyodide", "run.mjs"),
            ROOT,
            runtime["wheel"],
            str(tmp_path),
            "--script",
            str(script),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env=runtime["env"],
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "refused: csv is not in the site's trimmed standard library" in proc.stdout, proc.stdout
