"""Black Fleet's position: the one reader and writer of its JSON, its component model and every
problem a position can have. `State` (state.py) wraps a position this module has loaded and found
possible; the renderers and the editor read positions and change them only through edit.py.

The format is schema/state.schema.json. A hand-written position may be compact: `load` fills in
what it leaves out, so that the position is a reachable one where it can be (`to_json` always
writes the full form):

- colours: the black fleet card for the starting player (`first`), the others in seat order;
- movement hands: dealt from the cards nobody holds (sorted), two each, one for the player
  who has played a card this turn; fate hands empty, but for the one card each holds during setup;
  the decks hold every card not in a hand;
- ships off the board, warships on their start fields, port stocks holding every cube not aboard;
- developments face down (D05-n … D14-n for seat n), the victory card of the `victory` option;
- money: `spent` is the price of the cards face up, `earned` = coins + spent;
- `turns`: the turns each seat has finished, from the round and whose turn it is;
- a fresh turn (`now`), and the generator seeded with 0.

The component model (BF-1; the table COMPONENTS below): what the box holds and where each piece may be.

- goods cubes: 65, 13 of each of the 5 colours; in a port's stock, in a merchant's hold (at most
  3, one colour, only while the merchant is on the board and never empty there), or as a pirate's
  treasure (at most 1, only while the pirate is on a board field). Every cube is in exactly one place.
- movement cards: 44; in the draw pile, the discard pile, a hand (2 each; 1 for the player who has
  played this turn's card) or on the table as this turn's card. Each exactly once.
- fate cards: 44; in the draw pile, the discard pile or a hand (at most 3, more only while
  discarding). Each exactly once.
- development cards: 24, six of each value 5, 8, 11, 14; four in each player's row (one of each
  value, in that order), the rest in the box. Each at most once.
- identification cards: 4 (black, red, blue, green); one a player, the rest in the box; the black
  fleet is the starting player's.
- victory cards: 8, four of 10 and four of 20; one a player, of the `victory` option's value.
- ships: a merchant and a pirate a player, two warships. A merchant is on a board field or beside
  the board; a pirate on a board field, on a distant sea (only in its owner's turn, before the
  draw, without treasure) or beside the board; a warship always on a board field. One ship a field,
  but for the ship that is moving, standing on a friendly ship it passes (BF-5.2, BF-5.3).
- doubloons: unlimited (BF-1.2); a player's coins are their income less the price of their cards
  face up.

Conservation is derived from the table: each counted piece is read from every place it may be,
counted once; more than the box holds is a duplicate, fewer (where none may stay in the box) a
missing piece.

The stage rules (what cannot exist yet, or any more, at a given point of the game):

- setup (round 1 only): the merchants of the players before the current one (clockwise from the
  black fleet) are on the board, nobody else's; no pirate is placed; nobody has earned anything;
  each player holds the one fate card dealt (BF-2.4), and both discard piles are empty.
- place: the current player has a ship to bring in; card: both their ships are in play. Before the
  card is played (setup, place, card) and when the game is over, the turn has no counters.
- move: a card is played and the pirate is in play; only the ships the card (and a fate card) give
  the player move or act, within their movement and action allowances.
- discard: fate cards are owed, no more than the hand holds, and the hand keeps at most 3.
- buy: only here is a card bought this turn; a player has bought at most one card per finished
  turn (BF-11.1), and the victory card only after the four developments (BF-11.4).
- the movement discard pile holds at most one card per turn played (a card a turn, BF-10.1).
- the last round is on exactly when a victory card is face up; "over" only after that round's last
  turn (BF-12.1); each player's finished turns follow from the round and whose turn it is.

What the options forbid: every victory card has the `victory` option's value; with
`fate_effects: none` no fate card has changed this turn (no extra moves, actions or second
warship); with `discard_timing: on-play` fate cards are owed at the end of a turn only above the
hand limit, so a player discarding keeps exactly 3; under `development_abilities: none` and
`fate_effects: none` the movement allowances are the card's alone; with `friendly_warship:
once-moved` a moving ship stands on the player's warship only once that warship has moved.

`problems` returns every problem found, each an InputError naming its field; a check that would
read data an earlier problem found broken is skipped.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..core import InputError, Rng, clone
from . import components as C
from .messages import CATALOG, COLOURS, DECKS, PHASES, SEAT_COLOURS, SHIPS, words


def fresh_turn() -> dict:
    """The turn's counters before its movement card is played."""
    return {
        "card": None,
        "moved": {},
        "active": None,
        "finished": [],
        "acted": {},
        "extra_moves": {},
        "extra_actions": {},
        "second_warship": None,
        "second_value": 0,
        "bought": False,
        "discards": 0,
    }


