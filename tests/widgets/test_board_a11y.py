"""Boards for screen readers: a board is a named group of named places, not one picture,
so a screen reader can walk it place by place and hear where each ship is. (A `role="img"` on the
whole board would hide every place's title from it: an image's children are presentational.)"""

import re

import pytest

from engine import game_ids, load_game
from engine.cli import random_playout
from widgets.render.play import game_view
from widgets.render.ui import UI


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("lang", ["hu", "en"])
def test_board_is_a_group_of_named_places(game_id, lang):
    game = load_game(game_id)
    for players in sorted(set(game.players)):  # the game's smallest and largest tables
        state = game.new(players, 1)
        for *_, state in random_playout(state, 12, 1):
            pass
        board_is_named(game_view(game_id).board_svg(state, lang), lang)


def board_is_named(svg, lang):
    root = re.search(r"<svg [^>]*>", svg).group(0)  # (a wide board comes in a box of its own)
    assert 'role="group"' in root and 'aria-label="' in root, root
    titled = re.findall(r"<(\w+)((?: [^>]*)?)><title>([^<]*)</title>", svg)
    assert len(titled) >= 5
    for tag, attributes, title in titled:
        assert tag == "text" or re.search(r'role="(img|group)"', attributes), (tag, attributes, title)
    seat = UI.text("seat", lang, n=1)
    assert any(seat in title for *_, title in titled), [t for *_, t in titled]
