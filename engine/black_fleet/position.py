"""Black Fleet's position: its one reader and writer (`POSITION`, the core's Position,
engine/core/position.py), its phases, its component model, its relation model, the bounds of its
counters, and every problem a position can have.

`read` reads a position the schema (schema/state.schema.json, the format) has passed into the state's
fields, `write` writes one back, `problems` lists everything that makes a position impossible, each an
InputError naming its field (and its one-tap fix, an operation of edit.py, where there is one), and
`lenient` reads what can be drawn of a draft that may hold anything. Nothing else reads or writes the
position's fields by hand: the renderers draw a state or what `lenient` read, the editor changes drafts
through edit.py.

A hand-written position may be compact: `read` fills in what it leaves out, so that the position is a
reachable one where it can be (`write` always writes the full form):

- colours: the black fleet card for the starting player (`first`), the others in seat order;
- movement hands: dealt from the cards nobody holds (sorted), two each, one for the player who has
  played a card this turn; fate hands empty, but for the one card each holds from the setup until its
  own first turn; the decks hold every card not in a hand;
- ships off the board, warships on their start fields, port stocks holding every cube not aboard;
- developments face down (D05-n … D14-n for seat n), the victory card of the `victory` option;
- money: `spent` is the price of the cards face up, `earned` = coins + spent;
- `turns`: the turns each seat has finished, from the round and whose turn it is;
- a fresh turn (`now`), and the generator seeded with 0.

The phases (PHASES, read by the engine, the editor and the pictures), in a turn's order (BF-3.1): the
setup (each merchant placed, clockwise from the black fleet), then each turn: place (a sunk merchant
comes back, an off-board pirate goes to a distant sea), card (a movement card is played), move (ships
move and act, fate cards are played; "end-moves" draws), discard (fate cards owed), buy (at most one
card, then "end-turn"); and the end. Turns go clockwise from the starting player (`first`), one turn a
seat a round; fate cards are played only in one's own turn (BF-9.1).

The component model (BF-1; the table COMPONENTS below): what the box holds and where each piece may be.

- goods cubes: 65, 13 of each of the 5 colours; in a port's stock, in a merchant's hold (at most 3,
  one colour, only while the merchant is on the board and never empty there), or as a pirate's
  treasure (at most 1, only while the pirate is on a board field). Every cube is in exactly one place.
  A stock's count is read as at most one cube beyond the box, so that a hostile count builds nothing.
- movement cards: 44; in the draw pile, the discard pile, a hand (2 each; 1 for the player who has
  played this turn's card) or on the table as this turn's card. Each exactly once.
- fate cards: 44; in the draw pile, the discard pile or a hand (at most 3, more only while
  discarding). Each exactly once.
- development cards: 24, six of each value 5, 8, 11, 14; four in each player's row (one of each value,
  in that order), the rest in the box. Each at most once.
- identification cards: 4 (black, red, blue, green); one a player, the rest in the box; the black fleet
  is the starting player's, and is always dealt (with three players one of the others stays in the box:
  the engine's convention under BF-2.3).
- victory cards: 8, two a player (one of 10, one of 20, BF-13); each player plays with one of them.
- ships: a merchant and a pirate a player, two warships (one slot each in the position's shape).
- doubloons: an unlimited bank (BF-1.2, the engine's convention: the book pays every income without a
  condition and ties none to the coins in the box), so the position counts no bank; a player's coins are
  their income (`earned`, taken from the bank) less the price of their cards face up (`spent`, paid back).

Conservation is derived from the table: each counted piece is read from every place it may be, counted
once; more than the box holds is a duplicate, fewer (where none may stay in the box) a missing piece.

The relation model: where each piece may stand relative to the board and the other pieces.

- A merchant stands on a sea field of the board or beside it; a pirate on a sea field, on a distant sea
  (only in its owner's turn before the draw, without treasure, and not yet moved or acted with) or
  beside it; a warship always on a sea field. One ship a field, but for the ship that is moving,
  standing on a friendly ship it passes (BF-5.2, BF-5.3): its owner's ships, and the warship(s) of the
  card (under `friendly_warship: once-moved` only once that warship has moved).
- A merchant's hold is one colour, at most 3 cubes, never empty on the board; a pirate's treasure needs
  the pirate on a board field.
- What the setup places, and where (BF-2): every warship on its start field; the merchants of the seats
  before the one on turn (clockwise from the black fleet) each on one of the three fields beside a port,
  holding 3 cubes of that port's colour (the stocks start full, so even four merchants at one port load
  3); nobody else's merchant, no pirate; one fate card and two movement cards in each hand, both
  discard piles empty, nobody has earned anything.
- Who has acted (the turn order): the seats from the starting player up to the one on turn have
  finished their turn this round, so each seat's finished turns follow from the round, `first` and
  `turn`. A seat that has not had a turn yet holds only the fate card it was dealt (BF-2.4), has its
  pirate beside the board (BF-2.7) and has earned nothing. In the move step, every ship that moved is
  the one moving (`now.active`) or done (`now.finished`), and every ship there has moved or acted; under
  `action_timing: own-move` a ship that acted is the one moving or done too.
- A fate card's effect in this turn's counters (extra moves, extra actions, the second warship and its
  value) has its card in the fate discard pile while the move step lasts (a reshuffle comes only with
  the draw after it).

The counters' bounds, as intervals, for a seat that has had t turns with income (its finished turns,
and the one under way once its card is played):

- doubloons earned: 0 to t × the most one turn can pay (`income_per_turn`: three ships each acting
  once, each fate card of a hand of at most three giving at most two more actions, each action paying
  at most the dearest one: a full hold at the dearest port, a steal, a sinking or the richest coast, and
  under the schematic development abilities their extra actions and bonuses). The bound is loose: which
  cards a seat held in turns gone by is not in the position, so how much it could have earned is left
  open within it. Spent is exactly the price of the cards face up; coins are earned less spent.
- cards bought: at most one a finished turn (BF-11.1), plus this turn's in the buy step; the victory
  card only after the four developments (BF-11.4).
- movement cards discarded: at most one a turn played (BF-10.1). How many must lie there is left open
  (a compact position keeps none; a reshuffle empties the pile).
- fate cards out of the draw pile (hands and discard pile): at most one a seat (BF-2.4) plus what the
  cards played let draw (BF-10.2): the symbols of the played cards in the discard pile, and two for each
  played card no longer there.
- this turn's movement and actions: within the card's values, the fate cards' and the developments'
  (BF-4.2, BF-5.5); discards owed no more than the hand holds.

The stage rules (what cannot exist yet, or any more, at a given point of the game):

- setup (round 1 only): as the relation model's setup above.
- place: the player on turn has a ship to bring in; card: both their ships are in play. Before the
  card is played (setup, place, card) and when the game is over, the turn has no counters.
- move: a card is played and the pirate is in play; only the ships the card (and a fate card) give the
  player move or act, within their movement and action allowances.
- discard: fate cards are owed, no more than the hand holds, and the hand keeps at most 3.
- buy: only here is a card bought this turn.
- the last round is on exactly when a victory card is face up; "over" only after that round's last
  turn (BF-12.1).

What the variants and readings forbid: with victory cards of 10 (a first game, BF-13.1) every card is
a 10; with cards of 20 a player may hold the 10 one (BF-13.2, a beginner's head start); with
`fate_effects: none` no fate card has changed this turn (no extra moves, actions or second warship);
with `discard_timing: on-play` fate cards are owed at the end of a turn only above the hand limit, so a
player discarding keeps exactly 3; under `development_abilities: none` and `fate_effects: none` the
movement allowances are the card's alone; `friendly_warship` and `action_timing` as in the relation
model. `short_stock` and `pirate_entry` leave no mark a position can show (how full a hold was loaded,
and what a pirate's first step cost, are left open).

What a seat does not see of the others' (the hands, the face-down developments' identities, the draw
piles' order) is view.py's, the seat's view of the position.

`problems` returns every problem found, each an InputError naming its field; a check that would read
data an earlier problem found broken is skipped.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..core import Fix, InputError, Rng, clone
from ..core.messages import N_, seat_words
from ..core.position import Phase, Position
from . import components as C
from .messages import CATALOG, COLOURS, DECKS, SEAT_COLOURS, SHIPS, words

# The phases and their turn order, once (engine/core/position.py): the engine checks with them, the
# editor and the pictures read them. A turn's steps in order (BF-3.1), clockwise from the black fleet.
_PLACE_REFUSAL = (N_("wrong-phase"), "BF-3.1", "BF-7.5", "BF-8.5")
PHASES = (
    Phase("setup", N_("phase-setup"), ("place",), turns="seat", rules=("BF-2.6",), refusal=_PLACE_REFUSAL),
    Phase("place", N_("phase-place"), ("place",), turns="seat", rules=("BF-3.1",), refusal=_PLACE_REFUSAL),
    Phase("card", N_("phase-card"), ("play",), turns="seat", rules=("BF-3.1",), refusal=(N_("wrong-phase"), "BF-3.1", "BF-4.1")),
    Phase(
        "move",
        N_("phase-move"),
        ("move", "sink", "sell", "load", "steal", "bury", "fate", "end-moves"),
        turns="seat",
        rules=("BF-3.1",),
        refusal=(N_("wrong-phase"), "BF-3.1"),
        own_turn_rules=(("fate", ("BF-9.1",)),),
    ),
    Phase(
        "discard",
        N_("phase-discard"),
        ("discard",),
        turns="seat",
        rules=("BF-3.1",),
        refusal=(N_("discard-not-needed"), "BF-10.4"),
    ),
    Phase("buy", N_("phase-buy"), ("buy", "end-turn"), turns="seat", rules=("BF-3.1",), refusal=(N_("wrong-phase"), "BF-3.1")),
    Phase("over", N_("phase-over"), (), turns="none", rules=("BF-12.1",)),
)
PHASE = {p.name: p for p in PHASES}


def _fix(op: str, code: str, args: dict | None = None, **params) -> Fix:
    """A one-tap fix: edit.py's operation `op` ("set": a field, engine/core/edit.py), its words `code`."""
    return Fix.make(CATALOG, op, code, args, **params)


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


