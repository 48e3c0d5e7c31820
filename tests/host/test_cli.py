"""python -m engine: exit codes 0 / 1 / 2, one-line errors naming the field, never a traceback."""

import json
import subprocess
import sys

import pytest

from engine import game_ids, load_game
from engine.core.registry import load_rules
from tests.conftest import ROOT

GAME = game_ids()[0]  # any game will do: the registry's first
PREFIX = load_game(GAME).prefix
LOW, HIGH = load_game(GAME).players
FIRST = load_game(GAME).new(LOW, 7).legal_actions()[0]  # a legal first move


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def case(**over):
    data = {"id": "t", "game": GAME, "setup": {"players": LOW, "seed": 7}, "action": FIRST, "expect": {"legal": True}}
    data.update(over)
    return json.dumps(data)


def test_check_matching_case_exits_0():
    proc = run("check", "-", stdin=case())
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["legal"] is True


def test_check_differing_case_exits_1():
    proc = run("check", "-", stdin=case(expect={"legal": False}))
    assert proc.returncode == 1
    assert "legal: expected False, got True" in proc.stderr


@pytest.mark.parametrize(
    "stdin,field",
    [
        ("{oops", "-"),
        (case(game="chess"), "game"),
        (case(setup={"players": "three"}), "setup.players"),
        (case(setup={"players": HIGH + 5}), "setup.players"),
        (case(setup={"players": LOW, "sede": 1}), "setup.sede"),
        (case(action=[1]), "action"),
        (case(action={"type": "teleport"}), "action.type"),
        (case(action={**FIRST, "plyer": 2}), "action.plyer"),
        (case(action={**FIRST, "player": 9}), "action.player"),
        (case(expect={"legall": True}), "expect.legall"),
        (case(options={"no_such_option": 1}), "options.no_such_option"),
        (case(format=3, question={"hu": "?", "en": "?"}), "question"),  # the first format's shape in a current file
        (case(format=4), "format"),  # a file from a newer Kikötő says so
        (case(format="3"), "format"),
        (case(game_format=99), "game_format"),
        (json.dumps([]), "case"),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_the_field(stdin, field):
    proc = run("check", "-", stdin=stdin)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
    assert f"“{field}”" in lines[0], lines[0]


def test_a_case_file_of_the_first_format_opens():
    """Texts as {"hu", "en"} objects, no "format": migrated to the current format on load."""
    proc = run("check", "-", stdin=case(question={"hu": "Szabad?", "en": "May I?"}))
    assert proc.returncode == 0, proc.stderr


def test_errors_in_hungarian():
    proc = run("check", "-", "--lang", "hu", stdin=case(game="chess"))
    assert proc.returncode == 2 and "ismeretlen játék" in proc.stderr


def test_missing_file_exits_2():
    proc = run("check", "/nonexistent/case.json")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_play_prints_a_log_with_rule_citations():
    proc = run("play", GAME, "--players", str(LOW), "--seed", "1", "--random-moves", "12")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 12 and all(f"[{PREFIX}-" in line for line in lines)


def test_play_rejects_bad_player_count():
    proc = run("play", GAME, "--players", str(HIGH + 1))
    assert proc.returncode == 2 and "“--players”" in proc.stderr


def test_play_rejects_negative_random_moves():
    proc = run("play", GAME, "--players", str(LOW), "--random-moves", "-1")
    assert proc.returncode == 2 and "“--random-moves”" in proc.stderr and "Traceback" not in proc.stderr


def test_a_file_that_is_not_utf8_exits_2(tmp_path):
    path = tmp_path / "case.json"
    path.write_bytes(case().encode("utf-8").replace(b'"t"', b'"t\xe9"') + b"\xff\xfe")
    proc = run("check", str(path))
    assert proc.returncode == 2 and "UTF-8" in proc.stderr and "Traceback" not in proc.stderr


def test_output_piped_into_head_ends_quietly():
    proc = subprocess.run(
        f"{sys.executable} -m engine play {GAME} --players {LOW} --seed 1 | head -1",
        shell=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert proc.stdout.count("\n") == 1 and proc.stderr == "", proc.stderr


def test_rules_lists_ids_in_both_languages():
    en = run("rules", GAME, "--lang", "en")
    hu = run("rules", GAME, "--lang", "hu")
    assert en.returncode == hu.returncode == 0
    rule = list(load_rules(GAME, "en").values())[-1]
    assert f"{rule.id}\t{rule.title}" in en.stdout
    assert [l.split("\t")[0] for l in en.stdout.splitlines()] == [l.split("\t")[0] for l in hu.stdout.splitlines()]


def one_line(proc) -> str:
    assert proc.returncode == 2, proc.stdout + proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    return lines[0]


def test_a_key_given_twice_is_refused_naming_it():
    text = case().replace('"action": {', '"action": {"type": "x", ', 1)
    assert one_line(run("check", "-", stdin=text)).startswith("error: “action.type”: this key is given twice")
    assert "“id”" in one_line(run("check", "-", stdin='{"id": "a", "id": "b"}'))


def test_setup_beside_state_is_refused():
    state = load_game(GAME).new(LOW, 7).to_json()
    assert "“setup”" in one_line(run("check", "-", stdin=case(state=state)))


def test_a_wrong_type_inside_expect_rules_is_bad_input_not_a_difference():
    assert "“expect.rules[0]”" in one_line(run("check", "-", stdin=case(expect={"legal": True, "rules": [1]})))


def test_a_malformed_move_is_named_by_its_index():
    line = one_line(run("check", "-", stdin=case(moves=[FIRST, {"type": "teleport"}])))
    assert "“moves[1].type”" in line, line


def test_deep_nesting_is_one_line(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text(
        case(action={"type": "[" * 1000 + "]" * 1000}).replace('"' + "[" * 1000, "[" * 1000).replace("]" * 1000 + '"', "]" * 1000)
    )
    assert "nested too deeply" in one_line(run("check", str(path)))
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert "nested too deeply" in one_line(run("check", str(path)))


def test_a_byte_order_mark_is_one_clear_line(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + case().encode("utf-8"))
    line = one_line(run("check", str(path)))
    assert "byte-order mark" in line and "line 1" not in line
    assert "bájtsorrend" in one_line(run("check", str(path), "--lang", "hu"))
