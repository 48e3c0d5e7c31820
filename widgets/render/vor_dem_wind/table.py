"""Vor dem Wind's table for the position editor (edit.py).

The whole position, hidden parts included (the players set it up themselves), drawn from a draft
that may not load, as the engine reads any draft (position.lenient): what is of the wrong type is
drawn empty, an unknown card or ship as "?" (the engine's message says what is wrong). Each zone is
an HTML button (data-tap = its field id) large enough to tap on a phone.
"""

from __future__ import annotations

from engine.vor_dem_wind import money
from engine.vor_dem_wind.components import CARDS, DECKS, GOODS, SHIPS, WAREHOUSE_PLACES, card_name, good_mark, name as word
from engine.vor_dem_wind.messages import CATALOG as VW
from engine.vor_dem_wind.position import lenient

from ..html import esc
from ..ui import UI
from .cards import DECK_FILL, DECK_STROKE, GOODS_FILL, PLAYER_COLOURS, card_lines, goods_words, phase_words

ZONE_STYLE = (
    "display:block;width:100%;min-height:44px;margin:0;padding:.25rem .4rem;text-align:left;"
    "border-radius:.3rem;font-size:.7rem;line-height:1.35;color:#212121;cursor:pointer;"
)
# A mark's 3 px border takes the room of a plain zone's 1 px border and 2 px of its padding: a zone
# marked or let go is the same size, and moves nothing around it.
MARK_STYLE = {
    None: "border:1px solid #90a4ae;background:#ffffff;padding:calc(.25rem + 2px) calc(.4rem + 2px);",
    "selected": "border:3px solid #ff6f00;background:#fff3e0;",
    "target": "border:3px solid #1b5e20;background:#e8f5e9;",
    "problem": "border:3px solid #c62828;background:#ffebee;",
    "refused": "border:3px dashed #c62828;background:#ffffff;",  # a refused move's destination
}
GRID = "display:grid;gap:.3rem;margin:.3rem 0;grid-template-columns:repeat(auto-fill,minmax({w},1fr));"


def chip(g, n, lang) -> str:
    """A goods kind with a count, in the goods' colour (the code and the count, never the colour alone)."""
    return (
        f'<span style="display:inline-block;background:{GOODS_FILL[g]};border:1px solid #424242;border-radius:3px;'
        f'padding:0 3px;margin:1px 2px 1px 0;font-weight:700;font-size:.7rem;color:#212121">'
        f"{esc(good_mark(g, lang))}&#8239;{n}</span>"
    )


def goods_chips(counts, lang) -> str:
    """`counts`: a goods count of every kind (as the lenient reading gives it)."""
    out = "".join(chip(g, counts[g], lang) for g in GOODS if counts[g])
    return out or "–"


def coins_words(purse) -> str:
    """`purse`: a count of every gulden card (as the lenient reading gives it)."""
    parts = [f"{purse[k]}×{k}" for k in ("10", "5", "2", "1") if purse[k]]
    return f"{money.value(purse)} G" + (f" ({' + '.join(parts)})" if parts else "")


def card_words(cid, lang) -> str:
    return card_name(cid, lang) if cid in CARDS else f"? {cid}"


def ship_words(sid, lang) -> str:
    if sid not in SHIPS:
        return f"? {sid}"
    s = SHIPS[sid]
    return f"{word(s['size'], lang)}, {UI.text('vw-vp-count', lang, n=s['vp'])}"


def zone(fid, title, body, label, marks, tappable, extra="") -> str:
    style = ZONE_STYLE + MARK_STYLE.get(marks.get(fid), MARK_STYLE[None]) + extra
    head = f'<strong style="font-size:.7rem">{esc(title)}</strong>'
    inner = f"{head}<br>{body}" if body else head
    if not tappable:
        return f'<div role="img" aria-label="{esc(label)}" style="{style}">{inner}</div>'
    key = esc('tap:"' + fid + '"')
    pressed = "true" if marks.get(fid) == "selected" else "false"
    # the button is named by what it shows, and the fuller words describe it (WCAG 2.5.3: label in name)
    return (
        f'<button type="button" data-tap="{esc(fid)}" data-key="{key}" aria-pressed="{pressed}" '
        f'title="{esc(label)}" style="{style}">{inner}</button>'
    )


