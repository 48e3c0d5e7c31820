"""The players' pages speak the players' words: no page a player reads (home, how to play, player aid,
rules, examples, cases, sandbox, ask), in either language, shows an option's or an answer's id, a
file path, a JSON fragment, an engine method's or field's name, an internal id (a verdict's reason
code, a field path) or the words "item"/"elem" (issue 39). The contributors' pages may.

What is read is the text a reader can see or open: every text of the page but its scripts, styles
and attributes (a folded box's text counts, a form field's too; an island's data-spec does not)."""

import re
from html.parser import HTMLParser

import pytest

from engine import game_ids, load_game
from engine.core.messages import LOCALE_DIR

PAGES = ("learn", "aid", "rules", "examples", "cases", "sandbox", "ask")


class Text(HTMLParser):
    """The page's readable text: no script, style or template. What the page shows as code (`…`) is
    kept apart, in `code`: a rule's words are never code, an id is."""

    SKIP = ("script", "style", "template")
    VOID = ("br", "img", "input", "meta", "link", "hr", "source", "wbr", "area", "base", "col", "embed", "param", "track")

    def __init__(self):
        super().__init__()
        self.stack, self.out, self.code, self.in_code = [], [], [], 0

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        self.in_code += tag == "code"
        self.stack.append(tag in self.SKIP or (bool(self.stack) and self.stack[-1]))

    def handle_endtag(self, tag):
        if tag not in self.VOID and self.stack:
            self.stack.pop()
        self.in_code -= tag == "code" and self.in_code > 0

    def handle_data(self, data):
        if not (self.stack and self.stack[-1]):
            self.out.append(data)
            if self.in_code:
                self.code.append(data)


def reason_codes() -> set:
    """Every verdict's and error's reason code: the msgids of the engine's message catalogs."""
    import glob
    import os

    from babel.messages.pofile import read_po

    codes = set()
    for path in glob.glob(os.path.join(LOCALE_DIR, "hu", "LC_MESSAGES", "*.po")):
        if "-content" in path or path.endswith("ui.po"):
            continue
        with open(path, "rb") as f:
            codes |= {m.id for m in read_po(f) if isinstance(m.id, str) and "-" in m.id}
    return codes


def patterns() -> dict:
    ids = set()
    for game_id in game_ids():
        # an option's id that is not a plain word ("fleet"); an answer's ("end-of-turn") may read as one,
        # and shows as code where a page names it (CODE below)
        ids |= {opt.name for opt in load_game(game_id).options.values() if "_" in opt.name}
    words = sorted(ids | reason_codes(), key=len, reverse=True)
    return {
        "an id": re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, words)) + r")(?![\w-])"),
        "a name with underscores": re.compile(r"\b[a-z]+_[a-z_]+\b"),
        "a file path": re.compile(r"\b[\w.-]+/[\w./-]*\.(?:json|py|md|po|mo|js|mjs)\b|\b(?:engine|widgets|docs|tests|tools)/"),
        "a JSON fragment": re.compile(r"[{\[,]\s*\"[\w-]+\"\s*:"),
        "a method's name": re.compile(r"\b(?:to_json|from_json|legal_actions|is_over|current_player|view|check|apply|describe|examine)\("),
        "a field path": re.compile(r"\b(?:state|action|input|setup)(?:\.\w+|\[\d+\])+"),
        "item/elem": re.compile(r"\b(?:items?|elem(?:ek|et|ekből|eket|nek)?)\b", re.I),
    }


def page_text(html: str) -> str:
    parser = Text()
    parser.feed(html)
    return " ".join(" ".join(parser.out).split())


def page_code(html: str) -> list[str]:
    """What the page sets as code, but for rule ids (MB-4.2)."""
    parser = Text()
    parser.feed(html)
    return [c.strip() for c in parser.code if c.strip() and not re.fullmatch(r"[A-Z]{2}-[\d.]+", c.strip())]


def player_pages(game_id):
    """A game's pages in both languages; "" (no game): the home pages."""
    for lang_dir in ("", "en/"):
        if not game_id:
            yield f"{lang_dir}index.html"
        for page in PAGES if game_id else ():
            yield f"{lang_dir}{game_id}/{page}/index.html"


@pytest.mark.parametrize("game_id", ["", *game_ids()], ids=["home", *game_ids()])
def test_no_player_page_shows_engine_words(built_site, game_id):
    found = []
    checks = patterns()
    for path in player_pages(game_id):
        file = built_site["dir"] / path
        assert file.exists(), path
        html = file.read_text(encoding="utf-8")
        text = page_text(html)
        found += [f"{path}: code: {c!r}" for c in page_code(html)]
        for what, pattern in checks.items():
            for m in pattern.finditer(text):
                found.append(f"{path}: {what}: …{text[max(0, m.start() - 50) : m.end() + 30]}…")
    assert not found, f"{len(found)} found:\n" + "\n".join(found[:60])


@pytest.mark.parametrize(
    "text",
    [
        "Reading: face_up_final",
        "cards as data (engine/some_game/data/cards.json)",
        'the position { "players": 3 }',
        "The engine's to_json keeps everything; view(player) returns",
        "“state.seats[0].warehouse”: this is still empty",
        "0–3 elem kell, de 5 érkezett",
        "the payment is impossible (no-change)",
    ],
)
def test_each_kind_of_engine_word_is_caught(text):
    assert any(p.search(text) for p in patterns().values()), text


def test_the_readable_text_leaves_out_scripts_and_attributes_not_folded_boxes_or_fields():
    html = (
        '<p data-spec="{&quot;a_b&quot;: 1}">Plain words</p><script>var a_b = 1;</script>'
        "<template><p>a_b</p></template><p>after</p>"
    )
    assert page_text(html) == "Plain words after"
    folded = '<details><summary>Edit</summary><textarea>{"state": {}}</textarea></details>'
    assert page_text(folded) == 'Edit {"state": {}}'
    assert patterns()["a JSON fragment"].search(page_text(folded))
    assert page_code("<p>the <code>on-return</code> answer, rule <code>VW-4.2</code></p>") == ["on-return"]
