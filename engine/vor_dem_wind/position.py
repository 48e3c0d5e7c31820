"""A Vor dem Wind position: the only reader and writer of its JSON (schema/state.schema.json), the
component model, and every problem a position can have.

`load` turns data that passed the schema into the dict the state keeps (`State.d`), `to_json` writes
it back, `new` is the table before the game starts (`new_seat` one seat of it), and `problems` lists
all that is impossible in a position, each an InputError naming its field.

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
gulden add up to the box's numbers.

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
"""

from __future__ import annotations

from ..core import InputError, Rng, clone, expect
from ..core.messages import seat_words
from . import money
from .components import (
    CARD_IDS,
    CARDS,
    DECKS,
    GOAL,
    GOODS,
    GOODS_PER_KIND,
    PORT,
    SHIP_IDS,
    SHIP_SIZES,
    SHIPS,
    SPECIAL_KINDS,
    WAREHOUSE_PLACES,
    name_both,
    phase_both,
)
from .messages import CATALOG

PHASES = ("setup", "reveal", "trade", "execute", "spoil", "over")
PLAYING = PHASES[1:]
KEYS = (
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
)
FIELDS = KEYS + ("rng",)  # what the state keeps, each as an attribute


# ------------------------------------------------------------------------------------ the component model
def _seat_part(part):
    return lambda d: [(f"seats[{i}].{part}", s[part]) for i, s in enumerate(d["seats"])]


def _slot_cards(d):
    return [(f"seats[{i}].slot.card", [s["slot"]["card"]]) for i, s in enumerate(d["seats"]) if s["slot"] and "card" in s["slot"]]


def _sale(d):
    return [("exec.sale", [d["exec"]["sale"]])] if d["exec"] and d["exec"]["sale"] else []


def _slot_money(d):
    return [
        (f"seats[{i}].slot.money", s["slot"]["money"]) for i, s in enumerate(d["seats"]) if s["slot"] and "money" in s["slot"]
    ]


# A place: (its readers' lists of (path, contents), the phases in which it may hold any, the kinds (card
# kinds or ship sizes) that may lie there, or None for all). Contents are ids (cards, ships) or counts
# by key (goods, gulden).
CARD_PLACES = (
    (lambda d: [(f"decks.{k}.{p}", d["decks"][k][p]) for k in DECKS for p in ("draw", "discard")], PHASES, None),
    (lambda d: [("revealed", d["revealed"])], ("reveal", "trade"), None),
    (_slot_cards, ("trade", "execute"), None),
    (_seat_part("specials"), PLAYING, SPECIAL_KINDS),
    (_seat_part("fresh"), PLAYING, ("keep-fresh",)),
    (_sale, ("execute",), ("market",)),
)
SHIP_PLACES = (
    (lambda d: [(f"ship_decks.{z}", d["ship_decks"][z]) for z in SHIP_SIZES], PHASES, None),
    (lambda d: [("ship_discard", d["ship_discard"]), ("port", d["port"])], PHASES, None),
    (_seat_part("ships"), PLAYING, None),
)
GOODS_PLACES = (
    (lambda d: [("supply", d["supply"])], PHASES, None),
    (_seat_part("goods"), PHASES, None),
    (_seat_part("warehouse"), PHASES, None),
)
GULDEN_PLACES = (
    (lambda d: [("bank", d["bank"])], PHASES, None),
    (_seat_part("purse"), PHASES, None),
    (_slot_money, PHASES, None),  # where money may lie in front of a player: `_phase`
)
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


def load(data: dict, field: str) -> dict:
    """The position as the engine keeps it (one plain-JSON dict), from data that passed the schema; the
    seat numbers must exist at this table and a slot holds a card (with its face) or money."""
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
    d = clone({k: data[k] for k in KEYS})
    d["rng"] = Rng.from_json(data.get("rng")).to_json()
    return d


def to_json(d) -> dict:
    """The position's JSON (a copy), from its fields (`State.d`), in the order of FIELDS."""
    return {k: clone(d[k]) for k in FIELDS}


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
        "rng": "",
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
    if type(d) is not dict or type(d.get("players")) is not int or d["players"] not in PORT or d.get("phase") not in PHASES:
        return False
    if any(type(d.get(k)) is not int or isinstance(d.get(k), bool) or d[k] < 1 for k in ("round", "stage")):
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


