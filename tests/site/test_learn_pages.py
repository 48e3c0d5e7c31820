"""A newcomer's pages, per game and language: the "how to play" page (docs/<game>/learn.*.md) is short,
shows the game in the renderer's own pictures, and every sentence links the rule it sums up (each link
lands on that rule on the rules page); the player aid's lines (docs/<game>/aid.*.md, widgets/build/aid.py)
each name a rule that exists and say it in the rules page's own words; the home page leads to each."""

import html
import os
import re

import pytest

from engine import game_ids
from engine.core import rule_anchor
from engine.core.registry import load_rules
from tests.conftest import ROOT

LANGS = {"hu": "", "en": "en/"}
MAX_WORDS = 850  # "about 800 words": five minutes of reading
FENCE = re.compile(r"^```.*?^```", re.M | re.S)
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-ZÁÉÍÓÖŐÚÜŰ„“(*\d])")


def source(game, lang, page="learn"):
    with open(os.path.join(ROOT, "docs", game, f"{page}.{lang}.md"), encoding="utf-8") as f:
        return f.read()


def prose(markdown: str) -> list[str]:
    """The page's paragraphs and list items, without its front matter, headings, comments and fences."""
    body = FENCE.sub("", markdown.split("---", 2)[2] if markdown.startswith("---") else markdown)
    out, para = [], []
    for line in body.splitlines() + [""]:
        line = line.strip()
        if not line or line.startswith(("#", "<!--")) or re.match(r"^(\d+\.|[-*])\s", line):
            if para:
                out.append(" ".join(para))
            para = [re.sub(r"^(\d+\.|[-*])\s+", "", line)] if re.match(r"^(\d+\.|[-*])\s", line) else []
            continue
        para.append(line)
    return [p for p in out if p]


def words(markdown: str) -> int:
    text = " ".join(prose(markdown))
    text = re.sub(r"\]\([^)]*\)", "]", text)  # a link's target is not read
    return len(re.findall(r"\w+", text))


def built(built_site, path):
    return (built_site["dir"] / path / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", game_ids())
def test_the_how_to_play_page_is_short_and_every_sentence_links_its_rule(game, lang):
    page = source(game, lang)
    assert "follows_rules: true" in page.split("---")[1], "the page follows the rules it links (widgets/i18n/pages.py)"
    assert words(page) <= MAX_WORDS, f"{words(page)} words"
    anchors = {rule_anchor(r) for r in load_rules(game, lang, os.path.join(ROOT, "docs"))}
    for para in prose(page):
        for sentence in SENTENCE.split(para):
            links = re.findall(r"\]\(([^)]*)\)", sentence)
            assert links, f"a sentence without a link: {sentence!r}"
            for link in links:
                if link.startswith("rules.md#"):
                    assert link.split("#", 1)[1] in anchors, f"no rule {link} in {game}'s rules ({lang})"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", game_ids())
def test_the_built_page_shows_three_pictures_a_lesson_and_links_that_land(built_site, game, lang):
    page = built(built_site, f"{LANGS[lang]}{game}/learn")
    islands = re.findall(r'<div(?: lang="[^"]*")? class="kikoto" data-spec=.*?<p class="kikoto-nojs"', page, re.S)
    pictures = [i for i in islands if "<svg" in i and "kikoto-lesson" not in i]
    assert len(pictures) >= 3, f"{len(pictures)} pictures drawn by the renderer"
    assert sum("kikoto-lesson" in i for i in islands) == 1, "the guided first round"
    rules = built(built_site, f"{LANGS[lang]}{game}/rules")
    targets = set(re.findall(r'href="\.\./rules/#([\w-]+)"', page))
    assert targets, "links to the rules"
    for target in targets:
        assert f'id="{target}"' in rules, f"{target} is not on the rules page"


def plain(text: str) -> str:
    text = re.sub(r"(?m)^\s*(?:[-*]|\d+\.)\s+", "", text)  # a list's items, one after the other
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link's words
    return " ".join(re.sub(r"[*`]", "", html.unescape(re.sub(r"<[^>]+>", "", text))).split())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", game_ids())
def test_every_line_of_the_player_aid_is_a_rule_in_its_own_words(built_site, game, lang):
    rules = load_rules(game, lang, os.path.join(ROOT, "docs"))
    page = built(built_site, f"{LANGS[lang]}{game}/aid")
    lines = re.findall(r'<li><a href="\.\./rules/#([\w-]+)">([^<]*)</a>\s*<strong>([^<]*):</strong>(.*?)</li>', page, re.S)
    assert len(lines) >= 8, "the round's steps, the actions, the end and the scoring"
    for anchor, rule_id, title, said in lines:
        assert rule_id in rules and rule_anchor(rule_id) == anchor, rule_id
        assert plain(title) == plain(rules[rule_id].title)
        assert plain(said) and plain(said) in plain(rules[rule_id].text), f"{rule_id}: {plain(said)!r}"
    assert page.count("<li>") == len(lines), "every line of the aid is a rule's"
    assert 'class="kikoto-aid"' in page  # marked for the print stylesheet


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", game_ids())
def test_the_home_page_leads_each_game_to_learn_rules_and_ask_in_that_order(built_site, game, lang):
    page = built(built_site, LANGS[lang].rstrip("/"))
    hrefs = re.findall(rf'href="(?:\./)?{game}/(learn|rules|ask)/(?:#[\w-]+)?"', page)
    firsts = list(dict.fromkeys(hrefs))
    assert firsts[:3] == ["learn", "rules", "ask"], (game, hrefs)
    assert f'href="{game}/learn/#' in page or f'href="./{game}/learn/#' in page, f"{game}: the guided round's own link"
