"""The reading-box check of tests/core/test_reading_boxes.py covers Mississippi Queen's rules pages, and it
can fail on them: each real box below, with one thing taken out, is named by the check."""

import re

import pytest

from engine import load_game
from tests.core.test_reading_boxes import GAMES, boxes, page, problems

GAME = load_game("mississippi-queen")


def box(lang: str, title_part: str):
    found = [(t, b, r) for t, b, r in boxes(page("mississippi-queen", lang)) if title_part in t]
    assert len(found) == 1, found
    return found[0]


def unquoted(body: str) -> str:
    """The body with the book's words kept but their „…” marks (and any translation beside them) gone."""
    return re.sub(r"„([^”]+)”(\s*\(“[^”]+”\))?", r"\1", body)


def test_the_box_check_covers_mississippi_queen():
    assert "mississippi-queen" in GAMES


@pytest.mark.parametrize(
    "lang,title_part,change,lacks",
    [
        ("hu", "`speed_cost`", unquoted, "no quoted sentence"),
        ("en", "`speed_cost`", unquoted, "no quoted sentence"),
        ("hu", "a kikötőhelyek", unquoted, "no quoted sentence"),
        ("en", "the landing fields", unquoted, "no quoted sentence"),
        ("en", "`came_from`", lambda b: re.sub(r"\s*\(“[^”]+”\)", "", b), "has no English translation"),
        ("hu", "`wheels`", lambda b: b.replace(" (alapértelmezés)", ""), "lack `before` (alapértelmezés)"),
        ("en", "`pushed_finish`", lambda b: b.replace("`false`", "`no`"), "lack `false`"),
        ("hu", "`right_hand`", lambda b: b.split("**Miért ez az alapértelmezés:**")[0], "no **Miért ez az alapértelmezés:**"),
        ("en", "passengers running out", lambda b: b.split("**Why:**")[0], "no **Why:**"),
    ],
)
def test_a_real_box_with_one_thing_taken_out_is_named(lang, title_part, change, lacks):
    title, body, rule = box(lang, title_part)
    assert problems(GAME, title, body, rule, lang) == []
    found = problems(GAME, title, change(body), rule, lang)
    assert any(lacks in p for p in found), found


def test_a_reading_box_under_another_rule_is_named():
    title, body, _ = box("hu", "`explore`")
    assert any("stands under MQ-6.2" in p for p in problems(GAME, title, body, "MQ-6.2", "hu"))
