"""Balaton's position: the only reader and writer of its JSON (engine/balaton/schema/state.schema.json
is the format), its component model, and every problem a position can have.

Component model (the book's component list, BA-2.1; `COMPONENTS` below):
- a pawn: one per player, on a track field;
- cards: per player 2 back cards, 1 plane ticket, 1 ferry ticket, 1 plus-one ship; each in the hand
  or used (a used card leaves the game, BA-10.1); the card used in this step is no longer in the hand;
- ports (cubes in the player's colour): at most one per player per settlement, on its centre field;
- ships (cubes in the player's colour): on the lake field beside the port they were bought from, and
  only where that player has that port and another port on the same shipping route (BA-6.1); at most
  three of one player on one lake field (or one port, reading closure_scope), and once one player has
  three nobody adds more, so at most one player has three there (BA-6.4);
- two dice: rolled from the roll to the end of the step, none before the roll;
- money: coins from a bank without limit, never below 0 Ft; only the winner reaches the goal.
The book gives no number of cubes, so ports and ships are limited by the rules, not by a count.
Conservation is derived from the table (`census`): what one player has of a kind in one slot (the
player's hand with the card used in this step, a lake field's ships, or one port's under
closure_scope = port; the dice) is counted once, and never beyond the table's number. The pawn of a
seat and a player's port in a settlement are one entry each by the format itself (a position per
seat; a seat at most once in a settlement's list).

Stage rules (a step goes roll → move → land, and the game ends in a landing):
- before the roll: no dice, no rerolls, nothing done in the step; in the move phase: two dice,
  nothing done since the move yet; at most two rerolls in a step;
- the pawn to act stands where its move put it: after a move, on the settlement it landed on (an
  arrow sends it on to the centre); after a crossing, on the destination's centre;
- what the step did (a bump, a purchase, income, a subsidy, a card) must fit the field it stands on
  and the one-thing-per-step rules (BA-8.2, BA-10.1, BA-11.2); a subsidy is taken with no money, so
  right after it the player has at most the subsidy;
- the game is over exactly when someone reached the goal, in that player's own landing.

Relation model (where a piece may stand, relative to the board and to the other pieces):
- a pawn on a track field, several on one field; never on an arrow field (the arrow sends it on), but
  one put there by another player under bumped_pawn = nothing; the pawn to act on the settlement it
  landed on (step.landed), after a crossing on the destination's centre (a plane's end for a plane);
- a port on a settlement's centre, at most one per player; a ship on the lake field beside a port of
  its owner, with another own port on the same shipping route (under route_junction = stop, a route
  through no junction); three of one player on a field close it (per port under closure_scope = port);
- setup (BA-2.1) places every pawn on Veszprém with the starting money and the full hand, nothing on
  the board: the first step's positions are ordinary ones, so it needs no check of its own;
- turn order (PHASES): seat by seat from seat 0; within a step only the seat to act (the turn, or a
  moved pawn's owner under bumped_pawn = landing) has done anything, so the step's record is that
  seat's. The position holds no round counter: who acted earlier in a round is not in it.

Counter bounds (the `problems` below check each):
- money: from 0, a multiple of 10 under ten-fold coins, below the goal for all but the winner, at
  most the subsidy right after one; no upper bound from the rounds (open: no round counter, and what
  income paid depends on choices the position does not show);
- rerolls 0-2 (0 before the roll); dice none before the roll, two from it on; cards 0 to the hand
  dealt, the one used in this step counted with them; step.spent 0 without a purchase and at most one
  purchase's largest price (3 Ft, times the coin scale).

Variants and readings: ten-fold coins (coin_scale 10) make every amount a multiple of 10; closure
per port or per field (closure_scope); a moved pawn's landing only under bumped_pawn = landing, and no
pawn on an arrow field except one put there under bumped_pawn = nothing; no purchase after a crossing
unless crossing_lands; no purchase after a subsidy unless subsidy_then_buy; the plus-one ship card
without a purchase only under plus_one_ship = extra; a ship's route through no junction under
route_junction = stop.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Fix, InputError, Rng
from ..core.messages import N_
from ..core.position import Phase, Position
from .board import BOARD
from .components import CARDS, CLOSURE, GOAL, MAX_REROLLS, START_CARDS, SUBSIDY, _fresh_step
from .messages import CATALOG, card_name, name

# The phases of a step and the turn order, once (engine/core/position.py): the engine checks with
# them, the editor and the pictures read them. A step goes roll → move → land, seat by seat from
# seat 0 (the youngest, BA-2.3); a moved pawn's owner acts out of turn on its landing under the reading
# bumped_pawn = landing (BalatonState.turn_rules adds BA-4.2 then).
PHASES = (
    Phase("roll", N_("phase-roll"), ("roll",), turns="seat", rules=("BA-2.3",), refusal=(N_("wrong-phase-roll"), "BA-2.3")),
    Phase(
        "move",
        N_("phase-move"),
        ("reroll", "move"),
        turns="seat",
        rules=("BA-2.3",),
        refusal=(N_("wrong-phase-move"), "BA-2.3", "BA-3.1"),
    ),
    Phase(
        "land",
        N_("phase-land"),
        ("ferry", "fly", "bump", "port", "ship", "income", "subsidy", "end-turn"),
        turns="seat",
        rules=("BA-2.3",),
        refusal=(N_("wrong-phase-land"), "BA-2.3"),
    ),
    Phase("over", N_("phase-over"), (), turns="none", rules=("BA-2.2",)),
)
PHASE = {p.name: p for p in PHASES}


@dataclass(frozen=True)
class Component:
    kind: str
    box: int  # how many one player may have in one slot
    slot: str  # what the box's number counts per: "player", "settlement", "lake"
    places: tuple[str, ...]


# The box, per player. Cards kept in a hand or used; the plus-one ship card is "ship".
COMPONENTS = (
    Component("pawn", 1, "player", ("track",)),
    *(Component("card-" + card, START_CARDS[card], "player", ("hand", "used")) for card in CARDS),
    Component("port", 1, "settlement", ("centre", "supply")),
    Component("ship", CLOSURE, "lake", ("lake", "supply")),
    Component("die", 2, "table", ("rolled", "supply")),
)
BOX = {c.kind: c for c in COMPONENTS}

# where a ferry or the plane puts a pawn: the centre fields of their destinations
_CROSSING_ENDS = frozenset(BOARD.centre[sid] for sid in list(BOARD.ferries.values()) + list(BOARD.plane.values()))
_PLANE_ENDS = frozenset(BOARD.centre[p] for p in BOARD.plane)


# -- reading and writing -------------------------------------------------------------------


def _seat(value: int, field: str, n: int, piece: bool = False) -> int:
    """A seat at this table; a piece of a seat beyond it (a smaller table leaves them) with its fix."""
    if value >= n:
        fix = _fix("return_extra_seats", N_("fix-return-seats")) if piece else None
        raise InputError("field-range", field, low=0, high=n - 1, value=value, fix=fix)
    return value


def _seats_fix(have: int, n: int):
    """The mend of a list of one entry per seat that does not match the table: the extra seats' pieces
    back to the box, the bank and the supply, or the missing seats given what a new game gives."""
    if have > n:
        return _fix("return_extra_seats", N_("fix-return-seats"))
    return _fix("resize", N_("fix-add-seats"), {"players": n})


def _count(values: list, field: str, n: int) -> list:
    if len(values) != n:
        raise InputError("field-count", field, low=n, high=n, value=len(values), fix=_seats_fix(len(values), n))
    return values


def read(data: dict, field: str, options: dict) -> dict:
    """The state's fields from a schema-valid position: what depends on the player count is checked
    here (one entry per seat, seats at this table; a table whose lists are longer, as a smaller table
    leaves them, is refused with its fix), the invariants by `problems`."""
    n = data["players"]
    money = list(_count(data["money"], f"{field}.money", n))
    pos = list(_count(data["pos"], f"{field}.pos", n))
    cards = [dict(c) for c in _count(data.get("cards", [START_CARDS] * n), f"{field}.cards", n)]
    ports = {}
    for sid, seats in data.get("ports", {}).items():
        for j, seat in enumerate(seats):
            _seat(seat, f"{field}.ports.{sid}[{j}]", n, piece=True)
        if seats:
            ports[sid] = sorted(seats)
    ships: dict = {}
    for lid, by_port in data.get("ships", {}).items():
        for sid, counts in by_port.items():
            _count(counts, f"{field}.ships.{lid}.{sid}", n)
            if any(counts):
                ships.setdefault(lid, {})[sid] = list(counts)
    turn = _seat(data["turn"], f"{field}.turn", n)
    actor = _seat(data.get("actor", turn), f"{field}.actor", n)
    phase = data["phase"]
    given = data.get("step", {})
    step = _fresh_step()
    step.update(given)
    if "landed" not in given and phase in ("land", "over") and not step["crossed"] and not step["sub"]:
        # a hand-written position may leave it out: the pawn got here by the move, so it landed here
        step["landed"] = BOARD.settlement_at(pos[actor])
    winner = data.get("winner", -1)
    return {
        "players": n,
        "money": money,
        "pos": pos,
        "cards": cards,
        "ports": ports,
        "ships": ships,
        "turn": turn,
        "actor": actor,
        "phase": phase,
        "dice": list(data.get("dice", [])),
        "rerolls": data.get("rerolls", 0),
        "step": step,
        "winner": winner if winner < 0 else _seat(winner, f"{field}.winner", n),
        "rng": Rng.from_json(data.get("rng")),
    }


def write(s) -> dict:
    """The position as the schema describes it (without its options: the core adds them)."""
    return {
        "players": s.players,
        "money": list(s.money),
        "pos": list(s.pos),
        "cards": [dict(c) for c in s.cards],
        "ports": {sid: list(seats) for sid, seats in sorted(s.ports.items())},
        "ships": {lid: {sid: list(c) for sid, c in sorted(bp.items())} for lid, bp in sorted(s.ships.items())},
        "turn": s.turn,
        "actor": s.actor,
        "phase": s.phase,
        "dice": list(s.dice),
        "rerolls": s.rerolls,
        "step": dict(s.step),
        "winner": s.winner,
        "rng": s.rng.to_json(),
    }


def lenient(data, max_players: int = 6) -> dict:
    """The parts of any draft (any JSON, a position that may not load) that can be drawn: unknown ids,
    wrong types and seats beyond the table are left out (the editor shows a draft before the engine
    has judged it). Never raises."""
    data = data if isinstance(data, dict) else {}

    def whole(value, low, high, default):
        return value if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high else default

    # a pawn on an unknown field is left out, the others keep their seats
    pos = (
        [f if isinstance(f, str) and f in BOARD.index else None for f in data["pos"]] if isinstance(data.get("pos"), list) else []
    )
    n = whole(data.get("players"), 1, max_players, max(1, min(len(pos), max_players)))
    ports = {}
    if isinstance(data.get("ports"), dict):
        for sid, seats in data["ports"].items():
            if sid in BOARD.size and isinstance(seats, list):
                ports[sid] = sorted({s for s in seats if whole(s, 0, n - 1, None) is not None})
    ships = {}
    if isinstance(data.get("ships"), dict):
        for lid, by_port in data["ships"].items():
            if lid in BOARD.links and isinstance(by_port, dict):
                ships[lid] = {
                    sid: [whole(c, 0, 99, 0) for c in counts[:n]] + [0] * (n - len(counts[:n]))
                    for sid, counts in by_port.items()
                    if sid in BOARD.size and isinstance(counts, list)
                }
    dice = data.get("dice") if isinstance(data.get("dice"), list) else []
    dice = dice if len(dice) == 2 and all(whole(d, 1, 6, None) for d in dice) else []
    turn = whole(data.get("turn"), 0, n - 1, 0)
    return {
        "players": n,
        "pos": pos[:n],
        "ports": ports,
        "ships": ships,
        "dice": dice,
        "rerolls": whole(data.get("rerolls"), 0, 99, 0),
        "actor": whole(data.get("actor"), 0, n - 1, turn),
        "phase": data.get("phase") if isinstance(data.get("phase"), str) else "roll",
    }


# -- problems --------------------------------------------------------------------------------


def problems(s, field: str) -> list[InputError]:
    """Every problem of a loaded position, each naming its field: the component model, the stage,
    the step, the variants and readings."""
    out: list[InputError] = []
    _components(s, field, out)
    _money(s, field, out)
    _phase(s, field, out)
    if s.phase in ("land", "over"):
        _step(s, field, out)
    return out


def _no(code: str, field: str, out: list, fix=None, **params) -> None:
    """One problem, with its message from the game's catalog (and its one-tap fix, where there is one)."""
    out.append(InputError(code, field, CATALOG, fix=fix, **params))


