"""Mare Balticum's position: its one reader and writer (`POSITION`, the core's Position,
engine/core/position.py), its phases, its component model, its relation model, the bounds of its
counters, and every problem a position can have.

`read` reads a position the schema (schema/state.schema.json, the format: types, known keys, field,
species and contract ids) has passed into the state's fields, filling in the defaults (a hand-written
position may be short: the bag then holds every token that is nowhere else, a player's supply is the
ships not on the board, the rng is seed 0); `write` writes every part back; `problems` lists every
invariant the position breaks, each an InputError naming its field, with its one-tap fix (an
operation of edit.py, or "set" a field) where one is obvious; `lenient` reads what can be drawn of a
draft that may hold anything. Nothing else reads or writes the position's fields by hand.

The phases (PHASES, read by the engine's checks, the editor and the pictures): the setup (each seat
in turn puts its starting ship into a port, MB-2.4), the actions (the active player's turn, MB-3),
the company tokens (a time token drawn: every seat places one, in the order of the queue from the
active player, MB-9.1), the contracts (at the end, each player holding a contract states how many
full sets it sets aside, in seat order from the start player, MB-13.2; only in variant 2), and the
end.

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
- contract cards, 6: in the pile or one in front of a player (variant 2 only).

Every place of a component is counted once. Where the position lists a place (the bag when given,
a player's supply), the places must add up to the box; where it leaves a place out (the bag when
not given, the hand, the pile, the tokens beside the board), that place holds the rest, and none
may be beyond the box. Every count is bounded by the box before anything is built from it.

The relation model: where each piece may stand relative to the board and the other pieces.
- A ship stands on a field of the board, sea area or port; a player's ships on distinct fields
  (MB-4.4), other players' ships beside them anywhere (MB-4.4). After the setup they keep the fleet
  rule under the `fleet` reading (MB-4.2: no sail ever breaks it); every player has a ship out.
- A token stands on a sea area, at most its capacity. During an interrupted refill (the company
  phase) every empty area before the refill's area has a ship on it (MB-8.2). Left open: after a
  refill every empty area has a ship on it (MB-8.1), and in a turn only the active player's sails
  empty one and leave it; but the worked examples and the saved cases set up only the areas a
  question is about, and the rest empty means "not shown" there, so an empty area is not a problem.
- A fish in a warehouse was unloaded in a port that demanded it (MB-6.1): in variant 1 some port
  holds a demand token of its species (a demand token never leaves its port, MB-12.1).
- What the setup places, and where (MB-2): every sea area full, every demand slot filled (none in
  variant 1), no ship out but the starting ships, one in a port for each seat that has had its go.
- Who has acted (the phase's turn order): in the setup the seats before `turn` have their starting
  ship out; in a round the active one has taken `actions_taken` actions; in the company phase the
  seats not in the queue have placed this time token's company token, and the queue is the rest of
  the round from the active seat (MB-9.1); in the contracts phase the holders before the first
  undecided one have stated their sets, the rest not.

The counters' bounds, as intervals:
- actions_taken: 0-2 in the actions phase (the third ends the turn), 0-3 otherwise.
- Left open: what a seat's ships out, hold and warehouse took in actions against the rounds played
  (3 a turn, MB-3.1). A hand-set position states a round only when it matters to the question (the
  worked examples and the saved cases leave it at 0), so a least count of actions would refuse them.
- time_track: 0-6; end_round is known exactly when it is 6, and is this round or the next (MB-10).
- company tokens down: min(time_track, 5) each, plus the one being placed by those out of the
  queue (MB-9, MB-10.1). Which values went where is each player's choice: left open.
- contract sets stated: 0 to the full sets the warehouse makes up (MB-13.2).
- round: from 0; how many rounds the time track needs is left open (a refill may draw any number of
  time tokens).

The stage rules (what cannot exist yet, or any more): a queue and an interrupted refill only in the
company phase (MB-9.1), and no company phase once the 6th token is out (MB-10.1); the game ends
only after the last round's last turn or, under `empty_bag: end`, when the bag is empty (MB-8.3,
MB-10.2); then, in variant 2, the contracts phase while a holder has not stated its sets, and the
end once all have; sets are stated then, or in advance once the last round is known.

What the variants and readings forbid in a position: without variant 2 (`contracts`) nobody holds a
contract; without variant 1 (`demand_variant`) no demand slot is empty (MB-2.3); under the `fleet`
reading a broken fleet (MB-4.2); under `empty_bag: end` an empty bag while the game goes on (MB-8.3: the game ends then).
The `last_vault` and `tie_tokens` readings decide what is paid and who wins, nothing a position
shows: left open.
"""

