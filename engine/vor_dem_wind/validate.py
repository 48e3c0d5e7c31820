"""Validation of a state read from JSON (case files, the sandbox editor): every error names its field."""

from __future__ import annotations

import re

from ..core import InputError, expect, need
from . import money
from .components import CARDS, DECKS, GOODS, GOODS_PER_KIND, SHIP_SIZES, SHIPS

HEX16 = re.compile(r"^[0-9a-f]{16}$")
PHASES = ("setup", "reveal", "trade", "execute", "spoil", "over")


def _goods(data, field):
    expect(data, "object", field)
    for k in data:
        if k not in GOODS:
            raise InputError("field-unknown", f"{field}.{k}")
    return {g: need(data, g, "integer", field, low=0, high=GOODS_PER_KIND) for g in GOODS}


def _purse(data, field):
    expect(data, "object", field)
    for k in data:
        if k not in money.KEYS:
            raise InputError("field-unknown", f"{field}.{k}")
    return {k: need(data, k, "integer", field, low=0, high=money.ALL_CARDS[k]) for k in money.KEYS}


def _ids(data, field, known, label):
    expect(data, "list", field)
    for i, x in enumerate(data):
        expect(x, "string", f"{field}[{i}]")
        if x not in known:
            raise InputError("field-value", f"{field}[{i}]", value=repr(x), allowed=label)
    return list(data)


CARD_LABEL = "B01…B40, W01…W40, S01…S40"
SHIP_LABEL = "K01…K20, N01…N26"


def validate_state(game, data, field):
    known = {"players", "options", "rng", "round", "stage", "start", "phase", "turn", "bank", "supply", "decks",
             "ship_decks", "ship_discard", "port", "revealed", "auction", "exec", "spoil_queue", "seats"}
    for k in data:
        if k not in known:
            raise InputError("field-unknown", f"{field}.{k}")
    n = need(data, "players", "integer", field, low=game.players[0], high=game.players[1])
    options = game.resolve_options(data.get("options", {}), f"{field}.options")
    rng = need(data, "rng", "string", field)
    if not HEX16.match(rng):
        raise InputError("field-value", f"{field}.rng", value=repr(rng), allowed="16 hex digits")
    d = {"players": n, "rng": rng,
         "round": need(data, "round", "integer", field, low=1, high=10**6),
         "stage": need(data, "stage", "integer", field, low=1, high=10**6),
         "start": need(data, "start", "integer", field, low=0, high=n - 1),
         "phase": need(data, "phase", "string", field, allowed=PHASES),
         "turn": need(data, "turn", "integer", field, low=0, high=n - 1),
         "bank": _purse(need(data, "bank", "object", field), f"{field}.bank"),
         "supply": _goods(need(data, "supply", "object", field), f"{field}.supply")}
    decks = need(data, "decks", "object", field)
    d["decks"] = {}
    for deck in DECKS:
        dk = need(decks, deck, "object", f"{field}.decks")
        f = f"{field}.decks.{deck}"
        d["decks"][deck] = {"draw": _ids(need(dk, "draw", "list", f), f + ".draw", CARDS, CARD_LABEL),
                            "discard": _ids(need(dk, "discard", "list", f), f + ".discard", CARDS, CARD_LABEL)}
        for part in ("draw", "discard"):
            for i, c in enumerate(d["decks"][deck][part]):
                if CARDS[c]["deck"] != deck:
                    raise InputError("field-value", f"{f}.{part}[{i}]", value=repr(c), allowed=f"{deck} cards")
    sd = need(data, "ship_decks", "object", field)
    d["ship_decks"] = {}
    for size in SHIP_SIZES:
        ids = _ids(need(sd, size, "list", f"{field}.ship_decks"), f"{field}.ship_decks.{size}", SHIPS, SHIP_LABEL)
        for i, s in enumerate(ids):
            if SHIPS[s]["size"] != size:
                raise InputError("field-value", f"{field}.ship_decks.{size}[{i}]", value=repr(s), allowed=f"{size} ships")
        d["ship_decks"][size] = ids
    d["ship_discard"] = _ids(need(data, "ship_discard", "list", field), f"{field}.ship_discard", SHIPS, SHIP_LABEL)
    d["port"] = _ids(need(data, "port", "list", field), f"{field}.port", SHIPS, SHIP_LABEL)
    d["revealed"] = _ids(need(data, "revealed", "list", field), f"{field}.revealed", CARDS, CARD_LABEL)
    seats = need(data, "seats", "list", field)
    if len(seats) != n:
        raise InputError("field-range", f"{field}.seats", low=n, high=n, value=len(seats))
    d["seats"] = [_seat(s, f"{field}.seats[{i}]") for i, s in enumerate(seats)]
    d["auction"] = _auction(data.get("auction"), f"{field}.auction", n)
    d["exec"] = _exec(data.get("exec"), f"{field}.exec")
    q = need(data, "spoil_queue", "list", field)
    for i, x in enumerate(q):
        expect(x, "integer", f"{field}.spoil_queue[{i}]", low=0, high=n - 1)
    d["spoil_queue"] = list(q)
    _conservation(d, field)
    _phase_consistency(d, field)
    return d, options


