"""Balaton drawn as SVG: the track round the lake, ports, pawns, lake fields with ships, and a status panel.

Drawing only: every fact comes from the state's to_json() and the board data (engine/balaton/data/board.json,
a schematic board). Each field has a <title> for screen readers; every pawn, port cube and ship carries its
player's number as well as a colour.
"""

from __future__ import annotations

import functools
import math

from engine.balaton.board import BOARD
from engine.balaton.game import GOAL
from engine.balaton.messages import CARD_LETTERS, CARD_NAMES, CATALOG
from engine.balaton.position import lenient
from engine.core.messages import N_

from ..html import esc, scroll_region
from ..renderer import Renderer
from ..ui import UI
from .layout import HIT_R, LAKE_R, TALL, TALL_LAKES, TRACK_R, WIDE, Layout  # noqa: F401

# Seat 1 blue and seat 2 yellow, as in the rulebook's income figures.
PLAYER_COLOURS = ("#1e88e5", "#fdd835", "#e53935", "#43a047", "#8e24aa", "#fb8c00")
INK = ("#ffffff", "#212121", "#ffffff", "#ffffff", "#ffffff", "#212121")
FIELD_FILL = {"start": "#f2c14e", "gray": "#b0b0b0", "settlement": "#7b1f32"}
MARGIN = 14
STYLE = (
    "<style>.kikoto-ba text{font-family:sans-serif;text-anchor:middle}"
    ".kikoto-ba .kikoto-ba-num{font-size:8.5px;font-weight:700}"
    ".kikoto-ba .kikoto-ba-name{font-size:15px;font-weight:700;fill:#4a1020}"
    ".kikoto-ba .kikoto-ba-two{font-size:12px;font-weight:700;fill:#ffffff}"
    ".kikoto-ba .kikoto-ba-count{font-size:9px;font-weight:700;fill:#ffffff;text-anchor:start}"
    ".kikoto-ba .kikoto-ba-plane{font-size:20px;fill:#37474f}"
    ".kikoto-ba .kikoto-ba-die{font-size:18px;font-weight:700;fill:#212121}"
    ".kikoto-ba .kikoto-ba-small{font-size:13px;fill:#455a64;text-anchor:start}"
    ".kikoto-ba .kikoto-check{font-size:16px;font-weight:700;fill:#1b5e20}"
    ".kikoto-ba .kikoto-ba-problem{fill:#c62828}"
    ".kikoto-ba.is-tall .kikoto-ba-name{font-size:13px}.kikoto-ba.is-tall .kikoto-ba-num{font-size:11px}"
    # on a wide screen the tall board fits the window's height (the picture keeps its proportions)
    "@media screen and (min-width:45em){.kikoto-ba.is-tall{max-height:80vh}}"
    ".kikoto-ba [data-tap]:focus-visible .kikoto-ba-face,.kikoto-ba [data-tap]:hover .kikoto-ba-face"
    "{stroke:#ff6f00;stroke-width:4}</style>"
)
# a field's ring by its mark (the editor's): what the reader selected, the move asked about, a problem
MARK_STROKE = {"target": "#1b5e20", "selected": "#0d47a1", "problem": "#c62828", "refused": "#c62828"}


def target(action: dict):
    """The field an action is about, for highlighting: where a bumped pawn goes."""
    if isinstance(action, dict) and action.get("type") == "bump":
        return action.get("to")
    return None


def _seat(seat: int, lang: str) -> str:
    return UI.text("seat", lang, n=seat + 1)


def _chip(x: float, y: float, seat: int, shape: str, size: float = 10) -> str:
    """A piece in a player's colour with the seat number on it: a pawn (circle), a cube or a ship."""
    fill, ink = PLAYER_COLOURS[seat % 6], INK[seat % 6]
    h = size / 2
    if shape == "pawn":
        body = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{h + 1:.1f}" fill="{fill}" stroke="#212121" stroke-width="1.2"/>'
    elif shape == "ship":
        body = (
            f'<path d="M{x - h - 1:.1f},{y - h + 2:.1f} h{size + 2:.1f} l-3,{size - 2:.1f} h-{size - 4:.1f} z" '
            f'fill="{fill}" stroke="#212121" stroke-width=".8"/>'
        )
    else:
        body = (
            f'<rect x="{x - h:.1f}" y="{y - h:.1f}" width="{size:.1f}" height="{size:.1f}" rx="1.5" '
            f'fill="{fill}" stroke="#212121" stroke-width=".8"/>'
        )
    return body + f'<text x="{x:.1f}" y="{y + size * 0.27:.1f}" class="kikoto-ba-num" fill="{ink}">{seat + 1}</text>'


