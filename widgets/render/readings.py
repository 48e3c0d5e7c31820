"""The readings of a cases page, set once at its top: every case below follows them, unless the
case fixes a reading of its own (its "options"). The page's script carries a change down to the
cases' own choices, and each case asks the engine again.

`variants` is the sandbox's one "Rules variants" control: the game's variants and readings, folded."""

from __future__ import annotations

import json

from engine import load_game
from engine.core import need

from .html import esc
from .ui import UI


def choice_title(game, opt, choice, lang: str) -> str:
    titled = game.choice_title(opt.name, choice, lang)
    if titled:
        return titled
    if isinstance(choice, bool):
        return UI.text("on" if choice else "off", lang)
    return str(choice)


def option_select(game, opt, current, lang: str, attrs: str = "") -> str:
    """One option's choices as a labelled <select> (the page's readings, a case's, the sandbox's variants)."""
    choices = "".join(
        f'<option value="{esc(json.dumps(c))}"{" selected" if c == current else ""}>{esc(choice_title(game, opt, c, lang))}</option>'
        for c in opt.choices
    )
    return (
        f'<label class="kikoto-option">{esc(game.option_title(opt.name, lang))} '
        f'<select name="options.{esc(opt.name)}" data-type="json"{attrs}>{choices}</select></label>'
    )


def form(spec: dict, ctx: dict) -> str:
    lang = ctx["lang"]
    game = load_game(need(spec, "game", "string"))
    parts = [f"<fieldset><legend>{esc(UI.text('page-readings', lang))}</legend>"]
    for opt in game.options.values():
        if opt.kind != "reading":
            continue
        parts.append(option_select(game, opt, opt.default, lang, " data-page-reading"))
    parts.append("</fieldset>")
    return "".join(parts)


def output(spec: dict, ctx: dict) -> str:
    return f'<p class="kikoto-readings-note">{esc(UI.text("page-readings-note", ctx["lang"]))}</p>'


def variants(game, chosen: dict, lang: str) -> str:
    """The game's variants and readings as choices, folded under one "Rules variants" control that
    says whether any differs from the defaults (a sandbox opens on them, folded)."""
    parts, changed = [], False
    for opt in game.options.values():
        current = chosen.get(opt.name, opt.default)
        changed = changed or current != opt.default
        parts.append(option_select(game, opt, current, lang))
    summary = UI.text("variants", lang) + (f" ({UI.text('variants-changed', lang)})" if changed else "")
    return (
        f'<details class="kikoto-variants"{" open" if changed else ""}><summary>{esc(summary)}</summary>'
        f"<fieldset>{''.join(parts)}</fieldset></details>"
    )
