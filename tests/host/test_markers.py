"""`-m "not browser"` runs no browser test, and `-m browser` only browser tests.

A browser test is one that takes the `browser` fixture (Chromium, tests/browser/support.py), directly
or through another fixture, or lives where browser tests live (tests/browser/, tests/<package>/test_*_site.py).
The suite is collected in a subprocess, with a small plugin that writes down what was selected."""

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT

PROBE = """
import json, os

def pytest_collection_finish(session):
    with open(os.environ["KIKOTO_PROBE_OUT"], "w") as f:
        json.dump([[item.nodeid, "browser" in getattr(item, "fixturenames", ())] for item in session.items], f)
"""


def selected(tmp_path, mark: str) -> list:
    (tmp_path / "kikoto_probe.py").write_text(PROBE)
    out = tmp_path / f"selected-{mark.replace(' ', '-')}.json"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), ROOT]), "KIKOTO_PROBE_OUT": str(out)}
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "kikoto_probe",
            "-p",
            "no:cacheprovider",
            # not the rule-coverage recorder: at its start it clears the running suite's recorded parts
            "-p",
            "no:tests.coverage_plugin",
            "-m",
            mark,
            "tests",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return json.loads(out.read_text())


def lives_with_browser_tests(nodeid: str) -> bool:
    path = nodeid.split("::")[0]
    return path.startswith("tests/browser/") or path.endswith("_site.py")


@pytest.fixture(scope="module")
def work(tmp_path_factory):
    return tmp_path_factory.mktemp("markers")


def test_not_browser_selects_no_browser_test(work):
    items = selected(work, "not browser")
    assert len(items) > 1000  # the rest of the suite is there
    assert [nodeid for nodeid, uses in items if uses or lives_with_browser_tests(nodeid)] == []


def test_browser_selects_the_browser_tests_only(work):
    items = selected(work, "browser")
    assert sum(uses for _, uses in items) > 100
    assert [nodeid for nodeid, uses in items if not (uses or lives_with_browser_tests(nodeid))] == []
