"""Tiny HTML helpers. Everything that reaches the page goes through `esc`, so text
from case files or from the reader's editor is always shown as text."""

from __future__ import annotations

import html
import json

from engine.core import rule_anchor

from .ui import UI


def esc(value) -> str:
    return html.escape(str(value), quote=True)


def attrs(**kw) -> str:
    parts = []
    for key, value in kw.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(name if value is True else f'{name}="{esc(value)}"')
    return (" " + " ".join(parts)) if parts else ""


# One encoder for every data attribute: json.dumps with options builds a new encoder per call, and an
# editor's answer has a couple of hundred of them.
COMPACT = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def data_json(value) -> str:
    return esc(COMPACT.encode(value))


def rule_link(rule_id: str, ctx: dict) -> str:
    """A rule id as a link to its paragraph on the game's rules page, in the reader's language."""
    href = f"{ctx.get('rules_url', '')}#{rule_anchor(rule_id)}"
    return f'<a class="kikoto-rule" href="{esc(href)}">{esc(rule_id)}</a>'


def rule_links(rule_ids, ctx: dict) -> str:
    return " ".join(rule_link(r, ctx) for r in rule_ids)


TAP_PX = 44  # the least size of a field to tap, in px: a finger's width


def pan_box(board: str, label: str, viewbox_width: float, smallest_font: float, field: float | None = None) -> str:
    """A board in a box of its own that scrolls sideways on a phone, so its smallest label is never
    drawn under 11 px: the board is at least as wide as that takes, and the page itself never
    scrolls sideways. A board to tap gives its fields' size (`field`, in its units): it is drawn
    wide enough for each to be TAP_PX. The box takes the keyboard's focus, so it can be scrolled
    without a pointer."""
    least = max(-(-viewbox_width * 11 // smallest_font), -(-viewbox_width * TAP_PX // field) if field else 0)  # ceil
    return (
        f'<div class="kikoto-pan" tabindex="0" role="group" aria-label="{esc(label)}" '
        f'style="--kikoto-min:{least:.0f}px">{board}</div>'
    )


def scroll_region(label: str) -> str:
    """The attributes of a box that may scroll sideways on a phone (a wide player table): it takes the
    keyboard's focus, so it can be scrolled without a pointer, and is named for a screen reader."""
    return f' tabindex="0" role="region" aria-label="{esc(label)}"'


def figure_widget(figure):
    """The `form` and `output` of a game's picture widget (its figures.py) from its `figure(spec, lang)`,
    which draws the picture and says it in words: the picture, its caption, and the words for a screen
    reader or a reader who wants it spelled out. A plain block, not the theme's <figure> (which shrinks
    to fit), as the site's other boards."""

    def form(spec: dict, ctx: dict) -> str:
        return ""

    def output(spec: dict, ctx: dict) -> str:
        picture, words = figure(spec, ctx["lang"])
        caption = spec.get("caption") if isinstance(spec.get("caption"), str) else ""
        return (
            f'<div class="kikoto-figure">{picture}</div>'
            + (f'<p class="kikoto-caption">{esc(caption)}</p>' if caption else "")
            + f'<details class="info kikoto-figure-words"><summary>{esc(UI.text("fig-in-words", ctx["lang"]))}</summary>'
            f"{words}</details>"
        )

    return form, output
