"""The pictures on the rules page (widgets/render/mississippi_queen/figures.py, examples river-tile,
headings and push-figure): drawn by the board's own renderer, each with the same facts in words, in
both languages."""

import json
import os
import re

import pytest

from engine.mississippi_queen.board import field_at
from engine.mississippi_queen.messages import CATALOG as MQ, COLOURS, DIR_WORDS
from tests.conftest import ROOT
from widgets.render import render_output
from widgets.render.mississippi_queen.board import fid


def spec(name):
    with open(os.path.join(ROOT, "docs", "mississippi-queen", "examples", f"{name}.json"), encoding="utf-8") as f:
        return json.load(f)


def parts(name, lang):
    html = render_output(spec(name), {"lang": lang, "rules_url": "../rules/"})
    assert "kikoto-error" not in html
    svg = re.search(r"<svg.*?</svg>", html, re.S).group(0)
    words = html.split('kikoto-figure-words"', 1)[1]
    return svg, words


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_the_tile_is_drawn_and_every_field_named_in_words(lang):
    svg, words = parts("river-tile", lang)
    drawn = set(re.findall(r'data-field="([^"]+)"', svg))
    assert drawn == {fid(field_at((0, 0), 0, a, b)) for a in range(4) for b in range(-2, 3)}
    rows = re.findall(r"<li>([^<]*)</li>", words)
    assert len(rows) == 4
    for a, row in enumerate(rows):
        assert [re.sub(r" \(.*\)", "", f) for f in row.split(": ", 1)[1].split(", ")] == [f"{l}{a + 1}" for l in "ABCDE"]
    assert MQ.text("figure-island-field", lang, field="C2") in words  # the tile's island, by its field


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_the_six_headings_in_picture_and_words(lang):
    svg, words = parts("headings", lang)
    assert svg.count("<polygon") == 7 and svg.count("<title>") == 6
    assert [w.split(" ", 1)[1] for w in re.findall(r"<li>([^<]*)</li>", words)] == [MQ.text(d, lang) for d in DIR_WORDS]


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_the_push_draws_the_route_and_names_the_pushed_steamer(lang):
    svg, words = parts("push-figure", lang)
    assert "<polyline" in svg and 'stroke-dasharray="3 2"' in svg  # the route and the push target
    assert MQ.text(COLOURS[1], lang) in words and MQ.text(COLOURS[0], lang) in words
    assert "B3" in words  # where beige is pushed to
