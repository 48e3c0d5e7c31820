"""Words on Vor dem Wind's pages: the Hungarian article agrees with the number after it, and an English
count takes the singular for one (no "1 ships")."""

import html as H
import re

import pytest

from engine.core.messages import seat_words
from engine.vor_dem_wind.messages import CATALOG
from widgets.render.vor_dem_wind.board import board_svg
from widgets.render.vor_dem_wind.cards import goods_words
from widgets.render.vor_dem_wind.panel import hand

from .helpers import GAME, after_setup
from .test_vw_examples import load


@pytest.mark.parametrize("seat, title", [(0, "Az 1. játékos keze"), (1, "A 2. játékos keze")])
def test_a_hand_s_title_has_the_right_article(seat, title):
    s = after_setup(4, 1)
    assert f">{title} (csak ő látja)<" in H.unescape(hand(s, seat, "hu"))
    assert f">Player {seat + 1}'s hand (only they can see it)<" in H.unescape(hand(s, seat, "en"))


def test_the_article_before_five():
    assert CATALOG.text("own-hand", "hu", seat=seat_words(5)).startswith("az 5. játékos keze")


def test_counts_of_one_are_singular_in_english():
    for code, one, many in (
        ("port-title", "Port: 1 ship", "Port: 2 ships"),
        ("ship-count", "1 ship", "2 ships"),
        ("vp-count", "1 victory point", "2 victory points"),
    ):
        assert CATALOG.plural(code, 1, "en") == one and CATALOG.plural(code, 2, "en") == many
    assert goods_words({"apple": 1, "spice": 2}, "en") == "1 × apple, 2 × spice"
    assert goods_words({"apple": 1, "spice": 2}, "hu") == "1 alma, 2 fűszer"


def test_the_board_never_says_one_with_a_plural():
    state = GAME.from_json(load("ask")["state"])
    state.port = state.port[:1]  # drawn only: one ship in port
    for lang in ("en",):
        svg = board_svg(state, lang)
        assert "Port: 1 ship<" in svg
        assert not re.search(r"\b1 (ships|cards|victory points)\b", svg)
