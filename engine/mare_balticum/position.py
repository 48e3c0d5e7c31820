"""The Mare Balticum position: the only reader (`load`) and writer (`dump`) of its JSON, the
component model and every problem a position can have (`problems`).

The state schema (schema/state.schema.json) is the format: types, known keys, field, species and
contract ids. `load` fills in the defaults and refuses what a schema cannot say about lengths and
ids (the loader stops at its first error); `problems` lists every invariant the position breaks.

The component model (the book's "A doboz tartalma", MB-1), `COMPONENTS` below:

- fish and amber tokens, 68 (12 salmon, 12 flounder, 12 herring, 12 cod, 20 amber): in the bag,
  on the sea areas (a shallow area holds 1, a deep one 2), in a hold (fish only, 5 at most), in a
  warehouse, or discarded. Never in a port.
- time tokens, 6: in the bag, on the time track, or just drawn (the one the company phase places).
- ships, 5 / 4 / 3 per player at 3 / 4 / 5 players (the rest of the colour stays in the box): on
  the board (a player's ships on distinct fields) or in the player's supply.
- company tokens, 5 per player (0, 1, 2, 3 and the vault): in the player's hand, on a species of
  the player's market (one token a species, each value once), or the vault face up.
- demand tokens, 8 (two a species): in a port's slots (never two alike in a port) or beside the
  board (variant 1, until unloading places them).
- contract cards, 6: in the pile or one in front of a player (variant 2 only). At the end a player
  with a contract decides how many full sets to set aside (MB-13.2, "contract_sets"; left out: the
  engine's default, the most points and on equal points the more sets).

Every place of a component is counted once. Where the position lists a place (the bag when given,
a player's supply), the places must add up to the box; where it leaves a place out (the bag when
not given, the hand, the pile, the tokens beside the board), that place holds the rest, and none
may be beyond the box.

The stage rules (what cannot exist yet):

- setup (MB-2): the players before the active one have one ship each, in a port, the others none;
  nothing has been fished, unloaded, discarded, taken or drawn: every sea area is full, holds,
  warehouses and the discard pile are empty, no contract is taken, counters are 0; the demand slots
  are all filled (all empty in variant 1).
- a company token is placed per time token drawn, the sixth brings none (MB-9, MB-10.1): each
  player has as many company tokens down as time tokens on the track (at most 5), plus the one being
  placed in the company phase by those no longer in its queue.
- only the company phase has a queue and an interrupted refill (MB-8, MB-9.1).
- the last round is known only once the sixth time token is out, and it is this round or the next
  (MB-10.1, MB-10.2); the game is over only after the last round's last turn or, under the
  `empty_bag` reading "end", when the bag is empty (MB-8.3).
- three actions end a turn (MB-3.1).
- a player states the contract sets to set aside only once the last round is known, and no more
  than the warehouse holds (MB-13.2).

What the variants forbid: without variant 2 (`contracts`) nobody holds a contract; without variant 1
(`demand_variant`) no demand slot is empty (MB-2.3). And always: a ship is never alone under the
`fleet` reading (MB-4.2, except in setup), a hold takes 5 fish at most (MB-5.3).
"""

from __future__ import annotations

from ..core import InputError, Rng
from ..core.messages import N_
from .board import BOARD, CONTRACTS
from .components import (
    ACTIONS_PER_TURN,
    BAG_KINDS,
    COMPANY_VALUES,
    DEMAND_TOKENS_PER_SPECIES,
    HOLD_SIZE,
    SHIPS_PER_PLAYER,
    SPECIES,
    TIME_TOKENS,
    TOKEN_COUNTS,
    TOKEN_KINDS,
)
from .messages import CATALOG, NAMES, READING_NAMES
from .scoring import contract_sets_possible

CAPACITY = {fid: BOARD.capacity(fid) for fid in BOARD.sea}


