"""What a tap on the Ask page answers, in the panel just below the board (widgets/render/editor.py
lays the page out): the verdict on the question asked, with every rule the move breaks, the one
closest to what the reader changed first and a precondition said as such with its fix; the moves the
tapped piece offers; whether the position can occur, each problem at its place; and the Every move
form, for any move the board has no tap for."""

from __future__ import annotations

import json
import re

from engine import InputError

from .editing import button, key_attr
from .html import attrs, esc, rule_links
from .play import verdict_html, words
from .ui import UI

# An engine message starts with the field's path in quotes („state.players[0].ships”: …): the editor
# names the place in words instead, and keeps the path in data-field.
FIELD_PREFIX = re.compile(r"^[„“\"][^”\"]*[”\"]:\s*")
SEAT_PATH = re.compile(r"^state\.(?:(?:players|seats|steamers|money|pos|cards)\[(\d+)\]|ships\.[^.]+\.[^.\[]+\[(\d+)\])")


def place_words(edit, field: str, lit: set, lang: str) -> str:
    """Where a problem is, in words: the player it concerns and the board fields it names."""
    words = []
    seat = SEAT_PATH.match(field)
    if seat:
        words.append(UI.text("seat", lang, n=int(seat.group(1) or seat.group(2)) + 1))
    words += [edit.field_name(f, lang) for f in sorted(lit)]
    return ", ".join(words)


def ask_area(game, edit, state, st, ctx, verdict) -> list[str]:
    """Ask mode's part of the panel: the answer (`verdict`: the engine's verdict on the question asked,
    or the InputError it raised), then the moves the selection offers."""
    lang = ctx["lang"]
    if verdict is None:  # nothing asked yet
        said = ""
    elif isinstance(verdict, InputError):
        said = (
            f'<div class="admonition failure kikoto-error" data-field="{esc(verdict.field)}">'
            f'<p class="admonition-title">{esc(UI.text("error", lang))}</p><p>{esc(verdict.message[lang])}</p></div>'
        )
    else:
        said = (
            f'<div class="kikoto-ed-answer"><p class="kikoto-action">'
            f"{esc(UI.text('ed-you-asked', lang))}: {esc(words(state, st['asked'], lang))}</p>"
            f"{verdict_block(verdict, st.get('changed') or [], ctx)}</div>"
        )
    offers = edit.offers(state, st["tool"], lang)
    return [
        said,
        '<ul class="kikoto-ed-offers">'
        + "".join(f"<li>{button(esc(label), {'op': 'ask', 'action': action})}</li>" for label, action in offers)
        + "</ul>"
        if offers
        else "",
    ]


def panel(edit, draft, found, said, mode, lang) -> str:
    """What a tap answers, just below the board: the verdict (the one live region: a screen reader
    says it, and nothing else of the editor, as it changes), the tapped field's panel or the moves it
    offers, and whether the position can occur, each problem named at its place with its fix."""
    live, rest = (said[0], said[1:]) if mode == "ask" else ("", said)
    if mode == "ask" and not live:  # the answer's room, kept until it comes (kikoto.css)
        live = f'<p class="kikoto-ed-awaits" aria-hidden="true">{esc(UI.text("ed-answer-here", lang))}</p>'

    if found:
        items = []
        for p in found:
            where = place_words(edit, p.field, edit.fields_of(p.field, draft), lang)
            fixes = "".join(" " + button(esc(words), cmd, cls="kikoto-ed-fix") for words, cmd in edit.fixes(draft, p, lang))
            items.append(
                f'<li data-field="{esc(p.field)}">{esc(where + ": " if where else "")}'
                f"{esc(FIELD_PREFIX.sub('', p.message[lang]))}{fixes}</li>"
            )
        status = (
            f'<div class="admonition warning kikoto-ed-problem" id="kikoto-ed-problem" '
            f'data-field="{esc(found[0].field)}" data-count="{len(found)}">'
            f'<p class="admonition-title">{esc(UI.text("ed-impossible", lang))}</p>'
            f"<ul>{''.join(items)}</ul></div>"
        )
    elif mode == "edit":  # (asking needs a possible position: nothing to say there)
        status = f'<p class="kikoto-ed-ok">{esc(UI.text("ed-possible", lang))}</p>'
    else:
        status = ""
    help_text = f'<p class="kikoto-ed-help" id="kikoto-ed-help">{esc(edit.help_edit(lang))}</p>' if mode == "edit" else ""
    return (
        f'<section class="kikoto-ed-panel" aria-label="{esc(UI.text("ed-panel", lang))}">'
        f'<div class="kikoto-ed-live" data-mode="{mode}" aria-live="polite">{live}</div>{"".join(rest)}{status}{help_text}</section>'
    )


