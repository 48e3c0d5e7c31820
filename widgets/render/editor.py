"""Ask your own question: set up any position on the board, then ask about any move.

The spec keeps the reader's draft position (JSON, in the game's own format), the tool in hand,
the mode ("edit" or "ask") and the last question asked. A request carries the commands (`cmds`,
or one `cmd`) from the taps and controls made since the last answer, in order: the page keeps
every one made while the engine loads, and sends them together. This module hands them to the
engine's editing operations, which write the draft and keep its totals (a counter set by hand goes
through engine/core/edit.py's `set_field`; nothing here writes into a position), then asks the engine:

- the draft loads (`Game.examine`: schema, invariants), or every problem is shown in the reader's
  language at the piece or field it names, and the draft is kept either way;
- a question is checked by the engine (`State.check`): legal or not, the reason, the rules.

The answer carries the new editor state back to the page (`data-update`), so the browser only
forwards taps and never decides anything. The game's part (its pieces, what a tap means, its
counters) is in `widgets/render/<game package>/edit.py`.
"""

from __future__ import annotations

import hashlib
import json
import re
from html import unescape

from engine import InputError, load_game
from engine.core import clone, expect, need  # clone: a copy of the reader's draft to change or load
from engine.core.cases import build_state
from engine.core.edit import apply_edit, malformed, set_field
from engine.core.formats import migrate, read_link, write_link

from .answer import action_menu, ask_area, panel

# The games' editors import Editing and the form pieces from here or from .editing.
from .editing import (  # noqa: F401
    Editing,
    button,
    choice,
    cmd_attr,
    cmd_id,
    cmd_seat,
    counters_head,
    in_hand,
    inspector_section,
    key_attr,
    number,
    options_row,
    palette_row,
    path_text,
    players_choice,
    remove_button,
    short_label,
    tool_button,
)
from .html import data_json, esc
from .renderer import renderer
from .ui import UI

MODES = ("edit", "ask")
GAME_OPS = ("tap", "game", "players", "fix")  # the commands the game's own code carries out on the draft


def game_edit(game_id: str) -> Editing:
    edit = renderer(game_id).editing()
    if edit is None:
        raise InputError("field-value", "game", value=repr(game_id), allowed="")
    return edit


def start_draft(spec: dict) -> dict:
    """The position the editor opens with: the spec's own draft; or a link's (`link`, the text after
    "#ask=", in any format the site ever wrote, migrated), which also brings the move asked, the
    question's words and the mode into `spec` where it has none; or its case's / setup's position."""
    if "draft" in spec:
        return expect(spec["draft"], "object", "draft")
    # A reset goes back to the page's own start: after the first answer the page holds the current
    # position's link in `link` too (update.link), which is no start.
    reset = any(
        isinstance(c, dict) and c.get("op") == "reset" and c.get("sure") for c in [spec.get("cmd"), *(spec.get("cmds") or [])]
    )
    if spec.get("link") and not reset:
        link = read_link(spec["link"], spec["game"])
        if link["game"] != spec["game"]:
            raise InputError("field-value", "link.game", value=json.dumps(link["game"]), allowed=json.dumps(spec["game"]))
        for key in ("asked", "question", "mode"):
            if key in link:
                spec.setdefault(key, link[key])
        if "draft" in link:
            return expect(link["draft"], "object", "link.draft")
        start = {**need(link, "start", "object", "link"), "game": spec["game"]}  # (read_link migrated it)
    elif "start" in spec:
        # a first-format link's fields, assigned over the page's spec by the page's earlier script
        start = migrate({**need(spec, "start", "object"), "game": spec["game"]})
    else:
        start = spec  # the page's own start; never mixed with a link's (its moves were illegal there)
    try:
        _, state = build_state({k: start[k] for k in ("game", "options", "state", "setup", "moves") if k in start})
    except InputError:
        # A position a later rule fix made impossible still opens, as it was, and the editor names
        # its problems: the reader's position is never lost.
        if not isinstance(start.get("state"), dict):
            raise  # (moves after it cannot be played: the editor opens on the position they start from)
        draft = {**start["state"], **({"options": start["options"]} if isinstance(start.get("options"), dict) else {})}
        loaded, found = load_game(spec["game"]).examine(clone(draft))
        if loaded is None:  # its format is wrong too, not only its invariants
            raise found[0] from None
        return draft
    return state.to_json()


