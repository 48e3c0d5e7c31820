"""A disputed rule case: the question, the position, the verdict with its rules, and an editor.

The editor holds the case as JSON text; the reader may change the position or the
action and ask again. The text is parsed here, in Python, so a typing error comes back
as a message naming the line and column, and the reader's text is never replaced.
"""

from __future__ import annotations

import json

from engine import InputError, load_game
from engine.core import need
from engine.core.cases import judge, read_json
from engine.core.formats import migrate, write_link
from engine.core.messages import TYPE_NAMES

from .html import esc, rule_links
from .play import game_view, verdict_html, words
from .readings import option_select
from .ui import UI

EDITABLE = ("setup", "moves", "state", "action")


def current_case(spec: dict) -> dict:
    """The case as the reader has it: the file's (in any format, migrated), with the reader's edits."""
    case = dict(migrate(need(spec, "case", "object")))
    data = spec.get("input")
    if data:
        text = need(data, "case", "string", "input")
        edited = read_json(text, "case")  # as strictly as a case file: a key twice is named, not dropped
        if not isinstance(edited, dict):
            raise InputError("field-type", "case", expected=TYPE_NAMES["object"], got=TYPE_NAMES["other"])
        for key in EDITABLE:
            case.pop(key, None)
        case.update(edited)
        case["options"] = need(data, "options", "object", "input", default=case.get("options", {}))
    return case


def output(spec: dict, ctx: dict) -> str:
    lang = ctx["lang"]
    case = current_case(spec)
    game, state, verdict, result = judge(case)
    view = game_view(game.id)
    action = case["action"]
    parts = [
        f'<p class="kikoto-action">{esc(UI.text("case-action", lang))}: {esc(words(state, action, lang))}</p>',
        verdict_html(verdict, ctx),
    ]
    if spec.get("input"):
        # The reader changed the position, the move or a reading: this is a new question, not a
        # failed case. The case's own answer stays beside it.
        own = judge(spec["case"])[2]
        word = UI.text("legal" if own.legal else "illegal", lang)
        parts.append(
            f'<p class="kikoto-expect" data-edited="true">{esc(UI.text("case-edited", lang))} '
            f"{esc(UI.text('case-own-answer', lang))}: {esc(word)} {rule_links(own.rules, ctx)}</p>"
        )
    elif result["matches"] is not None:
        key = "case-matches" if result["matches"] else "case-differs"
        parts.append(f'<p class="kikoto-expect" data-matches="{str(result["matches"]).lower()}">{esc(UI.text(key, lang))}</p>')
    spot = view.target(action) if isinstance(action, dict) else None
    # the editor's action may carry any JSON: only what a renderer's target() made of it (a field id,
    # or Mississippi Queen's plan as a tuple) is highlighted
    parts.append(view.board_svg(state, lang, {spot} if isinstance(spot, (str, tuple)) else set()))
    if ctx.get("ask_url") and view.editor:
        href = ctx["ask_url"].split("#")[0] + "#ask=" + ask_link(case)
        parts.append(
            f'<p class="kikoto-ask-link"><a class="md-button" data-ask-link href="{esc(href)}">'
            f"{esc(UI.text('ed-change-position', lang))}</a></p>"
        )
    return "".join(parts)


def ask_link(case: dict) -> str:
    """The "Change the position" link's text (after "#ask="): the case's position as it starts (its
    options, its state or setup, its moves), the move it asks about and its question; the Ask page
    opens on them, asking."""
    start = {k: case[k] for k in ("options", "state", "setup", "moves") if k in case}
    link = {"game": case["game"], "start": start, "asked": case["action"], "mode": "ask"}
    if isinstance(case.get("question"), str):
        link["question"] = case["question"]
    return write_link(link)


def form(spec: dict, ctx: dict) -> str:
    lang = ctx["lang"]
    case = migrate(spec["case"])
    game = load_game(case.get("game"))
    parts = []
    if case.get("title") and case.get("question"):  # otherwise the question is the section's heading
        parts.append(f'<p class="kikoto-question">{esc(case["question"])}</p>')
    if case.get("note"):
        parts.append(f'<p class="kikoto-note">{esc(case["note"])}</p>')
    relevant = [o for o in game.options.values() if o.kind == "reading" or o.name in case.get("options", {})]
    if relevant:
        # The page sets the readings once, at its top (widgets/render/readings.py); a case's own
        # choices are folded away, and open where the case fixes a reading of its own.
        own = any(o.kind == "reading" and o.name in case.get("options", {}) for o in relevant)
        parts.append(
            f'<details class="kikoto-case-readings"{" open" if own else ""}>'
            f"<summary>{esc(UI.text('case-readings', lang))}</summary><fieldset>"
        )
        for opt in relevant:
            current = case.get("options", {}).get(opt.name, opt.default)
            parts.append(option_select(game, opt, current, lang, " data-own" if opt.name in case.get("options", {}) else ""))
        parts.append("</fieldset></details>")
    editable = {k: case[k] for k in EDITABLE if k in case}
    text = json.dumps(editable, ensure_ascii=False, indent=1)
    parts.append(
        f'<details class="kikoto-editor"><summary>{esc(UI.text("case-edit", lang))}</summary>'
        f'<label>{esc(UI.text("case-json", lang))}<textarea name="case" rows="{min(24, text.count(chr(10)) + 2)}" '
        f'spellcheck="false" data-type="text">{esc(text)}</textarea></label>'
        f'<button type="button" data-ask>{esc(UI.text("case-ask", lang))}</button></details>'
    )
    return "".join(parts)
