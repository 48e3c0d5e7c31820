"""The position editor for Vor dem Wind (widgets/render/vor_dem_wind/edit.py): every tap with every
tool keeps the editor answering, totals are kept, a malformed draft never crashes the table, and the
browser scenario's impossible position is named and kept. (The scenario's questions, by their
commands: tests/widgets/test_editor_parts.py.)"""

import copy
import html as H
import json
import re

import pytest

from engine.vor_dem_wind import money
from engine.vor_dem_wind.components import CARDS, SHIPS
from widgets.render import render_output
from widgets.render.vor_dem_wind.edit import CARD_KINDS

from .editor_scenario import SCENARIO
from .test_vw_examples import load

CTX = {"lang": "en", "rules_url": "../rules/"}


def answer(spec, cmd, lang="en"):
    out = render_output({**spec, "cmd": cmd}, {**CTX, "lang": lang})
    update = json.loads(H.unescape(re.search(r'data-update="([^"]*)"', out).group(1)))
    update.pop("parts")  # each answer whole, as to a page that holds none of it
    return {**spec, **update}, out


def fields(out):
    return sorted(set(re.findall(r'data-tap="([^"]*)"', out)))


TOOLS = (
    [None, {"erase": True}]
    + [{"good": g} for g in ("apple", "silk")]
    + [{"coin": k} for k in ("1", "10")]
    + [{"ship": "large"}, {"ship": "small"}]
    + [{"card": k} for k in CARD_KINDS]
)


def totals(draft):
    d = draft
    goods = sum(d["supply"].values()) + sum(sum(s[p].values()) for s in d["seats"] for p in ("goods", "warehouse"))
    return goods


@pytest.mark.parametrize("tool", TOOLS, ids=lambda t: json.dumps(t))
def test_every_tap_with_every_tool(tool):
    spec = load("ask")
    spec, out = answer(spec, {"op": "tool", "tool": tool})
    for fid in fields(out):
        after, page = answer(spec, {"op": "tap", "field": fid})
        assert "kikoto-ed" in page
        if tool and ("good" in tool or "erase" in tool):
            # a good comes out of the supply and goes back to it
            assert (
                sum(after["draft"]["supply"].values())
                + sum(sum(s[p].values()) for s in after["draft"]["seats"] for p in ("goods", "warehouse"))
                == 60
            )


def test_ask_mode_taps_and_offers():
    spec, out = answer(load("ask"), {"op": "mode", "mode": "ask"})
    for fid in fields(out):
        after, page = answer(spec, {"op": "tap", "field": fid})
        for cmd in map(json.loads, map(H.unescape, re.findall(r'data-cmd="([^"]*)"', page))):
            if cmd["op"] != "ask":
                continue
            _, verdict = answer(after, cmd)
            assert "kikoto-ed-answer" in verdict and "kikoto-error" not in verdict, cmd


@pytest.mark.parametrize(
    "path",
    [
        ["seats"],
        ["seats", 0],
        ["seats", 0, "goods"],
        ["decks"],
        ["port"],
        ["revealed"],
        ["supply"],
        ["bank"],
        ["phase"],
        ["turn"],
        ["seats", 1, "slot"],
        ["round"],
    ],
)
def test_a_malformed_draft_is_drawn_and_named(path):
    spec = load("ask")
    draft = answer(spec, {"op": "mode", "mode": "edit"})[0]["draft"]
    for bad in ("x", 7, None, [1], {"a": 1}):
        d = copy.deepcopy(draft)
        node = d
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = bad
        for lang in ("hu", "en"):
            out = render_output({**spec, "draft": d, "tool": {"at": "hand:0"}}, {**CTX, "lang": lang})
            assert "kikoto-ed" in out
            for fid in ("hand:0", "slot:1", "port", "revealed", "deck:buy"):
                render_output({**spec, "draft": d, "cmd": {"op": "tap", "field": fid}}, {**CTX, "lang": lang})


def test_changing_a_card_swaps_it_with_its_deck():
    spec, _ = answer(load("ask"), {"op": "mode", "mode": "edit"})
    draft = spec["draft"]
    card = draft["seats"][1]["slot"]["card"]
    other = next(c for c in draft["decks"]["ship"]["draw"] if CARDS[c]["kind"] == CARDS[card]["kind"])
    i = draft["decks"]["ship"]["draw"].index(other)
    after, out = answer(spec, {"op": "set", "path": ["seats", 1, "slot", "card"], "value": other})
    assert after["draft"]["seats"][1]["slot"]["card"] == other and 'data-valid="true"' in out
    assert after["draft"]["decks"]["ship"]["draw"][i] == card  # the card took the other's place in its pile


def test_phase_change_keeps_the_turn_and_says_what_follows():
    """Setting the phase keeps the player to move; the phase's own parts follow it, and what the phase
    implies for the turn is named as a problem, not changed silently."""
    spec, _ = answer(load("ask"), {"op": "mode", "mode": "edit"})
    assert spec["draft"]["turn"] == 1 and spec["draft"]["start"] == 0
    after, out = answer(spec, {"op": "set", "path": ["phase"], "value": "reveal"})
    assert after["draft"]["turn"] == 1
    assert after["draft"]["exec"] is None and all(s["slot"] is None for s in after["draft"]["seats"])
    assert 'data-field="state.turn"' in out  # the start player reveals (VW-4.1)
    after, out = answer(spec, {"op": "set", "path": ["phase"], "value": "trade"})
    assert after["draft"]["turn"] == 1 and after["draft"]["exec"] is None
    after, out = answer(spec, {"op": "set", "path": ["phase"], "value": "spoil"})
    assert after["draft"]["turn"] == 1 and after["draft"]["spoil_queue"] == [1, 2]