def _seat(s, f):
    expect(s, "object", f)
    known = {"purse", "goods", "specials", "new_specials", "warehouse", "fresh", "ships", "slot", "reserved_used"}
    for k in s:
        if k not in known:
            raise InputError("field-unknown", f"{f}.{k}")
    out = {"purse": _purse(need(s, "purse", "object", f), f + ".purse"),
           "goods": _goods(need(s, "goods", "object", f), f + ".goods"),
           "specials": _ids(need(s, "specials", "list", f), f + ".specials", CARDS, CARD_LABEL),
           "new_specials": _ids(need(s, "new_specials", "list", f), f + ".new_specials", CARDS, CARD_LABEL),
           "warehouse": _goods(need(s, "warehouse", "object", f), f + ".warehouse"),
           "fresh": _ids(need(s, "fresh", "list", f), f + ".fresh", CARDS, CARD_LABEL),
           "ships": _ids(need(s, "ships", "list", f), f + ".ships", SHIPS, SHIP_LABEL),
           "slot": None, "reserved_used": need(s, "reserved_used", "boolean", f)}
    if sum(out["warehouse"].values()) > 8:
        raise InputError("warehouse-over", f + ".warehouse", catalog=_cat())
    for i, c in enumerate(out["specials"]):
        if CARDS[c]["kind"] not in ("free-buy", "keep-fresh", "buy-store", "swap", "market", "reserved"):
            raise InputError("field-value", f"{f}.specials[{i}]", value=repr(c), allowed="special cards")
    for i, c in enumerate(out["new_specials"]):
        if c not in out["specials"]:
            raise InputError("field-value", f"{f}.new_specials[{i}]", value=repr(c), allowed="cards in specials")
    for i, c in enumerate(out["fresh"]):
        if CARDS[c]["kind"] != "keep-fresh":
            raise InputError("field-value", f"{f}.fresh[{i}]", value=repr(c), allowed="keep-fresh cards")
    slot = s.get("slot")
    if slot is not None:
        expect(slot, "object", f + ".slot")
        if "money" in slot:
            out["slot"] = {"money": _purse(slot["money"], f + ".slot.money")}
        else:
            card = need(slot, "card", "string", f + ".slot")
            if card not in CARDS:
                raise InputError("field-value", f + ".slot.card", value=repr(card), allowed=CARD_LABEL)
            out["slot"] = {"card": card, "face": need(slot, "face", "string", f + ".slot", allowed=("up", "down"))}
    return out


def _auction(a, f, n):
    if a is None:
        return None
    expect(a, "object", f)
    offers = need(a, "offers", "list", f)
    out_offers = []
    for i, o in enumerate(offers):
        fo = f"{f}.offers[{i}]"
        expect(o, "object", fo)
        out_offers.append({"player": need(o, "player", "integer", fo, low=0, high=n - 1),
                           "amount": need(o, "amount", "integer", fo, low=1, high=228)})
    to_ask = need(a, "to_ask", "list", f)
    for i, x in enumerate(to_ask):
        expect(x, "integer", f"{f}.to_ask[{i}]", low=0, high=n - 1)
    card = need(a, "card", "string", f)
    if card not in CARDS:
        raise InputError("field-value", f + ".card", value=repr(card), allowed=CARD_LABEL)
    return {"card": card, "holder": need(a, "holder", "integer", f, low=0, high=n - 1),
            "challenger": need(a, "challenger", "integer", f, low=0, high=n - 1),
            "offers": out_offers, "to_ask": list(to_ask)}


