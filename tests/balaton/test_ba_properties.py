"""Random playouts: games end, every forint is accounted for, invariants hold, JSON round-trips."""

import hashlib
import json

import pytest

from engine.balaton.board import BOARD
from engine.balaton.game import CLOSURE, START_CARDS
from engine.core import IllegalAction, InputError, Rng

from .ba_helpers import GAME

CAP = 20000  # actions; a game that has not ended by then is reported as stalled
ALT = {
    "coin_scale": 10,
    "empty_route_field": "tie",
    "closure_scope": "port",
    "bumped_pawn": "landing",
    "crossing_lands": False,
    "subsidy_then_buy": False,
}
OPTION_SETS = [{}, ALT, {"bumped_pawn": "arrow"}, {"subsidy_broke": "any", "plus_one_ship": "extra"}]
PROBES = [{"type": t} for t in ("roll", "reroll", "fly", "port", "income", "subsidy", "end-turn")] + [
    {"type": "ship", "card": True},
    {"type": "ship"},
    {"type": "ferry", "ticket": True},
    {"type": "ferry"},
    {"type": "move", "steps": 12},
    {"type": "move", "steps": 1, "back": True},
    {"type": "bump", "seat": 1, "to": "f01"},
]
GARBAGE = [
    None,
    3,
    "roll",
    [],
    {},
    {"type": 5},
    {"type": "warp"},
    {"type": "move"},
    {"type": "move", "steps": True},
    {"type": "bump", "seat": -1, "to": "x"},
    {"type": "ship", "card": "yes"},
]


DEFAULTS = {"move": {"back": False}, "ship": {"card": False}, "ferry": {"ticket": False}}


def normal(action):
    """An action with its optional fields filled in, for comparing with legal_actions()."""
    return dict(DEFAULTS.get(action["type"], {}), **action)


def expected_delta(before, action):
    """The money change of the acting player, from the rulebook's prices (not the engine's bookkeeping)."""
    k = before.scale
    t = action["type"]
    if t == "reroll":
        return -2 * k
    if t == "ferry":
        return 0 if action.get("ticket") else -2 * k
    if t == "port":
        return -BOARD.size[before.here()] * k
    if t == "ship":
        if action.get("card"):
            return 0
        sid = before.here()
        lake = BOARD.lake_of[sid]
        if BOARD.green[lake] and all(before.actor in before.ports.get(p, ()) for p in BOARD.ports_on[lake]):
            return 0
        return -(2 if BOARD.double[lake] else 1) * k
    if t == "income":
        amount, path, end = before.best_route(before.actor, before.here())
        # the route is a simple path along the black lines, from this port's lake to another own port's lake
        assert path[0] == BOARD.lake_of[before.here()] and path[-1] == BOARD.lake_of[end]
        assert len(set(path)) == len(path) and end != before.here() and before.actor in before.ports[end]
        assert all(b in BOARD.links[a] for a, b in zip(path, path[1:]))
        assert amount == sum(before.field_value(before.actor, lid) for lid in path)
        return amount
    if t == "subsidy":
        return 2 * k
    return 0


def invariants(state):
    n = state.players
    assert all(m >= 0 for m in state.money)
    assert all(p in BOARD.index for p in state.pos)
    for sid, seats in state.ports.items():
        assert seats == sorted(set(seats)), "two ports of one player in one settlement"
    for lid, by_port in state.ships.items():
        for sid, counts in by_port.items():
            assert sid in BOARD.ports_on[lid] and len(counts) == n
            assert all(0 <= c <= CLOSURE for c in counts)
        if state.options["closure_scope"] == "field":
            assert all(c <= CLOSURE for c in state.ships_on(lid))
    for c in state.cards:
        assert all(0 <= c[k] <= START_CARDS[k] for k in START_CARDS)