def settle_piles(d) -> None:
    """The one-tap fix for the piles: action cards between the draw and discard piles, and ships between
    their piles and the sailed ships, so that as many are out of the draw piles as the rounds so far
    revealed, and as many ships out of their piles as the stages so far brought (VW-4.1, VW-4.4.2).
    Cards and ships move at the bottom of a pile, so the next ones drawn stay the same."""
    drawn, exact = cards_revealed(d)
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
        arrived, exact = ships_arrived(d, size)
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


# ------------------------------------------------------------------------------------ problems
def problems(state, field: str) -> list:
    """Every problem of the position (a loaded state), each an InputError naming its field."""
    d = state.d
    out = []
    _conserve_ids(d, field, "card", out)
    _conserve_ids(d, field, "ship", out)
    _conserve_counts(d, field, "goods", out)
    _conserve_counts(d, field, "gulden", out)
    _port(d, field, out)
    _seats(d, field, out)
    _phase(state, field, out)
    _end(state, field, out)
    _stage(state, field, out)
    _readings(state, field, out)
    return out


def _conserve_ids(d, field, kind, out):
    """Each card or ship once, where its kind may lie, none missing."""
    box, places, kind_of = MODEL[kind]
    seen = {}
    for read, _, kinds in places:
        for path, items in read(d):
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


def _in_phase(d, field, out):
    """No place holds anything in a phase in which the model says it is empty."""
    phase = d["phase"]
    for kind in ("card", "ship", "goods", "gulden"):
        for read, phases, _ in MODEL[kind][1]:
            if phase in phases:
                continue
            for path, items in read(d):
                if any(items.values()) if type(items) is dict else items:
                    out.append(_misplaced(f"{field}.{path}", phase))


def _conserve_counts(d, field, kind, out):
    """Goods and gulden: every key adds up to the box's count."""
    box, places, _ = MODEL[kind]
    found = [(f"{field}.{path}", counts) for read, _, _ in places for path, counts in read(d)]
    for k, want in box.items():
        total = sum(counts[k] for _, counts in found)
        if total != want:
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


def _port(d, field, out):
    """No more ships of a size in port than arrive at this table (VW-3.0, VW-4.4.2)."""
    large, small = PORT[d["players"]]
    for size, most in (("large", large), ("small", small)):
        count = sum(1 for s in d["port"] if s in SHIPS and SHIPS[s]["size"] == size)
        if count > most:
            out.append(
                InputError(
                    "port-too-many",
                    f"{field}.port",
                    count=count,
                    size=name_both(size),
                    most=most,
                    players=d["players"],
                    catalog=CATALOG,
                )
            )


def _seats(d, field, out):
    for i, s in enumerate(d["seats"]):
        f = f"{field}.seats[{i}]"
        if sum(s["warehouse"].values()) > WAREHOUSE_PLACES:
            out.append(InputError("warehouse-over", f + ".warehouse", count=sum(s["warehouse"].values()), catalog=CATALOG))
        for j, c in enumerate(s["new_specials"]):
            if c not in s["specials"] or c in s["new_specials"][:j]:
                out.append(InputError("new-special-not-held", f"{f}.new_specials[{j}]", card=c, catalog=CATALOG))


