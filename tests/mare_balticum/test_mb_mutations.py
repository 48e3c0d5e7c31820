"""Mutation test of the position's problems (engine/mare_balticum/position.py).

Reachable positions come from seeded random play (variants and readings varied); each must have no
problem and survive to_json/from_json. From each, impossible neighbours are made by kind: a
component duplicated, removed, misplaced (to a place it may not be), something of a later stage
brought forward; a relation broken (a piece moved to a neighbouring field where it may not stand, a
setup placement given to the wrong piece), the order within a phase broken (two seats' progress
swapped, the end before a holder's decision), a counter pushed beyond its bound, a variant's rule
broken. Every mutant must get at least one problem. The counts of each kind are printed (pytest -s)
and checked to be non-zero.
"""

import copy
import json
import os

from engine.core import InputError, Rng
from engine.mare_balticum import position
from engine.mare_balticum.board import BOARD, CONTRACTS
from engine.mare_balticum.components import HOLD_SIZE, SPECIES, TIME_TOKENS, TOKEN_KINDS
from engine.mare_balticum.scoring import contract_sets_possible

from ._mb import GAME
from .test_mb_properties import options_for

SCALE = float(os.environ.get("KIKOTO_SCALE", "1"))
GAMES = max(1, int(12 * SCALE))
EVERY = 23  # keep every 23rd position of a game


def reachable():
    out = []
    for seed in range(GAMES):
        s = GAME.new(3 + seed % 3, seed, options_for(seed * 7 + 1))
        rng = Rng(seed ^ 0xA11)
        step = 0
        while not s.is_over():
            if step % EVERY == 5 or step == 1 or s.phase == "contracts":  # step 1: a setup position
                out.append(s.to_json())
            s = s.apply(rng.choice(s.legal_actions()))
            step += 1
        out.append(s.to_json())
    return out


POSITIONS = reachable()


# -- mutations: each returns a changed copy, or None when it does not apply to this position
def _copy(data):
    return copy.deepcopy(data)


def dup_token(d, rng):
    """One more fish or amber token (in a warehouse), the bag unchanged."""
    m = _copy(d)
    seat = rng.below(len(m["players"]))
    kind = rng.choice(TOKEN_KINDS)
    m["players"][seat]["warehouse"][kind] += 1
    return m


def dup_ship(d, rng):
    m = _copy(d)
    m["players"][rng.below(len(m["players"]))]["supply"] += 1
    return m


def dup_time(d, rng):
    m = _copy(d)
    m["bag"]["time"] += 1
    return m


def dup_company(d, rng):
    """A company value a player has used, placed again on a free species of the same market."""
    m = _copy(d)
    for p in m["players"]:
        free = [sp for sp in SPECIES if sp not in p["market"]]
        if p["market"] and free:
            p["market"][free[0]] = next(iter(p["market"].values()))
            return m
    return None


def dup_contract(d, rng):
    m = _copy(d)
    held = [p["contract"] for p in m["players"] if p["contract"]]
    if not held:
        return None
    for p in m["players"]:
        if p["contract"] != held[0]:
            p["contract"] = held[0]
            return m
    return None


def dup_demand(d, rng):
    """A third demand token of a species (two are in ports already, or one placed twice more)."""
    m = _copy(d)
    placed = [sp for slots in m["demand"].values() for sp in slots if sp]
    for sp in SPECIES:
        if placed.count(sp) == 2:
            for port, slots in m["demand"].items():
                if sp not in slots and None in slots:
                    slots[slots.index(None)] = sp
                    return m
                if sp not in slots and len(slots) == 1:
                    slots[0] = sp  # replaces another species: still a third of this one
                    return m
    return None


def remove_token(d, rng):
    m = _copy(d)
    kinds = [k for k in TOKEN_KINDS if m["bag"][k]]
    if not kinds:
        return None
    m["bag"][rng.choice(kinds)] -= 1
    return m


def remove_board_token(d, rng):
    m = _copy(d)
    areas = [f for f, lst in m["tokens"].items() if lst]
    if not areas:
        return None
    m["tokens"][rng.choice(areas)].pop()
    return m


def remove_ship(d, rng):
    m = _copy(d)
    seats = [i for i, p in enumerate(m["players"]) if p["supply"]]
    if not seats:
        return None
    m["players"][rng.choice(seats)]["supply"] -= 1
    return m


