"""The components of Vor dem Wind (VW-2.0 … VW-2.6), loaded from the schematic data files."""

from __future__ import annotations

import json
import os

from ..core import cites
from ..core.messages import LANGS, N_
from .messages import CATALOG

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

# Names are codes of the game's catalog (engine/locale/<lang>/LC_MESSAGES/vor_dem_wind.po), written
# out with N_ so that `python -m widgets.i18n extract` finds every one; name(key, lang) reads one.
NAMES = {
    "apple": N_("name-apple"),
    "spice": N_("name-spice"),
    "cheese": N_("name-cheese"),
    "silk": N_("name-silk"),
    "buy": N_("name-buy"),
    "warehouse": N_("name-warehouse"),
    "ship": N_("name-ship"),
    "store": N_("name-store"),
    "load-income": N_("name-load-income"),
    "free-buy": N_("name-free-buy"),
    "keep-fresh": N_("name-keep-fresh"),
    "buy-store": N_("name-buy-store"),
    "swap": N_("name-swap"),
    "market": N_("name-market"),
    "reserved": N_("name-reserved"),
    "small": N_("name-small"),
    "large": N_("name-large"),
}

# a good's two-letter mark on the drawings (the legend under the table spells it out)
GOOD_MARKS = {"apple": N_("mark-apple"), "spice": N_("mark-spice"), "cheese": N_("mark-cheese"), "silk": N_("mark-silk")}

# every action type in a player's words, for messages that name a move
ACTION_NAMES = {
    "start-goods": N_("action-start-goods"),
    "reveal": N_("action-reveal"),
    "take": N_("action-take"),
    "offer": N_("action-offer"),
    "pass": N_("action-pass"),
    "reserve": N_("action-reserve"),
    "accept": N_("action-accept"),
    "pay-off": N_("action-pay-off"),
    "buy": N_("action-buy"),
    "store": N_("action-store"),
    "decline": N_("action-decline"),
    "load": N_("action-load"),
    "income": N_("action-income"),
    "free-buy": N_("action-free-buy"),
    "keep-fresh": N_("action-keep-fresh"),
    "buy-store": N_("action-buy-store"),
    "swap": N_("action-swap"),
    "market": N_("action-market"),
    "sell": N_("action-sell"),
    "end-sale": N_("action-end-sale"),
    "keep": N_("action-keep"),
    "end-turn": N_("action-end-turn"),
    "spoil": N_("action-spoil"),
}

# a card's label: its kind's name and the numbers on its face
CARD_LABELS = {
    "buy": N_("card-label-buy"),
    "store": N_("card-label-count-cost"),
    "buy-store": N_("card-label-count-cost"),
    "load-income": N_("card-label-income"),
    "free-buy": N_("card-label-count"),
    "keep-fresh": N_("card-label-count"),
}


def name(key: str, lang: str) -> str:
    """A good, deck, card kind or ship size in `lang`."""
    return CATALOG.text(NAMES[key], lang)


def name_both(key: str) -> dict:
    """The same in every language, as a message parameter."""
    return CATALOG.both(NAMES[key])


def good_mark(good: str, lang: str) -> str:
    return CATALOG.text(GOOD_MARKS[good], lang)


def action_name(kind: str, lang: str) -> str:
    return CATALOG.text(ACTION_NAMES[kind], lang)


def action_both(kind: str) -> dict:
    return CATALOG.both(ACTION_NAMES[kind])


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
    base = name(kind, lang)
    label = CARD_LABELS.get(kind)
    if label is None:
        return base
    return CATALOG.text(
        label,
        lang,
        name=base,
        goods=goods_text(c.get("goods", {}), lang),
        count=c.get("count"),
        cost=c.get("cost"),
        income=c.get("income"),
    )


def card_name_both(card_id: str) -> dict:
    return {lang: card_name(card_id, lang) for lang in LANGS}


def goods_text(counts: dict, lang: str) -> str:
    """ "2 apple, 1 spice" (a goods counts dict), or the word for nothing."""
    parts = [CATALOG.text("goods-item", lang, n=counts[g], good=name(g, lang)) for g in GOODS if counts.get(g)]
    return ", ".join(parts) if parts else CATALOG.text("goods-none", lang)


def goods_both(counts: dict) -> dict:
    return {lang: goods_text(counts, lang) for lang in LANGS}
