"""Vor dem Wind drawn as SVG: the port, the table (decks, revealed cards, supply, bank) and
one row per player, with a compact status panel.

Drawing only, and only what is public: every fact comes from the state's onlooker view
(`state.game.view(state, None)`), so goods and gulden in a hand show as a number of cards, and special
cards kept in hand show only their deck's back. `hand(state, seat, lang)` shows one seat's
own hand; the sandbox uses it for the seat to move (the reader is that seat).
Each player carries the seat number as well as a colour; every card and field has a <title>.
The position editor's table (every hand shown) is in table.py.
"""

from __future__ import annotations

from engine.core.messages import N_
from engine.vor_dem_wind import money
from engine.vor_dem_wind.components import CARDS, DECKS, GOODS, WAREHOUSE_PLACES, card_name, name as word
from engine.vor_dem_wind.messages import CATALOG as VW

from ..html import esc, pan_box
from ..renderer import Renderer
from ..ui import UI
from .cards import (
    COLS,
    DECK_FILL,
    DECK_STROKE,
    MAX_WIDTH,
    PLAYER_COLOURS,
    STEP,
    W,
    _card,
    _good,
    _goods_list,
    _ship,
    _text,
    goods_words,
    phase_words,
    ships_vp,
)
from .panel import hand, panel


def target(action: dict):
    """The card, ship or deck an action is about, for highlighting."""
    if action.get("type") == "reveal":
        return "deck-" + str(action.get("deck"))
    if action.get("type") == "load" and action.get("ships"):
        return action["ships"][0]
    return action.get("card")


SMALLEST_FONT = 6.5  # a good's mark on a card: the board is drawn wide enough for it to read at 11 px