def new_seat(colour: str, developments: list, victory: int) -> dict:
    """A seat as it joins the game: no coin, no ship on the board, no card in hand."""
    return {
        "colour": colour,
        "coins": 0,
        "earned": 0,
        "spent": 0,
        "turns": 0,
        "merchant": None,
        "cargo": [],
        "pirate": None,
        "treasure": None,
        "moves": [],
        "fates": [],
        "developments": developments,
        "victory": {"value": victory, "up": False},
    }


# -- the component model ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Component:
    """A kind of piece: how many of each the box holds, every place one may be, and whether some may
    stay in the box (out of play)."""

    kind: str
    box: dict  # identity -> how many
    places: tuple  # names of PLACES
    rest_in_box: bool = False
    counted: bool = True  # False: one slot each in the position's shape (ships), nothing to count

    def __post_init__(self):
        object.__setattr__(self, "unique", all(n == 1 for n in self.box.values()))


# Each place is read as segments: (a path in the position, the pieces there, and how a piece's own
# path follows: None: the path itself; "": the path and its index; ".id": that, then the key). A
# count in a stock is read as that many pieces.
def _cubes_in_stock(d):
    # at most one cube beyond the box is read (enough to see too many; `_over_box` adds the rest to the
    # count): a stock of ten million would be a list of ten million, a huge one an OverflowError
    return [(f".stock.{c}", [c] * min(d["stock"][c], C.CUBES_PER_COLOUR + 1), None) for c in C.COLOURS]


def _over_box(d, colour) -> int:
    """The cubes of a stock beyond those `_cubes_in_stock` reads."""
    return max(0, d["stock"][colour] - (C.CUBES_PER_COLOUR + 1))


def _seat_list(key):
    def read(d):
        return [(f".seats[{i}].{key}", s[key], "") for i, s in enumerate(d["seats"])]

    return read


def _deck(key):
    def read(d):
        return [(f".decks.{key}", d["decks"][key], "")]

    return read


def _treasures(d):
    return [(f".seats[{i}].treasure", [s["treasure"]], None) for i, s in enumerate(d["seats"]) if s["treasure"] is not None]


def _played(d):
    return [(".now.card", [d["now"]["card"]], None)] if d["now"]["card"] else []


def _rows(d):
    return [(f".seats[{i}].developments", [c["id"] for c in s["developments"]], ".id") for i, s in enumerate(d["seats"])]


def _id_cards(d):
    return [(f".seats[{i}].colour", [s["colour"]], None) for i, s in enumerate(d["seats"])]


def _victories(d):
    return [(f".seats[{i}].victory", [s["victory"]["value"]], None) for i, s in enumerate(d["seats"])]


# every place a piece may be: name -> its segments
PLACES = {
    "stock": _cubes_in_stock,
    "hold": _seat_list("cargo"),
    "treasure": _treasures,
    "movement-pile": _deck("movement"),
    "movement-discard": _deck("movement_discard"),
    "movement-hand": _seat_list("moves"),
    "played": _played,
    "fate-pile": _deck("fate"),
    "fate-discard": _deck("fate_discard"),
    "fate-hand": _seat_list("fates"),
    "row": _rows,
    "player": _id_cards,
    "victory-row": _victories,
}

COMPONENTS = (
    Component("cube", {c: C.CUBES_PER_COLOUR for c in C.COLOURS}, ("stock", "hold", "treasure")),
    Component("movement", {c: 1 for c in C.MOVEMENT}, ("movement-pile", "movement-discard", "movement-hand", "played")),
    Component("fate", {c: 1 for c in C.FATE}, ("fate-pile", "fate-discard", "fate-hand")),
    Component("development", {c: 1 for c in C.DEVELOPMENT}, ("row",), rest_in_box=True),
    Component("identification", {c: 1 for c in C.PLAYER_COLOURS}, ("player",), rest_in_box=True),
    Component("victory", {v: 4 for v in C.VICTORY_VALUES}, ("victory-row",), rest_in_box=True),
    # one slot each in the position: where they may be is the schema's (board fields, distant seas, null)
    Component("merchant", {"merchant": 4}, ("board", "beside"), rest_in_box=True, counted=False),
    Component("pirate", {"pirate": 4}, ("board", "distant-sea", "beside"), rest_in_box=True, counted=False),
    Component("warship", {w: 1 for w in C.WARSHIPS}, ("board",), counted=False),
)


