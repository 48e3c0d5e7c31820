"""Black Fleet's position editor: how it names and reads the draft position. The edits that keep its
totals are the engine's (engine/black_fleet/edit.py); the editor itself is edit.py."""

from __future__ import annotations

import re

from engine.black_fleet import components as C
from engine.black_fleet.edit import SHIP_KINDS, pieces_at as _pieces_at, seats
from engine.black_fleet.messages import DISTANT_SEAS, LAND as LAND_NAMES, PORTS as PORT_NAMES, SEAT_COLOURS, word

from ..editing import Ids
from ..ui import UI
from .board import DISTANT, SEA_IDS

__all__ = ("LAND", "PLACES", "SEAT_PART", "SHIP_KINDS", "_pieces_at", "_seat_name", "_stock", "_swatch", "field_name", "seats")

LAND = {c["id"]: LAND_NAMES[land["id"]] for land in C.BOARD["land"] for c in land["cells"]}
PLACES = Ids(SEA_IDS) | Ids(DISTANT) | Ids(C.PORTS)
SEAT_PART = re.compile(r"^state\.seats\[(\d+)\]\.(\w+)")


def field_name(fid: str, lang: str) -> str:
    if fid in C.PORTS:
        return word(PORT_NAMES[fid], lang)
    if fid in DISTANT:
        return word(DISTANT_SEAS[fid], lang)
    if fid in LAND:
        return f"{fid} ({word(LAND[fid], lang)})"
    return fid


def _seat_name(seat: int, draft, lang: str) -> str:
    colour = seats(draft)[seat].get("colour") if seat < len(seats(draft)) and isinstance(seats(draft)[seat], dict) else None
    words = UI.text("seat", lang, n=seat + 1)
    return f"{words} ({word(SEAT_COLOURS[colour], lang)})" if colour in SEAT_COLOURS else words


def _swatch(fill: str) -> str:
    return f'<span class="kikoto-swatch" style="background:{fill}"></span>'


def _stock(draft) -> dict:
    """The ports' stock as the draft has it (read only; a draft without one has the full stock)."""
    st = draft.get("stock")
    return st if isinstance(st, dict) else {c: C.CUBES_PER_COLOUR for c in C.COLOURS}
