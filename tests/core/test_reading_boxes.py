"""The rules pages' reading, table-choice and convention boxes (admonitions) show the player the book's
words and why the engine does what it does, on every game whose pages use the titled boxes (a reading
box "Olvasat: `name`" or a table choice "Asztali döntés: `name`"; today every game's pages do).

A box is an admonition whose title starts with its kind:

    !!! question "Olvasat: `fleet`"                   the book can be read two ways (kind "reading")
    !!! note "Asztali döntés: `empty_bag`"            the book is silent, the table chooses (a plain option)
    !!! note "A motor konvenciója: Veszprém"          what the engine does where the book does not say

Every box quotes the book („…”; on the English page each Hungarian quote has its English beside it,
“…” in brackets) and gives its reason under its labels. A reading or table-choice box names one option
of the game, lists each of its answers with the default marked, and stands in the section of a rule the
option cites; each reading of the game has a box on both pages.
"""

from __future__ import annotations

import os
import re

import pytest

from engine import game_ids, load_game

KINDS = {
    "hu": {"Olvasat": "reading", "Asztali döntés": "table", "A motor konvenciója": "convention"},
    "en": {"Reading": "reading", "Table choice": "table", "Engine convention": "convention"},
}
# the labels each kind of box states its parts with
LABELS = {
    "hu": {
        "reading": ("**A szabályfüzet:**", "**A kérdés:**", "**A válaszok:**", "**Miért ez az alapértelmezés:**"),
        "table": ("**A szabályfüzet:**", "**A válaszok:**", "**Miért ez az alapértelmezés:**"),
        "convention": ("**A szabályfüzet:**", "**A motor:**", "**Miért:**"),
    },
    "en": {
        "reading": ("**The rulebook:**", "**The question:**", "**The answers:**", "**Why this default:**"),
        "table": ("**The rulebook:**", "**The answers:**", "**Why this default:**"),
        "convention": ("**The rulebook:**", "**The engine:**", "**Why:**"),
    },
}
DEFAULT_MARK = {"hu": "(alapértelmezés)", "en": "(default)"}
DOCS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs")

ADMONITION = re.compile(r'^(?:!!!|\?\?\?\+?)\s+\w+\s+"([^"]*)"\s*$')
RULE_HEADING = re.compile(r"^#{2,6}\s+([A-Z]{2}-[\d.]+)\b")
QUOTE = re.compile(r"„([^”]+)”")
TITLED = re.compile(r'^(?:!!!|\?\?\?\+?)\s+\w+\s+"(?:Olvasat|Asztali döntés): `', re.M)


def page(game_id: str, lang: str) -> str:
    with open(os.path.join(DOCS, game_id, f"rules.{lang}.md"), encoding="utf-8") as f:
        return f.read()


def boxed_games() -> list[str]:
    """The games whose Hungarian rules page has at least one titled reading or table-choice box."""
    return [g for g in game_ids() if os.path.exists(os.path.join(DOCS, g, "rules.hu.md")) and TITLED.search(page(g, "hu"))]


GAMES = boxed_games()


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


def problems(game, title: str, body: str, rule, lang: str) -> list[str]:
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
            if re.match(r"\s*\(“[^”]+”", body[m.end() :]):
                translated.add(m.group(1))
            elif m.group(1) not in translated:
                out.append(f"{title!r}: „{m.group(1)}” has no English translation beside it")
    if kind in ("reading", "table"):
        named = re.search(r"`([a-z_]+)`", title)
        option = game.options.get(named.group(1)) if named else None
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


def test_the_titled_boxes_are_used_by_every_game():
    """(so the checks below hold pages, not an empty list, and a game whose pages drop the titled boxes is noticed)"""
    assert GAMES == [g for g in game_ids() if os.path.exists(os.path.join(DOCS, g, "rules.hu.md"))]


@pytest.mark.parametrize("lang", ["hu", "en"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_box_quotes_the_book_and_gives_its_reason(game_id, lang):
    game = load_game(game_id)
    found = [(t, b, r) for t, b, r in boxes(page(game_id, lang)) if kind_of(t, lang)]
    assert len(found) >= 3
    assert [p for t, b, r in found for p in problems(game, t, b, r, lang)] == []


@pytest.mark.parametrize("lang", ["hu", "en"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_reading_has_its_box(game_id, lang):
    game = load_game(game_id)
    titles = [t for t, _, _ in boxes(page(game_id, lang)) if kind_of(t, lang) == "reading"]
    missing = [
        name for name, option in game.options.items() if option.kind == "reading" and not any(f"`{name}`" in t for t in titles)
    ]
    assert missing == []


@pytest.mark.parametrize("game_id", GAMES)
def test_both_pages_have_the_same_boxes(game_id):
    assert [(kind_of(t, "hu"), r) for t, _, r in boxes(page(game_id, "hu")) if kind_of(t, "hu")] == [
        (kind_of(t, "en"), r) for t, _, r in boxes(page(game_id, "en")) if kind_of(t, "en")
    ]
