"""Pictures for the Vor dem Wind rules page: the three action decks and the kinds of card in each
(VW-2.1), counted from the card data the engine plays with (engine/vor_dem_wind/components.py), in the
board's deck and card colours, with the same facts in words beside it.

Widget kind `vw-figure` (an example file with "widget": "vw-figure" and "figure": "decks"; no input).
"""

from __future__ import annotations

from collections import Counter

from engine.core import need
from engine.vor_dem_wind.components import CARDS, DECKS
from engine.vor_dem_wind.components import name as word

from .html import esc
from .ui import UI
from .vor_dem_wind import DECK_FILL, DECK_STROKE

W = 330
ROW = 22  # one kind of card a line, in type large enough to read on a phone without zooming


def kinds(deck: str) -> list[tuple[str, int]]:
    """(kind, how many cards) of one deck, the most common kind first."""
    counts = Counter(c["kind"] for c in CARDS.values() if c["deck"] == deck)
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def decks_figure(lang: str) -> tuple[str, str]:
    parts, items, y = [], [], 4
    for deck in DECKS:
        rows = kinds(deck)
        total = sum(n for _, n in rows)
        head = UI.plural("fig-vw-deck", total, lang, deck=word(deck, lang))
        head = head[:1].upper() + head[1:]  # the deck's name starts the heading
        body_h = 30 + ROW * len(rows)
        parts.append(f'<g role="img"><title>{esc(head)}</title>'
                     f'<rect x="2" y="{y}" width="{W - 4}" height="{body_h}" rx="6" fill="{DECK_FILL[deck]}" '
                     f'stroke="{DECK_STROKE[deck]}" stroke-width="1.5"/>'
                     f'<rect x="2" y="{y}" width="{W - 4}" height="24" rx="6" fill="{DECK_STROKE[deck]}"/>'
                     f'<text x="10" y="{y + 17}" font-size="13" font-weight="700" fill="#ffffff">{esc(head)}</text></g>')
        lines = []
        for k, (kind, n) in enumerate(rows):
            line = UI.text("fig-vw-kind", lang, n=n, kind=word(kind, lang))
            lines.append(line)
            ry = y + 30 + ROW * k
            # the row behind the words, tinted as far as the kind's share of the deck: a bar chart
            parts.append(f'<g role="img"><title>{esc(line)}</title>'
                         f'<rect x="10" y="{ry}" width="{W - 20}" height="{ROW - 4}" rx="2" fill="#ffffff"/>'
                         f'<rect x="10" y="{ry}" width="{(W - 20) * n / total:.1f}" height="{ROW - 4}" rx="2" '
                         f'fill="{DECK_STROKE[deck]}" fill-opacity=".22"/>'
                         f'<text x="15" y="{ry + 13.5}" font-size="13" fill="#212121">{esc(line)}</text></g>')
        items.append(f"<li>{esc(head)}: {esc('; '.join(lines))}</li>")
        y += body_h + 8
    label = UI.text("fig-vw-decks-title", lang)
    svg = (f'<svg class="kikoto-vw-figure" viewBox="0 0 {W} {y}" role="group" aria-label="{esc(label)}" '
           f'xmlns="http://www.w3.org/2000/svg" style="width:100%;max-width:24rem;font-family:sans-serif">'
           f'{"".join(parts)}</svg>')
    return svg, f"<p>{esc(UI.text('fig-vw-decks-words', lang))}</p><ul>{''.join(items)}</ul>"


def figure(spec: dict, lang: str) -> tuple[str, str]:
    need(spec, "figure", "string", allowed=("decks",))
    return decks_figure(lang)


def form(spec: dict, ctx: dict) -> str:
    return ""


def output(spec: dict, ctx: dict) -> str:
    lang = ctx["lang"]
    picture, words = figure(spec, lang)
    caption = spec.get("caption") if isinstance(spec.get("caption"), str) else ""
    # a plain block, not the theme's <figure> (which shrinks to fit), as the site's other boards
    return (f'<div class="kikoto-figure">{picture}</div>'
            + (f'<p class="kikoto-caption">{esc(caption)}</p>' if caption else "")
            + f'<details class="info kikoto-figure-words" open><summary>{esc(UI.text("fig-in-words", lang))}</summary>'
            f'{words}</details>')
