"""Balaton's position drafts for the editor (widgets/render/balaton_edit.py): how players name a
field, what a draft (any JSON) holds, the move a tap asks for, and the small changes taps make.
Every helper keeps to what is well formed, so a half-typed draft never raises here."""

from __future__ import annotations

from engine.balaton.board import BOARD
from engine.balaton.components import STEP_FLAGS

from .balaton import PLAYER_COLOURS
from .ui import UI

TRACK = frozenset(BOARD.track)
LAKES = frozenset(BOARD.lakes)
N = len(BOARD.track)


def known(value, ids) -> bool:
    """Whether a value from the reader's draft or tool (any JSON) is one of these ids."""
    return isinstance(value, str) and value in ids


# -- names ---------------------------------------------------------------------------------

def field_name(fid: str, lang: str) -> str:
    """A field as players name it: a settlement's name (and which of its fields), "field 12",
    Veszprém, or a lake field by the ports beside it."""
    if known(fid, LAKES):
        ports = BOARD.ports_on[fid]
        if ports:
            return UI.text("ba-ed-lake-by", lang, places=", ".join(BOARD.name[p] for p in ports))
        return UI.text("ba-ed-lake-" + fid, lang)
    sid = BOARD.settlement_at(fid)
    if sid and BOARD.size[sid] > 1:
        if BOARD.centre[sid] == fid:
            return UI.text("ba-ed-centre-of", lang, place=BOARD.name[sid])
        part = [f for f in BOARD.track if BOARD.settlement_at(f) == sid].index(fid) + 1
        return UI.text("ba-ed-part-of", lang, place=BOARD.name[sid], n=part)
    return BOARD.label_text(fid, lang)


def seat_name(seat: int, lang: str) -> str:
    return UI.text("seat", lang, n=seat + 1)


def swatch(seat: int, round_: bool = False) -> str:
    return (f'<span class="kikoto-swatch{" is-round" if round_ else ""}" '
            f'style="background:{PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]}"></span>')


# -- reading a draft (any JSON: every helper keeps to what is well formed) ---------------------

def seats(draft) -> int:
    n = draft.get("players")
    return n if isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= len(PLAYER_COLOURS) else 0


def actor(draft) -> int:
    a = draft.get("actor", draft.get("turn"))
    return a if isinstance(a, int) and 0 <= a < seats(draft) else 0


def positions(draft) -> list:
    pos = draft.get("pos")
    return pos if isinstance(pos, list) else []


def pawns_at(draft, fid) -> list[int]:
    return [s for s, f in enumerate(positions(draft)) if f == fid and s < seats(draft)]


def dice_options(draft) -> set:
    dice = draft.get("dice")
    if isinstance(dice, list) and len(dice) == 2 and all(isinstance(d, int) for d in dice):
        return {dice[0], dice[1], dice[0] + dice[1]}
    return set()


def move_to(draft, seat: int, src: str, dst: str) -> dict:
    """The move that takes a pawn from src to dst: by the fields between them, clockwise or back
    (with the back card), or to a field whose arrow leads to dst. Of these, the one the dice allow
    (clockwise first), else the shortest way: the engine says why that is not allowed."""
    ways = []
    for end in [dst] + sorted(a for a, t in BOARD.arrow.items() if t == dst):
        ahead = (BOARD.index[end] - BOARD.index[src]) % N
        behind = (BOARD.index[src] - BOARD.index[end]) % N
        ways += [(ahead, False), (behind, True)]
    ways = [w for w in ways if w[0] > 0] or [(N, False)]
    rolled = dice_options(draft)
    steps, back = (next((w for w in ways if w[0] in rolled and not w[1]), None)
                   or next((w for w in ways if w[0] in rolled), None)
                   or min(ways[:2], key=lambda w: (w[0], w[1])))
    return {"type": "move", "player": seat, "steps": steps, "back": back}


# -- changing a draft ------------------------------------------------------------------------

def _place_pawn(draft, seat: int, fid: str) -> None:
    draft["pos"][seat] = fid
    step = draft.get("step")
    # the player to act landed where the pawn now stands (after a crossing the engine asks no "landed")
    if (seat == actor(draft) and draft.get("phase") in ("land", "over") and isinstance(step, dict)
            and not step.get("crossed") and not step.get("sub")):
        step["landed"] = BOARD.settlement_at(fid)


def _toggle_port(draft, seat: int, sid: str) -> None:
    ports = draft.setdefault("ports", {})
    owners = ports.get(sid) if isinstance(ports.get(sid), list) else []
    ports[sid] = sorted(set(owners) - {seat}) if seat in owners else sorted(owners + [seat])
    if not ports[sid]:
        del ports[sid]


def _ship_port(draft, seat: int, lid: str) -> str:
    """The port a new ship on `lid` comes from: one of the player's beside it, else the first beside it."""
    ports = draft.get("ports") if isinstance(draft.get("ports"), dict) else {}
    beside = BOARD.ports_on[lid]
    return next((sid for sid in beside if seat in (ports.get(sid) or [])), beside[0])


def _add_ship(draft, seat: int, lid: str, sid: str) -> None:
    counts = draft.setdefault("ships", {}).setdefault(lid, {}).setdefault(sid, [0] * seats(draft))
    counts += [0] * (seats(draft) - len(counts))
    counts[seat] += 1


def _remove_ship(draft, seat: int, lid: str, sid: str) -> None:
    by_port = draft["ships"][lid]
    by_port[sid][seat] -= 1
    if not any(by_port[sid]):
        del by_port[sid]
    if not by_port:
        del draft["ships"][lid]


def _ships(draft, lid: str) -> list[tuple[str, int, int]]:
    """(port, seat, count) of the ships on a lake field."""
    ships = draft.get("ships") if isinstance(draft.get("ships"), dict) else {}
    by_port = ships.get(lid) if isinstance(ships.get(lid), dict) else {}
    return [(sid, seat, c) for sid, counts in by_port.items() if isinstance(counts, list)
            for seat, c in enumerate(counts) if isinstance(c, int) and c > 0]


def _owners(draft, sid: str) -> list[int]:
    ports = draft.get("ports") if isinstance(draft.get("ports"), dict) else {}
    owners = ports.get(sid)
    return [s for s in owners if isinstance(s, int)] if isinstance(owners, list) else []


def _fresh_step() -> dict:
    return {**{flag: False for flag in STEP_FLAGS}, "card": "", "landed": ""}
