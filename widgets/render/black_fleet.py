"""Black Fleet drawn as SVG: the schematic sea grid, land, ports, ships and cargo, and a status panel.

Drawing only: every fact comes from the state's to_json() and the board and card data.
Each field has a <title> that a screen reader reads (its id, coast value, port, ships and
cargo), and each player's ships carry the seat number as well as the seat's colour.
Black Fleet has no hidden information except the card hands; the panel shows the hands
of the player to move and, behind a toggle, everybody's.
"""

from __future__ import annotations

from engine.black_fleet import components as C
from engine.black_fleet.messages import COLOURS, PHASES, SHIPS

from .html import esc
from .ui import UI

# The seat's identification colour (the engine's "colour" of a seat) as a fill, and the text on it.
PLAYER_COLOURS = {"black": "#212121", "red": "#c62828", "blue": "#1565c0", "green": "#2e7d32"}
PLAYER_INK = {"black": "#ffffff", "red": "#ffffff", "blue": "#ffffff", "green": "#ffffff"}
SEAT_COLOUR_NAMES = {
    "black": {"hu": "fekete", "en": "black"}, "red": {"hu": "piros", "en": "red"},
    "blue": {"hu": "kék", "en": "blue"}, "green": {"hu": "zöld", "en": "green"},
}
CUBE_FILL = {"red": "#ef5350", "blue": "#42a5f5", "green": "#66bb6a", "yellow": "#ffee58", "white": "#fafafa"}
WARSHIP_FILL = {"yellow": "#fdd835", "purple": "#8e24aa"}
WARSHIP_INK = {"yellow": "#212121", "purple": "#ffffff"}
WARSHIP_LETTER = {"hu": {"yellow": "S", "purple": "L"}, "en": {"yellow": "Y", "purple": "P"}}
LAND_FILL = {"continent": "#c5b68b", "island": "#a5c98a"}
SEA, SEA_EDGE, DISTANT_FILL = "#b3dcf2", "#ffffff", "#6fa8d6"
CELL = 60
HALF = 27  # half the side of a sea field's square
STRIP = 26  # the doubloon strip under the map

DISTANT = {d["id"]: d for d in C.BOARD["distant_seas"]}
PORT_OF_FIELD = C.FIELD_PORTS


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


def _name(obj, lang):
    return obj[lang] if isinstance(obj, dict) else str(obj)


def _seat_label(seat: int, colour: str, lang: str) -> str:
    return f'{UI.text("seat", lang, n=seat + 1)} ({SEAT_COLOUR_NAMES[colour][lang]})'


def _cargo_words(cubes, lang) -> str:
    return ", ".join(COLOURS[c][lang] for c in cubes)


def _cubes(x: float, y: float, cubes, size: float = 7) -> str:
    out = []
    for i, c in enumerate(cubes):
        cx = x - (size + 1) * (len(cubes) - 1) / 2 + (size + 1) * i
        out.append(f'<rect x="{cx - size / 2:.1f}" y="{y - size / 2:.1f}" width="{size}" height="{size}" '
                   f'fill="{CUBE_FILL[c]}" stroke="#263238" stroke-width=".7"/>')
    return "".join(out)


def _merchant(x, y, seat, colour, cargo) -> str:
    fill, ink = PLAYER_COLOURS[colour], PLAYER_INK[colour]
    return (f'<path d="M{x - 14},{y - 3} h28 l-5,11 h-18 z" fill="{fill}" stroke="#000" stroke-width=".8"/>'
            f'<text x="{x}" y="{y + 6}" font-size="10" font-weight="700" text-anchor="middle" fill="{ink}">{seat + 1}</text>'
            + _cubes(x, y - 9, cargo))


def _pirate(x, y, seat, colour, treasure) -> str:
    fill, ink = PLAYER_COLOURS[colour], PLAYER_INK[colour]
    # a hull under a black flag with a white skull dot: the pirate
    out = (f'<path d="M{x - 12},{y} h24 l-4,10 h-16 z" fill="{fill}" stroke="#000" stroke-width=".8"/>'
           f'<text x="{x}" y="{y + 8.5}" font-size="10" font-weight="700" text-anchor="middle" fill="{ink}">{seat + 1}</text>'
           f'<path d="M{x - 1},{y + 1} v-15 h10 v8 h-10" fill="#111" stroke="#000" stroke-width=".6"/>'
           f'<circle cx="{x + 4}" cy="{y - 10}" r="1.8" fill="#fff"/>')
    if treasure:
        out += _cubes(x - 7, y - 7, [treasure])
    return out


