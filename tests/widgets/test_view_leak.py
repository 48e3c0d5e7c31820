"""Nothing a seat may not see reaches the page of a played position (engine/core/view.py), in every
registered game, from positions its random play reaches.

A sandbox shows the position as its seat to move sees it. So:
- the page (the board, the panel, the hand, the log, the moves to pick from), the widget's spec the
  page embeds and the "#play=" link it writes hold no card id that seat may not see, and has not
  seen before (a card played face up, then shuffled back into the deck, was seen);
- the play area of two positions that differ only in what that seat may not see (tests/core/
  test_view.py's twins: another player's card swapped for one in the deck, two face-down values
  swapped) is the same HTML, in both languages, and so is a worked example's card of them: nothing
  drawn, worded or offered tells them apart;
- a move made in secret is logged as the seat to move saw it;
- what a random seat chose in secret (a token put down face down) is in neither the "#play=" link
  nor the spec the page holds: they carry the reader's own moves only, and the engine chooses the
  random seats' again when it replays (widgets/render/line.py).
(The spec and the link carry what the engine replays: a worked example's written position, the
sandbox's form and the reader's moves.)
"""

from __future__ import annotations

import html
import importlib
import json
import re

import pytest

from engine import game_ids, load_game
from engine.core import Rng
from engine.core.formats import read_link
from tests.conftest import SCALE
from tests.core.test_view import leaves, played, twin
from widgets.render import render_island, render_output
from widgets.render.line import Line, effective, play
from widgets.render.play import play_area
from widgets.render.renderer import renderer

GAMES = game_ids()
LANGS = ("en", "hu")


def ctx(lang: str) -> dict:
    return {"lang": lang, "rules_url": "rules/"}


def strings(data) -> set:
    return {v for _, v in leaves(data) if isinstance(v, str)}


def ids(values) -> set:
    """The values a page could only show by naming them: card ids ("M03", "B17"), not the words and
    numbers every page is full of."""
    return {v for v in values if re.fullmatch(r"[A-Za-z]+-?\d+(-\d+)?", v)}


def named(text: str, value: str) -> bool:
    text = re.sub(r' d="[^"]*"', "", text)  # an SVG path's "M26.0,161" is a drawing, not a card
    return re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", text) is not None


def sandbox(state, seed: int, moves: list) -> dict:
    return {
        "widget": "play",
        "game": state.game.id,
        "sandbox": True,
        "play": True,
        "setup": {"players": state.player_count, "seed": seed},
        "moves": moves,
    }


@pytest.mark.parametrize("game_id", GAMES)
def test_a_sandbox_names_no_card_its_seat_to_move_may_not_see(game_id, scaled):
    game = load_game(game_id)
    for seed in range(1, 1 + scaled(2)):
        seen_by = {}  # seat -> every string it has seen in a view, from the start of the line
        line = list(played(game_id, seed, every=1, limit=250))
        for k, (state, moves) in enumerate(line):
            for seat in range(state.player_count):
                seen_by.setdefault(seat, set()).update(strings(game.view(state, seat)))
            if k % 25 or state.is_over():
                continue
            seat = state.current_player
            secrets = ids(strings(state.to_json()) - seen_by[seat])
            spec = sandbox(state, seed, moves)
            page = render_output(spec, ctx("en")) + render_island(spec, ctx("en"))
            assert "kikoto-error" not in page, page[:400]
            link = json.loads(re.search(r'data-update="([^"]*)"', page).group(1).replace("&quot;", '"'))["link"]
            leaked = sorted(s for s in secrets if named(page, s) or named(link, s))
            assert not leaked, (game_id, seed, len(moves), seat, leaked)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_play_area_cannot_tell_apart_what_its_seat_may_not_see(game_id, scaled):
    game = load_game(game_id)
    view = renderer(game_id)
    compared = 0
    for seed in range(1, 1 + scaled(2)):
        for state, _ in played(game_id, seed, every=13):
            if state.is_over():
                continue
            other = twin(state, state.current_player, seed)
            if other is None:
                continue
            spec = {"widget": "play", "game": game_id, "sandbox": True, "moves": []}
            for lang in LANGS:
                areas = [
                    play_area(spec, Line(game, [{"state": s, "caption": None, "action": None, "verdict": None}]), view, ctx(lang))
                    for s in (state, other)
                ]
                assert areas[0] == areas[1], (game_id, seed, lang, state.to_json(), other.to_json())
                # a worked example's card of the same position, drawn from its spec (the state)
                cards = [
                    render_output({"widget": "steps", "game": game_id, "state": s.to_json()}, ctx(lang)) for s in (state, other)
                ]
                assert "kikoto-error" not in cards[0] and cards[0] == cards[1], (game_id, seed, lang)
            compared += 1
    if game.hiding:
        assert compared, f"{game_id}: no position with a twin"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_sandbox_cannot_tell_apart_a_secret_move(game_id, scaled):
    """A move another seat made in secret (a token put down face down) is logged as the seat to move
    saw it: the sandbox after it is the same HTML as after the same move with another secret (a
    token of another value), the link and the moves to send back aside (they replay the game)."""
    game = load_game(game_id)
    compared = 0
    for seed in range(1, 1 + scaled(2)):
        line = list(played(game_id, seed, every=1, limit=400))
        for (before, moves), (after, then) in zip(line, line[1:]):
            if after.is_over():
                continue
            move, seat = then[-1], after.current_player
            seen = game.view_move(before, move, seat)
            others = [a for a in before.legal_actions() if a != move and game.view_move(before, a, seat) == seen]
            if seen == move or not others:
                continue
            pages = [
                re.sub(r'<div hidden data-update="[^"]*"></div>', "", render_output(sandbox(after, seed, [*moves, m]), ctx(lang)))
                for lang in LANGS
                for m in (move, others[0])
            ]
            assert pages[0] == pages[1] and pages[2] == pages[3], (game_id, seed, len(moves), move, others[0])
            compared += 1
    # (inside Pyodide, at its small scale, the few moves played may not reach a secret one)
    if SCALE >= 1 and game.hiding and hasattr(importlib.import_module(game.hiding), "move"):
        assert compared, f"{game_id}: no secret move with another like it"