# -- reading ------------------------------------------------------------------------------------------
def _before(seat, first, turn, n):
    """Has `seat` already played in this round (clockwise from the starting player)?"""
    return (seat - first) % n < (turn - first) % n


def turns_played(seat, d):
    """The turns `seat` has finished, from the round, the phase and whose turn it is."""
    if d["phase"] == "setup":
        return 0
    if d["phase"] == "over" or _before(seat, d["first"], d["turn"], d["players"]):
        return d["round"]
    return d["round"] - 1


def load(data: dict, field: str, options: dict) -> dict:
    """The position as the state keeps it, from JSON the schema has passed; InputError (naming the
    field) for what only the loader can see: wrong lengths, wrong card values."""
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
    now.update(clone(data.get("now", {})))  # the state never shares lists with the caller's data
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
                raise InputError(
                    "field-value", f"{p}.developments[{j}].id", value=cid, allowed=f"D{value:02d}-1 … D{value:02d}-6"
                )
            out_devs.append({"id": cid, "value": value, "up": c["up"]})
        victory = dict(s.get("victory", {"value": options["victory"], "up": False}))
        spent = sum(c["value"] for c in out_devs if c["up"]) + (victory["value"] if victory["up"] else 0)
        coins = s.get("coins", 0)
        d["seats"].append(
            {
                "colour": s.get("colour", colours[(i - d["first"]) % n]),
                "coins": coins,
                "earned": s.get("earned", coins + s.get("spent", spent)),
                "spent": s.get("spent", spent),
                "merchant": s.get("merchant"),
                "cargo": list(s["cargo"]),
                "pirate": s.get("pirate"),
                "treasure": s.get("treasure"),
                "moves": list(s["moves"]) if "moves" in s else None,
                "fates": list(s["fates"]) if "fates" in s else None,
                "developments": out_devs,
                "victory": victory,
                "turns": s.get("turns"),
            }
        )
    for i, s in enumerate(d["seats"]):
        if s["turns"] is None:
            s["turns"] = turns_played(i, d)
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
        held_f = {c for s in d["seats"] for c in s["fates"] or ()}
        free_f = [c for c in sorted(C.FATE) if c not in held_f]
        for s in d["seats"]:
            if s["fates"] is None:  # during setup each player holds the fate card drawn (BF-2.4)
                s["fates"], free_f = (free_f[:1], free_f[1:]) if d["phase"] == "setup" else ([], free_f)
        held_f = {c for s in d["seats"] for c in s["fates"]}
        decks = {
            "movement": free,
            "movement_discard": [],
            "fate": [c for c in sorted(C.FATE) if c not in held_f],
            "fate_discard": [],
        }
    for s in d["seats"]:
        if s["fates"] is None:
            s["fates"] = []
    d["decks"] = decks
    d["now"] = now
    d["rng"] = Rng.from_json(data.get("rng")).to_json()
    return d


# The position's fields, in the order its JSON has them: the state keeps each as an attribute.
FIELDS = ("players", "first", "turn", "phase", "round", "final_round", "seats", "warships", "stock", "decks", "now", "rng")


def to_json(d) -> dict:
    """The position's JSON, in full (a copy: the caller may change it), from its fields (`State.d`)."""
    return {k: clone(d[k]) for k in FIELDS}


