"""The site's worked examples (docs/mississippi-queen/examples/) run through the play widget and give the book's numbers."""

import json
import os

import pytest

from widgets.render import render_output
from widgets.render.mississippi_queen import board as view
from widgets.render.play import run

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "mississippi-queen", "examples")
CTX = {"lang": "en", "rules_url": ""}


def load(name):
    with open(os.path.join(EXAMPLES, name + ".json"), encoding="utf-8") as f:
        return json.load(f)


def final(name):
    _, cards, state, _ = run(load(name))
    assert all(c["verdict"].legal for c in cards[1:]), name
    return cards, state


def test_every_example_file_renders_in_both_languages():
    for name in sorted(os.listdir(EXAMPLES)):
        spec = load(name[:-5])
        assert spec["id"] + ".json" == name and spec["game"] == "mississippi-queen"
        for lang in ("hu", "en"):
            html = render_output(spec, {"lang": lang, "rules_url": ""})
            assert "kikoto-error" not in html and "<svg" in html


@pytest.mark.rules("MQ-4.1")
def test_coal_costs_both_readings():
    _, s = final("coal-costs")
    assert [st["coal"] for st in s.steamers[:2]] == [5, 4]  # 2 -> 4: 1 coal (stated); 6 -> 3: 2 coal
    _, e = final("coal-costs-example-reading")
    assert [st["coal"] for st in e.steamers[:2]] == [4, 4]  # the example's reading: 2 -> 4 costs 2


@pytest.mark.rules("MQ-5.3")
def test_turning_examples():
    _, s = final("turn-right-free")
    assert s.steamers[0]["coal"] == 6 and s.steamers[0]["dir"] == 5
    _, s = final("three-turns")
    assert s.steamers[0]["coal"] == 4  # 3 fields, 3 turns: 2 coal


@pytest.mark.rules("MQ-6.1", "MQ-6.2")
def test_tile_laid_to_the_left():
    cards, s = final("tile-left")
    assert cards[0]["state"].tiles[1]["explored"] is False
    assert s.rolls == ["L"] and len(s.tiles) == 3 and s.tiles[2]["dir"] == (s.tiles[1]["dir"] + 1) % 6


@pytest.mark.rules("MQ-7.1", "MQ-7.2", "MQ-7.4")
def test_push_example_and_the_x_fields():
    cards, s = final("push")
    start = cards[0]["state"]
    a = load("push")["steps"][0]["action"]["push"][0]
    assert s.steamers[1]["pos"] == a and s.steamers[1]["dir"] == 1
    assert cards[1]["state"].steamers[0]["coal"] == 6  # red keeps speed 4: no coal
    html = render_output(load("push-alternatives"), CTX)
    assert 'data-count="4"' in html and html.count('#e65100">✕') == 4  # A and the three X fields
    red = start.steamers[0]["pos"]
    alts = [m["push"][0] for m in start.legal_actions() if m.get("push") and m["path"] == ["F", "F", "F"]]
    assert a in alts and red not in alts


@pytest.mark.rules("MQ-9.6", "MQ-9.7")
def test_turn_order_grey_beige_red_green_brown():
    cards, _ = final("turn-order")
    start = cards[0]["state"]
    assert start.rank() == [2, 1, 0, 3, 4] == start.order
    movers = [cards[i - 1]["state"].current_player for i in range(1, len(cards))]
    assert movers == [2, 1, 0, 3, 4]


@pytest.mark.rules("MQ-9.3")
def test_pickup_in_two_turns():
    cards, s = final("pickup")
    red_moves = [c["action"] for c, prev in zip(cards[1:], cards) if prev["state"].current_player == 0]
    assert [m["speed"] for m in red_moves] == [2, 1]
    assert s.steamers[0]["passengers"] == 1 and s.steamers[0]["speed"] == 1


def test_target_traces_the_move_on_the_board():
    _, cards, _, _ = run(load("push"))
    start = cards[0]["state"]
    action = load("push")["steps"][0]["action"]
    svg = view.board_svg(start, "en", {view.target(action)})
    assert "<polyline" in svg and view.target({"type": "heading", "dir": 1}) is None


def test_sandbox_groups_a_packed_position():
    """Thousands of legal moves: the sandbox shows one speed group at a time."""
    from engine import load_game
    from engine.core import Rng

    game = load_game("mississippi-queen")
    s, rng, moves = game.new(4, 10, {"game": "passenger"}), Rng(10), []
    while len(s.legal_actions()) < 1000:
        m = rng.choice(s.legal_actions())
        moves.append(m)
        s = s.apply(m)
    spec = {**load("sandbox"), "setup": {"players": 4, "seed": 10}, "options": {"game": "passenger"}, "moves": moves}
    html = render_output(spec, CTX)
    assert 'class="kikoto-move-groups"' in html
    assert html.count("data-move=") < 600 and len(html) < 300_000
    groups = view.group_actions(s, s.legal_actions(), "en")
    assert sum(len(m) for _, inner in groups for _, m in inner) == len(s.legal_actions())
    # Of the shown group's subgroups only one lists its moves: the first, or the one asked for.
    for opened in (None, 1):
        html = render_output({**spec, "open": opened}, CTX)
        subs = html.split('<div class="kikoto-move-groups"', 1)[1].split('<details class="kikoto-move-group" data-sub=')[1:]
        listed = [i for i, sub in enumerate(subs) if "data-move=" in sub]
        assert len(subs) > 2 and listed == [opened or 0]
        assert f'data-sub="{opened or 0}" open>' in html
        assert html.count("data-move=") == len(groups[0][1][opened or 0][1])
