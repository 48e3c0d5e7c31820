"""Mare Balticum live in the browser: an example steps through, a case edited in the page gets a
new verdict from the worker, and the sandbox plays a random game to the end."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.support import open_island, play_to_the_end, screenshot, step_to, wait_answers, wait_shared

pytestmark = pytest.mark.browser


def test_scoring_example_is_prerendered(built_site):
    """The answer is in the HTML before any script runs."""
    for lang_dir in ("", "en/"):
        html = (built_site["dir"] / f"{lang_dir}mare-balticum" / "rules" / "index.html").read_text(encoding="utf-8")
        assert re.search(r'data-total="21"><strong>21</strong>', html)
        assert re.search(r'data-total="14"><strong>14</strong>', html)


@pytest.mark.rules("MB-6.1")
def test_example_steps_through(watched, site_url):
    w = watched()
    i, island = open_island(w.page, site_url + "en/mare-balticum/examples/", "[data-spec*='unload-gdansk']")
    assert island.locator(".kikoto-card").count() >= 2
    for n in (1, 2):  # sail to Gdańsk, then unload
        card = step_to(island, n)
        assert card.is_visible()
        assert island.locator(".kikoto-card:visible").count() == 1
    assert card.locator(".kikoto-verdict").get_attribute("data-legal") == "true"
    assert "MB-6.1" in card.locator(".kikoto-verdict").inner_text()
    assert island.get_attribute("data-answers") is None  # the steps were in the page: no engine asked
    assert not w.foreign()


def test_steps_show_at_once_while_the_engine_is_still_loading(watched, site_url):
    """Every step of an example is in the page: the stepper moves through them with the engine's
    runtime still on its way (held here), and neither waits for it nor asks it anything."""
    w = watched()
    held = []
    w.context.route("**/pyodide/pyodide.asm.wasm*", lambda route: held.append(route))  # never answered: the engine stays loading
    i, island = open_island(w.page, site_url + "en/mare-balticum/examples/", "[data-spec*='unload-gdansk']")
    island.hover()  # wakes the engine, as a reader's pointer does
    expect(island).to_have_attribute("data-live", "loading")
    for n in (1, 2, 1, 0):
        step = island.locator(f".kikoto-card[data-current] button[data-step='{n}']")
        step.click(timeout=2_000)
        expect(island.locator(".kikoto-card[data-current]")).to_have_attribute("data-card", str(n), timeout=500)
        assert island.locator(".kikoto-card:visible").count() == 1
    # the keyboard stays on the stepper: focus moved to the new card's own button
    assert w.page.evaluate("document.activeElement.closest('.kikoto-card').dataset.card") == "0"
    assert w.page.evaluate("window.__kikoto.state().state") == "loading"
    assert island.get_attribute("data-answers") is None
    assert held and not w.errors


def test_legal_destinations_example_is_static_and_live(watched, site_url):
    w = watched(java_script_enabled=False)
    w.page.goto(site_url + "en/mare-balticum/examples/")
    first = w.page.locator("[data-spec*='\"sail-example-1\"'] .kikoto-legal-count")
    assert first.get_attribute("data-count") == "3"
    assert w.page.locator("[data-spec*='\"sail-example-1-middle\"'] .kikoto-legal-count").get_attribute("data-count") == "0"


@pytest.mark.rules("MB-4.2")
def test_a_reading_set_at_the_top_gives_a_case_a_new_verdict(watched, site_url):
    w = watched()
    i, island = open_island(w.page, site_url + "en/mare-balticum/cases/", "[data-spec*='mb-fleet-two-pairs\"']")
    assert island.locator(".kikoto-verdict").get_attribute("data-legal") == "true"
    # Flip the reading once, at the top of the page: one connected fleet. The case's answer changes,
    # it comes from the worker, and it is told apart from the case's own answer, which stays beside it.
    w.page.locator("select[data-page-reading][name='options.fleet']").select_option('"connected"')
    wait_answers(w.page, i, 1)
    assert island.locator(".kikoto-verdict").get_attribute("data-legal") == "false"
    assert "MB-4.2" in island.locator(".kikoto-verdict").inner_text()
    assert island.locator("select[name='options.fleet']").input_value() == '"connected"'
    assert island.locator(".kikoto-expect[data-edited]").count() == 1
    assert not w.errors and not w.foreign()


def test_sandbox_plays_a_random_game_to_the_end_and_shares_it(watched, site_url):
    w = watched()
    w.page.goto(site_url + "en/mare-balticum/sandbox/")
    island = w.page.locator(".kikoto").first
    island.locator("button[data-move]").first.click()
    wait_answers(w.page, 0, 1)
    assert island.locator(".kikoto-play").get_attribute("data-moves") == "1"
    island.locator("button[data-undo]").click()
    wait_answers(w.page, 0, 2)
    assert island.locator(".kikoto-play").get_attribute("data-moves") == "0"
    moves, _, over = play_to_the_end(island)
    assert moves > 50 and "Game over" in over
    wait_shared(w.page, 0)  # the sandbox is the page's one island
    shared = w.page.url
    assert "#play=" in shared
    screenshot(w.page, "mb-sandbox-en.png")
    # The link reproduces the same finished game in a fresh page.
    w2 = watched()
    w2.page.goto(shared)
    expect(w2.page.locator(".kikoto-play").first).to_have_attribute("data-over", "true", timeout=120_000)
    assert w2.page.locator(".kikoto-over").inner_text() == island.locator(".kikoto-over").inner_text()


@pytest.mark.rules("MB-2.4", "MB-4.3")
def test_sandbox_is_played_on_the_board_and_says_why_not(watched, site_url):
    """Tap the ports to place the starting ships; then tap a ship and a field: a move the rules
    forbid is answered with its reason and rule, and nothing is played."""
    w = watched(viewport={"width": 375, "height": 800}, has_touch=True)
    w.page.goto(site_url + "mare-balticum/sandbox/")
    island = w.page.locator(".kikoto").first
    for n, port in enumerate(("stockholm", "gdansk", "riga"), 1):
        island.locator(f"[data-tap='{port}']").click()
        wait_answers(w.page, 0, n)
        assert island.locator(".kikoto-play").get_attribute("data-moves") == str(n)
    island.locator("[data-tap='stockholm']").click()
    wait_answers(w.page, 0, 4)
    island.locator("[data-tap='archipelago']").click()
    wait_answers(w.page, 0, 5)
    tried = island.locator(".kikoto-tried .kikoto-verdict")
    assert tried.get_attribute("data-legal") == "false" and "MB-4.3" in tried.inner_text()
    assert island.locator(".kikoto-play").get_attribute("data-moves") == "3"
    assert w.page.evaluate("document.documentElement.scrollWidth") <= 375
    assert not w.errors


@pytest.mark.parametrize("path,lang_dir", [("mare-balticum/cases/", ""), ("en/mare-balticum/cases/", "en/")])
def test_verdict_rule_link_lands_on_the_paragraph_in_the_same_language(watched, site_url, path, lang_dir):
    w = watched()
    w.page.goto(site_url + path)
    link = w.page.locator("[data-spec*='mb-sail-onto-own-ship'] .kikoto-verdict a.kikoto-rule").first
    rule_id = link.inner_text()
    link.click()
    w.page.wait_for_load_state()
    anchor = rule_id.lower().replace(".", "-")
    assert w.page.url == f"{site_url}{lang_dir}mare-balticum/rules/#{anchor}"
    heading = w.page.locator(f"#{anchor}")
    assert heading.is_visible() and heading.inner_text().startswith(rule_id)


def test_screen_reader_walks_a_board_place_by_place(watched, site_url):
    """The accessibility tree has each place with its title as a name, not one opaque picture."""
    w = watched()
    w.page.goto(site_url + "en/mare-balticum/rules/")
    tree = w.page.locator(".kikoto-board").first.aria_snapshot()
    assert tree.startswith('- group "The schematic Mare Balticum board"'), tree[:200]
    assert 'img "Stockholm (STO) · demand: salmon, cod · Player 3"' in tree, tree
    assert tree.count("- img ") >= 20, tree


def test_board_text_reads_at_11px_on_a_phone(watched, site_url):
    """Issue 33: at 375 px every letter and number on the Ask page's map is at least 11 px."""
    w = watched(viewport={"width": 375, "height": 800}, has_touch=True)
    w.page.goto(site_url + "en/mare-balticum/ask/")
    board = w.page.locator(".kikoto-ed .kikoto-board").first
    expect(board).to_be_visible(timeout=120_000)
    sizes = board.evaluate("""svg => {
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        return [...svg.querySelectorAll('text')].map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
    }""")
    assert sizes and min(sizes) >= 11, min(sizes)
    assert w.page.evaluate("document.documentElement.scrollWidth") <= 375
