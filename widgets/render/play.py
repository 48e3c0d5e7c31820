"""Positions you can play through: worked examples ("steps", "legal") and the sandbox.

One renderer serves them all. A spec names a game and a start position (a "state",
or a "setup" plus "moves"), then optionally:
  steps   [{action, caption}]  the book's example, shown step by step with verdicts
  filter  {key: value}         the legal actions to show and highlight (e.g. one ship's sails)
  moves   [action]             what the reader played on top (the browser appends to this)
  auto    [seat]               seats played by the random player (sandbox)
  step    int                  the step card in focus (stepper)
  show_hand int                the seat whose hidden hand each step card shows (games with a `hand` view)
  (in a sandbox whose renderer groups its moves, `group_actions`, "step" is the group shown open)
  open    int                  in that group, the subgroup whose moves are listed (the first if none)
The browser only edits these fields and asks again; every answer comes from here.
The board picture comes from widgets/render/<game package>.py (`board_svg`, `panel`).
"""

from __future__ import annotations

import functools
import json
from collections import OrderedDict

from engine import IllegalAction, InputError, load_game
from engine.core import Rng, expect, need
from engine.core.messages import LANGS
from engine.core.cases import build_state

from .html import attrs, esc, rule_links
from .renderer import Renderer, renderer
from .ui import UI

MAX_AUTO_MOVES = 5000  # a whole game of any of the five, with room to spare
# The log lists the last moves only (numbered from where they start): the whole log of a long game
# made each answer hundreds of kilobytes, and laying it out cost the page ten times the move itself.
LOG_SHOWN = 50


def game_view(game_id: str) -> Renderer:
    return renderer(game_id)


def start_state(spec: dict):
    """The example's own start; a widget's "moves" are the reader's, played on top (see run)."""
    return build_state({k: spec[k] for k in ("game", "options", "state", "setup") if k in spec})


def verdict_html(verdict, ctx: dict) -> str:
    lang = ctx["lang"]
    cls = "success" if verdict.legal else "failure"
    word = UI.text("legal" if verdict.legal else "illegal", lang)
    return (f'<div class="admonition {cls} kikoto-verdict" data-legal="{str(verdict.legal).lower()}" '
            f'data-reason="{esc(verdict.reason)}"><p class="admonition-title">{esc(word)} '
            f'{rule_links(verdict.rules, ctx)}</p><p>{esc(verdict.message[lang])}</p></div>')


def matches(action: dict, flt: dict) -> bool:
    return all(action.get(k) == v for k, v in flt.items())


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
        self.played = []  # (move, verdict, before)
        self.texts = []  # each played move's JSON text as the request spelled it (see `common`)
        self.ends = [0]  # where move k's text ends in the moves' JSON text "[t0,t1,…]", k from 1
        self.logs = {}  # (lang, rules_url) -> the log's <li> per played move, made once
        self.views = OrderedDict()  # id(state) -> (state, {what: value}), see `kept`

    def common(self, moves_text: str, n: int) -> int:
        """How many of the played moves open the request's moves (n of them, `moves_text` their
        compact JSON). Compared as JSON text, so 1 and true and 1.0 stay different moves."""
        m = min(n, len(self.texts))
        joined = "[" + ",".join(self.texts[:m])
        ends = self.ends

        def same(k):  # the first k moves agree: the texts match up to the end of move k
            return k == 0 or (moves_text.startswith(joined[:ends[k]]) and moves_text[ends[k]:ends[k] + 1] in (",", "]"))

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
        if k < len(self.played):
            self.state = self.played[k][2]
            for rows in (self.played, self.texts, *self.logs.values()):
                del rows[k:]
            del self.ends[k + 1:]

    def step(self, move) -> None:
        """Checks and plays `move` at the line's position (`apply` raises IllegalAction, and then
        the line is unchanged)."""
        before = self.state
        verdict = before.check(move)
        self.state = before.apply(move)
        self.played.append((move, verdict, before))
        self.texts.append(json.dumps(move, separators=(",", ":")))
        self.ends.append(self.ends[-1] + len(self.texts[-1]) + 1)

    def log(self, ctx: dict, last: int) -> tuple[int, list[str]]:
        """The log's <li> for the last `last` played moves, and the index of the first of them.
        Each row is made once per language, when it is first shown."""
        lang = ctx["lang"]
        rows = self.logs.setdefault((lang, ctx.get("rules_url", "")), [])
        rows.extend([None] * (len(self.played) - len(rows)))
        first = max(0, len(self.played) - last)
        for i in range(first, len(self.played)):
            if rows[i] is None:
                move, v, before = self.played[i]
                rows[i] = (f'<li>{esc(UI.text("seat", lang, n=before.current_player + 1))}: '
                           f'{esc(words(before, move, lang))} {rule_links(v.rules, ctx)}</li>')
        return first, rows[first:]

    def kept(self, state, what, make):
        """What a play area shows of a position (its legal moves, board, move list), made once per
        position: undo goes back to a kept position, and opening another group of a wide position's
        moves asks for the same position again (Mississippi Queen: two thousand moves to list, group
        and mark each time). The last few positions only; a kept entry keeps its state, so ids stay unique."""
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
        """data-played: the moves after the `sent` ones the request named (the random seats'), spelled
        as the line keeps them, so that the next request repeats them in the same JSON text (`common`).
        A long game's whole line, sent back after every click, was most of the answer."""
        return esc("[" + ",".join(self.texts[sent:]) + "]")


