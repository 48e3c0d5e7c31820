"""Players' words on the Ask page: what the editor shows (its text, and the names and tooltips a
screen reader or a long press gives) as it opens and at the answer of each of the game's three typical
questions (tests/<package>/editor_scenario.py, SCENARIO["questions"]), in both languages, holds no
JSON fragment, no internal id (a field's, a card's or a ship's id, a position's path, a reason's
code) and not the words "item" / "elem"."""

import html
import re
from html.parser import HTMLParser

import pytest

from tests.conftest import game_tests
from tests.widgets.test_editor_parts import CTX, EDITORS, ask_page, command, render
from widgets.render import render_output
from widgets.render.editor import game_edit

SAID = ("title", "aria-label", "alt", "placeholder")
JSON = re.compile(r'[{\[]\s*"|"\s*:\s*[\[{"\d]|\bnull\b|\btrue\b|\bfalse\b')
WORDS = re.compile(r"\b(items?|elem(?:ek|et|e)?)\b", re.I)
PATH = re.compile(r"\bstate(?:\.|\[)|\baction\.[a-z]")


class Said(HTMLParser):
    """The text a reader meets: the elements' text (not what is hidden from everyone) and the words
    a screen reader or a tooltip gives."""

    def __init__(self):
        super().__init__()
        self.out = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in SAID and value:
                self.out.append(value)

    def handle_data(self, data):
        if data.strip():
            self.out.append(data.strip())


def said(answer: str) -> list[str]:
    p = Said()
    p.feed(answer)
    return p.out


def internal_ids(game: str) -> set:
    """Ids a reader never sees: the board's field ids that are not a board label (an underscore, a
    colon, a comma or a dash in them), and the ids its editor scenario names (its cards' and ships', say)."""
    ids = {f for f in game_edit(game).field_ids if re.search(r"[_:,]|-", f)}
    scenario = game_tests(game, "editor_scenario")
    return ids | (scenario.SCENARIO.get("internal_ids", set()) if scenario else set())


def shown(spec, lang):
    return render_output({k: v for k, v in spec.items() if k not in ("cmd", "cmds", "parts")}, {**CTX, "lang": lang})


def answers(game: str, lang: str):
    """The editor as it opens, and at the end of each typical question's steps (taken in English, as
    the steps name the palette's pieces in English, then shown in `lang`)."""
    yield "the page as it opens", shown(ask_page(game), lang)
    for q in game_tests(game, "editor_scenario").SCENARIO["questions"]:
        spec = ask_page(game)
        answer, update = render(spec)
        for kind, what in q["steps"]:
            spec = {**spec, **update, "parts": None}
            cmd = {"op": "set", "path": what[0], "value": int(what[1])} if kind == "counter" else command(answer, kind, what)
            answer, update = render({**spec, "cmd": cmd})
        yield q["name"], shown({**spec, **update}, lang)


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("game", EDITORS)
def test_the_ask_page_speaks_the_players_words(game, lang):
    ids = internal_ids(game)
    id_word = (
        re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(ids, key=len, reverse=True))) + r")(?![\w-])") if ids else None
    )
    wrong = []
    for where, answer in answers(game, lang):
        for text in said(answer):
            text = html.unescape(text)
            for what, pattern in (("JSON", JSON), ("item/elem", WORDS), ("a path", PATH), ("an id", id_word)):
                if pattern is not None and pattern.search(text):
                    wrong.append(f"{where}: {what}: {text[:120]!r}")
    assert not wrong, "\n".join(sorted(set(wrong))[:30])