def _fix(op: str, code: str, args: dict | None = None, **params) -> Fix:
    """A one-tap fix: edit.py's operation `op` ("set": a field, engine/core/edit.py), its words `code`."""
    return Fix.make(CATALOG, op, code, args, **params)


def census(s) -> list[tuple[str, str, str, int, int]]:
    """Every component on the table, counted once per slot of the table (`COMPONENTS`), as
    (kind, slot, field path below the position, seat, how many): the cards of a hand with the card
    used in this step, each lake field's ships (each port's under closure_scope = port), the dice."""
    rows = []
    for seat, hand in enumerate(s.cards):
        for card in CARDS:
            used_now = 1 if s.step["card"] == card and s.actor == seat else 0
            rows.append(("card-" + card, str(seat), f"cards[{seat}].{card}", seat, hand[card] + used_now))
    per_port = s.options["closure_scope"] == "port"
    for lid, by_port in sorted(s.ships.items()):
        ports = [sid for sid in BOARD.ports_on[lid] if sid in by_port]  # in the board's order
        for sids in [[sid] for sid in ports] if per_port else [ports]:
            for seat in range(s.players):
                have = [sid for sid in sids if by_port[sid][seat]]
                if have:  # named by the last port its ships came from
                    rows.append(
                        (
                            "ship",
                            f"{lid}.{sids[0]}",
                            f"ships.{lid}.{have[-1]}[{seat}]",
                            seat,
                            sum(by_port[sid][seat] for sid in sids),
                        )
                    )
    rows.append(("die", "", "dice", -1, len(s.dice)))
    return rows


