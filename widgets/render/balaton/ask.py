"""Balaton's editor, asking: a tap on a pawn selects it, a tap on a field asks about going there; the
moves a tapped field offers, and the Every move form's words. A mixin of BalatonEditing (edit.py)."""

from __future__ import annotations

from engine.balaton.board import BOARD

from ..ui import UI
from .draft import LAKES, TRACK, N, actor, dice_options, field_name, known, move_to, pawns_at, positions, seat_name, seats, swatch  # noqa: F401

ACTIONS = ("roll", "reroll", "move", "ferry", "fly", "bump", "port", "ship", "income", "subsidy", "end-turn")
ARGS = ("player", "steps", "back", "ticket", "seat", "to", "card")


class AskingMixin:
    """The asking half of the editor (editor.Editing's ask_tap, offers and the action menu's words)."""

    def ask_tap(self, draft, tool, fid):
        """First tap: a field, and a pawn on it (the player to act's first; tapping again takes the
        next pawn there). Second tap on another track field, with a pawn selected: "may this pawn
        move there?" (or, for another player's pawn on the mover's gray field, "may I put it there?")."""
        if not known(fid, self.field_ids):
            return tool, None
        t = tool if isinstance(tool, dict) else {}
        here = pawns_at(draft, fid)
        me = actor(draft)
        if t.get("at") == fid:
            later = [s for s in here if isinstance(t.get("seat"), int) and s != me and s > t["seat"]]
            if t.get("seat") == me:
                later = [s for s in here if s != me]
            return ({"at": fid, "seat": later[0]} if later else None), None
        if isinstance(t.get("seat"), int) and known(t.get("at"), TRACK) and known(fid, TRACK):
            seat, pos = t["seat"], positions(draft)
            if seat != me and draft.get("phase") == "land" and me < len(pos) and pos[seat] == pos[me]:
                return t, {"type": "bump", "player": me, "seat": seat, "to": fid}
            return t, move_to(draft, seat, t["at"], fid)
        if here:
            return {"at": fid, "seat": me if me in here else here[0]}, None
        return {"at": fid}, None

    def offers(self, state, tool, lang) -> list[tuple[str, dict]]:
        """The moves a selected field offers, legal or not, asked as the player to act: on that
        player's own field, what the phase allows there; elsewhere, moving there (and crossing there
        by ferry or plane); on the lake field beside the player's port, buying a ship there."""
        fid = tool.get("at") if isinstance(tool, dict) else None
        if not known(fid, self.field_ids):
            return []
        data = state.to_json()
        me = state.current_player
        here = data["pos"][me]
        out = []
        if fid == here:
            phase = data["phase"]
            if phase == "roll":
                out.append({"type": "roll", "player": me})
            elif phase == "move":
                out += [{"type": "move", "player": me, "steps": k, "back": False} for k in state.move_options()]
                out += [{"type": "move", "player": me, "steps": k, "back": True} for k in state.move_options()]
                out.append({"type": "reroll", "player": me})
            else:
                out += [
                    {"type": "port", "player": me},
                    {"type": "ship", "player": me, "card": False},
                    {"type": "ship", "player": me, "card": True},
                    {"type": "income", "player": me},
                    {"type": "subsidy", "player": me},
                    {"type": "ferry", "player": me, "ticket": False},
                    {"type": "ferry", "player": me, "ticket": True},
                    {"type": "fly", "player": me},
                    {"type": "end-turn", "player": me},
                ]
            return [(state.describe(a, lang), a) for a in out]
        if known(fid, TRACK):
            words = []
            if data["phase"] in ("roll", "move"):  # may the pawn go there (clockwise, or back with the card)?
                forward = move_to(data, me, here, fid)
                back = {
                    **forward,
                    "back": True,
                    "steps": min(
                        (BOARD.index[here] - BOARD.index[e]) % N or N
                        for e in [fid] + [a for a, t in BOARD.arrow.items() if t == fid]
                    ),
                }
                for a in [forward] if forward["back"] else [forward, back]:
                    text = state.describe(a, lang)
                    if "→" not in text:
                        text += " → " + field_name(fid, lang)
                    words.append((text, a))
            sid = BOARD.settlement_at(fid)
            if data["phase"] == "land" and sid and BOARD.centre[sid] == fid:  # may I cross to there?
                crossings = []
                if sid in BOARD.ferries.values():
                    crossings += [
                        {"type": "ferry", "player": me, "ticket": False},
                        {"type": "ferry", "player": me, "ticket": True},
                    ]
                if sid in BOARD.plane:
                    crossings.append({"type": "fly", "player": me})
                words += [(state.describe(a, lang), a) for a in crossings]
            return words
        if BOARD.lake_of.get(BOARD.settlement_at(here)) == fid:
            out += [
                {"type": "ship", "player": me, "card": False},
                {"type": "ship", "player": me, "card": True},
                {"type": "income", "player": me},
            ]
        return [(state.describe(a, lang), a) for a in out]

    def action_title(self, kind: str, lang: str) -> str:
        # end-turn's title keeps its code from before the rename: ba-act-end (the interface's catalog)
        return UI.text("ba-act-" + ("end" if kind == "end-turn" else kind), lang) if kind in ACTIONS else kind

    def field_title(self, name: str, lang: str) -> str:
        return UI.text("ba-arg-" + name, lang) if name in ARGS else name

    def field_values(self, state, name, prop, lang):
        if name == "to":
            return [(fid, field_name(fid, lang)) for fid in BOARD.track]
        if name == "seat":
            return [(s, seat_name(s, lang)) for s in range(state.player_count)]
        if name == "steps":
            return [(k, str(k)) for k in range(1, 13)]
        if "enum" in prop:
            return [(v, str(v)) for v in prop["enum"]]
        return None
