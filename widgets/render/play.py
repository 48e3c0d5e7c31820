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
The browser only edits these fields and asks again; every answer comes from here.
The board picture comes from widgets/render/<game package>.py (`board_svg`, `panel`).
"""

from __future__ import annotations

import importlib
import json

from engine import IllegalAction, InputError, load_game
from engine.core import Rng, expect, need
from engine.core.cases import build_state

from .html import attrs, esc, rule_links
from .ui import UI

MAX_AUTO_MOVES = 5000  # a whole game of any of the five, with room to spare


def game_view(game_id: str):
    return importlib.import_module(f"widgets.render.{game_id.replace('-', '_')}")


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


def run(spec: dict):
    """Applies the steps and the reader's moves; returns the cards, the final state and the played moves."""
    spec = effective(spec)
    game, state = start_state(spec)
    cards = [{"state": state, "caption": spec.get("caption"), "action": None, "verdict": None}]
    for i, step in enumerate(need(spec, "steps", "list", default=[])):
        expect(step, "object", f"steps[{i}]")
        action = need(step, "action", "object", f"steps[{i}]")
        verdict = state.check(action)
        if verdict.legal:
            state = state.apply(action)
        cards.append({"state": state, "caption": step.get("caption"), "action": action, "verdict": verdict})
    # Each played move keeps the position before it: the log describes the move there and names its seat.
    played = []
    for i, move in enumerate(need(spec, "moves", "list", default=[])):
        try:
            verdict = state.check(move)
            before, state = state, state.apply(move)
        except IllegalAction as err:
            raise InputError("move-illegal", f"moves[{i}]", reason=err.verdict.message) from None
        played.append((move, verdict, before))
    auto = set(need(spec, "auto", "list", default=[]))
    if auto:
        rng = Rng(len(played) + 1 + (spec.get("setup") or {}).get("seed", 0))
        count = 0
        while not state.is_over() and state.current_player in auto and count < MAX_AUTO_MOVES:
            move = rng.choice(state.legal_actions())
            verdict = state.check(move)
            before, state = state, state.apply(move)
            played.append((move, verdict, before))
            count += 1
    return game, cards, state, played


def output(spec: dict, ctx: dict) -> str:
    lang = ctx["lang"]
    game, cards, state, played = run(spec)
    spec = effective(spec)
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
            body.append(f'<p class="kikoto-action">{esc(cards[i - 1]["state"].describe(card["action"], lang))}</p>')
            body.append(verdict_html(card["verdict"], ctx))
        highlight = set()
        if flt and i == len(cards) - 1:
            highlight = {view.target(a) for a in card["state"].legal_actions() if matches(a, flt)}
        body.append(view.board_svg(card["state"], lang, highlight))
        if isinstance(spec.get("show_hand"), int):
            body.append(own_hand(view, card["state"], spec["show_hand"], lang))
        if steps:
            prev_btn = f'<button type="button" data-step="{i - 1}"{attrs(disabled=i == 0)}>{esc(UI.text("prev", lang))}</button>'
            next_btn = (f'<button type="button" data-step="{i + 1}"{attrs(disabled=i == len(cards) - 1)}>'
                        f'{esc(UI.text("next", lang))}</button>')
            body.append(f'<p class="kikoto-stepnav">{prev_btn} <span>{i} / {len(cards) - 1}</span> {next_btn}</p>')
        parts.append(f'<section class="kikoto-card"{attrs(data_current=current)} data-card="{i}">{"".join(body)}</section>')
    if flt:
        last = cards[-1]["state"]
        legal = [a for a in last.legal_actions() if matches(a, flt)]
        items = "".join(f"<li>{esc(last.describe(a, lang))}</li>" for a in legal)
        parts.append(f'<p class="kikoto-legal-count" data-count="{len(legal)}">'
                     f'{esc(UI.text("legal-count", lang, n=len(legal)))}</p><ul class="kikoto-legal">{items}</ul>')
    if spec.get("play") or played:
        parts.append(play_area(spec, game, state, played, view, ctx))
    return "".join(parts)


