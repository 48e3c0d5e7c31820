"""The reading-box check of tests/core/test_reading_boxes.py can fail: sample boxes of Mare Balticum's
page, each lacking one thing, and the check names it."""

import pytest

from engine import load_game
from tests.core.test_reading_boxes import boxes, problems

GOOD_HU = """### MB-8.3 Ha kiürül a zsák
!!! note "Asztali döntés: `empty_bag`"
    **A szabályfüzet:** „új zsetonokat kell húzni a zsákból”.

    **A válaszok:** `stop` (alapértelmezés) – üresen maradnak; `end` – vége.

    **Miért ez az alapértelmezés:** mert.
"""


@pytest.mark.parametrize(
    "lang,text,lacks",
    [
        ("hu", GOOD_HU, None),
        ("hu", GOOD_HU.replace("„új zsetonokat kell húzni a zsákból”", "új zsetonok"), "no quoted sentence"),
        ("hu", GOOD_HU.replace("**Miért ez az alapértelmezés:** mert.", ""), "no **Miért ez az alapértelmezés:**"),
        ("hu", GOOD_HU.replace(" (alapértelmezés)", ""), "lack `stop` (alapértelmezés)"),
        ("hu", GOOD_HU.replace("MB-8.3", "MB-8.2"), "stands under MB-8.2"),
        ("hu", GOOD_HU.replace("Asztali döntés: `empty_bag`", "Olvasat: `empty_bag`"), "the option's kind"),
        ("hu", GOOD_HU.replace("Asztali döntés: `empty_bag`", "Asztali döntés: `refill_opponent_ship`"), "names no option"),
        (
            "en",
            """### MB-12.4 The −1 slot with a single fish
!!! note "Engine convention: a single fish"
    **The rulebook:** „1 hal zsetont neki is el kell dobnia”.

    **The engine:** allows it.

    **Why:** the ban is about the demand token.
""",
            "has no English translation",
        ),
    ],
)
def test_the_check_finds_a_box_without_quote_reason_or_answers(lang, text, lacks):
    """The check above can fail: each of these boxes lacks one thing, and the check names it."""
    game = load_game("mare-balticum")
    found = [p for t, b, r in boxes(text) for p in problems(game, t, b, r, lang)]
    if lacks is None:
        assert found == []
    else:
        assert any(lacks in p for p in found), found
