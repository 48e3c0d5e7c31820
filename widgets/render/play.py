"""Positions you can play through: worked examples ("steps", "legal") and the sandbox.

One renderer serves them all. A spec names a game and a start position (a "state",
or a "setup" plus "moves"), then optionally:
  steps   [{action, caption}]  the book's example, shown step by step with verdicts
  filter  {key: value}         the legal actions to show and highlight (e.g. one ship's sails)
  moves   [action]             what the reader played on top (the browser appends to this): the
                               reader's own moves only, the random seats choose theirs again (line.py)
  auto    [seat]               seats played by the random player (sandbox)
  played  [action]             a game an earlier link began: its moves, every seat's (line.py)
  step    int                  the step card in focus (stepper)
  show_hand int                the seat whose hidden hand each step card shows (games with a `hand` view)
  (in a sandbox whose renderer groups its moves, `group_actions`, "step" is the group shown open)
  open    int                  in that group, the subgroup whose moves are listed (the first if none)
The browser only edits these fields and asks again; every answer comes from here.
The board picture comes from the game's renderer (widgets/render/renderer.py); the line of play
and its memory are in line.py, the move lists in moves.py.
"""

from __future__ import annotations

import functools
import json

from engine import load_game
from engine.core import Rng, need
from engine.core.formats import read_link, write_link
from engine.core.view import Seen

from .html import attrs, esc, rule_links
from .line import LINES, LOG_SHOWN, MAX_LINES, Line, effective, own_moves, play, play_auto, start_state  # noqa: F401
from .moves import move_groups, move_list, wording, words  # noqa: F401
from .readings import variants
from .renderer import Renderer, renderer
from .ui import UI


def game_view(game_id: str) -> Renderer:
    return renderer(game_id)


def seen_by(state, seat=None) -> Seen:
    """A played position as a seat sees it, its seat to move's unless named (engine/core/view.py): the
    board, the panel and the hand are drawn from that seat's view, never from what it may not see."""
    if seat is None and not state.is_over():
        seat = state.current_player
    return Seen(state, seat)


def verdict_html(verdict, ctx: dict) -> str:
    lang = ctx["lang"]
    cls = "success" if verdict.legal else "failure"
    word = UI.text("legal" if verdict.legal else "illegal", lang)
    return (
        f'<div class="admonition {cls} kikoto-verdict" data-legal="{str(verdict.legal).lower()}" '
        f'data-reason="{esc(verdict.reason)}"><p class="admonition-title">{esc(word)} '
        f"{rule_links(verdict.rules, ctx)}</p><p>{esc(verdict.message[lang])}</p></div>"
    )


def matches(action: dict, flt: dict) -> bool:
    return all(action.get(k) == v for k, v in flt.items())


def editing(game_id: str):
    """The game's position editor (widgets/render/<package>/edit.py), whose taps the sandbox shares."""
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
        line.step(action, own=True)
        play_auto(spec, line)
        return "", None
    lang = ctx["lang"]
    return (
        f'<div class="kikoto-tried"><p class="kikoto-action">{esc(UI.text("you-tried", lang))}: '
        f"{esc(words(state, action, lang))}</p>{verdict_html(verdict, ctx)}</div>"
    ), sel


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
    items = "".join(
        f'<li><button type="button" data-try="{esc(json.dumps(a, sort_keys=True, separators=(",", ":")))}">'
        f"{esc(label)}</button></li>"
        for label, a in offers
    )
    return f'<ul class="kikoto-moves kikoto-offers">{items}</ul>'


def opened(spec: dict) -> dict:
    """A sandbox opened by a link (`link`, the text after "#play=", in any format the site ever wrote,
    migrated): its form, its moves or its position. Read while the page holds no moves of its own.
    A link before format 4 listed the random seats' moves too ("played"): the reader's are taken
    from them when the random player chooses the others the same way now, else the page keeps them
    all, to replay them as listed."""
    if not spec.get("sandbox") or not spec.get("link") or "moves" in spec:
        return spec
    link = read_link(spec["link"], need(spec, "game", "string"))
    out = {k: v for k, v in spec.items() if k != "link"}
    out["from_link"] = {k: link[k] for k in ("input", "state", "played") if k in link}
    out.update(out["from_link"], moves=need(link, "moves", "list", "link", default=[]))
    earlier = need(link, "played", "list", "link", default=None)
    if earlier is not None and not out["moves"]:
        own = own_moves(effective({k: v for k, v in out.items() if k != "played"}), earlier)
        if own is not None:
            del out["from_link"]["played"], out["played"]
            out["moves"] = own
    return out


