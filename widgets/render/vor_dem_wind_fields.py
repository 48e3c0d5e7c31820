"""Vor dem Wind's position editor: the field ids and their names, and moving cards, ships, goods and
gulden while keeping their totals (a good comes out of the supply and goes back to it, and so on).
"""

from __future__ import annotations

from engine.vor_dem_wind import money
from engine.vor_dem_wind.components import CARDS, DECKS, SHIP_SIZES, SHIPS
from engine.vor_dem_wind.components import name as word

from .ui import UI
from .vor_dem_wind_table import _arr, _obj, card_words, ship_words

CARD_KINDS = ("buy", "store", "load-income", "free-buy", "keep-fresh", "buy-store", "swap", "market", "reserved")
SEAT_ZONES = ("seat", "hand", "purse", "warehouse", "slot", "specials", "ships")
PHASES = ("setup", "reveal", "trade", "execute", "spoil", "over")
# the part of a seat an engine message's path names -> the zone that shows it
SEAT_PART_ZONE = {"goods": "hand", "purse": "purse", "warehouse": "warehouse", "fresh": "warehouse", "slot": "slot",
                  "specials": "specials", "new_specials": "specials", "ships": "ships", "reserved_used": "seat"}


def seats(draft) -> int:
    return len(_arr(draft.get("seats")))


def split(fid):
    """"hand:1" -> ("hand", 1); "ship:N05" -> ("ship", "N05"); "port" -> ("port", None)."""
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
        return who if zone == "seat" else f'{who}: {UI.text(ZONE_KEYS[zone], lang)}'
    if zone in ZONE_KEYS:
        return UI.text(ZONE_KEYS[zone], lang)
    return fid


ZONE_KEYS = {"hand": "vw-ed-hand", "purse": "vw-ed-purse", "warehouse": "vw-warehouse", "slot": "vw-ed-slot",
             "specials": "vw-hand-specials", "ships": "vw-ed-ships", "supply": "vw-ed-supply", "bank": "vw-bank",
             "port": "vw-ed-port", "revealed": "vw-ed-revealed-short"}


# -- moving cards, ships, goods and gulden while keeping their totals --------------------------------

def _take_card(d, kind):
    """A card of this kind out of its deck (the draw pile first, then the discards), or None."""
    deck = next((CARDS[c]["deck"] for c in CARDS if CARDS[c]["kind"] == kind), None)
    piles = _obj(_obj(d.get("decks")).get(deck))
    for part in ("draw", "discard"):
        pile = _arr(piles.get(part))
        for i, c in enumerate(pile):
            if CARDS.get(c, {}).get("kind") == kind:
                return pile.pop(i)
    return None


def _card_home(d, cid):
    if cid in CARDS:
        d["decks"][CARDS[cid]["deck"]]["discard"].append(cid)


def _take_ship(d, size):
    for pile in (_arr(_obj(d.get("ship_decks")).get(size)), _arr(d.get("ship_discard"))):
        for i, s in enumerate(pile):
            if SHIPS.get(s, {}).get("size") == size:
                return pile.pop(i)
    return None


def _ship_home(d, sid):
    if sid in SHIPS:
        d["ship_decks"][SHIPS[sid]["size"]].append(sid)


def _card_places(d):
    """Every list (or slot) that may hold an action card: (container, key)."""
    for deck in DECKS:
        for part in ("draw", "discard"):
            yield d["decks"][deck][part]
    yield d["revealed"]
    for s in d["seats"]:
        yield s["specials"]
        yield s["fresh"]


def _ship_places(d):
    yield from (d["ship_decks"][z] for z in SHIP_SIZES)
    yield d["ship_discard"]
    yield d["port"]
    for s in d["seats"]:
        yield s["ships"]


def _pull_card(d, cid):
    """Takes an action card from wherever it lies (the first place found)."""
    for s in d["seats"]:
        slot = s.get("slot")
        if isinstance(slot, dict) and slot.get("card") == cid:
            s["slot"] = None
            if cid in s.get("new_specials", []):
                s["new_specials"].remove(cid)
            return True
    for pile in _card_places(d):
        if cid in pile:
            pile.remove(cid)
            for s in d["seats"]:
                if cid in s.get("new_specials", []) and cid not in s["specials"]:
                    s["new_specials"].remove(cid)
            return True
    return False


def _pull_ship(d, sid):
    for pile in _ship_places(d):
        if sid in pile:
            pile.remove(sid)
            return True
    return False


def _swap_value(d, places, path, old, new, home):
    """`new` was just set at `path`: it leaves the place it lay in, and `old` takes that place when
    it is of the same pile (a card's deck, a ship's size), else goes back to its own pile (`home`)."""
    target = d
    for key in path[:-1]:
        target = target[key]
    same = (CARDS.get(old, {}).get("deck") == CARDS.get(new, {}).get("deck") if old in CARDS
            else SHIPS.get(old, {}).get("size") == SHIPS.get(new, {}).get("size"))
    for pile in places:
        for i, x in enumerate(pile):
            if x == new and not (pile is target and i == path[-1]):
                if same:
                    pile[i] = old
                else:
                    pile.pop(i)
                    home(d, old)
                return


def _clear_slot(d, seat):
    """A slot emptied: its card back to its deck's discards, its money back to the player's purse."""
    s = d["seats"][seat]
    slot = s.get("slot")
    if isinstance(slot, dict):
        if slot.get("card") in CARDS:
            _card_home(d, slot["card"])
        if isinstance(slot.get("money"), dict):
            money.add(s["purse"], slot["money"])
    s["slot"] = None


def _tidy(d):
    """What belongs to a phase, kept in step with the phase and turn chosen (VW-4.1 … VW-4.4)."""
    phase = d.get("phase")
    n = len(d["seats"])
    if phase != "trade":
        d["auction"] = None
    if phase != "spoil":
        d["spoil_queue"] = []
    elif not d["spoil_queue"]:
        d["spoil_queue"] = [(d["start"] + k) % n for k in range(n)]
        d["turn"] = d["spoil_queue"][0]
    if phase not in ("reveal", "trade"):
        for c in list(d["revealed"]):
            _card_home(d, c)
        d["revealed"] = []
    for i, s in enumerate(d["seats"]):
        if phase not in ("trade", "execute"):
            _clear_slot(d, i)
            s["reserved_used"] = False
        if phase != "execute":
            s["new_specials"] = []
        elif isinstance(s.get("slot"), dict) and s["slot"].get("face") == "up":
            s["slot"]["face"] = "down"  # trading is over (VW-4.2)
        if phase == "execute" and isinstance(s.get("slot"), dict) and "money" in s["slot"]:
            _clear_slot(d, i)  # the money won went into the hand
    if phase == "execute":
        ex = d.get("exec") if isinstance(d.get("exec"), dict) else {"hand_plays": 0, "sale": None}
        turn = d["turn"] if isinstance(d["turn"], int) and 0 <= d["turn"] < n else 0
        slot = d["seats"][turn].get("slot")
        ex["card_done"] = not (isinstance(slot, dict) and "card" in slot)
        d["exec"] = ex
    else:
        if isinstance(d.get("exec"), dict) and d["exec"].get("sale") in CARDS:
            _card_home(d, d["exec"]["sale"])
        d["exec"] = None
    if phase in ("reveal", "setup"):
        d["turn"] = d["start"] if phase == "reveal" else d["turn"]


def path_value(data, path):
    for key in path:
        data = data[key]
    return data
