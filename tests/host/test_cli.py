"""python -m engine: exit codes 0 / 1 / 2, one-line errors naming the field, never a traceback."""

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def case(**over):
    data = {"id": "t", "game": "mare-balticum", "setup": {"players": 3, "seed": 7},
            "action": {"type": "end_turn"}, "expect": {"legal": False}}  # well formed, but not in the set-up
    data.update(over)
    return json.dumps(data)


def test_check_matching_case_exits_0():
    proc = run("check", "-", stdin=case())
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["legal"] is False


def test_check_differing_case_exits_1():
    proc = run("check", "-", stdin=case(expect={"legal": True}))
    assert proc.returncode == 1
    assert "legal: expected True, got False" in proc.stderr


@pytest.mark.parametrize("stdin,field", [
    ("{oops", "-"),
    (case(game="chess"), "game"),
    (case(setup={"players": "three"}), "setup.players"),
    (case(setup={"players": 9}), "setup.players"),
    (case(setup={"players": 3, "sede": 1}), "setup.sede"),
    (case(action=[1]), "action"),
    (case(action={"type": "teleport"}), "action.type"),
    (case(action={"type": "end_turn", "plyer": 2}), "action.plyer"),
    (case(action={"type": "end_turn", "player": 9}), "action.player"),
    (case(expect={"legall": True}), "expect.legall"),
    (case(options={"no_such_option": 1}), "options.no_such_option"),
    (case(question={"hu": "?", "en": "?"}), "question"),   # the old shape: the English is in the catalog now
    (json.dumps([]), "case"),
])
def test_bad_input_exits_2_with_one_line_naming_the_field(stdin, field):
    proc = run("check", "-", stdin=stdin)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
    assert f"“{field}”" in lines[0], lines[0]


def test_errors_in_hungarian():
    proc = run("check", "-", "--lang", "hu", stdin=case(game="chess"))
    assert proc.returncode == 2 and "ismeretlen játék" in proc.stderr


def test_missing_file_exits_2():
    proc = run("check", "/nonexistent/case.json")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_play_prints_a_log_with_rule_citations():
    proc = run("play", "mare-balticum", "--players", "3", "--seed", "1", "--random-moves", "12")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 12 and all("[MB-" in line for line in lines)


def test_play_rejects_bad_player_count():
    proc = run("play", "mare-balticum", "--players", "7")
    assert proc.returncode == 2 and "“--players”" in proc.stderr


def test_play_rejects_negative_random_moves():
    proc = run("play", "mare-balticum", "--players", "3", "--random-moves", "-1")
    assert proc.returncode == 2 and "“--random-moves”" in proc.stderr and "Traceback" not in proc.stderr


def test_a_file_that_is_not_utf8_exits_2(tmp_path):
    path = tmp_path / "case.json"
    path.write_bytes(case().encode("utf-8").replace(b"end_turn", b"end_turn\xe9") + b"\xff\xfe")
    proc = run("check", str(path))
    assert proc.returncode == 2 and "UTF-8" in proc.stderr and "Traceback" not in proc.stderr


def test_output_piped_into_head_ends_quietly():
    proc = subprocess.run(f"{sys.executable} -m engine play mare-balticum --players 3 --seed 1 | head -1",
                          shell=True, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.stdout.count("\n") == 1 and proc.stderr == "", proc.stderr


def test_rules_lists_ids_in_both_languages():
    en = run("rules", "mare-balticum", "--lang", "en")
    hu = run("rules", "mare-balticum", "--lang", "hu")
    assert en.returncode == hu.returncode == 0
    assert "MB-11.2\tFish in the warehouse" in en.stdout
    assert [l.split("\t")[0] for l in en.stdout.splitlines()] == [l.split("\t")[0] for l in hu.stdout.splitlines()]
