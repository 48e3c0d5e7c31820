"""The editing operations (engine/mississippi_queen/edit.py) keep the position whole: whatever they do,
the component model's counts still hold (no conservation problem), and what they promise happens."""

import json
import os

import pytest

from engine.core import Rng
from engine.mississippi_queen import edit
from engine.mississippi_queen.position import KINDS
from tests.conftest import ROOT

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
    """A smaller table keeps its steamers (the draft carried over) until the problem's one-tap fix
    returns them to the box; the passengers follow either way."""
    from engine.core.edit import apply_edit, change_setting

    d = json.loads(json.dumps(POSITIONS[-1]))
    for players in (5, 3, 4):
        d = change_setting(GAME, d, "players", players)
        if len(d["steamers"]) > players:
            found = GAME.problems(d)
            assert [p.code for p in found] == ["field-count"] and found[0].fix.op == "return_extra_steamers"
            d = apply_edit(GAME, d, found[0].fix.op, found[0].fix.args)
        assert len(d["steamers"]) == players and counted_wrong(d) == []
    d = change_setting(GAME, d, "game", "learning")
    assert d["total_passengers"] == 0 and counted_wrong(d) == []
    d = change_setting(GAME, d, "game", "passenger")
    assert d["total_passengers"] == 12 and counted_wrong(d) == []


def test_a_smaller_table_and_back_loses_nothing():
    from engine.core.edit import change_setting

    d = json.loads(json.dumps(POSITIONS[-1]))
    d = change_setting(GAME, d, "players", 5)
    five = json.loads(json.dumps(d["steamers"]))
    d = change_setting(GAME, d, "players", 3)
    assert d["players"] == 3 and d["steamers"] == five  # what no longer fits stays, for the problem to name
    assert GAME.problems(d)[0].field == "state.steamers"
    d = change_setting(GAME, d, "players", 5)
    assert d["steamers"] == five and GAME.problems(d) == []


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


def test_the_editor_offers_the_fix_of_a_smaller_table_as_a_button():
    """The Ask page: five players, then three: the extra steamers stay, named with a button that
    returns them to the box (the engine's fix), and the position is possible again."""
    import html
    import re

    from widgets.render import editor

    with open(os.path.join(ROOT, "docs", "mississippi-queen", "examples", "ask.json"), encoding="utf-8") as f:
        spec = json.load(f)
    _, update = editor.answer({**spec, "cmd": {"op": "players", "players": 5}}, {"lang": "en"})
    page, update = editor.answer({**spec, "draft": update["draft"], "cmd": {"op": "players", "players": 3}}, {"lang": "en"})
    assert len(update["draft"]["steamers"]) == 5 and "Return the extra steamers to the box" in page
    cmd = json.loads(html.unescape(re.search(r'kikoto-ed-fix"[^>]*data-cmd="([^"]*)"', page).group(1)))
    page, update = editor.answer({**spec, "draft": update["draft"], "cmd": cmd}, {"lang": "en"})
    assert len(update["draft"]["steamers"]) == 3 and 'class="kikoto-ed-ok"' in page