def turns_played(seat: int, phase: str, first: int, turn: int, players: int, rnd: int) -> int:
    """The turns `seat` has finished: every round's before this one, and this one's once its turn is
    past (clockwise from the starting player)."""
    if phase == "setup":
        return 0
    if phase == "over" or (seat - first) % players < (turn - first) % players:
        return rnd
    return rnd - 1


def _turns(s, seat: int) -> int:
    return turns_played(seat, s.phase, s.first, s.turn, s.players, s.round)


def income_turns(s, seat: int) -> int:
    """The turns in which `seat` may have earned: those it finished, and its own under way once its
    card is played."""
    return _turns(s, seat) + (1 if seat == s.turn and s.phase in ("move", "discard", "buy") else 0)


_INCOME: dict = {}


def income_per_turn(options: dict) -> int:
    """The most one turn can pay (a bound, not an instance: the module's docstring)."""
    key = (options["fate_effects"], options["development_abilities"])
    most = _INCOME.get(key)
    if most is None:
        fates = C.FATE_HAND_LIMIT if options["fate_effects"] == "schematic" else 0
        devs = C.DEVELOPMENT.values() if options["development_abilities"] == "schematic" else ()
        # each extra action of a development counts for both warships when it is a warship's
        extra = sum(c["amount"] * (2 if c.get("ship") == "warship" else 1) for c in devs if c["effect"] == "extra-action")
        actions = 3 + 2 * fates + extra
        bonus = max([sum(c["amount"] for c in devs if c.get("income") == k) for k in ("sell", "steal", "sink", "bury")] + [0])
        price = max(p["price"] for p in C.PORTS.values())
        per = max(price * C.MERCHANT_CAPACITY, C.REWARD_STEAL, C.REWARD_SINK, max(C.COAST.values())) + bonus
        most = _INCOME[key] = actions * per
    return most


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
def _cubes_in_stock(s):
    # at most one cube beyond the box is read (enough to see too many; `_over_box` adds the rest to the
    # count): a stock of ten million would be a list of ten million, a huge one an OverflowError
    return [(f".stock.{c}", [c] * min(s.stock[c], C.CUBES_PER_COLOUR + 1), None) for c in C.COLOURS]