# -- problems -----------------------------------------------------------------------------------------
def _conservation(d, f, add):
    """Each counted piece once, none beyond the box, none missing unless it may stay in the box."""
    for comp in COMPONENTS:
        if not comp.counted:
            continue
        segments = [seg for place in comp.places for seg in PLACES[place](d)]
        flat = [x for _, items, _ in segments for x in items]
        if comp.unique:  # each piece is one of a kind: a set says it all
            kinds = set(flat)
            if len(kinds) == len(flat) and (kinds <= comp.box.keys() if comp.rest_in_box else len(kinds) == len(comp.box)):
                continue
        count = Counter(flat)
        if count == comp.box or (comp.rest_in_box and all(comp.box.get(k, 0) >= n for k, n in count.items())):
            continue
        first = {}
        for path, items, suffix in segments:
            for j, item in enumerate(items):
                here = path if suffix is None else f"{path}[{j}]{suffix}"
                if comp.box[item] == 1 and item in first:
                    if comp.kind == "identification":
                        add(
                            InputError(
                                "colour-twice",
                                f + here,
                                CATALOG,
                                colour=words(SEAT_COLOURS[item]),
                                seat=int(first[item].split("[")[1].split("]")[0]) + 1,
                            )
                        )
                    else:
                        add(
                            InputError(
                                "card-twice", f + here, CATALOG, card=item, deck=words(DECKS[comp.kind]), other=f + first[item]
                            )
                        )
                first.setdefault(item, here)
        for item, n in comp.box.items():
            have = count[item]
            if have == n or (comp.rest_in_box and have < n):
                continue
            if n > 1 and comp.kind == "cube":
                add(
                    InputError(
                        "cubes-not-conserved",
                        f"{f}.stock.{item}",
                        CATALOG,
                        colour=words(COLOURS[item]),
                        n=have + _over_box(d, item),
                        expected=n,
                    )
                )
            elif have == 0:
                add(InputError("card-missing", f"{f}.decks.{comp.kind}", CATALOG, card=item, deck=words(DECKS[comp.kind])))


