"""Editing a Vor dem Wind position (a draft: the position's JSON) while keeping every total.

Each operation changes the draft in place, returns it, and keeps conservation (position.py's
component model): a good comes out of the supply and goes back to it, a gulden card out of the bank,
an action card out of its deck and back to its discard pile, a ship out of the sailed ships or its
pile and back to the sailed ships. An operation that cannot keep the totals (the supply has no such
good left) changes nothing. Whether the result is a possible position is `position.problems`' to
say: an operation never changes another setting to make it so (setting the phase keeps the player to
move, setting the round keeps the start player), and each problem names its one-tap fix where there
is one (`settle_piles` for the piles).

The position editor (widgets/render/vor_dem_wind/edit.py) calls these; it writes no position field.
The operations named in position.POSITION.edits are the ones a fix or the editor asks for by name.
"""

from __future__ import annotations

from . import money
from .components import CARDS, DECKS, GOODS, GOODS_PER_KIND, SHIP_SIZES, SHIPS
from .position import PHASE, new_seat, read, settle_piles  # noqa: F401  (settle_piles: an operation of this module)

PILES = ("goods", "warehouse")  # a seat's piles of goods: the hand and the warehouse


# -- goods and gulden ------------------------------------------------------------------------------
def add_good(draft, seat: int, pile: str, good: str) -> dict:
    """One good from the supply into a seat's hand ("goods") or warehouse."""
    if draft["supply"][good] >= 1:
        draft["supply"][good] -= 1
        draft["seats"][seat][pile][good] += 1
    return draft


def remove_good(draft, seat: int, pile: str, good: str | None = None, count: int = 1) -> dict:
    """`count` goods (of this kind, or each time of the last kind held) from a seat's pile back to the
    supply, as many as it holds."""
    held = draft["seats"][seat][pile]
    for _ in range(max(0, min(count, sum(held.values())))):
        kind = good if good is not None else next((g for g in reversed(GOODS) if held[g] > 0), None)
        if kind is None or held[kind] < 1:
            break
        held[kind] -= 1
        draft["supply"][kind] += 1
    return draft


def add_coin(draft, seat: int, where: str, denom: str) -> dict:
    """One gulden card from the bank into a seat's purse, or in front of it ("slot": money won in trading;
    a card lying there goes back to its deck)."""
    if draft["bank"][denom] < 1:
        return draft
    s = draft["seats"][seat]
    if where == "slot":
        if not (s["slot"] and "money" in s["slot"]):
            clear_slot(draft, seat)
            s["slot"] = {"money": money.empty()}
        pile = s["slot"]["money"]
    else:
        pile = s["purse"]
    draft["bank"][denom] -= 1
    pile[denom] += 1
    return draft


def remove_coin(draft, seat: int, denom: str | None = None) -> dict:
    """One gulden card (of this value, or the smallest held) from a seat's purse back to the bank."""
    purse = draft["seats"][seat]["purse"]
    if denom is None:
        denom = next((k for k in money.KEYS if purse[k] > 0), None)
    if denom is not None and purse[denom] >= 1:
        purse[denom] -= 1
        draft["bank"][denom] += 1
    return draft


def set_count(draft, path: list, old, new) -> bool:
    """A counter was set from `old` to `new` (a seat's goods, warehouse or purse, or money in a slot):
    the supply or the bank holds what the seats do not (the box's count of that good or gulden card
    less what the seats hold), so it gives or takes the difference, the way a token comes out of the
    bag and goes back. When it has too few, it gives what it has, the number typed stays, and the
    problems name the total that is wrong; a later edit that brings the seats back within the box
    leaves the pool whole again (an edit never leaves the totals wrong by what an earlier one could
    not take). False when the pool could not cover the number typed."""
    if not (isinstance(old, int) and isinstance(new, int)):
        return False
    key = path[-1]
    goods = key in GOODS
    pool = draft["supply"] if goods else draft["bank"]
    box = GOODS_PER_KIND if goods else money.ALL_CARDS.get(key)
    if not isinstance(pool.get(key), int) or box is None:
        return False
    held = 0
    for seat in draft["seats"]:
        if goods:
            held += seat["goods"][key] + seat["warehouse"][key]
        else:
            held += seat["purse"][key]
            if seat["slot"] and isinstance(seat["slot"].get("money"), dict):
                held += seat["slot"]["money"][key]
    pool[key] = max(0, box - held)
    return held <= box


