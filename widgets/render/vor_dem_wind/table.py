"""Vor dem Wind's table for the position editor (edit.py).

The whole position, hidden parts included (the players set it up themselves), drawn from a draft
that may not load, as the engine reads any draft (position.lenient): what is of the wrong type is
drawn empty, an unknown card or ship as "?" (the engine's message says what is wrong). Each zone is
an HTML button (data-tap = its field id) large enough to tap on a phone.
"""

from __future__ import annotations

from engine.core.messages import N_
from engine.vor_dem_wind import money
from engine.vor_dem_wind.components import CARDS, DECKS, GOODS, SHIPS, WAREHOUSE_PLACES, card_name, good_mark, name as word
from engine.vor_dem_wind.messages import CATALOG as VW
from engine.vor_dem_wind.position import lenient

from ..html import esc, scroll_region
from ..ui import UI
from .cards import DECK_FILL, DECK_STROKE, GOODS_FILL, PLAYER_COLOURS, card_lines, goods_words, phase_words

# Small words (12 px, the site's smallest are 11 px) and little padding: on a phone the whole table
# is about a screen high, the players' parts below the common part (kikoto.css: .vw-table).
ZONE_STYLE = (
    "position:relative;display:block;width:100%;min-width:0;min-height:44px;margin:0;padding:.2rem .3rem;"
    "text-align:left;border-radius:.3rem;font-size:.6rem;line-height:1.3;color:#212121;cursor:pointer;"
    "overflow-wrap:anywhere;"
)
# A mark's 3 px border takes the room of a plain zone's 1 px border and 2 px of its padding: a zone
# marked or let go is the same size, and moves nothing around it.
MARK_STYLE = {
    None: "border:1px solid #90a4ae;background:#ffffff;padding:calc(.2rem + 2px) calc(.3rem + 2px);",
    "selected": "border:3px solid #ff6f00;background:#fff3e0;",
    "target": "border:3px solid #1b5e20;background:#e8f5e9;",
    "problem": "border:3px solid #c62828;background:#ffebee;",
    "refused": "border:3px dashed #c62828;background:#ffffff;",  # a refused move's destination
}
# the common part's rows: three zones across, on a phone too
GRID = "display:grid;gap:.25rem;margin:.25rem 0;grid-template-columns:repeat({n},minmax(0,1fr));"
# the name of a row of the players' parts, above it across all the players' columns
ROW_STYLE = "grid-column:1/-1;margin:.1rem 0 -.15rem;font-size:.55rem;line-height:1.2;font-weight:700;color:#37474f;"


