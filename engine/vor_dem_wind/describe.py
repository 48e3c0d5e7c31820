"""One-line descriptions of actions, in every language of the catalog (logs and sandbox buttons).

Every text is a `describe-…` code of the game's catalog. `describe_action` answers every action that
passed the action schema, legal or not, without raising: a card or ship id the data does not hold is
shown as its id, a seat as its number from 1.
"""

from __future__ import annotations

from ..core.messages import N_, seat_words
from .components import CARDS, GOODS, MARKET_PRICE, SHIPS, card_name, goods_text, name
from .messages import CATALOG

# the description of each action type (the spoil's parts are added below)
TEXTS = {
    "start-goods": N_("describe-start-goods"),
    "reveal": N_("describe-reveal"),
    "take": N_("describe-take"),
    "offer": N_("describe-offer"),
    "pass": N_("describe-pass"),
    "reserve": N_("describe-reserve"),
    "accept": N_("describe-accept"),
    "pay-off": N_("describe-pay-off"),
    "buy": N_("describe-buy"),
    "store": N_("describe-store"),
    "decline": N_("describe-decline"),
    "load": N_("describe-load"),
    "income": N_("describe-income"),
    "free-buy": N_("describe-card-goods"),
    "buy-store": N_("describe-card-goods"),
    "keep-fresh": N_("describe-keep-fresh"),
    "swap": N_("describe-swap"),
    "market": N_("describe-market"),
    "sell": N_("describe-sell"),
    "end-sale": N_("describe-end-sale"),
    "keep": N_("describe-keep"),
    "end-turn": N_("describe-end-turn"),
    "spoil": N_("describe-spoil"),
}
SELL_FROM = {"hand": N_("describe-from-hand"), "warehouse": N_("describe-from-warehouse")}


def _counts(goods) -> dict:
    counts = {g: 0 for g in GOODS}
    for g in goods or ():
        if g in counts:
            counts[g] += 1
    return counts


def _goods(goods, lang) -> str:
    return goods_text(_counts(goods), lang)


def _card(card, lang) -> str:
    return card_name(card, lang) if card in CARDS else str(card)


def _ship(sid, lang) -> str:
    if sid not in SHIPS:
        return str(sid)
    return CATALOG.text("describe-ship", lang, ship=sid, vp=SHIPS[sid]["vp"])


def _source(src, lang) -> str:
    if src == "hand":
        return CATALOG.text("describe-source-hand", lang)
    return CATALOG.text("describe-source-seat", lang, seat=src + 1 if isinstance(src, int) else src)


def describe_action(state, a, lang):
    """`a` is well formed (it passed the action schema): every type below, with its fields."""
    t = a["type"]
    params = {"card": _card(a.get("card"), lang)}
    if t in ("start-goods", "store", "free-buy", "buy-store"):
        params["goods"] = _goods(a.get("goods"), lang)
    elif t == "reveal":
        params["deck"] = name(a["deck"], lang)
    elif t == "offer":
        params["amount"] = a["amount"]
    elif t in ("accept", "pay-off"):
        params["seat"] = seat_words(a["offerer"] + 1)  # "az 1." / "1": the catalog picks the language
    elif t == "load":
        ships = [_ship(s, lang) for s in a.get("ships", ())]
        params["ships"] = ", ".join(ships) or CATALOG.text("goods-none", lang)
    elif t == "swap":
        steps = [
            CATALOG.text(
                "describe-swap-step",
                lang,
                give=name(st["give"], lang),
                take=name(st["take"], lang),
                source=_source(st["with"], lang),
            )
            for st in a.get("steps", ())
        ]
        params["steps"] = "; ".join(steps) or CATALOG.text("goods-none", lang)
    elif t == "sell":
        params.update(good=name(a["good"], lang), source=CATALOG.text(SELL_FROM[a["from"]], lang), price=MARKET_PRICE)
    elif t == "spoil":
        params["goods"] = _goods(a.get("discard"), lang)
    out = CATALOG.text(TEXTS[t], lang, **params)
    if t == "spoil":
        if a.get("save"):
            out += CATALOG.text("describe-spoil-save", lang, goods=_goods(a["save"], lang))
        if a.get("rescue"):
            out += CATALOG.text("describe-spoil-rescue", lang, goods=_goods(a["rescue"], lang))
    return out
