"""Vor dem Wind's position: its one reader and writer (`POSITION`, the core's Position,
engine/core/position.py), its phases, its component model, its relation model, the bounds of its
counters and every problem a position can have.

`read` reads a position the schema (schema/state.schema.json, the format) has passed into
the state's fields, `write` writes one back, `lenient` reads what can be drawn of a draft that may
hold anything, `problems` lists everything that makes a position impossible, each an InputError
naming its field, and `new` is the table before the game starts (`new_seat` one seat of it). Nothing
else reads or writes the position's fields by hand: the renderers draw a state or `lenient`'s
reading, the editor changes drafts through edit.py.

The phases (PHASES, read by the engine, the editor and the pictures): the setup (from the start
player in seat order, each takes 2 goods), revealing (the start player alone), trading (from the start
player clockwise, the next seat holding nothing chooses; while an auction runs, the seats still to be
asked, in the order the position keeps: `auction.to_ask`), executing (from the start player in seat
order), the spoilage at a stage's end (the seats still to let goods spoil, in the order the position
keeps: `spoil_queue`), and the end.

The component model (VW-2.0 … VW-2.6): each kind, how many the box holds, and every place it may lie.

- Action cards: 120, 40 per deck (buy, warehouse, ship), each exactly once: a deck's draw pile or
  discard pile (any time); revealed in the middle of the table (reveal and trade only); in front of a
  player, face up or down (trade and execute only); in a player's hand of special cards (special
  cards only, not before the game starts); on a player's warehouse as keep fresh (keep-fresh cards
  only, not before the game starts); being used as a market (a market card, execute only).
- Ships: 46 (20 small, 26 large), each exactly once: its size's pile, the sailed ships' pile, the
  port, or loaded in front of a player (not before the game starts).
- Goods cards: 60, 15 of each good: the supply, a player's hand, a player's warehouse (8 places).
- Gulden cards: 24 ones, 12 twos, 12 fives, 12 tens: the bank, a purse, or money won in trading lying
  in front of a player (trade only; it goes into the purse when trading ends).

Conservation is derived from that table: every card and ship is counted once, none is missing, none
lies where its kind may not, no place holds anything in a phase in which it is empty; goods and
gulden add up to the box's numbers (gulden: see the reading `bank` below).

Stage rules (what cannot exist yet):
- The start player passes on each round, so the round fixes the start player; the stage (ships'
  arrivals) is never later than the round.
- Action cards leave the draw piles only when revealed, one per player per round, and a draw pile is
  shuffled anew only when it has run out: so exactly as many cards are out of the draw piles as the
  rounds so far revealed (at most that many, once a deck can have run out).
- Ships leave their piles only when they arrive, a port's worth of each size per stage, and sailed
  ships go back only into a pile that has run out: so exactly as many ships of a size are out of
  their pile as the stages so far brought (at most that many, once the pile can have run out).
- Before the first cards are carried out (round 1 until the execute phase) no player holds ships,
  warehouse goods, special or keep-fresh cards, and each hand holds exactly the 2 starting goods once
  chosen.
- In the spoilage phase, a player who has already let goods spoil holds no keep-fresh card.
- The phase's own parts: the auction only in trade, the execute record only (and always) in execute,
  the spoilage queue only in spoilage; the counts of each phase (revealed cards, who has acted).
- The goal reached only when the game is over (or mid-round, in execute).

Relation model (where a piece may stand relative to the others, what the setup places, who has acted):
- This round's cards: the revealed ones and those in front of the players are one per player in
  trading (each seat chooses one, VW-4.2) and come at most 2 from a deck (VW-4.1) while revealing,
  trading and executing; the auction's card lies face up in front of its holder, and its offerers
  and the seats still to ask hold nothing.
- The setup (VW-3.0) gives each seat the starting purse, 22 gulden, which only trading can move: so
  each purse is worth exactly 22 until round 1's trading, and in round 1's trading the players' money
  (purses and money won in front of them) adds up to 22 a player, unless a reserved action (a special
  card, which a hand-set position may hold in round 1) paid its 5 gulden; each hand its 2 starting goods
  (the seats before the one to move in the setup); a port's worth of ships (the stage rules above).
- Who has acted (PHASES' turn order, from the start player on): in the setup the seats before the
  one to move have taken their goods; the start player alone reveals; in trading every seat before
  the one choosing now (the challenger, during an auction) holds a card or money, and the one
  choosing holds nothing; in execution the seats before the one to move hold no card any more, and
  `exec.card_done` says whether the mover's is done; in spoilage the queue is the rest of the order,
  from the seat to move.
- Left open: in execution a seat still to act with nothing in front of it. Trading gives every seat
  a card or money, but the worked examples and the saved cases set up only the mover's card, and an
  empty place there means "not shown".

Counter bounds (intervals, each checked by `problems`):
- round from 1; stage from 1 to the round; the start player (round - 1) mod players; cards out of the
  draw piles and ships out of their piles exactly what the rounds and stages brought (the stage
  rules above); 0 to players - 1 cards revealed while revealing.
- gulden: each purse exactly the starting 22 before round 1's trading, the players' together 22 a
  player during it; an offer from 1 to what its offerer can pay. Afterwards left open: income, market
  sales, purchases and storage depend on choices the position does not show; the box bounds them
  (bank=cards), or the stand-ins the bank can have paid out by this round (bank=unlimited, below).
- loaded ships of a seat: 0 to 4 for each card it has carried out (`carried_out`: one card a round,
  in execution from the start player on; a loading takes its ships' goods from the warehouse's 8
  places, at least 2 a ship); victory points below the goal unless the game is over (`_end`).
- exec.hand_plays: 0-1 under hand_specials=one.
- Left open: special and keep-fresh cards held (at most one for each card carried out), warehouse
  goods before a seat's first card, and exec.hand_plays under hand_specials=any (at most round - 1,
  a special card being played in a later round than it was taken). The worked examples and the saved
  cases set such positions up in round 1, where the round is not the point of their question, so a
  bound by the round would refuse them.

Readings (options) and what they rule out:
- face_up_final=next-player: a choice makes the other face-up cards final, so at most one card lies
  face up at a time.
- keep_fresh_rescue=warehouse: goods saved by keep fresh go to the warehouse, so a player who has let
  goods spoil holds no goods in hand until the next round.
- hand_specials=one: at most one special card from hand per turn.
- load_first=always: a buy-and-store or swap card from hand never comes before the load/income card,
  so the mark that one did (exec.stored) exists only under load_first=loading, while that card is
  still to be carried out.
- end_and_spoil: whether a reached goal may still be followed by spoilage.
- bank=cards: the bank is its cards, so each value of gulden card adds up to the box's count exactly;
  bank=unlimited (the default, as the book reads): cards from outside the box stand in where the
  bank's ran short, so each adds up to at least the box's count. How many stand-ins a game needed
  depends on the bank's shortfalls, which the position cannot show; their worth is at most what the
  bank can have paid out by this round (`stand_ins_most`).
"""

