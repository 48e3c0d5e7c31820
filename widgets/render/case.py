"""A disputed rule case: the question, the position, the verdict with its rules, the readings it
answers under, and the ways on: "Change the position" (the Ask page, opened on the case) and the
case file itself (a download, for a contributor or a referee; `engine check` reads it).

The reader chooses the readings in the page; nothing else of the case is edited here: the Ask
page's editor builds any position by taps, so no player reads or writes the case's JSON.
"""

from __future__ import annotations

from engine import load_game
from engine.core import need
from engine.core.cases import judge
from engine.core.formats import migrate, write_link

from .html import esc, rule_links
from .play import game_view, verdict_html, words
from .readings import option_select
from .ui import UI


def current_case(spec: dict) -> dict:
    """The case as the reader has it: the file's (in any format, migrated), under the readings the
    reader chose."""
    case = dict(migrate(need(spec, "case", "object")))
    data = spec.get("input")
    if data:
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
        # The reader chose a reading: this is a new question, not a failed case. The case's own answer stays beside it.
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
    # a case file's action may carry any JSON: only what a renderer's target() made of it (a field id,
    # or Mississippi Queen's plan as a tuple) is highlighted
    parts.append(view.board_svg(state, lang, {spot} if isinstance(spot, (str, tuple)) else set()))
    if ctx.get("ask_url") and view.editor:
        href = ctx["ask_url"].split("#")[0] + "#ask=" + ask_link(case)
        parts.append(
            f'<p class="kikoto-ask-link"><a class="md-button" data-ask-link href="{esc(href)}">'
            f"{esc(UI.text('ed-change-position', lang))}</a></p>"
        )
    if ctx.get("file_url"):
        # the case file as the build serves it (docs/<game>/cases/<name>.json), for a contributor or a
        # referee: a player needs none of its JSON
        parts.append(
            f'<p class="kikoto-case-file"><a download href="{esc(ctx["file_url"])}">{esc(UI.text("case-file", lang))}</a></p>'
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
    return "".join(parts)
