"""Players' words on screen: lake fields named as players name them (never their ids), in both
languages; plurals right in English; phases and actions in words, not the engine's names."""

import re

import pytest

from engine.balaton.board import BOARD
from engine.balaton.position import PHASE
from widgets.render.balaton.board import board_svg
from widgets.render.balaton.draft import field_name

from .ba_helpers import position

IDS = re.compile(r"\b(?:" + "|".join(re.escape(lid) for lid in BOARD.lakes) + r")\b")


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_every_lake_field_has_a_name_of_its_own(lang):
    names = [BOARD.lake_title(lid, lang) for lid in BOARD.lakes]
    assert len(set(names)) == len(names)
    assert not any(IDS.search(n) for n in names)
    assert [field_name(lid, lang) for lid in BOARD.lakes] == names
    assert BOARD.lake_text("l-siofok", lang) in (["Siófok mellett"] if lang == "hu" else ["by Siófok"])


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_the_board_names_lake_fields_for_screen_readers(lang):
    ships = {lid: {sid: [1, 0]} for lid in BOARD.lakes for sid in BOARD.ports_on[lid][:1]}
    svg = board_svg({"players": 2, "pos": ["veszprem", "f01"], "ships": ships, "turn": 0, "phase": "roll"}, lang, tappable=True)
    titles = re.findall(r"<title>(.*?)</title>", svg)
    assert titles and not any(IDS.search(t) for t in titles)
    lake_titles = [t for t in titles if t.startswith(BOARD.lake_title("l-siofok", lang).split(" (")[0])]
    assert len(lake_titles) == len(BOARD.lakes)


@pytest.mark.rules("BA-6.1", "BA-6.4", "BA-7.1")
def test_verdicts_name_lake_fields_and_routes_in_words():
    s = position(pos=["almadi", "veszprem"], ports={"almadi": [0], "siofok": [0]}, ships={"l-almadi": {"almadi": [1, 0]}})
    for action in ({"type": "income"}, {"type": "ship"}):
        message = s.check(action).message
        assert not IDS.search(message["hu"] + message["en"]), message
    assert "(from Balatonalmádi to Siófok over 2 lake fields)" in s.check({"type": "income"}).message["en"]
    closed = position(
        pos=["almadi", "veszprem"], ports={"almadi": [0, 1], "siofok": [0, 1]}, ships={"l-almadi": {"almadi": [0, 3]}}
    ).check({"type": "ship"})
    assert closed.reason == "lake-closed" and "(by Balatonalmádi)" in closed.message["en"]
    assert "(Balatonalmádi mellett)" in closed.message["hu"]


@pytest.mark.rules("BA-3.1")
def test_one_field_is_singular_in_english():
    s = position(phase="move", dice=[1, 3])
    assert "move 1 field clockwise" in s.check({"type": "move", "steps": 1}).message["en"]
    assert "move 3 fields clockwise" in s.check({"type": "move", "steps": 3}).message["en"]
    assert "cannot move 2 fields" in s.check({"type": "move", "steps": 2}).message["en"]
    assert "1 mezőt" in s.check({"type": "move", "steps": 1}).message["hu"]  # Hungarian: singular after a number


@pytest.mark.rules("BA-2.3")
def test_a_wrong_phase_says_when_in_words():
    """When the action may be asked (its phase's refusal, position.PHASES) and where the step is now,
    in the players' words: never the engine's names of the phases or the actions."""
    s = position(phase="move", dice=[1, 3])
    verdict = s.check({"type": "port"})
    assert verdict.reason == "wrong-phase-land" and verdict.precondition
    assert "landing field, after the move" in verdict.message["en"] and "after the roll, before the move" in verdict.message["en"]
    assert "érkezési mezőn" in verdict.message["hu"]
    words = set(PHASE["land"].actions) - {"income", "subsidy"}  # these two are the same word in English
    assert not any(re.search(rf"\b{w}\b", verdict.message["en"]) for w in words)
