"""Every island of the built site carries a spec and a context the protocol knows
(widgets/protocol/), so what the page sends the worker is written down: an island with a key the
schema lacks fails here, in both languages."""

import html
import json
import os
import re

from tests.widgets.test_protocol import errors

ISLAND = re.compile(r'<div class="kikoto" data-spec="([^"]*)" data-ctx="([^"]*)"')


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
