"""Pictures for the Mare Balticum rules page: the refill after a player's turn (MB-8.1, MB-8.2). The
engine says which empty sea fields get new tokens (State.refill_preview) and the board's own renderer
draws them marked, with the same facts in words beside it: how many tokens each field gets, and which
empty fields a ship keeps empty.

Widget kind `mb-figure` (an example file with "widget": "mb-figure", "figure": "refill" and a "state").
"""

from __future__ import annotations

from engine import load_game
from engine.core import need
from engine.mare_balticum.board import BOARD
from engine.mare_balticum.messages import field_name

from ..html import esc, figure_widget
from ..ui import UI
from .board import board_svg


def refill_figure(spec: dict, lang: str) -> tuple[str, str]:
    state = load_game("mare-balticum").from_json(need(spec, "state", "object"))
    refill, _ = state.refill_preview()
    empty = [fid for fid in BOARD.sea if not state.tokens[fid]]
    kept = [fid for fid in empty if fid not in refill]  # a ship stands there (MB-8.1)
    marks = {**{fid: "target" for fid in refill}, **{fid: "selected" for fid in kept}}  # kept: not an error
    picture = board_svg(state, lang, marks=marks)
    lines = []
    for n in sorted({BOARD.capacity(fid) for fid in refill}):
        fields = [field_name(fid, lang) for fid in refill if BOARD.capacity(fid) == n]
        lines.append(UI.plural("fig-mb-refill-gets", n, lang, fields="; ".join(fields)))
    if kept:
        lines.append(UI.text("fig-mb-refill-kept", lang, fields="; ".join(field_name(fid, lang) for fid in kept)))
    words = (
        f"<p>{esc(UI.text('fig-mb-refill-words', lang, seat=UI.text('seat', lang, n=state.turn + 1)))}</p>"
        "<ul>" + "".join(f"<li>{esc(line)}</li>" for line in lines) + "</ul>"
    )
    return picture, words


def figure(spec: dict, lang: str) -> tuple[str, str]:
    need(spec, "figure", "string", allowed=("refill",))
    return refill_figure(spec, lang)


form, output = figure_widget(figure)