def apply_cmd(spec: dict, draft: dict, edit, game) -> tuple[dict, dict]:
    """Carries out the request's commands on the editor's state, in order; returns (draft, state).
    A switch to asking in the middle of the list waits, as answer() makes it wait at the end, while
    the position is impossible (the taps after it then still set up)."""
    st = {
        "mode": spec.get("mode", "edit"),
        "tool": spec.get("tool"),
        "asked": spec.get("asked"),
        "menu": spec.get("menu"),
        "json_error": None,
        "json_text": None,
        # the fields the reader set, newest first: a verdict's reason about one of them is said first
        "changed": list(spec.get("changed") or [])[:CHANGED],
    }
    cmds = need(spec, "cmds", "list", default=None)
    if cmds is None:
        cmds = [] if spec.get("cmd") is None else [spec["cmd"]]
    for i, cmd in enumerate(cmds):
        expect(cmd, "object", f"cmds[{i}]" if "cmds" in spec else "cmd")
        if cmd.get("op") in GAME_OPS and malformed(game, draft):
            # The draft is the reader's and may be any object (the JSON view takes anything): one not
            # in the game's format is kept as typed, and the answer names its malformed field
            # (Game.examine); a counter ("set") or the JSON view mends it.
            continue
        draft, st = _apply(cmd, spec, draft, st, edit)
        if st["mode"] == "ask" and i < len(cmds) - 1 and game.problems(clone(draft)):
            st["mode"] = "edit"
    return draft, st


def _apply(cmd: dict, spec: dict, draft: dict, st: dict, edit) -> tuple[dict, dict]:
    op = need(cmd, "op", "string", "cmd")
    if op == "mode":
        st["mode"] = need(cmd, "mode", "string", "cmd", allowed=MODES)  # answer() keeps "edit" while impossible
        st["tool"] = None
    elif op == "tool":
        st["tool"] = None if cmd.get("tool") == in_hand(st["tool"]) else cmd.get("tool")
    elif op == "set":
        # the engine writes the field and keeps the totals that follow from it
        path = need(cmd, "path", "list", "cmd")
        draft = set_field(load_game(spec["game"]), clone(draft), path, cmd.get("value"))
        st["changed"] = [path_text(path)] + [c for c in st["changed"] if c != path_text(path)][: CHANGED - 1]
    elif op == "fix":
        # a verdict's one-tap fix (engine/core/verdict.py, Fix): one of the game's editing operations
        draft = apply_edit(
            load_game(spec["game"]), clone(draft), need(cmd, "name", "string", "cmd"), need(cmd, "args", "object", "cmd")
        )
    elif op == "tap":
        target = need(cmd, "field", "string", "cmd")
        if st["mode"] == "edit":
            draft, st["tool"] = edit.edit_tap(clone(draft), st["tool"], target)
        else:
            st["tool"], action = edit.ask_tap(draft, st["tool"], target)
            if action is not None:
                st["asked"] = action
    elif op == "ask":
        st["asked"] = need(cmd, "action", "object", "cmd")  # the selection stays: its other moves may be asked next
    elif op == "game":
        draft, st["tool"] = edit.command(clone(draft), st["tool"], cmd)
    elif op == "menu":
        st["menu"] = cmd.get("type")
    elif op == "players":
        draft = edit.resize(clone(draft), need(cmd, "players", "integer", "cmd"))
    elif op == "json":
        text = need(cmd, "text", "string", "cmd")
        try:
            parsed = json.loads(text)
            expect(parsed, "object", "state")
            draft = parsed
        except json.JSONDecodeError as err:
            st["json_text"] = text
            st["json_error"] = InputError("bad-json", "state", line=err.lineno, column=err.colno)
        except InputError as err:
            st["json_text"], st["json_error"] = text, err
    elif op == "reset" and not cmd.get("sure"):
        st["resetting"] = True  # asked first: the button then says what a second tap does
    elif op == "reset":
        # the page's own start: not the draft, nor the current position's link the page holds; the
        # position left is kept for one answer, for its Undo (a "json" command of it)
        st["undo"] = draft
        draft = start_draft({k: v for k, v in spec.items() if k not in ("draft", "link")})
        st.update(tool=None, asked=None)
    else:
        raise InputError(
            "field-value",
            "cmd.op",
            value=json.dumps(op),
            allowed="mode, tool, set, fix, tap, ask, game, menu, players, json, reset",
        )
    return draft, st


CHANGED = 5  # the fields set by hand that the editor remembers


def output(spec: dict, ctx: dict) -> str:
    return answer(spec, ctx)[0]


