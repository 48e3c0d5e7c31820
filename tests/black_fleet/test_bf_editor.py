"""Black Fleet in the position editor: a draft that does not load is still drawn, and the board
reads on a phone. (Its scenario by commands: tests/widgets/test_editor_parts.py.)"""

import re

from widgets.render.black_fleet.board import board_svg


def test_a_broken_draft_is_drawn():
    for draft in (
        {},
        {"seats": [1, {"merchant": "ZZ", "cargo": "x"}], "warships": []},
        {"seats": [{"pirate": "west", "treasure": "red", "colour": "pink", "developments": [3]}]},
    ):
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


def test_a_seats_row_opens_its_panel_with_its_doubloons_and_the_bank():
    """A tap on a seat's row under the map opens its panel: its doubloons typed or a doubloon at a time
    from the bank and back (never below 0), and on its turn the turn's counters; each field once on the
    page (the game's counters no longer hold them)."""
    import copy
    import json
    import os

    from engine import load_game
    from widgets.render.black_fleet.edit import EDITING
    from widgets.render.html import data_json

    with open(os.path.join("docs", "black-fleet", "examples", "ask.json"), encoding="utf-8") as f:
        draft = load_game("black-fleet").from_json(json.load(f)["state"]).to_json()
    d, tool = EDITING.edit_tap(copy.deepcopy(draft), {"pirate": 0}, "seat:0")
    assert tool == {"pirate": 0, "at": "seat:0"}  # the piece in hand stays
    panel = EDITING.inspector(d, tool, "en", frozenset())
    counters = EDITING.counters(d, "en", frozenset(), load_game("black-fleet"))
    page = panel + counters
    for path in (["seats", 0, "coins"], ["now", "moved", "pirate"], ["seats", 0, "fates"]):
        assert page.count(f'data-path="{data_json(path)}"') == 1 and f'data-path="{data_json(path)}"' in panel
    assert "One doubloon from the bank" in panel and "One doubloon back to the bank" in panel
    assert "Doubloons" not in counters
    other = EDITING.inspector(d, {"at": "seat:1"}, "en", frozenset())
    assert "moved" not in other.lower()  # not on turn: no turn counters
    d, _ = EDITING.command(d, tool, {"op": "game", "do": "take-coin", "seat": 0})
    assert d["seats"][0]["coins"] == 8 and d["seats"][0]["earned"] - d["seats"][0]["spent"] == 8
    for _ in range(9):
        d, _ = EDITING.command(d, tool, {"op": "game", "do": "return-coin", "seat": 0})
    assert d["seats"][0]["coins"] == 0 and load_game("black-fleet").problems(d) == []


def test_a_seats_row_is_a_finger_high_on_the_editors_board():
    """The rows under the map are buttons a field's height (44 px where a field is) on the board to tap,
    and pictures, not buttons, elsewhere."""
    from engine import load_game
    from widgets.render.black_fleet.board import CELL

    state = load_game("black-fleet").new(3, 1)
    tappable = board_svg(state, "en", tappable=True, band=(60, 60))
    rows = re.findall(
        r'<g role="button" tabindex="0" data-tap="seat:(\d)"[^>]*><title>[^<]*</title><rect [^>]*height="([\d.]+)"', tappable
    )
    assert [r for r, _ in rows] == ["0", "1", "2"] and all(float(h) >= CELL - 4 for _, h in rows)
    assert 'data-tap="seat:' not in board_svg(state, "en")


def test_asking_a_seats_row_offers_its_steps_moves_if_it_is_to_move():
    import json
    import os

    from engine import load_game
    from widgets.render.black_fleet.edit import EDITING

    with open(os.path.join("docs", "black-fleet", "examples", "ask.json"), encoding="utf-8") as f:
        state = load_game("black-fleet").from_json(json.load(f)["state"])
    tool, asked = EDITING.ask_tap(state.to_json(), None, "seat:0")
    assert tool == {"at": "seat:0"} and asked is None
    moves = [a for _, a in EDITING.offers(state, tool, "en")]
    assert {"type": "end-moves", "player": 0} in moves
    assert EDITING.offers(state, {"at": "seat:1"}, "en") == []