def problems(state, field: str) -> list[InputError]:
    """Every invariant of a reachable position this one breaks (an InputError each, naming its field)."""
    d = state.d
    found = []
    add = found.append
    n, phase, turn, now = d["players"], d["phase"], d["turn"], d["now"]
    seats = d["seats"]
    f = field
    options = state.options

    # "over" only after the round in which a victory card was bought, after the player to the right
    # of the starting player (BF-12.1); the rest of the end condition is in the turn counters below
    bought = [i for i, s in enumerate(seats) if s["victory"]["up"]]
    if phase == "over":
        if not bought:
            add(InputError("not-over", f"{f}.phase", CATALOG))
        elif turn != (d["first"] - 1) % n:
            add(InputError("not-over", f"{f}.turn", CATALOG))

    _conservation(d, f, add)
    # the black fleet starts (BF-2.3)
    if seats[d["first"]]["colour"] != "black":
        add(InputError("black-starts", f"{f}.first", CATALOG, seat=d["first"] + 1))

    # holds: only on the board, never empty there, one colour, at most 3 (BF-1.1, BF-7.3, BF-8.2)
    for i, s in enumerate(seats):
        p = f"{f}.seats[{i}]"
        cargo = s["cargo"]
        if s["merchant"] is None:
            if cargo:
                add(InputError("cargo-off-board", f"{p}.cargo", CATALOG))
        elif not cargo:
            add(InputError("merchant-empty", f"{p}.cargo", CATALOG, where=s["merchant"]))
        if len(cargo) > C.MERCHANT_CAPACITY:
            add(InputError("field-count", f"{p}.cargo", CATALOG, low=1, high=C.MERCHANT_CAPACITY, value=len(cargo)))
        if len(set(cargo)) > 1:  # a merchant loads one port's colour, and only ever loses cubes after that
            add(InputError("cargo-mixed", f"{p}.cargo", CATALOG))
        if s["treasure"] is not None and s["pirate"] is None:
            add(InputError("treasure-off-board", f"{p}.treasure", CATALOG))

    # hands: two movement cards (one while the played card lies on the table), at most 3 fate cards
    # except while discarding (BF-10.1, BF-10.4)
    for i, s in enumerate(seats):
        p = f"{f}.seats[{i}]"
        size = C.MOVEMENT_HAND - (1 if i == turn and phase == "move" else 0)
        if len(s["moves"]) != size:
            add(InputError("hand-size", f"{p}.moves", CATALOG, n=len(s["moves"]), expected=size))
        limit = C.FATE_HAND_LIMIT + (now["discards"] if i == turn and phase == "discard" else 0)
        if len(s["fates"]) > limit:
            add(InputError("fate-hand", f"{p}.fates", CATALOG, n=len(s["fates"]), limit=limit))

    # money: income less the prices of the cards face up (BF-11.2); the victory card last (BF-11.4),
    # of the value the option gives; one purchase a turn (BF-11.1)
    for i, s in enumerate(seats):
        p = f"{f}.seats[{i}]"
        victory = s["victory"]
        if victory["value"] != options["victory"]:
            add(InputError("victory-value", f"{p}.victory.value", CATALOG, value=victory["value"], option=options["victory"]))
        if victory["up"] and not all(c["up"] for c in s["developments"]):
            add(InputError("victory-early", f"{p}.victory.up", CATALOG))
        price = sum(c["value"] for c in s["developments"] if c["up"]) + (victory["value"] if victory["up"] else 0)
        if s["spent"] != price:
            add(InputError("spent-mismatch", f"{p}.spent", CATALOG, spent=s["spent"], price=price))
        if s["coins"] != s["earned"] - s["spent"]:
            add(InputError("coins-mismatch", f"{p}.coins", CATALOG, coins=s["coins"], earned=s["earned"], spent=s["spent"]))
        up = sum(1 for c in s["developments"] if c["up"]) + victory["up"]
        turns = turns_played(i, d) + (1 if i == turn and phase == "buy" and now["bought"] else 0)
        if up > turns:
            add(InputError("bought-too-many", f"{p}.developments", CATALOG, n=up, turns=turns))

    # ships: pirates in a distant sea only in their owner's turn, before the draw (BF-8.5);
    # one ship a field, but for the ship moving through friendly ones (BF-5.2, BF-5.3)
    if phase == "move" and seats[turn]["pirate"] is None:  # it came into play before the card (BF-3.1)
        add(InputError("pirate-missing", f"{f}.seats[{turn}].pirate", CATALOG))
    for i, s in enumerate(seats):
        if s["pirate"] in C.DISTANT:
            if not (i == turn and phase in ("place", "card", "move")):
                add(InputError("pirate-distant", f"{f}.seats[{i}].pirate", CATALOG))
            if s["treasure"] is not None:
                add(InputError("treasure-distant", f"{f}.seats[{i}].treasure", CATALOG))
    now_ok = _check_now(state, f, add)
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
            if phase != "move" or active is None or mover not in ships or not now_ok:
                add(InputError("ships-overlap", here[1][2], CATALOG, where=where))
                continue
            if len(here) > 2:  # the ships passed had each ended a move there: on a free field
                add(InputError("ships-overlap", here[2][2], CATALOG, where=where))
                continue
            for s, sh, path in here:
                if (s, sh) != mover and not state._friendly(s, sh):
                    add(InputError("ships-overlap", path, CATALOG, where=where))

    # the round and the turn: everyone plays the same number of turns (BF-2.3, BF-3.1, BF-12.1);
    # a movement card is discarded each turn (BF-10.1), so the pile holds no more than that
    if d["final_round"] != bool(bought):
        add(InputError("final-round", f"{f}.final_round", CATALOG))
    for i, s in enumerate(seats):
        if s["turns"] != turns_played(i, d):
            add(InputError("turns-mismatch", f"{f}.seats[{i}].turns", CATALOG, n=s["turns"], expected=turns_played(i, d)))
    played = sum(turns_played(i, d) for i in range(n)) + (1 if phase in ("discard", "buy") else 0)
    if len(d["decks"]["movement_discard"]) > played:
        add(
            InputError(
                "discard-early", f"{f}.decks.movement_discard", CATALOG, n=len(d["decks"]["movement_discard"]), turns=played
            )
        )
    return found


