"""A position read from JSON (case files, the sandbox editor): the loader and the invariants.

The schema (schema/state.schema.json) has checked the format before `load_state` runs. A
hand-written position may be compact: `load_state` fills in what it leaves out, so that the
position is a reachable one where it can be (`to_json()` always writes the full form):

- colours: the black fleet card for the starting player (`first`), the others in seat order;
- movement hands: dealt from the cards nobody holds (sorted), two each, one for the player
  who has played a card this turn; fate hands empty; the decks hold every card not in a hand;
- ships off the board, warships on their start fields, port stocks holding every cube not aboard;
- developments face down (D05-n … D14-n for seat n), the victory card of the `victory` option;
- money: `spent` is the price of the cards face up, `earned` = coins + spent;
- `turns`: the turns each seat has finished, from the round and whose turn it is;
- a fresh turn (`now`), and the generator seeded with 0.

`check_position` then refuses what no reachable position holds, each error naming its field.
"""

from __future__ import annotations

from ..core import InputError, Rng
from . import components as C
from .messages import CATALOG, COLOURS, DECKS, PHASES, SEAT_COLOURS, SHIPS, words
from .state import _clone, fresh_turn



def _before(seat, first, turn, n):
    """Has `seat` already played in this round (clockwise from the starting player)?"""
    return (seat - first) % n < (turn - first) % n


def _turns(seat, d):
    if d["phase"] == "setup":
        return 0
    if d["phase"] == "over" or _before(seat, d["first"], d["turn"], d["players"]):
        return d["round"]
    return d["round"] - 1


def load_state(data: dict, field: str, options: dict) -> dict:
    n = data["players"]
    seats = data["seats"]
    if len(seats) != n:
        raise InputError("field-count", f"{field}.seats", low=n, high=n, value=len(seats))
    d = {"players": n}
    for key, default in (("first", 0), ("turn", None)):
        value = data.get(key, d["first"] if default is None else default)
        if not 0 <= value < n:
            raise InputError("field-range", f"{field}.{key}", low=0, high=n - 1, value=value)
        d[key] = value
    d["phase"] = data.get("phase", "card")
    d["round"] = data.get("round", 1)
    d["final_round"] = data.get("final_round", False)
    now = fresh_turn()
    now.update(_clone(data.get("now", {})))  # the state never shares lists with the caller's data
    colours = ["black"] + [c for c in C.PLAYER_COLOURS if c != "black"]
    d["seats"] = []
    for i, s in enumerate(seats):
        p = f"{field}.seats[{i}]"
        devs = s.get("developments")
        if devs is None:
            devs = [{"id": f"D{v:02d}-{i + 1}", "value": v, "up": False} for v in C.DEVELOPMENT_VALUES]
        out_devs = []
        for j, c in enumerate(devs):
            value = C.DEVELOPMENT_VALUES[j]
            if c["value"] != value:
                raise InputError("field-value", f"{p}.developments[{j}].value", value=c["value"], allowed=value)
            cid = c.get("id", f"D{value:02d}-{i + 1}")
            if C.DEVELOPMENT[cid]["value"] != value:
                raise InputError("field-value", f"{p}.developments[{j}].id", value=cid, allowed=f"D{value:02d}-1 … D{value:02d}-6")
            out_devs.append({"id": cid, "value": value, "up": c["up"]})
        victory = dict(s.get("victory", {"value": options["victory"], "up": False}))
        spent = sum(c["value"] for c in out_devs if c["up"]) + (victory["value"] if victory["up"] else 0)
        coins = s.get("coins", 0)
        d["seats"].append({
            "colour": s.get("colour", colours[(i - d["first"]) % n]),
            "coins": coins, "earned": s.get("earned", coins + s.get("spent", spent)), "spent": s.get("spent", spent),
            "merchant": s.get("merchant"), "cargo": list(s["cargo"]),
            "pirate": s.get("pirate"), "treasure": s.get("treasure"),
            "moves": list(s["moves"]) if "moves" in s else None, "fates": list(s.get("fates", [])),
            "developments": out_devs, "victory": victory,
            "turns": s.get("turns"),
        })
    for i, s in enumerate(d["seats"]):
        if s["turns"] is None:
            s["turns"] = _turns(i, d)
    d["warships"] = dict(data.get("warships", C.NAVY_START))
    if "stock" in data:
        d["stock"] = dict(data["stock"])
    else:
        aboard = {c: 0 for c in C.COLOURS}
        for s in d["seats"]:
            for c in s["cargo"] + ([s["treasure"]] if s["treasure"] else []):
                aboard[c] += 1
        d["stock"] = {c: max(0, C.CUBES_PER_COLOUR - aboard[c]) for c in C.COLOURS}
    decks = data.get("decks")
    if decks is not None:
        decks = {k: list(v) for k, v in decks.items()}
    # deal the movement hands left out, from the cards that are nowhere else
    used = {c for s in d["seats"] for c in (s["moves"] or ())} | {now["card"]}
    if decks is not None:
        used |= set(decks["movement"]) | set(decks["movement_discard"])
    free = [c for c in sorted(C.MOVEMENT) if c not in used]
    for i, s in enumerate(d["seats"]):
        if s["moves"] is None:
            size = C.MOVEMENT_HAND - (1 if i == d["turn"] and d["phase"] == "move" else 0)
            s["moves"], free = free[:size], free[size:]
    if decks is None:
        held_f = {c for s in d["seats"] for c in s["fates"]}
        decks = {"movement": free, "movement_discard": [],
                 "fate": [c for c in sorted(C.FATE) if c not in held_f], "fate_discard": []}
    d["decks"] = decks
    d["now"] = now
    d["rng"] = Rng.from_json(data.get("rng")).to_json()
    return d