def _stage(state, field, out):
    """What the round and the stage rule out: cards drawn and ships arrived so far, and the table before
    the first cards are carried out (VW-3.0, VW-4.1, VW-4.3, VW-4.4.2)."""
    d = state.d
    phase = d["phase"]
    drawn, exact = cards_revealed(d)
    out_of_draw = {k: len(CARD_IDS[k]) - len(d["decks"][k]["draw"]) for k in DECKS}
    count = sum(out_of_draw.values())
    if count > drawn or (exact and count != drawn):
        deck = max(DECKS, key=out_of_draw.get) if count > drawn else min(DECKS, key=out_of_draw.get)
        out.append(
            InputError(
                "cards-drawn" if exact else "cards-drawn-most",
                f"{field}.decks.{deck}.draw",
                count=count,
                round=d["round"],
                drawn=drawn,
                catalog=CATALOG,
            )
        )
    for size in SHIP_SIZES:
        arrived, exact = ships_arrived(d, size)
        count = len(SHIP_IDS[size]) - len(d["ship_decks"][size])
        if count > arrived or (exact and count != arrived):
            out.append(
                InputError(
                    "ships-arrived" if exact else "ships-arrived-most",
                    f"{field}.ship_decks.{size}",
                    count=count,
                    size=name_both(size),
                    stage=d["stage"],
                    arrived=arrived,
                    catalog=CATALOG,
                )
            )
    if d["round"] == 1 and phase in ("setup", "reveal", "trade"):
        for i, s in enumerate(d["seats"]):
            f = f"{field}.seats[{i}]"
            want = 2 if phase != "setup" or i < d["turn"] else 0
            if sum(s["goods"].values()) != want:
                out.append(InputError("setup-goods", f + ".goods", seat=seat_words(i + 1), want=want, catalog=CATALOG))
            if phase == "setup":  # the cards and ships a player may hold are the model's (`_conserve_ids`)
                if any(s["warehouse"].values()):
                    out.append(_misplaced(f + ".warehouse", phase))
                continue
            for part in ("warehouse", "specials", "fresh", "ships"):
                if any(s[part].values()) if part == "warehouse" else s[part]:
                    out.append(InputError("first-round-empty", f"{f}.{part}", catalog=CATALOG))


def cards_revealed(d) -> tuple[int, bool]:
    """How many action cards have been revealed so far (one per player per round, this round's revealing
    perhaps under way), and whether exactly that many are out of the draw piles: a draw pile is shuffled
    anew only when it has run out, which cannot be while fewer than a deck's cards have been revealed."""
    n, phase = d["players"], d["phase"]
    this_round = 0 if phase == "setup" else len(d["revealed"]) if phase == "reveal" else n
    drawn = (d["round"] - 1) * n + this_round
    return drawn, drawn < min(len(ids) for ids in CARD_IDS.values())


def ships_arrived(d, size) -> tuple[int, bool]:
    """How many ships of a size have arrived (a port's worth at the start and after each stage: VW-3.0,
    VW-4.4.2), and whether exactly that many are out of their pile: sailed ships go back only into a
    pile that has run out."""
    arrived = d["stage"] * PORT[d["players"]][0 if size == "large" else 1]
    return arrived, arrived <= len(SHIP_IDS[size])


def _phase(state, field, out):
    """What belongs to each phase, and the counters within their limits (VW-3.0 … VW-4.4)."""
    d = state.d
    n = d["players"]
    phase = d["phase"]
    if d["start"] != (d["round"] - 1) % n:  # the start player passes left every round (VW-4.3)
        out.append(
            InputError(
                "start-round",
                f"{field}.start",
                start=d["start"] + 1,
                round=d["round"],
                want=(d["round"] - 1) % n + 1,
                catalog=CATALOG,
            )
        )
    if d["stage"] > d["round"]:
        out.append(InputError("stage-round", f"{field}.stage", stage=d["stage"], round=d["round"], catalog=CATALOG))
    if d["auction"] is not None and phase != "trade":
        out.append(_misplaced(f"{field}.auction", phase))
    if (d["exec"] is not None) != (phase == "execute"):
        if d["exec"] is not None:
            out.append(_misplaced(f"{field}.exec", phase))
        else:
            out.append(InputError("phase-needs", f"{field}.exec", phase=phase_both(phase), catalog=CATALOG))
    if d["spoil_queue"] and phase != "spoil":
        out.append(_misplaced(f"{field}.spoil_queue", phase))
    _in_phase(d, field, out)
    for i, s in enumerate(d["seats"]):
        f = f"{field}.seats[{i}]"
        slot = s["slot"]
        if slot is not None and "money" in slot and phase not in ("trade", "execute"):
            out.append(_misplaced(f + ".slot", phase))
        if s["new_specials"] and phase != "execute":
            out.append(_misplaced(f + ".new_specials", phase))
        if s["reserved_used"] and phase not in ("trade", "execute"):
            out.append(_misplaced(f + ".reserved_used", phase))
        if phase == "execute" and slot is not None:
            # trading is over: cards lie face down, and the money won went into the hand (VW-4.2)
            if slot.get("face") == "up":
                out.append(_misplaced(f + ".slot.face", phase))
            if "money" in slot and any(slot["money"].values()):
                out.append(InputError("slot-money-left", f + ".slot.money", catalog=CATALOG))
    if phase == "execute" and d["exec"] is None:
        pass  # named above; the execute checks need the record
    else:
        {
            "setup": _setup,
            "reveal": _reveal,
            "trade": _trade,
            "execute": _execute,
            "spoil": _spoil,
            "over": lambda state, field, out: None,
        }[phase](state, field, out)
    if phase in ("setup", "reveal", "trade") and len(d["port"]) <= 2 and not _fleet_exhausted(d):
        out.append(InputError("port-few", f"{field}.port", count=len(d["port"]), catalog=CATALOG))