def _lake_shape(lay: Layout) -> str:
    """The water: the track's ring pulled a little towards the middle, as a smooth closed path."""
    cx, cy = lay.cx, lay.cy
    pull = (0.17, 0.07) if lay.tall else (0.07, 0.17)
    pts = []
    for fid in BOARD.track:
        x, y = lay.xy[fid]
        pts.append((x + (cx - x) * pull[0], y + (cy - y) * pull[1]))
    n = len(pts)
    d = [f"M{(pts[0][0] + pts[1][0]) / 2:.1f},{(pts[0][1] + pts[1][1]) / 2:.1f}"]
    for i in range(1, n + 1):
        p, q = pts[i % n], pts[(i + 1) % n]
        d.append(f"Q{p[0]:.1f},{p[1]:.1f} {(p[0] + q[0]) / 2:.1f},{(p[1] + q[1]) / 2:.1f}")
    return f'<path d="{" ".join(d)} Z" fill="#cfe8f7" stroke="#8fc1e3" stroke-width="2"/>'


def _ring(lay: Layout) -> str:
    pts = " ".join(f"{lay.xy[f][0]},{lay.xy[f][1]}" for f in BOARD.track)
    return f'<polygon points="{pts}" fill="none" stroke="#d7ccc8" stroke-width="6" stroke-linejoin="round"/>'


def _field_attrs(fid: str, title: list, mark: str, tappable: bool) -> str:
    """A field's group: a button the editor forwards (data-tap) when `tappable`, else a picture."""
    text = esc(" · ".join(title))
    pressed = ' aria-pressed="true"' if mark == "selected" else ""
    # named by its <title>, not aria-label: the name then holds the field's visible text too (WCAG 2.5.3)
    role = f'role="button" tabindex="0" data-tap="{esc(fid)}"{pressed}' if tappable else 'role="img"'
    return f'<g {role} class="kikoto-field{" is-" + mark if mark else ""}" data-field="{esc(fid)}"><title>{text}</title>'


BADGE = {"target": "✔", "problem": "!", "refused": "✘"}


def _badge(x: float, y: float, mark: str) -> str:
    if mark in ("target", "problem", "refused"):
        cls = "kikoto-check" + (" kikoto-ba-problem" if mark != "target" else "")
        return f'<text x="{x + 12}" y="{y - 12}" class="{cls}">{BADGE[mark]}</text>'
    return ""


@functools.lru_cache(maxsize=None)
def _backdrop(tall: bool, lang: str) -> str:
    """The board without its pieces and marks, the same for every position: drawn once per layout and
    language (the editor draws the board again on every tap)."""
    lay = TALL if tall else WIDE
    xy = lay.xy
    w, h = lay.width, lay.height
    # the tall board fits a phone's width; on a wide screen it keeps to a column
    parts = [
        f'<svg class="kikoto-board kikoto-ba{" is-tall" if tall else ""}" viewBox="0 0 {w} {h}" role="group" '
        f'aria-label="{esc(UI.text("ba-board", lang))}" style="max-width:{"24rem" if tall else "100%"}" '
        f'xmlns="http://www.w3.org/2000/svg">',
        STYLE,
        _lake_shape(lay),
        _ring(lay),
    ]

    # Shipping routes (the black lines), then the ferries as dashed arrows, the plane as a dotted line.
    for a in BOARD.lakes:
        for b in BOARD.links[a]:
            if a < b:
                (x1, y1), (x2, y2) = xy[a], xy[b]
                parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#263238" stroke-width="3"/>')
    for src, dst in sorted(BOARD.ferries.items()):
        (x1, y1), (x2, y2) = xy[BOARD.centre[src]], xy[BOARD.centre[dst]]
        dx, dy = x2 - x1, y2 - y1
        d = math.hypot(dx, dy) or 1
        x1, y1, x2, y2 = x1 + dx / d * 20, y1 + dy / d * 20, x2 - dx / d * 20, y2 - dy / d * 20
        label = UI.text("ba-ferry-line", lang, a=BOARD.name[src], b=BOARD.name[dst])
        parts.append(
            f'<g role="img" class="kikoto-ba-ferry"><title>{esc(label)}</title><line x1="{x1:.1f}" y1="{y1:.1f}" '
            f'x2="{x2:.1f}" y2="{y2:.1f}" stroke="#37474f" stroke-width="2" stroke-dasharray="7 5" '
            f'/><path d="M-11,-6 L0,0 L-11,6 z" fill="#37474f" '
            f'transform="translate({x2:.1f},{y2:.1f}) rotate({math.degrees(math.atan2(dy, dx)):.0f})"/></g>'
        )
    for sid in sorted(BOARD.plane):
        if tall:  # beside the name, inside the ring
            x, y, anchor = lay.name_at(BOARD.centre[sid])
            x, y = x + (-14 if anchor == "end" else 14), y - 26
        else:
            x, y = lay.out(BOARD.centre[sid], 34)
            y -= 24
        parts.append(
            f'<text x="{x:.1f}" y="{y + 6:.1f}" class="kikoto-ba-plane"><title>'
            f"{esc(UI.text('ba-plane-mark', lang, a=BOARD.name[sid], b=BOARD.name[BOARD.plane[sid]]))}"
            f"</title>✈</text>"
        )

    return "".join(parts)


