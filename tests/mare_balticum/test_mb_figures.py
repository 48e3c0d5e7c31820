"""The refill picture on the Mare Balticum rules page (widgets/render/mare_balticum/figures.py, MB-8.1,
MB-8.2): the fields marked are the ones the engine refills, and the empty fields a ship keeps empty;
the words give each field with how many tokens it gets."""

import json
import os
import re

import pytest

from engine import load_game
from engine.mare_balticum.board import BOARD
from engine.mare_balticum.messages import field_name
from tests.conftest import ROOT
from widgets.render.mare_balticum.figures import figure


def spec():
    with open(os.path.join(ROOT, "docs", "mare-balticum", "examples", "refill-figure.json"), encoding="utf-8") as f:
        return json.load(f)


def marked(svg: str, mark: str) -> set[str]:
    return set(re.findall(rf'class="kikoto-field is-{mark}" data-field="([^"]+)"', svg))


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_the_marked_fields_are_the_engines_refill(lang):
    s = spec()
    state = load_game("mare-balticum").from_json(s["state"])
    refill, _ = state.refill_preview()
    svg, words = figure(s, lang)
    assert marked(svg, "target") == set(refill) and refill
    kept = marked(svg, "selected")
    assert kept and all(not state.tokens[f] and any(f in ships for ships in state.ships) for f in kept)
    assert {f for f in BOARD.sea if not state.tokens[f]} == set(refill) | kept
    items = re.findall(r"<li>([^<]*)</li>", words)
    for f in refill:  # each under the line of its number of tokens (1 shallow, 2 deep)
        line = next(i for i in items if field_name(f, lang) in i)
        assert line.startswith(str(BOARD.capacity(f)))


def test_after_a_ship_leaves_its_empty_field_is_refilled_too():
    s = spec()
    s["state"]["players"][1]["ships"].remove("pomerania")  # a ship of player 2 stood on an empty field
    svg, _ = figure(s, "en")
    assert "pomerania" in marked(svg, "target")
