"""Mare Balticum drawn as SVG: the schematic hex map, tokens, ships, and a status panel.

Drawing only: every fact comes from the state's to_json() and the board data.
Each field has a <title> that a screen reader reads (name, tokens, ships), and each
ship carries its player's number as well as a colour.
"""

from __future__ import annotations

import math

from engine.core.messages import N_
from engine.mare_balticum.board import BOARD
from engine.mare_balticum.components import TOKEN_KINDS
from engine.mare_balticum.messages import LETTER_CODES, NAMES, field_name, text

from ..html import esc, scroll_region
from ..renderer import Renderer
from ..ui import UI

PLAYER_COLOURS = ("#e53935", "#fdd835", "#43a047", "#8e24aa", "#fb8c00")
FIELD_FILL = {"shallow": "#a9d8f2", "deep": "#4f86bf", "port": "#ead9b0"}
# The board's text size in the map's own units, larger than the shared style's: on a phone the map is
# drawn narrower than its units, and its letters must still reach the site's smallest text size.
TEXT_SIZE = ' style="font-size:14px"'
TOKEN_FILL = {"salmon": "#f48fb1", "flounder": "#bcaaa4", "herring": "#b0bec5", "cod": "#80cbc4", "amber": "#ffb300"}


def letters(lang: str) -> dict[str, str]:
    """The one-letter mark of each token kind in `lang` (catalog codes "letter-…")."""
    return {k: text(code, lang) for k, code in LETTER_CODES.items()}


def target(action: dict):
    """The field an action is about, for highlighting."""
    return action.get("to") or action.get("field") or action.get("port")


def hexagon(x: float, y: float, size: float) -> str:
    return " ".join(
        f"{x + size * math.cos(math.radians(60 * k - 30)):.1f},{y + size * math.sin(math.radians(60 * k - 30)):.1f}"
        for k in range(6)
    )


def board_svg(state, lang: str, highlight=frozenset(), *, marks=None, tappable=False) -> str:
    """The map. `state` is a State, or a position's JSON (the editor draws drafts that may not load:
    only well-formed parts are drawn). `marks`: field id -> "selected", "problem" or "target";
    `tappable`: each field is a button the editor forwards (data-tap)."""
    data = state if isinstance(state, dict) else state.to_json()
    data = drawable(data)
    marked = marks or {}
    layout = BOARD.data["layout"]
    size = layout["hex_size"]
    letter = letters(lang)
    ships_at: dict[str, list[int]] = {}
    for seat, player in enumerate(data["players"]):
        for fid in player["ships"]:
            ships_at.setdefault(fid, []).append(seat)
    parts = [
        f'<svg class="kikoto-board" viewBox="0 0 {layout["width"]} {layout["height"]}" role="group" '
        f'aria-label="{esc(UI.text("mb-board", lang))}" xmlns="http://www.w3.org/2000/svg">'
    ]
    for f in BOARD.data["fields"]:
        fid, x, y = f["id"], f["x"], f["y"]
        tokens = data["tokens"].get(fid, [])
        seats = ships_at.get(fid, [])
        demand = data["demand"].get(fid, [])
        title = [f"{field_name(fid, lang)} ({f['label']})"]
        if tokens:
            title.append(", ".join(NAMES[t][lang] for t in tokens))
        if any(demand):
            title.append(UI.text("mb-demand", lang) + ": " + ", ".join(NAMES[t][lang] for t in demand if t))
        if seats:
            title.append(", ".join(UI.text("seat", lang, n=s + 1) for s in seats))
        lit = fid in highlight or marked.get(fid) == "target"
        mark = marked.get(fid, "target" if lit else "")
        stroke = {"target": "#1b5e20", "selected": "#0d47a1", "problem": "#c62828", "refused": "#c62828"}.get(mark, "#ffffff")
        pressed = ' aria-pressed="true"' if mark == "selected" else ""
        # named by its <title>, not aria-label: the name then holds the field's visible text too (WCAG 2.5.3)
        role = f'role="button" tabindex="0" data-tap="{esc(fid)}"{pressed}' if tappable else 'role="img"'
        parts.append(
            f'<g {role} class="kikoto-field{" is-" + mark if mark else ""}" data-field="{esc(fid)}">'
            f"<title>{esc(' · '.join(title))}</title>"
            f'<polygon points="{hexagon(x, y, size - 1)}" fill="{FIELD_FILL[f["kind"]]}" '
            f'stroke="{stroke}" stroke-width="{4 if mark else 1.5}"/>'
        )
        label_fill = "#ffffff" if f["kind"] == "deep" else "#263238"
        parts.append(f'<text x="{x}" y="{y - 13}" class="kikoto-label" fill="{label_fill}"{TEXT_SIZE}>{esc(f["label"])}</text>')
        for i, t in enumerate(tokens):
            tx = x - 9 * (len(tokens) - 1) + 18 * i
            parts.append(
                f'<circle cx="{tx}" cy="{y + 1}" r="8.5" fill="{TOKEN_FILL[t]}" stroke="#263238" stroke-width=".6"/>'
                f'<text x="{tx}" y="{y + 5.5}" class="kikoto-token"{TEXT_SIZE}>{letter[t]}</text>'
            )
        marks = BOARD.slots.get(fid, ())
        for i, d in enumerate(demand):
            # An empty slot (variant 1) shows its mark, 0 or −1; a filled one its species.
            tx = x - 9 * (len(demand) - 1) + 18 * i
            fill, dash = (TOKEN_FILL[d], "") if d else ("none", ' stroke-dasharray="2 1.5"')
            mark_text = letter[d] if d else ("0" if marks[i] == 0 else "−1")
            parts.append(
                f'<rect x="{tx - 8}" y="{y - 7}" width="16" height="16" rx="2" fill="{fill}" '
                f'stroke="#263238" stroke-width=".6"{dash}/><text x="{tx}" y="{y + 5.5}" class="kikoto-token"{TEXT_SIZE}>'
                f"{mark_text}</text>"
            )
        for i, seat in enumerate(seats):
            # a ship is large enough for its seat number at TEXT_SIZE
            sx = x - 9 * (len(seats) - 1) + 18 * i
            parts.append(
                f'<path d="M{sx - 9},{y + 9} h18 l-4,12 h-10 z" fill="{PLAYER_COLOURS[seat]}" '
                f'stroke="#212121" stroke-width=".7"/><text x="{sx}" y="{y + 19}" '
                f'class="kikoto-ship"{TEXT_SIZE}>{seat + 1}</text>'
            )
        if mark in ("target", "problem", "refused"):
            badge = {"target": "✔", "problem": "!", "refused": "✘"}[mark]
            parts.append(f'<text x="{x + 13}" y="{y - 10}" class="kikoto-check"{TEXT_SIZE}>{badge}</text>')
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def drawable(data: dict) -> dict:
    """The parts of a position's JSON that can be drawn: unknown ids and wrong types are left out
    (the editor shows a draft before the engine has judged it)."""

    def listed(value, allowed):
        return [v for v in value if isinstance(v, str) and v in allowed] if isinstance(value, list) else []

    players = data.get("players") if isinstance(data.get("players"), list) else []
    ships = [{"ships": listed(p.get("ships"), BOARD.kind)} if isinstance(p, dict) else {"ships": []} for p in players]
    tokens = data.get("tokens") if isinstance(data.get("tokens"), dict) else {}
    demand = data.get("demand") if isinstance(data.get("demand"), dict) else {}
    return {
        "players": ships[: len(PLAYER_COLOURS)],
        "tokens": {f: listed(v, TOKEN_FILL) for f, v in tokens.items() if f in BOARD.kind},
        "demand": {
            f: [d if d in TOKEN_FILL else None for d in v][: len(BOARD.slots.get(f, ()))]
            for f, v in demand.items()
            if f in BOARD.slots and isinstance(v, list)
        },
    }


