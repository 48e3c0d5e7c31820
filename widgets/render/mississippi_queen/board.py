"""Mississippi Queen drawn as SVG: the river tiles laid so far, islands, stations, the pier,
and every steamer with its heading, seat number, speed and coal; plus a status panel.

Drawing only: every fact comes from the state's to_json() and the tile data. Positions are
axial [q, r] on a pointy-top hex grid (x = √3·(q + r/2), y = 1.5·r). A move names its path
relative to the steamer ("F", "L", "R"), so `target(action)` returns the plan itself and the
board traces it from the steamer to move — plain hex geometry, no rule is checked here.
"""

from __future__ import annotations

import functools
import math

from engine.core.messages import N_
from engine.mississippi_queen.board import DIRS, TILES, field_at
from engine.mississippi_queen.messages import CATALOG as MQ, COLOURS, DIR_WORDS

from ..html import TAP_PX, esc, scroll_region
from ..renderer import Renderer
from ..ui import UI

# the board's geometry and the moves in words live in siblings; their names are re-exported from here
from .layout import (  # noqa: F401
    LANES,
    MOVES,
    PLAYER_COLOURS,
    _by_path,
    _fields,
    _is_field,
    _names,
    _tile_ok,
    drawable,
    fid,
    field_name,
    names,
    short_name,
    target,
    trace,
)
from .words import TIMES, _run_words, coal_words, describe_move, field_label, group_actions, move_words, path_words  # noqa: F401

NUMBER_FILL = ("#ffffff", "#212121", "#212121", "#ffffff", "#ffffff")
TILE_FILL = ("#8ec5e8", "#a9d4ef")  # alternate tiles, so their edges show
UNEXPLORED_FILL = "#cfe6f5"
ISLAND_FILL = "#9ccc65"
LANDING_FILL = "#ffd54f"
ROOF = {"red": "#c62828", "brown": "#6d4c41"}
SIZE = 20.0
# A passenger, aboard or waiting: a dot 8 units across, over 10 px where a field is a finger's 44 px
# (the editor), and two side by side within a field.
PASSENGER_R, PASSENGER_GAP = 4, 9
ROOT3 = math.sqrt(3)
ARROWS = "→↗↖←↙↘"


def xy(p):
    q, r = p
    return SIZE * ROOT3 * (q + r / 2), SIZE * 1.5 * r


CORNERS = [(math.cos(math.radians(60 * k - 30)), math.sin(math.radians(60 * k - 30))) for k in range(6)]


@functools.lru_cache(maxsize=2048)
def hexagon(x: float, y: float, size: float) -> str:
    """A hexagon's points; kept, as the same board is drawn again at every click."""
    return " ".join(f"{x + size * cx:.1f},{y + size * cy:.1f}" for cx, cy in CORNERS)


def legal_highlight(state, actions) -> set:
    """The sandbox marks where the reader's cheapest legal moves end (those that cost no coal, when
    there are any): outlining every reachable field would say nothing. The board's highlight keys
    for them: where they take more than one path, the board marks only the paths' ends (see
    board_svg), so one key per path will do: a wide position has a few hundred paths."""
    moves = [a for a in actions if a.get("type") == "move"]
    if moves and state.phase == "move":
        v = state.steamers[state.current_player]["speed"]

        def coal(a):
            turns = len(a["path"]) - a["path"].count("F")
            return state.speed_cost(v, a["speed"]) + state.turn_cost(turns) + a.get("brake", 0)

        least = min(coal(a) for a in moves)
        actions = [a for a in moves if coal(a) == least]
    paths = {path for _, path in _by_path(actions)}  # the engine's own moves
    if len(paths) > 1:
        return {(path, ()) for path in paths}
    return {target(a) for a in actions} - {None}


def _plans(state, highlight):
    """Decoded highlight keys: [(fields, heading, pushes)] traced from the steamer to move."""
    data = state.to_json()
    if data["phase"] != "move" or not highlight:
        return []
    me = data["steamers"][state.current_player]
    if me["status"] != "racing":
        return []
    pos = tuple(me["pos"])
    out = []
    for key in highlight:
        if not (isinstance(key, tuple) and len(key) == 2):
            continue
        path, pushes = key
        fields, h = trace(pos, me["dir"], path)
        out.append((fields, h, pushes))
    return out