def remove_time(d, rng):
    m = _copy(d)
    if not m["bag"]["time"]:
        return None
    m["bag"]["time"] -= 1
    return m


def misplace_over_capacity(d, rng):
    """A token from the bag onto a sea area that is already full."""
    m = _copy(d)
    kinds = [k for k in TOKEN_KINDS if m["bag"][k]]
    full = [f for f in BOARD.sea if len(m["tokens"][f]) == BOARD.capacity(f)]
    if not kinds or not full:
        return None
    kind = rng.choice(kinds)
    m["bag"][kind] -= 1
    m["tokens"][rng.choice(full)].append(kind)
    return m


def misplace_full_hold(d, rng):
    """A fish from the bag into a hold that is already full, or over full."""
    m = _copy(d)
    kinds = [k for k in SPECIES if m["bag"][k]]
    if not kinds:
        return None
    p = m["players"][rng.below(len(m["players"]))]
    room = HOLD_SIZE + 1 - sum(p["hold"].values())
    if room < 1 or sum(m["bag"][k] for k in kinds) < room:
        return None
    while room:
        k = rng.choice([k for k in kinds if m["bag"][k]])
        m["bag"][k] -= 1
        p["hold"][k] += 1
        room -= 1
    return m


def misplace_amber_in_hold(d, rng):
    m = _copy(d)
    if not m["bag"]["amber"]:
        return None
    m["bag"]["amber"] -= 1
    m["players"][0]["hold"]["amber"] = 1
    return m


def misplace_token_in_port(d, rng):
    m = _copy(d)
    if not m["bag"]["cod"]:
        return None
    m["bag"]["cod"] -= 1
    m["tokens"][rng.choice(BOARD.ports)] = ["cod"]
    return m


def misplace_setup_ship_at_sea(d, rng):
    if d["phase"] != "setup" or not d["turn"]:
        return None
    m = _copy(d)
    m["players"][0]["ships"] = ["hano"]
    return m


def later_end_round(d, rng):
    """The last round named before the sixth time token."""
    if d["time_track"] == TIME_TOKENS:
        return None
    m = _copy(d)
    m["end_round"] = m["round"] + 1
    return m


def later_over(d, rng):
    if d["phase"] == "over" or d["end_round"] is not None:
        return None
    m = _copy(d)
    m["phase"] = "over"
    m["company_queue"], m["refill"] = [], None
    if not any(m["bag"].values()):
        return None
    return m


def later_time_token(d, rng):
    """A time token on the track that no company token answers."""
    if d["phase"] != "actions" or not d["bag"]["time"] or d["time_track"] >= TIME_TOKENS - 1:
        return None
    m = _copy(d)
    m["bag"]["time"] -= 1
    m["time_track"] += 1
    return m


def later_company_token(d, rng):
    """A company token down that no time token explains."""
    m = _copy(d)
    for p in m["players"]:
        used = set(p["market"].values())
        free = [sp for sp in SPECIES if sp not in p["market"]]
        values = [v for v in (0, 1, 2, 3) if v not in used]
        if free and values:
            p["market"][free[0]] = values[0]
            return m
    return None


def later_setup_fish(d, rng):
    """A fish in a hold, or a contract, during setup."""
    if d["phase"] != "setup":
        return None
    m = _copy(d)
    fid = next(f for f in BOARD.sea if any(k in SPECIES for k in m["tokens"][f]))
    kind = next(k for k in m["tokens"][fid] if k in SPECIES)
    m["tokens"][fid].remove(kind)
    m["players"][0]["hold"][kind] += 1
    return m


def later_actions(d, rng):
    if d["phase"] != "actions":
        return None
    m = _copy(d)
    m["actions_taken"] = 3
    return m


def later_contract_sets(d, rng):
    """The end-of-game decision on a contract's sets (MB-13.2) stated before the last round is known."""
    if d["end_round"] is not None:
        return None
    m = _copy(d)
    for p in m["players"]:
        if p["contract"]:
            p["contract_sets"] = 0
            return m
    return None


def misplace_contract_sets(d, rng):
    """Sets stated for a player who holds no contract."""
    m = _copy(d)
    for p in m["players"]:
        if not p["contract"]:
            p["contract_sets"] = 0
            return m
    return None