MAX_LINES = 8  # a page's play widgets and a few set-ups of its sandbox
MAX_VIEWS = 4  # per line: the position shown, the one before it (undo) and a couple more
LINES: OrderedDict[str, Line] = OrderedDict()  # start key -> Line, least recently used first


def caption(holder: dict, path: str) -> dict | None:
    """A caption, if any, is a text in every language: {"hu": ..., "en": ...}."""
    value = need(holder, "caption", "object", path, default=None)
    for lang in LANGS if value is not None else ():
        need(value, lang, "string", f"{path}.caption" if path else "caption")
    return value


def start_line(spec: dict) -> Line:
    """The example's start and steps, kept by the JSON of everything they depend on."""
    key = json.dumps([spec.get(k) for k in ("game", "options", "state", "setup", "steps", "caption")],
                     sort_keys=True, separators=(",", ":"))
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
    line = LINES[key] = Line(game, cards)
    while len(LINES) > MAX_LINES:
        LINES.popitem(last=False)
    return line


def play(spec: dict) -> Line:
    """The line for an (effective) spec, brought to its moves: the kept moves that the request
    repeats are not played again; the rest are checked and applied, then the random seats play."""
    line = start_line(spec)
    moves = need(spec, "moves", "list", default=[])
    line.truncate(line.common(json.dumps(moves, separators=(",", ":")), len(moves)))
    # Each played move keeps the position before it: the log describes the move there and names its seat.
    for i in range(len(line.played), len(moves)):
        try:
            line.step(moves[i])
        except IllegalAction as err:
            raise InputError("move-illegal", f"moves[{i}]", reason=err.verdict.message) from None
    play_auto(spec, line)
    return line


def play_auto(spec: dict, line: Line) -> None:
    """The random player's moves for the seats it plays, until a seat of the reader's is to move."""
    auto = set(need(spec, "auto", "list", default=[]))
    if auto:
        rng = Rng(len(line.played) + 1 + (spec.get("setup") or {}).get("seed", 0))
        count = 0
        while not line.state.is_over() and line.state.current_player in auto and count < MAX_AUTO_MOVES:
            line.step(rng.choice(line.state.legal_actions()))
            count += 1


def editing(game_id: str):
    """The game's position editor (widgets/render/<game>_edit.py), whose taps the sandbox shares."""
    return renderer(game_id).editing()


def tap_move(spec: dict, line: Line, ctx: dict) -> tuple[str, object]:
    """A tap on the sandbox's board ("tap": a field), as in the editor's ask mode: a first tap selects a
    piece ("sel"), a second names the move. A legal move is played (and the random seats answer it);
    an illegal one is refused with its reason and rules, and nothing is played. Returns the HTML to
    show and the selection to keep."""
    edit = editing(line.game.id)
    if edit is None or line.state.is_over():
        return "", None
    state = line.state
    if isinstance(spec.get("try"), dict):  # one of the moves the selected field offers
        sel, action = spec.get("sel"), spec["try"]
    elif isinstance(spec.get("tap"), str):
        sel, action = edit.ask_tap(state.to_json(), spec.get("sel"), spec["tap"])
    else:
        return "", spec.get("sel")
    if action is None:
        return offered(edit, state, sel, ctx["lang"]), sel
    verdict = state.check(action)  # an InputError here is the island's error box
    if verdict.legal:
        line.step(action)
        play_auto(spec, line)
        return "", None
    lang = ctx["lang"]
    return (f'<div class="kikoto-tried"><p class="kikoto-action">{esc(UI.text("you-tried", lang))}: '
            f'{esc(words(state, action, lang))}</p>{verdict_html(verdict, ctx)}</div>'), sel


