"""Pictures for the Mississippi Queen rules page, where the rulebook teaches with one: a river tile
with its lanes and rows, the six headings a steamer can point to, and a push. Each is drawn by the
board's own renderer (board.board_svg and its pieces), with a caption and the same facts
in words beside it, so a reader who cannot see the picture loses nothing.

Widget kind `mq-figure` (an example file with "widget": "mq-figure" and "figure": "tile",
"headings" or "push"; a push also gives "state" and "action"). The tile and the headings have no
input: their facts come from the tile data and the board's geometry.
"""

from __future__ import annotations

from engine import load_game
from engine.core import need
from engine.mississippi_queen.board import TILES, field_at
from engine.mississippi_queen.messages import CATALOG as MQ, COLOURS, DIR_WORDS

from ..html import esc, figure_widget
from .board import ARROWS, SIZE, board_svg, hexagon, steamer_svg, target, xy
from .layout import field_name, names, short_name, trace
from .words import describe_move

TILE = "3"  # a river tile with one island, so the picture shows land as well as water
OPTIONS = {"game": "learning"}


def tile_position() -> dict:
    """One explored river tile, flowing east, with nothing on it."""
    return {
        "players": 3,
        "phase": "move",
        "round": 1,
        "order": [0, 1, 2],
        "turn": 0,
        "pending": [],
        "steamers": [],
        "pier": None,
        "options": dict(OPTIONS),
        "deck": [],
        "rolls": [],
        "tiles": [{"tile": TILE, "index": 1, "origin": [0, 0], "dir": 0, "explored": True, "passengers": {}}],
    }


def tile_words(lang: str) -> str:
    """The tile's rows, each with its fields by lane, islands named: the picture in words."""
    data = tile_position()
    named = names(data)
    island = {tuple(c) for i in TILES[TILE]["islands"] for c in i["cells"]}
    rows = []
    for a in range(4):
        cells = []
        for b in range(-2, 3):
            name = short_name(named, field_at((0, 0), 0, a, b))
            cells.append(MQ.text("figure-island-field", lang, field=name) if (a, b) in island else name)
        rows.append(f"<li>{esc(MQ.text('figure-tile-row', lang, row=a + 1, fields=', '.join(cells)))}</li>")
    return f"<p>{esc(MQ.text('figure-tile-words', lang))}</p><ul>{''.join(rows)}</ul>"


def headings_svg(lang: str) -> str:
    """A steamer on a field and its six neighbours, each marked with the heading that steps onto it."""
    centre = xy((0, 0))
    steamer = {"dir": 0, "speed": 1, "coal": 6, "passengers": 0}
    parts = []
    for d in range(6):
        x, y = xy(trace((0, 0), d, ("F",))[0][-1])
        word = MQ.text(DIR_WORDS[d], lang)
        parts.append(
            f'<g role="img"><title>{esc(f"{ARROWS[d]} {word}")}</title>'
            f'<polygon points="{hexagon(x, y, SIZE - 0.6)}" fill="#8ec5e8" stroke="#ffffff" stroke-width="1.2"/>'
            f'<text x="{x:.1f}" y="{y + 6:.1f}" text-anchor="middle" font-size="17" font-weight="700" '
            f'font-family="sans-serif" fill="#0d47a1">{ARROWS[d]}</text></g>'
        )
    parts.append(f'<polygon points="{hexagon(*centre, SIZE - 0.6)}" fill="#a9d4ef" stroke="#ffffff" stroke-width="1.2"/>')
    parts.append(steamer_svg(0, steamer, *centre, lang, False))
    pad = 2 * SIZE + 14  # the neighbours' outer corners, with a margin
    label = MQ.text("figure-headings-title", lang)
    return (
        f'<svg class="kikoto-board kikoto-mq" viewBox="{-pad:.0f} {-pad:.0f} {2 * pad:.0f} {2 * pad:.0f}" '
        f'role="group" aria-label="{esc(label)}" xmlns="http://www.w3.org/2000/svg" '
        f'style="width:100%;max-width:11rem;margin-inline:0">{"".join(parts)}</svg>'
    )


def headings_words(lang: str) -> str:
    items = "".join(f"<li>{ARROWS[d]} {esc(MQ.text(DIR_WORDS[d], lang))}</li>" for d in range(6))
    return f"<p>{esc(MQ.text('figure-headings-words', lang))}</p><ul>{items}</ul>"


def push_words(spec: dict, lang: str) -> str:
    """The push in words: who moves, the move as the site words it, and whom it pushes where."""
    data, action = spec["state"], spec["action"]
    seat = data["order"][data["turn"]]
    me = data["steamers"][seat]
    fields, _ = trace(tuple(me["pos"]), me["dir"], tuple(action["path"]))
    pushed = [s for s, st in enumerate(data["steamers"]) if st["pos"] and tuple(st["pos"]) in fields[1:]]
    named = names(data)
    return (
        "<p>"
        + esc(
            MQ.text(
                "figure-push-words",
                lang,
                colour=MQ.text(COLOURS[seat], lang),
                from_field=field_name(named, tuple(me["pos"]), lang),
                move=describe_move(data, action, lang, seat),
                other=", ".join(MQ.text(COLOURS[s], lang) for s in pushed),
            )
        )
        + "</p>"
    )


def figure(spec: dict, lang: str) -> tuple[str, str]:
    """(the picture, the same in words) of the spec's figure."""
    kind = need(spec, "figure", "string", allowed=("tile", "headings", "push"))
    if kind == "tile":
        return board_svg(tile_position(), lang), tile_words(lang)
    if kind == "headings":
        return headings_svg(lang), headings_words(lang)
    if kind == "push":
        state = load_game("mississippi-queen").from_json(need(spec, "state", "object"))
        state.check(need(spec, "action", "object"))  # a malformed action is an InputError naming its field
        return board_svg(state, lang, frozenset({target(spec["action"])})), push_words(spec, lang)


form, output = figure_widget(figure)