def _misplaced(where, phase):
    return InputError("not-this-phase", where, phase=phase_both(phase), catalog=CATALOG)


def _fleet_exhausted(d):
    """Fewer ships arrive only when a size's pile and its discards have run out (VW-4.4.2)."""
    return any(not d["ship_decks"][z] and not any(SHIPS[s]["size"] == z for s in d["ship_discard"]) for z in SHIP_SIZES)


def _setup(state, field, out):
    """The starting goods are taken in the first round only (VW-3.0); the rest of the table is in
    `_stage` (round 1 before the first cards are carried out)."""
    if state.d["round"] != 1:
        out.append(_misplaced(f"{field}.round", "setup"))


def _reveal(state, field, out):
    """The start player reveals one card per player, at most 2 from a deck (VW-4.1)."""
    d = state.d
    if d["turn"] != d["start"]:
        out.append(InputError("turn-start", f"{field}.turn", start=d["start"] + 1, catalog=CATALOG))
    decks = [CARDS[c]["deck"] for c in d["revealed"]]
    if len(decks) >= d["players"] or any(decks.count(deck) > 2 for deck in DECKS):
        out.append(InputError("reveal-too-many", f"{field}.revealed", count=len(decks), players=d["players"], catalog=CATALOG))


def _trade(state, field, out):
    """Every revealed card is free or in front of one player; the auction is the one running (VW-4.2)."""
    d = state.d
    seats = d["seats"]
    held = sum(1 for s in seats if s["slot"] and "card" in s["slot"])
    if len(d["revealed"]) + held != d["players"]:
        out.append(
            InputError("trade-cards", f"{field}.revealed", count=len(d["revealed"]) + held, players=d["players"], catalog=CATALOG)
        )
    a = d["auction"]
    if a is None:
        if seats[d["turn"]]["slot"] is not None:
            out.append(InputError("turn-has-slot", f"{field}.turn", seat=seat_words(d["turn"] + 1), catalog=CATALOG))
        return
    f = f"{field}.auction"
    slot = seats[a["holder"]]["slot"]
    if not slot or slot.get("card") != a["card"] or slot.get("face") != "up":
        out.append(InputError("auction-card", f + ".card", seat=seat_words(a["holder"] + 1), catalog=CATALOG))
    if d["turn"] != a["challenger"]:
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
        if o["amount"] < 1 or not money.can_pay(seats[p]["purse"], o["amount"], d["bank"], False):
            out.append(
                InputError(
                    "offer-unpayable", f"{f}.offers[{i}].amount", seat=seat_words(p + 1), amount=o["amount"], catalog=CATALOG
                )
            )
    for i, p in enumerate(a["to_ask"]):
        if p == a["holder"] or p in bidders or p in a["to_ask"][:i] or seats[p]["slot"] is not None:
            out.append(InputError("auction-bidder", f"{f}.to_ask[{i}]", seat=seat_words(p + 1), catalog=CATALOG))