# Warm-up. Chromium runs WebAssembly in its baseline compiler until a function has run enough to
# be optimised, so a fresh worker answered Mississippi Queen's clicks 3-4 times slower than after
# forty-odd positions (with V8's optimiser forced on from the start, as fast at once). The page
# therefore has the engine play and render random positions of its own game before the reader's
# first moves, a few at a time, on a line of its own: the kept lines (the reader's) are not touched.
WARM: dict = {}  # "line": the scratch Line, "rng": its random player


def warm(spec: dict, ctx: dict, positions: int) -> int:
    """Renders up to `positions` more positions of a random game from the spec's start, as the
    sandbox shows them (legal moves, board, panel, groups, the answer's JSON). Returns how many."""
    spec = {**effective(spec), "moves": [], "auto": []}
    game, start = start_state(spec)  # checks the spec (an unknown game is an InputError)
    view = game_view(game.id)
    rng = WARM.setdefault("rng", Rng(0x3A7))
    done = 0
    while done < positions:
        line = WARM.get("line")
        if line is None or line.game.id != game.id or line.state.is_over():
            line = WARM["line"] = Line(game, [{"state": start, "caption": None, "action": None, "verdict": None}])
        json.dumps(play_area(spec, line, view, ctx), ensure_ascii=False)
        done += 1
        if not line.state.is_over():
            line.step(rng.choice(line.state.legal_actions()))
    return done


def run(spec: dict):
    """Applies the steps and the reader's moves; returns the cards, the final state and the played moves."""
    line = play(effective(spec))
    return line.game, [dict(card) for card in line.cards], line.state, list(line.played)


def offered(edit, state, sel, lang) -> str:
    """The moves the selected field offers, legal or not, as buttons that try them."""
    offers = edit.offers(state, sel, lang)
    if not offers:
        return ""
    items = "".join(f'<li><button type="button" data-try="{esc(json.dumps(a, sort_keys=True, separators=(",", ":")))}">'
                    f'{esc(label)}</button></li>' for label, a in offers)
    return f'<ul class="kikoto-moves kikoto-offers">{items}</ul>'


def output(spec: dict, ctx: dict) -> str:
    lang = ctx["lang"]
    spec = effective(spec)
    line = play(spec)
    tried, sel = tap_move(spec, line, ctx) if spec.get("play") else ("", None)
    game, cards, played = line.game, line.cards, line.played
    view = game_view(game.id)
    flt = spec.get("filter") or {}
    parts = []
    focus = spec.get("step")
    steps = len(cards) > 1
    # A sandbox draws its own board below; an example draws one card per step (or one for a plain position).
    for i, card in enumerate(cards if steps or not spec.get("play") else []):
        current = (focus if isinstance(focus, int) else 0) == i
        body = []
        if steps:
            body.append(f'<h4>{esc(UI.text("step", lang, n=i) if i else UI.text("start", lang))}</h4>')
        if card["caption"]:
            body.append(f'<p class="kikoto-caption">{esc(card["caption"][lang])}</p>')
        if card["action"] is not None:
            body.append(f'<p class="kikoto-action">{esc(words(cards[i - 1]["state"], card["action"], lang))}</p>')
            body.append(verdict_html(card["verdict"], ctx))
        highlight = set()
        if flt and i == len(cards) - 1:
            highlight = {view.target(a) for a in card["state"].legal_actions() if matches(a, flt)}
        body.append(view.board_svg(card["state"], lang, highlight))
        if isinstance(spec.get("show_hand"), int):
            body.append(view.own_hand(card["state"], spec["show_hand"], lang))
        if steps:
            prev_btn = f'<button type="button" data-step="{i - 1}"{attrs(disabled=i == 0)}>{esc(UI.text("prev", lang))}</button>'
            next_btn = (f'<button type="button" data-step="{i + 1}"{attrs(disabled=i == len(cards) - 1)}>'
                        f'{esc(UI.text("next", lang))}</button>')
            body.append(f'<p class="kikoto-stepnav">{prev_btn} <span>{i} / {len(cards) - 1}</span> {next_btn}</p>')
        parts.append(f'<section class="kikoto-card"{attrs(data_current=current)} data-card="{i}">{"".join(body)}</section>')
    if flt:
        last = cards[-1]["state"]
        legal = [a for a in last.legal_actions() if matches(a, flt)]
        word = wording(last)
        items = "".join(f"<li>{esc(word(a, lang))}</li>" for a in legal)
        parts.append(f'<p class="kikoto-legal-count" data-count="{len(legal)}">'
                     f'{esc(UI.text("legal-count", lang, n=len(legal)))}</p><ul class="kikoto-legal">{items}</ul>')
    if spec.get("play") or played:
        parts.append(tried)
        parts.append(play_area({**spec, "sel": sel}, line, view, ctx))
        parts.append(f'<div hidden data-update="{esc(json.dumps({"sel": sel}))}"></div>')
    return "".join(parts)


