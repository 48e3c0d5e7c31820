"""The rules pages' pictures (each game's own "*-figure" widget kinds, drawn by its renderer) are in
the strictly built site in both languages, each with its text alternative: the drawing's label, and
the same facts in words beside it, in the page's language."""

import html
import json
import os
import re

import pytest

from engine import game_ids
from widgets.render.renderer import renderer

from tests.conftest import ROOT

ISLAND = re.compile(r'<div(?: lang="[^"]*")? class="kikoto" data-spec="([^"]*)"')  # (lang: a translated page's)


def figure_kinds(game_id: str) -> set[str]:
    return {kind for kind in renderer(game_id).widgets if kind.endswith("-figure")}


def figure_examples(game_id: str) -> list[str]:
    """The ids of the game's example files that are pictures."""
    folder = os.path.join(ROOT, "docs", game_id, "examples")
    out = []
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if name.endswith(".json"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                spec = json.load(f)
            if spec.get("widget") in figure_kinds(game_id):
                out.append(spec["id"])
    return out


GAMES = [g for g in game_ids() if figure_examples(g)]


def figures(built_site, game_id: str, lang_dir: str) -> dict[str, tuple[str, str]]:
    """{example id: (the drawing's label, the words beside it)} of each picture on the built rules page."""
    text = (built_site["dir"] / f"{lang_dir}{game_id}" / "rules" / "index.html").read_text(encoding="utf-8")
    out = {}
    for m in ISLAND.finditer(text):
        spec = json.loads(html.unescape(m.group(1)))
        if spec.get("widget") not in figure_kinds(game_id):
            continue
        start = text.index("<kikoto-output", m.end())
        output = text[start:text.index("</kikoto-output>", start)]
        assert "kikoto-error" not in output, spec["id"]
        svg = re.search(r"<svg\b[^>]*>", output).group(0)
        label = re.search(r'aria-label="([^"]*)"', svg)
        details = re.search(r"<details\b.*?</details>", output, re.S)
        words = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", details.group(0)))).strip() if details else ""
        out[spec["id"]] = (html.unescape(label.group(1)) if label else "", words)
    return out


def test_most_games_have_pictures():
    """(so the checks below hold pictures, not an empty list)"""
    assert len(GAMES) >= 4


@pytest.mark.parametrize("game_id", GAMES)
def test_every_picture_is_built_with_its_text_alternative_in_both_languages(built_site, game_id):
    assert built_site["returncode"] == 0, built_site["log"]
    hu, en = figures(built_site, game_id, ""), figures(built_site, game_id, "en/")
    assert sorted(hu) == sorted(en) == sorted(figure_examples(game_id))
    for example in hu:
        for lang, (label, words) in (("hu", hu[example]), ("en", en[example])):
            assert label.strip(), f"{example} ({lang}): the drawing has no label"
            assert len(words.split()) >= 5, f"{example} ({lang}): no words beside the picture: {words!r}"
        # each language's own texts, not one language's on both pages
        assert hu[example][0] != en[example][0], example
        assert hu[example][1] != en[example][1], example
