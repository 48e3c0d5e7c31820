"""A seat's view, the same contract in every game (engine/core/view.py): `Game.view(position, seat)`.

- The view is the position's JSON as that seat sees it: JSON, the generator's state hidden, the
  position itself untouched.
- It does not depend on what it hides: a twin position, the same but for two hidden things swapped
  (another player's card for one in the deck, two face-down values), has the same view for that seat.
  So nothing drawn from the view can tell them apart.
- A game that hides something hides it in some position its random play reaches (the view is not
  a no-op), and a seat sees at least what an onlooker sees.
"""

from __future__ import annotations

import copy
import json

import pytest

from engine import InputError, game_ids, load_game
from engine.core import Rng
from engine.core.view import HIDDEN

GAMES = game_ids()


def played(game_id: str, seed: int, every: int = 9, limit: int = 400):
    """(state, the moves that led to it) every `every` moves of a seeded random game."""
    game = load_game(game_id)
    low, high = game.players
    state = game.new(low + seed % (high - low + 1), seed)
    rng, moves = Rng(seed + 101), []
    while len(moves) < limit and not state.is_over():
        if len(moves) % every == 0:
            yield state, list(moves)
        move = rng.choice(state.legal_actions())
        state = state.apply(move)
        moves.append(move)
    yield state, moves


def hidden_paths(full, seen, path=()):
    """(path, value) of each leaf of `full` that `seen` (its view) does not show as it is."""
    if full == seen:
        return
    if isinstance(full, dict) and isinstance(seen, dict) and full.keys() <= seen.keys():
        for key in full:
            yield from hidden_paths(full[key], seen[key], (*path, key))
    elif isinstance(full, list) and isinstance(seen, list) and len(full) == len(seen):
        for i, (a, b) in enumerate(zip(full, seen)):
            yield from hidden_paths(a, b, (*path, i))
    else:
        yield from leaves(full, path)


def leaves(value, path=()):
    if isinstance(value, dict):
        for key, v in value.items():
            yield from leaves(v, (*path, key))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, (*path, i))
    else:
        yield path, value


def get(data, path):
    for key in path:
        data = data[key]
    return data


def put(data, path, value):
    get(data, path[:-1])[path[-1]] = value


def kind(value):
    """Leaves swapped for one another are alike: a card id for a card id of the same deck (its first
    letter), a tile for a tile, a number for a number."""
    return (type(value).__name__, value[:1] if isinstance(value, str) and value[:1].isalpha() else None)


def swappable(full, seen, a, b) -> bool:
    """Two hidden leaves may be swapped when both lie face down where they are (the view shows a back
    in their place), or when they are two counts of one hidden whole (one purse, one warehouse)."""
    backs = all(_at(seen, p) == HIDDEN for p in (a, b))
    return backs or (a[:-1] == b[:-1] and _at(seen, a) is _MISSING)


_MISSING = object()


def _at(data, path):
    for key in path:
        try:
            data = data[key]
        except (KeyError, IndexError, TypeError):
            return _MISSING
    return data


def twin(state, seat, seed: int = 0):
    """A position the same as `state` but for two things `seat` may not see, swapped, and which the
    game accepts; None when no swap of a few tried makes one."""
    game = state.game
    full, seen = state.to_json(), game.view(state, seat)
    paths = [p for p, _ in hidden_paths(full, seen) if p[:1] != ("rng",)]
    rng = Rng(seed)
    for _ in range(30):
        if len(paths) < 2:
            return None
        a, b = rng.choice(paths), rng.choice(paths)
        va, vb = get(full, a), get(full, b)
        if va == vb or kind(va) != kind(vb) or not swappable(full, seen, a, b):
            continue
        other = copy.deepcopy(full)
        put(other, a, vb)
        put(other, b, va)
        try:
            return game.from_json(other)
        except InputError:
            continue
    return None


def seats(state):
    return [None, *range(state.player_count)]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_view_is_json_and_leaves_the_position_alone(game_id):
    game = load_game(game_id)
    for state, _ in played(game_id, 1):
        before = json.dumps(state.to_json(), sort_keys=True)
        for seat in seats(state):
            view = game.view(state, seat)
            assert json.loads(json.dumps(view)) == view
            assert view.get("rng") is None
        assert json.dumps(state.to_json(), sort_keys=True) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_the_view_does_not_depend_on_what_it_hides(game_id, scaled):
    game = load_game(game_id)
    twins = 0
    for seed in range(1, 1 + scaled(2)):
        for state, _ in played(game_id, seed):
            for seat in seats(state):
                other = twin(state, seat, seed)
                if other is None:
                    continue
                twins += 1
                assert other.to_json() != state.to_json()
                assert game.view(other, seat) == game.view(state, seat), (seat, state.to_json())
    if game.hiding:
        assert twins, f"{game_id}: no position with two hidden things to swap"


@pytest.mark.parametrize("game_id", [g for g in GAMES if load_game(g).hiding])
def test_a_game_that_hides_something_hides_it(game_id):
    """Something of the full position is hidden (beyond the generator) in a position random play
    reaches, and a seat sees at least what an onlooker sees (its own hand besides)."""
    game = load_game(game_id)
    hid = 0
    for state, _ in played(game_id, 3):
        if state.is_over():
            continue
        full = state.to_json()
        views = {seat: game.view(state, seat) for seat in seats(state)}
        hidden = {seat: {p for p, _ in hidden_paths(full, v) if p[:1] != ("rng",)} for seat, v in views.items()}
        hid += bool(hidden[None])
        for seat in range(state.player_count):
            assert hidden[seat] <= hidden[None], seat
    assert hid