def playout(players, seed, options, check_every=25):
    state = GAME.new(players, seed, options)
    rng = Rng(seed ^ 0xBA1A70)
    start_total = sum(state.money)
    ledger = 0
    used = [dict.fromkeys(START_CARDS, 0) for _ in range(players)]
    cards_this_step = 0
    closed_before = set()
    for count in range(CAP):
        if state.is_over():
            break
        actions = state.legal_actions()
        assert actions, "no legal action in a running game"
        if count % check_every == 0:
            snapshot = json.dumps(state.to_json(), sort_keys=True)
            normals = [normal(a) for a in actions]
            for probe in PROBES:
                if normal(probe) not in normals:
                    v = state.check(probe)
                    assert not v.legal and v.rules and v.reason, probe
                    with pytest.raises(IllegalAction):
                        state.apply(probe)
            for junk in GARBAGE:
                with pytest.raises(InputError):
                    state.check(junk)
            assert json.dumps(state.to_json(), sort_keys=True) == snapshot
            assert GAME.from_json(json.loads(snapshot)).to_json() == state.to_json()
            for a in actions:
                assert state.check(a).legal, a
        action = rng.choice(actions)
        actor = state.actor
        delta = expected_delta(state, action)
        if action["type"] == "ship" and state.options["closure_scope"] == "field":
            assert BOARD.lake_of[state.here()] not in closed_before
        before = list(state.money)
        after = state.apply(action)
        for seat in range(players):
            assert after.money[seat] == before[seat] + (delta if seat == actor else 0), (action, seat)
        ledger += delta
        cards_used = [sum(b[k] - a[k] for k in START_CARDS) for b, a in zip(state.cards, after.cards)]
        for seat in range(players):
            for k in START_CARDS:
                used[seat][k] += state.cards[seat][k] - after.cards[seat][k]
        cards_this_step = 0 if action["type"] == "end-turn" else cards_this_step + sum(cards_used)
        assert cards_this_step <= 1 or after.step["sub"], "two cards in one step"
        state = after
        if action["type"] == "ship":
            lid = BOARD.lake_of[state.here()]
            if any(c >= CLOSURE for c in state.ships_on(lid)):
                closed_before.add(lid)
            invariants(state)
        elif count % check_every == 0:
            invariants(state)
    assert sum(state.money) == start_total + ledger
    assert all(used[s][k] <= START_CARDS[k] for s in range(players) for k in START_CARDS)
    assert GAME.from_json(state.to_json()).to_json() == state.to_json()
    return state, count


@pytest.mark.rules("BA-2.1", "BA-2.2", "BA-2.3", "BA-3.1", "BA-3.2", "BA-5.2", "BA-6.4", "BA-8.1", "BA-10.1")
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("opts", range(len(OPTION_SETS)))
def test_random_playouts(players, opts, scaled):
    stalled = []
    for seed in range(scaled(6)):
        state, count = playout(players, seed, OPTION_SETS[opts])
        if not state.is_over():
            stalled.append(seed)
        else:
            assert state.winners() == [state.winner]
            goal = 20 * state.scale
            assert state.money[state.winner] >= goal
            assert all(m < goal for i, m in enumerate(state.money) if i != state.winner)
    assert not stalled, f"games that did not end within {CAP} actions: seeds {stalled}"


def _log_digest(players, seed, options):
    state = GAME.new(players, seed, options)
    rng = Rng(seed ^ 0x5EED)
    h = hashlib.sha256()
    while not state.is_over():
        state = state.apply(rng.choice(state.legal_actions()))
        h.update(json.dumps(state.to_json(), sort_keys=True).encode())
    return h.hexdigest()[:16]


GOLDEN = {(3, 1, "default"): "c79e604b1cb434cf", (5, 7, "alt"): "41edfd0a71c72fd3"}


@pytest.mark.rules("BA-3.1")
@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_golden_log_same_in_every_runtime(key):
    """The same seed and choices give the same log byte for byte (CPython here, Pyodide in the browser run)."""
    players, seed, which = key
    digest = _log_digest(players, seed, {} if which == "default" else ALT)
    assert digest == GOLDEN[key]
