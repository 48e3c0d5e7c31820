"""Mutation test of the position's invariants (engine/balaton/position.py): positions reached by
seeded random play all pass and round-trip; impossible neighbours of them, made by kind (a component
duplicated, removed or misplaced, something of a later stage advanced, a variant's rule broken, a piece
moved to a neighbouring field or a placement given to the wrong piece, two seats' progress swapped, a
counter pushed beyond its bound), each get at least one problem.

Each generator makes only neighbours that cannot occur: a second ship where a player has one is a
possible position, so a duplicated ship is made only where its owner already has three."""

import copy
import json
from collections import Counter

import pytest

from engine.balaton.board import BOARD
from engine.balaton.components import CLOSURE, GOAL, START_CARDS
from engine.balaton.position import BOX
from engine.core import Rng
from tests.conftest import SCALE

from .ba_helpers import GAME

OPTION_SETS = [
    {},
    {
        "coin_scale": 10,
        "empty_route_field": "tie",
        "closure_scope": "port",
        "bumped_pawn": "landing",
        "crossing_lands": False,
        "subsidy_then_buy": False,
    },
    {"bumped_pawn": "arrow", "subsidy_broke": "any", "plus_one_ship": "extra"},
]


def reachable(scaled):
    """Positions from seeded random play; `end` is picked less often, so ports and ships appear."""
    out = []
    for k in range(scaled(9)):
        options = OPTION_SETS[k % len(OPTION_SETS)]
        state = GAME.new(2 + k % 5, seed=k, options=options)
        rng = Rng(1000 + k)
        for count in range(700):
            if count % 11 == 0 or state.is_over():
                out.append(state.to_json())
            if state.is_over():
                break
            actions = state.legal_actions()
            busy = [a for a in actions if a["type"] != "end-turn"]
            state = state.apply(rng.choice(busy if busy and rng.die(6) > 1 else actions))
    return out


# -- the generators: position JSON -> impossible neighbours ---------------------------------------


def _seats(d):
    return range(d["players"])


def duplicate(d):
    yield "pawn", {**d, "pos": d["pos"] + [d["pos"][0]]}
    for seat in _seats(d):
        for card, n in d["cards"][seat].items():
            if n == START_CARDS[card]:
                m = copy.deepcopy(d)
                m["cards"][seat][card] += 1
                yield "card", m
                break
    card = d["step"]["card"]
    if card and d["cards"][d["actor"]][card] + 2 > START_CARDS[card]:
        m = copy.deepcopy(d)
        m["cards"][d["actor"]][card] += 1  # the card used in this step, back in the hand as well
        yield "card used now", m
    for sid, seats in d["ports"].items():
        m = copy.deepcopy(d)
        m["ports"][sid].append(seats[0])
        yield "port", m
    per_port = d["options"]["closure_scope"] == "port"
    for lid, by_port in d["ships"].items():
        for sid, counts in by_port.items():
            for seat in _seats(d):
                mine = counts[seat] if per_port else sum(c[seat] for c in by_port.values())
                if mine == CLOSURE and counts[seat]:
                    m = copy.deepcopy(d)
                    m["ships"][lid][sid][seat] += 1
                    yield "ship", m
    if len(d["dice"]) == 2:
        yield "die", {**d, "dice": d["dice"] + [1]}


def remove(d):
    yield "pawn", {**d, "pos": d["pos"][:-1]}
    for lid, by_port in d["ships"].items():
        for sid, counts in by_port.items():
            for seat in _seats(d):
                if counts[seat]:
                    m = copy.deepcopy(d)
                    m["ports"][sid].remove(seat)  # the port a ship was bought from
                    yield "port under a ship", m
    if d["dice"] and d["phase"] == "move":
        yield "die", {**d, "dice": d["dice"][:1]}
    me, step = d["actor"], d["step"]
    here = BOARD.settlement_at(d["pos"][me])
    if step["bought"] and here:
        m = copy.deepcopy(d)
        m["ports"][here].remove(me)  # the port the purchase needed
        yield "port of this step's purchase", m
    lake = BOARD.lake_of.get(here)
    if step["income"] and lake and sum(c[me] for c in d["ships"].get(lake, {}).values()) == 1:
        m = copy.deepcopy(d)
        sid = next(sid for sid, c in m["ships"][lake].items() if c[me])
        m["ships"][lake][sid][me] -= 1  # the only ship that paid this step's income
        yield "ship of this step's income", m