def board_svg(state, lang: str, highlight=frozenset()) -> str:
    v = state.game.view(state, None)  # the onlooker's view: hands and purses are hidden
    n = v["players"]
    parts = []
    y = 14
    phase = phase_words(v["phase"], lang)
    head = UI.text("vw-head", lang, round=v["round"], stage=v["stage"], start=v["start"] + 1, phase=phase)
    parts.append(_text(4, y, head, 10, 700))
    # -- the port
    y += 16
    port = v["port"]
    parts.append(_text(4, y, VW.plural("port-title", len(port), lang), 9, 700, fill="#01579b"))
    y += 5
    for i, sid in enumerate(port):
        parts.append(_ship(4 + STEP * (i % COLS), y + 52 * (i // COLS), sid, lang, sid in highlight))
    y += 52 * max(1, (len(port) + COLS - 1) // COLS) + 8
    # -- the table: decks, revealed cards, supply and bank
    parts.append(_text(4, y, UI.text("vw-table", lang), 9, 700, fill="#01579b"))
    bank = v["bank"]
    bank_title = UI.text(
        "vw-bank-title", lang, value=money.value(bank), cards=", ".join(f"{bank[k]}×{k}" for k in ("1", "2", "5", "10"))
    )
    parts.append(
        f'<g role="img"><title>{esc(bank_title)}</title>'
        + _text(W - 4, y, f"{UI.text('vw-bank', lang)}: {money.value(bank)} G", 9, 700, "end", "#8d6e00")
        + "</g>"
    )
    y += 5
    for i, deck in enumerate(DECKS):
        x = 4 + STEP * i
        lit = f"deck-{deck}" in highlight
        draw, discard = v["decks"][deck]["draw"], len(v["decks"][deck]["discard"])
        title = VW.plural("deck-title", draw, lang, deck=word(deck, lang), discard=discard)
        parts.append(
            f'<g role="img" class="kikoto-field{" is-target" if lit else ""}" data-field="deck-{deck}"><title>{esc(title)}</title>'
            f'<rect x="{x}" y="{y}" width="100" height="26" rx="4" fill="{DECK_STROKE[deck]}" '
            f'stroke="{"#1b5e20" if lit else "#212121"}" stroke-width="{3 if lit else 0.8}"/>'
            + _text(x + 5, y + 11, word(deck, lang), 8, 700, fill="#ffffff")
            + _text(x + 5, y + 22, UI.text("vw-deck-short", lang, draw=draw, discard=discard), 7.5, 400, fill="#ffffff")
            + (_text(x + 98, y - 2, "✔", 13, 700, "end", "#1b5e20") if lit else "")
            + "</g>"
        )
    y += 32
    for i, g in enumerate(GOODS):
        x = 4 + 81 * i
        title = VW.plural("supply-title", v["supply"][g], lang, good=word(g, lang))
        parts.append(
            f'<g role="img"><title>{esc(title)}</title>'
            + _good(x, y, g, lang, 14)
            + _text(x + 18, y + 11, f"{word(g, lang)}: {v['supply'][g]}", 8.5)
            + "</g>"
        )
    y += 20
    if v["revealed"]:
        parts.append(_text(4, y + 8, UI.text("vw-revealed", lang), 8.5, 700, fill="#01579b"))
        y += 12
        for i, cid in enumerate(v["revealed"]):
            parts.append(_card(4 + STEP * (i % COLS), y + 38 * (i // COLS), cid, lang, lit=cid in highlight))
        y += 38 * ((len(v["revealed"]) + COLS - 1) // COLS) + 2
    # -- the players
    a = v["auction"]
    offers = {o["player"]: o["amount"] for o in a["offers"]} if a else {}
    over = v["phase"] == "over"
    to_move = None if over else state.current_player
    y += 4
    for seat in range(n):
        p = v["seats"][seat]
        row_h = 68
        parts.append(_player(seat, p, 4, y, lang, to_move == seat, seat == v["start"], highlight, offers.get(seat), a, row_h))
        y += row_h + 6
    svg_h = y
    label = UI.text("vw-board", lang)
    svg = (
        f'<svg class="kikoto-board vw-board" viewBox="0 0 {W} {svg_h}" role="group" aria-label="{esc(label)}" '
        f'style="max-width:{MAX_WIDTH}" xmlns="http://www.w3.org/2000/svg">' + "".join(parts) + "</svg>"
    )
    return pan_box(svg, label, W, SMALLEST_FONT)


def _player(seat, p, x, y, lang, moving, starting, highlight, offer, auction, h):
    colour = PLAYER_COLOURS[seat]
    nships, vp = ships_vp(p)
    ware = p["warehouse"]
    title = [
        UI.text("seat", lang, n=seat + 1),
        f"{UI.text('vw-vp-count', lang, n=vp)} ({VW.plural('ship-count', nships, lang)})",
        VW.plural("hand-count", p["hand_cards"], lang),
        f"{UI.text('vw-warehouse', lang)}: {goods_words(ware, lang)}",
    ]
    out = [
        f'<g role="group" data-seat="{seat}"><title>{esc(" · ".join(title))}</title>'
        f'<rect x="{x}" y="{y}" width="{W - 8}" height="{h}" rx="6" fill="{"#f1f8e9" if moving else "#fafafa"}" '
        f'stroke="{colour}" stroke-width="{2.5 if moving else 1.2}"/>'
        f'<circle cx="{x + 13}" cy="{y + 13}" r="9" fill="{colour}" stroke="#212121" stroke-width=".8"/>',
        _text(x + 13, y + 16.5, str(seat + 1), 10, 700, "middle", "#000"),
        _text(x + 27, y + 12, UI.text("seat", lang, n=seat + 1) + (" ▶" if moving else "") + (" ⚑" if starting else ""), 9, 700),
        _text(
            x + 27,
            y + 23,
            f"{UI.text('vw-vp-count', lang, n=vp)} · {VW.plural('ship-count', nships, lang)}",
            8.5,
            400,
            fill="#0d47a1",
        ),
    ]
    # hand: a number of cards (goods and gulden share a back), and special cards by their deck
    hand_text = VW.plural("hand-count", p["hand_cards"], lang)
    specials = p["specials"]
    if specials:
        hand_text += " · " + UI.text(
            "vw-specials",
            lang,
            n=len(specials),
            decks=", ".join(word(CARDS[s]["deck"] if s in CARDS else s, lang) for s in specials),
        )
    out.append(_text(x + 6, y + 47, hand_text, 8))
    # warehouse: 8 places
    wx = x + 6
    out.append(_text(wx, y + 62, UI.text("vw-warehouse", lang), 7.5, 700, fill="#5d4037"))
    goods = _goods_list(ware)
    for i in range(WAREHOUSE_PLACES):
        px = wx + 44 + 15 * i
        if i < len(goods):
            out.append(_good(px, y + 52, goods[i], lang, 13))
        else:
            out.append(
                f'<rect x="{px}" y="{y + 52}" width="13" height="13" rx="2" fill="none" stroke="#bdbdbd" '
                f'stroke-dasharray="2 1.5"/>'
            )
    fx = x + 6
    for cid in p["fresh"]:
        out.append(
            f'<g role="img"><title>{esc(card_name(cid, lang))}</title><rect x="{fx}" y="{y + 28}" width="26" height="11" rx="2" '
            f'fill="{DECK_FILL["buy"]}" stroke="{DECK_STROKE["buy"]}"/>'
            + _text(fx + 13, y + 37, f"❄{CARDS[cid]['count']}", 8, 700, "middle")
            + "</g>"
        )
        fx += 29
    # this round's card or money, and an offer
    slot = p["slot"]
    sx = x + W - 8 - 112
    if slot and "card" in slot:
        down = slot.get("face") == "down"
        note = UI.text("vw-face-down" if down else "vw-face-up", lang)
        if auction and auction["card"] == slot["card"]:
            note = UI.text("vw-contested", lang)
        out.append(_card(sx, y + 4, slot["card"], lang, w=106, h=32, lit=slot["card"] in highlight, down=down, note=note))
    elif slot and "money" in slot and money.value(slot["money"]):
        value = money.value(slot["money"])
        out.append(
            f'<g role="img"><title>{esc(UI.text("vw-money-title", lang, n=value))}</title>'
            f'<rect x="{sx}" y="{y + 4}" width="106" height="32" rx="4" fill="#fffde7" stroke="#f9a825" '
            f'stroke-dasharray="4 2"/>' + _text(sx + 53, y + 24, UI.text("vw-money", lang, n=value), 8, 700, "middle") + "</g>"
        )
    if offer is not None:
        out.append(_text(sx - 6, y + 24, UI.text("vw-offer", lang, n=offer), 9, 700, "end", "#bf360c"))
    out.append("</g>")
    return "".join(out)


def group_actions(state, actions, lang: str):
    """The sandbox's move list when a swap card opens hundreds of swaps (W36: over a thousand):
    one group per place the goods come from, subgroups by the first exchange; other moves apart.
    Returns [(label, [action or (label, [...])])] for widgets.render.play."""
    if len(actions) <= 24:
        return None
    by_source: dict = {}
    others = []
    for a in actions:
        steps = a.get("steps") if a.get("type") == "swap" else None
        if not steps:
            others.append(a)
            continue
        first = steps[0]
        # keyed in the goods' own order (apple, spice, cheese, silk), as the table lists them
        by_source.setdefault(first["with"], {}).setdefault((GOODS.index(first["give"]), GOODS.index(first["take"])), []).append(a)
    out = []
    for source in sorted(by_source, key=lambda s: (s != "hand", s if s != "hand" else 0)):
        label = UI.text("vw-swap-hand", lang) if source == "hand" else UI.text("vw-swap-player", lang, n=source + 1)
        inner = [
            (state.describe({**moves[0], "steps": moves[0]["steps"][:1]}, lang), moves)
            for _, moves in sorted(by_source[source].items())
        ]
        out.append((label, inner))
    if others:
        out.append((UI.text("vw-other-moves", lang), others))
    return out


RENDERER = Renderer(
    target=target,
    board_svg=board_svg,
    panel=panel,
    hand=hand,
    group_actions=group_actions,
    editor="widgets.render.vor_dem_wind.edit",
    widgets={"vw-figure": "widgets.render.vor_dem_wind.figures"},
)

# Keys picked at run time (from a list), listed for `python -m widgets.i18n extract`.
RUNTIME_KEYS = (N_("vw-player"), N_("vw-vp-long"), N_("vw-hand"), N_("vw-warehouse"), N_("vw-special-col"), N_("vw-round-col"))
