"""Mississippi Queen's editor, asking: a tap on a field asks about the ways the selected steamer (or the
one on turn) can sail there, cheapest first, or the nearest attempt when there is none; the offers list
them in words. A mixin of MississippiQueenEditing (edit.py)."""

from __future__ import annotations

import copy
import json

from engine import InputError, load_game
from engine.mississippi_queen.board import DIRS, neighbours
from engine.mississippi_queen.messages import CATALOG as MQ, DIR_WORDS

from ..ui import UI
from .draft import GAME_ID, MAX_OFFERS, parse, seats, steamer_at, to_move
from .layout import _is_field, drawable, fid, field_name, names, trace
from .words import coal_words, describe_move, path_words


class AskingMixin:
    """The asking half of the editor (editor.Editing's ask_tap, offers and the action menu's words)."""

    def ask_tap(self, draft, tool, field):
        """A tap on a steamer selects it; a tap on another field is about sailing there, a tap on
        another steamer than the one moving about pushing it (the ways are offered, one per field it
        can be pushed to; a second tap on it selects it instead).

        A question is previewed before it is asked: the first tap on a field (or steamer) marks it and
        offers its ways, for the selected steamer or else the one on turn; a second tap on it asks the
        cheapest (in the sandbox: plays it), as does a tap on one of the ways offered, and a tap
        elsewhere previews there instead. Once a question is asked, the next taps ask at once."""
        p = parse(field)
        if p is None:
            return tool, None
        if isinstance(tool, dict) and tool.get("at") == field:
            return None, None
        preview = tool is None or (isinstance(tool, dict) and tool.get("preview") is True)
        mover = self._mover(draft, tool)
        seat = steamer_at(draft, p)
        if seat is not None:
            if mover and seat != mover[0] and not (isinstance(tool, dict) and tool.get("push") == field):
                chosen = {"at": mover[1], "seat": mover[0], "push": field}
                if preview:
                    return dict(chosen, preview=True), None
                ways = self._ways(draft, chosen)
                return chosen, (ways[0][1] if ways else None)
            selected = {"at": field, "seat": seat}
            return (dict(selected, preview=True) if preview else selected), None
        if isinstance(tool, dict) and isinstance(tool.get("push"), str) and mover:
            # a steamer to push was tapped, then this field: that push is asked, legal or not
            chosen = {"at": mover[1], "seat": mover[0], "push": tool["push"], "onto": field}
            ways = self._ways(draft, chosen)
            return chosen, (ways[0][1] if ways else None)
        if mover is None:
            return {"at": field}, None
        chosen = {"at": mover[1], "seat": mover[0], "to": field}
        if preview and not (isinstance(tool, dict) and tool.get("to") == field):
            return dict(chosen, preview=True), None
        ways = self._ways(draft, chosen)
        return chosen, (ways[0][1] if ways else None)

    @staticmethod
    def _mover(draft, tool):
        """(seat, field id) of the steamer asked about: the selected one, else the one on turn."""
        if isinstance(tool, dict) and isinstance(tool.get("seat"), int) and isinstance(tool.get("at"), str):
            return tool["seat"], tool["at"]
        me = to_move(draft)
        st = (draft.get("steamers") or [None])[me] if me < seats(draft) else None
        if isinstance(st, dict) and st.get("status") == "racing" and _is_field(st.get("pos")):
            return me, fid(st["pos"])
        return None

    _kept_ways: list = [None, None]  # the last (key, ways): a tap asks, then lists the same ways

    def _ways(self, draft, tool):
        key = json.dumps([draft, tool.get("seat"), tool.get("to"), tool.get("push"), tool.get("onto")], sort_keys=True)
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
        seat = tool["seat"]
        pushed = parse(tool.get("push"))
        onto = parse(tool.get("onto")) if pushed else None  # the field it is to be pushed onto, if chosen
        target = pushed or parse(tool.get("to"))
        st = data["steamers"][seat] if 0 <= seat < len(data["steamers"]) else None
        if target is None or not (st and st["pos"]):
            return []
        pos, h, v = tuple(st["pos"]), st["dir"], st["speed"]
        ways, seen = [], set()
        others = self._steamer_fields(data) - {pos}
        if state.phase == "move" and seat == state.current_player:
            for a in state.legal_actions_shared():
                if a.get("type") != "move":
                    continue
                path = tuple(a["path"])
                fields = trace(pos, h, path)[0]
                if pushed:
                    # a push of that steamer: its field is on the path; one way per field it goes to
                    if pushed not in fields[1:] or not a.get("push"):
                        continue
                    met = [f for f in fields[1:] if f in others]
                    key = tuple(a["push"][met.index(pushed)]) if met.index(pushed) < len(a["push"]) else None
                    if onto and key != onto:
                        continue
                elif fields[-1] != target:
                    continue
                turns = len(path) - path.count("F")
                coal = state.speed_cost(v, a["speed"]) + state.turn_cost(turns) + a.get("brake", 0)
                ways.append(((coal, abs(a["speed"] - v), turns, len(path)), copy.deepcopy(a), key if pushed else None))
            ways.sort(key=lambda w: w[0])
            if pushed:  # the cheapest way to each field the steamer can be pushed to
                ways = [w for w in ways if not (w[2] in seen or seen.add(w[2]))]
        if ways:
            return [(rank[0], a) for rank, a, _ in ways]
        if pushed:
            attempt = push_attempt(data, pos, h, pushed, onto)
            if seat != state.current_player or state.phase != "move":
                attempt["player"] = seat
            return [(None, attempt)]
        attempt = nearest_attempt(pos, h, target)
        if seat != state.current_player or state.phase != "move":
            attempt["player"] = seat
        return [(None, attempt)]

    @staticmethod
    def _steamer_fields(data):
        return {tuple(st["pos"]) for st in data["steamers"] if st.get("status") == "racing" and _is_field(st.get("pos"))}

    def offers(self, state, tool, lang) -> list:
        """The ways to the chosen field or the pushes of the chosen steamer (each asked on a tap), a
        selected steamer's headings, or, with nothing chosen, the speeds of the steamer on turn."""
        if not isinstance(tool, dict) or "seat" not in tool:
            return self._speeds(state, lang) if tool is None else []
        draft = state.to_json()
        if "to" in tool or "push" in tool:
            ways = self._ways(draft, tool)
            out = []
            for coal, a in ways[:MAX_OFFERS]:
                words = describe_move(draft, a, lang, seat=tool["seat"])
                if coal is None:
                    out.append((UI.text("mq-ed-no-way", lang, move=words), a))
                else:
                    out.append((f"{words} · {coal_words(coal, lang)}", a))
            if len(ways) > MAX_OFFERS:
                out.append((UI.plural("mq-ed-more-ways", len(ways) - MAX_OFFERS, lang), ways[MAX_OFFERS][1]))
            return out
        seat = tool["seat"]
        extra = {} if seat == state.current_player else {"player": seat}
        if draft["phase"] in ("setup", "heading"):
            return [
                (UI.text("mq-ed-head", lang, dir=MQ.text(DIR_WORDS[d], lang)), {"type": "heading", "dir": d, **extra})
                for d in range(6)
            ]
        return self._speeds(state, lang, seat) + [(UI.text("mq-ed-retire", lang), {"type": "retire", **extra})]

    def _speeds(self, state, lang, seat=None) -> list:
        """The speed control: for each speed 1-6, the cheapest legal move of the steamer at that speed
        (wherever it ends), else the plain move straight on, for the engine to say why not."""
        if state.phase != "move":
            return []
        seat = state.current_player if seat is None else seat
        draft = state.to_json()
        me = draft["steamers"][seat]
        if me["status"] != "racing":
            return []
        extra = {} if seat == state.current_player else {"player": seat}
        best = {}
        if not extra:
            for a in state.legal_actions_shared():
                if a.get("type") == "move" and not a.get("brake"):
                    turns = len(a["path"]) - a["path"].count("F")
                    rank = (state.turn_cost(turns), bool(a.get("push")), turns, a["path"])
                    if a["speed"] not in best or rank < best[a["speed"]][0]:
                        best[a["speed"]] = (rank, a)
        out = []
        for speed in range(1, 7):
            a = (
                copy.deepcopy(best[speed][1])
                if speed in best
                else {"type": "move", "speed": speed, "path": ["F"] * speed, **extra}
            )
            coal = state.speed_cost(me["speed"], speed) + (best[speed][0][0] if speed in best else 0)
            label = MQ.text("ask-speed", lang, old=me["speed"], new=speed)
            out.append((f"{label}: {describe_move(draft, a, lang, seat=seat, speed=False)} · {coal_words(coal, lang)}", a))
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
            # the fields next to a steamer, in the board's order (tile, then lane and row)
            data = state.to_json()
            named = names(data)
            near = {q for p in self._steamer_fields(data) for q in neighbours(p) if q in named}
            return sorted(([list(p)], field_name(named, p, lang)) for p in near)
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
        best = min(range(6), key=lambda d: (dist((p[0] + DIRS[d][0], p[1] + DIRS[d][1]), target), min((d - h) % 6, (h - d) % 6)))
        turn = (best - h) % 6
        path += ["L"] * turn if turn <= 3 else ["R"] * (6 - turn)
        h = best
        p = (p[0] + DIRS[h][0], p[1] + DIRS[h][1])
        path.append("F")
    return {"type": "move", "speed": max(1, path.count("F")), "path": path}


def push_attempt(data, pos, heading, pushed, onto=None) -> dict:
    """The straightest plan onto a steamer's field, pushing it onto `onto` (the field the reader
    tapped, whatever it is: an island, too far, taken) or else to a free neighbouring field off the
    path (the first there is): geometry only, for the engine to say why it cannot be done."""
    attempt = nearest_attempt(pos, heading, pushed)
    fields, _ = trace(pos, heading, tuple(attempt["path"]))
    taken = {tuple(st["pos"]) for st in data["steamers"] if _is_field(st.get("pos"))}
    free = [onto] if onto else [q for q in neighbours(pushed) if q not in taken and q not in fields] or neighbours(pushed)
    attempt["push"] = [list(free[0])]
    attempt["speed"] += 1  # the push takes a movement point of its own
    return attempt
