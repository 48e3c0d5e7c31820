"""Black Fleet drawn as SVG: the schematic sea grid, land, ports, ships and cargo, and a status panel.

Drawing only: every fact comes from the state's to_json() and the board and card data.
Each field has a <title> that a screen reader reads (its id, coast value, port, ships and
cargo), and each player's ships carry the seat number as well as the seat's colour.
What a player may not see (the others' hands, the decks, face-down developments) the engine's
view hides (engine/black_fleet/view.py): a played position comes drawn as its seat to move sees it.
"""

from __future__ import annotations

from engine.black_fleet import components as C
from engine.black_fleet.messages import COLOURS, DISTANT_SEAS, LAND, PORTS as PORT_NAMES, PORTS_SHORT, SHIPS, word
from engine.black_fleet.position import lenient
from engine.core.messages import N_

from ..html import esc
from ..renderer import Renderer
from ..ui import UI
from .panel import panel  # noqa: F401
from .pieces import FONT, _cubes, _draw_ship, _ship_words, _ships, _text

# the shared colours and words, and the player table, are importable from here as before
from .words import (  # noqa: F401
    CUBE_FILL,
    DISTANT,
    PLAYER_COLOURS,
    PLAYER_INK,
    WARSHIP_FILL,
    WARSHIP_INK,
    _cargo_words,
    _fate_words,
    _move_words,
    _seat_label,
)

LAND_FILL = {"continent": "#c5b68b", "island": "#a5c98a"}
SEA, SEA_EDGE, DISTANT_FILL = "#b3dcf2", "#ffffff", "#6fa8d6"
CELL = 60
HALF = 29  # half the side of a sea field's square (the grid's pitch is 60)
PORT_H = 62  # a port's box is tapped too: a finger's height where a field is 44 px
BAND = (30, 40)  # a distant sea's band: the width of a west or east one, the height of a northern one
TAP_BAND = (60, 60)  # on a board to tap (the editor): a field's, so a band is as easy to tap
STRIP_ROW = 34  # one row of the doubloon strip under the map (a seat a row)
TAP_ROW = CELL  # on a board to tap, a row is a seat's button (its panel): a field's height, a finger's

PORT_OF_FIELD = C.FIELD_PORTS
SEA_IDS = tuple(f["id"] for f in C.BOARD["fields"])
PLACES = frozenset(SEA_IDS) | frozenset(DISTANT) | frozenset(C.PORTS)
MARK_STROKE = {"target": "#1b5e20", "selected": "#0d47a1", "problem": "#c62828", "refused": "#c62828"}
BADGE = {"target": "✔", "problem": "!", "refused": "✘"}


def target(action: dict):
    """The field (or port, or distant sea) an action is about, for highlighting."""
    kind = action.get("type")
    if kind in ("move", "fate"):
        return action.get("to") or action.get("field")
    if kind == "place":
        return action.get("field") or action.get("area")
    if kind == "sell":
        return action.get("port")
    return None


def _strip_rows(n: int) -> int:
    return n


def seat_tap(seat: int) -> str:
    """The data-tap of a seat's row in the strip under the map: the editor opens that seat's panel."""
    return f"seat:{seat}"


def seat_tapped(place) -> int | None:
    """The seat whose row `place` is (`seat_tap`), or None."""
    if isinstance(place, str) and place.startswith("seat:") and place[5:].isdigit():
        return int(place[5:])
    return None


def _bounds(n_seats: int, band: tuple = BAND, row: float = STRIP_ROW):
    """The map's box: ten columns of fields, a distant sea on each side, the strip below (`row` high a seat)."""
    xs = [f["x"] for f in C.BOARD["fields"]] + [c["x"] for land in C.BOARD["land"] for c in land["cells"]]
    ys = [f["y"] for f in C.BOARD["fields"]] + [c["y"] for land in C.BOARD["land"] for c in land["cells"]]
    left, right = min(xs) - CELL / 2 - band[0] - 6, max(xs) + CELL / 2 + band[0] + 6
    top = min(ys) - CELL / 2 - band[1] - 8
    bottom = max(ys) + CELL / 2 + 6 + row * _strip_rows(n_seats)
    return left, top, right, bottom