def play_area(spec, line: Line, view, ctx) -> str:
    lang = ctx["lang"]
    state, played = line.state, line.played
    auto = set(spec.get("auto", []))
    first, rows = line.log(ctx, LOG_SHOWN)
    log = "".join(rows)
    # data-played: the moves played after the request's own (its first data-played-from), the random
    # seats'; the browser appends them to its "moves".
    sent = len(spec.get("moves") or [])
    parts = [f'<div class="kikoto-play" data-moves="{len(played)}" data-over="{str(state.is_over()).lower()}" '
             f'data-played-from="{sent}" data-played="{line.played_attr(sent)}">']
    if log:
        parts.append(f'<details class="kikoto-log" open><summary>{esc(UI.text("log", lang))} ({len(played)})'
                     f'</summary><ol{attrs(start=first + 1 if first else None)}>{log}</ol></details>')
    keep = functools.partial(line.kept, state)
    # Only read from here on, so a state's own kept list will do where it offers one (a wide
    # position's thousands of actions, copied at every first visit, were a sixth of a click).
    listed = getattr(state, "legal_actions_shared", state.legal_actions)
    legal = keep("legal", lambda: [] if state.is_over() else listed())
    reader = not state.is_over() and state.current_player not in auto  # the reader plays the seat to move
    lit = keep("lit", lambda: view.highlight(state, legal)) if reader else set()
    # The reader plays on the board where the game's board takes taps (tap a piece, tap a field):
    # the fields are buttons, the selection is marked, and the legal moves' ends stay highlighted.
    edit = editing(line.game.id) if spec.get("sandbox") and reader else None
    if edit is not None and view.tappable:
        sel = spec.get("sel")
        parts.append(keep(("board", lang, json.dumps(sel, sort_keys=True)), lambda: view.board_svg(
            state, lang, lit, marks=edit.marks(state.to_json(), sel, None), tappable=True)))
    else:
        parts.append(keep(("board", lang, reader), lambda: view.board_svg(state, lang, lit)))
    parts.append(keep(("panel", lang), lambda: view.panel(state, lang)))
    if reader:
        parts.append(keep(("hand", lang), lambda: view.own_hand(state, state.current_player, lang)))
    if state.is_over():
        totals = state.scores()
        winners = ", ".join(str(w + 1) for w in state.winners())
        parts.append(f'<div class="admonition success kikoto-over"><p class="admonition-title">'
                     f'{esc(UI.text("game-over", lang, winners=winners))}</p>'
                     f'<p>{esc(UI.text("totals", lang))}: {esc(" · ".join(map(str, totals)))}</p></div>')
    else:
        groups = keep(("groups", lang), lambda: view.groups(state, legal, lang))
        shown, opened = spec.get("step"), spec.get("open")
        moves = keep(("moves", lang, repr(shown), repr(opened)),
                     lambda: move_groups(groups, state, lang, shown, opened) if groups else move_list(legal, state, lang))
        parts.append(f'<p class="kikoto-turn">{esc(UI.text("to-move", lang, n=state.current_player + 1))}</p>{moves}')
    # Undo goes back to before the last move of a seat the reader plays (random seats would replay at once).
    back = next((i for i in range(len(played) - 1, -1, -1) if played[i][2].current_player not in auto), 0)
    undo = attrs(disabled=not played, data_undo_to=back)
    parts.append(f'<p class="kikoto-controls"><button type="button" data-undo{undo}>{esc(UI.text("undo", lang))}'
                 f'</button> <button type="button" data-reset{attrs(disabled=not played)}>{esc(UI.text("reset", lang))}</button></p></div>')
    return "".join(parts)


def wording(state):
    """The function that words a move at `state`, (action, lang) -> text: the renderer's
    `move_words` where it words moves better than the engine can. Looked up once per list."""
    return renderer(state.game.id).wording(state)


def words(state, action, lang: str) -> str:
    return wording(state)(action, lang)


