"""Every island of the built site carries a spec and a context the protocol knows
(widgets/protocol/), so what the page sends the worker is written down: an island with a key the
schema lacks fails here, in both languages."""

import html
import json
import os
import re

from tests.widgets.test_protocol import errors

ISLAND = re.compile(
    r'<div(?: lang="[^"]*")? class="kikoto" data-spec="([^"]*)" data-ctx="([^"]*)"'
)  # (lang: a translated page's)


def test_every_island_on_the_site_speaks_the_protocol(built_site):
    assert built_site["returncode"] == 0, built_site["log"][-3000:]
    islands, widgets, langs = 0, set(), set()
    for folder, _, names in os.walk(built_site["dir"]):
        for name in (n for n in names if n.endswith(".html")):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                page = f.read()
            for spec_text, ctx_text in ISLAND.findall(page):
                spec, ctx = json.loads(html.unescape(spec_text)), json.loads(html.unescape(ctx_text))
                where = os.path.relpath(os.path.join(folder, name), built_site["dir"])
                assert errors("spec", spec) == [], (where, spec.get("id"))
                assert errors("request", {"op": "render", "spec": spec, "ctx": ctx}) == [], (where, ctx)
                islands += 1
                widgets.add(spec["widget"])
                langs.add(ctx["lang"])
    assert islands > 100 and {"steps", "play", "case", "editor", "readings"} <= widgets and {"hu", "en"} <= langs


# Every message between a page and its engine's worker, as the browser passes them (Worker wrapped
# before the page's script runs; the theme's search worker is left out): what the JS modules really
# send and what the worker answers.
RECORD = """window.__protocol = { sent: [], got: [] };
const RealWorker = window.Worker;
window.Worker = class extends RealWorker {
  constructor(url, ...rest) {
    super(url, ...rest);
    this.engine = new URL(String(url), location.href).pathname.endsWith("/assets/kikoto/worker.mjs");
    if (this.engine) this.addEventListener("message", (event) => window.__protocol.got.push(event.data));
  }
  postMessage(data, ...rest) {
    if (this.engine) window.__protocol.sent.push(data);
    return super.postMessage(data, ...rest);
  }
};"""


def test_the_page_and_its_worker_speak_the_protocol(watched, site_url):
    from playwright.sync_api import expect

    from tests.browser.support import live_scenario
    from tests.browser.test_editor import GAMES, ask_page, editor

    live = live_scenario()
    w = watched()
    w.page.add_init_script(RECORD)
    recorded = []
    # a live widget: the reader changes its input and the engine answers
    w.page.goto(site_url + live.url("en/"))
    w.page.locator(live.ISLAND).locator(f"input[name='{live.FIELD}']").fill("5")
    expect(w.page.locator(live.ISLAND)).to_have_attribute("data-answers", "1", timeout=120_000)
    recorded.append(w.page.evaluate("window.__protocol"))
    # the Ask page: the engine starts as it opens, warms up on the editor, and answers a tap
    w.page.goto(ask_page(site_url, GAMES[0], "hu"))
    expect(editor(w.page)).to_have_attribute("data-live", "ready", timeout=120_000)
    editor(w.page).locator("[data-tap]").first.click()
    expect(editor(w.page)).to_have_attribute("data-answers", "1", timeout=60_000)
    # the warm-up goes on aside once the reader has been quiet a moment
    w.page.wait_for_function("window.__protocol.got.some((m) => 'warmed' in m)", timeout=60_000)
    recorded.append(w.page.evaluate("window.__protocol"))
    assert not w.errors, w.errors

    ops, kinds = set(), set()
    for page in recorded:
        assert page["sent"] and page["got"]
        for message in page["sent"]:
            assert errors("request", message, part="envelope") == [], str(message)[:300]
            request = json.loads(message["request"])
            assert errors("request", request) == [], request.get("op")
            ops.add(request["op"])
        for message in page["got"]:
            assert errors("answer", message, part="message") == [], {k: str(v)[:80] for k, v in message.items()}
            kinds.add(message.get("type") or ("html" if "html" in message else "warmed" if "warmed" in message else "other"))
    assert {"render", "warm"} <= ops and {"progress", "ready", "html", "warmed"} <= kinds, (ops, kinds)


def test_the_site_serves_the_page_script_as_one_file(built_site):
    """The modules are bundled into kikoto.js (widgets/build/runtime.py): a page fetches one script,
    not a round trip per level of imports; the worker's own import (protocol.mjs) is beside it."""
    folder = os.path.join(built_site["dir"], "assets", "kikoto")
    with open(os.path.join(folder, "kikoto.js"), encoding="utf-8") as f:
        script = f.read()
    assert not re.search(r"""^\s*import\b|\bimport\s*\(\s*["']\./""", script, re.M)
    for name in ("renderRequest", "wireEditor", "encodeShare", "sameControl", "__kikotoEarly"):
        assert name in script, name
    assert os.path.exists(os.path.join(folder, "protocol.mjs"))