# ---------------------------------------------------------------------------- the component model
def _token_places(s):
    """(path, kind, count) of every fish and amber token outside the bag, then the bag."""
    for fid in BOARD.sea:
        for k in TOKEN_KINDS:
            n = s.tokens[fid].count(k)
            if n:
                yield f"tokens.{fid}", k, n
    for i in range(s.n):
        for k in SPECIES:
            yield f"players[{i}].hold.{k}", k, s.hold[i][k]
        for k in TOKEN_KINDS:
            yield f"players[{i}].warehouse.{k}", k, s.warehouse[i][k]
    for k in TOKEN_KINDS:
        yield f"discarded.{k}", k, s.discarded[k]
    if s.bag_given:
        for k in TOKEN_KINDS:
            yield f"bag.{k}", k, s.bag[k]


# The components' quick checks: True when every count is right (then no place needs naming).
def _tokens_ok(s, exact) -> bool:
    placed = outside_bag(s)
    if exact:
        return all(placed[k] + s.bag[k] == TOKEN_COUNTS[k] for k in TOKEN_KINDS)
    return all(placed[k] <= TOKEN_COUNTS[k] for k in TOKEN_KINDS)


def _time_ok(s, exact) -> bool:
    count = s.time_track + (s.phase == "company") + (s.bag["time"] if exact else 0)
    return count == TIME_TOKENS if exact else count <= TIME_TOKENS


def _ships_ok(s, exact) -> bool:
    each = SHIPS_PER_PLAYER[s.n]
    return all(len(s.ships[i]) + s.supply[i] == each for i in range(s.n))


def _company_ok(s, exact) -> bool:
    return all(len(set(m.values())) == len(m) for m in s.market)  # the vault is one flag


def _demand_ok(s, exact) -> bool:
    out = [sp for slots in s.demand.values() for sp in slots if sp is not None]
    return all(out.count(sp) <= DEMAND_TOKENS_PER_SPECIES for sp in set(out))


def _contract_ok(s, exact) -> bool:
    held = [c for c in s.contract if c is not None]
    return len(set(held)) == len(held)


def _time_places(s):
    yield "time_track", "time", s.time_track
    if s.phase == "company":
        yield "time_track", "time", 1  # drawn, and being placed
    if s.bag_given:
        yield "bag.time", "time", s.bag["time"]


def _ship_places(s):
    for i in range(s.n):
        yield f"players[{i}].ships", i, len(s.ships[i])
        yield f"players[{i}].supply", i, s.supply[i]


def _company_places(s):
    for i in range(s.n):
        for sp, value in s.market[i].items():
            yield f"players[{i}].market.{sp}", (i, value), 1
        if s.vault[i]:
            yield f"players[{i}].vault", (i, "vault"), 1


def _demand_places(s):
    for port in BOARD.ports:
        for j, sp in enumerate(s.demand[port]):
            if sp is not None:
                yield f"demand.{port}[{j}]", sp, 1


def _contract_places(s):
    for i in range(s.n):
        if s.contract[i] is not None:
            yield f"players[{i}].contract", s.contract[i], 1


class Component:
    """A kind of component: how many of each kind the box holds at a table of n players, the places
    the position lists, and whether those add up to the box (`exact`) or the rest is in a place the
    position leaves out (the hand, the pile, beside the board: none beyond the box). `ok` is a quick
    check of the same: the places are walked only to name a count that is wrong."""

    def __init__(self, code, box, places, exact, ok):
        self.code, self.places, self.exact, self.ok = code, places, exact, ok
        self._box, self._boxes = box, {}

    def box(self, n) -> dict:
        if n not in self._boxes:
            self._boxes[n] = self._box(n)
        return self._boxes[n]

    def is_exact(self, s) -> bool:
        return self.exact(s) if callable(self.exact) else self.exact


COMPONENTS = (
    # the bag may be left out of a position: then it holds the rest
    Component("token", lambda n: dict(TOKEN_COUNTS), _token_places, lambda s: s.bag_given, _tokens_ok),
    Component("time", lambda n: {"time": TIME_TOKENS}, _time_places, lambda s: s.bag_given, _time_ok),
    # a player's supply is always known (the loader derives it when left out)
    Component("ship", lambda n: {i: SHIPS_PER_PLAYER[n] for i in range(n)}, _ship_places, True, _ships_ok),
    Component(
        "company",
        lambda n: {(i, v): 1 for i in range(n) for v in COMPANY_VALUES + ("vault",)},
        _company_places,
        False,
        _company_ok,
    ),
    Component("demand", lambda n: {sp: DEMAND_TOKENS_PER_SPECIES for sp in SPECIES}, _demand_places, False, _demand_ok),
    Component("contract", lambda n: {c: 1 for c in CONTRACTS.ids}, _contract_places, False, _contract_ok),
)