def test_resize_keeps_the_totals():
    spec, _ = answer(load("ask"), {"op": "mode", "mode": "edit"})
    for n in (2, 4, 3):
        spec, out = answer(spec, {"op": "players", "players": n})
        d = spec["draft"]
        assert len(d["seats"]) == n and d["players"] == n
        assert totals(d) == 60
        assert sorted(all_cards(d)) == sorted(CARDS) and sorted(all_ships(d)) == sorted(SHIPS)
        assert all(d["bank"][k] + sum(s["purse"][k] for s in d["seats"]) == money.ALL_CARDS[k] for k in money.KEYS)


def all_cards(d):
    out = [c for deck in d["decks"].values() for part in deck.values() for c in part] + d["revealed"]
    for s in d["seats"]:
        out += s["specials"] + s["fresh"] + ([s["slot"]["card"]] if s["slot"] and "card" in s["slot"] else [])
    return out


def all_ships(d):
    return (
        d["ship_decks"]["small"]
        + d["ship_decks"]["large"]
        + d["ship_discard"]
        + d["port"]
        + [x for s in d["seats"] for x in s["ships"]]
    )


def test_an_impossible_position_is_named_and_kept():
    """The Hungarian page's impossible position (the browser test's): named at its zone, and kept."""
    bad, bad_out = answer(load("ask"), {"op": "mode", "mode": "edit"}, "hu")
    for kind, what in SCENARIO["impossible"]["setup"]:
        if kind == "tool":
            bad, bad_out = answer(bad, {"op": "tool", "tool": {"good": "apple"}}, "hu")
            assert "alma" in bad_out
        else:
            bad, bad_out = answer(bad, {"op": "tap", "field": what}, "hu")
    assert f'data-field="{SCENARIO["impossible"]["field"]}' in bad_out
    path, value = SCENARIO["impossible"]["kept"]
    node = bad["draft"]
    for key in path:
        node = node[key]
    assert node == value


def test_the_piles_problem_offers_its_fix():
    """Three rounds on with nothing drawn: the problem names the draw piles, and one tap settles them."""
    spec, _ = answer(load("ask"), {"op": "mode", "mode": "edit"})
    spec, out = answer(spec, {"op": "set", "path": ["round"], "value": 10})
    assert 'data-field="state.decks.' in out and "settle-piles" in out
    assert spec["draft"]["start"] == 0  # round 10 with three players: player 1 starts, as before
    spec, out = answer(spec, {"op": "game", "do": "settle-piles"})
    assert 'data-valid="true"' in out and "settle-piles" not in out


@pytest.mark.parametrize(
    "path, value",
    [(["seats", 0, "goods", "apple"], -1), (["seats", 0, "goods", "apple"], "x"), (["phase"], "dancing"), (["turn"], 9)],
)
def test_what_was_typed_is_kept(path, value):
    """A value the position cannot hold stays in the draft (the problems name it); nothing else changes."""
    spec, _ = answer(load("ask"), {"op": "mode", "mode": "edit"})
    before = copy.deepcopy(spec["draft"])
    after, out = answer(spec, {"op": "set", "path": path, "value": value})
    node = after["draft"]
    for key in path:
        node = node[key]
    assert node == value and 'data-valid="false"' in out
    node = before
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    assert after["draft"] == before


def test_a_typed_value_is_kept_on_a_malformed_draft():
    spec, _ = answer(load("ask"), {"op": "mode", "mode": "edit"})
    draft = copy.deepcopy(spec["draft"])
    del draft["supply"]
    after, _ = answer({**spec, "draft": draft}, {"op": "set", "path": ["seats", 0, "goods", "apple"], "value": 4})
    assert after["draft"]["seats"][0]["goods"]["apple"] == 4


def test_a_seat_skipped_in_trading_is_named_with_its_fix():
    """Trading, the start player has chosen and the next one chooses: the start player's card put
    back among the revealed ones leaves a seat before the chooser with nothing (the relation model's
    order). The problem names that seat's place, and its one tap gives the choice back to it."""
    from .helpers import after_setup

    s = after_setup(3, 1)
    s = s.apply({"type": "reveal", "deck": "buy"})
    s = s.apply({"type": "reveal", "deck": "warehouse"})
    s = s.apply({"type": "reveal", "deck": "ship"})
    s = s.apply({"type": "take", "card": s.revealed[0]})
    draft = s.to_json()
    assert (draft["phase"], draft["turn"]) == ("trade", 1)
    draft["revealed"].append(draft["seats"][0]["slot"]["card"])
    draft["seats"][0]["slot"] = None
    spec = {**load("ask"), "draft": draft}
    spec, out = answer(spec, {"op": "mode", "mode": "edit"})
    assert 'data-field="state.seats[0].slot"' in out
    fix = {"op": "fix", "name": "set_turn", "args": {"seat": 0}}
    assert H.escape(json.dumps(fix, sort_keys=True, separators=(",", ":")), quote=True) in out
    assert "Player 1 chooses now" in out
    spec, out = answer(spec, fix)
    assert 'data-valid="true"' in out and spec["draft"]["turn"] == 0
