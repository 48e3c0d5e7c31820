"""The format steps (engine/mare_balticum/migrations.py): a case file or link saved before the action
type "end_turn" became "end-turn" opens with the same verdict once the game's steps have run; one that
set the dropped option refill_opponent_ship opens under the book's answer (any ship blocks a refill)."""

import copy
import json
import os

import pytest

from engine.core import InputError
from engine.core.cases import build_state, run_case

from ._mb import CASES, GAME, load_json

PARTS = ("state", "options", "setup", "moves", "action")
END_TURN_CASES = sorted(
    n[:-5] for n in os.listdir(CASES) if '"end-turn"' in open(os.path.join(CASES, n), encoding="utf-8").read()
)


def old_format(case: dict) -> dict:
    """The case as format 1 wrote it."""
    return json.loads(json.dumps(case).replace('"end-turn"', '"end_turn"'))


def migrated(doc: dict) -> dict:
    parts = {k: copy.deepcopy(doc[k]) for k in PARTS if k in doc}
    for step in GAME.migrations:
        step(parts)
    return {**{k: v for k, v in doc.items() if k not in PARTS}, **parts}


def test_the_format_is_counted_by_its_steps():
    assert GAME.format == len(GAME.migrations) + 1 == 4


@pytest.mark.parametrize("name", END_TURN_CASES)
def test_a_case_saved_with_end_turn_opens_with_its_verdict(name):
    case = load_json(CASES, name + ".json")
    old = old_format(case)
    _, state = build_state(case)
    with pytest.raises(InputError) as err:  # unmigrated, the old spelling is not an action
        state.check(old["action"])
    assert err.value.field.startswith("action")
    result = run_case(migrated(old))
    assert result["matches"], result["differences"]
    assert result["verdict"] == run_case(case)["verdict"]


def test_moves_are_migrated_too_and_the_step_takes_any_json():
    moves = [{"type": "start", "port": p} for p in ("stockholm", "gdansk", "riga")] + [{"type": "end_turn"}]
    doc = migrated(
        {"game": "mare-balticum", "setup": {"players": 3, "seed": 1}, "moves": moves, "action": {"type": "end_turn", "player": 1}}
    )
    assert doc["moves"][-1] == {"type": "end-turn"} and doc["action"] == {"type": "end-turn", "player": 1}
    again = migrated(doc)
    assert again == doc  # a current document is left as it is
    for junk in ({}, {"moves": "x"}, {"moves": [3, None, {"type": 5}]}, {"action": []}, {"action": {"type": None}}):
        before = copy.deepcopy(junk)
        migrated(junk)
        assert junk == before


@pytest.mark.parametrize("chosen", [False, True])
def test_a_case_that_set_refill_opponent_ship_opens_under_the_book(chosen):
    case = load_json(CASES, "mb-refill-opponent-ship.json")
    old = {**copy.deepcopy(case), "options": {"refill_opponent_ship": chosen}}
    old["state"]["options"] = {"refill_opponent_ship": chosen, "fleet": "pairs"}
    with pytest.raises(InputError) as err:  # unmigrated, the option is no longer known
        build_state(old)
    assert "refill_opponent_ship" in str(err.value.field) + str(err.value)
    new = migrated(old)
    assert new["options"] == {} and new["state"]["options"] == {"fleet": "pairs"}
    result = run_case(new)
    assert result["verdict"]["reason"] == "ok-end-turn-ship-blocks"  # the book's answer, either way
    assert result["verdict"] == run_case(case)["verdict"]