def misplace(d):
    me, step = d["actor"], d["step"]
    if d["phase"] in ("land", "over"):
        yield "pawn onto an arrow", {**d, "pos": [f if s != me else "siofok-1" for s, f in enumerate(d["pos"])]}
    for lid, by_port in d["ships"].items():
        for sid, counts in by_port.items():
            for seat in _seats(d):
                if not counts[seat]:
                    continue
                # to a lake field beside a settlement where its owner has no port
                to = next((p for p in BOARD.settlements if p in BOARD.lake_of and seat not in d["ports"].get(p, [])), None)
                if to:
                    m = copy.deepcopy(d)
                    m["ships"][lid][sid][seat] -= 1
                    by = m["ships"].setdefault(BOARD.lake_of[to], {}).setdefault(to, [0] * d["players"])
                    by[seat] += 1
                    yield "ship", m
                    return
    if step["crossed"] and not step["sub"]:
        dest = d["pos"][me]
        m = copy.deepcopy(d)
        m["pos"][me] = BOARD.track[(BOARD.index[dest] + 1) % len(BOARD.track)]
        yield "crossed pawn", m


def later(d):
    """Something that belongs to a later phase, or to the end, in an earlier one."""
    fresh = d["phase"] in ("roll", "move")
    if d["phase"] == "roll":
        yield "dice before the roll", {**d, "dice": [3, 4]}
        yield "reroll before the roll", {**d, "rerolls": 1}
    if fresh:
        for flag in ("bought", "income", "crossed"):
            yield f"{flag} before the move", {**d, "step": {**d["step"], flag: True}}
    if d["phase"] != "over":
        yield "winner", {**d, "winner": d["actor"]}
        money = list(d["money"])
        money[d["turn"]] = GOAL * d["options"]["coin_scale"]
        yield "goal reached, game running", {**d, "money": money}
    if d["phase"] != "roll":
        yield "third reroll", {**d, "rerolls": 3}
    me, scale = d["actor"], d["options"]["coin_scale"]
    if d["phase"] == "land" and d["money"][me] > 2 * scale and not d["step"]["subsidy"]:
        # a subsidy is for a player with no money left: taken, it leaves them at most the subsidy
        yield "subsidy while holding money", {**d, "step": {**d["step"], "subsidy": True}}


def variant(d):
    o, me, step = d["options"], d["actor"], d["step"]
    if o["coin_scale"] == 10:
        yield "coin scale", {**d, "money": [d["money"][0] + 5] + d["money"][1:]}
    if o["bumped_pawn"] != "nothing":
        other = (me + 1) % d["players"]
        yield "pawn stays on an arrow", {**d, "pos": [f if s != other else "fured-1" for s, f in enumerate(d["pos"])]}
    elif d["phase"] == "land":
        yield "moved pawn's landing", {**d, "step": {**step, "sub": True}}
    if not o["subsidy_then_buy"] and step["subsidy"]:
        yield "buy after subsidy", {**d, "step": {**step, "bought": True}}
    if not o["crossing_lands"] and step["crossed"]:
        yield "buy after crossing", {**d, "step": {**step, "bought": True}}
    if o["closure_scope"] == "port":
        # three ships of one player from one port, and more of theirs on the field from another:
        # under closure per field that is beyond the box
        for lid, by_port in d["ships"].items():
            for seat in _seats(d):
                if sum(c[seat] for c in by_port.values()) > CLOSURE:
                    yield "closure per field", {**d, "options": {**o, "closure_scope": "field"}}
                    return


