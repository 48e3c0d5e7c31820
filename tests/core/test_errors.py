"""Bad input is an InputError that names the field, in every language."""

import pytest

from engine import InputError, game_ids, load_game
from engine.core import Verdict, need, rule_anchor
from engine.core.cases import run_case


def test_unknown_game_names_the_field():
    with pytest.raises(InputError) as err:
        load_game("monopoly")
    assert err.value.field == "game"
    assert "monopoly" in err.value.message["en"] and "monopoly" in err.value.message["hu"]
    assert all(game_id in err.value.message["en"] for game_id in game_ids())  # it lists the games


@pytest.mark.parametrize("value,expected", [("3", "an integer"), (True, "an integer"), (None, "an integer")])
def test_wrong_type_names_field_and_types(value, expected):
    with pytest.raises(InputError) as err:
        need({"players": value}, "players", "integer", "setup")
    assert err.value.field == "setup.players"
    assert expected in err.value.message["en"]
    assert "egész szám" in err.value.message["hu"]


def test_missing_field():
    with pytest.raises(InputError) as err:
        need({}, "action", "object")
    assert err.value.code == "field-missing" and err.value.field == "action"


def test_case_with_unknown_game_and_unknown_field():
    with pytest.raises(InputError) as err:
        run_case({"game": "chess", "action": {}})
    assert err.value.field == "game"
    with pytest.raises(InputError) as err:
        run_case({"game": game_ids()[0], "colour": "red"})
    assert err.value.field == "colour"


def test_verdict_requires_rule_ids():
    v = Verdict.make(True, "ok", ["MB-4.2"])
    assert v.to_json()["rules"] == ["MB-4.2"] and v.message["hu"] == "Szabályos."
    with pytest.raises(ValueError):
        Verdict.make(True, "ok", ["fleet"])
    assert rule_anchor("VW-4.3.2") == "vw-4-3-2"