def _execute(state, field, out):
    """The players carry out their cards in turn from the start player (VW-4.3, VW-4.3.2)."""
    d = state.d
    ex = d["exec"]
    n = d["players"]
    turn = d["turn"]
    slot = d["seats"][turn]["slot"]
    if ex["card_done"] == bool(slot and "card" in slot):
        out.append(InputError("exec-card-done", f"{field}.exec.card_done", seat=seat_words(turn + 1), catalog=CATALOG))
    for k in range((turn - d["start"]) % n):
        i = (d["start"] + k) % n
        s = d["seats"][i]["slot"]
        if s and "card" in s:
            out.append(InputError("exec-not-done", f"{field}.seats[{i}].slot", seat=seat_words(i + 1), catalog=CATALOG))


def _spoil(state, field, out):
    """After the round that left 2 ships or fewer, each player in turn lets goods spoil (VW-4.4.1)."""
    d = state.d
    q = d["spoil_queue"]
    if not q or q != _order(d)[d["players"] - len(q) :]:
        out.append(InputError("spoil-order", f"{field}.spoil_queue", catalog=CATALOG))
    elif d["turn"] != q[0]:
        out.append(InputError("spoil-order", f"{field}.turn", catalog=CATALOG))
    if len(d["port"]) > 2:
        out.append(InputError("spoil-port", f"{field}.port", count=len(d["port"]), catalog=CATALOG))
    for i in _spoiled(d):
        if d["seats"][i]["fresh"]:  # the keep-fresh cards are discarded once used (VW-4.3.2.2)
            out.append(InputError("spoiled-fresh", f"{field}.seats[{i}].fresh", seat=seat_words(i + 1), catalog=CATALOG))


def _order(d):
    n = d["players"]
    return [(d["start"] + k) % n for k in range(n)]


def _spoiled(d):
    """The seats that have already let goods spoil this stage."""
    if d["phase"] != "spoil" or not d["spoil_queue"]:
        return []
    order = _order(d)
    return order[: order.index(d["spoil_queue"][0])] if d["spoil_queue"][0] in order else []


def _readings(state, field, out):
    """What the readings rule out (VW-4.2, VW-4.3.2, VW-4.4.1)."""
    d = state.d
    if d["phase"] == "trade" and state.options["face_up_final"] == "next-player":
        up = [i for i, s in enumerate(d["seats"]) if s["slot"] and s["slot"].get("face") == "up"]
        for i in up[1:]:
            out.append(InputError("face-up-one", f"{field}.seats[{i}].slot.face", catalog=CATALOG))
    if state.options["keep_fresh_rescue"] == "warehouse":
        for i in _spoiled(d):
            if any(d["seats"][i]["goods"].values()):
                out.append(InputError("spoiled-hand", f"{field}.seats[{i}].goods", seat=seat_words(i + 1), catalog=CATALOG))
    ex = d["exec"]
    if d["phase"] == "execute" and ex and state.options["hand_specials"] == "one" and ex["hand_plays"] > 1:
        out.append(InputError("field-range", f"{field}.exec.hand_plays", low=0, high=1, value=ex["hand_plays"]))
    if d["phase"] == "execute" and ex and ex.get("stored"):
        slot = d["seats"][d["turn"]]["slot"]
        waiting = slot and slot.get("card") in CARDS and CARDS[slot["card"]]["kind"] == "load-income" and not ex["card_done"]
        if state.options["load_first"] != "loading" or not waiting:
            out.append(InputError("stored-before-load", f"{field}.exec.stored", catalog=CATALOG))


def _end(state, field, out):
    """The game ends at the end of the round in which a player reached the goal (VW-5.0); only the
    execute phase, in the middle of that round, may show a goal reached and the game not over; under
    the reading end_and_spoil=spoil-first, so may the spoilage that comes before the end (VW-4.4)."""
    d = state.d
    goal = GOAL[d["players"]]
    best = max(state.vp(i) for i in range(d["players"]))
    if d["phase"] == "over" and best < goal:
        out.append(InputError("over-not-reached", f"{field}.phase", best=best, goal=goal, catalog=CATALOG))
    allowed = ("over", "execute", "spoil") if state.options["end_and_spoil"] == "spoil-first" else ("over", "execute")
    if d["phase"] not in allowed and best >= goal:
        out.append(InputError("goal-reached", f"{field}.phase", best=best, goal=goal, catalog=CATALOG))