def chip(g, n, lang) -> str:
    """A goods kind with a count, in the goods' colour (the code and the count, never the colour alone)."""
    return (
        f'<span style="display:inline-block;background:{GOODS_FILL[g]};border:1px solid #424242;border-radius:3px;'
        f'padding:0 2px;margin:1px 2px 1px 0;font-weight:700;font-size:.6rem;color:#212121">'
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
    head = f"<strong>{esc(title)}</strong>" if title else ""
    inner = f"{head}<br>{body}" if head and body else head or body
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


# A player's parts, in the order of the table's rows: (zone, the row's words).
# The goods and money a position is set up with first, on the screen as the page opens; the cards a
# question is asked with next, nearest the panel below the table where a tap on them answers.
SEAT_PARTS = (
    ("hand", N_("vw-ed-hand")),
    ("purse", N_("vw-ed-purse")),
    ("warehouse", N_("vw-warehouse")),
    ("slot", N_("vw-ed-slot")),
    ("specials", N_("vw-hand-specials")),
    ("ships", N_("vw-ed-ships")),
)


def _seat_head(draft, seat, lang, marks, tappable):
    """`draft`: the lenient reading. The player's name, their marks (to move ▶, start player ⚑) and points."""
    s = draft["seats"][seat]
    who = UI.text("seat", lang, n=seat + 1)
    colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    vp = sum(SHIPS[x]["vp"] for x in s["ships"] if x in SHIPS)
    signs = (" ▶" if draft.get("turn") == seat and draft.get("phase") != "over" else "") + (
        " ⚑" if draft.get("start") == seat else ""
    )
    return zone(
        f"seat:{seat}",
        f"{who}{signs}",
        esc(UI.text("vw-vp-count", lang, n=vp)),
        f"{who}{signs}, {VW.plural('vp-count', vp, lang)}",
        marks,
        tappable,
        f"border-top:6px solid {colour};",
    )


def _seat_part(draft, seat, part, lang):
    """A part of a player's: (what the table shows, in HTML; its words in full)."""
    s = draft["seats"][seat]
    if part == "hand":
        return goods_chips(s["goods"], lang), goods_words(s["goods"], lang)
    if part == "purse":
        return esc(coins_words(s["purse"])), coins_words(s["purse"])
    if part == "warehouse":
        ware = s["warehouse"]
        used = sum(ware.values())
        fresh = "".join(f" ❄{CARDS[c]['count']}" for c in s["fresh"] if c in CARDS)
        return goods_chips(
            ware, lang
        ) + f" {used}/{WAREHOUSE_PLACES}{fresh}", f"{goods_words(ware, lang)}, {used}/{WAREHOUSE_PLACES}"
    if part == "slot":
        slot = s["slot"]
        if slot is not None and "card" in slot:
            face = UI.text("vw-face-down" if slot["face"] == "down" else "vw-face-up", lang)
            words = f"{card_words(slot['card'], lang)} ({face})"
        elif slot is not None:
            words = UI.text("vw-money", lang, n=money.value(slot["money"]))
        else:
            words = UI.text("ed-empty", lang)
        return esc(words), words
    if part == "specials":
        words = ", ".join(card_words(c, lang) for c in s["specials"]) or UI.text("vw-none", lang)
        return esc(words), words
    ships = [x for x in s["ships"] if x in SHIPS]
    words = ", ".join(ship_words(x, lang) for x in ships) or UI.text("vw-none", lang)
    shown = ", ".join(UI.text("vw-vp-count", lang, n=SHIPS[x]["vp"]) if x in SHIPS else "?" for x in s["ships"])
    return esc(shown or "–"), words


def _players(draft, lang, marks, tappable):
    """The players side by side, one column each, a row for each of their parts under the row's name:
    on a phone too, so every player's parts are on one screen below the table's common part."""
    n = len(draft["seats"])
    cells = [_seat_head(draft, seat, lang, marks, tappable) for seat in range(n)]
    for part, key in SEAT_PARTS:
        title = UI.text(key, lang)
        cells.append(f'<p aria-hidden="true" style="{ROW_STYLE}">{esc(title)}</p>')
        for seat in range(n):
            body, words = _seat_part(draft, seat, part, lang)
            who = UI.text("seat", lang, n=seat + 1)
            # the row's name, said to a screen reader within the button (the screen shows it above the row)
            said = f'<span class="kikoto-sr">{esc(who)}, {esc(title)}: </span>'
            cells.append(zone(f"{part}:{seat}", "", said + body, f"{who}, {title}: {words}", marks, tappable))
    return (
        f'<div role="group" aria-label="{esc(UI.text("players", lang))}" '
        f'style="display:grid;gap:.25rem;margin:.3rem 0;grid-template-columns:repeat({n},minmax(0,1fr))">'
        + "".join(cells)
        + "</div>"
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
    """The editor's table: the players side by side, the round, then the common part: the decks, supply and bank,
    the ships in port, the revealed cards (on a phone in one row that scrolls sideways, kikoto.css:
    .vw-common, so the players' parts and the panel below the table are on one screen)."""
    marks = marks or {}
    draft = lenient(draft)
    supply, bank, port, revealed = draft["supply"], draft["bank"], draft["port"], draft["revealed"]
    port_title = VW.plural("port-title", len(port), lang)
    shown = UI.text("vw-ed-revealed", lang, n=len(revealed))
    common = [
        *(_deck_zone(draft, d, lang, marks, tappable) for d in DECKS),
        zone(
            "supply",
            UI.text("vw-ed-supply", lang),
            goods_chips(supply, lang),
            f"{UI.text('vw-ed-supply', lang)}: {goods_words(supply, lang)}",
            marks,
            tappable,
        ),
        zone(
            "bank",
            UI.text("vw-bank", lang),
            esc(coins_words(bank)),
            f"{UI.text('vw-bank', lang)}: {coins_words(bank)}",
            marks,
            tappable,
        ),
        # the port and the revealed cards come before their ships and cards, as zones (a tap there adds one)
        zone("port", port_title, "", port_title, marks, tappable),
        *(_ship_zone(x, lang, marks, tappable) for x in port),
        zone("revealed", shown, "", shown, marks, tappable),
        *(_card_zone(c, lang, marks, tappable) for c in revealed),
    ]
    named = [word(d, lang) for d in DECKS] + [UI.text(k, lang) for k in ("vw-ed-supply", "vw-bank", "vw-ed-port")]
    # the whole table in the page's flow, never in a box of its own that scrolls: the inline style wins
    # over kikoto.css's phone rule for .vw-table (max-height, overflow), which hid most of it
    return (
        f'<div class="vw-table" role="group" aria-label="{esc(UI.text("vw-ed-table", lang))}" '
        f'style="max-width:40rem;max-height:none;overflow:visible;border-bottom:0">'
        + _players(draft, lang, marks, tappable)
        # the round below the players, so their parts come first on a phone's screen
        + f'<p style="margin:.3rem 0 0;font-size:.6rem;font-weight:700">{_head(draft, lang)}</p>'
        + f'<div class="vw-common"{scroll_region(", ".join(named))}>{"".join(common)}</div>'
        + "</div>"
    )