def _warship(x, y, ship, lang) -> str:
    return (f'<path d="M{x - 12},{y - 3} h24 l-4,10 h-16 z" fill="{WARSHIP_FILL[ship]}" stroke="#000" stroke-width="1.2"/>'
            f'<rect x="{x - 4}" y="{y - 10}" width="8" height="7" fill="{WARSHIP_FILL[ship]}" stroke="#000" stroke-width=".8"/>'
            f'<text x="{x}" y="{y + 5.5}" font-size="10" font-weight="700" text-anchor="middle" '
            f'fill="{WARSHIP_INK[ship]}">{WARSHIP_LETTER[lang][ship]}</text>')


def _ships(data):
    """place (field or distant sea id) -> [(kind, seat or None, extra)] in a fixed order."""
    at: dict[str, list] = {}
    for seat, s in enumerate(data["seats"]):
        if s["merchant"] is not None:
            at.setdefault(s["merchant"], []).append(("merchant", seat, s["cargo"]))
        if s["pirate"] is not None:
            at.setdefault(s["pirate"], []).append(("pirate", seat, s["treasure"]))
    for w in C.WARSHIPS:
        at.setdefault(data["warships"][w], []).append(("warship", None, w))
    return at


def _ship_words(item, data, lang) -> str:
    kind, seat, extra = item
    if kind == "warship":
        return SHIPS[extra][lang]
    who = _seat_label(seat, data["seats"][seat]["colour"], lang)
    if kind == "merchant":
        cargo = _cargo_words(extra, lang) if extra else UI.text("bf-empty", lang)
        return f'{who}: {SHIPS["merchant"][lang]} ({cargo})'
    if extra:
        return f'{who}: {SHIPS["pirate"][lang]} ({UI.text("bf-treasure", lang)}: {COLOURS[extra][lang]})'
    return f'{who}: {SHIPS["pirate"][lang]}'


def _draw_ship(item, x, y, data, lang) -> str:
    kind, seat, extra = item
    if kind == "warship":
        return _warship(x, y, extra, lang)
    colour = data["seats"][seat]["colour"]
    return _merchant(x, y, seat, colour, extra) if kind == "merchant" else _pirate(x, y, seat, colour, extra)


def _bounds():
    xs, ys = [], []
    for f in C.BOARD["fields"]:
        xs.append(f["x"]), ys.append(f["y"])
    for land in C.BOARD["land"]:
        for c in land["cells"]:
            xs.append(c["x"]), ys.append(c["y"])
    for d in C.BOARD["distant_seas"]:
        xs.append(d["x"]), ys.append(d["y"])
    bottom = max(max(ys) + 32, max(p["y"] + 20 for p in C.BOARD["ports"]))
    return min(xs) - 32, min(ys) - 32, max(xs) + 32, bottom + STRIP


def _distant_box(d):
    """The rectangle of a distant sea: a band along the board edge, beside its entry fields."""
    ex = [C.FIELDS[f]["x"] for f in d["entries"]]
    ey = [C.FIELDS[f]["y"] for f in d["entries"]]
    if len(set(ey)) == 1:  # a northern band
        return min(ex) - HALF, d["y"] - 22, max(ex) - min(ex) + 2 * HALF, 44
    return d["x"] - 22, min(ey) - HALF, 44, max(ey) - min(ey) + 2 * HALF


