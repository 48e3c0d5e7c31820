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
