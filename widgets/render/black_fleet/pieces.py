"""Black Fleet's pieces as SVG, for the board (board.py): the board's text, cargo cubes, the
merchants, pirates and warships, and which ships stand where (in a fixed order) with their words."""

from __future__ import annotations

from engine.black_fleet import components as C
from engine.black_fleet.messages import COLOURS, SHIPS, WARSHIP_LETTERS, word

from ..html import esc
from ..ui import UI
from .words import CUBE_FILL, PLAYER_COLOURS, PLAYER_INK, WARSHIP_FILL, WARSHIP_INK, _cargo_words, _seat_label

FONT = 22  # every text on the board: the board is ~670 units wide, so 22 units are 11 px on a 375 px phone


def _text(x, y, words, *, size=FONT, weight=None, anchor="middle", fill="#263238", extra="") -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}"{f" font-weight={chr(34)}{weight}{chr(34)}" if weight else ""} '
        f'text-anchor="{anchor}" fill="{fill}"{extra}>{esc(words)}</text>'
    )


def _cubes(x: float, y: float, cubes, size: float = 14) -> str:  # 14 units: 10 px where a field is 44 px
    out = []
    for i, c in enumerate(cubes):
        cx = x - (size + 1) * (len(cubes) - 1) / 2 + (size + 1) * i
        out.append(
            f'<rect x="{cx - size / 2:.1f}" y="{y - size / 2:.1f}" width="{size}" height="{size}" '
            f'fill="{CUBE_FILL[c]}" stroke="#263238" stroke-width=".8"/>'
        )
    return "".join(out)


def _hull(x, y, fill) -> str:
    """A ship's hull 28 wide and 22 high, its top at y: room for a seat number in the board's font."""
    return f'<path d="M{x - 14},{y} h28 l-4,22 h-20 z" fill="{fill}" stroke="#000" stroke-width="1"/>'


def _merchant(x, y, seat, colour, cargo) -> str:
    fill, ink = PLAYER_COLOURS[colour], PLAYER_INK[colour]
    return _hull(x, y - 4, fill) + _text(x, y + 14, seat + 1, weight=700, fill=ink) + _cubes(x, y - 9, cargo)


def _pirate(x, y, seat, colour, treasure) -> str:
    fill, ink = PLAYER_COLOURS[colour], PLAYER_INK[colour]
    # a hull under a black flag with a white skull dot: the pirate
    out = (
        f'<path d="M{x + 4},{y - 3} v-12 h10 v8 h-10" fill="#111" stroke="#000" stroke-width=".8"/>'
        f'<circle cx="{x + 9}" cy="{y - 11}" r="2" fill="#fff"/>'
        + _hull(x, y - 4, fill)
        + _text(x, y + 14, seat + 1, weight=700, fill=ink)
    )
    if treasure:
        out += _cubes(x - 7, y - 9, [treasure])
    return out


def _warship(x, y, ship, lang) -> str:
    return (
        f'<rect x="{x - 5}" y="{y - 12}" width="10" height="9" fill="{WARSHIP_FILL[ship]}" stroke="#000" stroke-width=".8"/>'
        + _hull(x, y - 4, WARSHIP_FILL[ship]).replace('stroke-width="1"', 'stroke-width="1.6"')
        + _text(x, y + 14, word(WARSHIP_LETTERS[ship], lang), weight=700, fill=WARSHIP_INK[ship])
    )


def _ships(data):
    """place (field or distant sea id) -> [(kind, seat or None, extra)] in a fixed order."""
    at: dict[str, list] = {}
    for seat, s in enumerate(data["seats"]):
        if s["merchant"] is not None:
            at.setdefault(s["merchant"], []).append(("merchant", seat, s["cargo"]))
        if s["pirate"] is not None:
            at.setdefault(s["pirate"], []).append(("pirate", seat, s["treasure"]))
    for w in C.WARSHIPS:
        if data["warships"].get(w) is not None:
            at.setdefault(data["warships"][w], []).append(("warship", None, w))
    return at


def _ship_words(item, data, lang) -> str:
    kind, seat, extra = item
    if kind == "warship":
        return word(SHIPS[extra], lang)
    who = _seat_label(seat, data["seats"][seat]["colour"], lang)
    if kind == "merchant":
        cargo = _cargo_words(extra, lang) if extra else UI.text("bf-empty", lang)
        return f"{who}: {word(SHIPS['merchant'], lang)} ({cargo})"
    if extra:
        return f"{who}: {word(SHIPS['pirate'], lang)} ({UI.text('bf-treasure', lang)}: {word(COLOURS[extra], lang)})"
    return f"{who}: {word(SHIPS['pirate'], lang)}"


def _draw_ship(item, x, y, data, lang) -> str:
    kind, seat, extra = item
    if kind == "warship":
        return _warship(x, y, extra, lang)
    colour = data["seats"][seat]["colour"]
    return _merchant(x, y, seat, colour, extra) if kind == "merchant" else _pirate(x, y, seat, colour, extra)
