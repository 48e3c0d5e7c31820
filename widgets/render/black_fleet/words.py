"""Black Fleet's widgets: the colours and the words the board, the player table and the editor share
(a seat's label, a cargo, a movement or fate card in a line). Every word comes from the catalogs."""

from __future__ import annotations

from engine.black_fleet import components as C
from engine.black_fleet.messages import COLOURS, SEAT_COLOURS, SHIPS, word

from ..ui import UI

# The seat's identification colour (the engine's "colour" of a seat) as a fill, and the text on it.
PLAYER_COLOURS = {"black": "#212121", "red": "#c62828", "blue": "#1565c0", "green": "#2e7d32"}
PLAYER_INK = {"black": "#ffffff", "red": "#ffffff", "blue": "#ffffff", "green": "#ffffff"}
CUBE_FILL = {"red": "#ef5350", "blue": "#42a5f5", "green": "#66bb6a", "yellow": "#ffee58", "white": "#fafafa"}
WARSHIP_FILL = {"yellow": "#fdd835", "purple": "#8e24aa"}
WARSHIP_INK = {"yellow": "#212121", "purple": "#ffffff"}

DISTANT = {d["id"]: d for d in C.BOARD["distant_seas"]}


def _seat_label(seat: int, colour: str, lang: str) -> str:
    return f"{UI.text('seat', lang, n=seat + 1)} ({word(SEAT_COLOURS[colour], lang)})"


def _cargo_words(cubes, lang) -> str:
    return ", ".join(word(COLOURS[c], lang) for c in cubes)


def _fate_words(cid: str, lang: str) -> str:
    card = C.FATE[cid]
    eff = card["effect"]
    ship = word(SHIPS[card["ship"]], lang) if "ship" in card else ""
    text = UI.text(f"bf-fate-{eff}", lang, ship=ship, n=card.get("amount", 0))
    return f"{cid}: {text}"


def _move_words(cid: str, lang: str) -> str:
    c = C.MOVEMENT[cid]
    return UI.text(
        "bf-move-card",
        lang,
        id=cid,
        warship=word(SHIPS[c["warship"]], lang),
        w=c["warship_value"],
        p=c["pirate_value"],
        m=c["merchant_value"],
        symbol=UI.text(f"bf-symbol-{c['symbol']}", lang) if c["symbol"] != "none" else "",
    )