def _over_box(s, colour) -> int:
    """The cubes of a stock beyond those `_cubes_in_stock` reads."""
    return max(0, s.stock[colour] - (C.CUBES_PER_COLOUR + 1))


def _seat_list(key):
    def read(s):
        return [(f".seats[{i}].{key}", seat[key], "") for i, seat in enumerate(s.seats)]

    return read


def _deck(key):
    def read(s):
        return [(f".decks.{key}", s.decks[key], "")]

    return read


def _treasures(s):
    return [(f".seats[{i}].treasure", [x["treasure"]], None) for i, x in enumerate(s.seats) if x["treasure"] is not None]


def _played(s):
    return [(".now.card", [s.now["card"]], None)] if s.now["card"] else []


def _rows(s):
    return [(f".seats[{i}].developments", [c["id"] for c in x["developments"]], ".id") for i, x in enumerate(s.seats)]


def _id_cards(s):
    return [(f".seats[{i}].colour", [x["colour"]], None) for i, x in enumerate(s.seats)]


def _victories(s):
    return [(f".seats[{i}].victory", [x["victory"]["value"]], None) for i, x in enumerate(s.seats)]


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
_MOVEMENT_IDS, _FATE_IDS = sorted(C.MOVEMENT), sorted(C.FATE)


def read(data: dict, field: str, options: dict) -> dict:
    """The position as the state keeps it, from JSON the schema has passed; InputError (naming the
    field) for what only the reader can see: wrong lengths, wrong card values. A table whose seats do
    not match its size (the editor keeps them when the size changes) is refused with its fix."""
    n = data["players"]
    seats = data["seats"]
    if len(seats) != n:
        fix = (
            _fix("return_extra_seats", N_("fix-return-seats"))
            if len(seats) > n
            else _fix("resize", N_("fix-add-seats"), {"players": n})
        )
        raise InputError("field-count", f"{field}.seats", low=n, high=n, value=len(seats), fix=fix)
    d = {"players": n}
    for key, default in (("first", 0), ("turn", None)):
        value = data.get(key, d["first"] if default is None else default)
        if not 0 <= value < n:
            raise InputError("field-range", f"{field}.{key}", low=0, high=n - 1, value=value)
        d[key] = value
    d["phase"] = data.get("phase", "card")
    d["round"] = data.get("round")  # left out: the least round the position needs (below)
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
    if d["round"] is None:
        needs = [turns_needed(i, s, d["turn"], d["phase"], options) for i, s in enumerate(d["seats"])]
        d["round"] = least_round(n, d["first"], d["turn"], d["phase"], needs)
    for i, s in enumerate(d["seats"]):
        if s["turns"] is None:
            s["turns"] = turns_played(i, d["phase"], d["first"], d["turn"], n, d["round"])
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
    free = [c for c in _MOVEMENT_IDS if c not in used] if any(s["moves"] is None for s in d["seats"]) or decks is None else []
    for i, s in enumerate(d["seats"]):
        if s["moves"] is None:
            size = C.MOVEMENT_HAND - (1 if i == d["turn"] and d["phase"] == "move" else 0)
            s["moves"], free = free[:size], free[size:]
    if decks is None:
        held_f = {c for s in d["seats"] for c in s["fates"] or ()}
        free_f = [c for c in _FATE_IDS if c not in held_f]
        for i, s in enumerate(d["seats"]):
            # each player holds the fate card drawn at setup (BF-2.4) until their own first turn
            first_turn = turns_played(i, d["phase"], d["first"], d["turn"], n, d["round"]) == 0
            if first_turn and i == d["turn"] and d["phase"] in ("move", "discard", "buy"):
                first_turn = False  # (played it, or drawn: a hand-written position says which)
            if s["fates"] is None:
                s["fates"], free_f = (free_f[:1], free_f[1:]) if first_turn else ([], free_f)
        held_f = {c for s in d["seats"] for c in s["fates"]}
        free_f = [c for c in _FATE_IDS if c not in held_f]
        played_f = _fates_behind(now, free_f)
        decks = {
            "movement": free,
            "movement_discard": [],
            "fate": [c for c in free_f if c not in played_f],
            "fate_discard": played_f,
        }
    for s in d["seats"]:
        if s["fates"] is None:
            s["fates"] = []
    d["decks"] = decks
    d["now"] = now
    d["rng"] = Rng.from_json(data.get("rng")).to_json()
    return d


