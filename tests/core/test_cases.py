"""Every game's disputed-rule cases (docs/<game>/cases/*.json): each file gives the verdict its
"expect" states, and is well formed; every answer of each reading has a case, and a case that sets
another answer than the default's answers otherwise under the default."""

import json
import os
import re

import pytest

from engine import game_ids, load_game
from engine.core import content, formats
from engine.core.cases import read_json, run_case
from engine.core.errors import InputError
from engine.core.formats import MAX_DEPTH
from engine.core.registry import docs_dir
from tests.conftest import IN_PYODIDE

MIN_CASES = 12


def case_files(game_id: str) -> list[str]:
    folder = os.path.join(docs_dir(), game_id, "cases")
    return sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".json"))


def load(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        return read_json(f.read(), path)  # as strictly as `python -m engine check` reads it


ALL = [(g, path) for g in game_ids() for path in case_files(g)]


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_has_enough_cases(game_id):
    assert len(case_files(game_id)) >= MIN_CASES


@pytest.mark.parametrize("game_id,path", ALL, ids=[f"{g}/{os.path.basename(p)[:-5]}" for g, p in ALL])
def test_case_gives_its_expected_verdict(game_id, path):
    case = load(path)
    # a file may carry an ordering prefix ("01-"): the cases page lists the files in name order
    assert re.sub(r"^\d+-", "", os.path.basename(path)) == case["id"] + ".json"
    assert case["game"] == game_id
    # the versions it is written in (engine/core/formats.py); tools/stamp_case_formats.py writes them
    assert (case.get("format"), case.get("game_format")) == (formats.FORMAT, load_game(game_id).format), (
        "not in the current formats: migrate it (engine/core/formats.py), or run tools/stamp_case_formats.py"
    )
    # the file holds the source text; every other language's is in the catalog (not in the wheel)
    assert isinstance(case["question"], str) and case["question"].strip()
    assert isinstance(case.get("note", ""), str)
    assert IN_PYODIDE or content.missing(case, content.CASE, "en") == []
    result = run_case(case)
    assert result["matches"] is True, result["differences"]


@pytest.mark.parametrize("game_id", game_ids())
def test_every_answer_of_every_reading_has_a_case(game_id):
    """Where the rulebook can be read two ways, a case answers the question under each reading: the
    default's under the default, every other answer in a case that sets it."""
    used: dict[str, set] = {}
    for path in case_files(game_id):
        for name, value in (load(path).get("options") or {}).items():
            used.setdefault(name, set()).add(json.dumps(value))
    game = load_game(game_id)
    missing = [
        f"{name}={json.dumps(choice)}"
        for name, option in game.options.items()
        if option.kind == "reading"
        for choice in option.choices
        if choice != option.default and json.dumps(choice) not in used.get(name, set())
    ]
    assert not missing, missing


@pytest.mark.parametrize("game_id", game_ids())
def test_a_reading_case_answers_otherwise_under_the_default(game_id):
    """A case that sets a reading to another answer than the default shows the difference: under
    the default reading the same question gets another verdict, reason or message."""
    game = load_game(game_id)
    same = []
    for path in case_files(game_id):
        case = load(path)
        options = case.get("options") or {}
        other = {
            name
            for name, value in options.items()
            if name in game.options and game.options[name].kind == "reading" and value != game.options[name].default
        }
        if not other:
            continue
        default = {**case, "options": {k: v for k, v in options.items() if k not in other}}
        default.pop("expect", None)
        a, b = run_case(case)["verdict"], run_case(default)["verdict"]
        if (a["legal"], a["reason"], a["message"]) == (b["legal"], b["reason"], b["message"]):
            same.append(os.path.basename(path))
    assert not same, same


def refused(text: str) -> InputError:
    with pytest.raises(InputError) as err:
        read_json(text, "case.json")
    return err.value


def test_a_key_given_twice_is_named_with_its_path():
    assert refused('{"a": 1, "a": 2}').field == "a"
    err = refused('{"moves": [{"type": "x"}, {"type": "y", "to": 1, "type": "z"}]}')
    assert (err.code, err.field) == ("key-twice", "moves[1].type")


def test_nesting_beyond_the_limit_is_refused_and_within_it_read():
    assert read_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, "f") is not None
    assert refused("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)).code == "json-too-deep"
    assert refused('{"a":' * 5000 + "1" + "}" * 5000).code == "json-too-deep"


def test_a_byte_order_mark_and_bad_json_each_have_their_code():
    assert refused("\ufeff{}").code == "file-bom"
    err = refused('{"a": }')
    assert (err.code, err.params["line"], err.params["column"]) == ("bad-json", 1, 7)


def test_strict_case_structure():
    case = load(ALL[0][1])
    game = load_game(case["game"])
    with_both = {**case, "setup": {"players": game.players[0]}, "state": game.new(game.players[0]).to_json()}
    with pytest.raises(InputError, match="setup") as err:
        run_case(with_both)
    assert err.value.code == "setup-and-state"
    with pytest.raises(InputError) as err:
        run_case({**case, "expect": {"rules": [game.prefix + "-1", ["x"]]}})
    assert (err.value.code, err.value.field) == ("field-type", "expect.rules[1]")
    with pytest.raises(InputError) as err:
        run_case({**case, "expect": {"legal": "yes"}})
    assert err.value.field == "expect.legal"


@pytest.mark.parametrize(
    "move,field", [({"type": "no-such-action"}, "moves[1].type"), ([], "moves[1]"), ({"type": None}, "moves[1].type")]
)
def test_a_malformed_move_names_its_index(move, field):
    game = load_game(game_ids()[0])
    first = game.new(game.players[0], 3).legal_actions()[0]
    case = {"id": "t", "game": game.id, "setup": {"players": game.players[0], "seed": 3}, "moves": [first, move], "action": first}
    with pytest.raises(InputError) as err:
        run_case(case)
    assert err.value.field == field
