"""Balaton's position drafts for the editor (edit.py): how players name a
field, what a draft (any JSON) holds and the move a tap asks for. Reading only: the changes taps
make are the engine's (engine/balaton/edit.py). Every helper keeps to what is well formed, so a
half-typed draft never raises here."""

from __future__ import annotations

from engine.balaton import edit
from engine.balaton.board import BOARD

from ..ui import UI
from .board import PLAYER_COLOURS

TRACK = frozenset(BOARD.track)
LAKES = frozenset(BOARD.lakes)
N = len(BOARD.track)


def known(value, ids) -> bool:
    """Whether a value from the reader's draft or tool (any JSON) is one of these ids."""
    return isinstance(value, str) and value in ids


# -- names ---------------------------------------------------------------------------------


def field_name(fid: str, lang: str) -> str:
    """A field as players name it: a settlement's name (and which of its fields), "field 12",
    Veszprém, or a lake field by the ports beside it (the engine's name)."""
    if known(fid, LAKES):
        return BOARD.lake_title(fid, lang)
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
    return (
        f'<span class="kikoto-swatch{" is-round" if round_ else ""}" '
        f'style="background:{PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]}"></span>'
    )


# -- reading a draft (any JSON: every helper keeps to what is well formed) ---------------------


def seats(draft) -> int:
    n = edit.seats(draft)
    return n if n <= len(PLAYER_COLOURS) else 0


def actor(draft) -> int:
    return edit.acting(draft) if seats(draft) else 0


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
    steps, back = (
        next((w for w in ways if w[0] in rolled and not w[1]), None)
        or next((w for w in ways if w[0] in rolled), None)
        or min(ways[:2], key=lambda w: (w[0], w[1]))
    )
    return {"type": "move", "player": seat, "steps": steps, "back": back}