KIND_COMPONENT_CODES = {"token": N_("component-token"), "demand": N_("component-demand")}


def _component_name(code, kind) -> dict:
    """A component's name as a message parameter ({lang: text})."""
    if code == "ship":
        return CATALOG.both("component-ship", player=kind + 1)
    if code == "company":
        seat, value = kind
        if value == "vault":
            return CATALOG.both("component-vault", player=seat + 1)
        return CATALOG.both("component-company", player=seat + 1, value=value)
    if code == "contract":
        return CATALOG.both("component-contract", card=kind)
    if code == "time":
        return CATALOG.both("component-time")
    names = NAMES[kind]
    return {lang: CATALOG.text(KIND_COMPONENT_CODES[code], lang, kind=names[lang]) for lang in names}


def _conservation(s, field, out):
    """Each component counted once and none beyond the box, or exactly the box where the position
    lists every place."""
    for comp in COMPONENTS:
        exact = comp.is_exact(s)
        if not comp.ok(s, exact):
            out += count_problems(comp, s, exact, field)


def count_problems(comp, s, exact, field) -> list:
    """The component's wrong counts, walking its places: each names the place where the running
    count first passes the box, or, when the count falls short, the last place listed (the bag, a
    player's supply)."""
    out = []
    box = comp.box(s.n)
    seen = dict.fromkeys(box, 0)
    first_over, last = {}, {}
    for path, kind, n in comp.places(s):
        seen[kind] += n
        last[kind] = path
        if seen[kind] > box[kind] and kind not in first_over:
            first_over[kind] = path
    for kind, total in box.items():
        count = seen[kind]
        if count == total or (count < total and not exact):
            continue
        code = N_("mb-count-over")
        if exact:
            code = N_("mb-count")
        where = first_over[kind] if count > total else last[kind]
        out.append(
            InputError(code, f"{field}.{where}", catalog=CATALOG, kind=_component_name(comp.code, kind), box=total, n=count)
        )
    return out


# ---------------------------------------------------------------------------- reading and writing
def load(cls, game, data, field, options):
    """The state described by `data` (schema-valid). Missing parts get defaults, so hand-written
    positions stay short: "bag" holds every token that is nowhere else, "rng" is seed 0, a
    player's "supply" is the ships not on the board."""
    players = data["players"]
    n = len(players)
    s = cls._blank(game, n, options)
    s.phase = data.get("phase", "actions")
    s.turn = data.get("turn", 0)
    if not 0 <= s.turn < n:
        raise InputError("field-range", f"{field}.turn", low=0, high=n - 1, value=s.turn)
    s.round = data.get("round", 0)
    s.actions = data.get("actions_taken", 0)
    s.time_track = data.get("time_track", 0)
    s.end_round = data.get("end_round")
    ships_each = SHIPS_PER_PLAYER[n]
    for i, pdata in enumerate(players):
        ships = pdata.get("ships", [])
        if len(ships) > ships_each:
            raise InputError("field-count", f"{field}.players[{i}].ships", low=0, high=ships_each, value=len(ships))
        s.ships[i] = sorted(ships, key=BOARD.index.__getitem__)
        s.supply[i] = pdata.get("supply", ships_each - len(ships))
        s.hold[i] = {k: pdata.get("hold", {}).get(k, 0) for k in SPECIES}
        s.warehouse[i] = {k: pdata.get("warehouse", {}).get(k, 0) for k in TOKEN_KINDS}
        market = pdata.get("market", {})
        s.market[i] = {sp: market[sp] for sp in SPECIES if sp in market}
        s.vault[i] = pdata.get("vault", False)
        s.contract[i] = pdata.get("contract")
        s.contract_sets[i] = pdata.get("contract_sets")
    s.queue = list(data.get("company_queue", []))
    for j, seat in enumerate(s.queue):
        if not 0 <= seat < n:
            raise InputError("field-range", f"{field}.company_queue[{j}]", low=0, high=n - 1, value=seat)
    for fid, lst in data.get("tokens", {}).items():
        s.tokens[fid] = sorted(lst)
    for port, slots in data.get("demand", {}).items():
        size = len(BOARD.slots[port])
        if len(slots) != size:
            raise InputError("field-count", f"{field}.demand.{port}", low=size, high=size, value=len(slots))
        s.demand[port] = list(slots)
    s.discarded = {k: data.get("discarded", {}).get(k, 0) for k in TOKEN_KINDS}
    s.bag_given = "bag" in data
    if s.bag_given:
        s.bag = {k: data["bag"].get(k, 0) for k in BAG_KINDS}
    else:
        placed = outside_bag(s)
        s.bag = {k: TOKEN_COUNTS[k] - placed[k] for k in TOKEN_KINDS}
        s.bag["time"] = TIME_TOKENS - s.time_track - (1 if s.phase == "company" else 0)
    refill = data.get("refill")
    s.refill = dict(refill) if refill is not None else None
    s.rng = Rng.from_json(data.get("rng"))
    return s


