"""The site's worked examples (docs/black-fleet/examples/*.json) reproduce the rulebook's numbers,
run through the same renderer code the pages use (widgets.render.play.run)."""

import json
import os
import re

import pytest

from engine.core import content
from tests.conftest import IN_PYODIDE, ROOT
from widgets.render import render_output
from widgets.render.play import run

DOCS = os.path.join(ROOT, "docs", "black-fleet")
EXAMPLES = os.path.join(DOCS, "examples")


def load(name):
    with open(os.path.join(EXAMPLES, name + ".json"), encoding="utf-8") as f:
        return json.load(f)


def cards(name):
    _, cs, _, _ = run(load(name))
    return cs


def coins(card, seat=0):
    return card["state"].to_json()["seats"][seat]["coins"]


def test_every_example_file_is_used_by_both_pages_and_is_bilingual():
    used = {}
    for lang in ("hu", "en"):
        used[lang] = set()
        for page in ("examples", "rules"):  # the rules page shows the board's picture (board.json)
            with open(os.path.join(DOCS, f"{page}.{lang}.md"), encoding="utf-8") as f:
                used[lang] |= set(re.findall(r"^example:\s*(\S+)", f.read(), re.M))
    assert used["hu"] == used["en"]
    files = {n[:-5] for n in os.listdir(EXAMPLES) if n.endswith(".json")}
    # the sandbox's, the editor's and the learn page's lesson are used by their own pages
    assert used["en"] == files - {"sandbox", "ask", "lesson"}
    for name in files - {"ask", "lesson"}:  # the lesson has its own test (tests/widgets/test_lesson.py)
        ex = load(name)
        assert ex["id"] == name and ex["game"] == "black-fleet"
        for step in ex.get("steps", []):
            assert isinstance(step["caption"], str)
        assert IN_PYODIDE or content.missing(ex, content.EXAMPLE, "en") == []  # (the wheel has no content catalogs)
        for lang in ("hu", "en"):  # renders without an error box
            html = render_output(ex, {"lang": lang, "rules_url": "../rules/"})  # each by its widget kind
            assert "kikoto-error" not in html


@pytest.mark.rules("BF-6.1", "BF-5.6")
def test_warship_moves_two_sinks_moves_one():
    cs = cards("warship-sinks-pirate")
    assert [c["verdict"].legal for c in cs[1:]] == [True] * 4
    assert [c["state"].warships["yellow"] for c in cs] == ["C5", "D5", "E5", "E5", "E6"]
    sink = cs[3]
    assert sink["verdict"].reason == "sink-ok" and "BF-6.1" in sink["verdict"].rules
    assert coins(cs[2]) == 0 and coins(sink) == 2
    victim = sink["state"].seats[1]
    assert victim["pirate"] is None and victim["treasure"] is None
    assert sink["state"].stock["blue"] == cs[2]["state"].stock["blue"] + 1
    assert not cs[-1]["state"].check({"type": "move", "ship": "yellow", "to": "E5"}).legal  # 3 fields used


@pytest.mark.rules("BF-7.1", "BF-7.3")
def test_merchant_sells_two_for_four_and_loads_three():
    cs = cards("merchant-sells-la-barbaria")
    sell = cs[-1]
    assert sell["verdict"].legal and sell["verdict"].reason == "sell-ok"
    assert "4" in sell["verdict"].message["en"]
    me = sell["state"].seats[0]
    assert me["coins"] == 4 and me["cargo"] == ["red"] * 3 and me["merchant"] == "D6"


@pytest.mark.rules("BF-7.2")
def test_bahamas_buy_one_colour_at_three():
    sell = cards("bahamas-buys-yellow")[-1]
    assert sell["verdict"].legal and coins(sell) == 9  # 3 cubes × 3
    assert sell["state"].seats[0]["cargo"] == ["blue"] * 3
    refused = cards("bahamas-refuses-red")[-1]
    assert not refused["verdict"].legal and refused["verdict"].reason == "port-refuses"
    assert refused["verdict"].rules[0] == "BF-7.2" and coins(refused) == 0


@pytest.mark.rules("BF-8.1", "BF-8.2")
def test_pirate_steals_for_two_and_merchant_survives_with_one():
    cs = cards("pirate-steals")
    assert all(c["verdict"].legal for c in cs[1:])
    steal = cs[3]
    assert coins(steal) == 2 and steal["state"].seats[0]["treasure"] == "red"
    end = cs[-1]["state"].to_json()
    assert end["seats"][0]["pirate"] == "F3"
    assert end["seats"][1]["merchant"] == "G4" and end["seats"][1]["cargo"] == ["red"]


@pytest.mark.rules("BF-8.3", "BF-8.4", "BF-5.5")
def test_pirate_buries_for_six_moves_three_and_may_not_attack():
    cs = cards("pirate-buries")
    bury = cs[1]
    assert bury["verdict"].legal and coins(bury) == 6
    assert bury["state"].stock["white"] == cs[0]["state"].stock["white"] + 1
    assert [c["state"].seats[0]["pirate"] for c in cs[2:5]] == ["D3", "D2", "D1"]
    attack = cs[-1]
    assert not attack["verdict"].legal and attack["verdict"].reason == "already-acted"
    assert "BF-5.5" in attack["verdict"].rules and coins(attack) == 6


def test_sandbox_starts_in_range():
    ex = load("sandbox")
    assert ex["widget"] == "play" and ex["sandbox"] and 3 <= ex["setup"]["players"] <= 4
    _, _, state, _ = run(ex)
    assert state.phase == "setup"