def _unknown(fid, what, lang, marks, tappable):
    """An id the data does not hold (a reader's draft may have any): shown as unknown."""
    return zone(fid, "?", esc(what), f"? {what}", marks, tappable)


def _ship_zone(sid, lang, marks, tappable):
    if sid not in SHIPS:
        return _unknown("ship:" + sid, sid, lang, marks, tappable)
    s = SHIPS[sid]
    demand = goods_chips(s["demand"], lang)
    title = f"{word(s['size'], lang)} · {UI.text('vw-vp-count', lang, n=s['vp'])}"
    label = f"{ship_words(sid, lang)}, {UI.text('vw-demand', lang)}: {goods_words(s['demand'], lang)}"
    return zone("ship:" + sid, title, demand, label, marks, tappable)


def _card_zone(cid, lang, marks, tappable):
    if cid not in CARDS:
        return _unknown("card:" + cid, cid, lang, marks, tappable)
    first, second = card_lines(cid, lang)
    c = CARDS[cid]
    extra = f"background:{DECK_FILL[c['deck']]};" if not marks.get("card:" + cid) else ""
    return zone("card:" + cid, first, f"{esc(second)} · {cid}", card_words(cid, lang), marks, tappable, extra)


def _seat_zones(draft, seat, lang, marks, tappable):
    """`draft`: the lenient reading."""
    s = draft["seats"][seat]
    who = UI.text("seat", lang, n=seat + 1)
    colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    ships = [x for x in s["ships"] if x in SHIPS]
    vp = sum(SHIPS[x]["vp"] for x in ships)
    marks_ = (" ▶" if draft.get("turn") == seat and draft.get("phase") != "over" else "") + (
        " ⚑" if draft.get("start") == seat else ""
    )
    head = zone(
        f"seat:{seat}",
        f"{who}{marks_} · {UI.text('vw-vp-count', lang, n=vp)}",
        "",
        f"{who}{marks_}, {VW.plural('vp-count', vp, lang)}",
        marks,
        tappable,
        f"border-left:8px solid {colour};",
    )
    parts = []

    def add(part, title, body, words):
        fid = f"{part}:{seat}"
        parts.append(zone(fid, title, body, f"{who}, {title}: {words}", marks, tappable))

    add("hand", UI.text("vw-ed-hand", lang), goods_chips(s["goods"], lang), goods_words(s["goods"], lang))
    add("purse", UI.text("vw-ed-purse", lang), esc(coins_words(s["purse"])), coins_words(s["purse"]))
    ware = s["warehouse"]
    used = sum(ware.values())
    fresh = [c for c in s["fresh"] if c in CARDS]
    body = goods_chips(ware, lang) + f" {used}/{WAREHOUSE_PLACES}" + "".join(f" ❄{CARDS[c]['count']}" for c in fresh)
    add("warehouse", UI.text("vw-warehouse", lang), body, f"{goods_words(ware, lang)}, {used}/{WAREHOUSE_PLACES}")
    slot = s["slot"]
    if slot is not None and "card" in slot:
        face = UI.text("vw-face-down" if slot["face"] == "down" else "vw-face-up", lang)
        words = f"{card_words(slot['card'], lang)} ({face})"
    elif slot is not None:
        words = UI.text("vw-money", lang, n=money.value(slot["money"]))
    else:
        words = UI.text("ed-empty", lang)
    add("slot", UI.text("vw-ed-slot", lang), esc(words), words)
    words = ", ".join(card_words(c, lang) for c in s["specials"]) or UI.text("vw-none", lang)
    add("specials", UI.text("vw-hand-specials", lang), esc(words), words)
    words = ", ".join(ship_words(x, lang) for x in ships) or UI.text("vw-none", lang)
    shown = ", ".join(UI.text("vw-vp-count", lang, n=SHIPS[x]["vp"]) if x in SHIPS else "?" for x in ships)
    add("ships", UI.text("vw-ed-ships", lang), esc(shown or "–"), words)
    return (
        f'<div role="group" aria-label="{esc(who)}" style="margin:.5rem 0">{head}'
        f'<div style="{GRID.format(w="5rem")}">{"".join(parts)}</div></div>'
    )


