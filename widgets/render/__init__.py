"""Renderers: a widget spec (an example file's JSON) plus a context -> HTML.

`ctx` holds "lang" and "rules_url" (the relative URL of the game's rules page).
`render_output` is what the worker recomputes live; `render_island` wraps it with
the input form for the page.

This folder is the shared core; each game's widgets are a package of their own,
widgets/render/<package>/, with the same file names for the same jobs (renderer.FILES).
"""

from __future__ import annotations

import importlib

from engine.core import InputError
from engine.core.content import localized_spec

from .html import attrs, data_json, esc, lang_spans
from .ui import UI

# Widget kind -> module with form(spec, ctx) and output(spec, ctx); imported on first use. A game
# adds its own kinds in its renderer (`Renderer.widgets`), found through the spec's "game".
KINDS = {
    "steps": "widgets.render.play",
    "legal": "widgets.render.play",
    "play": "widgets.render.play",
    "case": "widgets.render.case",
    "editor": "widgets.render.editor",
    "readings": "widgets.render.readings",
    "lesson": "widgets.render.lesson",
}


def _kind(spec):
    from engine.core import expect

    expect(spec, "object", "spec")
    name = spec.get("widget")
    kinds = {**KINDS, **game_widgets(spec.get("game"))}
    if not isinstance(name, str) or name not in kinds:  # a list here is unhashable
        raise InputError("field-value", "widget", value=repr(name), allowed=", ".join(sorted(kinds)))
    return importlib.import_module(kinds[name])


def game_widgets(game_id) -> dict:
    """The widget kinds the spec's game adds (none for a spec without a known game)."""
    from engine import game_ids

    from .renderer import renderer

    return dict(renderer(game_id).widgets) if isinstance(game_id, str) and game_id in game_ids() else {}


def render_output(spec: dict, ctx: dict) -> str:
    """The answer part of a widget. Bad input becomes an error box naming the field. The spec's
    texts (a case's question, an example's captions) are read in the reader's language."""
    try:
        # each text the reader's language lacks is marked with the language it is shown in
        return lang_spans(_kind(spec).output(localized_spec(spec, ctx["lang"]), ctx), ctx["lang"])
    except InputError as err:
        return error_box(err, ctx)


def error_box(err: InputError, ctx: dict) -> str:
    lang = ctx["lang"]
    return (
        f'<div class="admonition failure kikoto-error" role="alert"{attrs(data_field=err.field)}>'
        f'<p class="admonition-title">{esc(UI.text("error", lang))}</p>'
        f"<p>{esc(err.message[lang])}</p></div>"
    )


def render_island(spec: dict, ctx: dict) -> str:
    module = _kind(spec)
    spec = localized_spec(spec, ctx["lang"])  # the page carries the reader's language
    title = spec.get("title") if isinstance(spec.get("title"), str) else None
    head = f'<p class="kikoto-title">{esc(title)}</p>' if title else ""
    editor = spec.get("widget") == "editor"
    live = "" if editor else ' aria-live="polite"'
    end = ' id="kikoto-ed-end"' if editor else ""
    return (
        f'<div class="kikoto" data-spec="{data_json(spec)}" '
        f'data-ctx="{data_json(ctx)}">{head}'
        # Inputs, boards and logs are not prose: the theme's search leaves them out of its index.
        # (Its parser ends an exclusion at the first closing tag of the same name, so the
        # output gets a tag of its own, one that never occurs inside it.)
        f'<form class="kikoto-input" data-search-exclude>{module.form(spec, ctx)}</form>'
        # (The editor says only its verdict, in a live region of its own: widgets/render/editor.py, panel.)
        f'<kikoto-output class="kikoto-output"{live} data-search-exclude>'
        f"{render_output(spec, ctx)}</kikoto-output>"
        f'<p class="kikoto-status" role="status"></p>'
        # the Ask page paints once its editor is parsed (overrides/main.html), this paragraph its last part
        f'<p class="kikoto-nojs"{end}>{esc(UI.text("needs-js", ctx["lang"]))}</p></div>'
    )