def _fates_behind(now: dict, free: list) -> list:
    """Fate cards from `free` whose effects add up to this turn's counters (extra moves and actions,
    the second warship): the cards a compact position played, for its fate discard pile."""
    out = []
    wanted = [("extra-move", ship, n) for ship, n in now.get("extra_moves", {}).items()]
    wanted += [("extra-action", ship, n) for ship, n in now.get("extra_actions", {}).items()]
    for effect, ship, n in wanted:
        for c in free:
            if n <= 0:
                break
            card = C.FATE[c]
            if card["effect"] == effect and card.get("ship") == ship and c not in out:
                out.append(c)
                n -= card["amount"] if effect == "extra-move" else 1
    if now.get("second_warship") is not None:
        value = now.get("second_value")
        out += [c for c in free if C.FATE[c]["effect"] == "second-warship" and C.FATE[c]["amount"] == value][:1]
    return out


def turns_needed(i: int, x: dict, turn: int, phase: str, options: dict) -> int:
    """The fewest turns seat `i` must have finished for what it holds (the relation model and the
    counters' bounds): its pirate in play, fate cards other than the one dealt, cards bought, income.
    (`x`: the seat as `read` reads it; a hand it leaves out says nothing.)"""
    if phase == "setup":
        return 0
    current = i == turn and phase in ("move", "discard", "buy")  # its own turn under way, its card played
    need = 0
    if x["pirate"] is not None and not current and not (i == turn and x["pirate"] in C.DISTANT):
        need = 1
    if x["fates"] is not None and len(x["fates"]) != 1 and not current:
        need = 1
    up = sum(1 for c in x["developments"] if c["up"]) + x["victory"]["up"]
    need = max(need, up - (1 if i == turn and phase == "buy" else 0))
    return max(need, -(-x["earned"] // income_per_turn(options)) - current)


def least_round(players: int, first: int, turn: int, phase: str, needs: list) -> int:
    """The least round in which every seat has finished the turns it needs (`needs`, seat by seat):
    those before the one on turn have played this round's, the others not yet."""
    rnd = 1
    if phase == "setup":
        return rnd
    for i, need in enumerate(needs):
        played = phase == "over" or (i - first) % players < (turn - first) % players
        rnd = max(rnd, need + (0 if played else 1))
    return rnd


# The position's fields, in the order its JSON has them: the state keeps each as an attribute.
FIELDS = ("players", "first", "turn", "phase", "round", "final_round", "seats", "warships", "stock", "decks", "now", "rng")


def write(s) -> dict:
    """The position's JSON, in full (a copy: the caller may change it)."""
    return {k: clone(getattr(s, k)) for k in FIELDS}


def lenient(data) -> dict:
    """What can be drawn of a draft that may hold anything (the editor's, before `problems` has its
    say): {"seats": [{colour, coins, merchant, cargo, pirate, treasure, up (developments face up),
    victory (face up), value (the victory card's)}], "warships", "stock"}; unknown ids and wrong types
    left out or given a neutral value. Never raises."""
    data = data if isinstance(data, dict) else {}
    raw = data.get("seats") if isinstance(data.get("seats"), list) else []
    seats = []
    for i, s in enumerate(raw[: len(C.PLAYER_COLOURS)]):
        s = s if isinstance(s, dict) else {}
        colour = _known(s.get("colour"), C.PLAYER_COLOURS, C.PLAYER_COLOURS[i])
        cargo = [c for c in s["cargo"] if _known(c, C.COLOURS)] if isinstance(s.get("cargo"), list) else []
        devs = s.get("developments") if isinstance(s.get("developments"), list) else []
        victory = s.get("victory") if isinstance(s.get("victory"), dict) else {}
        coins = s.get("coins")
        seats.append(
            {
                "colour": colour,
                "coins": coins if type(coins) is int else 0,
                "merchant": _known(s.get("merchant"), C.FIELDS),
                "cargo": cargo[: C.MERCHANT_CAPACITY],
                "pirate": _known(s.get("pirate"), C.FIELDS) or _known(s.get("pirate"), C.DISTANT),
                "treasure": _known(s.get("treasure"), C.COLOURS),
                "up": sum(1 for c in devs if isinstance(c, dict) and c.get("up") is True),
                "victory": victory.get("up") is True,
                "value": _known(victory.get("value"), C.VICTORY_VALUES),
            }
        )
    ws = data.get("warships", C.NAVY_START)
    ws = ws if isinstance(ws, dict) else {}
    stock = data.get("stock") if isinstance(data.get("stock"), dict) else {}
    return {
        "seats": seats,
        "warships": {w: _known(ws.get(w), C.FIELDS) for w in C.WARSHIPS},
        "stock": {c: n for c, n in stock.items() if _known(c, C.COLOURS) and type(n) is int},
    }


def _known(value, ids, default=None):
    """`value` where it is one of `ids`, else `default` (a draft's value may be any JSON: a list is
    no id, where looking it up in a set would raise)."""
    return value if isinstance(value, (str, int)) and value in ids else default


# -- problems -----------------------------------------------------------------------------------------
def problems(s, field: str) -> list[InputError]:
    """Every invariant of a reachable position this one breaks (an InputError each, naming its field),
    in the order of the checks below."""
    found = []
    add = found.append
    _end(s, field, add)
    _conservation(s, field, add)
    _black(s, field, add)
    _holds(s, field, add)
    _hands(s, field, add)
    _money(s, field, add)
    _pirates(s, field, add)
    _setup(s, field, add)
    now_ok = _now(s, field, add)
    _overlaps(s, field, add, now_ok)
    _rounds(s, field, add)
    _history(s, field, add, now_ok)
    return found


def _end(s, f, add):
    """ "over" only after the round in which a victory card was bought, after the player to the right
    of the starting player (BF-12.1)."""
    bought = any(x["victory"]["up"] for x in s.seats)
    if s.phase == "over":
        if not bought:
            add(InputError("not-over", f"{f}.phase", CATALOG))
        elif s.turn != (s.first - 1) % s.players:
            add(InputError("not-over", f"{f}.turn", CATALOG))


def _black(s, f, add):
    """The black fleet starts (BF-2.3)."""
    if s.seats[s.first]["colour"] != "black":
        black = next((i for i, x in enumerate(s.seats) if x["colour"] == "black"), None)
        fix = (
            None
            if black is None
            else _fix("set", N_("fix-first"), {"path": ["first"], "value": black}, seat=seat_words(black + 1))
        )
        add(InputError("black-starts", f"{f}.first", CATALOG, fix=fix, seat=s.first + 1))


def _conservation(s, f, add):
    """Each counted piece once, none beyond the box, none missing unless it may stay in the box."""
    for comp in COMPONENTS:
        if not comp.counted:
            continue
        segments = [seg for place in comp.places for seg in PLACES[place](s)]
        flat = [x for _, items, _ in segments for x in items]
        if comp.unique:  # each piece is one of a kind: a set says it all
            kinds = set(flat)
            if len(kinds) == len(flat) and (kinds <= comp.box.keys() if comp.rest_in_box else len(kinds) == len(comp.box)):
                continue
        count = Counter(flat)
        if count == comp.box or (comp.rest_in_box and all(comp.box.get(k, 0) >= n for k, n in count.items())):
            continue
        recount = _fix("recount_cards", N_("fix-recount-cards")) if comp.kind in ("movement", "fate") else None
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
                                "card-twice",
                                f + here,
                                CATALOG,
                                fix=recount,
                                card=item,
                                deck=words(DECKS[comp.kind]),
                                other=f + first[item],
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
                        fix=_fix("recount_stock", N_("fix-recount-stock")),
                        colour=words(COLOURS[item]),
                        n=have + _over_box(s, item),
                        expected=n,
                    )
                )
            elif have == 0:
                add(
                    InputError(
                        "card-missing", f"{f}.decks.{comp.kind}", CATALOG, fix=recount, card=item, deck=words(DECKS[comp.kind])
                    )
                )