def objects(data):
    """Every JSON object in `data`, itself and nested."""
    if isinstance(data, dict):
        yield data
    for value in data.values() if isinstance(data, dict) else data if isinstance(data, list) else ():
        yield from objects(value)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_sandbox_shares_none_of_the_random_seats_moves(game_id, scaled):
    """The reader plays seat 1 and the random player every other seat, answer after answer as the
    browser keeps the page's spec (the moves it sends, the answer's data-played and data-update): the
    spec and the "#play=" link the answer writes hold the reader's moves only, and no move a random
    seat made in secret (Game.view_move hides a part of it from the reader). Only Mare Balticum has
    such a move (a company token's value, put down face down); in the other games a random seat's
    every move is seen by all, and the link holds none of them either."""
    game = load_game(game_id)
    low, high = game.players
    secrets = 0
    for seed in range(1, 1 + scaled(2)):
        form = {
            "setup": {"players": min(max(low, 3), high), "seed": seed},
            "options": {},
            "auto": {str(s): s > 0 for s in range(high)},
        }
        spec = {"widget": "play", "game": game_id, "sandbox": True, "play": True, "input": form, "moves": []}
        rng = Rng(seed + 7)
        for _ in range(scaled(60)):
            sent = spec["moves"]
            page = render_output(spec, ctx("en"))
            assert "kikoto-error" not in page, page[:400]
            found = re.search(r'data-played-from="(\d+)" data-played="([^"]*)"', page)
            spec = {**spec, **json.loads(html.unescape(re.search(r'data-update="([^"]*)"', page).group(1)))}
            spec["moves"] = [*sent[: int(found.group(1))], *json.loads(html.unescape(found.group(2)))]
            embedded = html.unescape(re.search(r'data-spec="([^"]*)"', render_island(spec, ctx("en"))).group(1))
            link = read_link(spec["link"], game_id)
            line = play(effective(spec))
            own = [move for move, _, before in line.played if before.current_player == 0]
            assert link["moves"] == own and spec["moves"] == own, (game_id, seed, len(line.played))
            hidden = [
                move
                for move, _, before in line.played
                if before.current_player != 0 and game.view_move(before, move, 0) != move and move not in own
            ]
            shared = [*objects(link), *objects(json.loads(embedded))]
            leaked = [move for move in hidden if move in shared]
            assert not leaked, (game_id, seed, len(line.played), leaked)
            if line.state.is_over():
                break
            secrets = max(secrets, len(hidden))
            spec["moves"] = [*spec["moves"], rng.choice(line.state.legal_actions())]
    # (inside Pyodide, at its small scale, the few moves played may not reach a secret one)
    if SCALE >= 1 and game.hiding and hasattr(importlib.import_module(game.hiding), "move"):
        assert secrets, f"{game_id}: no random seat made a secret move"
