"""At 375 px every page is usable without scrolling the page sideways; screenshots at phone and
desktop widths are saved to artifacts/ for a person to look at."""

import pytest

from engine import game_ids
from tests.browser.support import screenshot

GAMES = game_ids()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang_dir", ["", "en/"])
def test_no_horizontal_page_scroll_at_phone_width(watched, site_url, lang_dir, game):
    # With scripts on, as a phone has them (without, the theme's hidden language menu is wider
    # than the screen). The engine itself is kept from starting: only the layout is measured.
    w = watched(viewport={"width": 375, "height": 800})
    w.page.route("**/worker.mjs", lambda route: route.abort())
    wide = []
    for page in ("learn", "aid", "rules", "examples", "cases", "sandbox"):
        w.page.goto(f"{site_url}{lang_dir}{game}/{page}/")
        width = w.page.evaluate("document.documentElement.scrollWidth")
        if width > 375:
            wide.append(f"{game}/{page}: {width}px")
    screenshot(w.page, f"phone-{lang_dir.strip('/') or 'hu'}-{game}-sandbox.png")
    assert not wide, wide


def test_desktop_screenshots(watched, site_url):
    w = watched(viewport={"width": 1280, "height": 900})
    for lang_dir in ("", "en/"):
        for game in GAMES:
            w.page.goto(f"{site_url}{lang_dir}{game}/examples/")
            screenshot(w.page, f"desktop-{lang_dir.strip('/') or 'hu'}-{game}-examples.png")
