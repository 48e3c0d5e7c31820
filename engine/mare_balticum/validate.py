"""Reading a position from JSON and the invariants of every reachable position.

The state schema (schema/state.schema.json) has already checked the format: types, known keys,
field, species and contract ids. `load` fills in the defaults and checks what depends on the
player count; `check_position` checks the rest, each InputError naming the offending field.
"""

from __future__ import annotations

from ..core import InputError, Rng
from .board import BOARD
from .components import (ACTIONS_PER_TURN, BAG_KINDS, DEMAND_TOKENS_PER_SPECIES, HOLD_SIZE, SHIPS_PER_PLAYER, SPECIES,
                         TIME_TOKENS, TOKEN_COUNTS, TOKEN_KINDS)
from .messages import CATALOG, NAMES, READING_NAMES

CAPACITY = {fid: BOARD.capacity(fid) for fid in BOARD.sea}


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
        placed = _outside_bag(s)
        s.bag = {k: TOKEN_COUNTS[k] - placed[k] for k in TOKEN_KINDS}
        s.bag["time"] = TIME_TOKENS - s.time_track - (1 if s.phase == "company" else 0)
    refill = data.get("refill")
    s.refill = dict(refill) if refill is not None else None
    s.rng = Rng.from_json(data.get("rng"))
    return s


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
    if getattr(s, "bag_given", True):
        out += [(f"bag.{k}", v) for k, v in s.bag.items()]
    if s.refill is not None:
        out += [("refill.field", s.refill["field"]), ("refill.need", s.refill["need"])]
    return out


def _negative(s, field):
    """Counts are never negative (the paths are built only when one is)."""
    values = [s.round, s.actions, s.time_track, s.end_round or 0, min(s.supply), min(s.discarded.values())]
    values += [min(h.values()) for h in s.hold] + [min(w.values()) for w in s.warehouse]
    if getattr(s, "bag_given", True):
        values.append(min(s.bag.values()))
    if s.refill is not None:
        values += [s.refill["field"], s.refill["need"]]
    if min(values) >= 0:
        return
    for name, value in _counts(s):
        if value < 0:
            raise InputError("field-range", f"{field}.{name}", low=0, high="…", value=value)


def _outside_bag(s) -> dict:
    """Fish and amber tokens by kind on the board, in holds, warehouses and the discard pile."""
    counts = dict(s.discarded)
    for lst in s.tokens.values():
        for k in lst:
            counts[k] += 1
    for place in s.hold + s.warehouse:
        for k, n in place.items():
            counts[k] += n
    return counts


def _conservation(s, field):
    """Every fish and amber token is counted once: board + holds + warehouses + discarded + bag
    (MB-1.1, MB-1.2); the six time tokens: bag + track (+ the one being placed in "company").
    The error names the first place that holds more than there are, else the bag."""
    placed = _outside_bag(s)
    for k in TOKEN_KINDS:
        total = TOKEN_COUNTS[k]
        if s.bag[k] >= 0 and placed[k] + s.bag[k] == total:         # a derived bag is never short
            continue
        places = [(f"tokens.{fid}", s.tokens[fid].count(k)) for fid in BOARD.sea]
        if k in SPECIES:
            places += [(f"players[{i}].hold.{k}", s.hold[i][k]) for i in range(s.n)]
        places += [(f"players[{i}].warehouse.{k}", s.warehouse[i][k]) for i in range(s.n)]
        places.append((f"discarded.{k}", s.discarded[k]))
        for path, count in places:
            if count > total:
                raise InputError("mb-token-count", f"{field}.{path}", catalog=CATALOG, kind=NAMES[k], count=total)
        running = 0
        for path, count in places:
            running += count
            if running > total:
                raise InputError("mb-token-count", f"{field}.{path}", catalog=CATALOG, kind=NAMES[k], count=total)
        raise InputError("mb-token-count", f"{field}.bag.{k}", catalog=CATALOG, kind=NAMES[k], count=total)
    if s.time_track > TIME_TOKENS:
        raise InputError("field-range", f"{field}.time_track", low=0, high=TIME_TOKENS, value=s.time_track)
    pending = 1 if s.phase == "company" else 0
    if s.bag["time"] < 0 or s.bag["time"] + s.time_track + pending != TIME_TOKENS:
        where = "bag.time" if getattr(s, "bag_given", True) else "time_track"
        raise InputError("mb-time-count", f"{field}.{where}", catalog=CATALOG, count=TIME_TOKENS)


