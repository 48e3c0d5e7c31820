"""Editing a Vor dem Wind position (a draft: the position's JSON) while keeping every total.

Each operation changes the draft in place and keeps conservation (engine/vor_dem_wind/position.py):
a good comes out of the supply and goes back to it, a gulden card out of the bank, an action card out
of its deck and back to its discard pile, a ship out of the sailed ships or its pile and back to the
sailed ships. An operation that cannot keep the totals (the supply has no such good left) changes
nothing and returns False. Whether the result is a possible position is `position.problems`' to say:
an operation never changes another setting to make it so (setting the phase keeps the player to move,
setting the round keeps the start player), and `settle_piles` is the one-tap fix for the piles.

The position editor (widgets/render/vor_dem_wind/edit.py) calls these; it writes no position field.
"""

from __future__ import annotations

from ..core import InputError
from . import money
from .components import CARDS, DECKS, GOODS, SHIP_SIZES, SHIPS

# settle_piles is an editing operation; it lives in position.py, whose loader also settles old positions with it
from .position import PHASES, load, new_seat, settle_piles  # noqa: F401

PILES = ("goods", "warehouse")  # a seat's piles of goods: the hand and the warehouse


# -- goods and gulden ------------------------------------------------------------------------------
def add_good(d, seat: int, pile: str, good: str) -> bool:
    """One good from the supply into a seat's hand ("goods") or warehouse."""
    if d["supply"][good] < 1:
        return False
    d["supply"][good] -= 1
    d["seats"][seat][pile][good] += 1
    return True


def remove_good(d, seat: int, pile: str, good: str | None = None) -> bool:
    """One good (of this kind, or the last kind held) from a seat's pile back to the supply."""
    held = d["seats"][seat][pile]
    if good is None:
        good = next((g for g in reversed(GOODS) if held[g] > 0), None)
    if good is None or held[good] < 1:
        return False
    held[good] -= 1
    d["supply"][good] += 1
    return True


def add_coin(d, seat: int, where: str, denom: str) -> bool:
    """One gulden card from the bank into a seat's purse, or in front of it ("slot": money won in trading;
    a card lying there goes back to its deck)."""
    if d["bank"][denom] < 1:
        return False
    s = d["seats"][seat]
    if where == "slot":
        if not (s["slot"] and "money" in s["slot"]):
            clear_slot(d, seat)
            s["slot"] = {"money": money.empty()}
        pile = s["slot"]["money"]
    else:
        pile = s["purse"]
    d["bank"][denom] -= 1
    pile[denom] += 1
    return True


def remove_coin(d, seat: int, denom: str | None = None) -> bool:
    """One gulden card (of this value, or the smallest held) from a seat's purse back to the bank."""
    purse = d["seats"][seat]["purse"]
    if denom is None:
        denom = next((k for k in money.KEYS if purse[k] > 0), None)
    if denom is None or purse[denom] < 1:
        return False
    purse[denom] -= 1
    d["bank"][denom] += 1
    return True


def set_count(d, path: list, old, new) -> bool:
    """A counter was set from `old` to `new` (a seat's goods, warehouse or purse, or money in a slot): the
    difference comes out of (or goes back to) the supply or the bank. When the pool has too few, the
    number typed stays and the pool is left as it is: the problems then say which total is wrong."""
    if not (isinstance(old, int) and isinstance(new, int)):
        return False
    key = path[-1]
    pool = d["supply"] if key in GOODS else d["bank"]
    if not isinstance(pool.get(key), int) or pool[key] < new - old:
        return False
    pool[key] -= new - old
    return True


# -- cards and ships -------------------------------------------------------------------------------
def take_card(d, kind: str) -> str | None:
    """A card of this kind out of its deck: a discarded one first (a card already revealed, so the draw
    piles keep their count), else from the bottom of the draw pile; None when the deck has none."""
    deck = next(CARDS[c]["deck"] for c in CARDS if CARDS[c]["kind"] == kind)
    for part in ("discard", "draw"):
        pile = d["decks"][deck][part]
        for i, c in enumerate(pile):
            if CARDS[c]["kind"] == kind:
                return pile.pop(i)
    return None


def pull_card(d, cid: str) -> bool:
    """An action card taken from wherever it lies (a slot, the revealed cards, a pile, a hand…)."""
    for s in d["seats"]:
        if s["slot"] and s["slot"].get("card") == cid:
            s["slot"] = None
            _forget_new(s, cid)
            return True
    if d["exec"] and d["exec"].get("sale") == cid:
        d["exec"]["sale"] = None
        return True
    for pile in _card_piles(d):
        if cid in pile:
            pile.remove(cid)
            for s in d["seats"]:
                if cid not in s["specials"]:
                    _forget_new(s, cid)
            return True
    return False


def discard_card(d, cid: str) -> None:
    """An action card onto its deck's discard pile (it has been revealed: the draw piles keep their count)."""
    d["decks"][CARDS[cid]["deck"]]["discard"].append(cid)


