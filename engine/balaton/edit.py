"""Editing a Balaton position: the changes the position editor makes, each on a draft (a position's
JSON that may not load yet) and each keeping the component model's totals (engine/balaton/position.py):
a pawn is moved, never copied; a port or a ship comes from the supply and goes back to it, never
beyond the box; a new seat gets what a new game gives it. Whether the result is a possible position
is `Game.problems`'s to say. Every function keeps to the well-formed parts of the draft, so a
half-typed draft never raises here.
"""

from __future__ import annotations

from .board import BOARD
from .components import CLOSURE, START_CARDS, START_MONEY, _fresh_step


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seats(draft) -> int:
    n = draft.get("players")
    return n if _int(n) and n >= 1 else 0


def acting(draft) -> int:
    a = draft.get("actor", draft.get("turn"))
    return a if _int(a) and 0 <= a < seats(draft) else 0


def _scale(draft) -> int:
    options = draft.get("options") if isinstance(draft.get("options"), dict) else {}
    return options.get("coin_scale", 1) if options.get("coin_scale") in (1, 10) else 1


def move_pawn(draft, seat: int, fid: str) -> None:
    """Move a player's pawn to a track field. The player to act, after the move, landed there."""
    pos = draft.get("pos")
    if fid not in BOARD.index or not isinstance(pos, list) or not 0 <= seat < len(pos):
        return
    pos[seat] = fid
    step = draft.get("step")
    # after a crossing or on a moved pawn's landing the engine asks no "landed"
    if (
        seat == acting(draft)
        and draft.get("phase") in ("land", "over")
        and isinstance(step, dict)
        and not step.get("crossed")
        and not step.get("sub")
    ):
        step["landed"] = BOARD.settlement_at(fid)


def port_owners(draft, sid: str) -> list[int]:
    ports = draft.get("ports") if isinstance(draft.get("ports"), dict) else {}
    owners = ports.get(sid)
    return [s for s in owners if _int(s)] if isinstance(owners, list) else []


def add_port(draft, seat: int, sid: str) -> None:
    """A port cube from the supply onto a settlement: one per player there at most."""
    if sid not in BOARD.size or not 0 <= seat < seats(draft) or seat in port_owners(draft, sid):
        return
    if not isinstance(draft.get("ports"), dict):
        draft["ports"] = {}
    draft["ports"][sid] = sorted(port_owners(draft, sid) + [seat])


def remove_port(draft, seat: int, sid: str) -> None:
    """A port cube back to the supply (the ships bought from it stay: the problems say so)."""
    owners = port_owners(draft, sid)
    if seat not in owners:
        return
    owners.remove(seat)
    if owners:
        draft["ports"][sid] = owners
    else:
        del draft["ports"][sid]


def toggle_port(draft, seat: int, sid: str) -> None:
    (remove_port if seat in port_owners(draft, sid) else add_port)(draft, seat, sid)


def ships_on(draft, lid: str) -> list[tuple[str, int, int]]:
    """(port, seat, count) of the ships on a lake field, in the board's order of its ports."""
    ships = draft.get("ships") if isinstance(draft.get("ships"), dict) else {}
    by_port = ships.get(lid) if isinstance(ships.get(lid), dict) else {}
    return [
        (sid, seat, c)
        for sid in BOARD.ports_on.get(lid, [])
        if isinstance(by_port.get(sid), list)
        for seat, c in enumerate(by_port[sid])
        if _int(c) and c > 0
    ]


def ship_port(draft, seat: int, lid: str) -> str:
    """The port a new ship on `lid` comes from: one of the player's beside it, else the first beside it."""
    beside = BOARD.ports_on.get(lid, [])
    return next((sid for sid in beside if seat in port_owners(draft, sid)), beside[0] if beside else "")


