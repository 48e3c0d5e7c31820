"""Mutation test of the position's problems (engine/black_fleet/position.py).

Reachable positions come from seeded random play; every one has no problem and round-trips. Each is
then changed into impossible neighbours, one kind at a time: a component duplicated, removed or put
where it may not be, something of a later stage brought forward, a variant's rule broken, a piece
moved to a neighbouring field the relation model forbids, two seats' progress in the turn order
swapped or a setup placement given to the wrong piece, a counter pushed beyond its round's bound. Every
such position must get at least one problem from `Game.problems`.
"""

import copy
from collections import Counter

import pytest

from engine import InputError, load_game
from engine.black_fleet import components as C
from engine.black_fleet.position import income_per_turn, income_turns
from engine.core import Rng
from tests.conftest import SCALE

GAME = load_game("black-fleet")

OPTION_SETS = [
    {},
    {
        "victory": 20,
        "discard_timing": "on-play",
        "fate_effects": "schematic",
        "development_abilities": "schematic",
        "short_stock": "no-sale",
    },
    {"fate_effects": "none", "friendly_warship": "once-moved", "action_timing": "own-move"},
]


def reachable(scale):
    """Positions of random games, sampled along the way (setup, entries, the middle and the end)."""
    out = []
    for seed in range(scale(12)):
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        s = GAME.new(3 + seed % 2, seed, options)
        rng = Rng(seed * 11 + 3)
        step = 0
        while not s.is_over() and step < 1500:
            if step % 30 == 0 or step < 4:
                out.append(s.to_json())
            acts = s.legal_actions()
            # income and buying half of the time, so that games reach their end
            rich = [a for a in acts if a["type"] in ("buy", "sell", "steal", "sink", "bury")]
            s = s.apply(rng.choice(rich) if rich and rng.below(2) else rng.choice(acts))
            step += 1
        out.append(s.to_json())
    return out


def _seat_others(data):
    return [i for i in range(data["players"]) if i != data["turn"]]


def duplicates(data, rng):
    seats = data["seats"]
    i = rng.below(len(seats))
    m = copy.deepcopy(data)
    m["decks"]["movement"].append(seats[i]["moves"][0] if seats[i]["moves"] else data["decks"]["movement_discard"][0])
    yield m
    m = copy.deepcopy(data)
    m["stock"][rng.choice(list(C.COLOURS))] += 1
    yield m
    if data["decks"]["fate"]:
        m = copy.deepcopy(data)
        m["decks"]["fate_discard"].append(data["decks"]["fate"][0])
        yield m
    m = copy.deepcopy(data)
    j = (i + 1) % len(seats)
    k = rng.below(4)
    m["seats"][j]["developments"][k]["id"] = seats[i]["developments"][k]["id"]
    yield m
    m = copy.deepcopy(data)
    m["seats"][j]["colour"] = seats[i]["colour"]
    yield m


def removals(data, rng):
    m = copy.deepcopy(data)
    pile = m["decks"]["movement"] or m["decks"]["movement_discard"]
    pile.pop(rng.below(len(pile)))
    yield m
    m = copy.deepcopy(data)
    full = [c for c in C.COLOURS if m["stock"][c] > 0]
    if full:
        m["stock"][rng.choice(full)] -= 1
    else:
        holder = next(s for s in m["seats"] if s["cargo"])
        holder["cargo"].pop()
    yield m
    m = copy.deepcopy(data)
    pile = m["decks"]["fate"] or m["decks"]["fate_discard"]
    if pile:
        pile.pop()
        yield m
    m = copy.deepcopy(data)
    holder = [s for s in m["seats"] if s["cargo"]]
    if holder:  # a cube leaves a hold and goes nowhere
        rng.choice(holder)["cargo"].pop()
        yield m


