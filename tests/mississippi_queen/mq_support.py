"""Helpers for the Mississippi Queen tests: hand-built positions on the schematic river."""

from engine import load_game
from engine.core.edit import apply_edit
from engine.mississippi_queen.board import field_at
from engine.mississippi_queen.edit import place_steamer

GAME = load_game("mississippi-queen")


def fresh(players=3, seed=1, headings=None, **options):
    """A new game past the setup phase (every steamer heading east unless told otherwise). The hand-built
    positions put seat 0 on turn, so round 1 goes in seat order unless told otherwise (the first-round
    reading, MQ-9.6, has tests of its own)."""
    options.setdefault("first_round", "seats")
    state = GAME.new(players, seed, options)
    for d in headings or [0] * players:
        state = state.apply({"type": "heading", "dir": d})
    return state


def at(state, tile, a, b):
    """Axial [q, r] of local field [a, b] of the tile at list index `tile`."""
    t = state.tiles[tile]
    p = field_at(tuple(t["origin"]), t["dir"], a, b)
    return [p[0], p[1]]


def edit(state, steamers=None, **fields):
    """A copy of `state` with some steamers moved or re-set: steamers = {seat: {"pos": ..., "speed": ...}};
    unless `round` is given, at the least round its wheels and its river need (as a reader would mend
    it: the problem's one-tap fix)."""
    data = state.to_json()
    # steamers moved off their fields first, so that a move never lands on one about to leave
    for seat, values in (steamers or {}).items():
        if "pos" in values:
            data["steamers"][seat].update(pos=None)
    for seat, values in (steamers or {}).items():
        values = dict(values)
        if "pos" in values:
            # as the editor places it: a steamer on the newest tile has the next one laid
            place_steamer(data, seat, values.pop("pos"))
        data["steamers"][seat].update(values)
    data.update(fields)
    if "round" not in fields:
        data = enough_rounds(data)
    return GAME.from_json(data)


def enough_rounds(data: dict) -> dict:
    """`data` at the least round its counters and its river need (position.py's fix for them)."""
    for problem in GAME.problems(data):
        fix = problem.fix
        if fix is not None and fix.op == "set" and fix.args["path"] == ["round"]:
            return apply_edit(GAME, data, fix.op, fix.args)
    return data


def aboard(state, seat, islands, **values):
    """A copy where steamer `seat` carries a passenger from each of `islands` (and takes `values`): each
    taken from its station if that is on the table with one waiting, else from the supply."""
    data = state.to_json()
    for island in islands:
        for t in data["tiles"]:
            if t["passengers"].get(island):
                t["passengers"][island] -= 1
                break
        else:
            data["supply"] -= 1
    data["steamers"][seat].update(values, picked=list(islands), passengers=len(islands))
    return GAME.from_json(enough_rounds(data))
