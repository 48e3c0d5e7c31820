"""Random playouts: every player count, options on and off; invariants after every action."""

import json

import pytest

from engine import IllegalAction, InputError, load_game
from engine.black_fleet import components as C
from engine.core import Rng

GAME = load_game("black-fleet")

OPTION_SETS = [
    {},
    {
        "victory": 20,
        "short_stock": "no-sale",
        "friendly_warship": "once-moved",
        "action_timing": "own-move",
        "discard_timing": "on-play",
        "pirate_entry": "first-step-free",
        "fate_effects": "none",
        "development_abilities": "schematic",
    },
    {"fate_effects": "schematic", "development_abilities": "schematic", "short_stock": "no-sale"},
]


def invariants(s, turn_marks):
    d = s.to_json()
    # the 65 cubes: ports + merchants + pirates
    counts = dict(d["stock"])
    for seat in d["seats"]:
        for c in seat["cargo"]:
            counts[c] += 1
        if seat["treasure"]:
            counts[seat["treasure"]] += 1
        assert len(seat["cargo"]) <= 3
        assert (seat["merchant"] is None) == (not seat["cargo"]) or d["phase"] == "setup"
        assert seat["coins"] == seat["earned"] - seat["spent"] >= 0  # income and spending add up
        assert len(seat["moves"]) <= 2
        assert len(seat["fates"]) <= 3 or d["phase"] == "discard"
    assert counts == {c: 13 for c in C.COLOURS}
    # cards conserved
    moves = d["decks"]["movement"] + d["decks"]["movement_discard"] + [m for x in d["seats"] for m in x["moves"]]
    if d["now"]["card"]:
        moves.append(d["now"]["card"])
    assert sorted(moves) == sorted(C.MOVEMENT)
    fates = d["decks"]["fate"] + d["decks"]["fate_discard"] + [f for x in d["seats"] for f in x["fates"]]
    assert sorted(fates) == sorted(C.FATE)
    # no two ships on one field, except the moving ship passing a friendly one
    occ = {}
    for i, seat in enumerate(d["seats"]):
        for ship in ("merchant", "pirate"):
            if seat[ship] in C.FIELDS:
                occ.setdefault(seat[ship], []).append((i, ship))
    for w, at in d["warships"].items():
        occ.setdefault(at, []).append((None, w))
    for where, ships in occ.items():
        if len(ships) > 1:
            assert d["phase"] == "move", where
            active = d["now"]["active"]
            assert (d["turn"], active) in ships or (None, active) in ships
    # at most one action per ship unless a card grants more
    for ship, n in d["now"]["acted"].items():
        assert n <= s._actions_allowed(ship)


GREEDY = ("buy", "sell", "steal", "sink", "bury")


def choose(acts, rng):
    """Random, but half of the time an income or buying action when there is one (shorter games)."""
    if rng.below(2):
        rich = [a for a in acts if a["type"] in GREEDY]
        if rich:
            return rng.choice(rich)
    return rng.choice(acts)


def playout(n, seed, options, limit=None):
    s = GAME.new(n, seed, options)
    rng = Rng(seed * 7 + 1)
    steps = 0
    while not s.is_over():
        if limit is not None and steps >= limit:
            invariants(s, None)
            return s, steps
        acts = s.legal_actions()
        assert acts, "no legal action in a running game"
        a = choose(acts, rng)
        if steps % 200 == 0:
            before = json.dumps(s.to_json(), sort_keys=True)
            # round trip, and an illegal action leaves the state unchanged
            assert GAME.from_json(s.to_json()).to_json() == s.to_json()
            bad = {"type": "buy", "card": "victory"} if s.phase != "buy" else {"type": "move", "ship": "pirate", "to": "B2"}
            v = s.check(bad)
            assert not v.legal
            with pytest.raises(IllegalAction):
                s.apply(bad)
            for junk in (
                None,
                3,
                {"type": 7},
                {"type": "warp"},
                {"type": "move"},
                {"type": "sink", "ship": "yellow", "target": "x"},
                {"type": "sink", "ship": "yellow", "target": n},
                {"type": "end-turn", "plyer": 0},
            ):
                with pytest.raises(InputError):
                    s.check(junk)
            assert json.dumps(s.to_json(), sort_keys=True) == before
        end_of_last = a["type"] == "end-turn"
        s = s.apply(a)
        steps += 1
        if steps % 10 == 0 or end_of_last:
            invariants(s, None)
        assert steps < 200000
    invariants(s, None)
    turns = [x["turns"] for x in s.seats]
    assert len(set(turns)) == 1, turns  # everyone played the same number of turns
    assert s.winners() and all(s.seats[w]["victory"]["up"] for w in s.winners())
    return s, steps


@pytest.mark.rules("BF-3.1", "BF-5.3", "BF-5.5", "BF-10.4", "BF-10.5", "BF-12.1", "BF-12.2", "BF-2.6")
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("opt", range(len(OPTION_SETS)))
def test_random_playouts(players, opt, scaled):
    for seed in range(scaled(6)):
        playout(players, seed * 31 + opt, OPTION_SETS[opt])


@pytest.mark.rules("BF-2.3")
def test_same_seed_same_game():
    a, _ = playout(3, 5, {})
    b, _ = playout(3, 5, {})
    assert json.dumps(a.to_json(), sort_keys=True) == json.dumps(b.to_json(), sort_keys=True)


@pytest.mark.rules("BF-2.6", "BF-8.5", "BF-7.5")
def test_many_seeds_opening(scaled):
    """Many more seeds, each played for its first 120 actions (setup, entries, first rounds)."""
    for seed in range(scaled(200)):
        playout(3 + seed % 2, 1000 + seed, OPTION_SETS[seed % len(OPTION_SETS)], limit=120)