from __future__ import annotations

from ..core import Fix, InputError, Rng, clone, expect
from ..core.messages import N_, seat_words
from ..core.position import Phase, Position
from . import money
from .components import (
    CARD_IDS,
    CARDS,
    DECKS,
    GOAL,
    GOODS,
    GOODS_PER_KIND,
    MARKET_PRICE,
    PORT,
    RESERVED_COMPENSATION,
    SHIP_IDS,
    SHIP_SIZES,
    SHIPS,
    SPECIAL_KINDS,
    WAREHOUSE_PLACES,
    name_both,
)
from .messages import CATALOG

# The phases and their turn order, once (engine/core/position.py): the engine checks with them, the
# editor and the pictures read them. A refusal is the verdict for one of the phase's actions asked in
# another phase.
EXECUTE_ACTIONS = (
    "buy",
    "store",
    "decline",
    "load",
    "income",
    "free-buy",
    "keep-fresh",
    "buy-store",
    "swap",
    "market",
    "sell",
    "end-sale",
    "keep",
    "end-turn",
)
PHASES = (
    Phase(
        "setup",
        N_("phase-name-setup"),
        ("start-goods",),
        turns="seat",
        rules=("VW-3.0",),
        refusal=(N_("not-setup-phase"), "VW-3.0"),
    ),
    Phase(
        "reveal",
        N_("phase-name-reveal"),
        ("reveal",),
        turns="seat",  # the start player alone reveals every card
        rules=("VW-4.1",),
        refusal=(N_("not-reveal-phase"), "VW-4.1"),
    ),
    Phase(
        "trade",
        N_("phase-name-trade"),
        ("take", "offer", "pass", "reserve", "accept", "pay-off"),
        turns="seat",  # the next seat holding nothing; in an auction the queue `auction.to_ask`, then the holder
        rules=("VW-4.2",),
        refusal=(N_("not-trade-phase"), "VW-4.2"),
    ),
    Phase(
        "execute",
        N_("phase-name-execute"),
        EXECUTE_ACTIONS,
        turns="seat",
        rules=("VW-4.3",),
        refusal=(N_("not-execute-phase"), "VW-4.3"),
    ),
    Phase(
        "spoil",
        N_("phase-name-spoil"),
        ("spoil",),
        turns="queue",  # `spoil_queue`: from the start player, the seats still to let goods spoil
        rules=("VW-4.4.1",),
        refusal=(N_("not-spoil-phase"), "VW-4.4.1"),
    ),
    Phase("over", N_("phase-name-over"), (), turns="none", rules=("VW-5.0",)),
)
PHASE = {p.name: p for p in PHASES}
NAMES = tuple(PHASE)
PLAYING = NAMES[1:]  # every phase after the setup
FIELDS = (
    "players",
    "round",
    "stage",
    "start",
    "phase",
    "turn",
    "bank",
    "supply",
    "decks",
    "ship_decks",
    "ship_discard",
    "port",
    "revealed",
    "auction",
    "exec",
    "spoil_queue",
    "seats",
    "rng",
)  # the position's fields, in the order its JSON has them; the state keeps each as an attribute


def _fix(op: str, code: str, args: dict | None = None, **params) -> Fix:
    """A one-tap fix: edit.py's operation `op` ("set": a field, engine/core/edit.py), its words `code`."""
    return Fix.make(CATALOG, op, code, args, **params)


def phase_both(phase: str) -> dict:
    """A phase's name in every language (a message parameter)."""
    return CATALOG.both(PHASE[phase].title)


# ------------------------------------------------------------------------------------ the component model
def _seat_part(part):
    return lambda s: [(f"seats[{i}].{part}", seat[part]) for i, seat in enumerate(s.seats)]


def _slot_cards(s):
    return [
        (f"seats[{i}].slot.card", [seat["slot"]["card"]])
        for i, seat in enumerate(s.seats)
        if seat["slot"] and "card" in seat["slot"]
    ]


def _sale(s):
    return [("exec.sale", [s.exec["sale"]])] if s.exec and s.exec["sale"] else []


def _slot_money(s):
    return [
        (f"seats[{i}].slot.money", seat["slot"]["money"])
        for i, seat in enumerate(s.seats)
        if seat["slot"] and "money" in seat["slot"]
    ]