def _distant_box(d, band: tuple = BAND):
    """The rectangle of a distant sea: a band along the board edge, beside its entry fields."""
    ex = [C.FIELDS[f]["x"] for f in d["entries"]]
    ey = [C.FIELDS[f]["y"] for f in d["entries"]]
    if len(set(ey)) == 1:  # a northern band
        return min(ex) - HALF, min(ey) - CELL / 2 - 4 - band[1], max(ex) - min(ex) + 2 * HALF, band[1]
    if d["x"] < min(C.FIELDS[f]["x"] for f in C.FIELDS):
        x = min(ex) - CELL / 2 - band[0] - 2
    else:
        x = max(ex) + CELL / 2 + 2
    return x, min(ey) - HALF, band[0], max(ey) - min(ey) + 2 * HALF


def _port_box(p):
    """Where a port's box is drawn: the middle of its island, or under its fields on the continent."""
    near = min(
        (c for land in C.BOARD["land"] for c in land["cells"]), key=lambda c: (c["x"] - p["x"]) ** 2 + (c["y"] - p["y"]) ** 2
    )
    land = next(land for land in C.BOARD["land"] if near in land["cells"])
    if land["kind"] == "island":
        xs, ys = [c["x"] for c in land["cells"]], [c["y"] for c in land["cells"]]
        w = max(xs) - min(xs) + CELL - 4
        return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, min(w, 170), PORT_H
    return p["x"], near["y"], 170, PORT_H


def _fit(words: str, width: float, size: float = FONT) -> str:
    """A textLength that squeezes a long label into its box (an estimate of the text's width)."""
    return f' textLength="{width:g}" lengthAdjust="spacingAndGlyphs"' if len(words) * size * 0.56 > width else ""


def _role(fid, title, mark, tappable) -> str:
    if not tappable:
        return 'role="img"'
    pressed = ' aria-pressed="true"' if mark == "selected" else ""
    # named by its <title>, not aria-label: the name then holds the field's visible text too (WCAG 2.5.3)
    return f'role="button" tabindex="0" data-tap="{esc(fid)}"{pressed}'


PORT_BOXES = {p["id"]: _port_box(p) for p in C.BOARD["ports"]}
NAVY_AT = {v: k for k, v in C.NAVY_START.items()}
_STATIC: dict = {}


def _static(lang: str) -> dict:
    """The board's parts that depend on the language only, made once per language: the land, and for
    each sea field the facts its title starts with and the marks drawn on it (port strip, id, coast value)."""
    got = _STATIC.get(lang)
    if got is not None:
        return got
    land_parts = []
    for land in C.BOARD["land"]:
        land_parts.append(f'<g role="img" class="kikoto-land"><title>{esc(word(LAND[land["id"]], lang))}</title>')
        for c in land["cells"]:
            land_parts.append(
                f'<rect x="{c["x"] - CELL / 2}" y="{c["y"] - CELL / 2}" width="{CELL}" height="{CELL}" '
                f'fill="{LAND_FILL[land["kind"]]}"/>'
            )
        land_parts.append("</g>")
    fields = []
    for f in C.BOARD["fields"]:
        fid, x, y = f["id"], f["x"], f["y"]
        facts = [fid]
        if "coast" in f:
            facts.append(UI.text("bf-coast", lang, n=f["coast"]))
        for pid in PORT_OF_FIELD.get(fid, []):
            facts.append(UI.text("bf-beside-port", lang, port=word(PORT_NAMES[pid], lang)))
        for d in C.BOARD["distant_seas"]:
            if fid in d["entries"]:
                facts.append(UI.text("bf-entry", lang, area=word(DISTANT_SEAS[d["id"]], lang)))
        if fid in C.HAVENS:
            facts.append(UI.text("bf-haven", lang))
        if fid in NAVY_AT:
            facts.append(UI.text("bf-navy-start", lang, ship=word(SHIPS[NAVY_AT[fid]], lang)))
        drawn = []
        for pid in PORT_OF_FIELD.get(fid, []):
            colour = CUBE_FILL[C.PORTS[pid]["colour"]]
            drawn.append(
                f'<rect x="{x - HALF + 3}" y="{y + HALF - 7}" width="{2 * HALF - 6}" height="5" rx="1" '
                f'fill="{colour}" stroke="#263238" stroke-width=".5"/>'
            )
        drawn.append(_text(x - HALF + 3, y - 9, fid, weight=600, anchor="start", fill="#263238"))
        if "coast" in f:
            drawn.append(
                f'<circle cx="{x + HALF - 13}" cy="{y - HALF + 13}" r="12" fill="#ffca28" stroke="#8d6e63" '
                f'stroke-width=".8"/>' + _text(x + HALF - 13, y - HALF + 21, f["coast"], weight=700, fill="#3e2723")
            )
        if fid in C.HAVENS:
            drawn.append(_text(x + HALF - 12, y - 9, "☠", fill="#263238"))
        fields.append((f, facts, "".join(drawn)))
    got = _STATIC[lang] = {"land": "".join(land_parts), "fields": fields}
    return got


