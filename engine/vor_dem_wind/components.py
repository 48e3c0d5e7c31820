"""The components of Vor dem Wind (VW-2.0 … VW-2.6), loaded from the schematic data files."""

from __future__ import annotations

import json
import os

from ..core import cites

GOODS = ("apple", "spice", "cheese", "silk")
GOODS_PER_KIND = 15  # 60 goods cards (VW-2.0, VW-2.2)
DECKS = ("buy", "warehouse", "ship")
DECK_SIZE = 40
WAREHOUSE_PLACES = 8  # VW-2.5
SHIP_SIZES = ("small", "large")
SHIP_COUNTS = {"small": 20, "large": 26}
# ships in port per player count: (large, small) (VW-3.0, VW-4.4.2)
PORT = {2: (3, 2), 3: (3, 3), 4: (4, 3)}
# victory points that end the game (VW-5.0)
GOAL = {2: 60, 3: 50, 4: 50}
SPECIAL_COUNTS = {  # VW-4.3.2: the special cards per deck
    "buy": {"free-buy": 4, "keep-fresh": 4},
    "warehouse": {"buy-store": 5, "swap": 5},
    "ship": {"market": 4, "reserved": 4},
}
BASIC_KIND = {"buy": "buy", "warehouse": "store", "ship": "load-income"}
SPECIAL_KINDS = ("free-buy", "keep-fresh", "buy-store", "swap", "market", "reserved")
MARKET_PRICE = 3  # VW-4.3.2.5
RESERVED_COMPENSATION = 5  # VW-4.3.2.6

NAMES = {
    "apple": {"hu": "alma", "en": "apple"},
    "spice": {"hu": "fűszer", "en": "spice"},
    "cheese": {"hu": "sajt", "en": "cheese"},
    "silk": {"hu": "selyem", "en": "silk"},
    "buy": {"hu": "vásárlás", "en": "buy"},
    "warehouse": {"hu": "raktár", "en": "warehouse"},
    "ship": {"hu": "rakomány/bevétel", "en": "load/income"},
    "store": {"hu": "raktározás", "en": "store"},
    "load-income": {"hu": "rakomány feltöltés/bevétel", "en": "load/income"},
    "free-buy": {"hu": "szabad vásárlás", "en": "free buy"},
    "keep-fresh": {"hu": "friss állapotban tartás", "en": "keep fresh"},
    "buy-store": {"hu": "vásárlás és raktározás", "en": "buy and store"},
    "swap": {"hu": "raktározott áruk cseréje", "en": "swap stored goods"},
    "market": {"hu": "eladás a piacon", "en": "market sale"},
    "reserved": {"hu": "előre biztosított akció", "en": "reserved action"},
    "small": {"hu": "kis hajó", "en": "small ship"},
    "large": {"hu": "nagy hajó", "en": "large ship"},
}

PHASE_NAMES = {
    "setup": {"hu": "előkészület", "en": "setup"},
    "reveal": {"hu": "akciókártyák felfordítása", "en": "revealing action cards"},
    "trade": {"hu": "kereskedés", "en": "trading"},
    "execute": {"hu": "végrehajtás", "en": "executing actions"},
    "spoil": {"hu": "romlás", "en": "spoilage"},
    "over": {"hu": "vége", "en": "game over"},
}

_HERE = os.path.dirname(os.path.abspath(__file__))


def _load(name: str) -> dict:
    with open(os.path.join(_HERE, "data", name), encoding="utf-8") as f:
        return json.load(f)


@cites("VW-2.0", "VW-2.1", "VW-4.3.2")
def validate_cards(data: dict) -> dict:
    """120 action cards, 40 per deck, with the special cards the rulebook counts."""
    cards = {}
    per_deck = {d: {} for d in DECKS}
    for c in data["cards"]:
        if c["id"] in cards:
            raise ValueError(f"duplicate card id {c['id']}")
        deck, kind = c["deck"], c["kind"]
        if deck not in DECKS or (kind != BASIC_KIND[deck] and kind not in SPECIAL_COUNTS[deck]):
            raise ValueError(f"card {c['id']}: kind {kind} is not in deck {deck}")
        cards[c["id"]] = c
        per_deck[deck][kind] = per_deck[deck].get(kind, 0) + 1
    for deck in DECKS:
        if sum(per_deck[deck].values()) != DECK_SIZE:
            raise ValueError(f"deck {deck} has {sum(per_deck[deck].values())} cards, not {DECK_SIZE}")
        for kind, n in SPECIAL_COUNTS[deck].items():
            if per_deck[deck].get(kind, 0) != n:
                raise ValueError(f"deck {deck} needs {n} {kind} cards")
    return cards


@cites("VW-2.0", "VW-2.4")
def validate_ships(data: dict) -> dict:
    ships = {}
    for s in data["ships"]:
        if s["id"] in ships:
            raise ValueError(f"duplicate ship id {s['id']}")
        ships[s["id"]] = s
    for size, n in SHIP_COUNTS.items():
        if sum(1 for s in ships.values() if s["size"] == size) != n:
            raise ValueError(f"there must be {n} {size} ships")
    return ships


CARDS_DATA = _load("cards.json")
SHIPS_DATA = _load("ships.json")
CARDS = validate_cards(CARDS_DATA)
SHIPS = validate_ships(SHIPS_DATA)
CARD_IDS = {d: sorted(i for i, c in CARDS.items() if c["deck"] == d) for d in DECKS}
SHIP_IDS = {s: sorted(i for i, x in SHIPS.items() if x["size"] == s) for s in SHIP_SIZES}


def card_name(card_id: str, lang: str) -> str:
    c = CARDS[card_id]
    kind = c["kind"]
    base = NAMES[kind][lang]
    if kind == "buy":
        return f"{base} ({goods_text(c['goods'], lang)})"
    if kind in ("store", "buy-store"):
        return f"{base} ({c['count']} / {c['cost']} G)"
    if kind == "load-income":
        return f"{base} ({c['income']} G)"
    if kind in ("free-buy", "keep-fresh"):
        return f"{base} ({c['count']})"
    return base


def goods_text(counts: dict, lang: str) -> str:
    parts = [f"{counts[g]} {NAMES[g][lang]}" for g in GOODS if counts.get(g)]
    return ", ".join(parts) if parts else ("semmi" if lang == "hu" else "nothing")