# -- cards and ships -------------------------------------------------------------------------------
def take_card(draft, kind: str) -> str | None:
    """A card of this kind out of its deck: a discarded one first (a card already revealed, so the draw
    piles keep their count), else from the bottom of the draw pile; None when the deck has none."""
    deck = next(CARDS[c]["deck"] for c in CARDS if CARDS[c]["kind"] == kind)
    for part in ("discard", "draw"):
        pile = draft["decks"][deck][part]
        for i, c in enumerate(pile):
            if CARDS[c]["kind"] == kind:
                return pile.pop(i)
    return None


def pull_card(draft, cid: str) -> bool:
    """An action card taken from wherever it lies (a slot, the revealed cards, a pile, a hand…)."""
    for s in draft["seats"]:
        if s["slot"] and s["slot"].get("card") == cid:
            s["slot"] = None
            _forget_new(s, cid)
            return True
    if draft["exec"] and draft["exec"].get("sale") == cid:
        draft["exec"]["sale"] = None
        return True
    for pile in _card_piles(draft):
        if cid in pile:
            pile.remove(cid)
            for s in draft["seats"]:
                if cid not in s["specials"]:
                    _forget_new(s, cid)
            return True
    return False


def discard_card(draft, cid: str) -> dict:
    """An action card onto its deck's discard pile (it has been revealed: the draw piles keep their count)."""
    draft["decks"][CARDS[cid]["deck"]]["discard"].append(cid)
    return draft


def place_card(draft, cid: str, zone: str, seat: int | None = None) -> dict:
    """A card (already taken from where it was) into a zone: "revealed", a seat's "slot" (face up while
    trading, face down after) or "specials", or "deck" (its discard pile)."""
    if zone == "revealed":
        draft["revealed"].append(cid)
    elif zone == "slot":
        clear_slot(draft, seat)
        draft["seats"][seat]["slot"] = {"card": cid, "face": "up" if draft["phase"] == "trade" else "down"}
    elif zone == "specials":
        draft["seats"][seat]["specials"].append(cid)
    else:
        discard_card(draft, cid)
    return draft


def add_card(draft, kind: str, zone: str, seat: int | None = None) -> dict:
    """A card of this kind out of its deck (`take_card`) into a zone (`place_card`)."""
    cid = take_card(draft, kind)
    if cid is not None:
        place_card(draft, cid, zone, seat)
    return draft


def move_card(draft, cid: str, zone: str, seat: int | None = None) -> dict:
    if pull_card(draft, cid):
        place_card(draft, cid, zone, seat)
    return draft


def remove_card(draft, cid: str) -> dict:
    """A card back to its deck's discard pile."""
    return move_card(draft, cid, "deck")


def take_ship(draft, size: str) -> str | None:
    """A ship of this size: one that has sailed first (it has arrived, so the piles keep their count),
    else from the bottom of its pile; None when there is none."""
    for pile in (draft["ship_discard"], draft["ship_decks"][size]):
        for i, s in enumerate(pile):
            if SHIPS[s]["size"] == size:
                return pile.pop(i)
    return None


def pull_ship(draft, sid: str) -> bool:
    for pile in _ship_piles(draft):
        if sid in pile:
            pile.remove(sid)
            return True
    return False


def place_ship(draft, sid: str, zone: str, seat: int | None = None) -> dict:
    """A ship into the port, a seat's loaded ships, or the sailed ships ("sailed")."""
    if zone == "port":
        draft["port"].append(sid)
    elif zone == "ships":
        draft["seats"][seat]["ships"].append(sid)
    else:
        draft["ship_discard"].append(sid)
    return draft


def add_ship(draft, size: str, zone: str, seat: int | None = None) -> dict:
    sid = take_ship(draft, size)
    if sid is not None:
        place_ship(draft, sid, zone, seat)
    return draft


def move_ship(draft, sid: str, zone: str, seat: int | None = None) -> dict:
    if pull_ship(draft, sid):
        place_ship(draft, sid, zone, seat)
    return draft


def remove_ship(draft, sid: str) -> dict:
    """A ship off the table onto the sailed ships."""
    return move_ship(draft, sid, "sailed")