def check_position(state, field: str) -> None:
    """Every invariant of a reachable position; the first one broken is an InputError naming its field."""
    d = state.d
    n, phase, turn, now = d["players"], d["phase"], d["turn"], d["now"]
    seats = d["seats"]
    f = field

    # "over" only after the round in which a victory card was bought, after the player to the right
    # of the starting player (BF-12.1); the rest of the end condition is in the turn counters below
    bought = [i for i, s in enumerate(seats) if s["victory"]["up"]]
    if phase == "over":
        if not bought:
            raise InputError("not-over", f"{f}.phase", CATALOG)
        if turn != (d["first"] - 1) % n:
            raise InputError("not-over", f"{f}.turn", CATALOG)

    # the identification cards: one each, and the black fleet starts (BF-2.3)
    seen = {}
    for i, s in enumerate(seats):
        if s["colour"] in seen:
            raise InputError("colour-twice", f"{f}.seats[{i}].colour", CATALOG, colour=words(SEAT_COLOURS[s["colour"]]),
                             seat=seen[s["colour"]] + 1)
        seen[s["colour"]] = i
    if seats[d["first"]]["colour"] != "black":
        raise InputError("black-starts", f"{f}.first", CATALOG, seat=d["first"] + 1)

    # the 65 cubes: in the ports, in the merchants' holds and as treasure (BF-1, BF-1.1)
    counts = dict(d["stock"])
    for i, s in enumerate(seats):
        p = f"{f}.seats[{i}]"
        cargo = s["cargo"]
        if s["merchant"] is None:
            if cargo:
                raise InputError("cargo-off-board", f"{p}.cargo", CATALOG)
        elif not cargo:
            raise InputError("merchant-empty", f"{p}.cargo", CATALOG, where=s["merchant"])
        if len(cargo) > C.MERCHANT_CAPACITY:
            raise InputError("field-count", f"{p}.cargo", low=1, high=C.MERCHANT_CAPACITY, value=len(cargo))
        if len(set(cargo)) > 1:  # a merchant loads one port's colour, and only ever loses cubes after that
            raise InputError("cargo-mixed", f"{p}.cargo", CATALOG)
        for c in cargo:
            counts[c] += 1
        if s["treasure"] is not None:
            if s["pirate"] is None:
                raise InputError("treasure-off-board", f"{p}.treasure", CATALOG)
            counts[s["treasure"]] += 1
    for c in C.COLOURS:
        if counts[c] != C.CUBES_PER_COLOUR:
            raise InputError("cubes-not-conserved", f"{f}.stock.{c}", CATALOG, colour=words(COLOURS[c]), count=counts[c],
                         expected=C.CUBES_PER_COLOUR)

    # every card once: the 44 movement and 44 fate cards, the development cards dealt (BF-1, BF-2.1)
    decks = d["decks"]
    for deck, hand, extra in (("movement", "moves", [now["card"]] if now["card"] else []), ("fate", "fates", [])):
        cards = decks[deck] + decks[deck + "_discard"] + extra
        for s in seats:
            cards = cards + s[hand]
        if len(cards) != len(set(cards)) or set(cards) != set(C.MOVEMENT if deck == "movement" else C.FATE):
            where = _first_duplicate(d, deck, hand)
            raise InputError("cards-not-conserved", f + where if where else f"{f}.decks.{deck}", CATALOG, deck=words(DECKS[deck]))
    ids = set()
    for i, s in enumerate(seats):
        for j, c in enumerate(s["developments"]):
            if c["id"] in ids:
                raise InputError("cards-not-conserved", f"{f}.seats[{i}].developments[{j}].id", CATALOG, deck=words(DECKS["development"]))
            ids.add(c["id"])

    # hands: two movement cards (one while the played card lies on the table), at most 3 fate cards
    # except while discarding (BF-10.1, BF-10.4)
    for i, s in enumerate(seats):
        p = f"{f}.seats[{i}]"
        size = C.MOVEMENT_HAND - (1 if i == turn and phase == "move" else 0)
        if len(s["moves"]) != size:
            raise InputError("hand-size", f"{p}.moves", CATALOG, count=len(s["moves"]), expected=size)
        limit = C.FATE_HAND_LIMIT + (now["discards"] if i == turn and phase == "discard" else 0)
        if len(s["fates"]) > limit:
            raise InputError("fate-hand", f"{p}.fates", CATALOG, count=len(s["fates"]), limit=limit)

    # money: income less the prices of the cards face up (BF-11.2); the victory card last (BF-11.4)
    for i, s in enumerate(seats):
        p = f"{f}.seats[{i}]"
        victory = s["victory"]
        if victory["up"] and not all(c["up"] for c in s["developments"]):
            raise InputError("victory-early", f"{p}.victory.up", CATALOG)
        price = sum(c["value"] for c in s["developments"] if c["up"]) + (victory["value"] if victory["up"] else 0)
        if s["spent"] != price:
            raise InputError("spent-mismatch", f"{p}.spent", CATALOG, spent=s["spent"], price=price)
        if s["coins"] != s["earned"] - s["spent"]:
            raise InputError("coins-mismatch", f"{p}.coins", CATALOG, coins=s["coins"], earned=s["earned"], spent=s["spent"])

    # ships: pirates in a distant sea only in their owner's turn, before the draw (BF-8.5);
    # one ship a field, but for the ship moving through friendly ones (BF-5.2, BF-5.3)
    if phase == "move" and seats[turn]["pirate"] is None:  # it came into play before the card (BF-3.1)
        raise InputError("pirate-missing", f"{f}.seats[{turn}].pirate", CATALOG)
    for i, s in enumerate(seats):
        if s["pirate"] in C.DISTANT and not (i == turn and phase in ("place", "card", "move")):
            raise InputError("pirate-distant", f"{f}.seats[{i}].pirate", CATALOG)
        if s["pirate"] in C.DISTANT and s["treasure"] is not None:
            raise InputError("treasure-distant", f"{f}.seats[{i}].treasure", CATALOG)
    occ = {}
    for i, s in enumerate(seats):
        for ship in ("merchant", "pirate"):
            if s[ship] in C.FIELDS:
                occ.setdefault(s[ship], []).append((i, ship, f"{f}.seats[{i}].{ship}"))
    for w in C.WARSHIPS:
        occ.setdefault(d["warships"][w], []).append((None, w, f"{f}.warships.{w}"))
    active = now["active"]
    mover = (turn, active) if active in ("merchant", "pirate") else (None, active)
    for where, here in occ.items():
        if len(here) > 1:
            ships = [(s, sh) for s, sh, _ in here]
            if phase != "move" or active is None or mover not in ships:
                raise InputError("ships-overlap", here[1][2], CATALOG, where=where)
            for s, sh, path in here:
                if (s, sh) != mover and not state._friendly(s, sh):
                    raise InputError("ships-overlap", path, CATALOG, where=where)

    # the round and the turn: everyone plays the same number of turns (BF-2.3, BF-3.1, BF-12.1)
    if d["final_round"] != bool(bought):
        raise InputError("final-round", f"{f}.final_round", CATALOG)
    for i, s in enumerate(seats):
        if s["turns"] != _turns(i, d):
            raise InputError("turns-mismatch", f"{f}.seats[{i}].turns", CATALOG, turns=s["turns"], expected=_turns(i, d))

    _check_phase(state, f)