def dump(s) -> dict:
    """The position's JSON, every part written (the format `load` reads)."""
    out = {
        "game": s.game.id,
        "phase": s.phase,
        "turn": s.turn,
        "round": s.round,
        "actions_taken": s.actions,
        "company_queue": list(s.queue),
        "refill": dict(s.refill) if s.refill is not None else None,
        "end_round": s.end_round,
        "time_track": s.time_track,
        "players": [
            {
                "ships": list(s.ships[i]),
                "supply": s.supply[i],
                "hold": dict(s.hold[i]),
                "warehouse": dict(s.warehouse[i]),
                "market": {sp: s.market[i][sp] for sp in SPECIES if sp in s.market[i]},
                "vault": s.vault[i],
                "contract": s.contract[i],
            }
            for i in range(s.n)
        ],
        "tokens": {fid: list(s.tokens[fid]) for fid in BOARD.sea},
        "demand": {p: list(s.demand[p]) for p in BOARD.ports},
        "bag": dict(s.bag),
        "discarded": dict(s.discarded),
        "rng": s.rng.to_json(),
    }
    for i, sets in enumerate(s.contract_sets):
        if sets is not None:  # a player's own decision, written only when stated
            out["players"][i]["contract_sets"] = sets
    return out


def outside_bag(s) -> dict:
    """Fish and amber tokens by kind on the board, in holds, warehouses and the discard pile."""
    counts = dict(s.discarded)
    for lst in s.tokens.values():
        for k in lst:
            counts[k] += 1
    for place in s.hold + s.warehouse:
        for k, n in place.items():
            counts[k] += n
    return counts


# ---------------------------------------------------------------------------- the problems
def problems(s, field) -> list:
    """Every problem of the position, each an InputError naming its field."""
    out = []
    _negative(s, field, out)
    _players(s, field, out)
    _board(s, field, out)
    _conservation(s, field, out)
    _turn(s, field, out)
    _company(s, field, out)
    return out


def _counts(s):
    """(path, count) of every counter in the position."""
    out = [("round", s.round), ("actions_taken", s.actions), ("time_track", s.time_track)]
    if s.end_round is not None:
        out.append(("end_round", s.end_round))
    for i in range(s.n):
        out.append((f"players[{i}].supply", s.supply[i]))
        out += [(f"players[{i}].hold.{k}", v) for k, v in s.hold[i].items()]
        out += [(f"players[{i}].warehouse.{k}", v) for k, v in s.warehouse[i].items()]
    out += [(f"discarded.{k}", v) for k, v in s.discarded.items()]
    if s.bag_given:
        out += [(f"bag.{k}", v) for k, v in s.bag.items()]
    if s.refill is not None:
        out += [("refill.field", s.refill["field"]), ("refill.need", s.refill["need"])]
    return out


def _negative(s, field, out):
    """Counts are never negative."""
    values = [s.round, s.actions, s.time_track, s.end_round or 0, min(s.supply), min(s.discarded.values())]
    values += [min(h.values()) for h in s.hold] + [min(w.values()) for w in s.warehouse]
    if s.bag_given:
        values.append(min(s.bag.values()))
    if s.refill is not None:
        values += [s.refill["field"], s.refill["need"]]
    if min(values) >= 0:
        return
    for name, value in _counts(s):
        if value < 0:
            out.append(InputError("field-range", f"{field}.{name}", low=0, high="…", value=value))


