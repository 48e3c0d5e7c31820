"""Vor dem Wind in the position editor (widgets/render/editor.py): the table's zones, what a tap
means, the counters, and the moves a tapped zone offers.

The "board" is the table: the three decks, the goods supply, the bank, the ships in port, the
revealed action cards, and for each player a hand of goods, a purse, a warehouse, the card or
money in front of them, special cards and loaded ships. Field ids: "deck:buy", "supply", "bank",
"port", "ship:N05", "revealed", "card:B12", and "<zone>:<seat>" (hand, purse, warehouse, slot,
specials, ships, seat).

Setting up is editing the position's JSON as the engine writes it, keeping the totals the editor
can: a good comes out of the supply, a gulden card out of the bank, a ship out of its pile, an
action card out of its deck, and each goes back when removed. Whether the result is a possible
position is the engine's to say.

The parts live in sibling modules: vor_dem_wind_table.py (the table drawn as buttons),
vor_dem_wind_fields.py (field ids, names, moving things while keeping totals),
vor_dem_wind_inspect.py (the inspector and the counters) and vor_dem_wind_ask.py (the moves a
tapped zone offers); this module joins them into EDITING.
"""

from __future__ import annotations

from engine.core.messages import N_
from engine.vor_dem_wind import money
from engine.vor_dem_wind.components import CARDS, DECKS, GOODS, PORT, SHIP_SIZES, SHIPS, good_mark
from engine.vor_dem_wind.components import name as word

from .editor import Editing, button
from .html import esc
from .ui import UI
from .vor_dem_wind import DECK_FILL, GOODS_FILL, SHIP_FILL
from .vor_dem_wind_ask import EditAsking
from .vor_dem_wind_fields import (CARD_KINDS, SEAT_PART_ZONE, SEAT_ZONES, ZONE_KEYS, _arr, _card_home, _card_places,
                                  _clear_slot, _obj, _pull_card, _pull_ship, _ship_home, _ship_places, _swap_value,
                                  _take_card, _take_ship, _tidy, field_name, path_value, seats, split)