def sandbox_link(spec: dict, line: Line) -> str:
    """The sandbox's link for the address bar ("#play="): its form or position, and the reader's own
    moves (the random seats' are chosen again when it opens; an earlier link's are kept)."""
    link = {"game": line.game.id, "moves": [line.played[i][0] for i in line.own]}
    if spec.get("input"):
        link["input"] = spec["input"]
    if "state" in spec:
        link["state"] = spec["state"]
    if line.base:
        link["played"] = [move for move, _, _ in line.played[: line.base]]
    return write_link(link)


def output(spec: dict, ctx: dict) -> str:
    lang = ctx["lang"]
    spec = effective(opened(spec))
    line = play(spec)
    tried, sel = tap_move(spec, line, ctx) if spec.get("play") else ("", None)
    game, cards, played = line.game, line.cards, line.played
    view = game_view(game.id)
    flt = need(spec, "filter", "object", default=None) or {}  # the moves an example lights up
    parts = []
    focus = spec.get("step")
    steps = len(cards) > 1
    # A sandbox draws its own board below; an example draws one card per step (or one for a plain position).
    for i, card in enumerate(cards if steps or not spec.get("play") else []):
        current = (focus if isinstance(focus, int) else 0) == i
        body = []
        if steps:
            body.append(f"<h4>{esc(UI.text('step', lang, n=i) if i else UI.text('start', lang))}</h4>")
        if card["caption"]:
            body.append(f'<p class="kikoto-caption">{esc(card["caption"])}</p>')
        if card["action"] is not None:
            body.append(f'<p class="kikoto-action">{esc(words(cards[i - 1]["state"], card["action"], lang))}</p>')
            body.append(verdict_html(card["verdict"], ctx))
        highlight = set()
        if flt and i == len(cards) - 1:
            highlight = {view.target(a) for a in card["state"].legal_actions() if matches(a, flt)}
        hand = spec.get("show_hand") if isinstance(spec.get("show_hand"), int) else None
        shown = seen_by(card["state"], hand)
        body.append(view.board_svg(shown, lang, highlight))
        if hand is not None:
            body.append(view.own_hand(shown, hand, lang))
        if steps:
            prev_btn = f'<button type="button" data-step="{i - 1}"{attrs(disabled=i == 0)}>{esc(UI.text("prev", lang))}</button>'
            next_btn = (
                f'<button type="button" data-step="{i + 1}"{attrs(disabled=i == len(cards) - 1)}>'
                f"{esc(UI.text('next', lang))}</button>"
            )
            body.append(f'<p class="kikoto-stepnav">{prev_btn} <span>{i} / {len(cards) - 1}</span> {next_btn}</p>')
        parts.append(f'<section class="kikoto-card"{attrs(data_current=current)} data-card="{i}">{"".join(body)}</section>')
    if flt:
        last = cards[-1]["state"]
        legal = [a for a in last.legal_actions() if matches(a, flt)]
        word = wording(last)
        items = "".join(f"<li>{esc(word(a, lang))}</li>" for a in legal)
        parts.append(
            f'<p class="kikoto-legal-count" data-count="{len(legal)}">'
            f'{esc(UI.text("legal-count", lang, n=len(legal)))}</p><ul class="kikoto-legal">{items}</ul>'
        )
    if spec.get("play") or played:
        parts.append(tried)
        update = {"sel": sel}
        if "from_link" in spec:
            # the page holds none of the link's moves: every move played is news to it (data-played),
            # and it keeps the link's form or position from here on
            update.update(spec["from_link"])
            spec = {**spec, "moves": []}
        if spec.get("sandbox"):
            update["link"] = sandbox_link(spec, line)
        parts.append(play_area({**spec, "sel": sel}, line, view, ctx))
        parts.append(f'<div hidden data-update="{esc(json.dumps(update))}"></div>')
    return "".join(parts)