def steamer_svg(seat: int, st: dict, x: float, y: float, lang: str, passenger: bool) -> str:
    """A steamer: a hull pointing along its heading, the seat number, a red speed badge and a black coal badge."""
    ang = -60 * st["dir"]  # SVG rotation is clockwise; heading 0 points east
    colour = PLAYER_COLOURS[seat]
    parts = [
        f'<g transform="translate({x:.1f},{y:.1f})">',
        f'<g transform="rotate({ang})"><path d="M13,0 L5,-7 L-11,-7 L-11,7 L5,7 Z" fill="{colour}" '
        f'stroke="#212121" stroke-width="1.2"/><path d="M7,0 L17,0" stroke="#212121" stroke-width="1.6"/>'
        f'<path d="M17,0 l-4,-3 v6 z" fill="#212121"/></g>',
        f'<text y="4" text-anchor="middle" font-size="12" font-weight="700" font-family="sans-serif" '
        f'fill="{NUMBER_FILL[seat]}">{seat + 1}</text>',
        f'<circle cx="-9" cy="12" r="7" fill="#c62828" stroke="#fff" stroke-width=".8"/>'
        f'<text x="-9" y="15.8" text-anchor="middle" font-size="12" font-weight="700" font-family="sans-serif" '
        f'fill="#fff">{st["speed"]}</text>',
        f'<circle cx="9" cy="12" r="7" fill="#212121" stroke="#fff" stroke-width=".8"/>'
        f'<text x="9" y="15.8" text-anchor="middle" font-size="12" font-weight="700" font-family="sans-serif" '
        f'fill="#fff">{st["coal"]}</text>',
    ]
    if passenger and st["passengers"]:
        for i in range(st["passengers"]):
            parts.append(
                f'<circle cx="{PASSENGER_GAP * (i - 0.5):.1f}" cy="-12" r="{PASSENGER_R}" fill="#fff" stroke="#212121" '
                f'stroke-width=".8"/>'
            )
    parts.append("</g>")
    return "".join(parts)


def steamer_title(seat: int, st: dict, lang: str, passenger: bool) -> str:
    text = UI.text(
        "mq-steamer",
        lang,
        seat=UI.text("seat", lang, n=seat + 1),
        colour=MQ.text(COLOURS[seat], lang),
        heading=MQ.text(DIR_WORDS[st["dir"]], lang),
        speed=st["speed"],
        coal=st["coal"],
    )
    if passenger:
        text += " · " + UI.text("mq-passengers-n", lang, n=st["passengers"])
    return text


MARK_STROKE = {"target": "#1b5e20", "selected": "#0d47a1", "problem": "#c62828", "refused": "#c62828"}


