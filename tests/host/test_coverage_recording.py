"""The recording of a run (tests/coverage_plugin.py): what each test's verdicts cited, merged over
pytest-xdist's workers, and the check at the end of a whole run, on a small suite of its own run
by pytest in a subprocess (its recording away from this run's, KIKOTO_RECORDING)."""

import json
import os
import subprocess
import sys

from tests.conftest import ROOT
from tools.coverage import report

SUITE = '''
from engine import load_game


def test_a_move():
    state = load_game("balaton").new(2, 0, None)
    assert state.check({"type": "roll"}).rules == ("BA-3.1",)


def test_out_of_turn():
    state = load_game("balaton").new(2, 0, None)
    assert state.check({"type": "roll", "player": 1}).rules == ("BA-2.3",)


def test_no_verdict():
    assert load_game("balaton").prefix == "BA"
'''


def run_suite(tmp_path, *args):
    suite = tmp_path / "suite"
    suite.mkdir(exist_ok=True)
    (suite / "test_small.py").write_text(SUITE)
    (suite / "pytest.ini").write_text("[pytest]\ntestpaths = .\naddopts = -q -p no:cacheprovider\n")
    env = {**os.environ, "PYTHONPATH": ROOT, "KIKOTO_RECORDING": str(tmp_path / "rec" / "rule-coverage.json")}
    proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "tests.coverage_plugin", *args], cwd=suite, env=env,
                          capture_output=True, text=True, timeout=300)
    path = tmp_path / "rec" / "rule-coverage.json"
    return proc, (json.loads(path.read_text()) if path.exists() else None)


def test_each_test_with_the_rules_its_verdicts_cited(tmp_path):
    proc, recording = run_suite(tmp_path, "test_small.py")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert recording["rules"] == {"BA-2.3": ["test_small.py::test_out_of_turn"],
                                  "BA-3.1": ["test_small.py::test_a_move"]}
    assert recording["tests"] == 2
    assert recording["whole"] is False   # a path was given: a part of the suite, not checked
    assert "rule coverage:" not in proc.stdout


def test_workers_parts_merged_and_a_whole_run_checked(tmp_path):
    # The whole (small) suite on two xdist workers: the parts are merged, and the check at the end
    # fails the run, since its verdicts cite two rules of the many checkable ones.
    proc, recording = run_suite(tmp_path, "-n", "2")
    assert recording["rules"] == {"BA-2.3": ["test_small.py::test_out_of_turn"],
                                  "BA-3.1": ["test_small.py::test_a_move"]}
    assert recording["whole"] is True
    parts = sorted(os.listdir(tmp_path / "rec" / "rule-coverage"))
    assert {"gw0.jsonl", "gw1.jsonl"} <= set(parts), parts
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "3 passed" in proc.stdout
    uncited = [row["id"] for row in report(ROOT, "balaton")["rules"]
               if not row["descriptive"] and not row["cases"] and row["id"] not in ("BA-2.3", "BA-3.1")]
    assert uncited
    for rule_id in uncited:
        assert f"rule coverage: {rule_id}: a checkable rule that no verdict cited, in a test or a case" in proc.stdout
    assert "rule coverage: BA-3.1:" not in proc.stdout


def test_a_failed_run_is_not_checked(tmp_path):
    (tmp_path / "suite").mkdir()
    (tmp_path / "suite" / "test_fails.py").write_text("def test_fails():\n    assert False\n")
    proc, recording = run_suite(tmp_path)
    assert proc.returncode == 1
    assert "rule coverage:" not in proc.stdout
    assert recording["whole"] is True
