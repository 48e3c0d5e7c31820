"""Black Fleet's position editor, asking: which piece a tap picks, the moves it offers, and the
action form's titles and choices. Mixed into the editor in edit.py."""

from __future__ import annotations

from engine.black_fleet import components as C
from engine.black_fleet.messages import COLOURS, SHIPS, word

from ..ui import UI
from .board import DISTANT, _fate_words, _move_words, seat_tapped
from .draft import PLACES, _pieces_at, field_name


class AskMixin:
    """The asking side of BlackFleetEditing."""

    def _pick(self, draft, place, after=None):
        """The piece a tap picks on a place: the player to move's ships first, then the navy, then the
        others'; tapping the same place again picks the next one there."""
        turn = draft.get("turn")
        here = sorted(
            _pieces_at(draft, place),
            key=lambda p: (
                0 if p[0] != "warship" and p[1] == turn else 1 if p[0] == "warship" else 2,
                0 if p[0] == "pirate" else 1,
            ),
        )
        if after in here:
            here = here[here.index(after) + 1 :]
        return here[0] if here else None

    def ask_tap(self, draft, tool, place):
        """First tap: a ship (or a place). Second tap elsewhere, with a ship picked: the move that fits —
        a pirate at a merchant steals, a warship at a pirate sinks it, a merchant at a port sells,
        a pirate at a distant sea is put there; anything else is a move to that field."""
        seat = seat_tapped(place)
        if seat is not None:  # a seat's row: the moves of its step, if it is the seat to move (`offers`)
            return ({"at": place} if tool != {"at": place} else None), None
        if place not in PLACES:
            return tool, None
        t = tool if isinstance(tool, dict) else {}
        piece = tuple(t["piece"]) if isinstance(t.get("piece"), list) else None
        if t.get("at") == place:  # the same place again: the next ship on it, then nothing
            nxt = self._pick(draft, place, piece)
            return ({"at": place, "piece": list(nxt)} if nxt else None), None
        if piece is None:
            nxt = self._pick(draft, place)
            return {"at": place, **({"piece": list(nxt)} if nxt else {})}, None
        kind, who = piece
        me = who if kind != "warship" else draft.get("turn")
        act = {"player": me} if isinstance(me, int) else {}
        others = [p for p in _pieces_at(draft, place) if not (p[0] != "warship" and p[1] == me)]
        if kind == "pirate":
            if place in DISTANT:
                return tool, {"type": "place", **act, "ship": "pirate", "area": place}
            prey = [w for k, w in others if k == "merchant"]
            if prey:
                return tool, {"type": "steal", **act, "target": prey[0]}
        if kind == "warship":
            prey = [w for k, w in others if k == "pirate"]
            if prey:
                return tool, {"type": "sink", **act, "ship": who, "target": prey[0]}
        if kind == "merchant" and place in C.PORTS:
            return tool, {"type": "sell", **act, "port": place}
        if place in C.FIELDS:
            return tool, {"type": "move", **act, "ship": who if kind == "warship" else kind, "to": place}
        return {"at": place}, None

    def offers(self, state, tool, lang) -> list[tuple[str, dict]]:
        """The moves a picked ship or place offers, legal or not; with nothing picked, the step's own
        moves (the cards to play, ending the moves, buying)."""
        d = state.to_json()
        me = state.current_player
        t = tool if isinstance(tool, dict) else {}
        place = t.get("at")
        out = []
        piece = tuple(t["piece"]) if isinstance(t.get("piece"), list) else None
        if seat_tapped(place) not in (None, me):  # another seat's row: nothing of theirs to ask now
            return []
        if piece:
            kind, who = piece
            seat = who if kind != "warship" else me
            ship = who if kind == "warship" else kind
            for g in C.DISTANT[place] if place in C.DISTANT else C.ADJ.get(place, ()):
                out.append({"type": "move", "player": seat, "ship": ship, "to": g})
            if kind == "pirate":
                for i, s in enumerate(d["seats"]):
                    if i != seat and s["merchant"] is not None:
                        out.append({"type": "steal", "player": seat, "target": i})
                out.append({"type": "bury", "player": seat})
            elif kind == "merchant":
                for pid in C.FIELD_PORTS.get(place, []) or sorted(C.PORTS):
                    out.append({"type": "sell", "player": seat, "port": pid})
            else:
                for i, s in enumerate(d["seats"]):
                    if s["pirate"] in C.FIELDS:
                        out.append({"type": "sink", "player": seat, "ship": who, "target": i})
        elif place in C.PORTS:
            out.append({"type": "sell", "player": me, "port": place})
            for f in C.PORTS[place]["fields"]:
                out.append({"type": "place", "player": me, "ship": "merchant", "port": place, "field": f})
        elif place in DISTANT:
            out.append({"type": "place", "player": me, "ship": "pirate", "area": place})
        elif place in C.FIELDS:
            for ship in ["merchant", "pirate"] + [c["warship"] for c in [C.MOVEMENT.get(d["now"]["card"])] if c]:
                out.append({"type": "move", "player": me, "ship": ship, "to": place})
            for pid in C.FIELD_PORTS.get(place, []):
                out.append({"type": "place", "player": me, "ship": "merchant", "port": pid, "field": place})
        else:
            phase = d["phase"]
            hand = d["seats"][me]
            if phase == "card":
                out += [{"type": "play", "player": me, "card": c} for c in hand["moves"]]
            elif phase == "move":
                out += [{"type": "fate", "player": me, "card": c} for c in hand["fates"]]
                out.append({"type": "end-moves", "player": me})
            elif phase == "discard":
                out += [{"type": "discard", "player": me, "card": c} for c in hand["fates"]]
            elif phase == "buy":
                out += [{"type": "buy", "player": me, "card": "development", "value": v} for v in C.DEVELOPMENT_VALUES]
                out += [{"type": "buy", "player": me, "card": "victory"}, {"type": "end-turn", "player": me}]
        return [(self._offer_words(state, a, lang), a) for a in out]

    def _offer_words(self, state, action, lang) -> str:
        """The engine's words for the move, with the player who would make it."""
        return f"{UI.text('seat', lang, n=action['player'] + 1)}: {state.describe(action, lang)}"

    def action_title(self, kind: str, lang: str) -> str:
        return UI.text("bf-act-" + kind, lang)

    def field_title(self, name: str, lang: str) -> str:
        return UI.text("bf-arg-" + name, lang)

    def field_values(self, state, name, prop, lang):
        values = prop.get("enum")
        if name == "target":
            return [(s, UI.text("seat", lang, n=s + 1)) for s in range(state.player_count)]
        if values is None:
            return None
        if name in ("to", "field", "port", "area"):
            return [(v, field_name(v, lang)) for v in values]
        if name == "ship":
            return [(v, word(SHIPS[v], lang)) for v in values]
        if name == "colour":
            return [(v, word(COLOURS[v], lang)) for v in values]
        if name in ("card", "discard"):
            return [
                (
                    v,
                    _move_words(v, lang)
                    if v in C.MOVEMENT
                    else _fate_words(v, lang)
                    if v in C.FATE
                    else UI.text("bf-ed-buy-" + v, lang),
                )
                for v in values
            ]
        return [(v, str(v)) for v in values]
