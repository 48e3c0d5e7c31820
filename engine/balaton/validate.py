"""A position read from JSON (case files, the sandbox editor), after its schema has passed:
the loader (what depends on the player count) and the invariants of every reachable position.
Every error names the offending field."""

from __future__ import annotations

from ..core import InputError, Rng
from .board import BOARD
from .components import CARDS, CLOSURE, GOAL, MAX_REROLLS, START_CARDS, _fresh_step
from .messages import CATALOG, card_name

# where a ferry or the plane puts a pawn: the centre fields of their destinations
_CROSSING_ENDS = frozenset(BOARD.centre[sid] for sid in list(BOARD.ferries.values()) + list(BOARD.plane.values()))


def _seat(value: int, field: str, n: int) -> int:
    if value >= n:
        raise InputError("field-range", field, low=0, high=n - 1, value=value)
    return value


def _count(values: list, field: str, n: int) -> list:
    if len(values) != n:
        raise InputError("field-count", field, low=n, high=n, value=len(values))
    return values


def load_state(cls, game, data: dict, field: str, options: dict):
    s = cls()
    s.game, s.options = game, options
    n = s.n = data["players"]
    s.money = list(_count(data["money"], f"{field}.money", n))
    s.pos = list(_count(data["pos"], f"{field}.pos", n))
    s.cards = [dict(c) for c in _count(data.get("cards", [START_CARDS] * n), f"{field}.cards", n)]
    s.ports = {}
    for sid, seats in data.get("ports", {}).items():
        for j, seat in enumerate(seats):
            _seat(seat, f"{field}.ports.{sid}[{j}]", n)
        if seats:
            s.ports[sid] = sorted(seats)
    s.ships = {}
    for lid, by_port in data.get("ships", {}).items():
        for sid, counts in by_port.items():
            _count(counts, f"{field}.ships.{lid}.{sid}", n)
            if any(counts):
                s.ships.setdefault(lid, {})[sid] = list(counts)
    s.turn = _seat(data["turn"], f"{field}.turn", n)
    s.actor = _seat(data.get("actor", s.turn), f"{field}.actor", n)
    s.phase = data["phase"]
    s.dice = list(data.get("dice", []))
    s.rerolls = data.get("rerolls", 0)
    step = data.get("step", {})
    s.step = _fresh_step()
    s.step.update(step)
    if "landed" not in step and s.phase in ("land", "over") and not s.step["crossed"] and not s.step["sub"]:
        # a hand-written position may leave it out: the pawn got here by the move, so it landed here
        s.step["landed"] = BOARD.settlement_at(s.pos[s.actor])
    winner = data.get("winner", -1)
    s.winner = winner if winner < 0 else _seat(winner, f"{field}.winner", n)
    s.rng = Rng.from_json(data.get("rng"))
    return s


def check_position(s, field: str) -> None:
    _check_components(s, field)
    _check_money(s, field)
    _check_phase(s, field)
    if s.phase in ("land", "over"):
        _check_step(s, field)


def _check_components(s, field: str) -> None:
    """Cards from the hand of five, pawns where a move can leave them, ships where a purchase can put them."""
    for i, hand in enumerate(s.cards):
        for card in CARDS:
            if hand[card] > START_CARDS[card]:
                raise InputError("field-range", f"{field}.cards[{i}].{card}", low=0, high=START_CARDS[card],
                                 value=hand[card])
    for i, where in enumerate(s.pos):
        # an arrow sends a pawn on to the centre; only a pawn put there by another player
        # (reading bumped_pawn = nothing) stays, and the player to act has just moved
        if where in BOARD.arrow and (s.options["bumped_pawn"] != "nothing"
                                     or (i == s.actor and s.phase in ("land", "over"))):
            raise InputError("pos-arrow", f"{field}.pos[{i}]", CATALOG, value=where)
    per_port = s.options["closure_scope"] == "port"
    for lid, by_port in s.ships.items():
        totals = [0] * s.n
        for sid, counts in by_port.items():
            for i, c in enumerate(counts):
                path = f"{field}.ships.{lid}.{sid}[{i}]"
                if c and not s.has_port(i, sid):
                    raise InputError("pos-ship-no-port", path, CATALOG, place=BOARD.name[sid])
                if c and not s.route_exists(i, sid):
                    raise InputError("pos-ship-no-route", path, CATALOG, place=BOARD.name[sid])
                totals[i] += c
                # three ships of one player close the field (or the port): nobody buys there again,
                # so at most one player reaches three and nobody passes it
                counted = counts if per_port else totals
                if counted[i] > CLOSURE or (c and counted[i] == CLOSURE
                                            and sum(1 for t in counted if t >= CLOSURE) > 1):
                    raise InputError("pos-ships-closure", path, CATALOG)


def _check_money(s, field: str) -> None:
    """The game ends the moment someone reaches the goal (BA-2.2), and only then."""
    goal = GOAL * s.scale
    over = s.phase == "over"
    if (s.winner >= 0) != over:
        raise InputError("pos-winner", f"{field}.winner", CATALOG)
    for i, money in enumerate(s.money):
        if money >= goal and i != s.winner:
            raise InputError("pos-goal-not-over", f"{field}.money[{i}]", CATALOG, money=money, goal=goal)
    if over:
        if s.money[s.winner] < goal:
            raise InputError("pos-over-no-goal", f"{field}.money[{s.winner}]", CATALOG, money=s.money[s.winner], goal=goal)
        # only income or a subsidy adds money, and the game ends in that player's own step
        if s.winner != s.actor:
            raise InputError("pos-over-how", f"{field}.winner", CATALOG)
        if not (s.step["income"] or s.step["subsidy"]):
            raise InputError("pos-over-how", f"{field}.step", CATALOG)