def board_svg(state, lang: str, highlight=frozenset(), *, marks=None, tappable=False, tall=True) -> str:
    """The board. `state` is a State, or a position's JSON (the editor draws drafts that may not load:
    only the well-formed parts are drawn). `marks`: field id -> "selected", "target" or "problem";
    `tappable`: each field is a button the editor forwards (data-tap). The TALL layout is the one
    every page shows, since only it keeps its labels readable at a phone's width; `tall=False` draws
    the WIDE one."""
    lay = TALL if tall else WIDE
    xy = lay.xy
    cs = 1.3 if tall else 1  # pieces on the tall board are larger: their numbers stay readable on a phone
    data = lenient(state if isinstance(state, dict) else state.to_json(), len(PLAYER_COLOURS))
    marked = {**{f: "target" for f in highlight}, **(marks or {})}
    n = data["players"]
    w, h = lay.width, lay.height
    parts = [_backdrop(tall, lang)]

    # Lake fields with their ships.
    for lid in BOARD.lakes:
        x, y = xy[lid]
        by_port = data["ships"].get(lid, {})
        totals = [0] * n
        for counts in by_port.values():
            for seat, c in enumerate(counts):
                totals[seat] += c
        title = [BOARD.lake_title(lid, lang)]
        if BOARD.double[lid]:
            title.append(UI.text("ba-double", lang))
        if BOARD.green[lid]:
            title.append(UI.text("ba-green", lang, places=", ".join(BOARD.name[p] for p in BOARD.ports_on[lid])))
        ports = [BOARD.name[p] for p in BOARD.ports_on[lid]]
        if ports:
            title.append(UI.text("ba-next-to", lang, places=", ".join(ports)))
        ships = [(seat, c) for seat, c in enumerate(totals) if c]
        title.append(
            "; ".join(UI.text("ba-ships-of", lang, seat=_seat(s, lang), n=c) for s, c in ships) or UI.text("ba-no-ships", lang)
        )
        mark = marked.get(lid, "")
        parts.append(
            _field_attrs(lid, title, mark, tappable)
            + f'<circle class="kikoto-ba-face" cx="{x}" cy="{y}" r="{lay.lake_r}" fill="#4f9ad6" '
            f'stroke="{MARK_STROKE.get(mark, "#ffffff")}" stroke-width="{4 if mark else 2}"/>'
        )
        if BOARD.double[lid]:  # a "2" badge on the rim
            bx, by = x - lay.lake_r * 0.75, y - lay.lake_r * 0.75
            parts.append(
                f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="9" fill="#0d47a1" stroke="#ffffff" stroke-width="1.5"/>'
                f'<text x="{bx:.1f}" y="{by + 4.5:.1f}" class="kikoto-ba-two">2</text>'
            )
        if BOARD.green[lid]:  # the small green square on the rim
            bx, by = x + lay.lake_r * 0.75, y - lay.lake_r * 0.75
            parts.append(
                f'<rect x="{bx - 6:.1f}" y="{by - 6:.1f}" width="12" height="12" fill="#2e7d32" '
                f'stroke="#ffffff" stroke-width="1.5"/>'
            )
        rows = len(ships)
        if rows <= 4:
            for r, (seat, c) in enumerate(ships):
                sy = y + 3 + 14 * cs * (r - (rows - 1) / 2)
                for k in range(c):
                    parts.append(_chip(x - 15 * cs * (c - 1) / 2 + 15 * cs * k, sy, seat, "ship", 12 * cs))
        else:  # many players on one field: one ship per player with its count beside it
            for r, (seat, c) in enumerate(ships):
                sx = x - 16 + 16 * (r % 3)
                sy = y - 4 + 15 * (r // 3)
                parts.append(
                    _chip(sx, sy, seat, "ship", 9)
                    + f'<text x="{sx + 6:.1f}" y="{sy + 10:.1f}" class="kikoto-ba-count">{c}</text>'
                )
        parts.append(_badge(x + 10, y - 10, mark) + "</g>")

    # Track fields: start, gray and settlement fields; arrows point to a settlement's centre.
    pawns_at: dict[str, list[int]] = {}
    for seat, fid in enumerate(data["pos"]):
        if fid is not None:
            pawns_at.setdefault(fid, []).append(seat)
    active = data["actor"] if data["phase"] != "over" else -1
    for fid in BOARD.track:
        x, y = xy[fid]
        kind = BOARD.kind[fid]
        sid = BOARD.settlement_at(fid)
        title = [BOARD.label_text(fid, lang)]
        if sid:
            title.append(UI.text("ba-settlement", lang, n=BOARD.size[sid]))
            if BOARD.centre[sid] == fid and BOARD.size[sid] > 1:
                title.append(UI.text("ba-centre", lang))
        elif kind == "gray":
            title.append(UI.text("ba-gray", lang))
        else:
            title.append(UI.text("ba-start", lang))
        if fid in BOARD.arrow:
            title.append(UI.text("ba-arrow", lang))
        if sid and BOARD.centre[sid] == fid and data["ports"].get(sid):
            title.append(UI.text("ba-ports", lang) + ": " + ", ".join(_seat(s, lang) for s in data["ports"][sid]))
        pawns = pawns_at.get(fid, [])
        if pawns:
            title.append(UI.text("ba-pawns", lang) + ": " + ", ".join(_seat(s, lang) for s in pawns))
        mark = marked.get(fid, "")
        parts.append(_field_attrs(fid, title, mark, tappable))
        if tappable:
            parts.append(f'<circle cx="{x}" cy="{y}" r="{lay.hit_r}" fill="#ffffff" fill-opacity="0"/>')
        stroke, sw = (MARK_STROKE[mark], 4) if mark else ("#ffffff", 1.5)
        if sid and BOARD.size[sid] > 1 and BOARD.centre[sid] == fid:
            r = lay.track_r + 3  # the centre field: a square standing on its tip
            parts.append(
                f'<polygon class="kikoto-ba-face" points="{x},{y - r} {x + r},{y} {x},{y + r} {x - r},{y}" '
                f'fill="{FIELD_FILL[kind]}" stroke="{stroke}" stroke-width="{sw}"/>'
            )
        else:
            parts.append(
                f'<circle class="kikoto-ba-face" cx="{x}" cy="{y}" r="{lay.track_r}" fill="{FIELD_FILL[kind]}" '
                f'stroke="{stroke}" stroke-width="{sw}"/>'
            )
        if fid in BOARD.arrow:
            tx, ty = xy[BOARD.arrow[fid]]
            ang = math.degrees(math.atan2(ty - y, tx - x))
            parts.append(f'<path d="M-6,-4 L5,0 L-6,4 z" fill="#ffffff" transform="translate({x},{y}) rotate({ang:.0f})"/>')
        parts.append(_badge(x, y, mark) + "</g>")

    # Names outside the ring, port cubes beside them.
    for sid in BOARD.settlements:
        fid = BOARD.centre[sid]
        owners = data["ports"].get(sid, [])
        lx, ly, anchor = lay.name_at(fid)
        name = BOARD.name[sid]
        if tall and name.startswith("Balaton") and len(name) > len("Balaton"):
            name = name[len("Balaton") :].capitalize()  # the short name people use: Balatonboglár -> Boglár
        parts.append(
            f'<text x="{lx:.1f}" y="{ly:.1f}" class="kikoto-ba-name" style="text-anchor:{anchor}" '
            f'pointer-events="none">'
            f"{esc(name)} ({BOARD.size[sid]})</text>"
        )
        # Port cubes: a block of up to three per row on the lake side of the centre field.
        for k, seat in enumerate(owners):
            row, col = divmod(k, 3)
            per = min(3, len(owners) - 3 * row)
            if tall:  # under the name, from its start
                cx = lx + {"start": 8.5 * (per - 1) + 8, "end": -8.5 * (per - 1) - 8}.get(anchor, 0)
                cy = ly + 14 + 17 * row
            else:
                cx, cy = lay.out(fid, -(30 + 13 * row))
            parts.append(
                f'<g pointer-events="none">{_chip(cx - 6.5 * cs * (per - 1) + 13 * cs * col, cy, seat, "cube", 12 * cs)}</g>'
            )
    vx, vy, anchor = lay.name_at(BOARD.start) if tall else (*lay.out(BOARD.start, 38), "middle")
    parts.append(
        f'<text x="{vx:.1f}" y="{vy + (0 if tall else 4):.1f}" class="kikoto-ba-name" style="text-anchor:{anchor}">{esc(BOARD.label_text(BOARD.start, lang))}</text>'
    )

    # Pawns last, on top; the player to act has a thicker ring.
    for fid, seats in pawns_at.items():
        x, y = xy[fid]
        for k, seat in enumerate(seats):
            if len(seats) == 1:
                px, py = x, y
            else:
                ang = 2 * math.pi * k / len(seats) - math.pi / 2
                px, py = x + 10 * cs * math.cos(ang), y + 10 * cs * math.sin(ang)
            ring = (
                f'<circle cx="{px:.1f}" cy="{py:.1f}" r="{9.5 * cs:.1f}" fill="none" stroke="#212121" stroke-width="2.5"/>'
                if seat == active
                else ""
            )
            parts.append(f'<g class="kikoto-ba-pawn" pointer-events="none">{ring}{_chip(px, py, seat, "pawn", 12 * cs)}</g>')

    # The dice of the step in progress.
    if data["dice"]:
        dx, dy = MARGIN + 6, h - MARGIN - 34
        text = UI.text("ba-dice", lang, a=data["dice"][0], b=data["dice"][1], r=data["rerolls"])
        parts.append(f'<g role="img" class="kikoto-ba-dice"><title>{esc(text)}</title>')
        for k, v in enumerate(data["dice"]):
            parts.append(
                f'<rect x="{dx + 38 * k}" y="{dy}" width="30" height="30" rx="5" fill="#ffffff" stroke="#212121" '
                f'stroke-width="1.5"/><text x="{dx + 38 * k + 15}" y="{dy + 21}" class="kikoto-ba-die">{v}</text>'
            )
        if data["rerolls"]:
            parts.append(
                f'<text x="{dx + 80}" y="{dy + 20}" class="kikoto-ba-small">'
                f"{esc(UI.text('ba-rerolls', lang, n=data['rerolls']))}</text>"
            )
        parts.append("</g>")
    parts.append(
        f'<text x="{w - MARGIN}" y="{h - MARGIN}" class="kikoto-ba-small" style="text-anchor:end">'
        f"{esc(UI.text('ba-schematic', lang))}</text>"
    )
    parts.append("</svg>")
    return "".join(parts)


def panel(state, lang: str) -> str:
    data = state.to_json()
    scale = data["options"].get("coin_scale", 1)
    letters = {k: CATALOG.text(code, lang) for k, code in CARD_LETTERS.items()}
    head = "".join(
        f"<th>{esc(UI.text(k, lang))}</th>" for k in ("ba-player", "ba-money", "ba-where", "ba-ports", "ba-ships", "ba-cards")
    )
    rows = []
    for seat in range(data["players"]):
        ports = ", ".join(BOARD.name[sid] for sid, seats in data["ports"].items() if seat in seats) or "–"
        ships = sum(c[seat] for by_port in data["ships"].values() for c in by_port.values())
        cards = " ".join(f"{letters[k]}×{v}" for k, v in data["cards"][seat].items() if v) or "–"
        marker = " ▶" if data["phase"] != "over" and seat == data["actor"] else ""
        rows.append(
            f'<tr><td><span class="kikoto-swatch" style="background:{PLAYER_COLOURS[seat]}"></span>'
            f"{esc(_seat(seat, lang))}{marker}</td><td>{data['money'][seat]} Ft</td>"
            f"<td>{esc(BOARD.label_text(data['pos'][seat], lang))}</td><td>{esc(ports)}</td><td>{ships}</td>"
            f"<td>{esc(cards)}</td></tr>"
        )
    legend = " · ".join(f"{letters[k]} = {CATALOG.text(CARD_NAMES[k], lang)}" for k in ("back", "plane", "ferry", "ship"))
    info = UI.text("ba-goal", lang, goal=GOAL * scale)
    if data["dice"]:
        info += " · " + UI.text("ba-dice", lang, a=data["dice"][0], b=data["dice"][1], r=data["rerolls"])
    return (
        f'<div class="kikoto-panel"{scroll_region(UI.text("players", lang))}><table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
        f'<p class="kikoto-legend">{esc(legend)} · {esc(info)}</p></div>'
    )


RENDERER = Renderer(
    target=target,
    board_svg=board_svg,
    panel=panel,
    tappable=True,
    editor="widgets.render.balaton.edit",
    widgets={"ba-figure": "widgets.render.balaton.figures"},
)

# Keys picked at run time (from a list), listed for `python -m widgets.i18n extract`.
RUNTIME_KEYS = (N_("ba-player"), N_("ba-money"), N_("ba-where"), N_("ba-ports"), N_("ba-ships"), N_("ba-cards"))
