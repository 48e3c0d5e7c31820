"""Black Fleet in the position editor: the ask page's start position loads, the scenario's taps
give the verdicts it expects, and a draft that does not load is still drawn."""

import html as H
import json
import os
import re

import pytest
from widgets.render import render_output
from widgets.render.black_fleet import board_svg

from tests.conftest import ROOT

from .editor_scenario import SCENARIO

CTX = {"lang": "en", "rules_url": "../rules/", "ui": {}, "ask_url": "../ask/", "sandbox_url": "../sandbox/"}
TOOLS = {"Merchant 1": {"merchant": 0}}


def start():
    with open(os.path.join(ROOT, "docs", "black-fleet", "examples", "ask.json"), encoding="utf-8") as f:
        return json.load(f)


def step(spec, cmd):
    html = render_output({**spec, "cmd": cmd}, CTX)
    update = json.loads(H.unescape(re.search(r'data-update="([^"]*)"', html).group(1)))
    return {**spec, **update}, html


def test_the_scenario_by_commands():
    from widgets.render.ui import UI

    try:  # the editor's words come from widgets/render/black_fleet_edit.messages.json, merged into ui.po
        UI.text("bf-ed-merchant", "hu", n=1)
    except KeyError:
        pytest.skip("the editor's messages are not in engine/locale/*/ui.po yet")
    spec = start()
    for kind, what in SCENARIO["setup"]:
        spec, _ = step(spec, {"op": "tool", "tool": TOOLS[what]} if kind == "tool" else {"op": "tap", "field": what})
    path, value = SCENARIO["counter"]
    spec, html = step(spec, {"op": "set", "path": path, "value": int(value)})
    assert 'data-valid="true"' in html
    spec, _ = step(spec, {"op": "mode", "mode": "ask"})
    for name, legal in (("legal", "true"), ("illegal", "false")):
        for _, field in SCENARIO[name]:
            spec, html = step(spec, {"op": "tap", "field": field})
        answer = html[html.index("kikoto-ed-answer"):]
        assert f'data-legal="{legal}"' in answer and SCENARIO[name + "_rule"] in answer


def test_a_broken_draft_is_drawn():
    for draft in ({}, {"seats": [1, {"merchant": "ZZ", "cargo": "x"}], "warships": []},
                  {"seats": [{"pirate": "west", "treasure": "red", "colour": "pink", "developments": [3]}]}):
        assert board_svg(draft, "hu", tappable=True).startswith("<svg")


def test_the_board_is_readable_on_a_phone():
    """Every text is at least 11 px when the board is 343 px wide (a 375 px phone): its font size
    in board units times 343 / the board's width."""
    from engine import load_game

    state = load_game("black-fleet").new(4, 1)
    svg = board_svg(state, "hu", {"C6"})
    width = float(re.search(r'viewBox="\S+ \S+ (\S+) ', svg).group(1))
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
    assert sizes and min(sizes) * 343 / width >= 11