def board_svg(state, lang: str, highlight=frozenset(), *, marks=None, tappable=False, band=BAND) -> str:
    """The map. `state` is a State, or a position's JSON (the editor draws drafts that may not load:
    only their well-formed parts are drawn). `marks`: place id -> "selected", "problem" or "target";
    `tappable`: each sea field, distant sea and port is a button the editor forwards (data-tap), and so
    is each seat's row under the map (`seat_tap`)."""
    data = lenient(state if isinstance(state, dict) else state.to_json())
    marked = dict(marks or {})
    for fid in highlight:
        marked.setdefault(fid, "target")
    row = TAP_ROW if tappable else STRIP_ROW
    x0, y0, x1, y1 = _bounds(len(data["seats"]), band, row)  # (the editor's: TAP_BAND, in its panning box)
    ships = _ships(data)
    parts = [
        f'<svg class="kikoto-board kikoto-bf" viewBox="{x0:g} {y0:g} {x1 - x0:g} {y1 - y0:g}" role="group" '
        f'aria-label="{esc(UI.text("bf-board", lang))}" xmlns="http://www.w3.org/2000/svg" '
        f'font-family="sans-serif">'
        f'<rect x="{x0:g}" y="{y0:g}" width="{x1 - x0:g}" height="{y1 - y0:g}" fill="#e3f2fd" rx="6"/>'
    ]
    static = _static(lang)
    # land: the continent and the islands
    parts.append(static["land"])
    # distant seas, where pirates enter
    for d in C.BOARD["distant_seas"]:
        x, y, w, h = _distant_box(d, band)
        mark = marked.get(d["id"], "")
        here = ships.get(d["id"], [])
        title = [word(DISTANT_SEAS[d["id"]], lang), UI.text("bf-distant-entries", lang, fields=", ".join(d["entries"]))]
        title += [_ship_words(item, data, lang) for item in here]
        title = " · ".join(title)
        parts.append(
            f'<g {_role(d["id"], title, mark, tappable)} class="kikoto-field{" is-" + mark if mark else ""}" '
            f'data-field="{esc(d["id"])}"><title>{esc(title)}</title>'
            f'<polygon points="{x:g},{y:g} {x + w:g},{y:g} {x + w:g},{y + h:g} {x:g},{y + h:g}" fill="{DISTANT_FILL}" '
            f'stroke="{MARK_STROKE.get(mark, "#ffffff")}" stroke-width="{4 if mark else 1.5}" stroke-dasharray="6 3"/>'
        )
        words = UI.text("bf-distant", lang)
        if w > h:  # the name at the band's left, the ships from its right
            parts.append(_text(x + 8, y + h / 2 + 8, words, anchor="start", fill="#ffffff"))
            for i, item in enumerate(here):
                parts.append(_draw_ship(item, x + w - 22 - 32 * i, y + h / 2 + 2, data, lang))
        else:  # a narrow side band: the name read upwards, the ships over it
            cx, cy = x + w / 2, y + h / 2
            parts.append(_text(cx + 8, cy, words, fill="#ffffff", extra=f' transform="rotate(-90 {cx + 8:g} {cy:g})"'))
            for i, item in enumerate(here):
                parts.append(_draw_ship(item, cx, cy + (i - (len(here) - 1) / 2) * 34, data, lang))
        parts.append("</g>")
    # ports: a labelled box in the port's colour, with what it buys and its price
    for p in C.BOARD["ports"]:
        mark = marked.get(p["id"], "")
        buys = ", ".join(word(COLOURS[c], lang) for c in p["buys"])
        # the stock is its own plural phrase: the title's count is the price
        stock = UI.text("bf-port-stock", lang, n=data["stock"].get(p["colour"], "?"))
        title = UI.text(
            "bf-port-title",
            lang,
            name=word(PORT_NAMES[p["id"]], lang),
            colour=word(COLOURS[p["colour"]], lang),
            buys=buys,
            price=p["price"],
            stock=stock,
            fields=", ".join(p["fields"]),
        )
        short = word(PORTS_SHORT[p["id"]], lang)
        px, py, w, h = PORT_BOXES[p["id"]]
        left = px - w / 2
        parts.append(
            f'<g {_role(p["id"], title, mark, tappable)} class="kikoto-port{" is-" + mark if mark else ""}" '
            f'data-field="{esc(p["id"])}"><title>{esc(title)}</title>'
            f'<polygon points="{left:g},{py - h / 2:g} {left + w:g},{py - h / 2:g} {left + w:g},{py + h / 2:g} '
            f'{left:g},{py + h / 2:g}" fill="#fffde7" '
            f'stroke="{MARK_STROKE.get(mark, "#5d4037")}" stroke-width="{4 if mark else 1.2}"/>'
            + _text(px, py - 5, short, weight=700, fill="#3e2723", extra=_fit(short, w - 8))
            # the colour it supplies with the cubes of it in stock (the words are in its title: at the
            # board's one font size they are wider than the box), then the price and the colours it buys
            + f'<rect x="{left + 5:g}" y="{py + 3:g}" width="14" height="14" fill="{CUBE_FILL[p["colour"]]}" '
            f'stroke="#263238" stroke-width=".8"/>'
            + _text(left + 22, py + 19, data["stock"].get(p["colour"], "?"), anchor="start", weight=700, fill="#3e2723")
            + _text(left + 52, py + 19, f"{p['price']}×", anchor="start", fill="#3e2723")
            + _cubes(left + 85 + 7.5 * (len(p["buys"]) - 1), py + 11, p["buys"])
            + "</g>"
        )
    # sea fields: what never changes (the title's facts, the port strip, the id, the coast value) is made once
    for f, facts, drawn in static["fields"]:
        fid, x, y = f["id"], f["x"], f["y"]
        mark = marked.get(fid, "")
        here = ships.get(fid, [])
        title = " · ".join(facts + [_ship_words(item, data, lang) for item in here])
        coast = "coast" in f
        edge = MARK_STROKE.get(mark) or ("#e0b04a" if coast else SEA_EDGE)
        parts.append(
            f'<g {_role(fid, title, mark, tappable)} class="kikoto-field{" is-" + mark if mark else ""}" '
            f'data-field="{esc(fid)}"><title>{esc(title)}</title>'
            f'<polygon points="{x - HALF},{y - HALF} {x + HALF},{y - HALF} {x + HALF},{y + HALF} {x - HALF},{y + HALF}" '
            f'fill="{SEA}" stroke="{edge}" stroke-width="{4 if mark else (3 if coast else 1.5)}" stroke-linejoin="round"/>'
        )
        parts.append(drawn)
        if fid in NAVY_AT and not here:
            parts.append(_text(x, y + 22, "⚓", fill="#78909c"))
        for i, item in enumerate(here):
            parts.append(_draw_ship(item, x + (i - (len(here) - 1) / 2) * 29, y + 5, data, lang))
        if mark in BADGE:
            parts.append(_text(x + HALF - 9, y + HALF - 8, BADGE[mark], weight=700, fill=MARK_STROKE[mark]))
        parts.append("</g>")
    strip = (x0, y1 - row * _strip_rows(len(data["seats"])), x1 - x0, row)
    parts.append(_strip(data, *strip, lang, marked if tappable else None))
    parts.append("</svg>")
    return "".join(parts)


