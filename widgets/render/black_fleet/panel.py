"""Black Fleet's player table under the board: the seats (doubloons, ships, cards), the game's
counters, and the hand of the player to move. Drawn from the position it is given: a played
position comes as its seat to move sees it (engine/black_fleet/view.py), other hands as backs."""

from __future__ import annotations

from engine.black_fleet import components as C
from engine.black_fleet.messages import COLOURS, DISTANT_SEAS, SHIPS, word
from engine.black_fleet.position import PHASE
from engine.core.view import HIDDEN

from ..html import esc, scroll_region
from ..ui import UI
from .words import DISTANT, PLAYER_COLOURS, _cargo_words, _fate_words, _move_words, _seat_label


def _hand(seat: int, s: dict, lang: str) -> str:
    moves = "; ".join(_move_words(c, lang) for c in s["moves"]) or "–"
    fates = "; ".join(_fate_words(c, lang) for c in s["fates"]) or "–"
    return (
        f"<li><strong>{esc(_seat_label(seat, s['colour'], lang))}</strong> · {esc(UI.text('bf-movement-cards', lang))}: "
        f"{esc(moves)} · {esc(UI.text('bf-fate-cards', lang))}: {esc(fates)}</li>"
    )


# The theme pads table cells generously; three columns of short lines fit a phone with less.
CELL_STYLE = ' style="padding:0.4em 0.5em"'


def panel(state, lang: str) -> str:
    """The seats as a table of three columns (player and doubloons, ships, cards), each cell a few
    short lines with little padding, so that it fits the page's column on a desktop and a phone alike."""
    data = state.to_json()
    heads = [
        UI.text("bf-player", lang),
        UI.text("bf-merchant", lang) + " · " + UI.text("bf-pirate", lang),
        UI.text("bf-developments", lang) + " · " + UI.text("bf-hand", lang),
    ]
    head = "".join(f"<th{CELL_STYLE}>{esc(h)}</th>" for h in heads)
    rows = []
    over = state.is_over()
    for seat, s in enumerate(data["seats"]):
        marker = " ▶" if not over and seat == data["turn"] else ""
        flag = " ⚑" if seat == data["first"] else ""
        merchant = (
            f"{s['merchant']}: {_cargo_words(s['cargo'], lang) or UI.text('bf-empty', lang)}"
            if s["merchant"] is not None
            else UI.text("bf-off-board", lang)
        )
        where = s["pirate"]
        if where in DISTANT:
            where = word(DISTANT_SEAS[where], lang)
        pirate = where if where is not None else UI.text("bf-off-board", lang)
        if s["treasure"]:
            pirate += f" ({UI.text('bf-treasure', lang)}: {word(COLOURS[s['treasure']], lang)})"
        devs = " ".join(str(c["value"]) if c["up"] else f"({c['value']})" for c in s["developments"])
        victory = f"{s['victory']['value']} ✔" if s["victory"]["up"] else f"({s['victory']['value']})"
        hand = UI.text("bf-hand-size", lang, m=len(s["moves"]), f=len(s["fates"]))
        ships = f"{esc(word(SHIPS['merchant'], lang))}: {esc(merchant)}<br>{esc(word(SHIPS['pirate'], lang))}: {esc(pirate)}"
        cards = (
            f"{esc(UI.text('bf-developments', lang))}: {esc(devs)}<br>{esc(UI.text('bf-victory', lang))}: {esc(victory)}"
            f"<br>{esc(UI.text('bf-hand', lang))}: {esc(hand)}"
        )
        rows.append(
            f'<tr data-seat="{seat}"><td{CELL_STYLE}><span class="kikoto-swatch" style="background:{PLAYER_COLOURS[s["colour"]]}">'
            f"</span>{esc(_seat_label(seat, s['colour'], lang))}{flag}{marker}<br>"
            f"{esc(UI.text('bf-coins', lang))}: <strong>{s['coins']}</strong></td>"
            f"<td{CELL_STYLE}>{ships}</td><td{CELL_STYLE}>{cards}</td></tr>"
        )
    stock = ", ".join(f"{word(COLOURS[c], lang)} {n}" for c, n in data["stock"].items())
    navy = ", ".join(f"{word(SHIPS[w], lang)}: {data['warships'][w]}" for w in C.WARSHIPS)
    info = UI.text(
        "bf-info",
        lang,
        round=data["round"],
        phase=word(PHASE[data["phase"]].title, lang),
        stock=stock,
        navy=navy,
        moves=len(data["decks"]["movement"]),
        fates=len(data["decks"]["fate"]),
    )
    if data["final_round"] and not over:
        info += " · " + UI.text("bf-final-round", lang)
    parts = [
        f'<div class="kikoto-panel kikoto-bf-panel"{scroll_region(UI.text("players", lang))}><table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>',
        f'<p class="kikoto-legend">{esc(UI.text("bf-legend", lang))} · {esc(info)}</p>',
    ]
    if data["now"]["card"]:
        parts.append(
            f'<p class="kikoto-legend">{esc(UI.text("bf-played", lang))}: {esc(_move_words(data["now"]["card"], lang))}</p>'
        )
    seat = data["turn"]
    if not over and HIDDEN not in data["seats"][seat]["moves"] + data["seats"][seat]["fates"]:
        parts.append(f'<ul class="kikoto-bf-hand" data-seat="{seat}">{_hand(seat, data["seats"][seat], lang)}</ul>')
    parts.append("</div>")
    return "".join(parts)