# A place: (its reader's list of (path, contents), the phases in which it may hold any, the kinds (card
# kinds or ship sizes) that may lie there, or None for all). Contents are ids (cards, ships) or counts
# by key (goods, gulden).
CARD_PLACES = (
    (lambda s: [(f"decks.{k}.{p}", s.decks[k][p]) for k in DECKS for p in ("draw", "discard")], NAMES, None),
    (lambda s: [("revealed", s.revealed)], ("reveal", "trade"), None),
    (_slot_cards, ("trade", "execute"), None),
    (_seat_part("specials"), PLAYING, SPECIAL_KINDS),
    (_seat_part("fresh"), PLAYING, ("keep-fresh",)),
    (_sale, ("execute",), ("market",)),
)
SHIP_PLACES = (
    (lambda s: [(f"ship_decks.{z}", s.ship_decks[z]) for z in SHIP_SIZES], NAMES, None),
    (lambda s: [("ship_discard", s.ship_discard), ("port", s.port)], NAMES, None),
    (_seat_part("ships"), PLAYING, None),
)
GOODS_PLACES = (
    (lambda s: [("supply", s.supply)], NAMES, None),
    (_seat_part("goods"), NAMES, None),
    (_seat_part("warehouse"), NAMES, None),
)
GULDEN_PLACES = (
    (lambda s: [("bank", s.bank)], NAMES, None),
    (_seat_part("purse"), NAMES, None),
    (_slot_money, NAMES, None),  # where money may lie in front of a player: `_phase`
)


# Under the reading bank=unlimited, gulden cards beyond the box stand in where the bank's ran short:
# how many depends on the bank's shortfalls, which the position cannot show, but not more than the
# bank can have paid out by this round: each round, every player's income card (at most the largest
# income), and the game's 4 market cards and 4 reserved cards each once (every good sold; the 5 gulden).
def stand_ins_most(players: int, round_: int) -> int:
    """The most gulden of stand-ins a table can hold by the end of `round_` (bank=unlimited)."""
    income = max(c.get("income", 0) for c in CARDS.values())
    per_round = players * income + 4 * MARKET_PRICE * GOODS_PER_KIND * len(GOODS) + 4 * RESERVED_COMPENSATION
    return round_ * per_round


START_WORTH = money.value(money.START_PURSE)  # each player's starting gulden (VW-3.0)
# A loading takes its ships' goods from the warehouse (8 places), each ship wanting at least 2 goods
SHIPS_PER_LOADING = WAREHOUSE_PLACES // min(sum(s["demand"].values()) for s in SHIPS.values())


# kind: (the box: every id, or the count of each key), its places, the kind of an id
MODEL = {
    "card": (CARDS, CARD_PLACES, lambda c: CARDS[c]["kind"]),
    "ship": (SHIPS, SHIP_PLACES, lambda s: SHIPS[s]["size"]),
    "goods": ({g: GOODS_PER_KIND for g in GOODS}, GOODS_PLACES, None),
    "gulden": (money.ALL_CARDS, GULDEN_PLACES, None),
}


# ------------------------------------------------------------------------------------ reading and writing
def _seat_no(value, field, n):
    expect(value, "integer", field, low=0, high=n - 1)


def read(data: dict, field: str, options: dict) -> dict:
    """The state's fields, from data that passed the schema: the seat numbers must exist at this table
    and a slot holds a card (with its face) or money."""
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
    for i, seat in enumerate(seats):
        slot = seat["slot"]
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
    fields = clone({k: data[k] for k in FIELDS if k != "rng"})
    fields["rng"] = Rng.from_json(data.get("rng")).to_json()
    return fields


def write(s) -> dict:
    """The position's JSON (a copy), in the order of FIELDS."""
    return {k: clone(getattr(s, k)) for k in FIELDS}


def new(players: int, rng: Rng) -> dict:
    """The table before the starting goods are taken (VW-3.0): shuffled decks and ship piles, the purses
    taken from the bank, the port still empty (the state brings the first ships in)."""
    decks = {}
    for deck in DECKS:
        ids = list(CARD_IDS[deck])
        rng.shuffle(ids)
        decks[deck] = {"draw": ids, "discard": []}
    ship_decks = {}
    for size in SHIP_SIZES:
        ids = list(SHIP_IDS[size])
        rng.shuffle(ids)
        ship_decks[size] = ids
    bank = dict(money.ALL_CARDS)
    seats = []
    for _ in range(players):
        seats.append(new_seat())
        money.sub(bank, seats[-1]["purse"])
    return {
        "players": players,
        "round": 1,
        "stage": 1,
        "start": 0,
        "phase": "setup",
        "turn": 0,
        "bank": bank,
        "supply": {g: GOODS_PER_KIND for g in GOODS},
        "decks": decks,
        "ship_decks": ship_decks,
        "ship_discard": [],
        "port": [],
        "revealed": [],
        "auction": None,
        "exec": None,
        "spoil_queue": [],
        "seats": seats,
        "rng": "",
    }


def new_seat() -> dict:
    """A seat before the game: the starting purse (VW-3.0), which the caller takes out of the bank."""
    return {
        "purse": dict(money.START_PURSE),
        "goods": {g: 0 for g in GOODS},
        "specials": [],
        "new_specials": [],
        "warehouse": {g: 0 for g in GOODS},
        "fresh": [],
        "ships": [],
        "slot": None,
        "reserved_used": False,
    }


# ------------------------------------------------------------------------------------ drafts
def _int(x, default=0):
    return x if type(x) is int else default


def _ids(x) -> list:
    return [i for i in x if type(i) is str] if type(x) is list else []


def _counts(x, keys) -> dict:
    x = x if type(x) is dict else {}
    return {k: max(_int(x.get(k)), 0) for k in keys}