def add_ship(draft, seat: int, lid: str, sid: str = "") -> bool:
    """A ship from the supply onto a lake field, bought from port `sid` (by default `ship_port`).
    Not beyond the box: a player has at most three ships on a field (on one port's side, under
    closure_scope = port). Whether the player has that port is the position's problem, not a refusal."""
    sid = sid or ship_port(draft, seat, lid)
    if sid not in BOARD.ports_on.get(lid, []) or not 0 <= seat < seats(draft):
        return False
    options = draft.get("options") if isinstance(draft.get("options"), dict) else {}
    slot = [
        s
        for s, who, c in ships_on(draft, lid)
        if who == seat
        for _ in range(c)
        if options.get("closure_scope") != "port" or s == sid
    ]
    if len(slot) >= CLOSURE:
        return False
    if not isinstance(draft.get("ships"), dict):
        draft["ships"] = {}
    if not isinstance(draft["ships"].get(lid), dict):
        draft["ships"][lid] = {}
    counts = draft["ships"][lid].get(sid)
    counts = [c if _int(c) else 0 for c in counts] if isinstance(counts, list) else []
    counts = (counts + [0] * seats(draft))[: seats(draft)]
    counts[seat] += 1
    draft["ships"][lid][sid] = counts
    return True


def remove_ship(draft, seat: int, lid: str, sid: str) -> None:
    """A ship back to the supply."""
    if not any(s == sid and who == seat for s, who, _ in ships_on(draft, lid)):
        return
    by_port = draft["ships"][lid]
    by_port[sid][seat] -= 1
    if not any(c for c in by_port[sid] if _int(c)):
        del by_port[sid]
    if not by_port:
        del draft["ships"][lid]


def resize(draft, players: int) -> None:
    """A table of `players`: seats kept, or added as in a new game (at the start, with the starting
    money and the full hand); the ports and ships of seats that leave go back to the supply."""
    new = {"money": START_MONEY * _scale(draft), "pos": BOARD.start, "cards": dict(START_CARDS)}
    for key, fresh in new.items():
        old = draft.get(key) if isinstance(draft.get(key), list) else []
        draft[key] = old[:players] + [
            dict(fresh) if isinstance(fresh, dict) else fresh for _ in range(players - len(old[:players]))
        ]
    if isinstance(draft.get("ports"), dict):
        for sid in list(draft["ports"]):
            owners = [s for s in port_owners(draft, sid) if s < players]
            if owners:
                draft["ports"][sid] = owners
            else:
                del draft["ports"][sid]
    if isinstance(draft.get("ships"), dict):
        for lid, by_port in list(draft["ships"].items()):
            for sid, counts in list(by_port.items()) if isinstance(by_port, dict) else []:
                if isinstance(counts, list):
                    by_port[sid] = (counts + [0] * players)[:players]
                    if not any(by_port[sid]):
                        del by_port[sid]
            if not by_port:
                del draft["ships"][lid]
    draft["players"] = players
    for key in ("turn", "actor"):
        if not _int(draft.get(key)) or draft[key] >= players:
            draft[key] = 0
    if _int(draft.get("winner")) and draft["winner"] >= players:
        draft["winner"] = -1


def set_turn(draft) -> None:
    """A new turn: its player is also the one to act."""
    if _int(draft.get("turn")):
        draft["actor"] = draft["turn"]


def set_phase(draft) -> None:
    """A phase brings its counters: dice from the roll on, the step's record from the move on (the
    player to act landed where their pawn stands), the winner at the game's end."""
    phase = draft.get("phase")
    dice = draft.get("dice") if isinstance(draft.get("dice"), list) else []
    if phase == "roll":
        draft.update(dice=[], rerolls=0, step=_fresh_step())
    elif phase in ("move", "land", "over"):
        if len(dice) != 2:
            draft["dice"] = [1, 1]
        if phase == "move" or not isinstance(draft.get("step"), dict):
            draft["step"] = _fresh_step()
        if phase != "move":
            pos = draft.get("pos") if isinstance(draft.get("pos"), list) else []
            here = pos[acting(draft)] if acting(draft) < len(pos) else None
            if here in BOARD.index and not draft["step"].get("crossed"):
                draft["step"]["landed"] = BOARD.settlement_at(here)
    if phase == "over":
        if not _int(draft.get("winner")) or draft["winner"] < 0:
            draft["winner"] = acting(draft)
    elif "winner" in draft:
        draft["winner"] = -1


def after_set(draft, path: list, old) -> dict:
    """The editor set the value at `path` (engine/core/edit.py): a new turn's player also acts; a
    phase brings its counters."""
    if path == ["turn"]:
        set_turn(draft)
    elif path == ["phase"]:
        set_phase(draft)
    return draft