def _check_now(state, f, add) -> bool:
    """The turn's counters belong to their phases and stay within their limits. False when the
    counters are too broken to ask the rules about this turn's ships."""
    d = state.d
    phase, turn, now = d["phase"], d["turn"], d["now"]
    me = d["seats"][turn]
    p = f"{f}.now"
    words_phase = words(PHASES[phase])
    if phase == "setup":
        # merchants are placed clockwise from the starting player; nothing else has happened yet (BF-2)
        if d["round"] != 1:
            add(InputError("phase-counter", f"{f}.round", CATALOG, phase=words_phase))
        for i, s in enumerate(d["seats"]):
            placed = _before(i, d["first"], turn, d["players"])
            if (s["merchant"] is not None) != placed:
                add(InputError("setup-merchant", f"{f}.seats[{i}].merchant", CATALOG))
            if s["pirate"] is not None:
                add(InputError("setup-pirate", f"{f}.seats[{i}].pirate", CATALOG))
            if s["earned"]:
                add(InputError("phase-counter", f"{f}.seats[{i}].earned", CATALOG, phase=words_phase))
            if len(s["fates"]) != 1:  # one fate card dealt each (BF-2.4), none played or drawn yet
                add(InputError("setup-fates", f"{f}.seats[{i}].fates", CATALOG, n=len(s["fates"])))
        for pile in ("movement_discard", "fate_discard"):
            if d["decks"][pile]:
                add(InputError("phase-counter", f"{f}.decks.{pile}", CATALOG, phase=words_phase))
    if phase == "place" and me["merchant"] is not None and me["pirate"] is not None:
        add(InputError("place-done", f"{f}.phase", CATALOG))
    if phase == "card" and (me["merchant"] is None or me["pirate"] is None):
        add(InputError("place-first", f"{f}.seats[{turn}].{'merchant' if me['merchant'] is None else 'pirate'}", CATALOG))
    fresh = fresh_turn()
    # before the card is played the turn has no counters; after the draw only what happened stays
    if phase in ("setup", "place", "card", "over"):
        ok = True
        for key, value in now.items():
            if value != fresh[key]:
                add(InputError("phase-counter", f"{p}.{key}", CATALOG, phase=words_phase))
                ok = False
        return ok
    ok = True
    if phase == "move" and now["card"] is None:
        add(InputError("field-missing", f"{p}.card"))
        ok = False
    for key in ("card", "active"):
        if phase != "move" and now[key] is not None:
            add(InputError("phase-counter", f"{p}.{key}", CATALOG, phase=words_phase))
    if now["bought"] and phase != "buy":
        add(InputError("phase-counter", f"{p}.bought", CATALOG, phase=words_phase))
    if (now["discards"] > 0) != (phase == "discard"):
        add(InputError("phase-counter", f"{p}.discards", CATALOG, phase=words_phase))
    if phase == "discard":
        if now["discards"] > len(me["fates"]):
            add(InputError("discards-too-many", f"{p}.discards", CATALOG, count=len(me["fates"]), n=now["discards"]))
        keeps = len(me["fates"]) - now["discards"]
        if state.options["discard_timing"] == "on-play" and 0 <= keeps < C.FATE_HAND_LIMIT:
            # under this reading the end of the turn asks only for the cards above the limit (BF-10.3)
            add(InputError("discards-on-play", f"{p}.discards", CATALOG, n=now["discards"], count=len(me["fates"])))
    if now["bought"] and not any(c["up"] for c in me["developments"]):
        add(InputError("phase-counter", f"{p}.bought", CATALOG, phase=words_phase))
    if (now["second_warship"] is None) != (now["second_value"] == 0):
        add(InputError("phase-counter", f"{p}.second_value", CATALOG, phase=words_phase))
        ok = False
    if state.options["fate_effects"] == "none":
        for key in ("extra_moves", "extra_actions", "second_warship"):
            if now[key]:
                add(InputError("fate-counter-off", f"{p}.{key}", CATALOG))
                ok = False
    if phase != "move" or not ok:
        return ok
    card = C.MOVEMENT[now["card"]]
    mine = [card["warship"]] + ([now["second_warship"]] if now["second_warship"] else [])
    if now["second_warship"] == card["warship"]:
        add(InputError("phase-counter", f"{p}.second_warship", CATALOG, phase=words_phase))
        return False
    ships = ("merchant", "pirate", *mine)
    for key in ("moved", "acted"):
        for ship, count in now[key].items():
            if ship not in ships:
                add(InputError("not-this-turn", f"{p}.{key}.{ship}", CATALOG, ship=words(SHIPS[ship])))
                ok = False
                continue
            limit = state._limit(ship) if key == "moved" else state._actions_allowed(ship)
            if count > limit:
                add(InputError("field-range", f"{p}.{key}.{ship}", CATALOG, low=0, high=limit, value=count))
    for j, ship in enumerate(now["finished"] + ([now["active"]] if now["active"] else [])):
        where = f"{p}.finished[{j}]" if j < len(now["finished"]) else f"{p}.active"
        if ship not in ships:
            add(InputError("not-this-turn", where, CATALOG, ship=words(SHIPS[ship])))
            ok = False
    if now["active"] in now["finished"] or len(set(now["finished"])) != len(now["finished"]):
        add(InputError("phase-counter", f"{p}.finished", CATALOG, phase=words_phase))
    return ok