def _holds(s, f, add):
    """Holds: only on the board, never empty there, one colour, at most 3 (BF-1.1, BF-7.3, BF-8.2); a
    treasure only aboard a pirate on a board field."""
    for i, x in enumerate(s.seats):
        p = f"{f}.seats[{i}]"
        cargo = x["cargo"]
        if x["merchant"] is None:
            if cargo:
                add(InputError("cargo-off-board", f"{p}.cargo", CATALOG, fix=_take_off("merchant", i)))
        elif not cargo:
            add(InputError("merchant-empty", f"{p}.cargo", CATALOG, fix=_take_off("merchant", i), where=x["merchant"]))
        if len(cargo) > C.MERCHANT_CAPACITY:
            add(InputError("field-count", f"{p}.cargo", CATALOG, low=1, high=C.MERCHANT_CAPACITY, value=len(cargo)))
        if len(set(cargo)) > 1:  # a merchant loads one port's colour, and only ever loses cubes after that
            add(InputError("cargo-mixed", f"{p}.cargo", CATALOG))
        if x["treasure"] is not None and x["pirate"] is None:
            remove = _fix("remove_cube", N_("fix-treasure-back"), {"who": i, "kind": "pirate"})
            add(InputError("treasure-off-board", f"{p}.treasure", CATALOG, fix=remove))


def _take_off(kind: str, seat: int) -> Fix:
    return _fix("take_off", N_("fix-take-off"), {"kind": kind, "who": seat}, ship=words(SHIPS[kind]), seat=seat_words(seat + 1))


def _hands(s, f, add):
    """Two movement cards (one while the played card lies on the table), at most 3 fate cards except
    while discarding (BF-10.1, BF-10.4)."""
    for i, x in enumerate(s.seats):
        p = f"{f}.seats[{i}]"
        size = C.MOVEMENT_HAND - (1 if i == s.turn and s.phase == "move" else 0)
        if len(x["moves"]) != size:
            deal = _fix("settle_turn", N_("fix-deal"))
            add(InputError("hand-size", f"{p}.moves", CATALOG, fix=deal, n=len(x["moves"]), expected=size))
        limit = C.FATE_HAND_LIMIT + (s.now["discards"] if i == s.turn and s.phase == "discard" else 0)
        if len(x["fates"]) > limit:
            add(InputError("fate-hand", f"{p}.fates", CATALOG, n=len(x["fates"]), limit=limit))