def play_area(spec, line: Line, view, ctx) -> str:
    lang = ctx["lang"]
    state, played = line.state, line.played
    auto = set(spec.get("auto", []))
    first, rows = line.log(ctx, LOG_SHOWN, None if state.is_over() else state.current_player)
    log = "".join(rows)
    # data-played: the reader's moves played after the request's own (its first data-played-from): a
    # tapped move, or a link's; the browser appends them to its "moves".
    sent = len(spec.get("moves") or [])
    parts = [
        f'<div class="kikoto-play" data-moves="{len(played)}" data-over="{str(state.is_over()).lower()}" '
        f'data-played-from="{sent}" data-played="{line.played_attr(sent)}">'
    ]
    if log:
        parts.append(
            f'<details class="kikoto-log" open><summary>{esc(UI.text("log", lang))} ({len(played)})'
            f"</summary><ol{attrs(start=first + 1 if first else None)}>{log}</ol></details>"
        )
    keep = functools.partial(line.kept, state)
    # Only read from here on, so a state's own kept list will do where it offers one (no copy).
    listed = getattr(state, "legal_actions_shared", state.legal_actions)
    legal = keep("legal", lambda: [] if state.is_over() else listed())
    reader = not state.is_over() and state.current_player not in auto  # the reader plays the seat to move
    shown = seen_by(state)
    lit = keep("lit", lambda: view.highlight(state, legal)) if reader else set()
    # The reader plays on the board where the game's board takes taps (tap a piece, tap a field):
    # the fields are buttons, the selection is marked, and the legal moves' ends stay highlighted.
    edit = editing(line.game.id) if spec.get("sandbox") and reader else None
    if edit is not None and view.tappable:
        sel = spec.get("sel")
        parts.append(
            keep(
                ("board", lang, json.dumps(sel, sort_keys=True)),
                lambda: view.board_svg(shown, lang, lit, marks=edit.marks(state.to_json(), sel, None), tappable=True),
            )
        )
    else:
        parts.append(keep(("board", lang, reader), lambda: view.board_svg(shown, lang, lit)))
    parts.append(keep(("panel", lang), lambda: view.panel(shown, lang)))
    if reader:
        parts.append(keep(("hand", lang), lambda: view.own_hand(shown, state.current_player, lang)))
    if state.is_over():
        totals = state.scores()
        winners = ", ".join(str(w + 1) for w in state.winners())
        parts.append(
            f'<div class="admonition success kikoto-over"><p class="admonition-title">'
            f"{esc(UI.text('game-over', lang, winners=winners))}</p>"
            f"<p>{esc(UI.text('totals', lang))}: {esc(' · '.join(map(str, totals)))}</p></div>"
        )
    else:
        groups = keep(("groups", lang), lambda: view.groups(state, legal, lang))
        shown, opened = spec.get("step"), spec.get("open")
        moves = keep(
            ("moves", lang, repr(shown), repr(opened)),
            lambda: move_groups(groups, state, lang, shown, opened) if groups else move_list(legal, state, lang),
        )
        parts.append(f'<p class="kikoto-turn">{esc(UI.text("to-move", lang, n=state.current_player + 1))}</p>{moves}')
    back, earlier = line.undo_to(auto)
    undo = attrs(disabled=not line.own and earlier is None, data_undo_to=back, data_undo_played=earlier)
    parts.append(
        f'<p class="kikoto-controls"><button type="button" data-undo{undo}>{esc(UI.text("undo", lang))}'
        f'</button> <button type="button" data-reset{attrs(disabled=not played)}>{esc(UI.text("reset", lang))}</button></p></div>'
    )
    return "".join(parts)


def form(spec: dict, ctx: dict) -> str:
    """The sandbox's set-up form: players, seed, options, random seats. Other play widgets have none."""
    if not spec.get("sandbox"):
        return ""
    lang = ctx["lang"]
    game = load_game(need(spec, "game", "string"))
    setup = spec.get("setup", {})
    low, high = game.players
    players = "".join(
        f'<option value="{n}"{" selected" if setup.get("players") == n else ""}>{n}</option>' for n in range(low, high + 1)
    )
    parts = [
        f"<fieldset><legend>{esc(UI.text('setup', lang))}</legend>"
        f'<label>{esc(UI.text("players", lang))} <select name="setup.players" data-type="int">{players}</select></label>'
        f'<label>{esc(UI.text("seed", lang))} <input type="number" name="setup.seed" min="0" '
        f'value="{esc(setup.get("seed", 1))}" inputmode="numeric"></label></fieldset>'
    ]
    parts.append(variants(game, spec.get("options") or {}, lang))
    parts.append(f"<fieldset><legend>{esc(UI.text('random-seats', lang))}</legend>")
    for seat in range(high):
        parts.append(
            f'<label><input type="checkbox" name="auto.{seat}"{" checked" if seat in spec.get("auto", []) else ""}> '
            f"{esc(UI.text('seat', lang, n=seat + 1))}</label>"
        )
    parts.append("</fieldset>")
    return "".join(parts)
