"""engine/core/edit.py: the one way a field of a draft is set by hand (the editor's counters and
choices). The path must name a place of the game's position format; the game's `after_set` keeps the
totals that follow from the field."""

from __future__ import annotations

import copy

import pytest

from engine import game_ids, load_game
from engine.core import InputError, Rng
from engine.core.edit import set_field
from engine.core.schema import _describes

from .test_fuzz import paths

GAMES = game_ids()


def played(game, seed: int = 3, steps: int = 15) -> dict:
    """A reachable position a few moves in (the editor's drafts are positions like it)."""
    s = game.new(game.players[1], seed)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_over():
            break
        s = s.apply(rng.choice(s.legal_actions()))
    return s.to_json()


def leaves(data):
    """(path, value) of every value in `data` that holds no other."""
    for path in paths(data):
        value = data
        for key in path:
            value = value[key]
        if not isinstance(value, (dict, list)):
            yield list(path), value


def refused(game, draft, path, value=1) -> InputError:
    before = copy.deepcopy(draft)
    with pytest.raises(InputError) as err:
        set_field(game, draft, path, value)
    assert draft == before  # a refused path writes nothing
    return err.value


@pytest.mark.parametrize("gid", GAMES)
def test_every_game_keeps_its_totals_in_its_own_editing_operations(gid):
    assert callable(load_game(gid).position.operations().after_set)


@pytest.mark.parametrize("gid", GAMES)
def test_a_path_the_format_does_not_have_is_refused_naming_it(gid):
    game = load_game(gid)
    draft = played(game)
    err = refused(game, draft, ["no_such_field"])
    assert (err.code, err.field) == ("field-unknown", "state.no_such_field")
    # below a number, past the end of a list, a key into a list, an empty path
    scalar = next(p for p, v in leaves(draft) if isinstance(v, int) and not isinstance(v, bool))
    assert (
        refused(game, draft, scalar + ["x"]).field
        == "state" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in scalar) + ".x"
    )
    listed = next(k for k, v in draft.items() if isinstance(v, list) and k != "options")
    assert refused(game, draft, [listed, len(draft[listed])]).code == "field-unknown"
    assert refused(game, draft, [listed, "x"]).code == "field-unknown"
    assert refused(game, draft, []).code == "field-unknown"


@pytest.mark.parametrize("gid", GAMES)
def test_a_field_set_to_what_it_holds_keeps_a_possible_position_possible(gid):
    """Whatever the game's bookkeeping does after a field is set, a value set to itself changes no
    total: the position stays possible (a sample of its fields, every kind of place)."""
    game = load_game(gid)
    draft = played(game)
    assert game.problems(copy.deepcopy(draft)) == []
    places = [(p, v) for p, v in leaves(draft) if p[0] != "rng"]
    Rng(7).shuffle(places)
    for path, value in places[:40]:
        after = set_field(game, copy.deepcopy(draft), path, value)
        assert [p.field for p in game.problems(after)] == [], path


def test_the_schema_walk_follows_properties_patterns_items_and_branches():
    schema = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "n": {"type": "integer"},
            "seats": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "hold": {
                            "type": "object",
                            "patternProperties": {"^[a-z]+$": {"type": "integer"}},
                            "additionalProperties": False,
                        }
                    },
                },
            },
            "pair": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}]},
            "either": {"oneOf": [{"type": "null"}, {"type": "object", "properties": {"k": {}}, "additionalProperties": False}]},
            "open": {"type": "object"},
        },
    }
    yes = [["n"], ["seats", 3, "hold", "cod"], ["pair", 1], ["either", "k"], ["open", "any", 0, "thing"]]
    no = [
        ["m"],
        ["n", "x"],
        ["n", 0],
        ["seats", "x"],
        ["seats", -1],
        ["seats", 0, "hold", "Cod"],
        ["pair", 2],
        ["either", "j"],
        ["seats", True],
    ]
    assert [p for p in yes if not _describes(schema, p)] == []
    assert [p for p in no if _describes(schema, p)] == []
