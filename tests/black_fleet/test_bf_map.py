"""The board's picture on the rules page (widgets/render/black_fleet/figures.py, examples/board.json):
drawn by the board's own renderer, with every sea area, coast, port, start field and haven of the
board data both in the picture and in the text beside it, in both languages."""

import json
import os
import re

import pytest

from engine.black_fleet import components as C
from engine.black_fleet.messages import COLOURS, DISTANT_SEAS, LAND, PORTS, word
from tests.conftest import ROOT
from widgets.render import render_output

SPEC = json.load(open(os.path.join(ROOT, "docs", "black-fleet", "examples", "board.json"), encoding="utf-8"))


def parts(lang):
    html = render_output(SPEC, {"lang": lang, "rules_url": "../rules/"})
    assert "kikoto-error" not in html
    svg = re.search(r"<svg.*?</svg>", html, re.S).group(0)
    key = html.split('kikoto-bf-map-key"', 1)[1]
    return svg, key


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_every_place_of_the_board_is_drawn_and_named_in_words(lang):
    svg, key = parts(lang)
    drawn = set(re.findall(r'data-field="([^"]+)"', svg))
    assert drawn == {f["id"] for f in C.BOARD["fields"]} | set(C.DISTANT) | set(C.PORTS)
    for p in C.BOARD["ports"]:
        line = next(li for li in re.findall(r"<li>([^<]*)</li>", key) if word(PORTS[p["id"]], lang) in li)
        assert all(f in line for f in p["fields"]) and word(COLOURS[p["colour"]], lang) in line
        assert all(word(COLOURS[c], lang) in line for c in p["buys"]) and str(p["price"]) in line
    for d in C.BOARD["distant_seas"]:
        line = next(li for li in re.findall(r"<li>([^<]*)</li>", key) if word(DISTANT_SEAS[d["id"]], lang) in li)
        assert all(f in line for f in d["entries"])
    for land in C.BOARD["land"]:
        assert word(LAND[land["id"]], lang) in key
    coast = [f for f in C.BOARD["fields"] if "coast" in f]
    assert coast and all(re.search(rf"\b{f['id']}: {f['coast']}\b", key) for f in coast)
    assert all(re.search(rf"<li>{at}: ", key) for at in list(C.NAVY_START.values()) + list(C.HAVENS))


def test_only_the_warships_are_on_the_board():
    svg, _ = parts("en")
    assert svg.count("data-seat=") == 0  # no player's ships, no doubloon strip
    for ship, at in C.NAVY_START.items():
        field = re.search(rf'<g [^>]*data-field="{at}">(.*?)</g>', svg, re.S).group(1)
        assert "<path" in field  # a hull is drawn there