def board_svg(state, lang: str, highlight=frozenset(), *, marks=None, tappable=False) -> str:
    """The river. `state` is a State, or a position's JSON (the editor draws drafts that may not load:
    only the well-formed parts are drawn). `marks`: field id "q,r" -> "selected", "target" or
    "problem"; `tappable`: each field is a button the editor forwards (data-tap)."""
    raw = state if isinstance(state, dict) else state.to_json()
    data = drawable(raw)
    marked = marks or {}
    passenger = data["options"].get("game") == "passenger"
    named = names(data)
    fields = {}  # (q, r) -> (tile list index, a, b)
    islands = {}  # (q, r) -> island dict
    piers = {}  # (q, r) -> (island dict, tile list index)
    for li, t in enumerate(data["tiles"]):
        origin, d = tuple(t["origin"]), t["dir"]
        info = TILES[t["tile"]]
        for a in range(4):
            for b in range(-2, 3):
                fields.setdefault(field_at(origin, d, a, b), (li, a, b))
        for island in info["islands"]:
            for a, b in island["cells"]:
                islands[field_at(origin, d, a, b)] = (island, li)
            if "station" in island:
                a, b = island["station"]["pier"]
                piers[field_at(origin, d, a, b)] = (island, li)
    landing = [tuple(p) for p in (data["pier"] or {}).get("fields", [])]
    steamers = {}
    for seat, st in enumerate(data["steamers"]):
        if st["status"] == "racing" and st["pos"] is not None:
            steamers.setdefault(tuple(st["pos"]), (seat, st))
    plans = [] if isinstance(state, dict) else _plans(state, highlight)
    ends = {p[0][-1] for p in plans}
    # many plans along one path differ only in where they push: mark those targets (the book's X fields)
    push_marks = {x for p in plans for x in _fields(p[2])} if len(plans) > 1 and len({p[0] for p in plans}) == 1 else set()
    if not fields:  # nothing drawable: an empty river still shows where the board goes
        fields = {(0, 0): (None, 0, 0)}
    xs = [xy(p)[0] for p in fields]
    ys = [xy(p)[1] for p in fields]
    pad = SIZE + 18  # room for the tiles' number badges
    x0, y0 = min(xs) - pad, min(ys) - pad
    w, h = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
    # The labels are 12 units and the board never drawn below 11/12 px a unit: so they stay at least
    # 11 px, the usual river fits a phone's column (375 px), and a long one scrolls sideways rather
    # than shrinking under a finger. A board to tap (the editor) is drawn larger still, each field at
    # least 44 px wide, a finger's width (of the viewBox's width as written, a pixel over for the
    # browser's rounding).
    least = round(w) * max(11 / 12, TAP_PX / ((SIZE - 0.6) * ROOT3) if tappable else 0)  # (a field: SIZE - 0.6)
    parts = [
        f'<div class="kikoto-mq-scroll"{scroll_region(UI.text("mq-board", lang))} style="overflow-x:auto;max-width:100%">'
        f'<svg class="kikoto-board kikoto-mq" viewBox="{x0:.0f} {y0:.0f} {w:.0f} {h:.0f}" role="group" '
        f'aria-label="{esc(UI.text("mq-board", lang))}" xmlns="http://www.w3.org/2000/svg" '
        f'style="width:100%;max-width:{min(40, max(20, w / 13)):.0f}rem;min-width:{math.ceil(least) + 1}px;margin-inline:0">'
    ]
    # the fields
    for p, (li, a, b) in fields.items():
        if li is None:
            continue
        x, y = xy(p)
        t = data["tiles"][li]
        title = [field_name(named, p, lang) + ("" if t["explored"] else " · " + UI.text("mq-unexplored", lang))]
        fill = TILE_FILL[t["index"] % 2] if t["explored"] else UNEXPLORED_FILL
        if p in islands:
            island, _ = islands[p]
            fill = ISLAND_FILL
            title.append(UI.text("mq-island-word", lang))
            if "station" in island:
                n = t["passengers"].get(island["id"], 0)
                title.append(
                    UI.text("mq-station", lang, roof=UI.text("mq-roof-" + island["station"]["roof"], lang))
                    + (" · " + UI.plural("mq-waiting", n, lang) if passenger else "")
                )
        if p in piers:
            title.append(UI.text("mq-jetty-word", lang))
        if p in landing:
            fill = LANDING_FILL
            title.append(UI.text("mq-landing", lang))
        if p in steamers:
            seat, st = steamers[p]
            title.append(steamer_title(seat, st, lang, passenger))
        mark = marked.get(fid(p)) or ("target" if p in ends or p in push_marks else "")
        label = " · ".join(title)
        pressed = ' aria-pressed="true"' if mark == "selected" else ""
        # named by its <title>, not aria-label: the name then holds the field's visible text too (WCAG 2.5.3)
        role = f'role="button" tabindex="0" data-tap="{fid(p)}"{pressed}' if tappable else 'role="img"'
        parts.append(
            f'<g {role} class="kikoto-field{" is-" + mark if mark else ""}" data-field="{fid(p)}">'
            f"<title>{esc(label)}</title>"
            f'<polygon points="{hexagon(x, y, SIZE - 0.6)}" fill="{fill}" stroke="#ffffff" stroke-width="1.2"/>'
        )
        if p not in steamers and p not in islands and p not in landing:
            parts.append(
                f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="12" '
                f'font-family="sans-serif" fill="#263238" pointer-events="none">'
                f"{short_name(named, p)}</text>"
            )
        if p in landing:
            parts.append(
                f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="12" '
                f'font-family="sans-serif" fill="#5d4037" pointer-events="none">⚓</text>'
            )
        if mark in MARK_STROKE and p not in ends:
            parts.append(
                f'<polygon points="{hexagon(x, y, SIZE - 2.5)}" fill="none" stroke="{MARK_STROKE[mark]}" '
                f'stroke-width="3" pointer-events="none"/>'
            )
        parts.append("</g>")
    # tile numbers, in a badge beside each tile's left bank, half way down it (clear of the fields)
    for t in data["tiles"]:
        ax, ay = xy(field_at(tuple(t["origin"]), t["dir"], 1, -2))
        dx, dy = xy(DIRS[t["dir"]])
        norm = math.hypot(dx, dy)
        mx, my = ax + dx / 2 + dy / norm * 27, ay + dy / 2 - dx / norm * 27
        label = "S" if t["tile"] == "S" else str(t["index"])
        parts.append(
            f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="9.5" fill="#0d47a1" stroke="#fff" stroke-width="1.2" '
            f'pointer-events="none"/><text x="{mx:.1f}" y="{my + 4.5:.1f}" text-anchor="middle" font-size="13" '
            f'font-weight="700" font-family="sans-serif" fill="#fff" pointer-events="none">{esc(label)}</text>'
        )
    # what lies on the fields: not a target of taps (a tap reaches the field below it)
    parts.append('<g pointer-events="none">')
    # stations: a house on the island, a jetty towards its pier field, the waiting passengers
    for p, (island, li) in piers.items():
        home = [q for q, (isl, l2) in islands.items() if isl is island and l2 == li]
        hx, hy = xy(min(home, key=lambda c: (xy(c)[0] - xy(p)[0]) ** 2 + (xy(c)[1] - xy(p)[1]) ** 2))
        px, py = xy(p)
        parts.append(
            f'<line x1="{hx:.1f}" y1="{hy:.1f}" x2="{(hx + px) / 2 + (px - hx) * 0.25:.1f}" '
            f'y2="{(hy + py) / 2 + (py - hy) * 0.25:.1f}" stroke="#6d4c41" stroke-width="4"/>'
        )
        roof = ROOF[island["station"]["roof"]]
        parts.append(
            f'<path d="M{hx - 6:.1f},{hy:.1f} l6,-7 l6,7 z" fill="{roof}"/>'
            f'<rect x="{hx - 4.5:.1f}" y="{hy:.1f}" width="9" height="6" fill="#fff8e1" stroke="{roof}" stroke-width=".8"/>'
        )
        if passenger:
            n = data["tiles"][li]["passengers"].get(island["id"], 0)
            for i in range(n):
                parts.append(
                    f'<circle cx="{hx + PASSENGER_GAP * (i - (n - 1) / 2):.1f}" cy="{hy + 11:.1f}" r="{PASSENGER_R}" '
                    f'fill="#fff" stroke="#212121" stroke-width=".8"/>'
                )
    # the move(s) in question: a single plan is drawn as a line, many as marked end fields
    if len(plans) == 1:
        path, _, pushes = plans[0]
        pts = " ".join(f"{xy(q)[0]:.1f},{xy(q)[1]:.1f}" for q in path)
        parts.append(
            f'<polyline points="{pts}" fill="none" stroke="#1b5e20" stroke-width="3" stroke-dasharray="5 3" '
            f'stroke-linejoin="round" opacity=".85"/>'
        )
        ex, ey = xy(path[-1])
        parts.append(f'<polygon points="{hexagon(ex, ey, SIZE - 3)}" fill="none" stroke="#1b5e20" stroke-width="3"/>')
        for q in _fields(pushes):
            qx, qy = xy(q)
            parts.append(
                f'<polygon points="{hexagon(qx, qy, SIZE - 3)}" fill="none" stroke="#e65100" stroke-width="2.5" '
                f'stroke-dasharray="3 2"/><text x="{qx + 9:.1f}" y="{qy - 7:.1f}" font-size="12" font-weight="700" '
                f'font-family="sans-serif" fill="#e65100">A</text>'
            )
    else:
        for q in ends:
            qx, qy = xy(q)
            parts.append(f'<polygon points="{hexagon(qx, qy, SIZE - 3)}" fill="none" stroke="#1b5e20" stroke-width="2.5"/>')
        for q in push_marks:
            qx, qy = xy(q)
            parts.append(
                f'<text x="{qx:.1f}" y="{qy + 5:.1f}" text-anchor="middle" font-size="15" font-weight="700" '
                f'font-family="sans-serif" fill="#e65100">✕</text>'
            )
    # the steamers
    for p, (seat, st) in steamers.items():
        x, y = xy(p)
        parts.append(
            f'<g role="img" class="kikoto-steamer" data-seat="{seat + 1}"><title>{esc(steamer_title(seat, st, lang, passenger))}'
            f"</title>{steamer_svg(seat, st, x, y, lang, passenger)}</g>"
        )
    parts.append("</g></svg></div>")
    return "".join(parts)