def panel(state, lang: str) -> str:
    data = state.to_json()
    letter = letters(lang)
    head = "".join(
        f"<th>{esc(UI.text(k, lang))}</th>" for k in ("mb-player", "mb-supply", "mb-hold", "mb-warehouse", "mb-market")
    )
    rows = []
    for seat, p in enumerate(data["players"]):
        hold = " ".join(f"{letter[k]}×{n}" for k, n in p["hold"].items() if n) or "–"
        ware = " ".join(f"{letter.get(k, k)}×{n}" for k, n in p["warehouse"].items() if n) or "–"  # "?": face down
        market = len(p["market"]) + (1 if p["vault"] else 0)
        marker = " ▶" if not state.is_over() and seat == state.current_player else ""
        rows.append(
            f'<tr><td><span class="kikoto-swatch" style="background:{PLAYER_COLOURS[seat]}"></span>'
            f"{esc(UI.text('seat', lang, n=seat + 1))}{marker}</td><td>{p['supply']}</td><td>{esc(hold)}</td>"
            f"<td>{esc(ware)}</td><td>{market} / 5</td></tr>"
        )
    bag = sum(n for k, n in data["bag"].items() if k != "time")
    legend = " · ".join(f"{letter[k]} = {NAMES[k][lang]}" for k in TOKEN_KINDS)
    info = UI.text("mb-info", lang, bag=bag, time=data["bag"].get("time", 0), track=data["time_track"])
    return (
        f'<div class="kikoto-panel"{scroll_region(UI.text("players", lang))}><table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
        f'<p class="kikoto-legend">{esc(legend)} · {esc(info)}</p></div>'
    )


RENDERER = Renderer(
    target=target,
    board_svg=board_svg,
    panel=panel,
    tappable=True,
    editor="widgets.render.mare_balticum.edit",
    widgets={"scoring": "widgets.render.mare_balticum.scoring", "mb-figure": "widgets.render.mare_balticum.figures"},
    bench_edit={"page": "rules", "example": "scoring-purple", "field": "warehouse.salmon"},
)

# Keys picked at run time (from a list), listed for `python -m widgets.i18n extract`.
RUNTIME_KEYS = (N_("mb-player"), N_("mb-supply"), N_("mb-hold"), N_("mb-warehouse"), N_("mb-market"))
