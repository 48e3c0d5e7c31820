"""Black Fleet in the position editor (widgets/render/editor.py): its ships and cubes, what a tap
means, its counters, and the moves a tapped ship or field offers.

Setting up is editing the position's JSON as the engine writes it. The editor keeps the totals it
can: a cube put into a hold or a pirate's treasure comes out of its port's stock and goes back when
removed; a card taken into a hand or played comes out of the draw pile; doubloons keep
coins = earned − spent; the seats' finished turns follow the round and whose turn it is. Whether
the result is a possible position is the engine's to say.
"""

from __future__ import annotations

from engine.core.messages import N_


from engine.black_fleet import components as C

from .black_fleet import board_svg
from .editor import Editing
from .black_fleet_draft import (LAND, PLACES, SEAT_PART, SHIP_KINDS, _colours, _fresh_seat, _from_stock,
                                _full, _hands, _money, _pieces_at, _put, _refresh_turns, _swap_card,
                                _take_off, _to_stock, field_name, seats)
from .black_fleet_ask import AskMixin
from .black_fleet_forms import FormsMixin


class BlackFleetEditing(FormsMixin, AskMixin, Editing):
    field_ids = PLACES | frozenset(LAND)

    def field_name(self, fid, lang):
        return field_name(fid, lang)

    def fields_of(self, error_field, draft):
        """Besides the places a path names: a seat's hold lights its merchant, its treasure its pirate."""
        found = super().fields_of(error_field, draft)
        m = SEAT_PART.match(error_field)
        if m:
            seat, part = int(m.group(1)), m.group(2)
            kind = "merchant" if part in ("merchant", "cargo") else "pirate" if part in ("pirate", "treasure") else None
            s = seats(draft)[seat] if seat < len(seats(draft)) and isinstance(seats(draft)[seat], dict) else {}
            if kind and s.get(kind) in PLACES:
                found.add(s[kind])
        return found

    def board(self, draft, lang, *, lit, marks, tappable):
        return board_svg(draft, lang, marks={**marks, **{f: "problem" for f in lit}}, tappable=tappable)

    def marks(self, draft, tool, asked) -> dict:
        out = {}
        if isinstance(tool, dict) and tool.get("at") in PLACES:
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
        if place not in PLACES:
            return draft, tool
        draft = _full(draft)
        t = tool if isinstance(tool, dict) else {}
        for kind in SHIP_KINDS:
            if isinstance(t.get(kind), int) and t[kind] < len(seats(draft)):
                _put(draft, kind, t[kind], place)
                return draft, tool
        if t.get("warship") in C.WARSHIPS:
            _put(draft, "warship", t["warship"], place)
            return draft, tool
        if t.get("cube") in C.COLOURS:
            # into the hold of a merchant here, or else as the treasure of a pirate here
            for kind, who in _pieces_at(draft, place):
                s = draft["seats"][who] if kind != "warship" else None
                if kind == "merchant" and len(s.get("cargo") or []) < C.MERCHANT_CAPACITY:
                    s.setdefault("cargo", []).append(t["cube"])
                    _from_stock(draft, t["cube"])
                    return draft, tool
                if kind == "pirate" and not s.get("treasure"):
                    s["treasure"] = t["cube"]
                    _from_stock(draft, t["cube"])
                    return draft, tool
            return draft, tool
        if t.get("erase"):
            ships = [p for p in _pieces_at(draft, place) if p[0] != "warship"]
            if ships:
                _take_off(draft, *ships[-1])
            return draft, tool
        if "move" in t and t.get("at") in PLACES:
            kind, who = t["move"]
            if place != t["at"] and (kind, who) in _pieces_at(draft, t["at"]):
                _put(draft, kind, who, place)
            return draft, {"at": place}
        # no tool: the place is selected, and the inspector below shows what is on it
        return draft, (None if tool == {"at": place} else {"at": place})

    def command(self, draft, tool, cmd):
        """The inspector's buttons: take a ship off, take it to move it, or take one cube out."""
        do, place = cmd.get("do"), cmd.get("field")
        if do == "remove":
            _take_off(draft, cmd["kind"], cmd["who"])
        elif do == "move":
            tool = {"move": [cmd["kind"], cmd["who"]], "at": place}
        elif do == "remove-cube":
            s = draft["seats"][cmd["who"]]
            if cmd["kind"] == "merchant":
                _to_stock(draft, [s["cargo"].pop(cmd["index"])])
            elif s.get("treasure"):
                _to_stock(draft, [s["treasure"]])
                s["treasure"] = None
        return draft, tool

    def resize(self, draft, players: int):
        """A table of `players`: seats kept or added (an added seat starts with nothing on the board);
        a seat taken away gives its cubes back to the stock and its cards back to the piles."""
        draft = _full(draft)
        _colours(draft)
        old = seats(draft)
        decks = draft.setdefault("decks", {"movement": [], "movement_discard": [], "fate": [], "fate_discard": []})
        for s in old[players:]:
            for kind in SHIP_KINDS:
                if isinstance(s, dict):
                    _take_off(draft, kind, old.index(s))
            decks["movement"] += s.get("moves", [])
            decks["fate"] += s.get("fates", [])
        draft["seats"] = old[:players]
        while len(draft["seats"]) < players:
            draft["seats"].append(_fresh_seat(draft, len(draft["seats"])))
        draft["players"] = players
        for key in ("turn", "first"):
            if not isinstance(draft.get(key), int) or draft[key] >= players:
                draft[key] = 0
        if not any(s.get("colour") == "black" for s in draft["seats"]):
            draft["seats"][draft["first"]]["colour"] = "black"
        _hands(draft)
        _refresh_turns(draft)
        return draft

    def after_set(self, draft, path, old):
        if "decks" not in draft:  # a compact draft: the engine's full form first, then the totals
            draft = _full(draft)
            if "decks" not in draft:
                return draft
        head = path[0]
        if head in ("turn", "first", "phase", "round"):
            if head == "first":  # the black fleet starts (BF-2.3): the colours follow
                old_first, draft["first"] = draft["first"], old if isinstance(old, int) else 0
                _colours(draft)
                new = draft["first"] = old_first
                black = next((i for i, s in enumerate(seats(draft)) if s.get("colour") == "black"), None)
                if black is not None and black != new:
                    s = seats(draft)
                    s[black]["colour"], s[new]["colour"] = s[new].get("colour"), "black"
            _hands(draft)
            _refresh_turns(draft)
        elif head == "seats" and len(path) >= 3:
            s = draft["seats"][path[1]]
            if path[2] in ("coins", "developments", "victory"):
                _money(s)
            elif path[2] == "fates" and len(path) == 3:
                self._fate_count(draft, s, old)
            elif path[2] in ("moves", "fates"):
                _swap_card(draft, path, old)
        elif path == ["now", "card"]:
            _swap_card(draft, path, old)
        elif path[:2] == ["options", "victory"]:
            for s in seats(draft):
                if isinstance(s.get("victory"), dict):
                    s["victory"]["value"] = draft["options"]["victory"]
                    _money(s)
        return draft

    def _fate_count(self, draft, s, old):
        """The number of fate cards in a hand: cards drawn from the fate pile, or put back on it."""
        want, hand = s["fates"], list(old or [])
        if not isinstance(want, int) or want < 0:
            s["fates"] = hand
            return
        pile = draft["decks"]["fate"]
        while len(hand) > want:
            pile.append(hand.pop())
        while len(hand) < want and pile:
            hand.append(pile.pop())
        s["fates"] = hand


EDITING = BlackFleetEditing()


# Interface words this module builds at run time ("vw-act-" + type, …), listed for the extractor.
RUNTIME_KEYS = (
    N_("bf-ed-merchant"), N_("bf-ed-pirate"), N_("bf-ed-moved"), N_("bf-ed-acted"),
    N_("bf-ed-buy-development"), N_("bf-ed-buy-victory"), N_("bf-act-place"), N_("bf-act-play"),
    N_("bf-act-move"), N_("bf-act-sink"), N_("bf-act-sell"), N_("bf-act-load"),
    N_("bf-act-steal"), N_("bf-act-bury"), N_("bf-act-fate"), N_("bf-act-end-moves"),
    N_("bf-act-discard"), N_("bf-act-buy"), N_("bf-act-end-turn"), N_("bf-arg-player"),
    N_("bf-arg-ship"), N_("bf-arg-port"), N_("bf-arg-field"), N_("bf-arg-area"),
    N_("bf-arg-card"), N_("bf-arg-discard"), N_("bf-arg-to"), N_("bf-arg-target"),
    N_("bf-arg-colour"), N_("bf-arg-value"), N_("bf-ed-opt-schematic"), N_("bf-ed-opt-none"),
)