def lenient(data) -> dict:
    """What can be read of a draft that may hold anything (the editor's, before `problems` has its
    say), for drawing: every field of the position in its own shape, what is of the wrong type read as
    empty (0, [], None), card and ship ids kept as written (an unknown one is drawn as unknown), and
    the draft's options. Never raises."""
    data = data if type(data) is dict else {}
    decks = data.get("decks") if type(data.get("decks")) is dict else {}
    ships = data.get("ship_decks") if type(data.get("ship_decks")) is dict else {}
    seats = []
    for seat in data.get("seats") if type(data.get("seats")) is list else []:
        seat = seat if type(seat) is dict else {}
        slot = seat.get("slot")
        if type(slot) is dict and "card" in slot:
            slot = {
                "card": slot["card"] if type(slot["card"]) is str else "?",
                "face": "up" if slot.get("face") == "up" else "down",
            }
        elif type(slot) is dict and "money" in slot:
            slot = {"money": _counts(slot["money"], money.KEYS)}
        else:
            slot = None
        seats.append(
            {
                "purse": _counts(seat.get("purse"), money.KEYS),
                "goods": _counts(seat.get("goods"), GOODS),
                "warehouse": _counts(seat.get("warehouse"), GOODS),
                "specials": _ids(seat.get("specials")),
                "new_specials": _ids(seat.get("new_specials")),
                "fresh": _ids(seat.get("fresh")),
                "ships": _ids(seat.get("ships")),
                "slot": slot,
                "reserved_used": seat.get("reserved_used") is True,
            }
        )
    ex = data.get("exec")
    return {
        "players": _int(data.get("players"), len(seats)),
        "round": _int(data.get("round"), None),
        "stage": _int(data.get("stage"), None),
        "start": _int(data.get("start"), None),
        "turn": _int(data.get("turn"), None),
        "phase": data["phase"] if type(data.get("phase")) is str and data["phase"] in PHASE else None,
        "bank": _counts(data.get("bank"), money.KEYS),
        "supply": _counts(data.get("supply"), GOODS),
        "decks": {
            k: {p: _ids(decks[k].get(p)) if type(decks.get(k)) is dict else [] for p in ("draw", "discard")} for k in DECKS
        },
        "ship_decks": {z: _ids(ships.get(z)) for z in SHIP_SIZES},
        "ship_discard": _ids(data.get("ship_discard")),
        "port": _ids(data.get("port")),
        "revealed": _ids(data.get("revealed")),
        "auction": data.get("auction") if type(data.get("auction")) is dict else None,
        "exec": {
            "card_done": ex.get("card_done") is True,
            "hand_plays": _int(ex.get("hand_plays")),
            "sale": ex.get("sale") if type(ex.get("sale")) is str else None,
        }
        if type(ex) is dict
        else None,
        "spoil_queue": [x for x in data.get("spoil_queue") if type(x) is int] if type(data.get("spoil_queue")) is list else [],
        "seats": seats,
        "options": data.get("options") if type(data.get("options")) is dict else {},
    }


# ------------------------------------------------------------------------------------ earlier formats
def settle_old_piles(parts: dict) -> None:
    """Game format 1 to 2 (Game.migrations): a position saved before the piles were counted (cards out
    of the draw piles by the rounds, ships out of their piles by the stages) has them settled, at the
    bottom of each pile, so that it opens with the verdict it had (settle_piles). The earlier
    editor took cards from the draw piles, so most positions set up by hand are settled here. A part
    that is not a well-formed position is left for the loader to name."""
    state = parts.get("state")
    if _piles_readable(state):
        settle_piles(state)


def _piles_readable(d) -> bool:
    """Whether `settle_piles` can read the draft (any JSON may come here: a step never raises)."""

    def ids(x):
        return type(x) is list and all(type(i) is str for i in x)

    # (a list or an object is no key of PORT: asking would raise)
    if type(d) is not dict or type(d.get("players")) is not int or d["players"] not in PORT or d.get("phase") not in PHASE:
        return False
    if any(type(d.get(k)) is not int or d[k] < 1 for k in ("round", "stage")):
        return False
    decks, ships = d.get("decks"), d.get("ship_decks")
    return (
        ids(d.get("revealed"))
        and ids(d.get("ship_discard"))
        and type(decks) is dict
        and type(ships) is dict
        and all(type(decks.get(k)) is dict and ids(decks[k].get("draw")) and ids(decks[k].get("discard")) for k in DECKS)
        and all(ids(ships.get(z)) and all(s in SHIPS for s in ships[z]) for z in SHIP_SIZES)
        and all(s in SHIPS for s in d["ship_discard"])
    )


def settle_piles(draft) -> dict:
    """The one-tap fix for the piles: action cards between the draw and discard piles, and ships between
    their piles and the sailed ships, so that as many are out of the draw piles as the rounds so far
    revealed, and as many ships out of their piles as the stages so far brought (VW-4.1, VW-4.4.2).
    Cards and ships move at the bottom of a pile, so the next ones drawn stay the same."""
    d = draft
    drawn, exact = cards_revealed(d["players"], d["phase"], d["round"], len(d["revealed"]))
    out = sum(len(CARD_IDS[k]) - len(d["decks"][k]["draw"]) for k in DECKS)
    while out < drawn and exact:
        deck = max(DECKS, key=lambda k: len(d["decks"][k]["draw"]))
        d["decks"][deck]["discard"].append(d["decks"][deck]["draw"].pop(0))
        out += 1
    while out > drawn and any(d["decks"][k]["discard"] for k in DECKS):
        deck = max(DECKS, key=lambda k: len(d["decks"][k]["discard"]))
        d["decks"][deck]["draw"].insert(0, d["decks"][deck]["discard"].pop())
        out -= 1
    for size in SHIP_SIZES:
        arrived, exact = ships_arrived(d["players"], d["stage"], size)
        pile = d["ship_decks"][size]
        out = len(SHIP_IDS[size]) - len(pile)
        while out < arrived and exact and pile:
            d["ship_discard"].append(pile.pop(0))
            out += 1
        sailed = [s for s in d["ship_discard"] if SHIPS[s]["size"] == size]
        while out > arrived and sailed:
            sid = sailed.pop()
            d["ship_discard"].remove(sid)
            pile.insert(0, sid)
            out -= 1
    return draft


