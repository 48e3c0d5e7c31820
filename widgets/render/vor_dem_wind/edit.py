"""Vor dem Wind in the position editor (widgets/render/editor.py): the table's zones, what a tap
means, the counters, and the moves a tapped zone offers.

The "board" is the table: the three decks, the goods supply, the bank, the ships in port, the
revealed action cards, and for each player a hand of goods, a purse, a warehouse, the card or
money in front of them, special cards and loaded ships. Field ids: "deck:buy", "supply", "bank",
"port", "ship:N05", "revealed", "card:B12", and "<zone>:<seat>" (hand, purse, warehouse, slot,
specials, ships, seat).

Setting up is editing the position's JSON through the engine's editing operations
(engine/vor_dem_wind/edit.py), which keep the totals: a good comes out of the supply, a gulden card
out of the bank, a ship out of the sailed ships or its pile, an action card out of its deck, and each
goes back when removed. Whether the result is a possible position is the engine's to say.

The parts live in sibling modules: table.py (the table drawn as buttons), draft.py (field ids and
names), forms.py (the inspector and the counters) and ask.py (the moves a tapped zone offers); this
module joins them into EDITING.
"""

from __future__ import annotations

from engine.core import need
from engine.core.messages import N_
from engine.vor_dem_wind import edit, money
from engine.vor_dem_wind.components import CARDS, DECKS, GOODS, SHIP_SIZES, SHIPS, good_mark, name as word
from engine.vor_dem_wind.position import lenient

from ..editor import Editing, cmd_id, cmd_seat, tool_button
from ..html import esc
from ..ui import UI
from .ask import EditAsking
from .cards import DECK_FILL, GOODS_FILL, SHIP_FILL
from .draft import CARD_KINDS, SEAT_PART_ZONE, SEAT_ZONES, ZONE_KEYS, field_name, seats, split
from .forms import EditInspector
from .table import table_html

__all__ = ["CARD_KINDS", "EDITING", "VorDemWindEditing"]


