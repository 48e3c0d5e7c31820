"""A guided first round (widget kind `lesson`): the learner plays one seat of a ready position, the
engine the others, and a guide says at each step what the learner may do now and marks where.

The lesson is data, an example file (docs/<game>/examples/lesson.json):
  state, options   the ready position
  seat             the learner's seat (from 0)
  steps            one per move, in order: {action, caption, where, also}
                   - a step of the learner's seat: `caption` is the guide's sentence, `where` the board
                     fields to tap (they are marked, and tapping them makes `action`), `also` other
                     moves the lesson accepts in its place;
                   - a step of another seat: the engine plays `action` and says what it did and which
                     rule let it (`caption`, if any, adds why in words)
  title, caption, note   the lesson's name, its first words and its last
Texts are Hungarian, translated through the game's content catalog like every example's.
The page keeps "moves" (the steps played), "sel" (a selected field) and sends a "tap" or a "try"
(a move offered, or the guide's "Show me"); every answer, legal or not, is the engine's.
tests/widgets/test_lesson.py plays every lesson's steps and taps through the engine.
"""

from __future__ import annotations

import json

from engine import IllegalAction, InputError
from engine.core import expect, need
from engine.core.formats import write_link
from engine.core.messages import N_
from engine.core.registry import load_rules

from .html import attrs, data_json, esc, rule_link
from .line import start_state
from .moves import words
from .play import editing, seen_by, verdict_html
from .renderer import renderer
from .ui import UI

# Keys picked at run time, listed for `python -m widgets.i18n extract`.
RUNTIME_KEYS = (N_("lesson-allowed"), N_("lesson-rule"))


def steps(spec: dict) -> list[dict]:
    out = need(spec, "steps", "list")
    for i, step in enumerate(out):
        expect(step, "object", f"steps[{i}]")
        need(step, "action", "object", f"steps[{i}]")
    return out


def accepted(step: dict) -> list[dict]:
    return [step["action"], *need(step, "also", "list", "step", default=[])]


def offers(edit, state, sel, lang: str) -> list[tuple[str, dict]]:
    """The moves a selected field offers: the game's editor's (legal or not, as on the Ask page), and the
    legal moves the board draws at that field (`Renderer.target`) that the editor does not offer
    (Mare Balticum's new ship from the supply)."""
    out = list(edit.offers(state, sel, lang))
    at = sel.get("at") if isinstance(sel, dict) else sel
    if at is None:
        return out
    view, me = renderer(state.game.id), state.current_player
    for action in getattr(state, "legal_actions_shared", state.legal_actions)():  # only read here
        if view.target(action) == at and not any(matches(a, action, me) for _, a in out):
            out.append((words(state, action, lang), action))
    return out


def offer_list(choices) -> str:
    items = "".join(f'<li><button type="button" data-try="{data_json(a)}">{esc(label)}</button></li>' for label, a in choices)
    return f'<ul class="kikoto-moves kikoto-offers">{items}</ul>' if items else ""


def matches(tried: dict, wanted: dict, seat: int) -> bool:
    """The move the lesson wants: the same fields; a tap's move may also name its player (the learner)."""
    extra = {k: v for k, v in tried.items() if k not in wanted}
    return all(tried.get(k) == v for k, v in wanted.items()) and extra in ({}, {"player": seat})


def lesson(spec: dict):
    """The game, the learner's seat, the steps, each step's seat (the plan played through) and the start."""
    game, start = start_state(spec)
    seat = need(spec, "seat", "integer", low=0, high=game.players[1] - 1)
    plan, owners, state = steps(spec), [], start
    for i, step in enumerate(plan):
        owners.append(state.current_player)
        try:
            state = state.apply(step["action"])
        except IllegalAction as err:  # a lesson its game no longer allows: named, as a bad example is
            raise InputError("move-illegal", f"steps[{i}].action", reason=err.verdict.message) from None
        except InputError as err:  # a malformed move, named by its place
            raise err.moved("action", f"steps[{i}].action") from None
    return game, seat, plan, owners, start


