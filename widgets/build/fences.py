"""A `kikoto` fence -> a pre-rendered HTML island.

At build time each fence is rendered by `widgets.render` on CPython, so the answer is in the
HTML; the browser's runtime (see `runtime`) takes over from there.
"""

from __future__ import annotations

import json
import os

from mkdocs.config.config_options import ExtraScriptValue

from ..render import render_island
from ..render.ui import UI
from . import notices
from .where import Where

FOLDERS = {"example": "examples", "case": "cases"}


def render_fence(source: str, where: Where) -> str:
    """The island in the page's language. In a language still being translated (not the source,
    not marked complete), a widget that cannot be shown in it (a text its catalogs or the case
    file lack) is shown in the next language of the fallback chain, with a notice: never an
    error box for a reader of a new language. The source's and complete languages' errors stay errors."""
    spec = load_spec(source, where)
    ctx = context(spec, where, source)
    try:
        html, problem = render_island(spec, ctx), None
    except Exception as err:  # noqa: BLE001  (the fallback below, or the plugin's error box)
        html, problem = None, err
    if ctx["lang"] in where.settled or (html is not None and "kikoto-error" not in html):
        if problem is not None:
            raise problem
        # in another language than the source's, the island says its language: it may stand in a
        # text shown from the chain (a rule not translated yet), while it speaks the reader's
        return html if where.lang == where.default_lang else notices.island_lang(html, ctx["lang"])
    for lang in [l for l in where.chain if l != ctx["lang"]]:
        try:
            other = render_island(spec, {**ctx, "lang": lang})
        except Exception:  # noqa: BLE001
            continue
        if "kikoto-error" not in other:
            FALLBACKS.append((where.src_path, where.lang, lang))
            note = UI.text("tr-widget-fallback", where.ui, lang_name=_name(lang, where.ui))
            return f'<p class="kikoto-tr-fallback"{notices.lang_attr(note, where)}>{note}</p>\n{notices.island_lang(other, lang)}'
    if problem is not None:
        raise problem
    return html


FALLBACKS: list = []  # (page, language, shown in): counted by the pseudo-locale test


def _name(lang: str, reader: str) -> str:
    from .notices import lang_name

    return lang_name(lang, reader)


def fence_ref(source: str) -> dict:
    """The fence's body (`case: name`, `example: name` or `readings: game`) as a dict."""
    ref = {}
    for line in source.strip().splitlines():
        key, _, value = line.partition(":")
        ref[key.strip()] = value.strip()
    return ref


def load_spec(source: str, where: Where) -> dict:
    """The fence's body (`case: name`, `example: name` or `readings: game`) -> the widget's spec."""
    ref = fence_ref(source)
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


def context(spec: dict, where: Where, source: str = "") -> dict:
    """What the island needs from its page: the language, links to the rules (and between the
    editor, the cases and the sandbox, and a case's file), the live engine's notices."""
    lang = where.ui
    rules = f"{where.prefix(where.lang)}{spec.get('game')}/rules/"
    rules_url = "" if where.url == rules else where.link(rules)
    ui = {
        key: UI.text(key, lang, detail="{detail}")
        for key in ("loading", "ready", "failed", "crashed", "timeout", "retry", "unsupported", "internal")
    }
    ctx = {"lang": lang, "rules_url": rules_url, "ui": ui}
    if spec.get("widget") in ("editor", "case", "lesson"):
        for page in ("ask", "sandbox"):
            ctx[f"{page}_url"] = where.link(f"{where.prefix(where.lang)}{spec.get('game')}/{page}/")
    if spec.get("widget") == "case":
        # the build serves docs/<game>/cases/<name>.json once, beside the default language's page
        ctx["file_url"] = where.file_link(f"{where.game}/{FOLDERS['case']}/{fence_ref(source)['case']}.json")
    return ctx


def wire(config, fence, asset_dir: str) -> None:
    """The `kikoto` fence through superfences, and the runtime's style and module script on every page
    (once: static-i18n calls on_config again for each language)."""
    if "pymdownx.superfences" not in config.markdown_extensions:
        config.markdown_extensions.append("pymdownx.superfences")
    custom = config.mdx_configs.setdefault("pymdownx.superfences", {}).setdefault("custom_fences", [])
    if not any(f.get("name") == "kikoto" for f in custom):
        custom.append({"name": "kikoto", "class": "kikoto", "format": fence})
    if f"{asset_dir}/kikoto.css" not in config.extra_css:
        config.extra_css.append(f"{asset_dir}/kikoto.css")
    if not any(str(s) == f"{asset_dir}/kikoto.js" for s in config.extra_javascript):
        script = ExtraScriptValue(f"{asset_dir}/kikoto.js")
        script.type = "module"
        config.extra_javascript.append(script)
