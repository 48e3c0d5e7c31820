"""`make lockfile-check`: pyodide-build's own `pyodide lockfile add-wheels` makes the site's
pyodide-lock.json (widgets/build/runtime.py, site_lock) from the engine wheel, but for one thing: the
wheel carries its dependency inside (widgets/wheel.py, BUNDLED), which the tool, told to let it pass,
lists as a dependency and an import; the site's lock lists no dependency, so that Pyodide looks for no
package of that name.

Not a test_*.py file, so `make test` does not collect it: pyodide-build needs Python >= 3.12 and a venv
of its own (.venv-pyodide-build, which the Makefile target makes). Run by its path, it fails, never
skips, when the tool is missing."""

import json
import os
import subprocess

from tests.conftest import ROOT
from widgets.wheel import BUNDLED

TOOL = os.path.join(ROOT, ".venv-pyodide-build", "bin", "pyodide")


def test_pyodide_build_writes_the_site_lock_file(built_site, tmp_path):
    assert os.path.exists(TOOL), "pyodide-build is not installed: run `make lockfile-check`"
    kikoto = built_site["dir"] / "assets" / "kikoto"
    build = json.loads((kikoto / "build.json").read_text())
    lock = json.loads((kikoto / "pyodide-lock.json").read_text())
    npm = json.loads((kikoto / "pyodide" / "pyodide-lock.json").read_text())
    (tmp_path / "empty.json").write_text(json.dumps({"info": npm["info"], "packages": {}}))
    subprocess.run(
        [
            TOOL,
            "lockfile",
            "add-wheels",
            "--ignore-missing-dependencies",
            "--input",
            str(tmp_path / "empty.json"),
            "--output",
            str(tmp_path / "out.json"),
            "--base-path",
            str(kikoto),
            str(kikoto / build["wheel"]),
        ],
        check=True,
        timeout=300,
    )
    kikoto_entry = lock["packages"]["kikoto"]
    assert kikoto_entry["depends"] == []
    carried = {**kikoto_entry, "depends": list(BUNDLED), "imports": kikoto_entry["imports"] + list(BUNDLED)}
    assert json.loads((tmp_path / "out.json").read_text()) == {**lock, "packages": {"kikoto": carried}}