class VorDemWindEditing(EditInspector, EditAsking, Editing):
    def field_name(self, fid, lang):
        """For a problem's place: the editor names the player from the problem's path already, so a
        player's zone is named without them (the inspector's heading names both)."""
        zone, arg = split(fid)
        if zone in SEAT_ZONES and zone != "seat" and isinstance(arg, int):
            return UI.text(ZONE_KEYS[zone], lang)
        return field_name(fid, lang)

    def fields_of(self, error_field, draft):
        """The zone an engine message's path names: state.seats[1].warehouse -> "warehouse:1"."""
        parts = [p for p in error_field.replace("]", "").replace("[", ".").split(".") if p][1:]
        if not parts:
            return set()
        head = parts[0]
        if head == "seats" and len(parts) > 1 and parts[1].isdigit():
            part = parts[2] if len(parts) > 2 else "seat"
            return {f"{SEAT_PART_ZONE.get(part, 'seat')}:{parts[1]}"}
        if head == "decks" and len(parts) > 1 and parts[1] in DECKS:
            return {"deck:" + parts[1]}
        if head in ("supply", "bank", "port", "revealed"):
            if head in ("port", "revealed") and len(parts) > 1 and parts[1].isdigit():
                items = draft.get(head) if isinstance(draft.get(head), list) else []  # (the path indexes the draft)
                i = int(parts[1])
                if i < len(items) and isinstance(items[i], str):
                    return {("ship:" if head == "port" else "card:") + items[i]}
            return {head}
        if head in ("ship_decks", "ship_discard"):
            return {"port"}
        if head in ("turn", "start") and draft.get(head) in range(seats(draft)):
            return {f"seat:{draft[head]}"}
        return set()

    def fixes(self, draft, problem, lang) -> list:
        """The engine's one-tap fix of a problem, where it has one (engine/vor_dem_wind/position.py),
        carried out by the editor's "fix" command; the piles' fix is offered once, in the game's
        settings (`counters`), however many piles are wrong."""
        fix = getattr(problem, "fix", None)
        if fix is None or fix.op == "settle_piles":
            return []
        return [(fix.message[lang], {"op": "fix", "name": fix.op, "args": fix.args})]

    def board(self, draft, lang, *, lit, marks, tappable):
        return table_html(draft, lang, marks={**marks, **{f: "problem" for f in lit}}, tappable=tappable)

    def marks(self, draft, tool, asked) -> dict:
        out = {}
        if isinstance(tool, dict) and isinstance(tool.get("at"), str):
            out[tool["at"]] = "selected"
        if isinstance(asked, dict):
            if asked.get("card") in CARDS:
                for fid in self._card_fields(draft, asked["card"]):
                    out.setdefault(fid, "target")
            for s in asked.get("ships") if isinstance(asked.get("ships"), list) else ():
                out.setdefault(f"ship:{s}", "target")
            if asked.get("deck") in DECKS:
                out.setdefault("deck:" + asked["deck"], "target")
        return out

    @staticmethod
    def _card_fields(draft, cid):
        draft = lenient(draft)
        if cid in draft["revealed"]:
            return ["card:" + cid]
        out = []
        for i, s in enumerate(draft["seats"]):
            if (s["slot"] or {}).get("card") == cid:
                out.append(f"slot:{i}")
            if cid in s["specials"]:
                out.append(f"specials:{i}")
        return out

    # -- setting up ----------------------------------------------------------------------------

    def palette(self, draft, tool, lang) -> str:
        """One row of pieces. On a phone it scrolls sideways and stays in sight below the modes as the
        page scrolls (kikoto.css: .vw-palette), so the eraser, the goods and the gulden cards, what a
        typical question takes, come first, in the short words a phone shows."""
        items = []

        def add(t, label, swatch="", short=""):
            items.append(tool_button(swatch, label, short, t, tool))

        # the eraser first in the page as on the screen: placed last and moved to the front by CSS, it
        # shifted the row sideways when a first paint came before the parser had reached it
        add({"erase": True}, UI.text("ed-erase", lang), "✕ ", "")
        for g in GOODS:
            add(
                {"good": g},
                word(g, lang),
                f'<span aria-hidden="true" style="background:{GOODS_FILL[g]};color:#212121;'
                f'border:1px solid #424242;border-radius:3px;padding:0 3px;font-weight:700">'
                f"{esc(good_mark(g, lang))}</span>",
            )
        for k in reversed(money.KEYS):  # 10, 5, 2, 1: as a purse is written
            add({"coin": k}, UI.text("vw-ed-coin", lang, n=k), "", f"{k} G")
        for size in ("large", "small"):
            add(
                {"ship": size},
                word(size, lang),
                f'<span class="kikoto-swatch" style="background:{SHIP_FILL[size]};border:1px solid #455a64"></span>',
                word(size, lang),
            )
        for kind in CARD_KINDS:
            deck = next(CARDS[c]["deck"] for c in CARDS if CARDS[c]["kind"] == kind)
            add(
                {"card": kind},
                word(kind, lang),
                f'<span class="kikoto-swatch" style="background:{DECK_FILL[deck]};border:1px solid #616161"></span>',
                word(kind, lang),
            )
        # one Tab stop, the arrow keys between the pieces (kikoto.js), as palette_row's; the row scrolls
        # inside the bar, so the bar's background stays whole under the row's fading cue
        return (
            f'<div class="kikoto-ed-palette vw-palette" role="toolbar" aria-label="{esc(UI.text("ed-palette", lang))}">'
            f'<div class="vw-palette-row">{"".join(items)}</div></div>'
        )

    def edit_tap(self, draft, tool, fid):
        """A tap with a tool: the engine's editing operations (engine/vor_dem_wind/edit.py) keep the totals."""
        zone, arg = split(fid)
        t = tool if isinstance(tool, dict) else {}
        seat = arg if zone in SEAT_ZONES and isinstance(arg, int) and arg < seats(draft) else None
        if "move" in t:
            return self._move(draft, t, zone, seat)
        if (
            zone == "seat" and seat is not None
        ):  # a player's name: a good goes to the hand, a coin to the purse, a ship to the loaded ones
            zone = "hand" if "good" in t else "purse" if "coin" in t else "ships" if "ship" in t else zone
        # a piece put down stays in hand, and the zone's panel opens at it
        put = {**{k: v for k, v in t.items() if k != "at"}, "at": fid}
        if t.get("good") in GOODS and seat is not None and zone in ("hand", "warehouse"):
            edit.add_good(draft, seat, "goods" if zone == "hand" else "warehouse", t["good"])
        elif t.get("coin") in money.KEYS and seat is not None and zone in ("purse", "slot"):
            edit.add_coin(draft, seat, zone, t["coin"])
        elif t.get("ship") in SHIP_SIZES and (zone in ("port", "ship") or (seat is not None and zone == "ships")):
            edit.add_ship(draft, t["ship"], "ships" if zone == "ships" else "port", seat)
        elif t.get("card") in CARD_KINDS and (
            zone in ("revealed", "card") or (seat is not None and zone in ("slot", "specials"))
        ):
            edit.add_card(draft, t["card"], "revealed" if zone == "card" else zone, seat)
        elif t.get("erase"):
            if self._several(draft, zone, seat):
                return draft, {"erase": True, "at": fid}  # which one? the zone's panel lists each with its ✕
            self._erase(draft, zone, arg, seat)
            return draft, {"erase": True}
        else:
            # no tool: the zone is selected, and the inspector below shows what is in it
            return draft, (None if t.get("at") == fid else {"at": fid})
        return draft, put

    @staticmethod
    def _several(draft, zone, seat) -> bool:
        """A zone holding several cards or ships, where the eraser must ask which."""
        if zone in ("specials", "ships") and seat is not None:
            return len(draft["seats"][seat][zone]) > 1
        return zone in ("port", "revealed") and len(draft[zone]) > 1

    @staticmethod
    def _move(draft, t, zone, seat):
        """The second tap of a move: the card or ship picked in the inspector goes to this zone."""
        what, item = t["move"], t.get("id")
        if (
            what == "card"
            and item in CARDS
            and (zone in ("revealed", "card", "deck") or (seat is not None and zone in ("slot", "specials")))
        ):
            edit.move_card(draft, item, "revealed" if zone == "card" else zone, seat)
            return draft, None
        if what == "ship" and item in SHIPS and (zone in ("port", "ship") or (seat is not None and zone == "ships")):
            edit.move_ship(draft, item, "ships" if zone == "ships" else "port", seat)
            return draft, None
        return draft, t

    @staticmethod
    def _erase(draft, zone, arg, seat):
        """The eraser: the last thing in the zone goes back where it came from."""
        if zone in ("hand", "warehouse") and seat is not None:
            edit.remove_good(draft, seat, "goods" if zone == "hand" else "warehouse")
        elif zone == "purse" and seat is not None:
            edit.remove_coin(draft, seat)
        elif zone == "slot" and seat is not None:
            slot = draft["seats"][seat]["slot"]
            if slot and "money" in slot:
                edit.return_slot_money(draft, seat)
            else:
                edit.clear_slot(draft, seat)
        elif zone == "specials" and seat is not None and draft["seats"][seat]["specials"]:
            edit.remove_card(draft, draft["seats"][seat]["specials"][-1])
        elif zone == "ships" and seat is not None and draft["seats"][seat]["ships"]:
            edit.remove_ship(draft, draft["seats"][seat]["ships"][-1])
        elif zone == "port" and draft["port"]:
            edit.remove_ship(draft, draft["port"][-1])
        elif zone == "ship" and arg in SHIPS:
            edit.remove_ship(draft, arg)
        elif zone == "revealed" and draft["revealed"]:
            edit.remove_card(draft, draft["revealed"][-1])
        elif zone == "card" and arg in CARDS:
            edit.remove_card(draft, arg)

    def command(self, draft, tool, cmd):
        """The inspector's buttons: remove a card or a ship, or pick one up to move it; and the fix for the
        piles that the problems offer."""
        do = cmd.get("do")
        if do == "move":
            what = need(cmd, "what", "string", "cmd", allowed=("card", "ship"))
            return draft, {
                "move": what,
                "id": cmd_id(cmd, "id", CARDS if what == "card" else SHIPS),
                "at": need(cmd, "field", "string", "cmd"),
            }
        if do == "remove-card":
            edit.remove_card(draft, cmd_id(cmd, "id", CARDS))
        elif do == "remove-ship":
            edit.remove_ship(draft, cmd_id(cmd, "id", SHIPS))
        elif do == "clear-slot":
            seat = cmd_seat(cmd, seats(draft))
            self._erase(draft, "slot", seat, seat)
        elif do == "settle-piles":
            edit.settle_piles(draft)
        return draft, tool

    def resize(self, draft, players: int):
        edit.resize(draft, players)
        return draft


