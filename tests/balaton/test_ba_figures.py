"""The arrow-field picture on the Balaton rules page (widgets/render/balaton/figures.py, BA-4.3): the
pawn is drawn where the engine puts it, and a spec that does not show an arrow is refused, naming its
field."""

import json
import os
import re

import pytest

from engine import load_game
from engine.balaton.board import BOARD
from tests.conftest import ROOT
from widgets.render import render_output
from widgets.render.balaton.figures import figure


def spec():
    with open(os.path.join(ROOT, "docs", "balaton", "examples", "arrow-field.json"), encoding="utf-8") as f:
        return json.load(f)


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_the_pawn_ends_where_the_engine_puts_it(lang):
    s = spec()
    end = load_game("balaton").from_json(s["state"]).apply(s["action"]).pos[0]
    assert end in BOARD.arrow.values()  # the settlement's centre
    svg, words = figure(s, lang)
    drawn = re.findall(r'data-field="([^"]+)"', svg)
    landed = BOARD.walk(s["state"]["pos"][0], s["action"]["steps"])
    assert landed in BOARD.arrow and BOARD.arrow[landed] == end
    assert drawn[0] == s["state"]["pos"][0] and end in drawn and landed in drawn
    # the pawn: a faded one where it starts, the real one on the centre
    x_end = float(re.search(rf'data-field="{end}">.*?<polygon points="([\d.]+),', svg).group(1))
    pawns = re.findall(r'<circle cx="([\d.]+)" cy="[\d.]+" r="11.0" fill="#1e88e5"', svg)
    assert len(pawns) == 2 and float(pawns[1]) == x_end
    assert BOARD.label_text(end, lang) in words


@pytest.mark.parametrize(
    "change,field",
    [
        (lambda s: s["action"].update(steps=1), "action.steps"),  # lands before the arrow
        (lambda s: s["action"].update(back=True), "action"),  # the back card: no arrow forward
        (lambda s: s["state"].update(phase="land"), "action"),  # not a move now
        (lambda s: s.update(figure="ferry"), "figure"),
    ],
)
def test_a_spec_without_an_arrow_is_refused_naming_its_field(change, field):
    s = spec()
    change(s)
    out = render_output(s, {"lang": "en", "rules_url": "../rules/"})
    assert "kikoto-error" in out and f'data-field="{field}"' in out