def cards_revealed(players: int, phase: str, round_: int, revealed: int) -> tuple[int, bool]:
    """How many action cards have been revealed so far (one per player per round, this round's revealing
    perhaps under way: `revealed` cards so far), and whether exactly that many are out of the draw
    piles: a draw pile is shuffled anew only when it has run out, which cannot be while fewer than a
    deck's cards have been revealed."""
    this_round = 0 if phase == "setup" else revealed if phase == "reveal" else players
    drawn = (round_ - 1) * players + this_round
    return drawn, drawn < min(len(ids) for ids in CARD_IDS.values())


def ships_arrived(players: int, stage: int, size: str) -> tuple[int, bool]:
    """How many ships of a size have arrived (a port's worth at the start and after each stage: VW-3.0,
    VW-4.4.2), and whether exactly that many are out of their pile: sailed ships go back only into a
    pile that has run out."""
    arrived = stage * PORT[players][0 if size == "large" else 1]
    return arrived, arrived <= len(SHIP_IDS[size])


# ------------------------------------------------------------------------------------ problems
def problems(s, field: str) -> list:
    """Every problem of the position (a loaded state), each an InputError naming its field."""
    out = []
    _conserve_ids(s, field, "card", out)
    _conserve_ids(s, field, "ship", out)
    _conserve_counts(s, field, "goods", out)
    _conserve_counts(s, field, "gulden", out)
    _port(s, field, out)
    _seats(s, field, out)
    _phase(s, field, out)
    _end(s, field, out)
    _stage(s, field, out)
    _counters(s, field, out)
    _readings(s, field, out)
    return out


def _conserve_ids(s, field, kind, out):
    """Each card or ship once, where its kind may lie, none missing."""
    box, places, kind_of = MODEL[kind]
    seen = {}
    for reader, _, kinds in places:
        for path, items in reader(s):
            for i, x in enumerate(items):
                at = f"{field}.{path}" if path.endswith((".card", ".sale")) else f"{field}.{path}[{i}]"
                if x in seen:
                    out.append(InputError("card-twice", at, card=x, other=seen[x], catalog=CATALOG))
                    continue
                seen[x] = at
                if kinds is not None and kind_of(x) not in kinds:
                    out.append(InputError("not-here", at, card=x, catalog=CATALOG))
    if len(seen) != len(box):
        missing = sorted(set(box) - set(seen))
        pile = f"decks.{CARDS[missing[0]]['deck']}" if kind == "card" else f"ship_decks.{SHIPS[missing[0]]['size']}"
        out.append(InputError("card-missing", f"{field}.{pile}", count=len(missing), first=missing[0], catalog=CATALOG))


def _in_phase(s, field, out):
    """No place holds anything in a phase in which the model says it is empty."""
    phase = s.phase
    for kind in ("card", "ship", "goods", "gulden"):
        for reader, phases, _ in MODEL[kind][1]:
            if phase in phases:
                continue
            for path, items in reader(s):
                if any(items.values()) if type(items) is dict else items:
                    out.append(_misplaced(f"{field}.{path}", phase))


def _conserve_counts(s, field, kind, out):
    """Goods and gulden: every key adds up to the box's count; under the reading bank=unlimited the
    gulden cards may be more, stand-ins for what the bank's cards lacked, worth at most what the bank
    can have paid out by this round (`stand_ins_most`)."""
    box, places, _ = MODEL[kind]
    found = [(f"{field}.{path}", counts) for reader, _, _ in places for path, counts in reader(s)]
    unlimited = kind == "gulden" and s.options["bank"] == "unlimited"
    if unlimited:
        beyond = {k: sum(counts[k] for _, counts in found) - want for k, want in box.items()}
        worth = sum(max(0, n) * int(k) for k, n in beyond.items())
        most = stand_ins_most(s.players, s.round)
        if worth > most:
            k = max(beyond, key=lambda key: beyond[key] * int(key))
            holders = [(f"{where}.{k}", counts[k]) for where, counts in found[1:]]
            blamed = _blame(holders, beyond[k], f"{found[0][0]}.{k}")
            out.append(InputError("gulden-stand-ins", blamed, worth=worth, most=most, round=s.round, catalog=CATALOG))
    for k, want in box.items():
        total = sum(counts[k] for _, counts in found)
        if unlimited and total >= want:
            continue
        elif total != want:
            # the first place is the pool (supply, bank): it holds what the players do not
            holders = [(f"{where}.{k}", counts[k]) for where, counts in found[1:]]
            blamed = _blame(holders, total - want, f"{found[0][0]}.{k}")
            if kind == "goods":
                out.append(InputError("goods-count", blamed, good=name_both(k), total=total, want=want, catalog=CATALOG))
            else:
                out.append(InputError("gulden-count", blamed, denom=k, total=total, want=want, catalog=CATALOG))


def _blame(holders, extra, fallback):
    """The field to name when a total is wrong. The bank and the supply hold what the players do not, so a
    shortage is blamed on them (`fallback`); a surplus on the player pile holding the most of that kind (a
    purse or a warehouse is what a person edits), or on them when the players hold none."""
    if extra > 0:
        where, count = max(holders, key=lambda h: h[1], default=(fallback, 0))
        if count > 0:
            return where
    return fallback


def _port(s, field, out):
    """No more ships of a size in port than arrive at this table (VW-3.0, VW-4.4.2)."""
    large, small = PORT[s.players]
    for size, most in (("large", large), ("small", small)):
        count = sum(1 for x in s.port if SHIPS[x]["size"] == size)
        if count > most:
            out.append(
                InputError(
                    "port-too-many",
                    f"{field}.port",
                    count=count,
                    size=name_both(size),
                    most=most,
                    players=s.players,
                    catalog=CATALOG,
                )
            )


