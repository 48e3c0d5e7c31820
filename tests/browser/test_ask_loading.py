"""Nothing is lost while the engine loads: on a slow phone link (Chromium's network emulation at
Lighthouse's "slow 4G"), five edits made on the Ask page before its engine is ready are each shown at
once and all five are in the position the engine answers with, in order. Meanwhile the loading is in
sight above the board, in players' words, and nothing moves under the reader's finger when the engine
arrives."""

import json

import pytest
from playwright.sync_api import expect

from engine import game_ids
from tests.browser.test_ask_taps import target_of
from tests.browser.test_editor import ask_page, editor, scenario
from tests.widgets.test_editor_parts import ask_page as ask_spec, command, render
from widgets.render.renderer import renderer

pytestmark = [pytest.mark.browser, pytest.mark.long]

# the first game with a position editor (the registry's order), so no game is named here
GAME = next(g for g in game_ids() if renderer(g).editor)
# Lighthouse's slow 4G: 150 ms round trips and 1.6 Mbit/s down (with its factors), 750 kbit/s up.
SLOW_4G = {"offline": False, "latency": 562.5, "downloadThroughput": 1.6e6 * 0.9 / 8, "uploadThroughput": 750e3 * 0.9 / 8}


def throttled(watched, **kw):
    w = watched(**kw)
    cdp = w.context.new_cdp_session(w.page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    return w


def engine_state(page):
    return page.evaluate("() => window.__kikoto.state().state")


def test_five_edits_made_while_the_engine_loads_are_all_kept(watched, site_url):
    s = scenario(GAME)
    steps = [*s["setup"][:4], ("counter", s["counter"])]  # a tool, a tap, a tool, a tap, a typed value
    w = throttled(watched, viewport={"width": 375, "height": 800}, has_touch=True)
    page = w.page
    page.goto(ask_page(site_url, GAME))
    ed = editor(page)
    status = ed.locator(".kikoto-status")
    for kind, what in steps:
        target = target_of(ed, kind, what)
        if kind == "counter":
            target.tap()
            target.fill(str(what[1]))
            target.evaluate("el => el.blur()")
            expect(target).to_have_value(str(what[1]))  # the typed value stays
        else:
            target.tap()
        if kind == "tool":
            expect(target).to_have_attribute("aria-pressed", "true")  # the tool picked shows pressed
        expect(target).to_have_attribute("data-pending", "")  # kept, and shown as waiting
        # the loading is in sight above the board, in players' words
        expect(ed.locator(".kikoto-ed-modes .kikoto-status")).to_be_visible()
        assert status.bounding_box()["y"] >= 0 and status.bounding_box()["y"] < 800
    text = status.inner_text()
    board = ed.locator("[data-tap]").first
    top = "e => e.getBoundingClientRect().top + scrollY"  # on the page (an answer may scroll it into view)
    where = board.evaluate(top)
    assert engine_state(page) == "loading", "the engine was ready before the fifth edit: no test of the wait"
    assert "Pyodide" not in text and "rules engine" in text
    # the engine arrives: the five edits, in order, are what it answers with
    expect(ed).to_have_attribute("data-answers", "1", timeout=180_000)
    expect(ed.locator("[data-pending]")).to_have_count(0)
    answer, update = render(ask_spec(GAME))
    cmds = []
    for kind, what in steps:
        if kind == "counter":
            cmds.append({"op": "set", "path": what[0], "value": int(what[1])})
        else:
            cmds.append(command(answer, kind, what))
    _, expected = render({**ask_spec(GAME), "cmds": cmds})
    shown = json.loads(ed.locator(".kikoto-ed").get_attribute("data-update"))
    assert shown["draft"] == expected["draft"] and shown["tool"] == expected["tool"]
    # nothing under the reader's finger moved as the engine arrived: the status line keeps its place
    # and its height, now saying the engine is live
    expect(ed.locator(".kikoto-ed-modes .kikoto-status")).to_contain_text("Live:")
    assert abs(board.evaluate(top) - where) < 0.5  # (a layout's rounding moves nothing the eye can see)
    assert not w.errors and not w.foreign()


def test_a_tap_made_before_the_page_script_runs_is_kept(watched, site_url):
    """A slow phone shows the page before its scripts come: a tap on the board then is carried out
    once kikoto.js runs (overrides/main.html keeps it), not lost."""
    s = scenario(GAME)
    w = watched(viewport={"width": 375, "height": 800}, has_touch=True)
    page = w.page
    held = []
    page.route("**/kikoto.js", lambda route: held.append(route))  # the page script waits for the taps
    page.goto(ask_page(site_url, GAME), wait_until="commit")
    ed = editor(page)
    (tool, field) = s["setup"][:2]
    target_of(ed, *tool).tap()
    target_of(ed, *field).tap()
    assert ed.get_attribute("data-wired") is None, "the page script ran before the taps"
    held[0].continue_()
    expect(ed).to_have_attribute("data-answers", "1", timeout=120_000)
    answer, _ = render(ask_spec(GAME))
    _, expected = render({**ask_spec(GAME), "cmds": [command(answer, *tool), command(answer, *field)]})
    shown = json.loads(ed.locator(".kikoto-ed").get_attribute("data-update"))
    assert shown["draft"] == expected["draft"]
    assert not w.errors and not w.foreign()