def _components(s, field: str, out: list) -> None:
    """Conservation from the table (none beyond the box), then where each may be."""
    full: dict[str, int] = {}
    for kind, slot, path, seat, count in census(s):
        limit = BOX[kind].box
        if kind == "ship" and count >= limit:
            # once one player has three ships there nobody adds more: at most one player has three
            full[slot] = full.get(slot, 0) + 1
            if full[slot] == 2 and count == limit:
                _no("pos-ships-closure", f"{field}.{path}", out)
        if count <= limit:
            continue
        if kind.startswith("card-"):
            card = kind[len("card-") :]
            if s.cards[seat][card] > limit:
                out.append(InputError("field-range", f"{field}.{path}", low=0, high=limit, value=s.cards[seat][card]))
            else:
                _no("pos-card-used", f"{field}.step.card", out, card=card_name(card))
        elif kind == "ship":
            _no("pos-ships-closure", f"{field}.{path}", out)
    # places: pawns not on an arrow field, ships beside their owner's port with a route
    for i, where in enumerate(s.pos):
        # an arrow sends a pawn on to the centre; only a pawn put there by another player
        # (reading bumped_pawn = nothing) stays, and the player to act has just moved
        if where in BOARD.arrow and (s.options["bumped_pawn"] != "nothing" or (i == s.actor and s.phase in ("land", "over"))):
            _no("pos-arrow", f"{field}.pos[{i}]", out, value=BOARD.label(where))
    for lid, by_port in sorted(s.ships.items()):
        for sid, counts in sorted(by_port.items()):
            for i, c in enumerate(counts):
                path = f"{field}.ships.{lid}.{sid}[{i}]"
                if c and not s.has_port(i, sid):
                    _no("pos-ship-no-port", path, out, place=BOARD.name[sid])
                elif c and not s.route_exists(i, sid):
                    _no("pos-ship-no-route", path, out, place=BOARD.name[sid])


