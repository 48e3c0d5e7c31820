"""Pictures for the Vor dem Wind rules page, each with the same facts in words beside it:
- "decks": the three action decks and the kinds of card in each (VW-2.1), counted from the card data
  the engine plays with (engine/vor_dem_wind/components.py), in the board's deck colours;
- "round": the phases of a round and where each leads (VW-4.0), under the phases' own names; the
  steps drawn (ROUND) are the engine's: tests/vor_dem_wind/test_vw_figures.py plays games and finds
  exactly these phase changes.

Widget kind `vw-figure` (an example file with "widget": "vw-figure" and "figure": "decks" or "round";
no input).
"""

from __future__ import annotations

from collections import Counter

from engine.core import need
from engine.core.messages import N_
from engine.vor_dem_wind.components import CARDS, DECKS, name as word

from ..html import esc, figure_widget
from ..ui import UI
from .cards import DECK_FILL, DECK_STROKE, phase_words

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
        parts.append(
            f'<g role="img"><title>{esc(head)}</title>'
            f'<rect x="2" y="{y}" width="{W - 4}" height="{body_h}" rx="6" fill="{DECK_FILL[deck]}" '
            f'stroke="{DECK_STROKE[deck]}" stroke-width="1.5"/>'
            f'<rect x="2" y="{y}" width="{W - 4}" height="24" rx="6" fill="{DECK_STROKE[deck]}"/>'
            f'<text x="10" y="{y + 17}" font-size="13" font-weight="700" fill="#ffffff">{esc(head)}</text></g>'
        )
        lines = []
        for k, (kind, n) in enumerate(rows):
            line = UI.text("fig-vw-kind", lang, n=n, kind=word(kind, lang))
            lines.append(line)
            ry = y + 30 + ROW * k
            # the row behind the words, tinted as far as the kind's share of the deck: a bar chart
            parts.append(
                f'<g role="img"><title>{esc(line)}</title>'
                f'<rect x="10" y="{ry}" width="{W - 20}" height="{ROW - 4}" rx="2" fill="#ffffff"/>'
                f'<rect x="10" y="{ry}" width="{(W - 20) * n / total:.1f}" height="{ROW - 4}" rx="2" '
                f'fill="{DECK_STROKE[deck]}" fill-opacity=".22"/>'
                f'<text x="15" y="{ry + 13.5}" font-size="13" fill="#212121">{esc(line)}</text></g>'
            )
        items.append(f"<li>{esc(head)}: {esc('; '.join(lines))}</li>")
        y += body_h + 8
    label = UI.text("fig-vw-decks-title", lang)
    svg = (
        f'<svg class="kikoto-vw-figure" viewBox="0 0 {W} {y}" role="group" aria-label="{esc(label)}" '
        f'xmlns="http://www.w3.org/2000/svg" style="width:100%;max-width:24rem;font-family:sans-serif">'
        f"{''.join(parts)}</svg>"
    )
    return svg, f"<p>{esc(UI.text('fig-vw-decks-words', lang))}</p><ul>{''.join(items)}</ul>"


# The phase changes of a game, under the default options: (from, to, why). A round is turn up, trade,
# carry out; then either the next round, or the stage's end (the fleet sails, goods spoil) first, or
# the game's end.
ROUND = (
    ("reveal", "trade", N_("fig-vw-round-reveal-trade")),
    ("trade", "execute", N_("fig-vw-round-trade-execute")),
    ("execute", "reveal", N_("fig-vw-round-execute-reveal")),
    ("execute", "spoil", N_("fig-vw-round-execute-spoil")),
    ("spoil", "reveal", N_("fig-vw-round-spoil-reveal")),
    ("execute", "over", N_("fig-vw-round-execute-over")),
)
# where each phase's box stands (its centre) in a drawing 330 wide
BOX = {"reveal": (165, 27), "trade": (165, 95), "execute": (165, 163), "over": (85, 245), "spoil": (245, 245)}
BOX_W, BOX_H = 136, 34
INK = "#37474f"


def _phase(phase: str, lang: str) -> str:
    text = phase_words(phase, lang)
    return text[:1].upper() + text[1:]