def place_card(d, cid: str, zone: str, seat: int | None = None) -> None:
    """A card (already taken from where it was) into a zone: "revealed", a seat's "slot" (face up while
    trading, face down after) or "specials", or "deck" (its discard pile)."""
    if zone == "revealed":
        d["revealed"].append(cid)
    elif zone == "slot":
        clear_slot(d, seat)
        d["seats"][seat]["slot"] = {"card": cid, "face": "up" if d["phase"] == "trade" else "down"}
    elif zone == "specials":
        d["seats"][seat]["specials"].append(cid)
    else:
        discard_card(d, cid)


def add_card(d, kind: str, zone: str, seat: int | None = None) -> str | None:
    """A card of this kind out of its deck (`take_card`) into a zone (`place_card`)."""
    cid = take_card(d, kind)
    if cid is not None:
        place_card(d, cid, zone, seat)
    return cid


def move_card(d, cid: str, zone: str, seat: int | None = None) -> bool:
    if not pull_card(d, cid):
        return False
    place_card(d, cid, zone, seat)
    return True


def remove_card(d, cid: str) -> bool:
    """A card back to its deck's discard pile."""
    return move_card(d, cid, "deck")


def take_ship(d, size: str) -> str | None:
    """A ship of this size: one that has sailed first (it has arrived, so the piles keep their count),
    else from the bottom of its pile; None when there is none."""
    for pile in (d["ship_discard"], d["ship_decks"][size]):
        for i, s in enumerate(pile):
            if SHIPS[s]["size"] == size:
                return pile.pop(i)
    return None


def pull_ship(d, sid: str) -> bool:
    for pile in _ship_piles(d):
        if sid in pile:
            pile.remove(sid)
            return True
    return False


def place_ship(d, sid: str, zone: str, seat: int | None = None) -> None:
    """A ship into the port, a seat's loaded ships, or the sailed ships ("sailed")."""
    {"port": d["port"], "ships": d["seats"][seat]["ships"] if seat is not None else None, "sailed": d["ship_discard"]}[
        zone
    ].append(sid)


def add_ship(d, size: str, zone: str, seat: int | None = None) -> str | None:
    sid = take_ship(d, size)
    if sid is not None:
        place_ship(d, sid, zone, seat)
    return sid


def move_ship(d, sid: str, zone: str, seat: int | None = None) -> bool:
    if not pull_ship(d, sid):
        return False
    place_ship(d, sid, zone, seat)
    return True


def remove_ship(d, sid: str) -> bool:
    """A ship off the table onto the sailed ships."""
    return move_ship(d, sid, "sailed")


def change(d, path: list, old: str, new: str) -> bool:
    """The card or ship at `path` was just set from `old` to `new`: `new` leaves the place it lay in,
    and `old` takes that place when it is of the same pile (a card's deck, a ship's size), else goes
    back (a card to its discard pile, a ship to the sailed ships)."""
    cards = old in CARDS and new in CARDS
    if new == old or not (cards or (old in SHIPS and new in SHIPS)):
        return False
    same = (CARDS[old]["deck"] == CARDS[new]["deck"]) if cards else SHIPS[old]["size"] == SHIPS[new]["size"]
    target, index = _at(d, path[:-1]), path[-1]
    for pile in _card_piles(d) if cards else _ship_piles(d):
        for i, x in enumerate(pile):
            if x == new and not (pile is target and i == index):
                if same:
                    pile[i] = old
                else:
                    pile.pop(i)
                    (discard_card(d, old) if cards else d["ship_discard"].append(old))
                return True
    if cards:  # `new` lay in a slot or on the market: `old` goes back to its deck
        for s in d["seats"]:
            if s["slot"] and s["slot"].get("card") == new and s["slot"] is not target:
                s["slot"] = None
        discard_card(d, old)
    return True


def clear_slot(d, seat: int) -> None:
    """What lies in front of a seat taken away: a card back to its deck's discard pile, money won back
    into the seat's purse."""
    s = d["seats"][seat]
    slot = s["slot"]
    if slot:
        if slot.get("card") in CARDS:
            discard_card(d, slot["card"])
            _forget_new(s, slot["card"])
        if isinstance(slot.get("money"), dict):
            money.add(s["purse"], slot["money"])
    s["slot"] = None


def return_slot_money(d, seat: int) -> None:
    """Money lying in front of a seat back to the bank."""
    s = d["seats"][seat]
    if s["slot"] and isinstance(s["slot"].get("money"), dict):
        money.add(d["bank"], s["slot"]["money"])
        s["slot"] = None