def board_svg(state, lang: str, highlight=frozenset()) -> str:
    data = state.to_json()
    x0, y0, x1, y1 = _bounds()
    ships = _ships(data)
    parts = [f'<svg class="kikoto-board kikoto-bf" viewBox="{x0} {y0} {x1 - x0} {y1 - y0}" role="group" '
             f'aria-label="{esc(UI.text("bf-board", lang))}" xmlns="http://www.w3.org/2000/svg" '
             f'font-family="sans-serif">'
             f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" fill="#e3f2fd" rx="6"/>']
    # land: the continent and the islands
    for land in C.BOARD["land"]:
        parts.append(f'<g role="img" class="kikoto-land"><title>{esc(land["name"][lang])}</title>')
        for c in land["cells"]:
            parts.append(f'<rect x="{c["x"] - CELL / 2}" y="{c["y"] - CELL / 2}" width="{CELL}" height="{CELL}" '
                         f'fill="{LAND_FILL[land["kind"]]}"/>')
        parts.append("</g>")
    # distant seas, where pirates enter
    for d in C.BOARD["distant_seas"]:
        x, y, w, h = _distant_box(d)
        lit = d["id"] in highlight
        here = ships.get(d["id"], [])
        title = [d["name"][lang], UI.text("bf-distant-entries", lang, fields=", ".join(d["entries"]))]
        title += [_ship_words(item, data, lang) for item in here]
        parts.append(f'<g role="img" class="kikoto-field{" is-target" if lit else ""}" data-field="{esc(d["id"])}">'
                     f'<title>{esc(" · ".join(title))}</title>'
                     f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="{DISTANT_FILL}" '
                     f'stroke="{"#1b5e20" if lit else "#ffffff"}" stroke-width="{4 if lit else 1.5}" stroke-dasharray="6 3"/>')
        label_y = y + 11 if w > h else y + h - 5
        parts.append(f'<text x="{x + w / 2}" y="{label_y}" font-size="8" text-anchor="middle" fill="#ffffff">'
                     f'{esc(UI.text("bf-distant", lang))}</text>')
        for i, item in enumerate(here):
            cx = x + w / 2 + (i - (len(here) - 1) / 2) * 28 if w > h else x + w / 2
            cy = y + h / 2 + 4 if w > h else y + h / 2 + (i - (len(here) - 1) / 2) * 26
            parts.append(_draw_ship(item, cx, cy, data, lang))
        parts.append("</g>")
    # ports: a labelled box in the port's colour, with what it buys and its price
    for p in C.BOARD["ports"]:
        lit = p["id"] in highlight
        buys = ", ".join(COLOURS[c][lang] for c in p["buys"])
        stock = data["stock"][p["colour"]]
        title = UI.text("bf-port-title", lang, name=p["name"][lang], colour=COLOURS[p["colour"]][lang],
                        buys=buys, price=p["price"], stock=stock, fields=", ".join(p["fields"]))
        short = p["name"][lang].split(" (")[0]
        w = max(64, 6 * len(short) + 10)
        parts.append(f'<g role="img" class="kikoto-port{" is-target" if lit else ""}" data-field="{esc(p["id"])}">'
                     f'<title>{esc(title)}</title>'
                     f'<rect x="{p["x"] - w / 2}" y="{p["y"] - 15}" width="{w}" height="30" rx="4" fill="#fffde7" '
                     f'stroke="{"#1b5e20" if lit else "#5d4037"}" stroke-width="{3 if lit else 1.2}"/>'
                     f'<rect x="{p["x"] - w / 2 + 4}" y="{p["y"] - 11}" width="8" height="8" fill="{CUBE_FILL[p["colour"]]}" '
                     f'stroke="#263238" stroke-width=".7"/>'
                     f'<text x="{p["x"] - w / 2 + 15}" y="{p["y"] - 4}" font-size="8.5" font-weight="700" fill="#3e2723">'
                     f'{esc(short)}</text>'
                     f'<text x="{p["x"] - w / 2 + 4}" y="{p["y"] + 10}" font-size="8" fill="#3e2723">'
                     f'{p["price"]}×</text>'
                     + _cubes(p["x"] - w / 2 + 22 + 4.5 * (len(p["buys"]) - 1), p["y"] + 7, p["buys"])
                     + f'<text x="{p["x"] + w / 2 - 4}" y="{p["y"] + 10}" font-size="7.5" text-anchor="end" fill="#5d4037">'
                     f'{stock}</text></g>')
    # sea fields
    navy = {v: k for k, v in C.NAVY_START.items()}
    for f in C.BOARD["fields"]:
        fid, x, y = f["id"], f["x"], f["y"]
        lit = fid in highlight
        here = ships.get(fid, [])
        title = [fid]
        if "coast" in f:
            title.append(UI.text("bf-coast", lang, n=f["coast"]))
        for pid in PORT_OF_FIELD.get(fid, []):
            title.append(UI.text("bf-beside-port", lang, port=C.PORTS[pid]["name"][lang]))
        for d in C.BOARD["distant_seas"]:
            if fid in d["entries"]:
                title.append(UI.text("bf-entry", lang, area=d["name"][lang]))
        if fid in C.HAVENS:
            title.append(UI.text("bf-haven", lang))
        if fid in navy:
            title.append(UI.text("bf-navy-start", lang, ship=SHIPS[navy[fid]][lang]))
        title += [_ship_words(item, data, lang) for item in here]
        coast = "coast" in f
        parts.append(f'<g role="img" class="kikoto-field{" is-target" if lit else ""}" data-field="{esc(fid)}">'
                     f'<title>{esc(" · ".join(title))}</title>'
                     f'<rect x="{x - HALF}" y="{y - HALF}" width="{2 * HALF}" height="{2 * HALF}" rx="5" fill="{SEA}" '
                     f'stroke="{"#1b5e20" if lit else ("#e0b04a" if coast else SEA_EDGE)}" '
                     f'stroke-width="{4 if lit else (3 if coast else 1.5)}"/>')
        for pid in PORT_OF_FIELD.get(fid, []):
            colour = CUBE_FILL[C.PORTS[pid]["colour"]]
            parts.append(f'<rect x="{x - HALF + 3}" y="{y + HALF - 7}" width="{2 * HALF - 6}" height="4" rx="1" '
                         f'fill="{colour}" stroke="#263238" stroke-width=".5"/>')
        parts.append(f'<text x="{x - HALF + 3}" y="{y - HALF + 10}" font-size="10" fill="#37474f">{esc(fid)}</text>')
        if coast:
            parts.append(f'<circle cx="{x + HALF - 8}" cy="{y - HALF + 8}" r="7" fill="#ffca28" stroke="#8d6e63" '
                         f'stroke-width=".7"/><text x="{x + HALF - 8}" y="{y - HALF + 11.5}" font-size="10" font-weight="700" '
                         f'text-anchor="middle" fill="#3e2723">{f["coast"]}</text>')
        if fid in C.HAVENS:
            parts.append(f'<text x="{x + HALF - 8}" y="{y - HALF + 11}" font-size="10" text-anchor="middle" '
                         f'fill="#263238">☠</text>')
        if fid in navy and not here:
            parts.append(f'<text x="{x}" y="{y + 5}" font-size="14" text-anchor="middle" fill="#78909c">⚓</text>')
        for i, item in enumerate(here):
            sx = x + (i - (len(here) - 1) / 2) * 26
            parts.append(_draw_ship(item, sx, y + 6, data, lang))
        if lit:
            parts.append(f'<text x="{x + HALF - 10}" y="{y + HALF - 8}" font-size="13" font-weight="700" fill="#1b5e20">✔</text>')
        parts.append("</g>")
    parts.append(_strip(data, x0, y1 - STRIP, x1 - x0, lang))
    parts.append("</svg>")
    return "".join(parts)


def _strip(data, x, y, width, lang) -> str:
    """Each seat's doubloons and face-up cards under the map, so a worked example shows its numbers."""
    n = len(data["seats"])
    w = width / n
    out = ['<g class="kikoto-bf-strip">']
    for seat, s in enumerate(data["seats"]):
        up = sum(1 for c in s["developments"] if c["up"])
        words = UI.text("bf-strip", lang, coins=s["coins"], up=up)
        title = f'{_seat_label(seat, s["colour"], lang)}: {words}' + (
            f' · {UI.text("bf-victory", lang)} ✔' if s["victory"]["up"] else "")
        cx = x + w * seat + 8
        fill, ink = PLAYER_COLOURS[s["colour"]], PLAYER_INK[s["colour"]]
        out.append(f'<g role="img" data-seat="{seat}" data-coins="{s["coins"]}"><title>{esc(title)}</title>'
                   f'<rect x="{cx}" y="{y + 4}" width="16" height="16" rx="3" fill="{fill}" stroke="#000" stroke-width=".6"/>'
                   f'<text x="{cx + 8}" y="{y + 15.5}" font-size="10" font-weight="700" text-anchor="middle" fill="{ink}">{seat + 1}</text>'
                   f'<text x="{cx + 21}" y="{y + 16.5}" font-size="13" fill="#263238">{esc(words)}'
                   f'{" ★" if s["victory"]["up"] else ""}</text></g>')
    out.append("</g>")
    return "".join(out)


def _fate_words(cid: str, lang: str) -> str:
    card = C.FATE[cid]
    eff = card["effect"]
    ship = SHIPS.get(card.get("ship", ""), {}).get(lang, "")
    text = UI.text(f"bf-fate-{eff}", lang, ship=ship, n=card.get("amount", 0))
    return f"{cid}: {text}"


def _move_words(cid: str, lang: str) -> str:
    c = C.MOVEMENT[cid]
    return UI.text("bf-move-card", lang, id=cid, warship=SHIPS[c["warship"]][lang], w=c["warship_value"],
                   p=c["pirate_value"], m=c["merchant_value"], symbol=UI.text(f"bf-symbol-{c['symbol']}", lang) if c["symbol"] != "none" else "")


def _hand(seat: int, s: dict, lang: str) -> str:
    moves = "; ".join(_move_words(c, lang) for c in s["moves"]) or "–"
    fates = "; ".join(_fate_words(c, lang) for c in s["fates"]) or "–"
    return (f'<li><strong>{esc(_seat_label(seat, s["colour"], lang))}</strong> · {esc(UI.text("bf-movement-cards", lang))}: '
            f'{esc(moves)} · {esc(UI.text("bf-fate-cards", lang))}: {esc(fates)}</li>')


def panel(state, lang: str) -> str:
    data = state.to_json()
    head = "".join(f'<th>{esc(UI.text(k, lang))}</th>'
                   for k in ("bf-player", "bf-coins", "bf-merchant", "bf-pirate", "bf-developments", "bf-victory", "bf-hand"))
    rows = []
    over = state.is_over()
    for seat, s in enumerate(data["seats"]):
        marker = " ▶" if not over and seat == data["turn"] else ""
        flag = " ⚑" if seat == data["first"] else ""
        merchant = (f'{s["merchant"]}: {_cargo_words(s["cargo"], lang) or UI.text("bf-empty", lang)}'
                    if s["merchant"] is not None else UI.text("bf-off-board", lang))
        where = s["pirate"]
        if where in DISTANT:
            where = DISTANT[where]["name"][lang]
        pirate = where if where is not None else UI.text("bf-off-board", lang)
        if s["treasure"]:
            pirate += f' ({UI.text("bf-treasure", lang)}: {COLOURS[s["treasure"]][lang]})'
        devs = " ".join(str(c["value"]) if c["up"] else f'({c["value"]})' for c in s["developments"])
        victory = f'{s["victory"]["value"]} ✔' if s["victory"]["up"] else f'({s["victory"]["value"]})'
        hand = UI.text("bf-hand-size", lang, m=len(s["moves"]), f=len(s["fates"]))
        rows.append(f'<tr data-seat="{seat}"><td><span class="kikoto-swatch" style="background:{PLAYER_COLOURS[s["colour"]]}">'
                    f'</span>{esc(_seat_label(seat, s["colour"], lang))}{flag}{marker}</td><td>{s["coins"]}</td>'
                    f'<td>{esc(merchant)}</td><td>{esc(pirate)}</td><td>{esc(devs)}</td><td>{esc(victory)}</td>'
                    f'<td>{esc(hand)}</td></tr>')
    stock = ", ".join(f'{COLOURS[c][lang]} {n}' for c, n in data["stock"].items())
    navy = ", ".join(f'{SHIPS[w][lang]}: {data["warships"][w]}' for w in C.WARSHIPS)
    info = UI.text("bf-info", lang, round=data["round"], phase=PHASES[data["phase"]][lang], stock=stock, navy=navy,
                   moves=len(data["decks"]["movement"]), fates=len(data["decks"]["fate"]))
    if data["final_round"] and not over:
        info += " · " + UI.text("bf-final-round", lang)
    parts = [f'<div class="kikoto-panel kikoto-bf-panel"><table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>',
             f'<p class="kikoto-legend">{esc(UI.text("bf-legend", lang))} · {esc(info)}</p>']
    if data["now"]["card"]:
        parts.append(f'<p class="kikoto-legend">{esc(UI.text("bf-played", lang))}: {esc(_move_words(data["now"]["card"], lang))}</p>')
    if not over:
        seat = data["turn"]
        parts.append(f'<ul class="kikoto-bf-hand" data-seat="{seat}">{_hand(seat, data["seats"][seat], lang)}</ul>')
    hands = "".join(_hand(i, s, lang) for i, s in enumerate(data["seats"]))
    parts.append(f'<details class="kikoto-bf-hands"><summary>{esc(UI.text("bf-all-hands", lang))}</summary><ul>{hands}</ul></details></div>')
    return "".join(parts)