def play_area(spec, game, state, played, view, ctx) -> str:
    lang = ctx["lang"]
    auto = set(spec.get("auto", []))
    log = "".join(f'<li>{esc(UI.text("seat", lang, n=before.current_player + 1))}: '
                  f'{esc(before.describe(move, lang))} {rule_links(v.rules, ctx)}</li>'
                  for move, v, before in played)
    # data-played: every move so far, the random seats' included; the browser keeps it as the new "moves".
    played_json = json.dumps([move for move, _, _ in played], sort_keys=True, separators=(",", ":"))
    parts = [f'<div class="kikoto-play" data-moves="{len(played)}" data-over="{str(state.is_over()).lower()}" '
             f'data-played="{esc(played_json)}">']
    if log:
        parts.append(f'<details class="kikoto-log" open><summary>{esc(UI.text("log", lang))} ({len(played)})'
                     f'</summary><ol>{log}</ol></details>')
    legal = [] if state.is_over() else state.legal_actions()
    reader = not state.is_over() and state.current_player not in auto  # the reader plays the seat to move
    # A renderer may ask for the reader's legal moves to be highlighted on the board (HIGHLIGHT_LEGAL).
    lit = {view.target(a) for a in legal} - {None} if reader and getattr(view, "HIGHLIGHT_LEGAL", False) else set()
    parts.append(view.board_svg(state, lang, lit))
    parts.append(view.panel(state, lang))
    if reader:
        parts.append(own_hand(view, state, state.current_player, lang))
    if state.is_over():
        scores = state.scores()
        totals = [s["total"] if isinstance(s, dict) else s for s in scores]
        winners = ", ".join(str(w + 1) for w in state.winners())
        parts.append(f'<div class="admonition success kikoto-over"><p class="admonition-title">'
                     f'{esc(UI.text("game-over", lang, winners=winners))}</p>'
                     f'<p>{esc(UI.text("totals", lang))}: {esc(" · ".join(map(str, totals)))}</p></div>')
    else:
        # A game with very many moves may group them (`group_actions(state, actions, lang)` in its renderer).
        group = getattr(view, "group_actions", None)
        groups = group(state, legal, lang) if group else None
        moves = move_groups(groups, state, lang, spec.get("step")) if groups else move_list(legal, state, lang)
        parts.append(f'<p class="kikoto-turn">{esc(UI.text("to-move", lang, n=state.current_player + 1))}</p>{moves}')
    # Undo goes back to before the last move of a seat the reader plays (random seats would replay at once).
    keep = next((i for i in range(len(played) - 1, -1, -1) if played[i][2].current_player not in auto), 0)
    undo = attrs(disabled=not played, data_undo_to=keep)
    parts.append(f'<p class="kikoto-controls"><button type="button" data-undo{undo}>{esc(UI.text("undo", lang))}'
                 f'</button> <button type="button" data-reset{attrs(disabled=not played)}>{esc(UI.text("reset", lang))}</button></p></div>')
    return "".join(parts)


def move_list(actions, state, lang: str) -> str:
    buttons = "".join(f'<li><button type="button" data-move="{esc(json.dumps(a, sort_keys=True, separators=(",", ":")))}">'
                      f'{esc(state.describe(a, lang))}</button></li>' for a in actions)
    return f'<ul class="kikoto-moves">{buttons}</ul>'


def move_groups(groups, state, lang: str, shown=None) -> str:
    """[(label, [action or (label, [...])])]: a button per group, and the moves of one group only (the
    one the reader picked, kept in the spec's "step", which a sandbox does not use otherwise), its
    subgroups as closed <details>. So a position with thousands of moves stays a short page."""
    def count(items):
        return sum(count(i[1]) if isinstance(i, tuple) else 1 for i in items)

    def inner(items):
        if not (items and isinstance(items[0], tuple)):
            return move_list(items, state, lang)
        return "".join(f'<details class="kikoto-move-group"><summary>{esc(label)} ({count(sub)})</summary>'
                       f'{inner(sub)}</details>' for label, sub in items)

    shown = shown if isinstance(shown, int) and 0 <= shown < len(groups) else 0
    heads = "".join(f'<li><button type="button" data-step="{i}" aria-pressed="{str(i == shown).lower()}">'
                    f'{"▸ " if i == shown else ""}{esc(label)} ({count(items)})</button></li>'
                    for i, (label, items) in enumerate(groups))
    return (f'<ul class="kikoto-moves kikoto-group-heads">{heads}</ul>'
            f'<div class="kikoto-move-groups" data-group="{shown}">{inner(groups[shown][1])}</div>')


def own_hand(view, state, seat: int, lang: str) -> str:
    """A game with hidden hands may show one seat's own hand (`hand(state, seat, lang)` in its renderer)."""
    show = getattr(view, "hand", None)
    return show(state, seat, lang) if show else ""


def choice_title(opt, choice, lang: str) -> str:
    titled = opt.choice_titles.get(choice)
    if titled:
        return titled[lang]
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
                          f'{esc(choice_title(opt, c, lang))}</option>' for c in opt.choices)
        parts.append(f'<label class="kikoto-option">{esc(opt.title[lang])} '
                     f'<select name="options.{esc(opt.name)}" data-type="json">{choices}</select></label>')
    parts.append(f'</fieldset><fieldset><legend>{esc(UI.text("random-seats", lang))}</legend>')
    for seat in range(high):
        parts.append(f'<label><input type="checkbox" name="auto.{seat}"{" checked" if seat in spec.get("auto", []) else ""}> '
                     f'{esc(UI.text("seat", lang, n=seat + 1))}</label>')
    parts.append("</fieldset>")
    return "".join(parts)