def _players(s, field, out):
    for i in range(s.n):
        path = f"{field}.players[{i}]"
        if s.phase == "setup":
            if len(s.ships[i]) != (1 if i < s.turn else 0) or any(BOARD.kind[f] != "port" for f in s.ships[i]):
                out.append(InputError("mb-setup-ships", f"{path}.ships", catalog=CATALOG))
        elif not s.ships[i]:
            out.append(InputError("mb-no-ships", f"{path}.ships", catalog=CATALOG))
        elif not s.fleet_ok(s.ships[i]):  # MB-4.2: no move ever breaks it
            out.append(InputError("mb-fleet", f"{path}.ships", catalog=CATALOG, reading=READING_NAMES[s.options["fleet"]]))
        if sum(s.hold[i].values()) > HOLD_SIZE:
            out.append(InputError("mb-hold-over", f"{path}.hold", catalog=CATALOG, size=HOLD_SIZE))
        if s.contract[i] is not None and not s.options["contracts"]:
            out.append(InputError("mb-contracts-off", f"{path}.contract", catalog=CATALOG))
        if s.contract_sets[i] is not None:
            _contract_sets(s, i, path, out)


def _contract_sets(s, i, path, out):
    """The sets a player states to set aside (MB-13.2): an end-of-game decision, so only once the
    last round is known (the warehouse only grows after that), for a contract the player holds,
    and no more full sets than the warehouse holds."""
    if s.contract[i] is None or not s.options["contracts"]:
        out.append(InputError("mb-contract-sets-no-contract", f"{path}.contract_sets", catalog=CATALOG))
        return
    if s.end_round is None:
        out.append(InputError("mb-contract-sets-early", f"{path}.contract_sets", catalog=CATALOG))
    full = contract_sets_possible(s.warehouse[i], CONTRACTS.cards[s.contract[i]])
    if s.contract_sets[i] > full:
        out.append(InputError("mb-contract-sets-over", f"{path}.contract_sets", catalog=CATALOG, n=full, sets=s.contract_sets[i]))


def _board(s, field, out):
    for fid, lst in s.tokens.items():
        if len(lst) > CAPACITY[fid]:
            out.append(InputError("field-count", f"{field}.tokens.{fid}", low=0, high=CAPACITY[fid], value=len(lst)))
    variant = s.options["demand_variant"]
    for port in BOARD.ports:
        slots = s.demand[port]
        real = [sp for sp in slots if sp is not None]
        if len(real) != len(slots) and not variant:  # MB-2.3: every slot is filled at setup
            out.append(InputError("mb-demand-empty", f"{field}.demand.{port}[{slots.index(None)}]", catalog=CATALOG))
        if len(set(real)) != len(real):
            out.append(InputError("mb-demand-repeat", f"{field}.demand.{port}", catalog=CATALOG))


def _turn(s, field, out):
    """The turn counters belong to their phase (MB-2.4, MB-3.1) and the end comes when the
    rules say (MB-8.3, MB-10)."""
    if (s.time_track == TIME_TOKENS) != (s.end_round is not None):
        out.append(InputError("mb-end-round", f"{field}.end_round", catalog=CATALOG))
    if s.phase == "setup":
        _setup(s, field, out)
    if s.phase == "actions" and s.actions >= ACTIONS_PER_TURN:  # MB-3.1: the third action ends the turn
        out.append(InputError("field-range", f"{field}.actions_taken", low=0, high=ACTIONS_PER_TURN - 1, value=s.actions))
    elif s.actions > ACTIONS_PER_TURN:
        out.append(InputError("field-range", f"{field}.actions_taken", low=0, high=ACTIONS_PER_TURN, value=s.actions))
    if s.end_round is not None and not s.round <= s.end_round <= s.round + 1:
        # the sixth token is drawn after a turn of round r and makes r + 1 the last round
        out.append(InputError("mb-end-round-far", f"{field}.end_round", catalog=CATALOG, round=s.round))
    if s.phase == "over":
        last_turn = s.end_round is not None and s.round == s.end_round and s.turn == s.n - 1
        bag_ends = s.options["empty_bag"] == "end" and not any(s.bag.values())
        if not (last_turn or bag_ends):
            out.append(InputError("mb-not-over", f"{field}.phase", catalog=CATALOG))


