"""Random simulation of every registered game, as OpenSpiel's `random_sim_test` does for each of its
games: from the start, uniformly random legal moves, and at every position the contract's promises.

For each game, each player count it seats and a few seeds (options drawn at random per seed, readings
and variants alike; `make soak` plays KIKOTO_SCALE times as many):
- every position passes the game's own `problems()` (nothing impossible is ever reached), and one that
  is not over has a legal action;
- every listed action's verdict is legal (the one played, and at a sample of positions all of them),
  and `apply` leaves the position it was asked of unchanged;
- the position round-trips through `to_json`/`from_json` to the same JSON;
- the game ends or reaches the ply limit; the same seed plays the same game.

A game needs nothing here to be covered: the registry lists it (engine/core/registry.py, `game_ids`).
"""

from __future__ import annotations

import json

import pytest

from engine import game_ids, load_game
from engine.core import Rng
from tests.conftest import SCALE

# plies per game: most games end sooner, the long ones are followed this far (inside Pyodide, at its
# small scale, the first 120: the host's run follows them all the way)
PLIES = 400 if SCALE >= 1 else 120
FULL_CHECK_EVERY = 11  # every listed action's verdict, at one position in this many


def dumps(value) -> str:
    return json.dumps(value, sort_keys=True)


def random_options(game, rng: Rng) -> dict:
    """Each option's value drawn from its choices (the default as likely as any other)."""
    return {name: rng.choice(list(option.choices)) for name, option in sorted(game.options.items())}


def simulate(game, players: int, seed: int, plies: int = PLIES) -> list[str]:
    """Plays one random game (at most `plies` moves); returns the actions' log."""
    rng = Rng(seed * 7919 + players)
    options = random_options(game, rng)
    state = game.new(players, seed, options)
    log = []
    for ply in range(plies + 1):
        data = state.to_json()
        text = dumps(data)
        where = f"{game.id}, {players} players, seed {seed}, options {options}, ply {ply}"
        assert game.problems(json.loads(text)) == [], where
        again = game.from_json(json.loads(text))
        assert dumps(again.to_json()) == text, f"{where}: to_json/from_json changed the position"
        if state.is_over() or ply == plies:
            break
        actions = state.legal_actions()
        assert actions, f"{where}: not over, and no legal action"
        for action in actions if ply % FULL_CHECK_EVERY == 0 else ():
            assert state.check(action).legal, f"{where}: listed but illegal: {action}"
        action = rng.choice(actions)
        verdict = state.check(action)
        assert verdict.legal, f"{where}: listed but illegal: {action} ({verdict.reason})"
        game.action_schema.validate(action, "action")
        nxt = state.apply(action)
        assert dumps(state.to_json()) == text, f"{where}: apply changed the position it was asked of"
        log.append(dumps(action))
        state = nxt
    return log


CASES = [
    pytest.param(game_id, players, id=f"{game_id}-{players}p")
    for game_id in game_ids()
    for players in range(load_game(game_id).players[0], load_game(game_id).players[1] + 1)
]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_random_games_keep_the_contract(game_id, players, scaled):
    game = load_game(game_id)
    for seed in range(scaled(2)):
        simulate(game, players, seed)


@pytest.mark.parametrize("game_id", game_ids())
def test_the_same_seed_plays_the_same_game(game_id):
    game = load_game(game_id)
    players = game.players[0]
    assert simulate(game, players, 3, 100) == simulate(game, players, 3, 100)