def _players(s, field):
    ships_each = SHIPS_PER_PLAYER[s.n]
    for i in range(s.n):
        path = f"{field}.players[{i}]"
        if s.supply[i] + len(s.ships[i]) != ships_each:
            raise InputError("mb-ship-count", f"{path}.supply", catalog=CATALOG, count=ships_each)
        if s.phase == "setup":
            if len(s.ships[i]) != (1 if i < s.turn else 0) or any(BOARD.kind[f] != "port" for f in s.ships[i]):
                raise InputError("mb-setup-ships", f"{path}.ships", catalog=CATALOG)
        else:
            if not s.ships[i]:
                raise InputError("mb-no-ships", f"{path}.ships", catalog=CATALOG)
            if not s.fleet_ok(s.ships[i]):                       # MB-4.2: no move ever breaks it
                raise InputError("mb-fleet", f"{path}.ships", catalog=CATALOG, reading=READING_NAMES[s.options["fleet"]])
        if sum(s.hold[i].values()) > HOLD_SIZE:
            raise InputError("mb-hold-over", f"{path}.hold", catalog=CATALOG, size=HOLD_SIZE)
        if len(set(s.market[i].values())) != len(s.market[i]):
            raise InputError("mb-market-repeat", f"{path}.market", catalog=CATALOG)
        contract = s.contract[i]
        if contract is not None:
            if not s.options["contracts"]:
                raise InputError("mb-contracts-off", f"{path}.contract", catalog=CATALOG)
            if contract in s.contract[:i]:
                raise InputError("mb-contract-twice", f"{path}.contract", catalog=CATALOG)


def _company(s, field):
    """Company tokens follow the time track (MB-9); the queue is the rest of the round from the
    active player (MB-9.1), and only the company phase has a queue and an interrupted refill."""
    if (s.phase == "company") != bool(s.queue):
        raise InputError("mb-queue", f"{field}.company_queue", catalog=CATALOG)
    if (s.phase == "company") != (s.refill is not None):
        raise InputError("mb-queue", f"{field}.refill", catalog=CATALOG)
    if s.queue:
        order = [(s.turn + k) % s.n for k in range(s.n)]
        if s.queue != order[s.n - len(s.queue):]:
            raise InputError("mb-queue", f"{field}.company_queue", catalog=CATALOG)
        if s.time_track >= TIME_TOKENS - 1:                     # MB-10.1: the 6th token brings no company token
            raise InputError("mb-company-sixth", f"{field}.time_track", catalog=CATALOG)
        at = s.refill["field"]
        fid = BOARD.ids[at] if at < len(BOARD.ids) else None
        if fid is None or BOARD.kind[fid] == "port":
            raise InputError("mb-refill-field", f"{field}.refill.field", catalog=CATALOG, last=len(BOARD.ids) - 1)
        # MB-8.2: the area was empty when its refill began, and each token drawn for it is on it
        due = CAPACITY[fid] - len(s.tokens[fid])
        if s.refill["need"] != due or due < 1:
            raise InputError("mb-refill-need", f"{field}.refill.need", catalog=CATALOG, due=due,
                             have=len(s.tokens[fid]), capacity=CAPACITY[fid])
        for before in BOARD.ids[:at]:                           # MB-8.1: the refill has passed these
            if BOARD.kind[before] != "port" and not s.tokens[before] and not s._blocked(before):
                raise InputError("mb-refill-skipped", f"{field}.tokens.{before}", catalog=CATALOG)
    placed = min(s.time_track, TIME_TOKENS - 1)
    for i in range(s.n):
        want = placed + (1 if s.phase == "company" and i not in s.queue else 0)
        if len(s.market[i]) + s.vault[i] != want:
            raise InputError("mb-company-count", f"{field}.players[{i}].market", catalog=CATALOG, count=want, track=s.time_track)