def _exec(e, f):
    if e is None:
        return None
    expect(e, "object", f)
    sale = e.get("sale")
    if sale is not None:
        expect(sale, "string", f + ".sale")
        if sale not in CARDS or CARDS[sale]["kind"] != "market":
            raise InputError("field-value", f + ".sale", value=repr(sale), allowed="market cards")
    return {"card_done": need(e, "card_done", "boolean", f),
            "hand_plays": need(e, "hand_plays", "integer", f, low=0, high=99), "sale": sale}


def _conservation(d, field):
    seen = {}

    def mark(card, where):
        if card in seen:
            raise InputError("card-twice", where, catalog=_cat(), card=card, other=seen[card])
        seen[card] = where

    for deck in DECKS:
        for part in ("draw", "discard"):
            for i, c in enumerate(d["decks"][deck][part]):
                mark(c, f"{field}.decks.{deck}.{part}[{i}]")
    for i, c in enumerate(d["revealed"]):
        mark(c, f"{field}.revealed[{i}]")
    for si, s in enumerate(d["seats"]):
        for part in ("specials", "fresh"):
            for i, c in enumerate(s[part]):
                mark(c, f"{field}.seats[{si}].{part}[{i}]")
        if s["slot"] and "card" in s["slot"]:
            mark(s["slot"]["card"], f"{field}.seats[{si}].slot.card")
    if d["exec"] and d["exec"]["sale"]:
        mark(d["exec"]["sale"], f"{field}.exec.sale")
    if len(seen) != len(CARDS):
        missing = sorted(set(CARDS) - set(seen))
        raise InputError("card-missing", f"{field}.decks", catalog=_cat(), count=len(missing), first=missing[0])
    ships = {}
    places = [(f"{field}.ship_decks.{z}", d["ship_decks"][z]) for z in SHIP_SIZES]
    places += [(f"{field}.ship_discard", d["ship_discard"]), (f"{field}.port", d["port"])]
    places += [(f"{field}.seats[{i}].ships", s["ships"]) for i, s in enumerate(d["seats"])]
    for where, lst in places:
        for i, s in enumerate(lst):
            if s in ships:
                raise InputError("card-twice", f"{where}[{i}]", catalog=_cat(), card=s, other=ships[s])
            ships[s] = f"{where}[{i}]"
    if len(ships) != len(SHIPS):
        missing = sorted(set(SHIPS) - set(ships))
        raise InputError("card-missing", f"{field}.ship_decks", catalog=_cat(), count=len(missing), first=missing[0])
    for g in GOODS:
        total = d["supply"][g] + sum(s["goods"][g] + s["warehouse"][g] for s in d["seats"])
        if total != GOODS_PER_KIND:
            raise InputError("goods-count", f"{field}.supply.{g}", catalog=_cat(), good=g, total=total,
                             want=GOODS_PER_KIND)
    for k in money.KEYS:
        total = d["bank"][k] + sum(s["purse"][k] + (s["slot"]["money"][k] if s["slot"] and "money" in s["slot"] else 0)
                                   for s in d["seats"])
        if total != money.ALL_CARDS[k]:
            raise InputError("gulden-count", f"{field}.bank.{k}", catalog=_cat(), denom=k, total=total,
                             want=money.ALL_CARDS[k])


def _phase_consistency(d, field):
    phase = d["phase"]
    if phase == "trade" and d["auction"] is None and d["seats"][d["turn"]]["slot"] is not None:
        raise InputError("state-inconsistent", f"{field}.turn", catalog=_cat())
    if phase == "trade" and d["auction"] is not None:
        a = d["auction"]
        slot = d["seats"][a["holder"]]["slot"]
        if not slot or slot.get("card") != a["card"] or slot.get("face") != "up" or not a["offers"]:
            raise InputError("state-inconsistent", f"{field}.auction", catalog=_cat())
    if phase == "execute" and d["exec"] is None:
        raise InputError("state-inconsistent", f"{field}.exec", catalog=_cat())
    if phase == "spoil" and (not d["spoil_queue"] or d["spoil_queue"][0] != d["turn"]):
        raise InputError("state-inconsistent", f"{field}.spoil_queue", catalog=_cat())


def _cat():
    from .messages import CATALOG

    return CATALOG
