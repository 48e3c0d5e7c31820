"""The engine's own tests, run by pytest inside Pyodide under Node (the browser's Python)."""

import os
import shutil
import subprocess

import pytest

from tests.conftest import ROOT
from widgets.wheel import build_wheel

WHEELS = os.path.join(ROOT, ".cache", "pyodide-wheels")


@pytest.mark.skipif(not shutil.which("node"), reason="node is not installed")
def test_engine_suite_passes_inside_pyodide(tmp_path):
    if not os.path.isdir(WHEELS):
        pytest.fail("pytest wheels for Pyodide are missing: run `make test` (it downloads them)")
    wheel = build_wheel(str(tmp_path))["wheel"]
    proc = subprocess.run(
        ["node", os.path.join(ROOT, "tests", "pyodide", "run.mjs"), ROOT, str(tmp_path / wheel), WHEELS,
         "-x", "tests"],
        capture_output=True, text=True, timeout=900,
    )
    print(proc.stdout[-3000:], proc.stderr[-3000:])
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "pyodide: loadPyodide" in proc.stdout and " 3.14" in proc.stdout
    assert " passed" in proc.stdout