def answer(spec: dict, ctx: dict) -> tuple[str, dict]:
    """The editor's HTML and the editor state it carries back to the page (`data-update`)."""
    lang = ctx["lang"]
    game = load_game(need(spec, "game", "string"))
    edit = game_edit(game.id)
    draft, st = apply_cmd(spec, start_draft(spec), edit, game)
    loaded, found = game.examine(clone(draft))
    state = None if found else loaded
    invalid = {p.field for p in found}
    lit = set().union(*(edit.fields_of(p.field, draft) for p in found)) if found else set()
    if state is None:
        st["mode"] = "edit"  # a question needs a possible position: asking waits until it is one
    mode = st["mode"]
    # The modes stay in sight above the board as the page scrolls (kikoto.css), and the page shows
    # the engine's loading there too (kikoto.js).
    parts = [
        # a toolbar: one Tab stop, the arrow keys between the modes (kikoto.js)
        f'<div class="kikoto-ed-modes" role="toolbar" aria-label="{esc(UI.text("ed-mode", lang))}">'
        + button(esc(UI.text("ed-mode-edit", lang)), {"op": "mode", "mode": "edit"}, pressed=mode == "edit")
        + button(
            esc(UI.text("ed-mode-ask", lang)),
            {"op": "mode", "mode": "ask"},
            pressed=mode == "ask",
            disabled=None if state is not None else "kikoto-ed-problem",
        )
        # the room of the page's status line, which the page moves in here (kikoto.js): kept from the
        # first paint, so the board below does not move down when the page's script arrives
        + '<p class="kikoto-status-slot" aria-hidden="true"></p></div>'
    ]
    asked = st["asked"] if mode == "ask" else None
    verdict = None
    if asked is not None:
        try:
            verdict = state.check(asked)
        except InputError as err:
            verdict = err
    marks = edit.marks(draft, st["tool"], asked)
    if verdict is not None and not getattr(verdict, "legal", False):
        # a refused move's destination is not drawn as reached (no ✔): the boards draw "refused" plainly
        marks = {f: "refused" if m == "target" else m for f, m in marks.items()}
    # Where the reader looks: the pieces to set up (or what to tap) just above the board, and what a
    # tap answers (a field's panel, the verdict, the position's problems) just below it, in a panel
    # whose height is kept (kikoto.css), so nothing moves under the finger as answers come and go.
    if mode == "edit":
        parts.append(edit.palette(draft, st["tool"], lang))
    else:
        parts.append(f'<p class="kikoto-ed-help kikoto-ed-above">{esc(edit.help_ask(lang))}</p>')
    parts.append(f'<div class="kikoto-ed-stage">{edit.board(draft, lang, lit=lit, marks=marks, tappable=True)}</div>')
    if mode == "edit":
        said = [edit.inspector(draft, st["tool"], lang, invalid)]
    else:
        said = ask_area(game, edit, state, st, ctx, verdict)
    parts.append(panel(edit, draft, found, said, mode, lang))
    if mode == "edit":
        parts.append(edit.counters(draft, lang, invalid, game))
    else:
        parts.append(action_menu(game, edit, state, st.get("menu"), lang))
    parts.append(share_area(game, spec, ctx, draft, st))
    # A tap changes a few parts (the board, the answer): a part the page already holds, the same to the
    # byte, comes back as a placeholder, so the page keeps its own and has less to parse and lay out.
    # One element each, an empty part too, so the page can match them by position from answer to answer.
    parts = [part or EMPTY for part in parts]
    sums = [hashlib.blake2b(part.encode(), digest_size=8).hexdigest() for part in parts]
    held = spec.get("parts")
    if isinstance(held, list) and len(held) == len(parts):
        parts = [SAME if had == now else part for part, had, now in zip(parts, held, sums)]
    shared = {"game": game.id, "draft": draft, "asked": st["asked"], "question": spec.get("question"), "mode": st["mode"]}
    update = {
        "draft": draft,
        "mode": st["mode"],
        "tool": st["tool"],
        "asked": st["asked"],
        "menu": st["menu"],
        "question": spec.get("question"),
        "changed": st["changed"],
        "parts": sums,
        # the address bar's #ask= (engine/core/formats.py), so the page builds no link of its own
        "link": write_link({k: v for k, v in shared.items() if v is not None}),
    }
    return (
        f'<div class="kikoto-ed" data-mode="{mode}" data-valid="{str(state is not None).lower()}" '
        f'data-update="{data_json(update)}" data-ui="{data_json(page_words(lang))}">' + "".join(parts) + "</div>"
    ), update


