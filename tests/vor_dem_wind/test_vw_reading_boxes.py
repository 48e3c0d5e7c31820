"""The Vor dem Wind rules pages' reading, table-choice and convention boxes (admonitions) show the
player the book's words and why the engine does what it does.

A box is an admonition whose title starts with its kind:

    !!! question "Olvasat: `swap_chain`"            the book can be read two ways (kind "reading")
    !!! note "Asztali döntés: `…`"                   the book is silent, the table chooses
    !!! note "A motor konvenciója"                   what the engine does where the book does not say

Every box quotes the book („…”; on the English page each Hungarian quote has its English beside
it, “…” in brackets) and gives its reason. A reading or table-choice box names one option of the
game, lists each of its answers with the default marked, and stands in the section of a rule the
option cites; each reading of the game has a box on both pages.
"""

import os
import re

import pytest

from engine import load_game
from engine.core.registry import docs_dir

GAME = load_game("vor-dem-wind")

KINDS = {
    "hu": {"Olvasat": "reading", "Asztali döntés": "table", "A motor konvenciója": "convention"},
    "en": {"Reading": "reading", "Table choice": "table", "Engine convention": "convention"},
}
# the labels each kind of box states its parts with
LABELS = {
    "hu": {"reading": ("**A szabályfüzet:**", "**A kérdés:**", "**A válaszok:**", "**Miért ez az alapértelmezés:**"),
           "table": ("**A szabályfüzet:**", "**A válaszok:**", "**Miért ez az alapértelmezés:**"),
           "convention": ("**A szabályfüzet:**", "**A motor:**", "**Miért:**")},
    "en": {"reading": ("**The rulebook:**", "**The question:**", "**The answers:**", "**Why this default:**"),
           "table": ("**The rulebook:**", "**The answers:**", "**Why this default:**"),
           "convention": ("**The rulebook:**", "**The engine:**", "**Why:**")},
}
DEFAULT_MARK = {"hu": "(alapértelmezés)", "en": "(default)"}

ADMONITION = re.compile(r'^(?:!!!|\?\?\?\+?)\s+\w+\s+"([^"]*)"\s*$')
RULE_HEADING = re.compile(r"^#{2,6}\s+(VW-[\d.]+)\b")
QUOTE = re.compile(r"„([^”]+)”")


def boxes(text: str):
    """(title, body, the rule id of the section it stands in) of each admonition on a page."""
    out, rule, lines, i = [], None, text.split("\n"), 0
    while i < len(lines):
        heading = RULE_HEADING.match(lines[i])
        if heading:
            rule = heading.group(1)
        elif re.match(r"^#{1,6}\s", lines[i]):
            rule = None
        found = ADMONITION.match(lines[i])
        i += 1
        if not found:
            continue
        body = []
        while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
            body.append(lines[i][4:])
            i += 1
        out.append((found.group(1), "\n".join(body).strip(), rule))
    return out


def kind_of(title: str, lang: str):
    return next((kind for prefix, kind in KINDS[lang].items() if title.startswith(prefix)), None)


def choice_words(choice) -> str:
    return str(choice).lower() if isinstance(choice, bool) else str(choice)


def problems(title: str, body: str, rule, lang: str) -> list[str]:
    """What the box lacks, in words; [] for a box that is not a reading, table choice or convention."""
    kind = kind_of(title, lang)
    if kind is None:
        return []
    out = [f"{title!r}: no {label}" for label in LABELS[lang][kind] if label not in body]
    quotes = [m for m in QUOTE.finditer(body) if len(m.group(1).split()) >= 2]
    if not quotes:
        out.append(f"{title!r}: no quoted sentence of the book („…”)")
    if lang == "en":
        translated = set()
        for m in quotes:
            if re.match(r"\s*\(“[^”]+”", body[m.end():]):
                translated.add(m.group(1))
            elif m.group(1) not in translated:
                out.append(f"{title!r}: „{m.group(1)}” has no English translation beside it")
    if kind in ("reading", "table"):
        named = re.search(r"`([a-z_]+)`", title)
        option = GAME.options.get(named.group(1)) if named else None
        if option is None:
            return out + [f"{title!r}: names no option of the game"]
        if (option.kind == "reading") != (kind == "reading"):
            out.append(f"{title!r}: the option's kind is {option.kind!r}")
        if rule not in option.rules:
            out.append(f"{title!r}: stands under {rule}, not under the option's rule {option.rules}")
        answers = body.split(LABELS[lang][kind][-2], 1)[-1]
        for choice in option.choices:
            mark = f"`{choice_words(choice)}`" + (f" {DEFAULT_MARK[lang]}" if choice == option.default else "")
            if mark not in answers:
                out.append(f"{title!r}: the answers lack {mark}")
    return out


def page(lang: str) -> str:
    with open(os.path.join(docs_dir(), "vor-dem-wind", f"rules.{lang}.md"), encoding="utf-8") as f:
        return f.read()


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_every_box_quotes_the_book_and_gives_its_reason(lang):
    found = [(t, b, r) for t, b, r in boxes(page(lang)) if kind_of(t, lang)]
    assert len(found) >= 16
    assert [p for t, b, r in found for p in problems(t, b, r, lang)] == []


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_every_reading_has_its_box(lang):
    titles = [t for t, _, _ in boxes(page(lang)) if kind_of(t, lang) == "reading"]
    missing = [name for name, option in GAME.options.items() if option.kind == "reading"
               and not any(f"`{name}`" in t for t in titles)]
    assert missing == []


def test_both_pages_have_the_same_boxes():
    assert ([(kind_of(t, "hu"), r) for t, _, r in boxes(page("hu")) if kind_of(t, "hu")]
            == [(kind_of(t, "en"), r) for t, _, r in boxes(page("en")) if kind_of(t, "en")])


GOOD_HU = '''#### VW-4.3.2.4 Raktározott áruk cseréje
!!! question "Olvasat: `swap_chain`"
    **A szabályfüzet:** a példában A „az elvett almát C játékos raktárházába teszi”.

    **A kérdés:** jöhet-e a második csere másik ellenféltől?

    **A válaszok:** `allowed` (alapértelmezés) – igen; `forbidden` – nem.

    **Miért ez az alapértelmezés:** a példa.
'''


@pytest.mark.parametrize("lang,text,lacks", [
    ("hu", GOOD_HU, None),
    ("hu", GOOD_HU.replace("„az elvett almát C játékos raktárházába teszi”", "a példa"), "no quoted sentence"),
    ("hu", GOOD_HU.replace("**Miért ez az alapértelmezés:** a példa.", ""), "no **Miért ez az alapértelmezés:**"),
    ("hu", GOOD_HU.replace(" (alapértelmezés)", ""), "lack `allowed` (alapértelmezés)"),
    ("hu", GOOD_HU.replace("VW-4.3.2.4", "VW-4.3.2.5"), "stands under VW-4.3.2.5"),
    ("hu", GOOD_HU.replace("Olvasat: `swap_chain`", "Olvasat: `no_such`"), "names no option"),
    ("en", '''### VW-4.2 Trading
!!! note "Engine convention"
    **The rulebook:** „legalább 1 gulden az ára”.

    **The engine:** at most what you can pay.

    **Why:** an accepted offer is paid at once.
''', "has no English translation"),
])
def test_the_check_finds_a_box_without_quote_reason_or_answers(lang, text, lacks):
    """The check above can fail: each of these boxes lacks one thing, and the check names it."""
    found = [p for t, b, r in boxes(text) for p in problems(t, b, r, lang)]
    if lacks is None:
        assert found == []
    else:
        assert any(lacks in p for p in found), found