def _check_phase(s, field: str) -> None:
    """Counters belong to their phase: dice after the roll, step events after the move."""
    if s.step["sub"]:
        if s.options["bumped_pawn"] != "landing" or s.phase not in ("land", "over") or s.actor == s.turn:
            raise InputError("pos-sub", f"{field}.step.sub", CATALOG)
    elif s.actor != s.turn:
        raise InputError("pos-actor", f"{field}.actor", CATALOG)
    if s.phase == "roll" and s.dice or s.phase == "move" and len(s.dice) != 2 or len(s.dice) == 1:
        raise InputError("pos-dice", f"{field}.dice", CATALOG, phase=s.phase)
    if s.rerolls > MAX_REROLLS:
        raise InputError("field-range", f"{field}.rerolls", low=0, high=MAX_REROLLS, value=s.rerolls)
    if s.phase == "roll" and s.rerolls:
        raise InputError("pos-phase", f"{field}.rerolls", CATALOG, phase=s.phase)
    if s.phase in ("roll", "move"):
        for key, value in s.step.items():
            if value:
                raise InputError("pos-phase", f"{field}.step.{key}", CATALOG, phase=s.phase)


def _check_step(s, field: str) -> None:
    """What happened in this step agrees with where the pawn stands and with the one-thing-per-step rules."""
    step, seat = s.step, s.actor
    path = f"{field}.step"
    here = s.here()
    lake = BOARD.lake_of.get(here)
    card = step["card"]
    if card and s.cards[seat][card] >= START_CARDS[card]:
        raise InputError("pos-card-used", f"{path}.card", CATALOG, card=card_name(card))
    if step["sub"]:
        # a moved pawn's landing starts afresh on a settlement (BA-4.2): no crossing, no bump, and
        # no card but the plus-one ship (a purchase there, BA-10.5)
        for key in ("crossed", "bumped", "card", "landed"):
            if step[key] and not (key == "card" and step[key] == "ship"):
                raise InputError("pos-sub", f"{path}.{key}", CATALOG)
        if not here:
            raise InputError("pos-sub", f"{field}.pos[{seat}]", CATALOG)
    elif step["crossed"]:
        if s.pos[seat] not in _CROSSING_ENDS:
            raise InputError("pos-crossed", f"{field}.pos[{seat}]", CATALOG)
        if step["landed"]:
            raise InputError("pos-landed", f"{path}.landed", CATALOG)
    elif step["landed"] != here:
        raise InputError("pos-landed", f"{path}.landed", CATALOG)
    where = BOARD.label(s.pos[seat])
    if step["bumped"] and BOARD.kind[s.pos[seat]] != "gray":
        raise InputError("pos-step-where", f"{path}.bumped", CATALOG, place=where)
    if step["bought"] and not (here and s.has_port(seat, here)):
        raise InputError("pos-step-where", f"{path}.bought", CATALOG, place=where)
    if step["income"] and not (lake and s.has_port(seat, here) and s.ships_on(lake)[seat] and s.route_exists(seat, here)):
        raise InputError("pos-step-where", f"{path}.income", CATALOG, place=where)
    if step["subsidy"] and not (here and BOARD.size[here] >= 2):
        raise InputError("pos-step-where", f"{path}.subsidy", CATALOG, place=where)
    # one thing per step (BA-8.2, BA-11.2), crossings first and with their card (BA-9.1, BA-10)
    if step["income"] and (step["bought"] or step["subsidy"]):
        raise InputError("pos-step-both", f"{path}.income", CATALOG)
    if step["subsidy"] and step["bought"] and not s.options["subsidy_then_buy"]:
        raise InputError("pos-step-both", f"{path}.subsidy", CATALOG)
    if step["crossed"] and (step["bumped"] or (not s.options["crossing_lands"]
                                               and (step["bought"] or step["income"] or step["subsidy"]))):
        raise InputError("pos-step-both", f"{path}.crossed", CATALOG)
    # the plus-one ship is the step's purchase (reading plus_one_ship = only) or one on top of it (extra)
    card_ship_alone = s.options["plus_one_ship"] == "extra" and here and s.has_port(seat, here)
    if card in ("plane", "ferry") and not step["crossed"] or card == "ship" and not (step["bought"] or card_ship_alone):
        raise InputError("pos-step-both", f"{path}.card", CATALOG)
    if card == "ship" and step["income"]:
        raise InputError("pos-step-both", f"{path}.income", CATALOG)
    if card == "ship" and step["subsidy"] and not s.options["subsidy_then_buy"]:
        raise InputError("pos-step-both", f"{path}.subsidy", CATALOG)
    # money paid on this landing: a port's or a ship's price, and only with a purchase
    if step["spent"] and not step["bought"] or step["spent"] > 3 * s.scale:
        raise InputError("pos-step-both", f"{path}.spent", CATALOG)
    if card == "plane" and s.pos[seat] not in (BOARD.centre[p] for p in BOARD.plane):
        raise InputError("pos-crossed", f"{field}.pos[{seat}]", CATALOG)

