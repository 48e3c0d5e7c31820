"""Vor dem Wind's drawing parts, shared by the board (board.py), the players' panel and hand
(panel.py), the editor's table (table.py) and the rules page's pictures (figures.py): the colours,
a card, a ship, goods, and their words."""

from __future__ import annotations

from engine.vor_dem_wind.components import CARDS, GOODS, SHIPS, card_name, good_mark, goods_text, name as word
from engine.vor_dem_wind.messages import CATALOG as VW
from engine.vor_dem_wind.position import PHASE

from ..html import esc
from ..ui import UI

PLAYER_COLOURS = ("#e53935", "#1e88e5", "#43a047", "#fdd835")
GOODS_FILL = {"apple": "#aed581", "spice": "#ffb74d", "cheese": "#fff176", "silk": "#ce93d8"}
DECK_FILL = {"buy": "#fff3e0", "warehouse": "#e8eaf6", "ship": "#e1f5fe"}
DECK_STROKE = {"buy": "#e65100", "warehouse": "#283593", "ship": "#01579b"}
SHIP_FILL = {"large": "#cfd8dc", "small": "#e0f2f1"}
W = 330
COLS = 3  # cards per row: the board stays readable on a phone
STEP = 109
MAX_WIDTH = "24rem"  # wider than the theme's default board: the drawing is dense
FONT = "font-family:sans-serif"


def phase_words(phase, lang: str) -> str:
    """A phase by its name (the engine's phases, position.PHASES), or "?" for none."""
    return VW.text(PHASE[phase].title, lang) if isinstance(phase, str) and phase in PHASE else "?"


def _n(v) -> str:
    return f"{round(v, 1):g}"


def _text(x, y, s, size=9, weight=400, anchor="start", fill="#212121"):
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" font-weight="{weight}" text-anchor="{anchor}" '
        f'fill="{fill}" style="{FONT}">{esc(s)}</text>'
    )


def _good(x, y, g, lang, size=14):
    return (
        f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="2" fill="{GOODS_FILL[g]}" '
        f'stroke="#424242" stroke-width=".6"/>'
        + _text(x + size / 2, y + size * 0.7, good_mark(g, lang), size * 0.5, 700, "middle")
    )


def _goods_list(counts: dict) -> list:
    return [g for g in GOODS for _ in range(counts.get(g, 0))]


def goods_words(counts: dict, lang: str) -> str:
    """ "2 × apple, 1 × spice" (the engine's goods words), or the word for none."""
    if not any(counts.get(g) for g in GOODS):
        return UI.text("vw-none", lang)
    return goods_text({g: counts.get(g, 0) for g in GOODS}, lang)


def card_lines(cid: str, lang: str) -> tuple[str, str]:
    """A card's kind, and its numbers (goods, count and price, income)."""
    c = CARDS[cid]
    kind = c["kind"]
    first = word(kind, lang)
    if kind == "buy":
        second = " ".join(f"{c['goods'][g]}{good_mark(g, lang)}" for g in GOODS if c["goods"][g])
    elif kind in ("store", "buy-store"):
        second = f"{c['count']} / {c['cost']} G"
    elif kind == "load-income":
        second = f"{c['income']} G"
    elif kind in ("free-buy", "keep-fresh"):
        second = str(c["count"])
    else:
        second = ""
    return first, second


def _card(x, y, cid, lang, w=100, h=34, lit=False, down=False, note=""):
    c = CARDS[cid]
    first, second = card_lines(cid, lang)
    title = f"{cid}: {card_name(cid, lang)}" + (f" · {note}" if note else "")
    stroke = "#1b5e20" if lit else DECK_STROKE[c["deck"]]
    dash = ' stroke-dasharray="4 2"' if down else ""
    out = [
        f'<g role="img" class="kikoto-field{" is-target" if lit else ""}" data-field="{esc(cid)}"><title>{esc(title)}</title>'
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="{DECK_FILL[c["deck"]]}" stroke="{stroke}" '
        f'stroke-width="{3 if lit else 1.2}"{dash}/>',
        _text(x + 4, y + 12, first if len(first) <= 22 else first[:21] + "…", 8, 700),
        _text(x + 4, y + 25, second, 9),
    ]
    # the card's id, or (in front of a player) whether it lies face up, face down or is being bid for
    out.append(_text(x + w - 3, y + 25, note or cid, 7, 700 if note else 400, "end", "#5d4037" if note else "#757575"))
    if lit:
        out.append(_text(x + w - 2, y - 2, "✔", 13, 700, "end", "#1b5e20"))
    out.append("</g>")
    return "".join(out)


def _ship(x, y, sid, lang, lit):
    s = SHIPS[sid]
    goods = _goods_list(s["demand"])
    title = (
        f"{word(s['size'], lang)}, {UI.text('vw-vp-count', lang, n=s['vp'])} · "
        f"{UI.text('vw-demand', lang)}: {goods_words(s['demand'], lang)}"
    )
    out = [
        f'<g role="img" class="kikoto-field{" is-target" if lit else ""}" data-field="{esc(sid)}"><title>{esc(title)}</title>'
        f'<rect x="{x}" y="{y}" width="100" height="46" rx="5" fill="{SHIP_FILL[s["size"]]}" '
        f'stroke="{"#1b5e20" if lit else "#455a64"}" stroke-width="{3 if lit else 1}"/>',
        _text(x + 4, y + 11, word(s["size"], lang), 7.5, 700, fill="#37474f"),
        _text(x + 96, y + 42, UI.text("vw-vp-count", lang, n=s["vp"]), 10, 700, "end", "#0d47a1"),
    ]
    for i, g in enumerate(goods):
        out.append(_good(x + 4 + 15 * i, y + 15, g, lang, 13))
    if lit:
        out.append(_text(x + 98, y - 2, "✔", 13, 700, "end", "#1b5e20"))
    out.append("</g>")
    return "".join(out)


def ships_vp(p):
    """(number of ships, victory points or "?") of a seat in a view: loaded ships lie face down, so
    another player's ships are only a number until the game is over (VW-4.3.1.3)."""
    ships = p["ships"]
    if isinstance(ships, int):
        return ships, "?"
    return len(ships), sum(SHIPS[s]["vp"] for s in ships)