from .vor_dem_wind_inspect import EditInspector
from .vor_dem_wind_table import table_html

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
            if len(parts) > 1 and parts[1].isdigit():
                items = _arr(draft.get(head))
                i = int(parts[1])
                if i < len(items) and isinstance(items[i], str):
                    return {("ship:" if head == "port" else "card:") + items[i]}
            return {head}
        if head in ("ship_decks", "ship_discard"):
            return {"port"}
        if head in ("turn", "start") and draft.get(head) in range(seats(draft)):
            return {f"seat:{draft[head]}"}
        return set()

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
            for s in _arr(asked.get("ships")):
                out.setdefault(f"ship:{s}", "target")
            if asked.get("deck") in DECKS:
                out.setdefault("deck:" + asked["deck"], "target")
        return out

    @staticmethod
    def _card_fields(draft, cid):
        if cid in _arr(draft.get("revealed")):
            return ["card:" + cid]
        out = []
        for i, s in enumerate(_arr(draft.get("seats"))):
            s = _obj(s)
            if _obj(s.get("slot")).get("card") == cid:
                out.append(f"slot:{i}")
            if cid in _arr(s.get("specials")):
                out.append(f"specials:{i}")
        return out

    # -- setting up ----------------------------------------------------------------------------

    def palette(self, draft, tool, lang) -> str:
        items = []

        def add(t, label, swatch=""):
            items.append(button(swatch + esc(label), {"op": "tool", "tool": t}, pressed=tool == t))

        for g in GOODS:
            add({"good": g}, word(g, lang), f'<span aria-hidden="true" style="background:{GOODS_FILL[g]};color:#212121;'
                                             f'border:1px solid #424242;border-radius:3px;padding:0 3px;font-weight:700">'
                                             f'{esc(good_mark(g, lang))}</span>')
        for k in money.KEYS:
            add({"coin": k}, UI.text("vw-ed-coin", lang, n=k))
        for size in ("large", "small"):
            add({"ship": size}, word(size, lang),
                f'<span class="kikoto-swatch" style="background:{SHIP_FILL[size]};border:1px solid #455a64"></span>')
        for kind in CARD_KINDS:
            deck = next(CARDS[c]["deck"] for c in CARDS if CARDS[c]["kind"] == kind)
            add({"card": kind}, word(kind, lang),
                f'<span class="kikoto-swatch" style="background:{DECK_FILL[deck]};border:1px solid #616161"></span>')
        add({"erase": True}, UI.text("ed-erase", lang), "✕ ")
        return (f'<div class="kikoto-ed-palette" role="group" aria-label="{esc(UI.text("ed-palette", lang))}">'
                + "".join(items) + "</div>")

    def edit_tap(self, draft, tool, fid):
        zone, arg = split(fid)
        t = tool if isinstance(tool, dict) else {}
        seat = draft["seats"][arg] if zone in SEAT_ZONES and isinstance(arg, int) and arg < seats(draft) else None
        if "move" in t:
            return self._move(draft, t, zone, arg, seat)
        if t.get("good") in GOODS and seat is not None and zone in ("hand", "warehouse"):
            g = t["good"]
            seat["goods" if zone == "hand" else "warehouse"][g] += 1
            if draft["supply"][g] > 0:
                draft["supply"][g] -= 1
            return draft, tool
        if t.get("coin") in money.KEYS and seat is not None and zone in ("purse", "slot"):
            k = t["coin"]
            if zone == "purse":
                seat["purse"][k] += 1
            else:
                if not (isinstance(seat.get("slot"), dict) and "money" in seat["slot"]):
                    _clear_slot(draft, arg)
                    seat["slot"] = {"money": money.empty()}
                seat["slot"]["money"][k] += 1
            if draft["bank"][k] > 0:
                draft["bank"][k] -= 1
            return draft, tool
        if t.get("ship") in SHIP_SIZES and (zone in ("port", "ship") or (seat is not None and zone == "ships")):
            sid = _take_ship(draft, t["ship"])
            if sid:
                (seat["ships"] if zone == "ships" else draft["port"]).append(sid)
            return draft, tool
        if t.get("card") in CARD_KINDS and (zone in ("revealed", "card") or (seat is not None and zone in ("slot", "specials"))):
            cid = _take_card(draft, t["card"])
            if cid:
                self._place_card(draft, cid, zone, arg)
            return draft, tool
        if t.get("erase"):
            self._erase(draft, zone, arg, seat)
            return draft, tool
        # no tool: the zone is selected, and the inspector below shows what is in it
        return draft, (None if t.get("at") == fid else {"at": fid})

    def _place_card(self, draft, cid, zone, arg):
        if zone in ("revealed", "card"):
            draft["revealed"].append(cid)
        elif zone == "slot":
            _clear_slot(draft, arg)
            face = "down" if draft.get("phase") == "execute" else "up"
            draft["seats"][arg]["slot"] = {"card": cid, "face": face}
        elif zone == "specials":
            draft["seats"][arg]["specials"].append(cid)
        elif zone == "deck":
            _card_home(draft, cid)

    def _move(self, draft, t, zone, arg, seat):
        """The second tap of a move: the card or ship picked in the inspector goes to this zone."""
        what, item = t["move"], t.get("id")
        if what == "card" and (zone in ("revealed", "card", "deck") or (seat is not None and zone in ("slot", "specials"))):
            if _pull_card(draft, item):
                self._place_card(draft, item, zone, arg)
            return draft, None
        if what == "ship" and (zone in ("port", "ship") or (seat is not None and zone == "ships")):
            if _pull_ship(draft, item):
                (seat["ships"] if zone == "ships" else draft["port"]).append(item)
            return draft, None
        return draft, t

    def _erase(self, draft, zone, arg, seat):
        if zone in ("hand", "warehouse") and seat is not None:
            pile = seat["goods" if zone == "hand" else "warehouse"]
            g = next((g for g in reversed(GOODS) if pile[g] > 0), None)
            if g:
                pile[g] -= 1
                draft["supply"][g] += 1
        elif zone == "purse" and seat is not None:
            k = next((k for k in money.KEYS if seat["purse"][k] > 0), None)
            if k:
                seat["purse"][k] -= 1
                draft["bank"][k] += 1
        elif zone == "slot" and seat is not None:
            slot = seat.get("slot")
            if isinstance(slot, dict) and isinstance(slot.get("money"), dict):
                money.add(draft["bank"], slot["money"])
                seat["slot"] = None
            else:
                _clear_slot(draft, arg)
        elif zone == "specials" and seat is not None and seat["specials"]:
            cid = seat["specials"][-1]
            _pull_card(draft, cid)
            _card_home(draft, cid)
        elif zone == "ships" and seat is not None and seat["ships"]:
            _ship_home(draft, seat["ships"].pop())
        elif zone == "port" and draft["port"]:
            _ship_home(draft, draft["port"].pop())
        elif zone == "ship" and _pull_ship(draft, arg):
            _ship_home(draft, arg)
        elif zone == "revealed" and draft["revealed"]:
            _card_home(draft, draft["revealed"].pop())
        elif zone == "card" and _pull_card(draft, arg):
            _card_home(draft, arg)

    def command(self, draft, tool, cmd):
        """The inspector's buttons: remove a card or a ship, or pick one up to move it."""
        do = cmd.get("do")
        if do == "move":
            return draft, {"move": cmd["what"], "id": cmd["id"], "at": cmd["field"]}
        if do == "remove-card" and _pull_card(draft, cmd["id"]):
            _card_home(draft, cmd["id"])
        elif do == "remove-ship" and _pull_ship(draft, cmd["id"]):
            _ship_home(draft, cmd["id"])
        elif do == "clear-slot":
            self._erase(draft, "slot", cmd["seat"], draft["seats"][cmd["seat"]])
        return draft, tool

    def resize(self, draft, players: int):
        """A table of `players`: seats kept or added; a seat removed gives back what it held, an added
        seat gets the starting purse (VW-3.0) from the bank."""
        old = draft["seats"]
        for i in range(len(old) - 1, players - 1, -1):
            s = old[i]
            _clear_slot(draft, i)
            for part in ("goods", "warehouse"):
                for g in GOODS:
                    draft["supply"][g] += s[part][g]
            money.add(draft["bank"], s["purse"])
            for c in s["specials"] + s["fresh"]:
                _card_home(draft, c)
            for sid in s["ships"]:
                _ship_home(draft, sid)
        seats_ = old[:players]
        while len(seats_) < players:
            purse = dict(money.START_PURSE)
            money.sub(draft["bank"], purse)
            seats_.append({"purse": purse, "goods": {g: 0 for g in GOODS}, "specials": [], "new_specials": [],
                           "warehouse": {g: 0 for g in GOODS}, "fresh": [], "ships": [], "slot": None,
                           "reserved_used": False})
        draft["seats"], draft["players"] = seats_, players
        # no more ships in port than arrive for this many players (VW-4.4.2)
        for size, most in zip(("large", "small"), PORT[players]):
            while sum(1 for s in draft["port"] if SHIPS.get(s, {}).get("size") == size) > most:
                sid = next(s for s in reversed(draft["port"]) if SHIPS.get(s, {}).get("size") == size)
                draft["port"].remove(sid)
                _ship_home(draft, sid)
        if isinstance(draft.get("round"), int):
            draft["start"] = (draft["round"] - 1) % players
        if not isinstance(draft.get("turn"), int) or draft["turn"] >= players:
            draft["turn"] = draft["start"]
        draft["auction"] = None
        _tidy(draft)
        return draft

    def after_set(self, draft, path, old):
        """Keeps totals: goods from the supply, gulden cards from the bank, a card or ship changed for one
        from its pile; and the phase's parts in step with the phase (and the start player with the round)."""
        try:
            new = path_value(draft, path)
            if len(path) == 4 and path[0] == "seats" and path[2] in ("goods", "warehouse", "purse"):
                self._keep_total(draft, "bank" if path[2] == "purse" else "supply", path[3], new, old)
            elif len(path) == 5 and path[2:4] == ["slot", "money"]:
                self._keep_total(draft, "bank", path[4], new, old)
            elif path[-1] == "card" or path[:1] == ["revealed"] or (len(path) == 4 and path[2] == "specials"):
                if new != old and new in CARDS and old in CARDS:
                    _swap_value(draft, list(_card_places(draft)), path, old, new, _card_home)
            elif path[:1] == ["port"] or (len(path) == 4 and path[2] == "ships"):
                if new != old and new in SHIPS and old in SHIPS:
                    _swap_value(draft, list(_ship_places(draft)), path, old, new, _ship_home)
            elif path in (["phase"], ["turn"]):
                _tidy(draft)
            elif path == ["round"] and isinstance(new, int) and new >= 1:
                draft["start"] = (new - 1) % seats(draft)
                if isinstance(draft.get("stage"), int) and draft["stage"] > new:
                    draft["stage"] = new
                _tidy(draft)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, ZeroDivisionError):
            pass  # a malformed draft is the engine's to name
        return draft

    @staticmethod
    def _keep_total(draft, pool, key, new, old):
        store = draft.get(pool)
        if isinstance(new, int) and isinstance(old, int) and isinstance(store, dict) and isinstance(store.get(key), int):
            if store[key] - (new - old) >= 0:
                store[key] -= new - old


