"""Vor dem Wind's position editor: the field ids and their names. (Moving cards, ships, goods and
gulden while keeping their totals is the engine's: engine/vor_dem_wind/edit.py.)
"""

from __future__ import annotations

from engine.vor_dem_wind.components import CARDS, DECKS, SHIPS, name as word
from engine.vor_dem_wind.position import lenient

from ..ui import UI
from .table import card_words, ship_words

CARD_KINDS = ("buy", "store", "load-income", "free-buy", "keep-fresh", "buy-store", "swap", "market", "reserved")
SEAT_ZONES = ("seat", "hand", "purse", "warehouse", "slot", "specials", "ships")
# the part of a seat an engine message's path names -> the zone that shows it
SEAT_PART_ZONE = {
    "goods": "hand",
    "purse": "purse",
    "warehouse": "warehouse",
    "fresh": "warehouse",
    "slot": "slot",
    "specials": "specials",
    "new_specials": "specials",
    "ships": "ships",
    "reserved_used": "seat",
}


def seats(draft) -> int:
    return len(lenient(draft)["seats"])


def split(fid):
    """ "hand:1" -> ("hand", 1); "ship:N05" -> ("ship", "N05"); "port" -> ("port", None)."""
    zone, _, rest = fid.partition(":")
    return zone, (int(rest) if rest.isdigit() else (rest or None))


def field_name(fid: str, lang: str) -> str:
    zone, arg = split(fid)
    if zone == "deck" and arg in DECKS:
        return UI.text("vw-ed-deck", lang, deck=word(arg, lang))
    if zone == "ship" and arg in SHIPS:
        return ship_words(arg, lang)
    if zone == "card" and arg in CARDS:
        return card_words(arg, lang)
    if zone in SEAT_ZONES and isinstance(arg, int):
        who = UI.text("seat", lang, n=arg + 1)
        return who if zone == "seat" else f"{who}: {UI.text(ZONE_KEYS[zone], lang)}"
    if zone in ZONE_KEYS:
        return UI.text(ZONE_KEYS[zone], lang)
    return fid


ZONE_KEYS = {
    "hand": "vw-ed-hand",
    "purse": "vw-ed-purse",
    "warehouse": "vw-warehouse",
    "slot": "vw-ed-slot",
    "specials": "vw-hand-specials",
    "ships": "vw-ed-ships",
    "supply": "vw-ed-supply",
    "bank": "vw-bank",
    "port": "vw-ed-port",
    "revealed": "vw-ed-revealed-short",
}