def move_list(actions, state, lang: str) -> str:
    word = wording(state)
    buttons = "".join(f'<li><button type="button" data-move="{esc(json.dumps(a, sort_keys=True, separators=(",", ":")))}">'
                      f'{esc(word(a, lang))}</button></li>' for a in actions)
    return f'<ul class="kikoto-moves">{buttons}</ul>'


def move_groups(groups, state, lang: str, shown=None, opened=None) -> str:
    """[(label, [action or (label, [...])])]: a button per group, and the moves of one group only (the
    one the reader picked, kept in the spec's "step", which a sandbox does not use otherwise), its
    subgroups as <details>. So a position with thousands of moves stays a short page. Only one
    subgroup lists its moves (the spec's "open", else the first): the others are empty until the
    reader opens one and the browser asks for it. A wide position's every answer carried a couple
    of hundred move buttons the reader had not opened, most of the time of an undo to it."""
    def count(items):  # a level holds subgroups or moves, never both (as `inner` reads it too)
        return sum(count(i[1]) for i in items) if items and isinstance(items[0], tuple) else len(items)

    def inner(items):
        if not (items and isinstance(items[0], tuple)):
            return move_list(items, state, lang)
        return "".join(f'<details class="kikoto-move-group"><summary>{esc(label)} ({count(sub)})</summary>'
                       f'{inner(sub)}</details>' for label, sub in items)

    def lazy(items):  # the shown group's subgroups: only the open one lists its moves
        if not (items and isinstance(items[0], tuple)):
            return move_list(items, state, lang)
        return "".join(f'<details class="kikoto-move-group" data-sub="{j}"{" open" if j == opened else ""}>'
                       f'<summary>{esc(label)} ({count(sub)})</summary>{inner(sub) if j == opened else ""}</details>'
                       for j, (label, sub) in enumerate(items))

    shown = shown if isinstance(shown, int) and 0 <= shown < len(groups) else 0
    subs = groups[shown][1]
    opened = opened if isinstance(opened, int) and 0 <= opened < len(subs) else 0
    heads = "".join(f'<li><button type="button" data-step="{i}" aria-pressed="{str(i == shown).lower()}">'
                    f'{"▸ " if i == shown else ""}{esc(label)} ({count(items)})</button></li>'
                    for i, (label, items) in enumerate(groups))
    return (f'<ul class="kikoto-moves kikoto-group-heads">{heads}</ul>'
            f'<div class="kikoto-move-groups" data-group="{shown}">{lazy(subs)}</div>')


def choice_title(game, opt, choice, lang: str) -> str:
    titled = game.choice_title(opt.name, choice, lang)
    if titled:
        return titled
    if isinstance(choice, bool):
        return UI.text("on" if choice else "off", lang)
    return str(choice)


def form(spec: dict, ctx: dict) -> str:
    """The sandbox's set-up form: players, seed, options, random seats. Other play widgets have none."""
    if not spec.get("sandbox"):
        return ""
    lang = ctx["lang"]
    game = load_game(need(spec, "game", "string"))
    setup = spec.get("setup", {})
    low, high = game.players
    players = "".join(f'<option value="{n}"{" selected" if setup.get("players") == n else ""}>{n}</option>'
                      for n in range(low, high + 1))
    parts = [f'<fieldset><legend>{esc(UI.text("setup", lang))}</legend>'
             f'<label>{esc(UI.text("players", lang))} <select name="setup.players" data-type="int">{players}</select></label>'
             f'<label>{esc(UI.text("seed", lang))} <input type="number" name="setup.seed" min="0" '
             f'value="{esc(setup.get("seed", 1))}" inputmode="numeric"></label></fieldset>']
    parts.append(f'<fieldset><legend>{esc(UI.text("options", lang))}</legend>')
    for opt in game.options.values():
        current = (spec.get("options") or {}).get(opt.name, opt.default)
        choices = "".join(f'<option value="{esc(json.dumps(c))}"{" selected" if c == current else ""}>'
                          f'{esc(choice_title(game, opt, c, lang))}</option>' for c in opt.choices)
        parts.append(f'<label class="kikoto-option">{esc(game.option_title(opt.name, lang))} '
                     f'<select name="options.{esc(opt.name)}" data-type="json">{choices}</select></label>')
    parts.append(f'</fieldset><fieldset><legend>{esc(UI.text("random-seats", lang))}</legend>')
    for seat in range(high):
        parts.append(f'<label><input type="checkbox" name="auto.{seat}"{" checked" if seat in spec.get("auto", []) else ""}> '
                     f'{esc(UI.text("seat", lang, n=seat + 1))}</label>')
    parts.append("</fieldset>")
    return "".join(parts)