def misplaced(data, rng):
    seats = data["seats"]
    # a cube out of its port's stock into a hold where it cannot be: a merchant beside the board,
    # or a hold of another colour, or a full hold
    i = rng.below(len(seats))
    s = seats[i]
    colours = [c for c in C.COLOURS if data["stock"][c] > 0 and c not in s["cargo"]]
    if colours:
        m = copy.deepcopy(data)
        c = rng.choice(colours)
        m["stock"][c] -= 1
        m["seats"][i]["cargo"].append(c)
        yield m
    # a treasure for a pirate beside the board
    off = [k for k, x in enumerate(seats) if x["pirate"] is None]
    full = [c for c in C.COLOURS if data["stock"][c] > 0]
    if off and full:
        m = copy.deepcopy(data)
        c = rng.choice(full)
        m["stock"][c] -= 1
        m["seats"][rng.choice(off)]["treasure"] = c
        yield m
    # another player's pirate waiting in a distant sea
    m = copy.deepcopy(data)
    m["seats"][rng.choice(_seat_others(data))]["pirate"] = rng.choice(sorted(C.DISTANT))
    yield m
    # a ship of another player onto a warship's field
    m = copy.deepcopy(data)
    k = rng.choice(_seat_others(data))
    ship = "pirate" if m["seats"][k]["merchant"] is None else rng.choice(("merchant", "pirate"))
    m["seats"][k][ship] = m["warships"][rng.choice(C.WARSHIPS)]
    yield m
    # the two warships on one field
    m = copy.deepcopy(data)
    if data["phase"] != "move" or data["now"]["active"] not in C.WARSHIPS:
        m["warships"]["yellow"] = m["warships"]["purple"]
        yield m


def later_stage(data, rng):
    seats = data["seats"]
    bought = any(s["victory"]["up"] for s in seats)
    m = copy.deepcopy(data)
    m["final_round"] = not data["final_round"]
    yield m
    if not bought:
        m = copy.deepcopy(data)
        m["phase"] = "over"
        m["now"] = GAME.new(3, 0).to_json()["now"]
        yield m
    if data["phase"] != "buy":
        m = copy.deepcopy(data)
        m["now"]["bought"] = True
        yield m
    if data["phase"] == "setup":
        m = copy.deepcopy(data)
        m["seats"][rng.below(len(seats))]["pirate"] = rng.choice(sorted(C.DISTANT))
        yield m
    # a card bought beyond one a turn (the money kept consistent)
    for i, s in enumerate(seats):
        down = [c for c in s["developments"] if not c["up"]]
        up = sum(c["up"] for c in s["developments"]) + s["victory"]["up"]
        if down and up + 1 > s["turns"] + 1:
            m = copy.deepcopy(data)
            c = next(c for c in m["seats"][i]["developments"] if not c["up"])
            c["up"] = True
            m["seats"][i]["spent"] += c["value"]
            m["seats"][i]["earned"] += c["value"]
            yield m
            break
    # more movement cards discarded than turns played
    played = sum(s["turns"] for s in seats) + 1
    need = played + 1 - len(data["decks"]["movement_discard"])
    if 0 < need <= len(data["decks"]["movement"]):
        m = copy.deepcopy(data)
        for _ in range(need):
            m["decks"]["movement_discard"].append(m["decks"]["movement"].pop())
        yield m


def variant_broken(data, rng):
    m = copy.deepcopy(data)
    m["options"]["victory"] = 10  # a first game: every seat plays the 10 card (BF-13.1) ...
    m["seats"][rng.below(len(m["seats"]))]["victory"]["value"] = 20  # ... one seat's is a 20
    yield m
    if data["phase"] == "move":
        m = copy.deepcopy(data)
        m["options"]["fate_effects"] = "none"
        m["now"]["extra_actions"] = {"pirate": 1}
        yield m
    if data["phase"] == "discard":
        me = data["seats"][data["turn"]]
        if len(me["fates"]) - data["now"]["discards"] < C.FATE_HAND_LIMIT:
            m = copy.deepcopy(data)
            m["options"]["discard_timing"] = "on-play"
            yield m


def relation(data, rng):
    """A piece moved to a neighbouring field where the relation model does not allow it."""
    if data["phase"] != "setup":
        return
    # the setup puts each warship on its start field (BF-2.8): one a step away
    w = rng.choice(C.WARSHIPS)
    taken = {data["warships"][x] for x in C.WARSHIPS} | {x[k] for x in data["seats"] for k in ("merchant", "pirate")}
    free = [f for f in C.ADJ[data["warships"][w]] if f not in taken]
    if free:
        m = copy.deepcopy(data)
        m["warships"][w] = rng.choice(free)
        yield m
    # a placed merchant a step away from its port, onto a field beside no port (BF-2.6)
    placed = [i for i, x in enumerate(data["seats"]) if x["merchant"] is not None]
    if placed:
        i = rng.choice(placed)
        away = [f for f in C.ADJ[data["seats"][i]["merchant"]] if f not in taken and not C.FIELD_PORTS.get(f)]
        if away:
            m = copy.deepcopy(data)
            m["seats"][i]["merchant"] = rng.choice(away)
            yield m