EDITING = VorDemWindEditing()


# Interface words this module builds at run time (an action type, a field name…), listed for the extractor.
RUNTIME_KEYS = (
    N_("vw-ed-port"), N_("vw-ed-revealed-short"), N_("vw-act-start-goods"), N_("vw-act-reveal"),
    N_("vw-act-take"), N_("vw-act-offer"), N_("vw-act-pass"), N_("vw-act-reserve"),
    N_("vw-act-accept"), N_("vw-act-pay-off"), N_("vw-act-buy"), N_("vw-act-store"),
    N_("vw-act-decline"), N_("vw-act-load"), N_("vw-act-income"), N_("vw-act-free-buy"),
    N_("vw-act-keep-fresh"), N_("vw-act-buy-store"), N_("vw-act-swap"), N_("vw-act-market"),
    N_("vw-act-sell"), N_("vw-act-end-sale"), N_("vw-act-keep"), N_("vw-act-end-turn"),
    N_("vw-act-spoil"), N_("vw-arg-player"), N_("vw-arg-card"), N_("vw-arg-amount"),
    N_("vw-arg-deck"), N_("vw-arg-offerer"), N_("vw-arg-goods"), N_("vw-arg-ships"),
    N_("vw-arg-steps"), N_("vw-arg-from"), N_("vw-arg-good"), N_("vw-arg-discard"),
    N_("vw-arg-save"), N_("vw-arg-rescue"),
)