def action_menu(game, edit, state, chosen, lang) -> str:
    """Every action of the game as a small form built from its schema: for the moves that have no
    place on the board (end the turn, discard, pay a tax, …), and for asking about any field."""
    types = game.action_schema.types
    if chosen not in types:
        chosen = None
    options = [("", UI.text("ed-choose-action", lang))] + [(t, edit.action_title(t, lang)) for t in types]
    select = "".join(f'<option value="{esc(v)}"{attrs(selected=v == (chosen or ""))}>{esc(text)}</option>' for v, text in options)
    parts = [
        f'<details class="kikoto-ed-menu"{attrs(open=chosen is not None)}><summary>'
        f'{esc(UI.text("ed-other-moves", lang))}</summary><form class="kikoto-ed-form" data-ask-form>'
        f"<label>{esc(UI.text('ed-action', lang))} <select data-menu{key_attr('menu', 'type')}>{select}</select></label>"
    ]
    if chosen:
        parts.append(f'<input type="hidden" name="type" value="{esc(chosen)}">')
        branch = game.action_schema.branch(chosen)
        required = set(branch.get("required", []))
        for name, prop in branch.get("properties", {}).items():
            if name == "type":
                continue
            parts.append(edit_field_input(edit, state, name, prop, name in required, lang))
        parts.append(
            f'<button type="submit" class="md-button md-button--primary"{key_attr("ask", chosen)}>'
            f"{esc(UI.text('ed-ask', lang))}</button>"
        )
    parts.append("</form></details>")
    return "".join(parts)


def edit_field_input(edit, state, name, prop, required, lang) -> str:
    # "player" is the seat that makes the move (the engine answers whether it is that seat's turn)
    label = UI.text("ed-who-moves", lang) if name == "player" else edit.field_title(name, lang)
    values = edit.field_values(state, name, prop, lang)
    if name == "player" or values is not None:
        if name == "player":
            values = [(seat, UI.text("seat", lang, n=seat + 1)) for seat in range(state.player_count)]
        # an optional field's "none" sends nothing (the page leaves out an empty value)
        none = "" if required else f'<option value="">{esc(UI.text("ed-none", lang))}</option>'
        items = none + "".join(f'<option value="{esc(json.dumps(v))}">{esc(text)}</option>' for v, text in values)
        return f'<label>{esc(label)} <select name="{esc(name)}" data-type="json">{items}</select></label>'
    kind = prop.get("type")
    if kind == "boolean":
        return f'<label><input type="checkbox" name="{esc(name)}"> {esc(label)}</label>'
    if kind == "integer":
        return (
            f'<label>{esc(label)} <input type="number" inputmode="numeric" name="{esc(name)}" data-type="int" value="0"></label>'
        )
    if kind == "array":
        return (
            f'<label>{esc(label)} <input name="{esc(name)}" data-type="json" value="[]" '
            f'spellcheck="false" autocapitalize="off"></label>'
        )
    return f'<label>{esc(label)} <input name="{esc(name)}" spellcheck="false" autocapitalize="off"></label>'


def ordered(verdict, changed: list) -> list:
    """The verdict's reasons in the order the reader should read them: first the rule about what they
    changed last (`changed`: the fields they set, newest first, as InputError names them; a reason's
    `about` names its fields the same way), then the others in the engine's order, and a precondition
    (true, but not the point of the question) last."""

    def near(reason) -> int:
        hits = [
            i
            for i, c in enumerate(changed)
            for a in reason.about
            if a == c or a.startswith((c + ".", c + "[")) or c.startswith((a + ".", a + "["))
        ]
        return min(hits, default=len(changed))

    reasons = list(verdict.reasons)
    return sorted(reasons, key=lambda r: (r.precondition, near(r), reasons.index(r)))


def verdict_block(verdict, changed: list, ctx: dict) -> str:
    """The verdict with every reason: the first (ordered) as the headline, each other below it with
    its rules, a precondition said as such, with its fix as a button (a one-tap editing operation)."""
    if verdict.legal or (len(verdict.reasons) == 1 and not verdict.precondition):
        return verdict_html(verdict, ctx)
    lang = ctx["lang"]
    first, *rest = ordered(verdict, changed)

    def said(reason) -> str:
        before = f"{esc(UI.text('ed-precondition', lang))} " if reason.precondition else ""
        fix = ""
        if reason.fix is not None:
            cmd = {"op": "fix", "name": reason.fix.op, "args": reason.fix.args}
            fix = " " + button(esc(reason.fix.message[lang]), cmd, cls="kikoto-ed-fix")
        return f"{before}{esc(reason.message[lang])}{fix}"

    others = "".join(
        f'<li data-reason="{esc(r.code)}">{rule_links(r.rules, ctx)} {said(r)}</li>' for r in rest if not r.precondition
    )
    also = f'<p class="kikoto-also">{esc(UI.text("ed-also", lang))}</p><ul class="kikoto-reasons">{others}</ul>' if others else ""
    also += "".join(
        f'<p class="kikoto-precondition" data-reason="{esc(r.code)}">{rule_links(r.rules, ctx)} {said(r)}</p>'
        for r in rest
        if r.precondition
    )
    return (
        f'<div class="admonition failure kikoto-verdict" data-legal="false" data-reason="{esc(first.code)}" '
        f'data-reasons="{esc(" ".join(r.code for r in [first, *rest]))}">'
        f'<p class="admonition-title">{esc(UI.text("illegal", lang))} {rule_links(first.rules, ctx)}</p>'
        f"<p>{said(first)}</p>{also}</div>"
    )