from __future__ import annotations

from ..core import Fix, InputError, Rng
from ..core.messages import N_
from ..core.position import Phase, Position
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

# The phases and their turn order, once (engine/core/position.py): the engine checks with them, the
# editor and the pictures read them.
PHASES = (
    Phase(
        "setup",
        N_("game-phase-setup"),
        ("start",),
        turns="seat",
        rules=("MB-2.4", "MB-3.2"),
        refusal=(N_("wrong-phase"), "MB-2.4"),
    ),
    Phase(
        "actions",
        N_("game-phase-actions"),
        ("sail", "fish", "unload", "discard", "contract", "end-turn"),
        turns="seat",
        # a fourth action comes after the turn has passed: the three-action limit decides it
        rules=("MB-3.1", "MB-3.2"),
        refusal=(N_("wrong-phase"), "MB-3.1"),
    ),
    Phase(
        "company",
        N_("game-phase-company"),
        ("company", "tax"),
        turns="queue",
        rules=("MB-9.1",),
        refusal=(N_("wrong-phase"), "MB-9.1"),
    ),
    Phase(
        "contracts",
        N_("game-phase-contracts"),
        ("fulfil",),
        turns="seat",
        rules=("MB-13.2",),
        refusal=(N_("wrong-phase"), "MB-13.2"),
    ),
    Phase("over", N_("game-phase-over"), (), turns="none", rules=("MB-10.2",)),
)
PHASE = {p.name: p for p in PHASES}

CAPACITY = {fid: BOARD.capacity(fid) for fid in BOARD.sea}
SEA_INDEX = [(i, fid) for i, fid in enumerate(BOARD.ids) if BOARD.kind[fid] != "port"]


def _fix(op: str, code: str, args: dict | None = None, **params) -> Fix:
    """A one-tap fix: edit.py's operation `op` ("set": a field, engine/core/edit.py), its words `code`."""
    return Fix.make(CATALOG, op, code, args, **params)


def _set(path: list, value, code: str, **params) -> Fix:
    return _fix("set", code, {"path": path, "value": value}, **params)


# ---------------------------------------------------------------------------- the component model
def outside_bag(s) -> dict:
    """Fish and amber tokens by kind on the board, in holds, warehouses and the discard pile."""
    return _outside(s.discarded, s.tokens, s.hold, s.warehouse)


def _outside(discarded, tokens, hold, warehouse) -> dict:
    counts = dict(discarded)
    for lst in tokens.values():
        for k in lst:
            counts[k] += 1
    for place in hold + warehouse:
        for k, n in place.items():
            counts[k] += n
    return counts


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


def _token_fix(s, kind, count, box):
    """The bag recounted: it holds what the other places leave (when they leave any)."""
    rest = box - (count - s.bag[kind])
    return _set(["bag", kind], rest, N_("fix-bag-recount"), n=rest) if rest >= 0 else None


def _ship_fix(s, seat, count, box):
    if len(s.ships[seat]) > box:
        return _fix("return_extra_ships", N_("fix-return-ships"), {"seat": seat}, player=seat + 1, n=len(s.ships[seat]) - box)
    rest = box - len(s.ships[seat])
    return _set(["players", seat, "supply"], rest, N_("fix-supply-recount"), player=seat + 1, n=rest)


class Component:
    """A kind of component: how many of each kind the box holds at a table of n players, the places
    the position lists, and whether those add up to the box (`exact`) or the rest is in a place the
    position leaves out (the hand, the pile, beside the board: none beyond the box). `ok` is a quick
    check of the same: the places are walked only to name a count that is wrong. `fix(s, kind,
    count, box)`: the count's one-tap fix, where there is one."""

    def __init__(self, code, box, places, exact, ok, fix=None):
        self.code, self.places, self.exact, self.ok, self.fix = code, places, exact, ok, fix
        self._box, self._boxes = box, {}

    def box(self, n) -> dict:
        if n not in self._boxes:
            self._boxes[n] = self._box(n)
        return self._boxes[n]

    def is_exact(self, s) -> bool:
        return self.exact(s) if callable(self.exact) else self.exact


