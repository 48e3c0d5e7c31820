"""Black Fleet in the position editor (widgets/render/editor.py): its ships and cubes, what a tap
means (a seat's row under the map opens that seat's panel), its counters, and the moves a tapped
ship or field offers.

Setting up is editing the position's JSON as the engine writes it, through the engine's editing
operations (engine/black_fleet/edit.py), which keep the totals: cubes between the stocks and the
holds, cards between the piles and the hands, doubloons, the seats' finished turns. Whether the
result is a possible position is the engine's to say.
"""

from __future__ import annotations

from engine import load_game
from engine.black_fleet import components as C, edit as E
from engine.core import need
from engine.core.edit import change_setting
from engine.core.messages import N_

from ..editor import Editing, cmd_id, cmd_seat
from ..html import pan_box
from ..ui import UI
from .ask import AskMixin
from .board import CELL, FONT, TAP_BAND, _bounds, board_svg, seat_tap, seat_tapped
from .draft import LAND, PLACES, SEAT_PART, SHIP_KINDS, _pieces_at, field_name, seats
from .forms import FormsMixin

GAME = load_game("black-fleet")


class BlackFleetEditing(FormsMixin, AskMixin, Editing):
    field_ids = PLACES | frozenset(LAND)

    def field_name(self, fid, lang):
        return field_name(fid, lang)

    def fields_of(self, error_field, draft):
        """Besides the places a path names: a seat's hold lights its merchant, its treasure its pirate,
        and anything of a seat lights its row under the map (where its panel opens)."""
        found = super().fields_of(error_field, draft)
        m = SEAT_PART.match(error_field)
        if m:
            seat, part = int(m.group(1)), m.group(2)
            found.add(seat_tap(seat))
            kind = "merchant" if part in ("merchant", "cargo") else "pirate" if part in ("pirate", "treasure") else None
            s = seats(draft)[seat] if seat < len(seats(draft)) and isinstance(seats(draft)[seat], dict) else {}
            if kind and s.get(kind) in PLACES:
                found.add(s[kind])
        return found

    def board(self, draft, lang, *, lit, marks, tappable):
        svg = board_svg(draft, lang, marks={**marks, **{f: "problem" for f in lit}}, tappable=tappable, band=TAP_BAND)
        x0, _, x1, _ = _bounds(len(seats(draft)), TAP_BAND)
        # each sea field at least a finger wide: on a phone the board scrolls sideways in its box
        return pan_box(svg, UI.text("bf-board", lang), x1 - x0, FONT, field=CELL)

    def marks(self, draft, tool, asked) -> dict:
        out = {}
        if isinstance(tool, dict) and (tool.get("at") in PLACES or seat_tapped(tool.get("at")) is not None):
            out[tool["at"]] = "selected"
        if isinstance(asked, dict):
            for key in ("to", "field", "port", "area"):
                if asked.get(key) in PLACES:
                    out.setdefault(asked[key], "target")
            for key in ("target",):  # the ship attacked: where it stands
                who = asked.get(key)
                kind = "merchant" if asked.get("type") == "steal" else "pirate"
                if isinstance(who, int) and 0 <= who < len(seats(draft)) and seats(draft)[who].get(kind) in PLACES:
                    out.setdefault(seats(draft)[who][kind], "target")
        return out

    def edit_tap(self, draft, tool, place):
        t = tool if isinstance(tool, dict) else {}
        if seat_tapped(place) is not None:  # a seat's row: its panel opens (again: closes), a piece stays in hand
            held = {k: v for k, v in t.items() if k not in ("at", "move")}
            return draft, (held or None) if t.get("at") == place else {**held, "at": place}
        if place not in PLACES:
            return draft, tool
        draft = E.full(draft)
        # a piece put down stays in hand, and the place's panel opens at it
        held = {k: v for k, v in t.items() if k != "at"}
        for kind in SHIP_KINDS:
            if isinstance(t.get(kind), int) and t[kind] < len(seats(draft)):
                return E.put(draft, kind, t[kind], place), {**held, "at": place}
        if t.get("warship") in C.WARSHIPS:
            return E.put(draft, "warship", t["warship"], place), {**held, "at": place}
        if t.get("cube") in C.COLOURS:  # into the hold of a merchant here, or else as the treasure of a pirate here
            return E.add_cube(draft, t["cube"], place), {**held, "at": place}
        if t.get("erase"):
            ships = [p for p in _pieces_at(draft, place) if p[0] != "warship"]
            if len(ships) > 1:
                return draft, {"erase": True, "at": place}  # which one? the place's panel lists each with its ✕
            if ships:
                E.take_off(draft, *ships[-1])
            return draft, {"erase": True}
        if "move" in t and t.get("at") in PLACES:
            kind, who = t["move"]
            if place != t["at"] and (kind, who) in _pieces_at(draft, t["at"]):
                E.put(draft, kind, who, place)
            return draft, {"at": place}
        # no tool: the place is selected, and the inspector below shows what is on it
        return draft, (None if tool == {"at": place} else {"at": place})

    def command(self, draft, tool, cmd):
        """The inspector's buttons: take a ship off, take it to move it, or take one cube out."""
        do, n = cmd.get("do"), len(seats(draft))
        if do in ("remove", "move", "remove-cube"):
            # a seat's merchant or pirate, or (to move) a warship of the navy, named by its colour
            kind = need(cmd, "kind", "string", "cmd", allowed=SHIP_KINDS + ("warship",))
            who = cmd_id(cmd, "who", C.WARSHIPS) if kind == "warship" else need(cmd, "who", "integer", "cmd", low=0, high=n - 1)
            if do == "remove":
                E.take_off(draft, kind, who)
            elif do == "move":
                tool = {"move": [kind, who], "at": cmd_id(cmd, "field", PLACES)}
            elif kind != "warship":
                E.remove_cube(draft, who, kind, need(cmd, "index", "integer", "cmd", default=0))
        elif do in ("take-coin", "return-coin"):  # a doubloon from the bank, or back to it
            draft = E.full(draft)
            (E.take_coin if do == "take-coin" else E.return_coin)(draft, cmd_seat(cmd, n))
        return draft, tool

    def resize(self, draft, players: int):
        """A table of `players`, the draft carried over (engine/core/edit.py): seats added, or kept
        beyond the table for the problem's fix to return them."""
        return change_setting(GAME, draft, "players", players)


EDITING = BlackFleetEditing()


# Interface words this module builds at run time ("vw-act-" + type, …), listed for the extractor.
RUNTIME_KEYS = (
    N_("bf-ed-merchant"),
    N_("bf-ed-pirate"),
    N_("bf-ed-moved"),
    N_("bf-ed-acted"),
    N_("bf-ed-buy-development"),
    N_("bf-ed-buy-victory"),
    N_("bf-act-place"),
    N_("bf-act-play"),
    N_("bf-act-move"),
    N_("bf-act-sink"),
    N_("bf-act-sell"),
    N_("bf-act-load"),
    N_("bf-act-steal"),
    N_("bf-act-bury"),
    N_("bf-act-fate"),
    N_("bf-act-end-moves"),
    N_("bf-act-discard"),
    N_("bf-act-buy"),
    N_("bf-act-end-turn"),
    N_("bf-arg-ship"),
    N_("bf-arg-port"),
    N_("bf-arg-field"),
    N_("bf-arg-area"),
    N_("bf-arg-card"),
    N_("bf-arg-discard"),
    N_("bf-arg-to"),
    N_("bf-arg-target"),
    N_("bf-arg-colour"),
    N_("bf-arg-value"),
    N_("bf-ed-opt-schematic"),
    N_("bf-ed-opt-none"),
)