def _seats(s, field, out):
    for i, seat in enumerate(s.seats):
        f = f"{field}.seats[{i}]"
        if sum(seat["warehouse"].values()) > WAREHOUSE_PLACES:
            out.append(InputError("warehouse-over", f + ".warehouse", count=sum(seat["warehouse"].values()), catalog=CATALOG))
        for j, c in enumerate(seat["new_specials"]):
            if c not in seat["specials"] or c in seat["new_specials"][:j]:
                out.append(InputError("new-special-not-held", f"{f}.new_specials[{j}]", card=c, catalog=CATALOG))


def _stage(s, field, out):
    """What the round and the stage rule out: cards drawn and ships arrived so far, and the table before
    the first cards are carried out (VW-3.0, VW-4.1, VW-4.3, VW-4.4.2)."""
    phase = s.phase
    drawn, exact = cards_revealed(s.players, phase, s.round, len(s.revealed))
    out_of_draw = {k: len(CARD_IDS[k]) - len(s.decks[k]["draw"]) for k in DECKS}
    count = sum(out_of_draw.values())
    if count > drawn or (exact and count != drawn):
        deck = max(DECKS, key=out_of_draw.get) if count > drawn else min(DECKS, key=out_of_draw.get)
        out.append(
            InputError(
                "cards-drawn" if exact else "cards-drawn-most",
                f"{field}.decks.{deck}.draw",
                fix=_fix("settle_piles", N_("fix-piles")),
                count=count,
                round=s.round,
                drawn=drawn,
                catalog=CATALOG,
            )
        )
    for size in SHIP_SIZES:
        arrived, exact = ships_arrived(s.players, s.stage, size)
        count = len(SHIP_IDS[size]) - len(s.ship_decks[size])
        if count > arrived or (exact and count != arrived):
            out.append(
                InputError(
                    "ships-arrived" if exact else "ships-arrived-most",
                    f"{field}.ship_decks.{size}",
                    fix=_fix("settle_piles", N_("fix-piles")),
                    count=count,
                    size=name_both(size),
                    stage=s.stage,
                    arrived=arrived,
                    catalog=CATALOG,
                )
            )
    if s.round == 1 and phase in ("setup", "reveal", "trade"):
        for i, seat in enumerate(s.seats):
            f = f"{field}.seats[{i}]"
            want = 2 if phase != "setup" or i < s.turn else 0
            if sum(seat["goods"].values()) != want:
                out.append(InputError("setup-goods", f + ".goods", seat=seat_words(i + 1), want=want, catalog=CATALOG))
            if phase == "setup":  # the cards and ships a player may hold are the model's (`_conserve_ids`)
                if any(seat["warehouse"].values()):
                    out.append(_misplaced(f + ".warehouse", phase))
                continue
            for part in ("warehouse", "specials", "fresh", "ships"):
                if any(seat[part].values()) if part == "warehouse" else seat[part]:
                    out.append(InputError("first-round-empty", f"{f}.{part}", catalog=CATALOG))


def _phase(s, field, out):
    """What belongs to each phase, and the counters within their limits (VW-3.0 … VW-4.4)."""
    n = s.players
    phase = s.phase
    if s.start != (s.round - 1) % n:  # the start player passes left every round (VW-4.3)
        out.append(
            InputError(
                "start-round", f"{field}.start", start=s.start + 1, round=s.round, want=(s.round - 1) % n + 1, catalog=CATALOG
            )
        )
    if s.stage > s.round:
        out.append(InputError("stage-round", f"{field}.stage", stage=s.stage, round=s.round, catalog=CATALOG))
    if s.auction is not None and phase != "trade":
        out.append(_misplaced(f"{field}.auction", phase))
    if (s.exec is not None) != (phase == "execute"):
        if s.exec is not None:
            out.append(_misplaced(f"{field}.exec", phase))
        else:
            out.append(InputError("phase-needs", f"{field}.exec", phase=phase_both(phase), catalog=CATALOG))
    if s.spoil_queue and phase != "spoil":
        out.append(_misplaced(f"{field}.spoil_queue", phase))
    _in_phase(s, field, out)
    for i, seat in enumerate(s.seats):
        f = f"{field}.seats[{i}]"
        slot = seat["slot"]
        if slot is not None and "money" in slot and phase not in ("trade", "execute"):
            out.append(_misplaced(f + ".slot", phase))
        if seat["new_specials"] and phase != "execute":
            out.append(_misplaced(f + ".new_specials", phase))
        if seat["reserved_used"] and phase not in ("trade", "execute"):
            out.append(_misplaced(f + ".reserved_used", phase))
        if phase == "execute" and slot is not None:
            # trading is over: cards lie face down, and the money won went into the hand (VW-4.2)
            if slot.get("face") == "up":
                out.append(_misplaced(f + ".slot.face", phase))
            if "money" in slot and any(slot["money"].values()):
                out.append(InputError("slot-money-left", f + ".slot.money", catalog=CATALOG))
    if phase == "execute" and s.exec is None:
        pass  # named above; the execute checks need the record
    else:
        {
            "setup": _setup,
            "reveal": _reveal,
            "trade": _trade,
            "execute": _execute,
            "spoil": _spoil,
            "over": lambda s, field, out: None,
        }[phase](s, field, out)
    if phase in ("setup", "reveal", "trade") and len(s.port) <= 2 and not _fleet_exhausted(s):
        out.append(InputError("port-few", f"{field}.port", count=len(s.port), catalog=CATALOG))


def _misplaced(where, phase):
    return InputError("not-this-phase", where, phase=phase_both(phase), catalog=CATALOG)


