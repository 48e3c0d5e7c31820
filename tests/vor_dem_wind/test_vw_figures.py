"""The pictures on the Vor dem Wind rules page (widgets/render/vor_dem_wind/figures.py) say what the engine
does: the decks' kinds of card are the card data's (with the book's numbers, VW-2.1), and the round's
phase changes drawn are exactly the ones the engine makes in played games (VW-4.0)."""

import random

import pytest

from engine import load_game
from widgets.render.vor_dem_wind.figures import ROUND, kinds, round_figure

GAME = load_game("vor-dem-wind")


def test_the_decks_hold_the_books_special_cards():
    assert kinds("buy") == [("buy", 32), ("free-buy", 4), ("keep-fresh", 4)]
    assert kinds("warehouse") == [("store", 30), ("buy-store", 5), ("swap", 5)]
    assert kinds("ship") == [("load-income", 32), ("market", 4), ("reserved", 4)]


def phase_changes(players: int, seed: int) -> set[tuple[str, str]]:
    """The (from, to) phase changes of one game played with random legal moves to its end."""
    state, rng = GAME.new(players, seed), random.Random(seed)
    seen, phase = set(), state.to_json()["phase"]
    while not state.is_over():
        state = state.apply(rng.choice(state.legal_actions()))
        now = state.to_json()["phase"]
        if now != phase:
            seen.add((phase, now))
        phase = now
    return seen


def test_the_round_picture_draws_the_engines_phase_changes():
    seen = set()
    for players, seed in ((2, 1), (3, 0), (4, 2)):
        seen |= phase_changes(players, seed)
    seen.discard(("setup", "reveal"))  # the game's start, not a round's
    assert seen == {(a, b) for a, b, _ in ROUND}


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_the_round_picture_names_each_change_in_words(lang):
    svg, words = round_figure(lang)
    assert svg.count("<polygon") == len(ROUND)  # one arrowhead a change
    assert words.count("<li>") == len(ROUND)