def relation(d):
    """A piece moved to a neighbouring field, or a placement given to the wrong piece."""
    me, step = d["actor"], d["step"]
    if d["phase"] in ("land", "over") and step["landed"] and not step["crossed"] and not step["sub"]:
        i = BOARD.index[d["pos"][me]]
        for nb in (BOARD.track[(i + 1) % len(BOARD.track)], BOARD.track[i - 1]):
            if BOARD.settlement_at(nb) != step["landed"] and nb not in BOARD.arrow:
                yield "pawn to a neighbouring field", {**d, "pos": [nb if s == me else f for s, f in enumerate(d["pos"])]}
                break
    for lid, by_port in d["ships"].items():
        for sid, counts in by_port.items():
            for seat in _seats(d):
                other = (seat + 1) % d["players"]
                if counts[seat] and other not in d["ports"][sid]:
                    m = copy.deepcopy(d)
                    m["ports"][sid] = sorted(other if x == seat else x for x in m["ports"][sid])
                    yield "the port under a ship given to another seat", m
                    return


def order(d):
    """Two seats' progress in the step swapped: the seat to act stands where another's pawn stood."""
    me, step = d["actor"], d["step"]
    if d["phase"] == "land" and step["landed"] and not step["crossed"] and not step["sub"]:
        for other in _seats(d):
            if BOARD.settlement_at(d["pos"][other]) != step["landed"]:
                pos = list(d["pos"])
                pos[me], pos[other] = pos[other], pos[me]
                yield "pawns of the seat to act and another swapped", {**d, "pos": pos}
                return


def counter(d):
    """A counter beyond the bound the step allows."""
    scale, step = d["options"]["coin_scale"], d["step"]
    if step["bought"]:
        yield "spent beyond one purchase", {**d, "step": {**step, "spent": 4 * scale}}
    if d["phase"] in ("move", "land"):
        yield "rerolls beyond two", {**d, "rerolls": 3}
    m = copy.deepcopy(d)
    m["cards"][0]["back"] = START_CARDS["back"] + 1
    yield "cards beyond the hand dealt", m


KINDS = {
    "duplicate": duplicate,
    "remove": remove,
    "misplace": misplace,
    "later stage": later,
    "variant": variant,
    "relation": relation,
    "order": order,
    "counter": counter,
}


@pytest.mark.rules("BA-2.1", "BA-2.2", "BA-3.2", "BA-4.3", "BA-6.1", "BA-6.4", "BA-10.1", "BA-11.1")
def test_every_mutant_is_refused_and_every_reachable_position_passes(scaled, record_property):
    positions = reachable(scaled)
    assert len(positions) >= (200 if SCALE >= 1 else 1)  # (a smaller run, as inside Pyodide, meets fewer)
    made, refused = Counter(), Counter()
    for data in positions:
        assert GAME.problems(data) == [], data
        assert GAME.from_json(json.loads(json.dumps(data))).to_json() == data
        for kind, generate in KINDS.items():
            seen = set()
            for what, mutant in generate(data):
                if what in seen:  # one of each per position is enough, and keeps the test fast
                    continue
                seen.add(what)
                made[kind, what] += 1
                if GAME.problems(mutant):
                    refused[kind, what] += 1
                else:
                    pytest.fail(f"{kind} / {what}: no problem found in {json.dumps(mutant)}")
    by_kind = Counter()
    for (kind, _), n in made.items():
        by_kind[kind] += n
    report = "; ".join(f"{k}: {by_kind[k]} made, {sum(n for (kk, _), n in refused.items() if kk == k)} refused" for k in KINDS)
    record_property("mutants", report)
    print(f"\n{len(positions)} reachable positions; " + report)
    for (kind, what), n in sorted(made.items()):
        print(f"  {kind} / {what}: {n}")
    assert all(by_kind[k] > 0 for k in KINDS), by_kind


def test_two_problems_are_both_reported():
    data = {
        "players": 2,
        "money": [10, 25],
        "pos": ["veszprem", "f01"],
        "turn": 0,
        "phase": "roll",
        "cards": [dict(START_CARDS, plane=2), dict(START_CARDS)],
    }
    found = [(e.field, e.code) for e in GAME.problems(data)]
    assert found == [("state.cards[0].plane", "field-range"), ("state.money[1]", "pos-goal-not-over")]


def test_the_box_table_gives_the_hand():
    assert {k[len("card-") :]: c.box for k, c in BOX.items() if k.startswith("card-")} == START_CARDS
    assert BOX["ship"].box == CLOSURE and BOX["pawn"].box == 1