def _money(s, field: str, out: list) -> None:
    """The game ends the moment someone reaches the goal (BA-2.2), and only then; ten-fold coins."""
    goal = GOAL * s.scale
    over = s.phase == "over"
    if s.scale > 1:
        for i, money in enumerate(s.money):
            if money % s.scale:
                _no("pos-coin-scale", f"{field}.money[{i}]", out, money=money, scale=s.scale)
        if s.step["spent"] % s.scale:
            _no("pos-coin-scale", f"{field}.step.spent", out, money=s.step["spent"], scale=s.scale)
    if (s.winner >= 0) != over:
        _no("pos-winner", f"{field}.winner", out)
    for i, money in enumerate(s.money):
        if money >= goal and i != s.winner:
            _no("pos-goal-not-over", f"{field}.money[{i}]", out, money=money, goal=goal)
    if over and s.winner >= 0:
        if s.money[s.winner] < goal:
            _no("pos-over-no-goal", f"{field}.money[{s.winner}]", out, money=s.money[s.winner], goal=goal)
        # only income or a subsidy adds money, and the game ends in that player's own step
        if s.winner != s.actor:
            _no("pos-over-how", f"{field}.winner", out)
        elif not (s.step["income"] or s.step["subsidy"]):
            _no("pos-over-how", f"{field}.step", out)


def _phase(s, field: str, out: list) -> None:
    """Counters belong to their phase: dice after the roll, step events after the move."""
    if s.step["sub"]:
        if s.options["bumped_pawn"] != "landing" or s.phase not in ("land", "over") or s.actor == s.turn:
            _no("pos-sub", f"{field}.step.sub", out)
    elif s.actor != s.turn:
        _no("pos-actor", f"{field}.actor", out)
    # (a hand-written landing may leave the dice out: the roll that brought the pawn there is past)
    if s.phase == "roll" and s.dice or s.phase == "move" and len(s.dice) != 2 or len(s.dice) == 1:
        _no("pos-dice", f"{field}.dice", out, phase=name(PHASE[s.phase].title))
    if s.rerolls > MAX_REROLLS:
        out.append(InputError("field-range", f"{field}.rerolls", low=0, high=MAX_REROLLS, value=s.rerolls))
    if s.phase == "roll" and s.rerolls:
        _no("pos-phase", f"{field}.rerolls", out, phase=name(PHASE[s.phase].title))
    if s.phase in ("roll", "move"):
        for key, value in s.step.items():
            if value:
                _no("pos-phase", f"{field}.step.{key}", out, phase=name(PHASE[s.phase].title))


