"""Hungarian articles are computed, never written by hand before a number or a name.

Before a placeholder a Hungarian text says `{x:az}` (or `{x:Az}` at the start of a sentence), so
the article agrees with whatever fills it: "az 1.", "a 2.", "az 5.", "az 50.", "az Åland". Before
a number written out in the text, the article must agree with the number as it is read. And the
format spec is Hungarian only: another language's text that copies `{line:az}` would print
"Zeile az 1", so `messages` reports it and `compile` leaves it out."""

import glob
import os
import re

import pytest

from engine.core.messages import fill, hu_article
from widgets.i18n import messages as M

# "a"/"az" before a placeholder without the article spec, or before a number written in the text
BEFORE_FIELD = re.compile(r"(?<![\w{:])([Aa]z?) (\{[^}:]*\})")
BEFORE_NUMBER = re.compile(r"(?<![\w{:])([Aa]z?) (\d[\d\u00a0\u202f ]*)")
# "az" there is the pronoun ("that"), not an article: "…a siófoki mező üres, az 0 Ft-ot ér"
PRONOUNS = {("balaton-content", "example-income-figure-")}


def hungarian():
    """(domain, code, text) of every Hungarian message, every plural form."""
    for path in sorted(glob.glob(os.path.join(M.locale_dir(), "hu", "LC_MESSAGES", "*.po"))):
        domain = os.path.basename(path)[:-3]
        for m in M.read_po(path):
            if m.id:
                code = m.id[0] if isinstance(m.id, (list, tuple)) else m.id
                for text in m.string if isinstance(m.string, (list, tuple)) else [m.string]:
                    yield domain, code, text


def domains():
    return sorted({d for d, _, _ in hungarian()})


def wrong(domain):
    out = []
    for d, code, text in hungarian():
        if d != domain:
            continue
        for m in BEFORE_FIELD.finditer(text):
            out.append(f"{code}: “{m.group(0)}” (write {{{m.group(2)[1:-1]}:{'Az' if m.group(1)[0] == 'A' else 'az'}}})")
        for m in BEFORE_NUMBER.finditer(text):
            if any(d == dom and code.startswith(prefix) for dom, prefix in PRONOUNS):
                continue
            if m.group(1).lower() != hu_article(m.group(2)):
                out.append(f"{code}: “{m.group(0).strip()}” (the number reads with “{hu_article(m.group(2))}”)")
    return out


@pytest.mark.parametrize("domain", domains())
def test_no_hand_written_article_before_a_number_or_a_name(domain):
    assert wrong(domain) == []


def test_the_article_is_read_out():
    cases = {
        "1": "az",
        "5": "az",
        "50": "az",
        "500": "az",
        "1000": "az",
        "1 000": "az",
        "2": "a",
        "10": "a",
        "15": "a",
        "0": "a",
        "100": "a",
        "Åland": "az",
        "„Åland”": "az",
        "Øresund": "az",
        "öböl": "az",
        "hajó": "a",
        "Gdańsk": "a",
        "Ystad": "a",
    }
    assert {word: hu_article(word) for word in cases} == cases
    assert fill("{n:Az}. játékos következik, {p:az}. bájtnál", {"n": 1, "p": 5}) == "Az 1. játékos következik, az 5. bájtnál"
    assert fill("{n:Az}. játékos", {"n": 2}) == "A 2. játékos"


def test_the_article_spec_is_hungarian_only(tmp_path):
    from tests.host.test_messages_po import GAME, TEXTS, fill as fill_po, write

    root = str(tmp_path)
    write(os.path.join(root, "engine", "core", "__init__.py"), 'def illegal(code):\n    pass\n\n\nillegal("ok")\n')
    write(os.path.join(root, "engine", "proba", "__init__.py"), "")
    write(os.path.join(root, "engine", "proba", "game.py"), GAME)
    write(os.path.join(root, "widgets", "panel.py"), 'def panel(lang):\n    return UI.text("hello", lang, name="x")\n')
    M.extract(root, ["hu", "en"])
    fill_po(root, "hu", "proba", {**TEXTS["hu"], "too-far": "Legfeljebb {steps:az} lépés."})
    fill_po(root, "en", "proba", {**TEXTS["en"], "too-far": "At most {steps:az} steps."})
    problems = [p for p in M.check(root, ["hu", "en"]) if p.kind == "placeholders"]
    assert [(p.lang, p.code) for p in problems] == [("en", "too-far")] and ":az" in problems[0].detail