def _first_duplicate(d, deck, hand):
    """The path of a card that appears a second time, if one does."""
    seen = set(C.MOVEMENT if deck == "movement" else C.FATE)
    found = set()
    places = [(f".decks.{deck}", d["decks"][deck]), (f".decks.{deck}_discard", d["decks"][deck + "_discard"])]
    if deck == "movement" and d["now"]["card"]:
        places.append((".now.card", [d["now"]["card"]]))
    places += [(f".seats[{i}].{hand}", s[hand]) for i, s in enumerate(d["seats"])]
    for path, cards in places:
        for j, c in enumerate(cards):
            if c in found or c not in seen:
                return path if path == ".now.card" else f"{path}[{j}]"
            found.add(c)
    return None


def _check_phase(state, f):
    """The turn's counters belong to their phases and stay within their limits."""
    d = state.d
    phase, turn, now = d["phase"], d["turn"], d["now"]
    me = d["seats"][turn]
    p = f"{f}.now"
    if phase == "setup":
        # merchants are placed clockwise from the starting player; nothing else has happened yet (BF-2)
        if d["round"] != 1:
            raise InputError("phase-counter", f"{f}.round", CATALOG, phase=words(PHASES[phase]))
        for i, s in enumerate(d["seats"]):
            placed = _before(i, d["first"], turn, d["players"])
            if (s["merchant"] is not None) != placed:
                raise InputError("setup-merchant", f"{f}.seats[{i}].merchant", CATALOG)
            if s["pirate"] is not None:
                raise InputError("setup-pirate", f"{f}.seats[{i}].pirate", CATALOG)
            if s["earned"]:
                raise InputError("phase-counter", f"{f}.seats[{i}].earned", CATALOG, phase=words(PHASES[phase]))
    if phase == "place" and me["merchant"] is not None and me["pirate"] is not None:
        raise InputError("place-done", f"{f}.phase", CATALOG)
    if phase == "card" and (me["merchant"] is None or me["pirate"] is None):
        raise InputError("place-first", f"{f}.seats[{turn}].{'merchant' if me['merchant'] is None else 'pirate'}", CATALOG)
    fresh = fresh_turn()
    # before the card is played the turn has no counters; after the draw only what happened stays
    if phase in ("setup", "place", "card", "over"):
        for key, value in now.items():
            if value != fresh[key]:
                raise InputError("phase-counter", f"{p}.{key}", CATALOG, phase=words(PHASES[phase]))
        return
    if phase == "move" and now["card"] is None:
        raise InputError("field-missing", f"{p}.card")
    for key in ("card", "active"):
        if phase != "move" and now[key] is not None:
            raise InputError("phase-counter", f"{p}.{key}", CATALOG, phase=words(PHASES[phase]))
    if now["bought"] and phase != "buy":
        raise InputError("phase-counter", f"{p}.bought", CATALOG, phase=words(PHASES[phase]))
    if (now["discards"] > 0) != (phase == "discard"):
        raise InputError("phase-counter", f"{p}.discards", CATALOG, phase=words(PHASES[phase]))
    if phase == "discard" and now["discards"] > len(me["fates"]):
        raise InputError("discards-too-many", f"{p}.discards", CATALOG, count=len(me["fates"]), discards=now["discards"])
    if now["bought"] and not any(c["up"] for c in me["developments"]):
        raise InputError("phase-counter", f"{p}.bought", CATALOG, phase=words(PHASES[phase]))
    if (now["second_warship"] is None) != (now["second_value"] == 0):
        raise InputError("phase-counter", f"{p}.second_value", CATALOG, phase=words(PHASES[phase]))
    if phase != "move":
        return
    card = C.MOVEMENT[now["card"]]
    mine = [card["warship"]] + ([now["second_warship"]] if now["second_warship"] else [])
    if now["second_warship"] == card["warship"]:
        raise InputError("phase-counter", f"{p}.second_warship", CATALOG, phase=words(PHASES[phase]))
    ships = ("merchant", "pirate", *mine)
    for key in ("moved", "acted"):
        for ship, count in now[key].items():
            if ship not in ships:
                raise InputError("not-this-turn", f"{p}.{key}.{ship}", CATALOG, ship=words(SHIPS[ship]))
            limit = state._limit(ship) if key == "moved" else state._actions_allowed(ship)
            if count > limit:
                raise InputError("field-range", f"{p}.{key}.{ship}", low=0, high=limit, value=count)
    for j, ship in enumerate(now["finished"] + ([now["active"]] if now["active"] else [])):
        where = f"{p}.finished[{j}]" if j < len(now["finished"]) else f"{p}.active"
        if ship not in ships:
            raise InputError("not-this-turn", where, CATALOG, ship=words(SHIPS[ship]))
    if now["active"] in now["finished"] or len(set(now["finished"])) != len(now["finished"]):
        raise InputError("phase-counter", f"{p}.finished", CATALOG, phase=words(PHASES[phase]))

