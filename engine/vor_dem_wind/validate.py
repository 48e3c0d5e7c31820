"""Loading a position from JSON and the invariants no schema can express; every error names its field.

The schema (schema/state.schema.json) has already checked the format: types, known fields, card and
ship ids (each deck's pile holds that deck's cards, each ship pile its size). Here: the seat numbers
that must exist at this table, what a slot holds, then `check_position`: conservation of every card,
ship, good and gulden, the phase's consistency and the end condition.
"""

from __future__ import annotations

from ..core import InputError, Rng, expect
from ..core.messages import seat_words
from . import money
from .components import (CARDS, DECKS, GOAL, GOODS, GOODS_PER_KIND, PORT, SHIP_SIZES, SHIPS, WAREHOUSE_PLACES,
                         name_both, phase_both)
from .messages import CATALOG


def _seat_no(value, field, n):
    expect(value, "integer", field, low=0, high=n - 1)


def load_state(data: dict, field: str) -> dict:
    """The position as the engine keeps it (one plain-JSON dict), from data that passed the schema."""
    n = data["players"]
    seats = data["seats"]
    if len(seats) != n:
        raise InputError("field-count", f"{field}.seats", low=n, high=n, value=len(seats))
    for key in ("start", "turn"):
        _seat_no(data[key], f"{field}.{key}", n)
    for i, x in enumerate(data["spoil_queue"]):
        _seat_no(x, f"{field}.spoil_queue[{i}]", n)
    a = data["auction"]
    if a is not None:
        for key in ("holder", "challenger"):
            _seat_no(a[key], f"{field}.auction.{key}", n)
        for i, o in enumerate(a["offers"]):
            _seat_no(o["player"], f"{field}.auction.offers[{i}].player", n)
        for i, x in enumerate(a["to_ask"]):
            _seat_no(x, f"{field}.auction.to_ask[{i}]", n)
    for i, s in enumerate(seats):
        slot = s["slot"]
        f = f"{field}.seats[{i}].slot"
        if slot is None:
            continue
        # a slot holds a card lying face up or down, or money: never both
        keys = ("card", "face") if "card" in slot or "money" not in slot else ("money",)
        for key in keys:
            if key not in slot:
                raise InputError("field-missing", f"{f}.{key}")
        extra = sorted(k for k in slot if k not in keys)
        if extra:
            raise InputError("field-unknown", f"{f}.{extra[0]}")
    d = {k: data[k] for k in ("players", "round", "stage", "start", "phase", "turn", "bank", "supply", "decks",
                              "ship_decks", "ship_discard", "port", "revealed", "auction", "exec", "spoil_queue",
                              "seats")}
    d = _clone(d)
    d["rng"] = Rng.from_json(data.get("rng")).to_json()
    return d