COMPONENTS = (
    # the bag may be left out of a position: then it holds the rest
    Component("token", lambda n: dict(TOKEN_COUNTS), _token_places, lambda s: s.bag_given, _tokens_ok, _token_fix),
    Component("time", lambda n: {"time": TIME_TOKENS}, _time_places, lambda s: s.bag_given, _time_ok, _token_fix),
    # a player's supply is always known (the reader derives it when left out)
    Component("ship", lambda n: {i: SHIPS_PER_PLAYER[n] for i in range(n)}, _ship_places, True, _ships_ok, _ship_fix),
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
        fix = comp.fix(s, kind, count, total) if comp.fix and (exact or comp.code == "ship") else None
        out.append(
            InputError(
                code, f"{field}.{where}", catalog=CATALOG, fix=fix, kind=_component_name(comp.code, kind), box=total, n=count
            )
        )
    return out


# ---------------------------------------------------------------------------- reading and writing
def blank(n: int) -> dict:
    """The fields of a table of `n` before the setup: the board empty, every ship in its supply, the
    bag empty (the setup fills the sea from it)."""
    return {
        "n": n,
        "phase": "setup",
        "turn": 0,
        "round": 0,
        "actions": 0,
        "time_track": 0,
        "end_round": None,
        "ships": [[] for _ in range(n)],
        "supply": [SHIPS_PER_PLAYER[n]] * n,
        "hold": [dict.fromkeys(SPECIES, 0) for _ in range(n)],
        "warehouse": [dict.fromkeys(TOKEN_KINDS, 0) for _ in range(n)],
        "market": [{} for _ in range(n)],
        "vault": [False] * n,
        "contract": [None] * n,
        "contract_sets": [None] * n,
        "queue": [],
        "tokens": {fid: [] for fid in BOARD.sea},
        "demand": {p: [None] * len(BOARD.slots[p]) for p in BOARD.ports},
        "bag": dict.fromkeys(BAG_KINDS, 0),
        "bag_given": True,
        "discarded": dict.fromkeys(TOKEN_KINDS, 0),
        "refill": None,
        "rng": Rng(0),
    }


def read(data, field, options) -> dict:
    """The state's fields from a position the schema has passed. Missing parts get defaults, so
    hand-written positions stay short; what the schema cannot say (the turn within the table, the
    queue's seats, a port's number of slots) is refused here, naming the field. A count the box
    bounds is read as it is and judged by `problems` (nothing is built from it)."""
    players = data["players"]
    n = len(players)
    turn = data.get("turn", 0)
    if not 0 <= turn < n:
        raise InputError("field-range", f"{field}.turn", low=0, high=n - 1, value=turn)
    queue = list(data.get("company_queue", []))
    for j, seat in enumerate(queue):
        if not 0 <= seat < n:
            raise InputError("field-range", f"{field}.company_queue[{j}]", low=0, high=n - 1, value=seat)
    each = SHIPS_PER_PLAYER[n]
    f = blank(n)
    f.update(
        phase=data.get("phase", "actions"),
        turn=turn,
        round=data.get("round", 0),
        actions=data.get("actions_taken", 0),
        time_track=data.get("time_track", 0),
        end_round=data.get("end_round"),
        queue=queue,
    )
    for i, p in enumerate(players):
        ships = p.get("ships", [])
        f["ships"][i] = sorted(ships, key=BOARD.index.__getitem__)
        f["supply"][i] = p.get("supply", max(0, each - len(ships)))
        hold, ware, market = p.get("hold", {}), p.get("warehouse", {}), p.get("market", {})
        f["hold"][i] = {k: hold.get(k, 0) for k in SPECIES}
        f["warehouse"][i] = {k: ware.get(k, 0) for k in TOKEN_KINDS}
        f["market"][i] = {sp: market[sp] for sp in SPECIES if sp in market}
        f["vault"][i] = p.get("vault", False)
        f["contract"][i] = p.get("contract")
        f["contract_sets"][i] = p.get("contract_sets")
    tokens = f["tokens"]
    for fid, lst in data.get("tokens", {}).items():
        tokens[fid] = sorted(lst)
    demand = f["demand"]
    for port, slots in data.get("demand", {}).items():
        size = len(BOARD.slots[port])
        if len(slots) != size:
            raise InputError("field-count", f"{field}.demand.{port}", low=size, high=size, value=len(slots))
        demand[port] = list(slots)
    discarded = data.get("discarded", {})
    f["discarded"] = {k: discarded.get(k, 0) for k in TOKEN_KINDS}
    f["bag_given"] = "bag" in data
    if f["bag_given"]:
        f["bag"] = {k: data["bag"].get(k, 0) for k in BAG_KINDS}
    else:
        placed = _outside(f["discarded"], f["tokens"], f["hold"], f["warehouse"])
        f["bag"] = {k: TOKEN_COUNTS[k] - placed[k] for k in TOKEN_KINDS}
        f["bag"]["time"] = TIME_TOKENS - f["time_track"] - (1 if f["phase"] == "company" else 0)
    refill = data.get("refill")
    f["refill"] = dict(refill) if refill is not None else None
    f["rng"] = Rng.from_json(data.get("rng"))
    return f


def write(s) -> dict:
    """The position's JSON, every part written (the format `read` reads)."""
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
        if sets is not None:  # stated in the contracts phase (MB-13.2), written once stated
            out["players"][i]["contract_sets"] = sets
    return out


def lenient(data) -> dict:
    """What can be drawn of a draft that may hold anything (the editor's, before `problems` has its
    say): each player's ships, the tokens on the sea, the ports' demand; unknown ids and wrong types
    left out, at most five players (the box's colours). Never raises."""

    def listed(value, allowed):
        return [v for v in value if isinstance(v, str) and v in allowed] if isinstance(value, list) else []

    data = data if isinstance(data, dict) else {}
    players = data.get("players") if isinstance(data.get("players"), list) else []
    ships = [{"ships": listed(p.get("ships"), BOARD.kind)} if isinstance(p, dict) else {"ships": []} for p in players]
    tokens = data.get("tokens") if isinstance(data.get("tokens"), dict) else {}
    demand = data.get("demand") if isinstance(data.get("demand"), dict) else {}
    return {
        "players": ships[: max(SHIPS_PER_PLAYER)],  # (the table sizes: five colours in the box)
        "tokens": {f: listed(v, TOKEN_KINDS) for f, v in tokens.items() if f in BOARD.kind},
        "demand": {
            f: [d if d in SPECIES else None for d in v][: len(BOARD.slots.get(f, ()))]
            for f, v in demand.items()
            if f in BOARD.slots and isinstance(v, list)
        },
    }


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
    _contracts(s, field, out)
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
            fix = None
            if s.supply[i] > 0:  # the player's first ship, in the first port (MB-2.4)
                port = BOARD.ports[0]
                fix = _fix("place_ship", N_("fix-first-ship"), {"seat": i, "fid": port}, player=i + 1, port=BOARD.name[port])
            out.append(InputError("mb-no-ships", f"{path}.ships", catalog=CATALOG, fix=fix))
        elif not s.fleet_ok(s.ships[i]):  # MB-4.2: no move ever breaks it
            out.append(InputError("mb-fleet", f"{path}.ships", catalog=CATALOG, reading=READING_NAMES[s.options["fleet"]]))
        if sum(s.hold[i].values()) > HOLD_SIZE:
            out.append(InputError("mb-hold-over", f"{path}.hold", catalog=CATALOG, size=HOLD_SIZE))
        if s.contract[i] is not None and not s.options["contracts"]:
            fix = _set(["players", i, "contract"], None, N_("fix-contract-return"), player=i + 1)
            out.append(InputError("mb-contracts-off", f"{path}.contract", catalog=CATALOG, fix=fix))
        if s.contract_sets[i] is not None:
            _contract_sets(s, i, path, out)


def _contract_sets(s, i, path, out):
    """The sets a player states in the contracts phase (MB-13.2): for a contract the player holds,
    and no more full sets than the warehouse holds."""
    clear = _set(["players", i, "contract_sets"], None, N_("fix-contract-sets-clear"), player=i + 1)
    if s.contract[i] is None or not s.options["contracts"]:
        out.append(InputError("mb-contract-sets-no-contract", f"{path}.contract_sets", catalog=CATALOG, fix=clear))
        return
    if s.end_round is None:  # decided at the end: in advance once the last round is known
        out.append(InputError("mb-contract-sets-early", f"{path}.contract_sets", catalog=CATALOG, fix=clear))
    full = contract_sets_possible(s.warehouse[i], CONTRACTS.cards[s.contract[i]])
    if s.contract_sets[i] > full:
        fix = _set(["players", i, "contract_sets"], full, N_("fix-contract-sets-most"), n=full)
        out.append(
            InputError(
                "mb-contract-sets-over", f"{path}.contract_sets", catalog=CATALOG, fix=fix, n=full, sets=s.contract_sets[i]
            )
        )


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
    if variant:
        # MB-6.1, MB-12.1: a fish reaches a warehouse where it is demanded, and the demand stays
        demanded = {sp for slots in s.demand.values() for sp in slots}
        for i in range(s.n):
            for sp in SPECIES:
                if s.warehouse[i][sp] > 0 and sp not in demanded:
                    out.append(
                        InputError(
                            "mb-warehouse-undemanded", f"{field}.players[{i}].warehouse.{sp}", catalog=CATALOG, kind=NAMES[sp]
                        )
                    )


def ended(s) -> bool:
    """The game's end has come: the last round's last turn is over, or (under `empty_bag: end`) the
    bag ran out (MB-8.3, MB-10.2)."""
    last_turn = s.end_round is not None and s.round == s.end_round and s.turn == s.n - 1
    return last_turn or (s.options["empty_bag"] == "end" and not any(s.bag.values()))


def _turn(s, field, out):
    """The turn counters belong to their phase (MB-2.4, MB-3.1) and the end comes when the
    rules say (MB-8.3, MB-10)."""
    if (s.time_track == TIME_TOKENS) != (s.end_round is not None):
        fix = _set(["end_round"], s.round + 1 if s.time_track == TIME_TOKENS else None, N_("fix-end-round"))
        out.append(InputError("mb-end-round", f"{field}.end_round", catalog=CATALOG, fix=fix))
    if s.phase == "setup":
        _setup(s, field, out)
    if s.phase == "actions" and s.actions >= ACTIONS_PER_TURN:  # MB-3.1: the third action ends the turn
        fix = _set(["actions_taken"], ACTIONS_PER_TURN - 1, N_("fix-actions"), n=ACTIONS_PER_TURN - 1)
        out.append(
            InputError("field-range", f"{field}.actions_taken", fix=fix, low=0, high=ACTIONS_PER_TURN - 1, value=s.actions)
        )
    elif s.actions > ACTIONS_PER_TURN:
        fix = _set(["actions_taken"], ACTIONS_PER_TURN, N_("fix-actions"), n=ACTIONS_PER_TURN)
        out.append(InputError("field-range", f"{field}.actions_taken", fix=fix, low=0, high=ACTIONS_PER_TURN, value=s.actions))
    if s.end_round is not None and not s.round <= s.end_round <= s.round + 1:
        # the sixth token is drawn after a turn of round r and makes r + 1 the last round
        out.append(InputError("mb-end-round-far", f"{field}.end_round", catalog=CATALOG, round=s.round))
    done = ended(s)
    if s.phase in ("over", "contracts") and not done:
        fix = _set(["phase"], "actions", N_("fix-phase-actions"))
        out.append(InputError("mb-not-over", f"{field}.phase", catalog=CATALOG, fix=fix))


def _setup(s, field, out):
    """Nothing fished, unloaded, discarded, taken or drawn yet (MB-2): counters at 0, every sea
    area full, holds, warehouses and the discard pile empty, no contract; in variant 1 no demand
    token is out."""
    code = N_("mb-setup-empty")
    for name, value in (("round", s.round), ("actions_taken", s.actions), ("time_track", s.time_track)):
        if value:
            fix = _set([name], 0, N_("fix-zero"))
            out.append(InputError("mb-setup-counter", f"{field}.{name}", catalog=CATALOG, fix=fix))
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
    company = s.phase == "company"
    if company != bool(s.queue):
        fix = None if company else _set(["company_queue"], [], N_("fix-queue-clear"))
        out.append(InputError("mb-queue", f"{field}.company_queue", catalog=CATALOG, fix=fix))
    if company != (s.refill is not None):
        fix = None if company else _set(["refill"], None, N_("fix-refill-clear"))
        out.append(InputError("mb-queue", f"{field}.refill", catalog=CATALOG, fix=fix))
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
                if BOARD.kind[before] != "port" and not s.tokens[before] and not shipped(s, before):
                    out.append(InputError("mb-refill-skipped", f"{field}.tokens.{before}", catalog=CATALOG))
    placed = min(s.time_track, TIME_TOKENS - 1)
    for i in range(s.n):
        want = placed + (1 if company and i not in s.queue else 0)
        have = len(s.market[i]) + s.vault[i]
        if have != want and 0 <= want <= len(COMPANY_VALUES) + 1:
            fix = _fix("match_company_tokens", N_("fix-company-tokens"), {"seat": i, "n": want}, player=i + 1, n=want)
            out.append(
                InputError(
                    "mb-company-count",
                    f"{field}.players[{i}].market",
                    catalog=CATALOG,
                    fix=fix,
                    n=want,
                    have=have,
                    track=s.time_track,
                )
            )


def fleet_ok(fields, reading: str) -> bool:
    """The fleet rule (MB-4.2) under the `fleet` reading: "pairs" = every ship next to another ship
    of the same player; "connected" = all the player's ships form one connected group. A lone ship
    is fine."""
    if len(fields) < 2:
        return True
    adjset = BOARD.adjset
    ships = set(fields)
    if reading == "pairs":
        return all(adjset[f] & ships for f in fields)
    seen = {fields[0]}
    todo = [fields[0]]
    while todo:
        f = todo.pop()
        for g in adjset[f] & ships:
            if g not in seen:
                seen.add(g)
                todo.append(g)
    return len(seen) == len(ships)


def shipped(s, fid) -> bool:
    """Any ship on the field: it keeps an empty area from being refilled (MB-8.1: „…illetve egy hajó
    bábu sem”)."""
    return any(fid in ships for ships in s.ships)


def _contracts(s, field, out):
    """The contracts phase (MB-13.2): while a holder has not stated its sets, the players holding
    one stating them in seat order; the end only once every holder has."""
    if not s.options["contracts"] or s.phase not in ("contracts", "over"):
        return
    holders = [i for i in range(s.n) if s.contract[i] is not None]
    undecided = [i for i in holders if s.contract_sets[i] is None]
    if s.phase == "over":
        for i in undecided:
            fix = _set(["phase"], "contracts", N_("fix-phase-contracts"))
            out.append(InputError("mb-contract-undecided", f"{field}.players[{i}].contract_sets", catalog=CATALOG, fix=fix))
        return
    if not undecided:
        fix = _set(["phase"], "over", N_("fix-phase-over"))
        out.append(InputError("mb-contracts-decided", f"{field}.phase", catalog=CATALOG, fix=fix))
        return
    for i in holders:
        if i > undecided[0] and s.contract_sets[i] is not None:
            fix = _set(["players", i, "contract_sets"], None, N_("fix-contract-sets-clear"), player=i + 1)
            out.append(
                InputError(
                    "mb-contract-sets-order",
                    f"{field}.players[{i}].contract_sets",
                    catalog=CATALOG,
                    fix=fix,
                    player=i + 1,
                    first=undecided[0] + 1,
                )
            )


# The functions above behind the one interface (engine/core/position.py); the editing operations are edit.py's.
POSITION = Position(
    read=read,
    write=write,
    lenient=lenient,
    problems=problems,
    phases=PHASES,
    edits=(
        "place_ship",
        "remove_ship",
        "move_ship",
        "place_token",
        "remove_token",
        "erase",
        "resize",
        "return_extra_ships",
        "match_company_tokens",
    ),
)