def _setup(s, field, out):
    """Nothing fished, unloaded, discarded, taken or drawn yet (MB-2): counters at 0, every sea
    area full, holds, warehouses and the discard pile empty, no contract; in variant 1 no demand
    token is out."""
    code = N_("mb-setup-empty")
    for name, value in (("round", s.round), ("actions_taken", s.actions), ("time_track", s.time_track)):
        if value:
            out.append(InputError("mb-setup-counter", f"{field}.{name}", catalog=CATALOG))
    for i in range(s.n):
        for name, value in (
            ("hold", sum(s.hold[i].values())),
            ("warehouse", sum(s.warehouse[i].values())),
            ("contract", s.contract[i] is not None),
        ):
            if value:
                out.append(InputError(code, f"{field}.players[{i}].{name}", catalog=CATALOG))
    if sum(s.discarded.values()):
        out.append(InputError(code, f"{field}.discarded", catalog=CATALOG))
    for fid in BOARD.sea:
        if len(s.tokens[fid]) < CAPACITY[fid]:
            out.append(
                InputError("mb-setup-full", f"{field}.tokens.{fid}", catalog=CATALOG, n=CAPACITY[fid], have=len(s.tokens[fid]))
            )
    if s.options["demand_variant"]:
        for port in BOARD.ports:
            for j, sp in enumerate(s.demand[port]):
                if sp is not None:
                    out.append(InputError(code, f"{field}.demand.{port}[{j}]", catalog=CATALOG))


def _company(s, field, out):
    """Company tokens follow the time track (MB-9); the queue is the rest of the round from the
    active player (MB-9.1), and only the company phase has a queue and an interrupted refill."""
    if (s.phase == "company") != bool(s.queue):
        out.append(InputError("mb-queue", f"{field}.company_queue", catalog=CATALOG))
    if (s.phase == "company") != (s.refill is not None):
        out.append(InputError("mb-queue", f"{field}.refill", catalog=CATALOG))
    if s.queue and s.refill is not None:
        order = [(s.turn + k) % s.n for k in range(s.n)]
        if s.queue != order[s.n - len(s.queue) :]:
            out.append(InputError("mb-queue", f"{field}.company_queue", catalog=CATALOG))
        if s.time_track >= TIME_TOKENS - 1:  # MB-10.1: the 6th token brings no company token
            out.append(InputError("mb-company-sixth", f"{field}.time_track", catalog=CATALOG))
        at = s.refill["field"]
        fid = BOARD.ids[at] if 0 <= at < len(BOARD.ids) else None
        if fid is None or BOARD.kind[fid] == "port":
            out.append(InputError("mb-refill-field", f"{field}.refill.field", catalog=CATALOG, last=len(BOARD.ids) - 1))
        else:
            # MB-8.2: the area was empty when its refill began, and each token drawn for it is on it
            due = CAPACITY[fid] - len(s.tokens[fid])
            if s.refill["need"] != due or due < 1:
                out.append(
                    InputError(
                        "mb-refill-need",
                        f"{field}.refill.need",
                        catalog=CATALOG,
                        due=due,
                        have=len(s.tokens[fid]),
                        capacity=CAPACITY[fid],
                    )
                )
            for before in BOARD.ids[:at]:  # MB-8.1: the refill has passed these
                if BOARD.kind[before] != "port" and not s.tokens[before] and not s._blocked(before):
                    out.append(InputError("mb-refill-skipped", f"{field}.tokens.{before}", catalog=CATALOG))
    placed = min(s.time_track, TIME_TOKENS - 1)
    for i in range(s.n):
        want = placed + (1 if s.phase == "company" and i not in s.queue else 0)
        have = len(s.market[i]) + s.vault[i]
        if have != want:
            out.append(
                InputError(
                    "mb-company-count", f"{field}.players[{i}].market", catalog=CATALOG, n=want, have=have, track=s.time_track
                )
            )
