"""The recording of a run (tests/coverage_plugin.py): what each test's verdicts cited, merged over
pytest-xdist's workers, and the check at the end of a whole run, on a small suite of its own run
by pytest in a subprocess (its recording away from this run's, KIKOTO_RECORDING)."""

import json
import os
import subprocess
import sys

from engine import game_ids
from tests.conftest import ROOT
from tools.coverage import report

SUITE = """
from engine import game_ids, load_game


def first_move(game_id):
    game = load_game(game_id)
    state = game.new(game.players[0], 0, None)
    return state.check(state.legal_actions()[0]).rules


def test_a_move():
    first_move(game_ids()[0])


def test_a_move_of_another_game():
    first_move(game_ids()[1])


def test_no_verdict():
    assert load_game(game_ids()[0]).prefix
"""
SMALL: dict = {}
exec(SUITE, SMALL)  # the same first moves, here, for what the recording must hold


def expected():
    rules = {}
    for test, game_id in (("test_a_move", game_ids()[0]), ("test_a_move_of_another_game", game_ids()[1])):
        for rule in SMALL["first_move"](game_id):
            rules.setdefault(rule, []).append(f"test_small.py::{test}")
    return rules


def run_suite(tmp_path, *args):
    suite = tmp_path / "suite"
    suite.mkdir(exist_ok=True)
    (suite / "test_small.py").write_text(SUITE)
    (suite / "pytest.ini").write_text("[pytest]\ntestpaths = .\naddopts = -q -p no:cacheprovider\n")
    env = {**os.environ, "PYTHONPATH": ROOT, "KIKOTO_RECORDING": str(tmp_path / "rec" / "rule-coverage.json")}
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.coverage_plugin", *args],
        cwd=suite,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    path = tmp_path / "rec" / "rule-coverage.json"
    return proc, (json.loads(path.read_text()) if path.exists() else None)


def test_each_test_with_the_rules_its_verdicts_cited(tmp_path):
    proc, recording = run_suite(tmp_path, "test_small.py")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert recording["rules"] == expected()
    assert recording["tests"] == 2
    assert recording["whole"] is False  # a path was given: a part of the suite, not checked
    assert "rule coverage:" not in proc.stdout


def test_workers_parts_merged_and_a_whole_run_checked(tmp_path):
    # The whole (small) suite on two xdist workers: the parts are merged, and the check at the end
    # fails the run, since its verdicts cite a few rules of the many checkable ones.
    proc, recording = run_suite(tmp_path, "-n", "2")
    assert recording["rules"] == expected()
    assert recording["whole"] is True
    parts = sorted(os.listdir(tmp_path / "rec" / "rule-coverage"))
    assert {"gw0.jsonl", "gw1.jsonl"} <= set(parts), parts
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "3 passed" in proc.stdout
    game_id = game_ids()[0]
    uncited = [
        row["id"]
        for row in report(ROOT, game_id)["rules"]
        if not row["descriptive"] and not row["cases"] and "gap" not in row and row["id"] not in expected()
    ]
    assert uncited
    for rule_id in uncited:
        assert f"rule coverage: {rule_id}: a checkable rule that no verdict cited, in a test or a case" in proc.stdout
    for rule_id in expected():
        assert f"rule coverage: {rule_id}:" not in proc.stdout


def test_a_failed_run_is_not_checked(tmp_path):
    (tmp_path / "suite").mkdir()
    (tmp_path / "suite" / "test_fails.py").write_text("def test_fails():\n    assert False\n")
    proc, recording = run_suite(tmp_path)
    assert proc.returncode == 1
    assert "rule coverage:" not in proc.stdout
    assert recording["whole"] is True