def panel(state, lang: str) -> str:
    data = state.to_json()
    passenger = data["options"].get("game") == "passenger"
    keys = ["mq-player", "mq-speed", "mq-coal", "mq-heading"] + (["mq-passengers"] if passenger else []) + ["mq-status"]
    head = "".join(f"<th>{esc(UI.text(k, lang))}</th>" for k in keys)
    rows = []
    for seat, st in enumerate(data["steamers"]):
        marker = " ▶" if not state.is_over() and seat == state.current_player else ""
        if st["status"] == "finished":
            status = UI.text("mq-finished", lang, place=st["place"])
        elif st["status"] == "out":
            status = UI.text("mq-out", lang)
        else:
            status = UI.text("mq-racing", lang)
        cells = [
            f'<td><span class="kikoto-swatch" style="background:{PLAYER_COLOURS[seat]}"></span>'
            f"{esc(UI.text('seat', lang, n=seat + 1))} ({esc(MQ.text(COLOURS[seat], lang))}){marker}</td>",
            f"<td>{st['speed']}</td>",
            f"<td>{st['coal']}</td>",
            f"<td>{ARROWS[st['dir']]} {esc(MQ.text(DIR_WORDS[st['dir']], lang))}</td>",
        ]
        if passenger:
            cells.append(f"<td>{st['passengers']} / 2</td>")
        cells.append(f"<td>{esc(status)}</td>")
        rows.append(f"<tr>{''.join(cells)}</tr>")
    info = UI.text(
        "mq-info",
        lang,
        round=data["round"],
        deck=len(data["deck"]),
        pier=UI.text("mq-pier-yes" if data["pier"] else "mq-pier-no", lang),
    )
    if passenger:
        info += " · " + UI.text("mq-supply", lang, supply=data["supply"], box=data["box"])
    legend = UI.text("mq-legend-names", lang)
    return (
        f'<div class="kikoto-panel"{scroll_region(UI.text("players", lang))}><table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
        f'<p class="kikoto-legend">{esc(info)}</p><p class="kikoto-legend">{esc(legend)}</p></div>'
    )


RENDERER = Renderer(
    target=target,
    board_svg=board_svg,
    panel=panel,
    tappable=True,
    legal_highlight=legal_highlight,
    move_words=move_words,
    group_actions=group_actions,
    editor="widgets.render.mississippi_queen.edit",
    widgets={"mq-figure": "widgets.render.mississippi_queen.figures"},
)

# Keys picked at run time (from a list), listed for `python -m widgets.i18n extract`.
RUNTIME_KEYS = (
    N_("mq-player"),
    N_("mq-speed"),
    N_("mq-coal"),
    N_("mq-heading"),
    N_("mq-passengers"),
    N_("mq-status"),
    N_("mq-roof-red"),
    N_("mq-roof-brown"),
)