def _step(s, field: str, out: list) -> None:
    """What happened in this step agrees with where the pawn stands and with the one-thing-per-step rules."""
    step, seat = s.step, s.actor
    path = f"{field}.step"
    here = s.here()
    lake = BOARD.lake_of.get(here)
    card = step["card"]
    if step["sub"]:
        # a moved pawn's landing starts afresh on a settlement (BA-4.2): no crossing, no bump, and
        # no card but the plus-one ship (a purchase there, BA-10.5)
        for key in ("crossed", "bumped", "card", "landed"):
            if step[key] and not (key == "card" and step[key] == "ship"):
                _no("pos-sub", f"{path}.{key}", out)
        if not here:
            _no("pos-sub", f"{field}.pos[{seat}]", out)
    elif step["crossed"]:
        if s.pos[seat] not in _CROSSING_ENDS:
            _no("pos-crossed", f"{field}.pos[{seat}]", out)
        if step["landed"]:
            _no("pos-landed", f"{path}.landed", out)
    elif step["landed"] != here:
        _no("pos-landed", f"{path}.landed", out)
    where = BOARD.label(s.pos[seat])
    if step["bumped"] and BOARD.kind[s.pos[seat]] != "gray":
        _no("pos-step-where", f"{path}.bumped", out, place=where)
    if step["bought"] and not (here and s.has_port(seat, here)):
        _no("pos-step-where", f"{path}.bought", out, place=where)
    if step["income"] and not (lake and s.has_port(seat, here) and s.ships_on(lake)[seat] and s.route_exists(seat, here)):
        _no("pos-step-where", f"{path}.income", out, place=where)
    if step["subsidy"] and not (here and BOARD.size[here] >= 2):
        _no("pos-step-where", f"{path}.subsidy", out, place=where)
    # a subsidy is for a player with no money left (BA-11.1): right after it they have at most the subsidy
    most = SUBSIDY * s.scale
    if step["subsidy"] and s.money[seat] > most:
        _no("pos-subsidy-money", f"{field}.money[{seat}]", out, money=s.money[seat], most=most)
    # one thing per step (BA-8.2, BA-11.2), crossings first and with their card (BA-9.1, BA-10)
    if step["income"] and (step["bought"] or step["subsidy"]):
        _no("pos-step-both", f"{path}.income", out)
    if step["subsidy"] and step["bought"] and not s.options["subsidy_then_buy"]:
        _no("pos-step-both", f"{path}.subsidy", out)
    if step["crossed"] and (
        step["bumped"] or (not s.options["crossing_lands"] and (step["bought"] or step["income"] or step["subsidy"]))
    ):
        _no("pos-step-both", f"{path}.crossed", out)
    # the plus-one ship is the step's purchase (reading plus_one_ship = only) or one on top of it (extra)
    card_ship_alone = s.options["plus_one_ship"] == "extra" and here and s.has_port(seat, here)
    if card in ("plane", "ferry") and not step["crossed"] or card == "ship" and not (step["bought"] or card_ship_alone):
        _no("pos-step-both", f"{path}.card", out)
    if card == "ship" and step["income"]:
        _no("pos-step-both", f"{path}.income", out)
    if card == "ship" and step["subsidy"] and not s.options["subsidy_then_buy"]:
        _no("pos-step-both", f"{path}.subsidy", out)
    # money paid on this landing: a port's or a ship's price, and only with a purchase
    if step["spent"] and not step["bought"] or step["spent"] > 3 * s.scale:
        _no("pos-step-both", f"{path}.spent", out)
    if card == "plane" and s.pos[seat] not in _PLANE_ENDS:
        _no("pos-crossed", f"{field}.pos[{seat}]", out)


# The functions above behind the one interface (engine/core/position.py); the editing operations are edit.py's.
POSITION = Position(
    read=read,
    write=write,
    lenient=lenient,
    problems=problems,
    phases=PHASES,
    edits=(
        "move_pawn",
        "add_port",
        "remove_port",
        "add_ship",
        "remove_ship",
        "take_money",
        "return_money",
        "use_card",
        "return_card",
        "resize",
        "return_extra_seats",
    ),
)