def _fleet_exhausted(s):
    """Fewer ships arrive only when a size's pile and its discards have run out (VW-4.4.2)."""
    return any(not s.ship_decks[z] and not any(SHIPS[x]["size"] == z for x in s.ship_discard) for z in SHIP_SIZES)


def _setup(s, field, out):
    """The starting goods are taken in the first round only (VW-3.0); the rest of the table is in
    `_stage` (round 1 before the first cards are carried out)."""
    if s.round != 1:
        out.append(_misplaced(f"{field}.round", "setup"))


def _reveal(s, field, out):
    """The start player reveals one card per player, at most 2 from a deck (VW-4.1)."""
    if s.turn != s.start:
        out.append(InputError("turn-start", f"{field}.turn", start=s.start + 1, catalog=CATALOG))
    decks = [CARDS[c]["deck"] for c in s.revealed]
    if len(decks) >= s.players or any(decks.count(deck) > 2 for deck in DECKS):
        out.append(InputError("reveal-too-many", f"{field}.revealed", count=len(decks), players=s.players, catalog=CATALOG))


def _trade(s, field, out):
    """Every revealed card is free or in front of one player; the auction is the one running (VW-4.2)."""
    seats = s.seats
    held = sum(1 for seat in seats if seat["slot"] and "card" in seat["slot"])
    if len(s.revealed) + held != s.players:
        out.append(
            InputError("trade-cards", f"{field}.revealed", count=len(s.revealed) + held, players=s.players, catalog=CATALOG)
        )
    _one_round_of_cards(s, field, out, [{"card": c} for c in s.revealed] + [seat["slot"] for seat in seats])
    a = s.auction
    # from the start player on, every seat before the one choosing now has chosen (VW-4.2)
    chooser = a["challenger"] if a is not None else s.turn
    order = order_from(s)
    skipped = [i for i in order[: order.index(chooser)] if seats[i]["slot"] is None]
    for i in skipped:
        # the fix, outside an auction: the first seat skipped chooses now
        fix = _fix("set_turn", N_("fix-trade-turn"), {"seat": skipped[0]}, seat=seat_words(skipped[0] + 1))
        out.append(
            InputError(
                "trade-skipped",
                f"{field}.seats[{i}].slot",
                fix=fix if a is None else None,
                seat=seat_words(i + 1),
                chooser=seat_words(chooser + 1),
                catalog=CATALOG,
            )
        )
    if a is None:
        if seats[s.turn]["slot"] is not None:
            out.append(InputError("turn-has-slot", f"{field}.turn", seat=seat_words(s.turn + 1), catalog=CATALOG))
        return
    f = f"{field}.auction"
    slot = seats[a["holder"]]["slot"]
    if not slot or slot.get("card") != a["card"] or slot.get("face") != "up":
        out.append(InputError("auction-card", f + ".card", seat=seat_words(a["holder"] + 1), catalog=CATALOG))
    if s.turn != a["challenger"]:
        out.append(InputError("auction-turn", f"{field}.turn", seat=seat_words(a["challenger"] + 1), catalog=CATALOG))
    if not a["offers"] or a["offers"][0]["player"] != a["challenger"]:
        out.append(InputError("auction-challenger", f + ".offers", seat=seat_words(a["challenger"] + 1), catalog=CATALOG))
    bidders = []
    for i, o in enumerate(a["offers"]):
        p = o["player"]
        if p == a["holder"] or p in bidders or seats[p]["slot"] is not None:
            out.append(InputError("auction-bidder", f"{f}.offers[{i}].player", seat=seat_words(p + 1), catalog=CATALOG))
        bidders.append(p)
        # an offer is at least 1 gulden and no more than the offerer can pay (VW-4.2, VW-2.3)
        if o["amount"] < 1 or not money.can_pay(seats[p]["purse"], o["amount"], s.bank, False):
            out.append(
                InputError(
                    "offer-unpayable", f"{f}.offers[{i}].amount", seat=seat_words(p + 1), amount=o["amount"], catalog=CATALOG
                )
            )
    for i, p in enumerate(a["to_ask"]):
        if p == a["holder"] or p in bidders or p in a["to_ask"][:i] or seats[p]["slot"] is not None:
            out.append(InputError("auction-bidder", f"{f}.to_ask[{i}]", seat=seat_words(p + 1), catalog=CATALOG))


def _execute(s, field, out):
    """The players carry out their cards in turn from the start player (VW-4.3, VW-4.3.2)."""
    ex = s.exec
    turn = s.turn
    slot = s.seats[turn]["slot"]
    if ex["card_done"] == bool(slot and "card" in slot):
        out.append(InputError("exec-card-done", f"{field}.exec.card_done", seat=seat_words(turn + 1), catalog=CATALOG))
    order = order_from(s)
    for i in order[: order.index(turn)]:
        slot = s.seats[i]["slot"]
        if slot and "card" in slot:
            out.append(InputError("exec-not-done", f"{field}.seats[{i}].slot", seat=seat_words(i + 1), catalog=CATALOG))
    _one_round_of_cards(s, field, out, [seat["slot"] for seat in s.seats])


def _one_round_of_cards(s, field, out, slots):
    """This round's cards (`slots`: the revealed ones as {"card": …}, and what lies in front of the
    players) come at most 2 from a deck (VW-4.1)."""
    decks = [CARDS[x["card"]]["deck"] for x in slots if x and x.get("card") in CARDS]
    if any(decks.count(deck) > 2 for deck in DECKS):
        out.append(InputError("reveal-too-many", f"{field}.revealed", count=len(decks), players=s.players, catalog=CATALOG))


def carried_out(s, i: int) -> int:
    """How many action cards seat i has carried out so far: one a round, in execute from the start
    player on (the seat to move counts once its card is done)."""
    done = s.round - 1
    if s.phase in ("spoil", "over"):
        return done + 1
    if s.phase == "execute" and s.exec is not None:
        order = order_from(s)
        k, turn = order.index(i), order.index(s.turn)
        return done + (k < turn or (k == turn and s.exec["card_done"]))
    return done


