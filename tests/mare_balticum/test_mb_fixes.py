"""Mare Balticum's Ask page: a problem offers the one-tap fixes its game knows (Editing.fixes)."""

import re

from tests.conftest import game_tests
from tests.widgets.test_editor_parts import ask_page, command, render


def test_a_problem_offers_the_fixes_its_game_knows(monkeypatch):
    """A game's `fixes` for a problem become buttons beside it, each sending its command (one tap)."""
    from widgets.render import editor
    from widgets.render.renderer import renderer as game_renderer

    s = game_tests("mare-balticum", "editor_scenario").SCENARIO
    real = game_renderer("mare-balticum").editing()

    class Fixing(type(real)):
        def fixes(self, draft, problem, lang):
            return [("Erase it", {"op": "tool", "tool": {"erase": True}})]

    spec = ask_page("mare-balticum")
    answer, _ = render(spec)
    cmds = [command(answer, kind, what) for kind, what in s["impossible"]]
    plain, _ = render({**spec, "cmds": cmds})
    monkeypatch.setattr(editor, "game_edit", lambda game_id: Fixing())
    fixed, _ = render({**spec, "cmds": cmds})
    problems = re.search(r'<div class="admonition warning kikoto-ed-problem".*?</div>', fixed, re.S).group(0)
    assert "kikoto-ed-fix" in problems and "Erase it" in problems and "&quot;erase&quot;" in problems
    assert "kikoto-ed-fix" not in plain
