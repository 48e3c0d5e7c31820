"""Vor dem Wind's players panel (one line per seat, public facts only) and a seat's own hand, both
drawn from the engine's view of the position (`state.game.view`): what the seat may not see is not
in them."""

from __future__ import annotations

from engine.core.messages import seat_words
from engine.vor_dem_wind import money
from engine.vor_dem_wind.components import CARDS, GOODS, SHIPS, card_name, good_mark, name as word
from engine.vor_dem_wind.messages import CATALOG as VW

from ..html import esc
from ..ui import UI
from .cards import PLAYER_COLOURS, _good, _goods_list, goods_words, ships_vp


def panel(state, lang: str) -> str:
    """The players, one line each that wraps on a phone (a six-column table scrolled sideways there)."""
    v = state.game.view(state, None)
    label = {k: UI.text(k, lang) for k in ("vw-vp-long", "vw-hand", "vw-warehouse", "vw-special-col", "vw-round-col")}
    rows = []
    over = v["phase"] == "over"
    for seat, p in enumerate(v["seats"]):
        _, vp = ships_vp(p)
        ware = [f"{good_mark(g, lang)}×{p['warehouse'][g]}" for g in GOODS if p["warehouse"][g]]
        ware += [f"❄{CARDS[c]['count']}" for c in p["fresh"]]  # keep-fresh cards lying in the warehouse
        ware = " ".join(ware) or "–"
        specials = ", ".join(word(CARDS[s]["deck"] if s in CARDS else s, lang) for s in p["specials"]) or "–"
        slot = p["slot"]
        if slot and "card" in slot:
            now = card_name(slot["card"], lang)
        elif slot and "money" in slot:
            now = UI.text("vw-money", lang, n=money.value(slot["money"]))
        else:
            now = "–"
        marker = " ▶" if not over and seat == state.current_player else ""
        facts = " · ".join(
            f"{esc(label[k])}: {esc(str(value))}"
            for k, value in (
                ("vw-vp-long", vp),
                ("vw-hand", p["hand_cards"]),
                ("vw-warehouse", ware),
                ("vw-special-col", specials),
                ("vw-round-col", now),
            )
        )
        rows.append(
            f'<li data-seat="{seat}" style="margin:.15rem 0"><span class="kikoto-swatch" '
            f'style="background:{PLAYER_COLOURS[seat]}"></span><strong>{esc(UI.text("seat", lang, n=seat + 1))}'
            f"{marker}</strong> · {facts}</li>"
        )
    legend = " · ".join(f"{good_mark(g, lang)} = {word(g, lang)}" for g in GOODS)
    goal = {2: 60, 3: 50, 4: 50}[v["players"]]
    info = UI.text("vw-info", lang, goal=goal)
    return (
        f'<div class="kikoto-panel" role="group" aria-label="{esc(UI.text("players", lang))}">'
        f'<ul style="list-style:none;margin:.3rem 0;padding:0;font-size:.7rem">{"".join(rows)}</ul>'
        f'<p class="kikoto-legend">{esc(legend)} · {esc(info)}</p></div>'
    )


def sentence(text: str) -> str:
    """A text that begins a sentence or a title: its first letter a capital ("az 1. játékos…" → "Az 1.…")."""
    return text[:1].upper() + text[1:]


def hand(state, seat: int, lang: str) -> str:
    """One seat's own hand: goods, gulden cards and special cards (only for the reader who is that seat)."""
    v = state.game.view(state, seat)
    p = v["seats"][seat]
    purse = p["purse"]
    coins = " + ".join(f"{purse[k]}×{k}" for k in ("10", "5", "2", "1") if purse.get(k)) or "0"
    specials = ", ".join(card_name(c, lang) for c in p["specials"]) or UI.text("vw-none", lang)
    goods = "".join(_good(2 + 16 * i, 2, g, lang, 14) for i, g in enumerate(_goods_list(p["goods"])))
    pic = (
        (
            f'<svg class="vw-hand-goods" width="{max(16, 16 * sum(p["goods"].values()) + 4)}" height="18" '
            f'viewBox="0 0 {max(16, 16 * sum(p["goods"].values()) + 4)} 18" aria-hidden="true" '
            f'xmlns="http://www.w3.org/2000/svg">{goods}</svg>'
        )
        if goods
        else ""
    )
    return (
        f'<div class="admonition note kikoto-hand" data-seat="{seat}"><p class="admonition-title">'
        f"{esc(sentence(VW.text('own-hand', lang, seat=seat_words(seat + 1))))}</p>"
        f"<p>{esc(UI.text('vw-hand-goods', lang))}: {pic} {esc(goods_words(p['goods'], lang))}<br>"
        f"{esc(UI.text('vw-hand-gulden', lang, value=money.value(purse), coins=coins))}<br>"
        f"{esc(UI.text('vw-hand-specials', lang))}: {esc(specials)}<br>"
        f"{esc(own_ships(p['ships'], lang))}</p></div>"
    )


def own_ships(ships: list, lang: str) -> str:
    """The reader's own loaded ships, which lie face down: only that player sees them (VW-4.3.1.3)."""
    listed = ", ".join(VW.text("describe-ship", lang, ship=s, vp=SHIPS[s]["vp"]) for s in ships if s in SHIPS)
    return VW.text(
        "hand-ships", lang, ships=listed or VW.text("goods-none", lang), vp=sum(SHIPS[s]["vp"] for s in ships if s in SHIPS)
    )