def _strip(data, x, y, width, row, lang, marks=None) -> str:
    """Each seat's doubloons and developments under the map, a seat a row (its words in full, no
    abbreviation, at the board's one font size), so a worked example shows its numbers. With `marks`
    (a board to tap), each row is a button that opens the seat's panel (`seat_tap`), as a field's."""
    out = ['<g class="kikoto-bf-strip">']
    for seat, s in enumerate(data["seats"]):
        words = UI.text("bf-strip", lang, coins=s["coins"], up=s["up"])
        won = f" · {UI.text('bf-victory', lang)} ✔" if s["victory"] else ""
        title = f"{_seat_label(seat, s['colour'], lang)}: {words}{won}"
        cx, cy = x + 8, y + row * seat
        base = cy + row / 2 + 8  # the words' baseline, the row's middle
        fill, ink = PLAYER_COLOURS[s["colour"]], PLAYER_INK[s["colour"]]
        role, ring = 'role="img"', ""
        if marks is not None:
            mark = marks.get(seat_tap(seat), "")
            role = _role(seat_tap(seat), title, mark, True)
            if mark in MARK_STROKE:
                ring = (
                    f'<rect x="{x + 3:g}" y="{cy + 2:g}" width="{width - 6:g}" height="{row - 4:g}" rx="4" fill="none" '
                    f'stroke="{MARK_STROKE[mark]}" stroke-width="3"/>'
                )
            else:  # the whole row takes the tap, its empty part too, and looks like a field to tap
                ring = (
                    f'<rect x="{x + 3:g}" y="{cy + 2:g}" width="{width - 6:g}" height="{row - 4:g}" rx="4" fill="#fff" '
                    f'fill-opacity=".6" stroke="{DISTANT_FILL}" stroke-width="1.5"/>'
                )
        out.append(
            f'<g {role} data-seat="{seat}" data-coins="{s["coins"]}"><title>{esc(title)}</title>{ring}'
            f'<rect x="{cx:g}" y="{base - 22:g}" width="26" height="28" rx="3" fill="{fill}" stroke="#000" stroke-width=".6"/>'
            + _text(cx + 13, base, seat + 1, weight=700, fill=ink)
            + _text(cx + 32, base, words + (" ★" if s["victory"] else ""), anchor="start", extra=_fit(words, width - 44))
            + "</g>"
        )
    out.append("</g>")
    return "".join(out)


RENDERER = Renderer(
    target=target,
    board_svg=board_svg,
    panel=panel,
    tappable=True,
    editor="widgets.render.black_fleet.edit",
    widgets={"bf-map": "widgets.render.black_fleet.figures"},
)

# Keys picked at run time (from a list), listed for `python -m widgets.i18n extract`.
RUNTIME_KEYS = (
    N_("bf-player"),
    N_("bf-coins"),
    N_("bf-merchant"),
    N_("bf-pirate"),
    N_("bf-developments"),
    N_("bf-victory"),
    N_("bf-hand"),
    N_("bf-fate-extra-move"),
    N_("bf-fate-extra-action"),
    N_("bf-fate-second-warship"),
    N_("bf-fate-haven"),
    N_("bf-symbol-draw1"),
    N_("bf-symbol-draw2"),
    N_("bf-symbol-discard1"),
)
