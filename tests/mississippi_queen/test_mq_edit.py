"""The editing operations (engine/mississippi_queen/edit.py) keep the position whole: whatever they do,
the component model's counts still hold (no conservation problem), and what they promise happens."""

import json

import pytest

from engine.core import Rng
from engine.mississippi_queen import edit
from engine.mississippi_queen.position import KINDS

from .mq_support import GAME

# the problems that say a component is counted wrong (the model's conservation), not a stage problem
COUNTS = (
    {k.twice for k in KINDS if k.twice}
    | {k.count for k in KINDS}
    | {
        "station-count",
        "supply-count",
        "box-count",
        "picked-too-many",
        "passengers-total",
        "passengers-picked",
        "steamers-share-field",
        "next-place",
        "place-gap",
        "place-twice",
        "order-missing",
        "order-twice",
        "pending-not-racing",
    }
)


def positions():
    """Reachable positions of both games (every fifth, of twelve races), some with passengers aboard."""
    out = []
    for seed in range(1, 13):
        options = {"game": "passenger"} if seed % 3 else {}
        state, rng, step = GAME.new(3 + seed % 3, seed, options), Rng(seed), 0
        while not state.is_over() and step < 300:
            if step % 5 == 0:
                out.append(json.loads(json.dumps(state.to_json())))
            state = state.apply(rng.choice(state.legal_actions_shared()))
            step += 1
    return out


POSITIONS = positions()


def counted_wrong(draft):
    return [(p.code, p.field) for p in GAME.problems(draft) if p.code in COUNTS]


def test_the_positions_are_possible():
    assert len(POSITIONS) >= 50
    assert all(GAME.problems(d) == [] for d in POSITIONS)
    assert any(st["passengers"] for d in POSITIONS for st in d["steamers"])


@pytest.mark.parametrize("i", range(0, 60, 7))
def test_placing_moving_and_removing_steamers(i):
    d = json.loads(json.dumps(POSITIONS[i % len(POSITIONS)]))
    fields = [p for li in range(len(d["tiles"])) for p in edit.water(d, li)]
    seat = 0
    assert edit.steamer_at(d, fields[-1]) is None  # the far end of the river is free
    edit.place_steamer(d, seat, fields[-1])  # so the steamer goes there
    assert d["steamers"][seat]["pos"] == list(fields[-1]) and edit.steamer_at(d, fields[-1]) == seat
    assert counted_wrong(d) == []
    # put on the newest tile: the next one is laid, as entering it would
    assert "steamer-on-unexplored" not in [p.code for p in GAME.problems(d)]
    edit.remove_steamer(d, 1)
    assert d["steamers"][1]["status"] == "out" and 1 not in d["pending"]
    assert counted_wrong(d) == []
    edit.set_status(d, 1, "racing")
    assert d["steamers"][1]["pos"] is not None and counted_wrong(d) == []


def test_laying_and_taking_back_a_tile_restores_the_position():
    for d in POSITIONS:
        if len(d["deck"]) < 1 or any(st["status"] != "racing" for st in d["steamers"]):
            continue
        before = json.loads(json.dumps(d))
        laid = edit.lay_tile(d, "C", fits_only=True)
        if laid is None:
            continue
        assert counted_wrong(d) == [] and len(d["tiles"]) == len(before["tiles"]) + 1
        edit.unlay_tile(d)
        assert d == before
    edit.drop_rear(d)
    assert counted_wrong(d) == []


def test_passengers_come_from_stations_and_go_back():
    done = 0
    for d in POSITIONS:
        if (d.get("options") or {}).get("game") != "passenger":
            continue
        for seat in range(len(d["steamers"])):
            total = sum(sum(t["passengers"].values()) for t in d["tiles"]) + d["supply"] + d["box"]
            edit.set_aboard(d, seat, 2)
            aboard = sum(st["passengers"] for st in d["steamers"])
            assert (
                sum(sum(t["passengers"].values()) for t in d["tiles"]) + d["supply"] + d["box"] + aboard == d["total_passengers"]
            )
            assert counted_wrong(d) == [], d["steamers"][seat]
            edit.set_aboard(d, seat, 0)
            assert d["steamers"][seat]["picked"] == [] and counted_wrong(d) == []
            done += total > 0
    assert done


def test_the_table_and_the_variant_keep_the_passengers():
    d = json.loads(json.dumps(POSITIONS[-1]))
    for players in (5, 3, 4):
        edit.resize(d, players)
        assert len(d["steamers"]) == players and counted_wrong(d) == []
    edit.set_game(d, "learning")
    assert d["total_passengers"] == 0 and counted_wrong(d) == []
    edit.set_game(d, "passenger")
    assert d["total_passengers"] == 12 and counted_wrong(d) == []


def test_a_field_set_by_hand_goes_through_the_engine():
    """engine/core/edit.py's set_field writes the field, then this game's after_set: the passengers
    aboard come from a station and go back to it."""
    from engine.core.edit import set_field

    done = 0
    for d in POSITIONS:
        if (d.get("options") or {}).get("game") != "passenger":
            continue
        d = json.loads(json.dumps(d))
        for seat in range(len(d["steamers"])):
            before = d["steamers"][seat]["passengers"]
            d = set_field(GAME, d, ["steamers", seat, "passengers"], 2)
            assert len(d["steamers"][seat]["picked"]) == d["steamers"][seat]["passengers"]
            assert counted_wrong(d) == []
            d = set_field(GAME, d, ["steamers", seat, "passengers"], before)
            assert counted_wrong(d) == []
            done += 1
    assert done