# -- the table's settings --------------------------------------------------------------------------
def set_phase(d, phase: str) -> None:
    """The phase's own parts kept in step with it (VW-4.1 … VW-4.4); the player to move is kept. What
    the phase has no place for goes back: revealed cards and a card on the market to their discard
    piles, what lies in front of the players outside trading and execution (a card to its deck, money
    won to its purse), the auction outside trading. Spoilage begins with the player to move."""
    d["phase"] = phase
    n = d["players"]
    if phase != "trade":
        d["auction"] = None
    if phase != "spoil":
        d["spoil_queue"] = []
    else:
        order = [(d["start"] + k) % n for k in range(n)]
        d["spoil_queue"] = order[order.index(d["turn"]) :] if d["turn"] in order else order
    if phase not in ("reveal", "trade"):
        for c in d["revealed"]:
            discard_card(d, c)
        d["revealed"] = []
    for i, s in enumerate(d["seats"]):
        if phase not in ("trade", "execute"):
            clear_slot(d, i)
            s["reserved_used"] = False
        if phase != "execute":
            s["new_specials"] = []
        elif s["slot"]:
            if s["slot"].get("face") == "up":
                s["slot"]["face"] = "down"  # trading is over (VW-4.2)
            if "money" in s["slot"]:
                clear_slot(d, i)  # the money won went into the hand
    if phase == "execute":
        ex = d["exec"] or {"hand_plays": 0, "sale": None}
        slot = d["seats"][d["turn"]]["slot"]
        ex["card_done"] = not (slot and "card" in slot)
        d["exec"] = ex
    else:
        if d["exec"] and d["exec"].get("sale") in CARDS:
            discard_card(d, d["exec"]["sale"])
        d["exec"] = None


def set_turn(d, seat: int) -> None:
    """The player to move; in execution, whether their card is still to be carried out follows it."""
    d["turn"] = seat
    if d["phase"] == "execute" and d["exec"]:
        slot = d["seats"][seat]["slot"]
        d["exec"]["card_done"] = not (slot and "card" in slot)


def resize(d, players: int) -> None:
    """A table of `players`: seats kept or added; a seat removed gives back all it held (its ships to the
    sailed ones), an added seat gets the starting purse (VW-3.0) from the bank (what the bank has of it).
    The start player and the player to move stay where they are when they still sit at the table, else
    the first seat."""
    old = d["seats"]
    for i in range(len(old) - 1, players - 1, -1):
        s = old[i]
        clear_slot(d, i)
        for pile in PILES:
            for g in GOODS:
                d["supply"][g] += s[pile][g]
        money.add(d["bank"], s["purse"])
        for c in s["specials"] + s["fresh"]:
            discard_card(d, c)
        d["ship_discard"].extend(s["ships"])
    seats = old[:players]
    while len(seats) < players:
        seat = new_seat()
        for k in money.KEYS:
            seat["purse"][k] = min(seat["purse"][k], d["bank"][k])
        money.sub(d["bank"], seat["purse"])
        seats.append(seat)
    d["seats"], d["players"] = seats, players
    # what names a seat no longer at the table goes; the rest (a port or piles too full for this many
    # players) is left for the problems to name, never changed silently
    for key in ("start", "turn"):
        if d[key] >= players:
            d[key] = 0
    d["spoil_queue"] = [p for p in d["spoil_queue"] if p < players]
    a = d["auction"]
    if a and max([a["holder"], a["challenger"]] + [o["player"] for o in a["offers"]] + a["to_ask"]) >= players:
        d["auction"] = None


def well_formed(d) -> bool:
    """Whether the draft is a position's JSON the operations can work on (the schema and the loader
    pass). A draft that is not is left as it is, for the problems to name."""
    from .game import GAME  # the game is built on the state, which is built on position.py

    try:
        GAME.state_schema.validate(d, "state")
        load(d, "state")
    except InputError:
        return False
    return True


def after_set(d, path: list, old) -> dict:
    """The editor's form set the value at `path` (it was `old`; engine/core/edit.py): keep the totals
    and the phase's parts. What was typed is kept as it is; on a draft that is not well formed nothing
    else changes."""
    if not well_formed(d):
        return d
    new = _at(d, path)
    if len(path) == 4 and path[0] == "seats" and path[2] in ("goods", "warehouse", "purse"):
        set_count(d, path, old, new)
    elif len(path) == 5 and path[0] == "seats" and path[2:4] == ["slot", "money"]:
        set_count(d, path, old, new)
    elif path == ["phase"]:
        if new in PHASES:
            set_phase(d, new)
    elif isinstance(old, str) and isinstance(new, str):
        change(d, path, old, new)
    elif path == ["turn"] and isinstance(new, int) and 0 <= new < len(d["seats"]):
        set_turn(d, new)
    return d


# -- helpers ---------------------------------------------------------------------------------------
def _at(d, path):
    for key in path:
        d = d[key]
    return d


def _forget_new(seat, cid):
    if cid in seat["new_specials"]:
        seat["new_specials"].remove(cid)


def _card_piles(d):
    """Every list that may hold an action card."""
    for deck in DECKS:
        for part in ("draw", "discard"):
            yield d["decks"][deck][part]
    yield d["revealed"]
    for s in d["seats"]:
        yield s["specials"]
        yield s["fresh"]


def _ship_piles(d):
    yield from (d["ship_decks"][z] for z in SHIP_SIZES)
    yield d["ship_discard"]
    yield d["port"]
    for s in d["seats"]:
        yield s["ships"]
