"""Mississippi Queen's moves in words for the widgets: a plan ("turn left, 2 ahead"), a move with the
fields it ends on and pushes to as the board labels them, and the sandbox's move list grouped by coal and
field. Split from board.py, which re-exports it."""

from __future__ import annotations

from ..ui import UI
from .layout import _by_path, _fields, _is_field, field_name, names, target, trace

TIMES = (None, None, "mq-times-2", "mq-times-3", "mq-times-4", "mq-times-5", "mq-times-6")


def _run_words(tok: str, n: int, lang: str) -> str:
    """One run of a plan in words: "2 mezőt egyenesen", "kétszer balra fordul"."""
    if tok == "F":
        return UI.text("mq-w-ahead-1" if n == 1 else "mq-w-ahead-n", lang, n=n)
    side = "left" if tok == "L" else "right"
    if n == 1:
        return UI.text("mq-w-" + side, lang)
    times = UI.text(TIMES[n], lang) if n < len(TIMES) else f"{n}×"
    return UI.text("mq-w-" + side + "-n", lang, times=times)


def path_words(path, lang: str) -> str:
    runs = []
    for tok in path:
        if runs and runs[-1][0] == tok:
            runs[-1][1] += 1
        else:
            runs.append([tok, 1])
    return ", ".join(_run_words(tok, n, lang) for tok, n in runs)


def describe_move(data: dict, action: dict, lang: str, seat=None, speed: bool = True) -> str:
    """A move in words, with field names a player finds on the board (the engine's description
    spells the plan as letters and coordinates): "sebesség 2: balra fordul, 2 mezőt egyenesen → 2.
    folyómező, B3". `data` is the position's JSON; `seat` the steamer that moves (else the one on turn)."""
    kind = action.get("type") if isinstance(action, dict) else None
    if kind != "move" or target(action) is None or type(action.get("speed")) is not int:
        return ""
    named = names(data)
    text = path_words(action["path"], lang) or UI.text("mq-w-stay", lang)
    if speed:  # (without it when the speed is said already, as in the speed control)
        text = UI.text("mq-w-speed", lang, n=action["speed"]) + ": " + text
    if seat is None:
        order, turn = data.get("order") or [0], data.get("turn") or 0
        seat = data["pending"][0] if data.get("pending") else order[min(turn, len(order) - 1)]
    st = data["steamers"][seat] if 0 <= seat < len(data.get("steamers") or []) else None
    if st and _is_field(st.get("pos")) and st.get("dir") in range(6):
        fields, _ = trace(tuple(st["pos"]), st["dir"], tuple(action["path"]))
        text += " → " + field_name(named, fields[-1], lang)
    pushes = _fields(action.get("push") or [])
    if pushes:
        text += "; " + UI.text("mq-w-push", lang, fields=", ".join(field_name(named, tuple(q), lang) for q in pushes))
    if action.get("brake"):
        text += "; " + UI.plural("mq-w-brake", action["brake"], lang)
    return text


_LAST_JSON = [None, None]  # the last state whose JSON move_words read, and that JSON


def move_words(state, action, lang: str) -> str:
    """A hook for a move list or log (widgets/render/play.py's `move_list` could call it where the
    renderer has it, as it does `group_actions`): the move in words, else the engine's description."""
    if _LAST_JSON[0] is not state:
        _LAST_JSON[:] = [state, state.to_json()]
    return describe_move(_LAST_JSON[1], action, lang) or state.describe(action, lang)


def coal_words(coal: int, lang: str) -> str:
    return UI.text("mq-w-free", lang) if coal == 0 else UI.text("mq-w-coal", lang, n=coal)


def group_actions(state, actions, lang: str):
    """The sandbox's move list, grouped cheapest first: by the coal a move costs, then by the field
    it ends on (named as on the board), the fields whose moves change the speed least first. The
    plain move straight on at the same speed is so always in the group open at first, at its top.
    Returns [(label, [action or (label, [...])])] for widgets.render.play."""
    data = state.to_json()
    if data["phase"] != "move" or len(actions) <= 12:
        return None
    me = data["steamers"][state.current_player]
    pos, v = tuple(me["pos"]), me["speed"]
    named = names(data)
    speed_coal = [state.speed_cost(v, sp) for sp in range(8)]
    groups: dict[int, dict[tuple, list]] = {}
    others = [a for a in actions if a.get("type") != "move"]
    braking = state.options.get("wheels") == "after"
    # thousands of moves take a few hundred paths: each is traced and priced once
    for (speed, path), moves in _by_path(actions).items():
        fields, _ = trace(pos, me["dir"], path)
        turns = len(path) - path.count("F")
        base = speed_coal[speed] + state.turn_cost(turns)
        rank = (abs(speed - v), turns, len(path))
        # the moves of one speed and path differ only in their pushes: one price (a brake goes with the speed),
        # unless the speed may be lowered after any move (the reading wheels: after): then by the brake too
        if braking:
            by_brake: dict[int, list] = {}
            for m in moves:
                by_brake.setdefault(m.get("brake", 0), []).append(m)
            for brake, ms in by_brake.items():
                groups.setdefault(base + brake, {}).setdefault(fields[-1], []).append((rank, ms))
            continue
        groups.setdefault(base + moves[0].get("brake", 0), {}).setdefault(fields[-1], []).append((rank, moves))
    out = [(UI.text("mq-other-actions", lang), others)] if others else []
    for coal in sorted(groups):
        by_field = groups[coal]
        inner = []
        for f in sorted(by_field, key=lambda f: (min(r for r, _ in by_field[f]), f)):
            ranked = sorted(by_field[f], key=lambda rm: rm[0])
            inner.append((field_label(lang, named, f), [m for _, ms in ranked for m in ms]))
        out.append((coal_words(coal, lang), inner))
    return out


def field_label(lang: str, named: dict, field: tuple) -> str:
    """A group's label: "cél: 2. folyómező, B3"."""
    return UI.text("mq-to-name", lang, field=field_name(named, field, lang))
