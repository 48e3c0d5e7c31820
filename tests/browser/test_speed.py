"""Start-up: the engine starts from its build-time memory snapshot, falls back to a plain start
when the snapshot is unusable or the link slow, and warms itself up aside. (The start-up ratios
against bench/baseline.json are `make bench`'s to measure: timed on this 2-core machine beside the
rest of the suite, they measured the other tests as much as the start.)"""

import pytest
from playwright.sync_api import expect

from engine import game_ids
from tests.browser.support import THEME_MOUNTED, island_index, live_scenario, wait_answers
from widgets.render.renderer import renderer

LIVE = live_scenario()
PURPLE = LIVE.ISLAND
# The warm-up's pages: the sandbox of a game wide enough that its renderer groups its moves, and
# the cases page of another game.
SANDBOX_GAME = next(g for g in game_ids() if renderer(g).group_actions)
CASES_GAME = next(g for g in game_ids() if g != SANDBOX_GAME)


def go_live(page, site_url):
    page.goto(site_url + LIVE.url("en/"))
    island = page.locator(PURPLE)
    island.locator(f"input[name='{LIVE.FIELD}']").fill("4")
    wait_answers(page, island_index(page, PURPLE), 1, timeout=180_000)
    assert island.get_attribute("data-runtime").startswith("emscripten")
    assert island.locator(LIVE.ANSWER).inner_text() == LIVE.LIVE["4"]
    return page.evaluate("window.__kikoto.state()")


FORCE_SNAPSHOT = "window.__kikoto = {start: 'snapshot'};"  # kikoto.js: the start a test chooses


def test_engine_starts_from_the_snapshot(watched, site_url):
    w = watched()
    w.page.add_init_script(FORCE_SNAPSHOT)
    state = go_live(w.page, site_url)
    assert state["bootFrom"] == "snapshot"
    assert any("/snapshot-" in u and u.endswith(".bin.gz") for u in w.requests)
    assert not w.errors, w.errors


@pytest.mark.parametrize("status, body", [(404, b"gone"), (200, b"not gzip")])
def test_an_unusable_snapshot_falls_back_to_a_plain_start(watched, site_url, status, body):
    w = watched()
    w.context.route("**/snapshot-*.bin.gz", lambda route: route.fulfill(status=status, body=body))
    w.page.add_init_script(FORCE_SNAPSHOT)
    state = go_live(w.page, site_url)
    assert state["bootFrom"] == "start"
    assert not w.errors, w.errors


def test_a_slow_link_starts_plain_and_shows_its_progress(watched, plain_site_url):
    """On a link too slow for the 6 MB snapshot to pay (here 10 Mbit/s, 40 ms), Python starts the plain
    way from the trimmed standard library, and meanwhile the island says how much has come."""
    w = watched(origin=plain_site_url)  # the packed runtime unpacked by the worker, as on most hosts
    finished = []
    w.context.on("requestfinished", lambda r: finished.append(r.url))
    cdp = w.context.new_cdp_session(w.page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 40, "downloadThroughput": 10e6 / 8, "uploadThroughput": 10e6 / 8},
    )
    w.page.goto(plain_site_url + LIVE.url("en/"))
    island = w.page.locator(PURPLE)
    island.locator(f"input[name='{LIVE.FIELD}']").fill("4")
    status = island.locator(".kikoto-status")
    from playwright.sync_api import expect

    expect(status).to_contain_text("%", timeout=30_000)
    assert int(status.locator("progress").get_attribute("max") or 0) > 3_500_000  # the runtime's bytes, packed
    wait_answers(w.page, island_index(w.page, PURPLE), 1, timeout=180_000)
    assert island.locator(LIVE.ANSWER).inner_text() == LIVE.LIVE["4"]
    state = w.page.evaluate("window.__kikoto.state()")
    assert (state["bootFrom"], state["bootChoice"]) == ("start", "plain")
    assert not any("/snapshot-" in u for u in finished)  # (asked only of the cache, which had none)
    assert not any(u.endswith("python_stdlib.zip") or u.endswith("pyodide-lock.json") for u in w.requests)
    assert any("/stdlib-" in u for u in w.requests)
    assert not w.errors, w.errors


def wait_warm(page, timeout=180):
    """Until the engine's warm-up (kikoto.js, warmUp) is done; its time is printed."""
    import time

    deadline = time.time() + timeout
    while (state := page.evaluate("window.__kikoto.state()"))["warm"] != "done":
        assert time.time() < deadline and state["state"] != "failed", state
        time.sleep(0.2)
    print(f"warm-up: {state['warmMs']:.0f} ms after the engine was ready")


def test_a_sandbox_warms_the_engine_up_aside(watched, site_url):
    """Once the engine is up, a page with a game to play has it play and render positions of that
    game aside (kikoto.js, warmUp), so that V8 has optimised the engine's code before the reader's
    moves. The warm-up ends, and the reader's island shows only what the reader asked for."""
    w = watched()
    w.page.goto(site_url + f"en/{SANDBOX_GAME}/sandbox/")
    island = w.page.locator(".kikoto").first
    island.hover()
    # The hover also brings the theme's script, which wraps the static tables in its scroll boxes.
    w.page.wait_for_function(THEME_MOUNTED)
    static = island.locator(".kikoto-output").inner_html()
    wait_warm(w.page)
    assert island.get_attribute("data-answers") is None  # nothing shown that the reader did not ask for
    assert island.locator(".kikoto-output").inner_html() == static
    island.locator("button[data-move]").first.click()
    wait_answers(w.page, 0, 1)
    assert island.locator(".kikoto-play").get_attribute("data-moves") == "1"
    assert not w.errors, w.errors


def test_a_cases_page_warms_the_engine_up_with_its_own_questions(watched, site_url):
    """Without a game to play, the warm-up asks each island's own question once (a fresh engine's
    first checks are slower). The answers are dropped: every island still shows its static verdict,
    and a reader's choice afterwards answers."""
    w = watched()
    w.page.goto(site_url + f"en/{CASES_GAME}/cases/")
    islands = w.page.locator(".kikoto[data-spec]")
    static = [islands.nth(i).locator(".kikoto-output").inner_html() for i in range(islands.count())]
    islands.first.hover()
    wait_warm(w.page)
    assert [islands.nth(i).locator(".kikoto-output").inner_html() for i in range(islands.count())] == static
    assert w.page.locator(".kikoto[data-answers]").count() == 0
    case = w.page.locator(".kikoto[data-spec]:has(details.kikoto-case-readings)").first  # (the first island sets the readings)
    case.locator("details.kikoto-case-readings > summary").click()
    select = case.locator(".kikoto-case-readings select").first
    select.select_option(select.evaluate("s => [...s.options].find((o) => !o.selected).value"))
    expect(case).to_have_attribute("data-answers", "1", timeout=120_000)
    assert case.locator(".kikoto-output").inner_text().strip()
    assert not w.errors, w.errors