def _clone(x):
    if isinstance(x, dict):
        return {k: _clone(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_clone(v) for v in x]
    return x


# ---------------------------------------------------------------------------------------------- invariants
def check_position(state, field: str) -> None:
    d = state.d
    _cards(d, field)
    _ships(d, field)
    _goods(d, field)
    _gulden(d, field)
    _seats(state, field)
    _phase(state, field)
    _end(state, field)


def _cards(d, field):
    """The 120 action cards, each in one place (VW-2.0, VW-2.1)."""
    seen = {}

    def mark(card, where):
        if card in seen:
            raise InputError("card-twice", where, card=card, other=seen[card], catalog=CATALOG)
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
        deck = CARDS[missing[0]]["deck"]
        raise InputError("card-missing", f"{field}.decks.{deck}", count=len(missing), first=missing[0],
                         catalog=CATALOG)


def _ships(d, field):
    """The 46 ships, each in one place (VW-2.4), and no more in port than arrive (VW-3.0, VW-4.4.2)."""
    seen = {}
    places = [(f"{field}.ship_decks.{z}", d["ship_decks"][z]) for z in SHIP_SIZES]
    places += [(f"{field}.ship_discard", d["ship_discard"]), (f"{field}.port", d["port"])]
    places += [(f"{field}.seats[{i}].ships", s["ships"]) for i, s in enumerate(d["seats"])]
    for where, ships in places:
        for i, s in enumerate(ships):
            if s in seen:
                raise InputError("card-twice", f"{where}[{i}]", card=s, other=seen[s], catalog=CATALOG)
            seen[s] = f"{where}[{i}]"
    if len(seen) != len(SHIPS):
        missing = sorted(set(SHIPS) - set(seen))
        raise InputError("card-missing", f"{field}.ship_decks.{SHIPS[missing[0]]['size']}", count=len(missing),
                         first=missing[0], catalog=CATALOG)
    large, small = PORT[d["players"]]
    for size, most in (("large", large), ("small", small)):
        count = sum(1 for s in d["port"] if SHIPS[s]["size"] == size)
        if count > most:
            raise InputError("port-too-many", f"{field}.port", count=count, size=name_both(size), most=most,
                             players=d["players"], catalog=CATALOG)


def _blame(holders, extra, fallback):
    """The field to name when a total is wrong. The bank and the supply hold what the players do not, so a
    shortage is blamed on them (`fallback`); a surplus on the player pile holding the most of that kind (a
    purse or a warehouse is what a person edits), or on them when the players hold none."""
    if extra > 0:
        where, count = max(holders, key=lambda h: h[1], default=(fallback, 0))
        if count > 0:
            return where
    return fallback


def _goods(d, field):
    """60 goods cards, 15 of each kind (VW-2.0, VW-2.2)."""
    for g in GOODS:
        holders = [(f"{field}.seats[{i}].{pile}.{g}", s[pile][g])
                   for i, s in enumerate(d["seats"]) for pile in ("goods", "warehouse")]
        total = d["supply"][g] + sum(c for _, c in holders)
        if total != GOODS_PER_KIND:
            raise InputError("goods-count", _blame(holders, total - GOODS_PER_KIND, f"{field}.supply.{g}"),
                             good=g, total=total, want=GOODS_PER_KIND, catalog=CATALOG)


def _gulden(d, field):
    """60 gulden cards, 228 gulden (VW-2.0, VW-2.3): in the bank, in purses, or on the table in a slot."""
    for k in money.KEYS:
        holders = []
        for i, s in enumerate(d["seats"]):
            holders.append((f"{field}.seats[{i}].purse.{k}", s["purse"][k]))
            if s["slot"] and "money" in s["slot"]:
                holders.append((f"{field}.seats[{i}].slot.money.{k}", s["slot"]["money"][k]))
        total = d["bank"][k] + sum(c for _, c in holders)
        if total != money.ALL_CARDS[k]:
            raise InputError("gulden-count", _blame(holders, total - money.ALL_CARDS[k], f"{field}.bank.{k}"),
                             denom=k, total=total, want=money.ALL_CARDS[k], catalog=CATALOG)


def _seats(state, field):
    d = state.d
    for i, s in enumerate(d["seats"]):
        f = f"{field}.seats[{i}]"
        if sum(s["warehouse"].values()) > WAREHOUSE_PLACES:
            raise InputError("warehouse-over", f + ".warehouse", catalog=CATALOG)
        for j, c in enumerate(s["new_specials"]):
            if c not in s["specials"] or c in s["new_specials"][:j]:
                raise InputError("new-special-not-held", f"{f}.new_specials[{j}]", card=c, catalog=CATALOG)


def _phase(state, field):
    """What belongs to each phase, and the counters within their limits (VW-3.0 … VW-4.4)."""
    d = state.d
    n = d["players"]
    phase = d["phase"]
    seats = d["seats"]
    if d["start"] != (d["round"] - 1) % n:  # the start player passes left every round (VW-4.3)
        raise InputError("start-round", f"{field}.start", start=d["start"] + 1, round=d["round"],
                         want=(d["round"] - 1) % n + 1, catalog=CATALOG)
    if d["stage"] > d["round"]:
        raise InputError("stage-round", f"{field}.stage", stage=d["stage"], round=d["round"], catalog=CATALOG)
    # the parts of the table that belong to one phase only
    if d["auction"] is not None and phase != "trade":
        raise _misplaced(f"{field}.auction", phase)
    if (d["exec"] is not None) != (phase == "execute"):
        if d["exec"] is not None:
            raise _misplaced(f"{field}.exec", phase)
        raise InputError("phase-needs", f"{field}.exec", phase=phase_both(phase), catalog=CATALOG)
    if d["spoil_queue"] and phase != "spoil":
        raise _misplaced(f"{field}.spoil_queue", phase)
    if d["revealed"] and phase not in ("reveal", "trade"):
        raise _misplaced(f"{field}.revealed", phase)
    for i, s in enumerate(seats):
        f = f"{field}.seats[{i}]"
        slot = s["slot"]
        if slot is not None and phase not in ("trade", "execute"):
            raise _misplaced(f + ".slot", phase)
        if s["new_specials"] and phase != "execute":
            raise _misplaced(f + ".new_specials", phase)
        if s["reserved_used"] and phase not in ("trade", "execute"):
            raise _misplaced(f + ".reserved_used", phase)
        if phase == "execute" and slot is not None:
            # trading is over: cards lie face down, and the money won went into the hand (VW-4.2)
            if slot.get("face") == "up":
                raise _misplaced(f + ".slot.face", phase)
            if "money" in slot and any(slot["money"].values()):
                raise InputError("slot-money-left", f + ".slot.money", catalog=CATALOG)
    {"setup": _setup, "reveal": _reveal, "trade": _trade, "execute": _execute, "spoil": _spoil,
     "over": lambda state, field: None}[phase](state, field)
    if phase in ("setup", "reveal", "trade") and len(d["port"]) <= 2 and not _fleet_exhausted(d):
        raise InputError("port-few", f"{field}.port", count=len(d["port"]), catalog=CATALOG)


def _misplaced(where, phase):
    return InputError("not-this-phase", where, phase=phase_both(phase), catalog=CATALOG)


def _fleet_exhausted(d):
    """Fewer ships arrive only when a size's pile and its discards have run out (VW-4.4.2)."""
    return any(not d["ship_decks"][z] and not any(SHIPS[s]["size"] == z for s in d["ship_discard"])
               for z in SHIP_SIZES)


def _setup(state, field):
    """Seats before the one to move have taken their 2 starting goods; nothing else has happened (VW-3.0)."""
    d = state.d
    if d["round"] != 1:
        raise _misplaced(f"{field}.round", "setup")
    for i, s in enumerate(d["seats"]):
        f = f"{field}.seats[{i}]"
        want = 2 if i < d["turn"] else 0
        if sum(s["goods"].values()) != want:
            raise InputError("setup-goods", f + ".goods", seat=seat_words(i + 1), want=want, catalog=CATALOG)
        if any(s["warehouse"].values()):
            raise _misplaced(f + ".warehouse", "setup")
        for part in ("specials", "fresh", "ships"):
            if s[part]:
                raise _misplaced(f"{f}.{part}", "setup")


def _reveal(state, field):
    """The start player reveals one card per player, at most 2 from a deck (VW-4.1)."""
    d = state.d
    if d["turn"] != d["start"]:
        raise InputError("turn-start", f"{field}.turn", start=d["start"] + 1, catalog=CATALOG)
    decks = [CARDS[c]["deck"] for c in d["revealed"]]
    if len(decks) >= d["players"] or any(decks.count(deck) > 2 for deck in DECKS):
        raise InputError("reveal-too-many", f"{field}.revealed", count=len(decks), players=d["players"],
                         catalog=CATALOG)


def _trade(state, field):
    """Every revealed card is free or in front of one player; the auction is the one running (VW-4.2)."""
    d = state.d
    seats = d["seats"]
    held = sum(1 for s in seats if s["slot"] and "card" in s["slot"])
    if len(d["revealed"]) + held != d["players"]:
        raise InputError("trade-cards", f"{field}.revealed", count=len(d["revealed"]) + held, players=d["players"],
                         catalog=CATALOG)
    a = d["auction"]
    if a is None:
        if seats[d["turn"]]["slot"] is not None:
            raise InputError("turn-has-slot", f"{field}.turn", seat=seat_words(d["turn"] + 1), catalog=CATALOG)
        return
    f = f"{field}.auction"
    slot = seats[a["holder"]]["slot"]
    if not slot or slot.get("card") != a["card"] or slot.get("face") != "up":
        raise InputError("auction-card", f + ".card", seat=seat_words(a["holder"] + 1), catalog=CATALOG)
    if d["turn"] != a["challenger"]:
        raise InputError("auction-turn", f"{field}.turn", seat=seat_words(a["challenger"] + 1), catalog=CATALOG)
    if not a["offers"] or a["offers"][0]["player"] != a["challenger"]:
        raise InputError("auction-challenger", f + ".offers", seat=seat_words(a["challenger"] + 1), catalog=CATALOG)
    bidders = []
    for i, o in enumerate(a["offers"]):
        p = o["player"]
        if p == a["holder"] or p in bidders or seats[p]["slot"] is not None:
            raise InputError("auction-bidder", f"{f}.offers[{i}].player", seat=seat_words(p + 1), catalog=CATALOG)
        bidders.append(p)
        # an offer is at least 1 gulden and no more than the offerer can pay (VW-4.2, VW-2.3)
        if o["amount"] < 1 or not money.can_pay(seats[p]["purse"], o["amount"], d["bank"], False):
            raise InputError("offer-unpayable", f"{f}.offers[{i}].amount", seat=seat_words(p + 1), amount=o["amount"],
                             catalog=CATALOG)
    for i, p in enumerate(a["to_ask"]):
        if p == a["holder"] or p in bidders or p in a["to_ask"][:i] or seats[p]["slot"] is not None:
            raise InputError("auction-bidder", f"{f}.to_ask[{i}]", seat=seat_words(p + 1), catalog=CATALOG)


def _execute(state, field):
    """The players carry out their cards in turn from the start player (VW-4.3, VW-4.3.2)."""
    d = state.d
    ex = d["exec"]
    n = d["players"]
    turn = d["turn"]
    slot = d["seats"][turn]["slot"]
    if ex["card_done"] == bool(slot and "card" in slot):
        raise InputError("exec-card-done", f"{field}.exec.card_done", seat=seat_words(turn + 1), catalog=CATALOG)
    done = [(d["start"] + k) % n for k in range((turn - d["start"]) % n)]
    for i in done:
        s = d["seats"][i]["slot"]
        if s and "card" in s:
            raise InputError("exec-not-done", f"{field}.seats[{i}].slot", seat=seat_words(i + 1), catalog=CATALOG)
    if state.options["hand_specials"] == "one" and ex["hand_plays"] > 1:
        raise InputError("field-range", f"{field}.exec.hand_plays", low=0, high=1, value=ex["hand_plays"])


def _spoil(state, field):
    """After the round that left 2 ships or fewer, each player in turn lets goods spoil (VW-4.4.1)."""
    d = state.d
    n = d["players"]
    order = [(d["start"] + k) % n for k in range(n)]
    q = d["spoil_queue"]
    if not q or q != order[n - len(q):]:
        raise InputError("spoil-order", f"{field}.spoil_queue", catalog=CATALOG)
    if d["turn"] != q[0]:
        raise InputError("spoil-order", f"{field}.turn", catalog=CATALOG)
    if len(d["port"]) > 2:
        raise InputError("spoil-port", f"{field}.port", count=len(d["port"]), catalog=CATALOG)


def _end(state, field):
    """The game ends at the end of the round in which a player reached the goal (VW-5.0); only the
    execute phase, in the middle of that round, may show a goal reached and the game not over; under
    the reading end_and_spoil=spoil-first, so may the spoilage that comes before the end (VW-4.4)."""
    d = state.d
    goal = GOAL[d["players"]]
    best = max(state.vp(i) for i in range(d["players"]))
    if d["phase"] == "over" and best < goal:
        raise InputError("over-not-reached", f"{field}.phase", best=best, goal=goal, catalog=CATALOG)
    allowed = ("over", "execute", "spoil") if state.options["end_and_spoil"] == "spoil-first" else ("over", "execute")
    if d["phase"] not in allowed and best >= goal:
        raise InputError("goal-reached", f"{field}.phase", best=best, goal=goal, catalog=CATALOG)
