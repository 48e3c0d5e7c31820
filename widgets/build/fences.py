"""A `kikoto` fence -> a pre-rendered HTML island.

At build time each fence is rendered by `widgets.render` on CPython, so the answer is in the
HTML; the browser's runtime (see `runtime`) takes over from there.
"""

from __future__ import annotations

import json
import os

from ..render import render_island
from ..render.ui import UI
from .where import Where

FOLDERS = {"example": "examples", "case": "cases"}


def render_fence(source: str, where: Where) -> str:
    spec = load_spec(source, where)
    return render_island(spec, context(spec, where))


def load_spec(source: str, where: Where) -> dict:
    """The fence's body (`case: name`, `example: name` or `readings: game`) -> the widget's spec."""
    ref = {}
    for line in source.strip().splitlines():
        key, _, value = line.partition(":")
        ref[key.strip()] = value.strip()
    if list(ref) == ["readings"]:
        return {"widget": "readings", "game": ref["readings"]}
    kinds = [k for k in ref if k in FOLDERS]
    if len(kinds) != 1:
        raise ValueError(f"a kikoto fence names one 'example:', 'case:' or 'readings:', got {source.strip()!r}")
    kind = kinds[0]
    path = os.path.join(where.docs_dir, where.game, FOLDERS[kind], ref[kind] + ".json")
    with open(path, encoding="utf-8") as f:
        spec = json.load(f)
    if kind == "case":
        spec = {"widget": "case", "case": spec, "game": spec.get("game")}
    return spec


def context(spec: dict, where: Where) -> dict:
    """What the island needs from its page: the language, links to the rules (and between the
    editor, the cases and the sandbox), the live engine's notices."""
    lang = where.lang
    rules = f"{where.prefix(lang)}{spec.get('game')}/rules/"
    rules_url = "" if where.url == rules else where.link(rules)
    ui = {key: UI.text(key, lang, detail="{detail}") for key in ("loading", "ready", "failed", "crashed", "timeout", "retry", "restored")}
    ctx = {"lang": lang, "rules_url": rules_url, "ui": ui}
    if spec.get("widget") in ("editor", "case"):
        for page in ("ask", "sandbox"):
            ctx[f"{page}_url"] = where.link(f"{where.prefix(lang)}{spec.get('game')}/{page}/")
    return ctx