def _money(s, f, add):
    """Income less the prices of the cards face up (BF-11.2); the victory card last (BF-11.4), of the
    value the option allows (BF-13); one purchase a turn (BF-11.1); income within what the turns played
    can pay (the counters' bounds)."""
    most = income_per_turn(s.options)
    for i, x in enumerate(s.seats):
        p = f"{f}.seats[{i}]"
        victory = x["victory"]
        if victory["value"] > s.options["victory"]:  # under 10 everyone plays the 10 card (BF-13.1, BF-13.2)
            add(
                InputError(
                    "victory-value",
                    f"{p}.victory.value",
                    CATALOG,
                    fix=_fix(
                        "set", N_("fix-victory-10"), {"path": ["seats", i, "victory", "value"], "value": s.options["victory"]}
                    ),
                    value=victory["value"],
                    option=s.options["victory"],
                )
            )
        if victory["up"] and not all(c["up"] for c in x["developments"]):
            add(InputError("victory-early", f"{p}.victory.up", CATALOG))
        price = sum(c["value"] for c in x["developments"] if c["up"]) + (victory["value"] if victory["up"] else 0)
        if x["spent"] != price:
            add(InputError("spent-mismatch", f"{p}.spent", CATALOG, fix=_settle(i), spent=x["spent"], price=price))
        if x["coins"] != x["earned"] - x["spent"]:
            add(
                InputError(
                    "coins-mismatch",
                    f"{p}.coins",
                    CATALOG,
                    fix=_settle(i),
                    coins=x["coins"],
                    earned=x["earned"],
                    spent=x["spent"],
                )
            )
        up = sum(1 for c in x["developments"] if c["up"]) + victory["up"]
        turns = _turns(s, i) + (1 if i == s.turn and s.phase == "buy" and s.now["bought"] else 0)
        if up > turns:
            add(InputError("bought-too-many", f"{p}.developments", CATALOG, fix=_later(s), n=up, turns=turns))
        t = income_turns(s, i)
        if x["earned"] > t * most:
            # the coins are what the reader sets: a later round, or else the most the turns allow
            coins = max(0, t * most - x["spent"])
            fix = _later(s) or _fix("set", N_("fix-coins"), {"path": ["seats", i, "coins"], "value": coins}, n=coins)
            add(InputError("income-unreachable", f"{p}.coins", CATALOG, fix=fix, earned=x["earned"], n=t, most=t * most))


def _settle(seat: int) -> Fix:
    return _fix("settle_money", N_("fix-settle-money"), {"seat": seat}, seat=seat_words(seat + 1))


def _pirates(s, f, add):
    """Pirates in a distant sea only in their owner's turn, before the draw (BF-8.5), without treasure;
    the mover's pirate in play once the card is played (BF-3.1)."""
    turn, phase = s.turn, s.phase
    if phase == "move" and s.seats[turn]["pirate"] is None:  # it came into play before the card (BF-3.1)
        add(InputError("pirate-missing", f"{f}.seats[{turn}].pirate", CATALOG))
    for i, x in enumerate(s.seats):
        if x["pirate"] in C.DISTANT:
            if not (i == turn and phase in ("place", "card", "move")):
                add(InputError("pirate-distant", f"{f}.seats[{i}].pirate", CATALOG, fix=_take_off("pirate", i)))
            if x["treasure"] is not None:
                add(InputError("treasure-distant", f"{f}.seats[{i}].treasure", CATALOG))


def _overlaps(s, f, add, now_ok):
    """One ship a field, but for the ship moving through friendly ones (BF-5.2, BF-5.3)."""
    turn, phase, now = s.turn, s.phase, s.now
    occ = {}
    for i, x in enumerate(s.seats):
        for ship in ("merchant", "pirate"):
            if x[ship] in C.FIELDS:
                occ.setdefault(x[ship], []).append((i, ship, f"{f}.seats[{i}].{ship}"))
    for w in C.WARSHIPS:
        occ.setdefault(s.warships[w], []).append((None, w, f"{f}.warships.{w}"))
    active = now["active"]
    mover = (turn, active) if active in ("merchant", "pirate") else (None, active)
    for where, here in occ.items():
        if len(here) > 1:
            ships = [(seat, sh) for seat, sh, _ in here]
            if phase != "move" or active is None or mover not in ships or not now_ok:
                add(InputError("ships-overlap", here[1][2], CATALOG, where=where))
                continue
            if len(here) > 2:  # the ships passed had each ended a move there: on a free field
                add(InputError("ships-overlap", here[2][2], CATALOG, where=where))
                continue
            for seat, sh, path in here:
                if (seat, sh) != mover and not s._friendly(seat, sh):
                    add(InputError("ships-overlap", path, CATALOG, where=where))


def _rounds(s, f, add):
    """The last round exactly when a victory card is face up; everyone plays the same number of turns
    (BF-2.3, BF-3.1, BF-12.1); a movement card is discarded each turn (BF-10.1), so the pile holds no
    more than that."""
    bought = any(x["victory"]["up"] for x in s.seats)
    if s.final_round != bought:
        fix = _fix("set", N_("fix-final-round"), {"path": ["final_round"], "value": bought})
        add(InputError("final-round", f"{f}.final_round", CATALOG, fix=fix))
    for i, x in enumerate(s.seats):
        if x["turns"] != _turns(s, i):
            refresh = _fix("refresh_turns", N_("fix-turns"))
            add(InputError("turns-mismatch", f"{f}.seats[{i}].turns", CATALOG, fix=refresh, n=x["turns"], expected=_turns(s, i)))
    played = _played_cards(s)
    if len(s.decks["movement_discard"]) > played:
        add(InputError("discard-early", f"{f}.decks.movement_discard", CATALOG, n=len(s.decks["movement_discard"]), turns=played))


def _played_cards(s) -> int:
    """The movement cards played and discarded so far: one a finished turn, and this turn's after the draw."""
    return sum(_turns(s, i) for i in range(s.players)) + (1 if s.phase in ("discard", "buy") else 0)


