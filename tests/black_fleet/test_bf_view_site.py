"""A played position's view in a real browser (engine/core/view.py): Black Fleet's sandbox at phone
width, in both languages, names no card the player to move may not see, on the page or in its link.
The same check over every game without a browser is tests/widgets/test_view_leak.py."""

import json

import pytest

from engine.core.cases import build_state
from engine.core.formats import read_link
from tests.browser.support import screenshot, wait_answers, wait_shared
from tests.widgets.test_view_leak import LANGS, ids, named, strings

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", LANGS)
def test_black_fleet_sandbox_on_a_phone_shows_no_other_hand(watched, site_url, lang):
    """In the browser at 375 px: after a few moves by hand, the sandbox's page and address bar name
    no card in another player's hand or in a deck, while the player to move's own hand is shown."""

    w = watched(viewport={"width": 375, "height": 800})
    w.page.goto(site_url + ("" if lang == "hu" else "en/") + "black-fleet/sandbox/")
    island = w.page.locator(".kikoto").first
    for n in range(1, 4):
        island.locator("button[data-move]").first.click()
        wait_answers(w.page, 0, n)
    wait_shared(w.page, 0)
    # the position shown, rebuilt from the page's own spec and the moves its address bar holds
    spec = json.loads(island.get_attribute("data-spec"))
    game, state = build_state({k: spec[k] for k in ("game", "options", "state", "setup") if k in spec})
    for move in read_link(w.page.url.split("#play=", 1)[1], "black-fleet")["moves"]:
        state = state.apply(move)
    seat = state.current_player
    secrets = ids(strings(state.to_json()) - strings(game.view(state, seat)))
    assert secrets and island.locator(f".kikoto-bf-hand[data-seat='{seat}'] li").count() == 1
    page = w.page.content()
    assert not [s for s in secrets if named(page, s) or named(w.page.url, s)]
    screenshot(w.page, f"bf-sandbox-view-375-{lang}.png")
    assert not w.errors and not w.foreign()