def page_words(lang: str) -> dict:
    """What the page says by itself, before or without an answer (kikoto.js): while the engine loads
    and edits wait for it, while a shared position opens, and when a link was copied."""
    return {
        "kept": UI.text("ed-kept", lang),
        "opening": UI.text("ed-opening", lang),
        "copied": UI.text("ed-copied", lang),
        "copy-failed": UI.text("ed-copy-failed", lang),
    }


WARM: dict = {}  # game -> the warm-up's own editor: its spec, what it offers to tap, the taps so far
TAPS = re.compile(r'data-tap="([^"]+)"')
TOOLS = re.compile(r'data-cmd="(\{&quot;op&quot;:&quot;tool&quot;.*?)"')


def warm(spec: dict, ctx: dict, taps: int) -> int:
    """Taps the editor `taps` times aside, as a reader would (a piece from the palette, fields of the
    board, now and then the other mode), going on from where the last warm-up request stopped: the
    reader's first taps then run on code the browser has already optimised (kikoto.js, warmUp)."""
    game = need(spec, "game", "string")
    if game not in WARM:
        html, update = answer({k: v for k, v in spec.items() if k not in ("cmd", "cmds")}, ctx)
        WARM[game] = {
            "spec": {**spec, **update},
            "start": update["draft"],
            "fields": sorted(set(TAPS.findall(html))),
            "n": 0,
            # pieces before the eraser, wherever a game's palette shows it: taps then place pieces first
            "tools": sorted((json.loads(unescape(t)) for t in TOOLS.findall(html)), key=lambda c: "erase" in c["tool"]),
        }
    held = WARM[game]
    fields, tools = held["fields"], held["tools"]
    for _ in range(taps):
        n = held["n"] = held["n"] + 1
        if n % 12 == 0 or not fields:
            mode = held["spec"].get("mode")
            cmd = {"op": "mode", "mode": "edit" if mode == "ask" else "ask"}
            if cmd["mode"] == "ask":  # the taps may have made the position impossible: ask on the start's
                held["spec"]["draft"] = held["start"]
        elif n % 4 == 1 and tools:
            cmd = tools[n // 4 % len(tools)]
        else:
            cmd = {"op": "tap", "field": fields[n * 7 % len(fields)]}
        _, update = answer({**held["spec"], "cmd": cmd}, ctx)
        held["spec"].update(update)
    return taps


SAME = "<b hidden data-same></b>"
EMPTY = "<b hidden></b>"


def share_area(game, spec, ctx, draft, st) -> str:
    lang = ctx["lang"]
    sandbox = ctx.get("sandbox_url")
    if sandbox:  # "continue in the sandbox" from this position (engine/core/formats.py writes the link)
        sandbox = sandbox.split("#")[0] + "#play=" + write_link({"game": game.id, "state": draft})
    parts = [
        '<div class="kikoto-ed-share">',
        f'<label class="kikoto-ed-question">{esc(UI.text("ed-question", lang))} '
        f'<input data-question{key_attr("question", "text")} value="{esc(spec.get("question") or "")}" '
        f'autocapitalize="sentences"></label>',
        f'<p><a class="md-button" data-share-link href="#">{esc(UI.text("ed-share", lang))}</a> '
        # "copied" is said here, for the eye and for screen readers (kikoto.js)
        f'<span class="kikoto-ed-copied" role="status"></span> '
        # the page writes the case file from the draft it holds (kikoto.js, saveCase)
        f'<a class="md-button" data-save-case download="kikoto-{esc(game.id)}-question.json" href="#">'
        f"{esc(UI.text('ed-save-case', lang))}</a>",
    ]
    if sandbox:
        parts.append(f' <a class="md-button" data-sandbox-link href="{esc(sandbox)}">{esc(UI.text("ed-continue", lang))}</a>')
    # Start over asks first (a second tap), and can be undone (the position before, as it was)
    if st.get("resetting"):
        parts.append(f" {button(esc(UI.text('ed-reset-sure', lang)), {'op': 'reset', 'sure': True}, cls='kikoto-ed-fix')}")
    else:
        parts.append(f" {button(esc(UI.text('ed-reset', lang)), {'op': 'reset'})}")
    if st.get("undo") is not None:
        undo = {"op": "json", "text": json.dumps(st["undo"], ensure_ascii=False, separators=(",", ":"))}
        parts.append(f" {button(esc(UI.text('ed-reset-undo', lang)), undo)}")
    parts.append("</p></div>")
    return "".join(parts)


def form(spec: dict, ctx: dict) -> str:
    return ""