def _arrow(points: list[tuple[float, float]], label: str = "", at: tuple[float, float, str] | None = None) -> str:
    """A line through the points with an arrowhead at the last one, and a short label beside it."""
    (x1, y1), (x2, y2) = points[-2], points[-1]
    dx, dy = x2 - x1, y2 - y1
    size = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / size, dy / size
    head = (
        f"{x2:.1f},{y2:.1f} {x2 - 9 * ux - 5 * uy:.1f},{y2 - 9 * uy + 5 * ux:.1f} "
        f"{x2 - 9 * ux + 5 * uy:.1f},{y2 - 9 * uy - 5 * ux:.1f}"
    )
    out = (
        f'<polyline points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in points)}" fill="none" stroke="{INK}" '
        f'stroke-width="2"/><polygon points="{head}" fill="{INK}"/>'
    )
    if label and at:
        out += f'<text x="{at[0]}" y="{at[1]}" font-size="12" fill="{INK}" text-anchor="{at[2]}">{esc(label)}</text>'
    return out


def round_figure(lang: str) -> tuple[str, str]:
    parts = []
    for phase, (x, y) in BOX.items():
        fill = "#ffebee" if phase == "over" else "#e1f5fe" if phase == "spoil" else "#fff3e0"
        parts.append(
            f'<g role="img"><title>{esc(_phase(phase, lang))}</title>'
            f'<rect x="{x - BOX_W / 2}" y="{y - BOX_H / 2}" width="{BOX_W}" height="{BOX_H}" rx="8" '
            f'fill="{fill}" stroke="{INK}" stroke-width="1.5"/>'
            f'<text x="{x}" y="{y + 5}" font-size="14" font-weight="700" fill="#212121" '
            f'text-anchor="middle">{esc(_phase(phase, lang))}</text></g>'
        )
    top, bottom, left, right = BOX_H / 2, BOX_H / 2, BOX_W / 2, BOX_W / 2
    rx, ry = BOX["reveal"]
    ex, ey = BOX["execute"]
    lines = {
        ("reveal", "trade"): _arrow([(rx, ry + bottom), (rx, BOX["trade"][1] - top)]),
        ("trade", "execute"): _arrow([(rx, BOX["trade"][1] + bottom), (ex, ey - top)]),
        ("execute", "reveal"): _arrow(
            [(ex - left, ey), (14, ey), (14, ry), (rx - left, ry)],
            UI.text("fig-vw-round-next", lang),
            (18, (ry + ey) / 2 + 4, "start"),
        ),
        ("execute", "spoil"): _arrow(
            [(ex + 25, ey + bottom), (BOX["spoil"][0], BOX["spoil"][1] - top)],
            UI.text("fig-vw-round-stage-end", lang),
            (BOX["spoil"][0] + 4, ey + 44, "start"),
        ),
        ("spoil", "reveal"): _arrow(
            [(BOX["spoil"][0] + left, BOX["spoil"][1]), (324, BOX["spoil"][1]), (324, ry), (rx + right, ry)],
            UI.text("fig-vw-round-new-stage", lang),
            (320, (ry + ey) / 2 + 4, "end"),
        ),
        ("execute", "over"): _arrow([(ex - 25, ey + bottom), (BOX["over"][0], BOX["over"][1] - top)]),
    }
    parts += [lines[(a, b)] for a, b, _ in ROUND]
    items = "".join(f"<li>{esc(_phase(a, lang))} → {esc(_phase(b, lang))}: {esc(UI.text(why, lang))}</li>" for a, b, why in ROUND)
    label = UI.text("fig-vw-round-title", lang)
    svg = (
        f'<svg class="kikoto-vw-figure" viewBox="0 0 330 {BOX["over"][1] + BOX_H / 2 + 4}" role="group" '
        f'aria-label="{esc(label)}" xmlns="http://www.w3.org/2000/svg" '
        f'style="width:100%;max-width:24rem;font-family:sans-serif">{"".join(parts)}</svg>'
    )
    return svg, f"<p>{esc(UI.text('fig-vw-round-words', lang))}</p><ul>{items}</ul>"


def figure(spec: dict, lang: str) -> tuple[str, str]:
    kind = need(spec, "figure", "string", allowed=("decks", "round"))
    return decks_figure(lang) if kind == "decks" else round_figure(lang)


form, output = figure_widget(figure)