def _why(verdict, game_id: str, ctx: dict, said: str = "lesson-allowed", titled: bool = True) -> str:
    """The rules a verdict cites, linked (with their titles, unless the verdict's own words say why)."""
    titles = load_rules(game_id, ctx["lang"]) if titled else {}
    cited = ", ".join(f"{rule_link(r, ctx)} {esc(titles[r].title if r in titles else '')}".strip() for r in verdict.rules)
    return f'<span class="kikoto-lesson-why">{esc(UI.text(said, ctx["lang"]))} {cited}</span>'


def _others(history, seat: int, plan, game_id: str, ctx: dict) -> str:
    """What the other seats did since the learner's last move, each with the rule that let it."""
    lang, rows = ctx["lang"], []
    for i in range(len(history) - 1, -1, -1):
        move, verdict, before = history[i]
        if before.current_player == seat:
            break
        note = plan[i].get("caption")
        rows.append(
            f"<li><strong>{esc(UI.text('seat', lang, n=before.current_player + 1))}:</strong> "
            f"{esc(words(before, move, lang))}. "
            + (
                f"{esc(verdict.message[lang])} {_why(verdict, game_id, ctx, titled=False)}"
                if verdict.reason != "ok"
                else _why(verdict, game_id, ctx)
            )
            + (f" {esc(note)}" if isinstance(note, str) else "")
            + "</li>"
        )
    return f'<ul class="kikoto-lesson-others">{"".join(reversed(rows))}</ul>' if rows else ""


def _try(spec, state, step, seat, edit, ctx):
    """The learner's tap or tried move: (the move to play or None, what to say, the field selected,
    the fields of a refused move). After a refusal the step starts again, its fields marked."""
    lang, sel = ctx["lang"], spec.get("sel")
    if isinstance(spec.get("try"), dict):
        action = spec["try"]
    elif isinstance(spec.get("tap"), str):
        sel, action = edit.ask_tap(state.to_json(), sel, spec["tap"])
    else:
        action = None
    if action is None:
        return None, "", sel, {}
    verdict = state.check(action)  # an InputError here is the island's error box
    said = f'<p class="kikoto-action">{esc(UI.text("you-tried", lang))}: {esc(words(state, action, lang))}</p>'
    if not verdict.legal:
        refused = {f: "refused" for f in edit.marks(state.to_json(), None, action)}
        again = f"<p>{esc(UI.text('lesson-again', lang))}</p>"
        return None, f'<div class="kikoto-tried">{said}{verdict_html(verdict, ctx)}{again}</div>', None, refused
    if any(matches(action, a, seat) for a in accepted(step)):
        return action, "", None, {}
    return None, f'<div class="kikoto-tried">{said}<p>{esc(UI.text("lesson-other", lang))}</p></div>', None, {}


