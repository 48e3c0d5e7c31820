"""A line of play: a start position (an example's steps) and the moves played on it, kept in
memory across requests so that a click applies one move instead of replaying the game.

A request names the reader's own moves only ("moves"): the seats the random player plays ("auto")
choose theirs again here, the same way each time (`play_auto`), so that neither the page nor a link
holds what they chose in secret. A game a link before format 4 began (engine/core/formats.py) may
also have "played": every move of its opening, as that link listed them, replayed as they are."""

from __future__ import annotations

import json
from collections import OrderedDict

from engine import IllegalAction, InputError
from engine.core import Rng, expect, need
from engine.core.cases import build_state

from .html import esc, rule_links
from .moves import words
from .ui import UI

MAX_AUTO_MOVES = 5000  # a whole random game of any game, with room to spare
# The log lists the last moves only (numbered from where they start), so a long game's answer stays small.
LOG_SHOWN = 50


def start_state(spec: dict):
    """The example's own start; a widget's "moves" are the reader's, played on top (see run)."""
    return build_state({k: spec[k] for k in ("game", "options", "state", "setup") if k in spec})


def effective(spec: dict) -> dict:
    """A sandbox's form ("input": setup, options, random seats) turned into the spec fields."""
    data = spec.get("input")
    if not data:
        return spec
    expect(data, "object", "input")
    out = dict(spec)
    if "setup" in data:
        out["setup"] = need(data, "setup", "object", "input")
        out.pop("state", None)
    if "options" in data:
        out["options"] = need(data, "options", "object", "input")
    if "auto" in data:
        out["auto"] = sorted(int(seat) for seat, on in need(data, "auto", "object", "input").items() if on)
    return out


class Line:
    """A start position (with the example's steps) and the moves played on it, each with the
    position before it and its verdict. The last few lines stay in memory (LINES), so that a click
    in the sandbox applies one move instead of replaying the game, and undo takes a kept position.
    States are never changed in place (`apply` returns a new one), so lines share them freely."""

    def __init__(self, game, cards):
        self.game, self.cards = game, cards
        self.state = cards[-1]["state"]  # the position after the played moves
        self.played = []  # (move, verdict, before): the earlier link's, the reader's and the random seats'
        self.base = 0  # how many of them an earlier link fixed ("played"), first
        self.own = []  # where each of the reader's moves is in `played`
        self.texts = []  # each of the reader's moves' JSON text as the request spelled it (see `common`)
        self.ends = [0]  # where move k's text ends in the moves' JSON text "[t0,t1,…]", k from 1
        self.logs = {}  # (lang, rules_url, seat) -> the log's <li> per played move, made once
        self.views = OrderedDict()  # id(state) -> (state, {what: value}), see `kept`

    def common(self, moves_text: str, n: int) -> int:
        """How many of the reader's played moves open the request's moves (n of them, `moves_text` their
        compact JSON). Compared as JSON text, so 1 and true and 1.0 stay different moves."""
        m = min(n, len(self.texts))
        joined = "[" + ",".join(self.texts[:m])
        ends = self.ends

        def same(k):  # the first k moves agree: the texts match up to the end of move k
            return k == 0 or (moves_text.startswith(joined[: ends[k]]) and moves_text[ends[k] : ends[k] + 1] in (",", "]"))

        if same(m):
            return m
        low, high = 0, m - 1  # same(low) holds; same(high + 1) does not
        while low < high:
            mid = (low + high + 1) // 2
            if same(mid):
                low = mid
            else:
                high = mid - 1
        return low

    def truncate(self, k: int) -> None:
        """Keeps the reader's first k moves and the random seats' answer to the k-th (theirs are the
        same whatever follows)."""
        if k < len(self.own):
            cut = self.own[k]
            self.state = self.played[cut][2]
            for rows in (self.played, *self.logs.values()):
                del rows[cut:]
            for rows in (self.own, self.texts):
                del rows[k:]
            del self.ends[k + 1 :]

    def step(self, move, own: bool = False) -> None:
        """Checks and plays `move` at the line's position, a move of the reader's if `own` (`apply`
        raises IllegalAction, and then the line is unchanged)."""
        before = self.state
        verdict = before.check(move)
        self.state = before.apply(move)
        self.played.append((move, verdict, before))
        if own:
            self.own.append(len(self.played) - 1)
            self.texts.append(json.dumps(move, separators=(",", ":")))
            self.ends.append(self.ends[-1] + len(self.texts[-1]) + 1)

    def undo_to(self, auto) -> tuple[int, int | None]:
        """Undo goes back to before the last move of a seat the reader plays (the random seats would
        answer it again at once): how many of the reader's moves stay, and, when none of the reader's
        is left but an earlier link's moves are, how many of those stay (else None)."""
        if self.own or not self.base:
            return max(len(self.own) - 1, 0), None
        back = next((i for i in range(self.base - 1, -1, -1) if self.played[i][2].current_player not in auto), 0)
        return 0, back

    def log(self, ctx: dict, last: int, seat=None) -> tuple[int, list[str]]:
        """The log's <li> for the last `last` played moves as `seat` saw them (a secret move's hidden
        parts hidden: Game.view_move; None: as they were, once the game is over), and the index of the
        first of them. Each row is made once per language and seat, when it is first shown."""
        lang = ctx["lang"]
        rows = self.logs.setdefault((lang, ctx.get("rules_url", ""), seat), [])
        rows.extend([None] * (len(self.played) - len(rows)))
        first = max(0, len(self.played) - last)
        for i in range(first, len(self.played)):
            if rows[i] is None:
                move, v, before = self.played[i]
                if seat is not None:
                    move = self.game.view_move(before, move, seat)
                rows[i] = (
                    f"<li>{esc(UI.text('seat', lang, n=before.current_player + 1))}: "
                    f"{esc(words(before, move, lang))} {rule_links(v.rules, ctx)}</li>"
                )
        return first, rows[first:]

    def kept(self, state, what, make):
        """What a play area shows of a position (its legal moves, board, move list), made once per
        position: undo goes back to a kept position, and opening another group of a wide position's
        moves asks for the same position again. The last few positions only; a kept entry keeps its
        state, so ids stay unique."""
        entry = self.views.get(id(state))
        if entry is None:
            entry = self.views[id(state)] = (state, {})
            while len(self.views) > MAX_VIEWS:
                self.views.popitem(last=False)
        else:
            self.views.move_to_end(id(state))
        values = entry[1]
        if what not in values:
            values[what] = make()
        return values[what]

    def played_attr(self, sent: int) -> str:
        """data-played: the reader's moves after the `sent` ones the request named (a move tapped on the
        board, or a link's), spelled as the line keeps them, so that the next request repeats them in
        the same JSON text (`common`), and the answer does not carry the whole line back. Never the
        random seats': the line chooses them again."""
        return esc("[" + ",".join(self.texts[sent:]) + "]")


