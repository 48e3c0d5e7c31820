"""Black Fleet's Ask page: a refused move's destination is not drawn as reached (the shared editor marks it "refused")."""

import re

from tests.conftest import game_tests
from tests.widgets.test_editor_parts import ask_page, command, render


def test_a_refused_moves_destination_is_not_drawn_as_reached():
    """After an illegal verdict the asked field is marked "refused", not "target": the board draws no
    green ✔ on it (Black Fleet's pirate asked to rob a merchant out of its reach)."""
    s = game_tests("black-fleet", "editor_scenario").SCENARIO
    spec = ask_page("black-fleet")
    answer, update = render(spec)
    for kind, what in [*s["setup"], ("mode", "ask"), *s["legal"][:-1]]:
        answer, update = render({**spec, **update, "parts": None, "cmd": command(answer, kind, what)})
        spec = {**spec, **update}
    board = re.compile(r"<svg[^>]*kikoto-board.*?</svg>", re.S)
    for steps, legal in ((s["legal"][-1:], "true"), (s["illegal"], "false")):
        answer, _ = render({**spec, "parts": None, "cmds": [command(answer, kind, what) for kind, what in steps]})
        assert f'data-legal="{legal}"' in answer
        assert ("✔" in board.search(answer).group(0)) == (legal == "true"), legal