def output(spec: dict, ctx: dict) -> str:
    lang = ctx["lang"]
    game, seat, plan, owners, state = lesson(spec)
    edit, view = editing(game.id), renderer(game.id)
    history = []  # (move, verdict, the position before it)
    for i, move in enumerate(need(spec, "moves", "list", default=[])):
        if i >= len(plan) or not any(matches(move, a, seat) for a in accepted(plan[i])):
            raise InputError(
                "field-value",
                f"moves[{i}]",
                value=json.dumps(move),
                allowed=json.dumps(plan[i]["action"]) if i < len(plan) else "–",
            )
        history.append((move, state.check(move), state))
        state = state.apply(move)
    said, sel, refused, moved = "", spec.get("sel"), {}, False
    if len(history) < len(plan) and state.current_player == seat:
        move, said, sel, refused = _try(spec, state, plan[len(history)], seat, edit, ctx)
        if move is not None:
            moved = True
            history.append((move, state.check(move), state))
            state = state.apply(move)
    while len(history) < len(plan) and state.current_player != seat:  # the other seats play their steps
        move = plan[len(history)]["action"]
        history.append((move, state.check(move), state))
        state = state.apply(move)
    k, draft = len(history), state.to_json()
    mine = [i for i, owner in enumerate(owners) if owner == seat]
    others = _others(history, seat, plan, game.id, ctx)
    if k < len(plan):
        step, expected = plan[k], plan[k]["action"]
        marks = {f: "target" for f in need(step, "where", "list", f"steps[{k}]")}
        marks.update(edit.marks(draft, sel, None))
        marks.update(refused)
        done = sum(1 for i in mine if i < k)
        guide = esc(step.get("caption") or "")
        title = esc(UI.text("lesson-progress", lang, n=done + 1, total=len(mine)))
        parts = [
            f'<div class="admonition tip kikoto-lesson-guide"><p class="admonition-title">{title}</p><p>{guide}</p>'
            f"<p>{_why(state.check(expected), game.id, ctx, 'lesson-rule')}</p>"
            f'<p class="kikoto-controls"><button type="button" class="kikoto-lesson-show" data-try="{data_json(expected)}">'
            f'{esc(UI.text("lesson-show", lang))}</button> <button type="button" data-reset{attrs(disabled=not k)}>'
            f"{esc(UI.text('reset', lang))}</button></p></div>",
            edit.board(draft, lang, lit=set(), marks=marks, tappable=True),
        ]
        # The answer to a tap, in a sheet at the screen's foot while the board is in sight (kikoto.css),
        # where the reader looks: a refusal, the moves the tapped field offers, or what the others did
        # and what comes next.
        sheet = said + (offer_list(offers(edit, state, sel, lang)) if sel is not None else "")
        if moved or (others and not sheet):
            sheet = f'{others}<p class="kikoto-lesson-next"><strong>{title}:</strong> {guide}</p>' + sheet
        if sheet:
            parts.append(f'<div class="kikoto-lesson-sheet">{sheet}</div>')
        if sel is None:  # the moves of no field: a game's own buttons (a card to play, the end of the moves)
            parts.append(offer_list(offers(edit, state, None, lang)))
    else:
        sandbox = ctx.get("sandbox_url")
        link = f"{sandbox.split('#')[0]}#play={write_link({'game': game.id, 'state': draft})}" if sandbox else ""
        note = spec.get("note") if isinstance(spec.get("note"), str) else ""
        done_box = (
            f'<div class="admonition success kikoto-lesson-done"><p class="admonition-title">{esc(UI.text("lesson-done", lang))}</p>'
            + (f"<p>{esc(note)}</p>" if note else "")
            + (
                f'<p><a class="md-button md-button--primary" data-sandbox-link href="{esc(link)}">{esc(UI.text("lesson-sandbox", lang))}</a> '
                if link
                else "<p>"
            )
            + f'<button type="button" data-reset>{esc(UI.text("reset", lang))}</button></p></div>'
        )
        parts = [
            edit.board(draft, lang, lit=set(), marks={}, tappable=False),
            f'<div class="kikoto-lesson-end">{others}{done_box}</div>',
        ]
    if view.tappable:  # a board of its own: the players' table below it (the others' editor table holds the players)
        parts.append(view.panel(seen_by(state), lang))  # as the learner, the seat to move, sees it
    update = {"moves": [m for m, _, _ in history], "sel": sel}
    return (
        f'<div class="kikoto-lesson kikoto-ed" data-step="{k}" data-steps="{len(plan)}" data-done="{str(k >= len(plan)).lower()}">'
        + "".join(parts)
        + f'<div hidden data-update="{esc(json.dumps(update, separators=(",", ":")))}"></div></div>'
    )


def form(spec: dict, ctx: dict) -> str:
    """The whole round in words, for a reader without the live engine (and for print)."""
    lang = ctx["lang"]
    game, seat, plan, owners, state = lesson(spec)
    rows = []
    for step, owner in zip(plan, owners):
        move = step["action"]
        verdict = state.check(move)
        who = UI.text("lesson-you" if owner == seat else "seat", lang, n=owner + 1)
        guide = step.get("caption") if isinstance(step.get("caption"), str) else ""
        rows.append(
            f"<li><strong>{esc(who)}:</strong> {esc(words(state, move, lang))}. {_why(verdict, game.id, ctx)} {esc(guide)}</li>"
        )
        state = state.apply(move)
    intro = spec.get("caption") if isinstance(spec.get("caption"), str) else ""
    return (
        (f'<p class="kikoto-caption">{esc(intro)}</p>' if intro else "")
        + f'<details class="kikoto-lesson-script"><summary>{esc(UI.text("lesson-script", lang))}</summary><ol>{"".join(rows)}</ol></details>'
    )
