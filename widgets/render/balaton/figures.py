"""Pictures for the Balaton rules page, where the rulebook teaches with one: a pawn landing on an arrow
field and the arrow sending it on to the settlement's centre (BA-4.3). The engine makes the move, so
the picture shows where the engine puts the pawn; the fields are drawn as on the board (the same fills,
the centre as a square on its tip, the arrow glyph), with the same facts in words beside it.

Widget kind `ba-figure` (an example file with "widget": "ba-figure", "figure": "arrow", a "state" in
the move phase and the "action" that moves).
"""

from __future__ import annotations

from engine import load_game
from engine.balaton.board import BOARD
from engine.core import need
from engine.core.errors import InputError

from ..html import esc, figure_widget
from ..ui import UI
from .board import FIELD_FILL, _chip, _seat

GAP = 58  # from one field's centre to the next
R = 19  # a track field's radius


def _strip(start: str, last: str) -> list[str]:
    """The track fields from `start` to `last`, clockwise, and one more so the settlement ends inside."""
    i, out = BOARD.index[start], []
    while True:
        fid = BOARD.track[i % len(BOARD.track)]
        out.append(fid)
        if fid == last:
            break
        i += 1
    return out + [BOARD.track[(i + 1) % len(BOARD.track)]]


def _field(fid: str, x: float, y: float, lang: str) -> str:
    sid = BOARD.settlement_at(fid)
    title = [BOARD.label_text(fid, lang)]
    centre = sid and BOARD.size[sid] > 1 and BOARD.centre[sid] == fid
    if centre:
        title.append(UI.text("ba-centre", lang))
    if fid in BOARD.arrow:
        title.append(UI.text("ba-arrow", lang))
    fill = FIELD_FILL[BOARD.kind[fid]]
    if centre:
        r = R + 3
        face = f'<polygon points="{x},{y - r} {x + r},{y} {x},{y + r} {x - r},{y}" fill="{fill}" stroke="#ffffff" stroke-width="1.5"/>'
    else:
        face = f'<circle cx="{x}" cy="{y}" r="{R}" fill="{fill}" stroke="#ffffff" stroke-width="1.5"/>'
    if fid in BOARD.arrow:  # the board's glyph, pointing along the strip to the centre
        face += f'<path d="M-6,-4 L5,0 L-6,4 z" fill="#ffffff" transform="translate({x},{y})"/>'
    label = BOARD.label_text(fid, lang)
    return (
        f'<g role="img" data-field="{esc(fid)}"><title>{esc(", ".join(title))}</title>{face}'
        f'<text x="{x}" y="{y + R + 16}" class="kikoto-ba-fig-label">{esc(label)}</text></g>'
    )


def _hop(x1: float, x2: float, y: float, lift: float, colour: str, dashed: bool) -> str:
    """A curved arrow from one field to another, above the strip."""
    mid = (x1 + x2) / 2
    dash = ' stroke-dasharray="4 3"' if dashed else ""
    tip = x2 - 4
    return (
        f'<path d="M{x1 + 4},{y - R} Q{mid},{y - R - lift} {tip},{y - R}" fill="none" stroke="{colour}" '
        f'stroke-width="2.2"{dash}/>'
        f'<path d="M{tip - 5},{y - R - 8} L{tip + 1},{y - R + 1} L{tip - 9},{y - R - 2} z" fill="{colour}"/>'
    )


def arrow_figure(spec: dict, lang: str) -> tuple[str, str]:
    """(the picture, the same in words) of a move that ends on an arrow field."""
    state = load_game("balaton").from_json(need(spec, "state", "object"))
    action = need(spec, "action", "object")
    verdict = state.check(action)  # a malformed action is an InputError naming its field
    if not verdict.legal or action.get("type") != "move" or action.get("back"):
        raise InputError("field-value", "action", value=repr(action.get("type")), allowed="a legal clockwise move")
    seat = state.current_player
    start = state.pos[seat]
    landed = BOARD.walk(start, action["steps"], action.get("back", False))
    if landed not in BOARD.arrow:
        raise InputError("field-value", "action.steps", value=str(action["steps"]), allowed="a move onto an arrow field")
    end = state.apply(action).pos[seat]  # where the engine puts the pawn
    fields = _strip(start, end)
    x0, y = 8 + R, 62
    at = {fid: x0 + GAP * k for k, fid in enumerate(fields)}
    parts = [_field(fid, at[fid], y, lang) for fid in fields]
    for k in range(fields.index(landed)):  # the die's steps, numbered
        a, b = at[fields[k]], at[fields[k + 1]]
        parts.append(
            _hop(a, b, y, 22, "#455a64", True)
            + f'<text x="{(a + b) / 2}" y="{y - R - 14}" class="kikoto-ba-fig-step">{k + 1}</text>'
        )
    parts.append(_hop(at[landed], at[end], y, 40, "#1b5e20", False))  # the arrow's jump, higher
    parts.append(f'<g opacity=".45">{_chip(at[start], y, seat, "pawn", 20)}</g>')
    parts.append(_chip(at[end], y, seat, "pawn", 20))
    words = UI.plural(
        "fig-ba-arrow-words",
        action["steps"],
        lang,
        pawn=_seat(seat, lang),
        start=BOARD.label_text(start, lang),
        landed=BOARD.label_text(landed, lang),
        end=BOARD.label_text(end, lang),
    )
    width = at[fields[-1]] + R + 8
    label = UI.text("fig-ba-arrow-title", lang)
    svg = (
        f'<svg class="kikoto-ba-figure" viewBox="0 0 {width} {y + R + 24}" role="group" aria-label="{esc(label)}" '
        f'xmlns="http://www.w3.org/2000/svg" style="width:100%;max-width:26rem">'
        "<style>.kikoto-ba-figure text{font-family:sans-serif;text-anchor:middle}"
        ".kikoto-ba-figure .kikoto-ba-num{font-size:12.5px;font-weight:700}"
        ".kikoto-ba-fig-label{font-size:12.5px;fill:#212121}"
        ".kikoto-ba-fig-step{font-size:13px;font-weight:700;fill:#455a64}</style>"
        f"{''.join(parts)}</svg>"
    )
    return svg, f"<p>{esc(words)}</p>"


def figure(spec: dict, lang: str) -> tuple[str, str]:
    need(spec, "figure", "string", allowed=("arrow",))
    return arrow_figure(spec, lang)


form, output = figure_widget(figure)