def order(data, rng):
    """Two seats' progress in the turn order swapped, or a setup placement given to the wrong piece."""
    seats = data["seats"]
    pairs = [(i, k) for i in range(len(seats)) for k in range(i + 1, len(seats)) if seats[i]["turns"] != seats[k]["turns"]]
    if pairs:  # the finished turns follow from the round, the starting player and whose turn it is
        i, k = rng.choice(pairs)
        m = copy.deepcopy(data)
        m["seats"][i]["turns"], m["seats"][k]["turns"] = seats[k]["turns"], seats[i]["turns"]
        yield m
    if data["phase"] == "setup":
        # the warships on each other's start fields
        m = copy.deepcopy(data)
        m["warships"]["yellow"], m["warships"]["purple"] = data["warships"]["purple"], data["warships"]["yellow"]
        yield m
        # a placed merchant (and its hold) handed to a seat whose turn to place has not come
        placed = [i for i, x in enumerate(seats) if x["merchant"] is not None]
        waiting = [i for i, x in enumerate(seats) if x["merchant"] is None and i != data["turn"]]
        if placed and waiting:
            i, k = rng.choice(placed), rng.choice(waiting)
            m = copy.deepcopy(data)
            a, b = m["seats"][i], m["seats"][k]
            b["merchant"], b["cargo"], a["merchant"], a["cargo"] = a["merchant"], a["cargo"], None, []
            yield m


def counter(data, rng):
    """A counter pushed one beyond the bound its round allows."""
    options = GAME.resolve_options(data.get("options"))
    state = GAME.from_json(data)
    i = rng.below(len(data["seats"]))
    m = copy.deepcopy(data)
    x = m["seats"][i]
    most = income_turns(state, i) * income_per_turn(options)
    x["coins"] += most + 1 - x["earned"]  # one doubloon more than every turn so far could pay
    x["earned"] = most + 1
    yield m
    if data["phase"] == "discard":  # more fate cards owed than the hand holds
        m = copy.deepcopy(data)
        m["now"]["discards"] = len(data["seats"][data["turn"]]["fates"]) + 1
        yield m


KINDS = {
    "duplicate": duplicates,
    "remove": removals,
    "misplace": misplaced,
    "later-stage": later_stage,
    "variant": variant_broken,
    "relation": relation,
    "order": order,
    "counter": counter,
}


def test_reachable_positions_pass_and_mutants_are_refused(scaled):
    positions = reachable(scaled)
    assert len(positions) >= (200 if SCALE >= 1 else 1)  # (a smaller run, as inside Pyodide, meets fewer)
    made, refused = Counter(), Counter()
    rng = Rng(99)
    for data in positions:
        assert GAME.problems(data) == [], [e.message["en"] for e in GAME.problems(data)]
        assert GAME.from_json(data).to_json() == data
        for kind, mutate in KINDS.items():
            for mutant in mutate(data, rng):
                made[kind] += 1
                found = GAME.problems(mutant)
                refused[kind] += bool(found)
                assert found, (kind, mutant)
    print(
        "\nBlack Fleet mutants (made / refused):",
        {k: (made[k], refused[k]) for k in KINDS},
        "reachable positions:",
        len(positions),
    )
    assert all(made[k] > 0 for k in KINDS)


def test_two_problems_are_both_reported():
    data = GAME.new(3, 4).to_json()
    data["stock"]["red"] += 1  # a cube too many
    data["seats"][1]["pirate"] = "north-west"  # a pirate in play during setup
    codes = [e.code for e in GAME.problems(data)]
    fields = [e.field for e in GAME.problems(data)]
    assert "cubes-not-conserved" in codes and "setup-pirate" in codes
    assert "state.stock.red" in fields and "state.seats[1].pirate" in fields
    with pytest.raises(InputError) as err:  # from_json refuses with the first
        GAME.from_json(data)
    assert err.value.code == codes[0]