def _setup(s, f, add):
    """What the setup places, and where (BF-2, the relation model): merchants clockwise from the black
    fleet, each beside a port with 3 of its cubes; the warships on their start fields; no pirate,
    nothing earned, one fate card each, empty discard piles, round 1."""
    if s.phase != "setup":
        return
    phase = words(PHASE["setup"].title)
    if s.round != 1:
        add(
            InputError(
                "phase-counter",
                f"{f}.round",
                CATALOG,
                fix=_fix("set", N_("fix-round-1"), {"path": ["round"], "value": 1}),
                phase=phase,
            )
        )
    for i, x in enumerate(s.seats):
        p = f"{f}.seats[{i}]"
        placed = (i - s.first) % s.players < (s.turn - s.first) % s.players
        if (x["merchant"] is not None) != placed:
            add(InputError("setup-merchant", f"{p}.merchant", CATALOG))
        elif placed:
            ports = C.FIELD_PORTS.get(x["merchant"], [])
            if not ports:
                add(InputError("setup-merchant-port", f"{p}.merchant", CATALOG, where=x["merchant"]))
            elif x["cargo"] and (
                len(x["cargo"]) != C.MERCHANT_CAPACITY or x["cargo"][0] not in {C.PORTS[q]["colour"] for q in ports}
            ):
                load = _fix("load_at_port", N_("fix-load-at-port"), {"seat": i}, seat=seat_words(i + 1))
                add(InputError("setup-cargo", f"{p}.cargo", CATALOG, fix=load, where=x["merchant"]))
        if x["pirate"] is not None:
            add(InputError("setup-pirate", f"{p}.pirate", CATALOG, fix=_take_off("pirate", i)))
        if x["earned"]:
            add(InputError("phase-counter", f"{p}.earned", CATALOG, phase=phase))
        if len(x["fates"]) != 1:  # one fate card dealt each (BF-2.4), none played or drawn yet
            add(InputError("setup-fates", f"{p}.fates", CATALOG, n=len(x["fates"])))
    for pile in ("movement_discard", "fate_discard"):
        if s.decks[pile]:
            add(InputError("phase-counter", f"{f}.decks.{pile}", CATALOG, phase=phase))
    for w in C.WARSHIPS:
        if s.warships[w] != C.NAVY_START[w]:
            start = _fix(
                "set", N_("fix-warship-start"), {"path": ["warships", w], "value": C.NAVY_START[w]}, ship=words(SHIPS[w])
            )
            add(InputError("setup-warship", f"{f}.warships.{w}", CATALOG, fix=start, ship=words(SHIPS[w]), start=C.NAVY_START[w]))


def _later(s) -> Fix | None:
    """The fix "set the round to r": the least round in which every seat has had the turns what it
    holds needs (None when that is this round, or in the setup or at the end)."""
    if s.phase in ("setup", "over"):
        return None
    needs = [turns_needed(i, x, s.turn, s.phase, s.options) for i, x in enumerate(s.seats)]
    rnd = least_round(s.players, s.first, s.turn, s.phase, needs)
    if rnd <= s.round:
        return None
    return _fix("set", N_("fix-round"), {"path": ["round"], "value": rnd}, n=rnd)


def _history(s, f, add, now_ok):
    """Who has acted (the relation model) and what the turns played allow (the counters' bounds)."""
    if s.phase == "setup":
        return  # (the setup's own rules say it all)
    for i, x in enumerate(s.seats):
        if _turns(s, i) or (i == s.turn and s.phase not in ("place", "card")):
            continue
        # no turn of its own yet: the fate card it was dealt, its pirate beside the board (the one on
        # turn may have put it in a distant sea)
        p = f"{f}.seats[{i}]"
        if len(x["fates"]) != 1:
            fix = _later(s)
            add(InputError("fates-before-turn", f"{p}.fates", CATALOG, fix=fix, n=len(x["fates"]), seat=seat_words(i + 1)))
        if x["pirate"] is not None and not (i == s.turn and x["pirate"] in C.DISTANT):
            fix = _later(s) or _take_off("pirate", i)
            add(InputError("pirate-before-turn", f"{p}.pirate", CATALOG, fix=fix, seat=seat_words(i + 1)))
    # fate cards out of the draw pile: one a seat, and what the cards played let draw
    played = _played_cards(s)
    discard = s.decks["movement_discard"]
    drawn = s.players + sum(_DRAWS[C.MOVEMENT[c]["symbol"]] for c in discard) + 2 * max(0, played - len(discard))
    out = sum(len(x["fates"]) for x in s.seats) + len(s.decks["fate_discard"])
    if out > drawn:
        add(InputError("fate-drawn", f"{f}.decks.fate", CATALOG, n=out, most=drawn))
    if s.phase == "move" and now_ok:
        _this_turn(s, f, add)


_DRAWS = {"draw1": 1, "draw2": 2, "discard1": 0, "none": 0}


