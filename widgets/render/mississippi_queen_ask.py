"""Mississippi Queen's editor, asking: a tap on a field asks about the ways the selected steamer (or the
one on turn) can sail there, cheapest first, or the nearest attempt when there is none; the offers list
them in words. A mixin of MississippiQueenEditing (mississippi_queen_edit.py)."""

from __future__ import annotations

import copy
import json

from engine import InputError, load_game
from engine.mississippi_queen.board import DIRS
from engine.mississippi_queen.messages import CATALOG as MQ, DIR_WORDS

from .mississippi_queen_draft import GAME_ID, MAX_OFFERS, parse, seats, steamer_at, to_move
from .mississippi_queen_fields import _is_field, drawable, fid, field_name, names, trace
from .mississippi_queen_words import coal_words, describe_move, path_words
from .ui import UI


class AskingMixin:
    """The asking half of the editor (editor.Editing's ask_tap, offers and the action menu's words)."""



    def ask_tap(self, draft, tool, field):
        """A tap on a steamer selects it; a tap on another field asks about sailing there: the
        cheapest legal way, and the others below it (offers). A field tapped with no steamer
        selected is asked about for the steamer on turn: one tap, one question."""
        p = parse(field)
        if p is None:
            return tool, None
        if isinstance(tool, dict) and tool.get("at") == field:
            return None, None
        seat = steamer_at(draft, p)
        if seat is not None:  # another steamer: it is the one asked about now
            return {"at": field, "seat": seat}, None
        if isinstance(tool, dict) and "seat" in tool and isinstance(tool.get("at"), str):
            chosen = {"at": tool["at"], "seat": tool["seat"], "to": field}
        else:
            me = to_move(draft)
            st = (draft.get("steamers") or [None])[me] if me < seats(draft) else None
            if not (isinstance(st, dict) and _is_field(st.get("pos"))):
                return {"at": field}, None
            chosen = {"at": fid(st["pos"]), "seat": me, "to": field}
        ways = self._ways(draft, chosen)
        return chosen, (ways[0][1] if ways else None)

    _kept_ways: list = [None, None]  # the last (key, ways): a tap asks, then lists the same ways

    def _ways(self, draft, tool):
        key = json.dumps([draft, tool.get("seat"), tool.get("to")], sort_keys=True)
        if self._kept_ways[0] != key:
            self._kept_ways = [key, self._find_ways(draft, tool)]
        return self._kept_ways[1]

    def _find_ways(self, draft, tool):
        """[(coal, action)]: the legal moves of the selected steamer ending on the field tool["to"],
        cheapest first in coal, then by the least change of speed, the fewest turns; or, if none,
        the nearest attempt (the straightest plan there, for the engine to judge)."""
        try:
            state = load_game(GAME_ID).from_json(copy.deepcopy(draft))
        except InputError:
            return []
        data = drawable(draft)
        seat, target = tool["seat"], parse(tool["to"])
        st = data["steamers"][seat] if 0 <= seat < len(data["steamers"]) else None
        if target is None or not (st and st["pos"]):
            return []
        pos, h, v = tuple(st["pos"]), st["dir"], st["speed"]
        ways = []
        if state.phase == "move" and seat == state.current_player:
            for a in state.legal_actions_shared():
                if a.get("type") != "move":
                    continue
                path = tuple(a["path"])
                if trace(pos, h, path)[0][-1] != target:
                    continue
                turns = len(path) - path.count("F")
                coal = state.speed_cost(v, a["speed"]) + state.turn_cost(turns) + a.get("brake", 0)
                ways.append(((coal, abs(a["speed"] - v), turns, len(path)), copy.deepcopy(a)))
            ways.sort(key=lambda w: w[0])
        if ways:
            return [(rank[0], a) for rank, a in ways]
        attempt = nearest_attempt(pos, h, target)
        if seat != state.current_player or state.phase != "move":
            attempt["player"] = seat
        return [(None, attempt)]

    def offers(self, state, tool, lang) -> list:
        """The ways to the chosen field (each asked on a tap), or a selected steamer's headings."""
        if not isinstance(tool, dict) or "seat" not in tool:
            return []
        draft = state.to_json()
        if "to" in tool:
            ways = self._ways(draft, tool)
            out = []
            for coal, a in ways[:MAX_OFFERS]:
                words = describe_move(draft, a, lang, seat=tool["seat"])
                if coal is None:
                    out.append((UI.text("mq-ed-no-way", lang, move=words), a))
                else:
                    out.append((f"{words} · {coal_words(coal, lang)}", a))
            if len(ways) > MAX_OFFERS:
                out.append((UI.text("mq-ed-more-ways", lang, n=len(ways) - MAX_OFFERS), ways[MAX_OFFERS][1]))
            return out
        seat = tool["seat"]
        extra = {} if seat == state.current_player else {"player": seat}
        if draft["phase"] in ("setup", "heading"):
            return [(UI.text("mq-ed-head", lang, dir=MQ.text(DIR_WORDS[d], lang)), {"type": "heading", "dir": d, **extra}) for d in range(6)]
        # the plain moves straight on, at each speed: legal or not, the engine says
        me = draft["steamers"][seat]
        out = []
        for speed in range(1, 7):
            a = {"type": "move", "speed": speed, "path": ["F"] * speed, **extra}
            coal = state.speed_cost(me["speed"], speed)
            out.append((f"{describe_move(draft, a, lang, seat=seat)} · {coal_words(coal, lang)}", a))
        out.append((UI.text("mq-ed-retire", lang), {"type": "retire", **extra}))
        return out

    def action_title(self, kind, lang):
        return UI.text("mq-act-" + kind, lang)

    def field_title(self, name, lang):
        return UI.text("mq-arg-" + name, lang)

    def field_values(self, state, name, prop, lang):
        if name == "dir":
            return [(d, MQ.text(DIR_WORDS[d], lang)) for d in range(6)]
        if name == "speed":
            return [(s, str(s)) for s in range(1, 8)]
        if name == "path":
            # the usual plans: straight on, or a turn or two first; the board's taps give the rest
            plans = []
            for first in ((), ("L",), ("R",), ("L", "L"), ("R", "R"), ("L", "L", "L")):
                for n in range(1, 7):
                    plans.append(list(first) + ["F"] * n)
            return [(p, path_words(p, lang)) for p in plans]
        if name == "push":
            named = names(state.to_json())
            return [([list(p)], field_name(named, p, lang)) for p in sorted(named)]
        if name == "brake":
            return [(b, str(b)) for b in range(0, 6)]
        return None




def nearest_attempt(pos, heading, target) -> dict:
    """The straightest plan from pos towards target: each step along the heading that brings it
    nearest, turning the shorter way first. Geometry only; the engine judges it."""
    def dist(a, b):
        dq, dr = a[0] - b[0], a[1] - b[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    path, h, p = [], heading, pos
    for _ in range(12):
        if p == target:
            break
        best = min(range(6), key=lambda d: (dist((p[0] + DIRS[d][0], p[1] + DIRS[d][1]), target),
                                            min((d - h) % 6, (h - d) % 6)))
        turn = (best - h) % 6
        path += ["L"] * turn if turn <= 3 else ["R"] * (6 - turn)
        h = best
        p = (p[0] + DIRS[h][0], p[1] + DIRS[h][1])
        path.append("F")
    return {"type": "move", "speed": max(1, path.count("F")), "path": path}