MAX_LINES = 8  # a page's play widgets and a few set-ups of its sandbox
MAX_VIEWS = 4  # per line: the position shown, the one before it (undo) and a couple more
LINES: OrderedDict[str, Line] = OrderedDict()  # start key -> Line, least recently used first


def caption(holder: dict, path: str) -> str | None:
    """A caption, if any, is a text: the example file's Hungarian, which `render_output` has put
    in the reader's language (engine/core/content.py)."""
    return need(holder, "caption", "string", path, default=None)


def start_line(spec: dict) -> Line:
    """The example's start and steps, and an earlier link's moves ("played"), kept by the JSON of
    everything they depend on, the random seats too (the moves they choose)."""
    key = json.dumps(
        [spec.get(k) for k in ("game", "options", "state", "setup", "steps", "caption", "auto", "played")],
        sort_keys=True,
        separators=(",", ":"),
    )
    line = LINES.get(key)
    if line is not None:
        LINES.move_to_end(key)
        return line
    game, state = start_state(spec)
    cards = [{"state": state, "caption": caption(spec, ""), "action": None, "verdict": None}]
    for i, step in enumerate(need(spec, "steps", "list", default=[])):
        expect(step, "object", f"steps[{i}]")
        action = need(step, "action", "object", f"steps[{i}]")
        verdict = state.check(action)
        if verdict.legal:
            state = state.apply(action)
        cards.append({"state": state, "caption": caption(step, f"steps[{i}]"), "action": action, "verdict": verdict})
    line = Line(game, cards)
    for i, move in enumerate(need(spec, "played", "list", default=[])):
        try:
            line.step(move)
        except IllegalAction as err:
            raise InputError("move-illegal", f"played[{i}]", reason=err.verdict.message) from None
    line.base = len(line.played)
    LINES[key] = line
    while len(LINES) > MAX_LINES:
        LINES.popitem(last=False)
    return line


def play(spec: dict) -> Line:
    """The line for an (effective) spec, brought to its moves: the kept moves that the request
    repeats are not played again; the rest are checked and applied, each answered by the random seats."""
    line = start_line(spec)
    moves = need(spec, "moves", "list", default=[])
    line.truncate(line.common(json.dumps(moves, separators=(",", ":")), len(moves)))
    if len(line.played) == line.base:  # the random seats open the game (or go on from an earlier link's)
        play_auto(spec, line)
    # Each played move keeps the position before it: the log describes the move there and names its seat.
    for i in range(len(line.own), len(moves)):
        try:
            line.step(moves[i], own=True)
        except IllegalAction as err:
            raise InputError("move-illegal", f"moves[{i}]", reason=err.verdict.message) from None
        play_auto(spec, line)
    return line


def own_moves(spec: dict, played: list) -> list | None:
    """The reader's moves of a game a link before format 4 listed whole (`played`, the random seats'
    moves too), when the random player chooses the others the same way now; else None (a change of a
    game's moves since): the game is then replayed as listed."""
    auto = set(need(spec, "auto", "list", default=[]))
    listed = start_line({**spec, "moves": [], "played": played})
    own = [move for move, _, before in listed.played if before.current_player not in auto]
    again = play({**{k: v for k, v in spec.items() if k != "played"}, "moves": own})
    same = [json.dumps(m, sort_keys=True) for m, _, _ in again.played] == [json.dumps(m, sort_keys=True) for m in played]
    return own if same else None


def play_auto(spec: dict, line: Line) -> None:
    """The random player's moves for the seats it plays, until a seat of the reader's is to move:
    the same each time the game is replayed (the generator's seed is the setup's and the number of
    moves before), so a request need not name them."""
    auto = set(need(spec, "auto", "list", default=[]))
    if auto:
        rng = Rng(len(line.played) + 1 + (spec.get("setup") or {}).get("seed", 0))
        count = 0
        while not line.state.is_over() and line.state.current_player in auto and count < MAX_AUTO_MOVES:
            line.step(rng.choice(line.state.legal_actions()))
            count += 1