def variant_contract(d, rng):
    if d["options"]["contracts"] or d["phase"] == "setup":
        return None
    m = _copy(d)
    m["players"][0]["contract"] = CONTRACTS.ids[0]
    return m


def variant_demand(d, rng):
    if d["options"]["demand_variant"]:
        return None
    m = _copy(d)
    m["demand"]["visby"] = [None]
    return m


def variant_fleet(d, rng):
    """A player's fleet split in two far apart (a lone ship breaks both readings)."""
    if d["phase"] == "setup":
        return None
    m = _copy(d)
    for p in m["players"]:
        if len(p["ships"]) >= 2:
            far = [f for f in BOARD.ids if f not in p["ships"] and not BOARD.adjset[f] & set(p["ships"])]
            p["ships"] = sorted(p["ships"][1:] + [far[0]], key=BOARD.index.__getitem__)
            return m
    return None


# -- relations: where a piece stands relative to the board and the other pieces (position.py)
def relation_ship_to_neighbour(d, rng):
    """One of a player's ships moved to a neighbouring free field where the fleet breaks (MB-4.2)."""
    if d["phase"] == "setup":
        return None
    reading = d["options"]["fleet"]
    for seat, p in enumerate(d["players"]):
        ships = p["ships"]
        for f in ships:
            for g in sorted(BOARD.adjset[f], key=BOARD.index.__getitem__):
                moved = [x for x in ships if x != f] + [g]
                if g not in ships and not position.fleet_ok(moved, reading):
                    m = _copy(d)
                    m["players"][seat]["ships"] = sorted(moved, key=BOARD.index.__getitem__)
                    return m
    return None


def relation_demand_to_neighbour(d, rng):
    """A demand token moved to another port that already demands its species (MB-2.3, MB-12.1)."""
    for port, slots in d["demand"].items():
        for j, sp in enumerate(slots):
            if sp is None:
                continue
            other = next((q for q in BOARD.ports if q != port and sp in d["demand"][q] and None in d["demand"][q]), None)
            other = other or next((q for q in BOARD.ports if q != port and sp in d["demand"][q]), None)
            if other is None:
                continue
            m = _copy(d)
            m["demand"][port][j] = None
            free = m["demand"][other].index(None) if None in m["demand"][other] else 0
            if m["demand"][other][free] == sp:  # (the species itself would be replaced)
                continue
            m["demand"][other][free] = sp
            return m
    return None


def relation_setup_wrong_seat(d, rng):
    """The setup's starting ship given to the seat whose go has not come, not to the one before."""
    if d["phase"] != "setup" or not d["turn"]:
        return None
    m = _copy(d)
    before, now = m["players"][d["turn"] - 1], m["players"][d["turn"]]
    now["ships"], before["ships"] = before["ships"], []
    now["supply"], before["supply"] = before["supply"], now["supply"]
    return m


# -- order: who has acted in the phase
def order_swap_company(d, rng):
    """In the company phase, a seat that has placed this time token's company token and one in the
    queue swap their tokens (MB-9.1)."""
    if d["phase"] != "company":
        return None
    placed = [i for i in range(len(d["players"])) if i not in d["company_queue"]]
    if not placed or not d["company_queue"]:
        return None
    a, b = placed[0], d["company_queue"][0]
    m = _copy(d)
    pa, pb = m["players"][a], m["players"][b]
    pa["market"], pb["market"] = pb["market"], pa["market"]
    pa["vault"], pb["vault"] = pb["vault"], pa["vault"]
    return m


def order_queue_turn(d, rng):
    """In the company phase, the queue left as it is while the active seat is the next one."""
    if d["phase"] != "company":
        return None
    m = _copy(d)
    m["turn"] = (d["turn"] + 1) % len(d["players"])
    return m


def order_over_undecided(d, rng):
    """The end with a contract holder who has not stated its sets (MB-13.2: the contracts phase)."""
    if d["phase"] != "over":
        return None
    m = _copy(d)
    for p in m["players"]:
        if p["contract"]:
            p.pop("contract_sets", None)
            return m
    return None


# -- counters beyond what the rounds allow
def counter_end_round_far(d, rng):
    """The last round two rounds away: the sixth token makes this round or the next the last (MB-10)."""
    if d["end_round"] is None:
        return None
    m = _copy(d)
    m["end_round"] = d["round"] + 2
    return m