def _deck_zone(draft, deck, lang, marks, tappable):
    draw, discard = len(draft["decks"][deck]["draw"]), len(draft["decks"][deck]["discard"])
    title = word(deck, lang)
    extra = f"background:{DECK_FILL[deck]};border-left:6px solid {DECK_STROKE[deck]};" if not marks.get("deck:" + deck) else ""
    return zone(
        "deck:" + deck,
        title,
        esc(UI.text("vw-deck-short", lang, draw=draw, discard=discard)),
        VW.plural("deck-title", draw, lang, deck=title, discard=discard),
        marks,
        tappable,
        extra,
    )


def _head(draft, lang):
    start = draft["start"]
    return esc(
        UI.text(
            "vw-head",
            lang,
            round="?" if draft["round"] is None else draft["round"],
            stage="?" if draft["stage"] is None else draft["stage"],
            start="?" if start is None else start + 1,
            phase=phase_words(draft["phase"], lang),
        )
    )


def table_html(draft, lang: str, *, marks=None, tappable=False) -> str:
    """The editor's table: decks, supply, bank, port, revealed cards, then one group per player."""
    marks = marks or {}
    draft = lenient(draft)
    # the whole table in the page's flow, never in a box of its own that scrolls: the inline style wins
    # over kikoto.css's phone rule for .vw-table (max-height, overflow), which hid most of it
    parts = [
        f'<div class="vw-table" role="group" aria-label="{esc(UI.text("vw-ed-table", lang))}" '
        f'style="max-width:40rem;max-height:none;overflow:visible;border-bottom:0">',
        f'<p style="margin:.2rem 0;font-size:.7rem;font-weight:700">{_head(draft, lang)}</p>',
    ]
    parts.append(
        f'<div style="{GRID.format(w="4.8rem")}grid-template-columns:repeat(3,1fr)">'
        + "".join(_deck_zone(draft, d, lang, marks, tappable) for d in DECKS)
        + "</div>"
    )
    supply, bank = draft["supply"], draft["bank"]
    parts.append(
        f'<div style="{GRID.format(w="7rem")}">'
        + zone(
            "supply",
            UI.text("vw-ed-supply", lang),
            goods_chips(supply, lang),
            f"{UI.text('vw-ed-supply', lang)}: {goods_words(supply, lang)}",
            marks,
            tappable,
        )
        + zone(
            "bank",
            UI.text("vw-bank", lang),
            esc(coins_words(bank)),
            f"{UI.text('vw-bank', lang)}: {coins_words(bank)}",
            marks,
            tappable,
        )
        + "</div>"
    )
    port = draft["port"]
    parts.append(
        zone("port", VW.plural("port-title", len(port), lang), "", VW.plural("port-title", len(port), lang), marks, tappable)
    )
    parts.append(
        f'<div style="{GRID.format(w="7rem")}">' + "".join(_ship_zone(s, lang, marks, tappable) for s in port) + "</div>"
    )
    revealed = draft["revealed"]
    parts.append(
        zone(
            "revealed",
            UI.text("vw-ed-revealed", lang, n=len(revealed)),
            "",
            UI.text("vw-ed-revealed", lang, n=len(revealed)),
            marks,
            tappable,
        )
    )
    parts.append(
        f'<div style="{GRID.format(w="7rem")}">' + "".join(_card_zone(c, lang, marks, tappable) for c in revealed) + "</div>"
    )
    for seat in range(len(draft["seats"])):
        parts.append(_seat_zones(draft, seat, lang, marks, tappable))
    parts.append("</div>")
    return "".join(parts)
