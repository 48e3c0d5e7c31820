"""Black Fleet's board as the rulebook teaches it at setup: the sea areas and the ports, drawn by
the board's own renderer (board.board_svg) with only the warships on their start fields, and
beside it the same facts as text (a key), so a reader who cannot see the picture loses nothing.

Widget kind `bf-map` (an example file with "widget": "bf-map"); it has no input: every fact comes
from the board data (engine/black_fleet/data/board.json), so the picture and its key follow the
engine's board wherever it changes.
"""

from __future__ import annotations

from engine.black_fleet import components as C
from engine.black_fleet.messages import CATALOG, COLOURS, DISTANT_SEAS, LAND, MAP_KEY, PORTS as PORT_NAMES, SHIPS, word

from ..html import esc
from ..ui import UI
from .board import board_svg


def start_board() -> dict:
    """The board before anyone has placed a ship: the warships on their start fields, full ports."""
    return {
        "seats": [],
        "warships": dict(C.NAVY_START),
        "stock": {colour: C.BOARD["cubes_per_colour"] for colour in C.BOARD["colours"]},
    }


def _item(head: str, facts: list[str]) -> str:
    inner = "".join(f"<li>{esc(f)}</li>" for f in facts)
    return f"<li>{esc(head)}" + (f"<ul>{inner}</ul>" if facts else "") + "</li>"


def key(lang: str) -> str:
    """The map's facts as a list, in the order the picture shows them."""
    data = start_board()
    ports = [
        CATALOG.text(
            "map-key-port",
            lang,
            name=word(PORT_NAMES[p["id"]], lang),
            colour=word(COLOURS[p["colour"]], lang),
            buys=", ".join(word(COLOURS[c], lang) for c in p["buys"]),
            price=CATALOG.plural("map-key-price", p["price"], lang),
            stock=CATALOG.plural("map-key-stock", data["stock"][p["colour"]], lang),
            fields=", ".join(p["fields"]),
        )
        for p in C.BOARD["ports"]
    ]
    coast = [", ".join(f"{f['id']}: {f['coast']}" for f in C.BOARD["fields"] if "coast" in f)]
    distant = [
        f"{word(DISTANT_SEAS[d['id']], lang)}: {UI.text('bf-distant-entries', lang, fields=', '.join(d['entries']))}"
        for d in C.BOARD["distant_seas"]
    ]
    land = [", ".join(word(LAND[land["id"]], lang) for land in C.BOARD["land"])]
    navy = [f"{at}: {UI.text('bf-navy-start', lang, ship=word(SHIPS[ship], lang))}" for ship, at in C.NAVY_START.items()]
    havens = [f"{at}: {UI.text('bf-haven', lang)}" for at in C.HAVENS]
    items = [
        (MAP_KEY["sea"], []),
        (MAP_KEY["coast"], coast),
        (MAP_KEY["distant"], distant),
        (MAP_KEY["land"], land),
        (MAP_KEY["ports"], ports),
        (MAP_KEY["navy"], navy),
        (MAP_KEY["havens"], havens),
    ]
    return "<ul>" + "".join(_item(word(code, lang), facts) for code, facts in items) + "</ul>"


def form(spec: dict, ctx: dict) -> str:
    return ""


def output(spec: dict, ctx: dict) -> str:
    lang = ctx["lang"]
    caption = spec.get("caption") if isinstance(spec.get("caption"), str) else ""
    # a plain block, not the theme's <figure> (which shrinks to fit): the board is as wide as the
    # site's other boards, edge to edge on a phone
    return (
        f'<div class="kikoto-bf-map">{board_svg(start_board(), lang)}</div>'
        + (f'<p class="kikoto-caption">{esc(caption)}</p>' if caption else "")
        # the key is long on a phone: folded under its title, open to anyone who asks for it
        + f'<details class="info kikoto-bf-map-key"><summary>{esc(word(MAP_KEY["title"], lang))}</summary>'
        f"{key(lang)}</details>"
    )