def counter_contract_sets_over(d, rng):
    """More contract sets stated than the warehouse makes up (MB-13.2)."""
    if d["end_round"] is None:
        return None
    m = _copy(d)
    for p in m["players"]:
        if p["contract"]:
            p["contract_sets"] = contract_sets_possible(p["warehouse"], CONTRACTS.cards[p["contract"]]) + 1
            return m
    return None


def counter_refill_need(d, rng):
    """An interrupted refill owing one token more than its area lacks (MB-8.2)."""
    if d["refill"] is None:
        return None
    m = _copy(d)
    m["refill"]["need"] += 1
    return m


MUTATIONS = {
    "duplicate": (dup_token, dup_ship, dup_time, dup_company, dup_contract, dup_demand),
    "remove": (remove_token, remove_board_token, remove_ship, remove_time),
    "misplace": (
        misplace_over_capacity,
        misplace_full_hold,
        misplace_amber_in_hold,
        misplace_token_in_port,
        misplace_setup_ship_at_sea,
        misplace_contract_sets,
    ),
    "later stage": (later_end_round, later_over, later_time_token, later_company_token, later_setup_fish, later_contract_sets),
    "relation": (relation_ship_to_neighbour, relation_demand_to_neighbour, relation_setup_wrong_seat),
    "order": (order_swap_company, order_queue_turn, order_over_undecided),
    "counter": (later_actions, counter_end_round_far, counter_contract_sets_over, counter_refill_need),
    "variant": (variant_contract, variant_demand, variant_fleet),
}


def test_reachable_positions_have_no_problem_and_round_trip():
    assert len(POSITIONS) >= 200 * SCALE
    for data in POSITIONS:
        assert GAME.problems(data) == [], data
        again = GAME.from_json(json.loads(json.dumps(data))).to_json()
        assert json.dumps(again, sort_keys=True) == json.dumps(data, sort_keys=True)


def test_every_mutant_has_a_problem():
    rng = Rng(2026)
    made = {kind: 0 for kind in MUTATIONS}
    refused = dict(made)
    by_mutation = {}
    for data in POSITIONS:
        for kind, mutations in MUTATIONS.items():
            for mutate in mutations:
                mutant = mutate(data, rng)
                if mutant is None:
                    continue
                made[kind] += 1
                by_mutation[mutate.__name__] = by_mutation.get(mutate.__name__, 0) + 1
                found = GAME.problems(mutant)
                assert found, (mutate.__name__, mutant)
                refused[kind] += 1
    print("\nMare Balticum mutants (kind: generated / refused):", ", ".join(f"{k}: {made[k]} / {refused[k]}" for k in MUTATIONS))
    print("by mutation:", by_mutation)
    if SCALE >= 1:  # (a smaller run, as inside Pyodide, plays too few games to meet every kind)
        assert set(by_mutation) == {m.__name__ for ms in MUTATIONS.values() for m in ms}, "a mutation never applied"
    assert made == refused


def test_each_components_quick_check_agrees_with_its_places():
    """position.py checks a component's counts quickly and walks its places only to name a wrong one:
    on every reachable position and every mutant that loads, the two agree."""
    rng = Rng(7)
    drafts = list(POSITIONS) + [
        m for d in POSITIONS[::3] for ms in MUTATIONS.values() for f in ms if (m := f(d, rng)) is not None
    ]
    checked = 0
    for data in drafts:
        try:
            s = GAME._load(data, "state", None)
        except InputError:
            continue
        for comp in position.COMPONENTS:
            exact = comp.is_exact(s)
            assert comp.ok(s, exact) == (not position.count_problems(comp, s, exact, "state")), (comp.code, data)
        checked += 1
    assert checked > len(POSITIONS)


def test_two_different_problems_are_both_reported():
    data = _copy(next(d for d in POSITIONS if d["phase"] == "actions" and not d["options"]["contracts"]))
    data["players"][0]["contract"] = CONTRACTS.ids[0]  # a variant's rule
    data["players"][1]["supply"] += 1  # a ship beyond the box
    found = GAME.problems(data)
    codes = {e.code for e in found}
    assert {"mb-contracts-off", "mb-count"} <= codes, [e.message["en"] for e in found]
    fields = {e.field for e in found}
    assert {"state.players[0].contract", "state.players[1].supply"} <= fields
    for err in found:
        assert err.message["hu"] and "{" not in err.message["en"]