def _counters(s, field, out):
    """The counters against what the rounds so far allow (the docstring's counter bounds)."""
    if s.round == 1 and s.phase in ("setup", "reveal"):
        for i, seat in enumerate(s.seats):
            worth = money.value(seat["purse"])
            if worth != START_WORTH:
                out.append(InputError("start-purse", f"{field}.seats[{i}].purse", worth=worth, want=START_WORTH, catalog=CATALOG))
    elif s.round == 1 and s.phase == "trade" and not any(seat["reserved_used"] for seat in s.seats):
        # trading moves money between the players only (a reserved action, were one held, pays 5 from the bank)
        worth = [
            money.value(seat["purse"]) + (money.value(seat["slot"]["money"]) if seat["slot"] and "money" in seat["slot"] else 0)
            for seat in s.seats
        ]
        want = START_WORTH * s.players
        if sum(worth) != want:
            i = worth.index(max(worth) if sum(worth) > want else min(worth))
            out.append(InputError("start-money-trade", f"{field}.seats[{i}].purse", worth=sum(worth), want=want, catalog=CATALOG))
    for i, seat in enumerate(s.seats):
        done = carried_out(s, i)
        if len(seat["ships"]) > SHIPS_PER_LOADING * done:
            out.append(
                InputError(
                    "ships-most",
                    f"{field}.seats[{i}].ships",
                    seat=seat_words(i + 1),
                    count=len(seat["ships"]),
                    done=done,
                    most=SHIPS_PER_LOADING * done,
                    catalog=CATALOG,
                )
            )


def _spoil(s, field, out):
    """After the round that left 2 ships or fewer, each player in turn lets goods spoil (VW-4.4.1)."""
    q = s.spoil_queue
    if not q or q != order_from(s)[s.players - len(q) :]:
        out.append(InputError("spoil-order", f"{field}.spoil_queue", catalog=CATALOG))
    elif s.turn != q[0]:
        out.append(InputError("spoil-order", f"{field}.turn", catalog=CATALOG))
    if len(s.port) > 2:
        out.append(InputError("spoil-port", f"{field}.port", count=len(s.port), catalog=CATALOG))
    for i in _spoiled(s):
        if s.seats[i]["fresh"]:  # the keep-fresh cards are discarded once used (VW-4.3.2.2)
            out.append(InputError("spoiled-fresh", f"{field}.seats[{i}].fresh", seat=seat_words(i + 1), catalog=CATALOG))


def order_from(s) -> list[int]:
    """The seats from the start player on, in seat order (the setup, the choices, execution, spoilage)."""
    n = s.players
    return [(s.start + k) % n for k in range(n)]


def _spoiled(s):
    """The seats that have already let goods spoil this stage."""
    if s.phase != "spoil" or not s.spoil_queue:
        return []
    order = order_from(s)
    return order[: order.index(s.spoil_queue[0])] if s.spoil_queue[0] in order else []


def _readings(s, field, out):
    """What the readings rule out (VW-4.2, VW-4.3.2, VW-4.4.1)."""
    if s.phase == "trade" and s.options["face_up_final"] == "next-player":
        up = [i for i, seat in enumerate(s.seats) if seat["slot"] and seat["slot"].get("face") == "up"]
        for i in up[1:]:
            out.append(InputError("face-up-one", f"{field}.seats[{i}].slot.face", catalog=CATALOG))
    if s.options["keep_fresh_rescue"] == "warehouse":
        for i in _spoiled(s):
            if any(s.seats[i]["goods"].values()):
                out.append(InputError("spoiled-hand", f"{field}.seats[{i}].goods", seat=seat_words(i + 1), catalog=CATALOG))
    ex = s.exec
    if s.phase == "execute" and ex and s.options["hand_specials"] == "one" and ex["hand_plays"] > 1:
        out.append(InputError("field-range", f"{field}.exec.hand_plays", low=0, high=1, value=ex["hand_plays"]))
    if s.phase == "execute" and ex and ex.get("stored"):
        slot = s.seats[s.turn]["slot"]
        waiting = slot and slot.get("card") in CARDS and CARDS[slot["card"]]["kind"] == "load-income" and not ex["card_done"]
        if s.options["load_first"] != "loading" or not waiting:
            out.append(InputError("stored-before-load", f"{field}.exec.stored", catalog=CATALOG))


def _end(s, field, out):
    """The game ends at the end of the round in which a player reached the goal (VW-5.0); only the
    execute phase, in the middle of that round, may show a goal reached and the game not over; under
    the reading end_and_spoil=spoil-first, so may the spoilage that comes before the end (VW-4.4)."""
    goal = GOAL[s.players]
    best = max(s.vp(i) for i in range(s.players))
    if s.phase == "over" and best < goal:
        out.append(InputError("over-not-reached", f"{field}.phase", best=best, goal=goal, catalog=CATALOG))
    allowed = ("over", "execute", "spoil") if s.options["end_and_spoil"] == "spoil-first" else ("over", "execute")
    if s.phase not in allowed and best >= goal:
        out.append(InputError("goal-reached", f"{field}.phase", best=best, goal=goal, catalog=CATALOG))


# The functions above behind the one interface (engine/core/position.py); the editing operations are edit.py's.
POSITION = Position(
    read=read,
    write=write,
    lenient=lenient,
    problems=problems,
    phases=PHASES,
    edits=(
        "add_good",
        "remove_good",
        "add_coin",
        "remove_coin",
        "add_card",
        "move_card",
        "remove_card",
        "add_ship",
        "move_ship",
        "remove_ship",
        "clear_slot",
        "return_slot_money",
        "set_phase",
        "set_turn",
        "resize",
        "settle_piles",
    ),
)
