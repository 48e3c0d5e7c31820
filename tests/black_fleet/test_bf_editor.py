"""Black Fleet in the position editor: the ask page's start position loads, the scenario's taps
give the verdicts it expects, and a draft that does not load is still drawn."""

import html as H
import json
import os
import re

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