EDITING = VorDemWindEditing()


# Interface words this module builds at run time (an action type, a field name…), listed for the extractor.
RUNTIME_KEYS = (
    N_("vw-ed-port"),
    N_("vw-ed-revealed-short"),
    N_("vw-act-start-goods"),
    N_("vw-act-reveal"),
    N_("vw-act-take"),
    N_("vw-act-offer"),
    N_("vw-act-pass"),
    N_("vw-act-reserve"),
    N_("vw-act-accept"),
    N_("vw-act-pay-off"),
    N_("vw-act-buy"),
    N_("vw-act-store"),
    N_("vw-act-decline"),
    N_("vw-act-load"),
    N_("vw-act-income"),
    N_("vw-act-free-buy"),
    N_("vw-act-keep-fresh"),
    N_("vw-act-buy-store"),
    N_("vw-act-swap"),
    N_("vw-act-market"),
    N_("vw-act-sell"),
    N_("vw-act-end-sale"),
    N_("vw-act-keep"),
    N_("vw-act-end-turn"),
    N_("vw-act-spoil"),
    N_("vw-arg-card"),
    N_("vw-arg-amount"),
    N_("vw-arg-deck"),
    N_("vw-arg-offerer"),
    N_("vw-arg-goods"),
    N_("vw-arg-ships"),
    N_("vw-arg-steps"),
    N_("vw-arg-from"),
    N_("vw-arg-good"),
    N_("vw-arg-discard"),
    N_("vw-arg-save"),
    N_("vw-arg-rescue"),
)