def _this_turn(s, f, add):
    """The move step's counters against each other: the ships that moved and acted, and the fate cards
    behind the effects (the relation model)."""
    now, p = s.now, f"{f}.now"
    done = now["finished"] + ([now["active"]] if now["active"] else [])
    for j, ship in enumerate(done):
        if ship not in now["moved"] and ship not in now["acted"]:
            where = f"{p}.finished[{j}]" if j < len(now["finished"]) else f"{p}.active"
            add(InputError("ship-idle", where, CATALOG, ship=words(SHIPS[ship])))
    own_move = s.options["action_timing"] == "own-move"
    for key in ("moved", "acted") if own_move else ("moved",):
        for ship in now[key]:
            if ship not in done:
                code = N_("acted-not-done") if key == "acted" else N_("moved-not-done")
                add(InputError(code, f"{p}.{key}.{ship}", CATALOG, ship=words(SHIPS[ship])))
    me = s.seats[s.turn]
    if me["pirate"] in C.DISTANT:
        for key in ("moved", "acted"):
            if "pirate" in now[key]:
                add(InputError("pirate-distant-moved", f"{p}.{key}.pirate", CATALOG))
    played = Counter()
    for c in s.decks["fate_discard"]:
        card = C.FATE[c]
        if card["effect"] == "extra-move":
            played["move", card["ship"]] += card["amount"]
        elif card["effect"] == "extra-action":
            played["action", card["ship"]] += 1
        elif card["effect"] == "second-warship":
            played["second", card["amount"]] += 1
    for key, kind in (("extra_moves", "move"), ("extra_actions", "action")):
        for ship, n in now[key].items():
            if n > played[kind, ship]:
                add(
                    InputError(
                        "fate-unplayed", f"{p}.{key}.{ship}", CATALOG, n=n, most=played[kind, ship], ship=words(SHIPS[ship])
                    )
                )
    if now["second_warship"] is not None and not played["second", now["second_value"]]:
        add(
            InputError(
                "fate-unplayed",
                f"{p}.second_warship",
                CATALOG,
                n=now["second_value"],
                most=0,
                ship=words(SHIPS[now["second_warship"]]),
            )
        )


def _now(s, f, add) -> bool:
    """The turn's counters belong to their phases and stay within their limits. False when the
    counters are too broken to ask the rules about this turn's ships."""
    phase, turn, now = s.phase, s.turn, s.now
    me = s.seats[turn]
    p = f"{f}.now"
    words_phase = words(PHASE[phase].title)
    if phase == "place" and me["merchant"] is not None and me["pirate"] is not None:
        add(
            InputError(
                "place-done", f"{f}.phase", CATALOG, fix=_fix("set", N_("fix-phase-card"), {"path": ["phase"], "value": "card"})
            )
        )
    if phase == "card" and (me["merchant"] is None or me["pirate"] is None):
        add(InputError("place-first", f"{f}.seats[{turn}].{'merchant' if me['merchant'] is None else 'pirate'}", CATALOG))
    fresh = fresh_turn()
    # before the card is played the turn has no counters; after the draw only what happened stays
    if phase in ("setup", "place", "card", "over"):
        ok = True
        for key, value in now.items():
            if value != fresh[key]:
                add(
                    InputError(
                        "phase-counter", f"{p}.{key}", CATALOG, fix=_fix("settle_turn", N_("fix-settle-turn")), phase=words_phase
                    )
                )
                ok = False
        return ok
    ok = True
    if phase == "move" and now["card"] is None:
        add(InputError("field-missing", f"{p}.card", fix=_fix("settle_turn", N_("fix-settle-turn"))))
        ok = False
    for key in ("card", "active"):
        if phase != "move" and now[key] is not None:
            add(
                InputError(
                    "phase-counter", f"{p}.{key}", CATALOG, fix=_fix("settle_turn", N_("fix-settle-turn")), phase=words_phase
                )
            )
    if now["bought"] and phase != "buy":
        add(
            InputError("phase-counter", f"{p}.bought", CATALOG, fix=_fix("settle_turn", N_("fix-settle-turn")), phase=words_phase)
        )
    if (now["discards"] > 0) != (phase == "discard"):
        add(InputError("phase-counter", f"{p}.discards", CATALOG, phase=words_phase))
    if phase == "discard":
        if now["discards"] > len(me["fates"]):
            add(InputError("discards-too-many", f"{p}.discards", CATALOG, count=len(me["fates"]), n=now["discards"]))
        keeps = len(me["fates"]) - now["discards"]
        if s.options["discard_timing"] == "on-play" and 0 <= keeps < C.FATE_HAND_LIMIT:
            # under this reading the end of the turn asks only for the cards above the limit (BF-10.3)
            add(InputError("discards-on-play", f"{p}.discards", CATALOG, n=now["discards"], count=len(me["fates"])))
    if now["bought"] and not any(c["up"] for c in me["developments"]):
        add(InputError("phase-counter", f"{p}.bought", CATALOG, phase=words_phase))
    if (now["second_warship"] is None) != (now["second_value"] == 0):
        add(InputError("phase-counter", f"{p}.second_value", CATALOG, phase=words_phase))
        ok = False
    if s.options["fate_effects"] == "none":
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
            limit = s._limit(ship) if key == "moved" else s._actions_allowed(ship)
            if count > limit:
                add(InputError("field-range", f"{p}.{key}.{ship}", CATALOG, low=0, high=limit, value=count))
    for j, ship in enumerate(now["finished"] + ([now["active"]] if now["active"] else [])):
        where = f"{p}.finished[{j}]" if j < len(now["finished"]) else f"{p}.active"
        if ship not in ships:
            add(InputError("not-this-turn", where, CATALOG, ship=words(SHIPS[ship])))
            ok = False
    if now["active"] in now["finished"] or len(set(now["finished"])) != len(now["finished"]):
        add(InputError("phase-counter", f"{p}.finished", CATALOG, phase=words_phase))
        ok = False
    return ok


# The functions above behind the one interface (engine/core/position.py); the editing operations are edit.py's.
POSITION = Position(
    read=read,
    write=write,
    lenient=lenient,
    problems=problems,
    phases=PHASES,
    edits=(
        "put",
        "take_off",
        "add_cube",
        "remove_cube",
        "load_at_port",
        "recount_stock",
        "recount_cards",
        "settle_money",
        "take_coin",
        "return_coin",
        "settle_turn",
        "settle_done",
        "refresh_turns",
        "fate_count",
        "resize",
        "return_extra_seats",
    ),
)