def change(draft, path: list, old: str, new: str) -> bool:
    """The card or ship at `path` was just set from `old` to `new`: `new` leaves the place it lay in,
    and `old` takes that place when it is of the same pile (a card's deck, a ship's size), else goes
    back (a card to its discard pile, a ship to the sailed ships)."""
    cards = old in CARDS and new in CARDS
    if new == old or not (cards or (old in SHIPS and new in SHIPS)):
        return False
    same = (CARDS[old]["deck"] == CARDS[new]["deck"]) if cards else SHIPS[old]["size"] == SHIPS[new]["size"]
    target, index = _at(draft, path[:-1]), path[-1]
    for pile in _card_piles(draft) if cards else _ship_piles(draft):
        for i, x in enumerate(pile):
            if x == new and not (pile is target and i == index):
                if same:
                    pile[i] = old
                else:
                    pile.pop(i)
                    (discard_card(draft, old) if cards else draft["ship_discard"].append(old))
                return True
    if cards:  # `new` lay in a slot or on the market: `old` goes back to its deck
        for s in draft["seats"]:
            if s["slot"] and s["slot"].get("card") == new and s["slot"] is not target:
                s["slot"] = None
        discard_card(draft, old)
    return True


def clear_slot(draft, seat: int) -> dict:
    """What lies in front of a seat taken away: a card back to its deck's discard pile, money won back
    into the seat's purse."""
    s = draft["seats"][seat]
    slot = s["slot"]
    if slot:
        if slot.get("card") in CARDS:
            discard_card(draft, slot["card"])
            _forget_new(s, slot["card"])
        if isinstance(slot.get("money"), dict):
            money.add(s["purse"], slot["money"])
    s["slot"] = None
    return draft


def return_slot_money(draft, seat: int) -> dict:
    """Money lying in front of a seat back to the bank."""
    s = draft["seats"][seat]
    if s["slot"] and isinstance(s["slot"].get("money"), dict):
        money.add(draft["bank"], s["slot"]["money"])
        s["slot"] = None
    return draft


# -- the table's settings --------------------------------------------------------------------------
def set_phase(draft, phase: str) -> dict:
    """The phase's own parts kept in step with it (VW-4.1 … VW-4.4); the player to move is kept. What
    the phase has no place for goes back: revealed cards and a card on the market to their discard
    piles, what lies in front of the players outside trading and execution (a card to its deck, money
    won to its purse), the auction outside trading. Spoilage begins with the player to move."""
    d = draft
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
    return draft


def set_turn(draft, seat: int) -> dict:
    """The player to move; in execution, whether their card is still to be carried out follows it."""
    draft["turn"] = seat
    if draft["phase"] == "execute" and draft["exec"]:
        slot = draft["seats"][seat]["slot"]
        draft["exec"]["card_done"] = not (slot and "card" in slot)
    return draft


def resize(draft, players: int) -> dict:
    """A table of `players`: seats kept or added; a seat removed gives back all it held (its ships to the
    sailed ones), an added seat gets the starting purse (VW-3.0) from the bank (what the bank has of it).
    The start player and the player to move stay where they are when they still sit at the table, else
    the first seat."""
    d = draft
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
    return draft


def after_set(draft, path: list, old) -> dict:
    """The editor's form set the value at `path` (it was `old`; engine/core/edit.py): keep the totals
    and the phase's parts (only on a draft in the format: set_field asks)."""
    new = _at(draft, path)
    if len(path) == 4 and path[0] == "seats" and path[2] in ("goods", "warehouse", "purse"):
        set_count(draft, path, old, new)
    elif len(path) == 5 and path[0] == "seats" and path[2:4] == ["slot", "money"]:
        set_count(draft, path, old, new)
    elif path == ["phase"]:
        if new in PHASE:
            set_phase(draft, new)
    elif isinstance(old, str) and isinstance(new, str):
        change(draft, path, old, new)
    elif path == ["turn"] and isinstance(new, int) and 0 <= new < len(draft["seats"]):
        set_turn(draft, new)
    return draft


# -- helpers ---------------------------------------------------------------------------------------
def _at(draft, path):
    for key in path:
        draft = draft[key]
    return draft


def _forget_new(seat, cid):
    if cid in seat["new_specials"]:
        seat["new_specials"].remove(cid)


def _card_piles(draft):
    """Every list that may hold an action card."""
    for deck in DECKS:
        for part in ("draw", "discard"):
            yield draft["decks"][deck][part]
    yield draft["revealed"]
    for s in draft["seats"]:
        yield s["specials"]
        yield s["fresh"]


def _ship_piles(draft):
    yield from (draft["ship_decks"][z] for z in SHIP_SIZES)
    yield draft["ship_discard"]
    yield draft["port"]
    for s in draft["seats"]:
        yield s["ships"]