def _board(s, field):
    for fid, lst in s.tokens.items():
        if len(lst) > CAPACITY[fid]:
            raise InputError("field-count", f"{field}.tokens.{fid}", low=0, high=CAPACITY[fid], value=len(lst))
    variant = s.options["demand_variant"]
    for port in BOARD.ports:
        slots = s.demand[port]
        real = [sp for sp in slots if sp is not None]
        if len(real) != len(slots) and not variant:               # MB-2.3: every slot is filled at setup
            raise InputError("mb-demand-empty", f"{field}.demand.{port}[{slots.index(None)}]", catalog=CATALOG)
        if len(set(real)) != len(real):
            raise InputError("mb-demand-repeat", f"{field}.demand.{port}", catalog=CATALOG)
    out = [sp for slots in s.demand.values() for sp in slots if sp is not None]
    for sp in SPECIES:
        if out.count(sp) > DEMAND_TOKENS_PER_SPECIES:
            raise InputError("mb-demand-too-many", f"{field}.demand", catalog=CATALOG, species=NAMES[sp])


def _turn(s, field):
    """The turn counters belong to their phase (MB-2.4, MB-3.1) and the end comes when the
    rules say (MB-8.3, MB-10)."""
    if (s.time_track == TIME_TOKENS) != (s.end_round is not None):
        raise InputError("mb-end-round", f"{field}.end_round", catalog=CATALOG)
    if s.phase == "setup":
        _setup(s, field)
    if s.phase == "actions" and s.actions >= ACTIONS_PER_TURN:  # MB-3.1: the third action ends the turn
        raise InputError("field-range", f"{field}.actions_taken", low=0, high=ACTIONS_PER_TURN - 1, value=s.actions)
    if s.actions > ACTIONS_PER_TURN:
        raise InputError("field-range", f"{field}.actions_taken", low=0, high=ACTIONS_PER_TURN, value=s.actions)
    if s.end_round is not None and not s.round <= s.end_round <= s.round + 1:
        # the sixth token is drawn after a turn of round r and makes r + 1 the last round
        raise InputError("mb-end-round-far", f"{field}.end_round", catalog=CATALOG, round=s.round)
    if s.phase == "over":
        last_turn = s.end_round is not None and s.round == s.end_round and s.turn == s.n - 1
        bag_ends = s.options["empty_bag"] == "end" and not any(s.bag.values())
        if not (last_turn or bag_ends):
            raise InputError("mb-not-over", f"{field}.phase", catalog=CATALOG)


def _setup(s, field):
    """Before the first turn (MB-2): nothing has been fished, unloaded, discarded or taken, every
    sea area is full, and the demand slots are all filled, or all empty in variant 1."""
    for name, value in (("round", s.round), ("actions_taken", s.actions), ("time_track", s.time_track)):
        if value:
            raise InputError("mb-setup-counter", f"{field}.{name}", catalog=CATALOG)
    for i in range(s.n):
        for name, value in (("hold", sum(s.hold[i].values())), ("warehouse", sum(s.warehouse[i].values())),
                            ("contract", s.contract[i] is not None)):
            if value:
                raise InputError("mb-setup-empty", f"{field}.players[{i}].{name}", catalog=CATALOG)
    if sum(s.discarded.values()):
        raise InputError("mb-setup-empty", f"{field}.discarded", catalog=CATALOG)
    for fid in BOARD.sea:
        if len(s.tokens[fid]) != BOARD.capacity(fid):
            raise InputError("mb-setup-full", f"{field}.tokens.{fid}", catalog=CATALOG, count=BOARD.capacity(fid))
    if s.options["demand_variant"]:
        for port in BOARD.ports:
            for j, sp in enumerate(s.demand[port]):
                if sp is not None:
                    raise InputError("mb-setup-empty", f"{field}.demand.{port}[{j}]", catalog=CATALOG)


def check_position(s, field):
    _negative(s, field)
    _players(s, field)
    _board(s, field)
    _conservation(s, field)
    _turn(s, field)
    _company(s, field)

