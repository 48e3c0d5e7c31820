"""What a game's position editor is (`Editing`, each method with its default or the game's to
write) and the form pieces the games' editors share (buttons, numbers, choices, palette rows)."""

from __future__ import annotations

import re

from engine.core import InputError, need
from engine.core.edit import path_text

from .html import COMPACT, attrs, data_json, esc
from .ui import UI


def cmd_seat(cmd: dict, seats: int) -> int:
    """The seat a game's button names (`cmd.seat`): one of the draft's `seats`, else InputError naming
    it (a request the page did not write)."""
    return need(cmd, "seat", "integer", "cmd", low=0, high=seats - 1)


def cmd_id(cmd: dict, key: str, ids) -> str:
    """The id a game's button names (`cmd.<key>`: a field, a port, a card…), one of `ids`."""
    value = need(cmd, key, "string", "cmd")
    if value not in ids:
        raise InputError("field-unknown", f"cmd.{key}")
    return value


class Ids(frozenset):
    """A set of ids that a draft's value, which may be any JSON, can be looked up in: a list or an
    object is no id (where a frozenset would raise TypeError, being unable to hash it)."""

    def __contains__(self, value) -> bool:
        return isinstance(value, (str, int)) and frozenset.__contains__(self, value)

    def __or__(self, other):
        return Ids(frozenset.__or__(self, other))


class Editing:
    """What the editor needs from a game (`widgets/render/<game package>/edit.py` defines one as
    `EDITING`). `draft` is the position's JSON; `tool` is what the reader holds (a piece from the
    palette, a selected field or piece: the game's own small dict, or None); a field is a board id.
    The methods without a default are the game's to write."""

    field_ids: frozenset = frozenset()  # the board's field ids (what data-tap names)

    # drawing
    def board(self, draft, lang, *, lit, marks, tappable) -> str:
        """The board as SVG, each field a button (data-tap) when `tappable`; `lit` fields have a
        problem, `marks` maps a field to "selected" or "target"."""
        raise NotImplementedError

    def marks(self, draft, tool, asked) -> dict:
        return {}

    def fields_of(self, error_field: str, draft) -> set:
        """The fields an InputError's path names: a field id in the path, or at it."""
        parts = [p for p in re.split(r"[.\[\]]+", error_field) if p]
        found = {p for p in parts if p in self.field_ids}
        node = draft
        for p in parts[1:]:  # (the path may go where the draft has nothing: the problem is its absence)
            if isinstance(node, list) and p.isdigit() and int(p) < len(node):
                node = node[int(p)]
            elif isinstance(node, dict) and p in node:
                node = node[p]
            else:
                return found
        values = node if isinstance(node, list) else [node]
        return found | {v for v in values if isinstance(v, str) and v in self.field_ids}

    def fixes(self, draft, problem, lang) -> list:
        """One-tap fixes for a problem of the draft (an InputError from `Game.problems`), where the game
        knows one ("return the extra ships to supply"): [(words, cmd)], each cmd a command of the
        editor (usually {"op": "game", …}, carried out by `command`). None by default."""
        return []

    def help_edit(self, lang: str) -> str:
        return UI.text("ed-help-edit", lang)

    def help_ask(self, lang: str) -> str:
        return UI.text("ed-help-ask", lang)

    def field_name(self, field: str, lang: str) -> str:
        """A field as players name it: the board's own label and its name in the reader's language."""
        return field

    # setting up
    def palette(self, draft, tool, lang) -> str:
        raise NotImplementedError

    def edit_tap(self, draft, tool, field) -> tuple:
        """A tap on a field in "set up" mode: returns (draft, tool)."""
        raise NotImplementedError

    def command(self, draft, tool, cmd) -> tuple:
        """A game's own button ({"op": "game", …}, e.g. the inspector's ✕): returns (draft, tool)."""
        return draft, tool

    def inspector(self, draft, tool, lang, invalid) -> str:
        """What is on the selected field, with buttons to remove or move it."""
        return ""

    def counters(self, draft, lang, invalid, game) -> str:
        """Whose turn, the phase, the options, and each player's counters (number and choice inputs)."""
        raise NotImplementedError

    def resize(self, draft, players: int) -> dict:
        raise NotImplementedError

    # asking
    def ask_tap(self, draft, tool, field) -> tuple:
        """A tap in "ask" mode: returns (tool, action or None); an action is asked at once."""
        raise NotImplementedError

    def offers(self, state, tool, lang) -> list:
        """The moves the selected piece or field offers, legal or not: [(words, action)]."""
        return []

    def action_title(self, kind: str, lang: str) -> str:
        return kind

    def field_title(self, name: str, lang: str) -> str:
        return name

    def field_values(self, state, name, prop, lang):
        """The choices for an action field in the menu, [(value, words)], or None for a free input."""
        if "enum" in prop:
            return [(v, str(v)) for v in prop["enum"]]
        return None


def in_hand(tool):
    """The piece in hand, without the field it was last put on: a tool may carry "at", the field whose
    panel is open, so the piece just placed shows its own settings while it stays in hand."""
    return {k: v for k, v in tool.items() if k != "at"} if isinstance(tool, dict) and "at" in tool else tool


def key_attr(kind: str, value) -> str:
    """A stable key for a control, so the page can give focus back to it after an answer."""
    return f' data-key="{esc(kind + ":" + COMPACT.encode(value))}"'


def cmd_attr(cmd: dict) -> str:
    return f' data-cmd="{data_json(cmd)}"' + key_attr("cmd", cmd)


def button(
    label: str,
    cmd: dict,
    *,
    pressed=None,
    cls: str = "",
    title: str | None = None,
    disabled: str | None = None,
    name: str | None = None,
) -> str:
    """A command button; `disabled` is the id of the text that says why it cannot act. A button shown
    as a sign (✕, ↺, +1) or in short words has `name`, what it does in words: a screen reader says it
    (a text of its own, so the name is what the button holds, not a label over it), and it is the
    button's tooltip."""
    if name is not None:
        label = f'<span aria-hidden="true">{label}</span><span class="kikoto-sr">{esc(name)}</span>'
    return (
        f'<button type="button" class="md-button kikoto-ed-btn {cls}"{cmd_attr(cmd)}'
        f"{attrs(aria_pressed=None if pressed is None else str(bool(pressed)).lower(), title=title or name, disabled=bool(disabled), aria_describedby=disabled)}>"
        f"{label}</button>"
    )


def remove_button(what: str, cmd: dict, lang: str) -> str:
    """The ✕ that takes `what` (a piece, a card, in words) off: its name says so."""
    return button("✕", cmd, name=UI.text("ed-remove-what", lang, what=what))


def number(path: list, value, label: str, *, low: int = 0, high: int | None = None, invalid=frozenset()) -> str:
    """A whole number typed on the phone's number pad. A text box, not type=number: what the reader
    typed is sent as it is (the engine names what is not a number), the page selects the value at a
    tap so the digits typed replace it, and a wheel or an arrow never changes it unseen. The range is
    said beside it in words (0–6), as the rulebook would."""
    bad = path_text(path) in invalid
    hint = f"{low}–{high}" if high is not None else f"{low}+"
    return (
        f'<label class="kikoto-ed-num">{esc(label)} <input type="text" inputmode="numeric" autocomplete="off" '
        f'size="3" data-int data-path="{data_json(path)}"{key_attr("path", path)} value="{esc(value)}"'
        f"{attrs(aria_invalid='true' if bad else None)}>"
        f'<span class="kikoto-ed-range">{esc(hint)}</span></label>'
    )


def choice(path: list, value, label: str, options: list[tuple[object, str]], invalid=frozenset()) -> str:
    bad = path_text(path) in invalid
    items = "".join(f'<option value="{data_json(v)}"{attrs(selected=v == value)}>{esc(text)}</option>' for v, text in options)
    # A long choice (a reading) is cut short in its closed drop-down on a phone: it is written out below.
    chosen = next((text for v, text in options if v == value), "")
    whole = f'<span class="kikoto-ed-chosen" aria-hidden="true">{esc(chosen)}</span>' if len(chosen) > LONG_CHOICE else ""
    return (
        f'<label class="kikoto-ed-choice">{esc(label)} <select data-path="{data_json(path)}" data-json'
        f"{key_attr('path', path)}{attrs(aria_invalid='true' if bad else None)}>{items}</select>{whole}</label>"
    )


LONG_CHOICE = 30  # characters: about what a closed drop-down shows at 375 px


def short_label(full: str, short: str) -> str:
    """A palette button's words: all of them on a wide screen, `short` on a phone, where the row of
    pieces must take little room above the board (kikoto.css). Give the button `name=full`."""
    return f'<span class="kikoto-ed-wide">{esc(full)}</span><span class="kikoto-ed-narrow">{esc(short)}</span>'


def tool_button(swatch: str, full: str, short: str, t: dict, tool) -> str:
    """A palette button that takes the piece `t` in hand: its swatch and words (`short` on a phone)."""
    return button(swatch + short_label(full, short), {"op": "tool", "tool": t}, pressed=in_hand(tool) == t, name=full)


def palette_row(items: list, tool, lang: str) -> str:
    """A game's pieces as a row of buttons, and the eraser last."""
    t = {"erase": True}
    items = items + [button("✕ " + esc(UI.text("ed-erase", lang)), {"op": "tool", "tool": t}, pressed=in_hand(tool) == t)]
    # one Tab stop, the arrow keys between the pieces (kikoto.js)
    return (
        f'<div class="kikoto-ed-palette" role="toolbar" aria-label="{esc(UI.text("ed-palette", lang))}">'
        + "".join(items)
        + "</div>"
    )


def inspector_section(title: str, body: str) -> str:
    """A tapped field's inspector (every game's): the field's name as its heading, then what is on it."""
    return f'<section class="kikoto-ed-inspector" aria-label="{esc(title)}"><h4>{esc(title)}</h4>{body}</section>'


def counters_head(n: int, game, lang: str, before: str = "") -> str:
    """The start of the game's own settings (every game's): their heading, `before` (a fix that
    concerns them all), and the row that begins with the number of players. The game closes the row."""
    return (
        f'<section class="kikoto-ed-counters"><h4>{esc(UI.text("ed-game", lang))}</h4>{before}'
        f'<div class="kikoto-ed-row">{players_choice(n, game, lang)}'
    )


def options_row(draft, game, lang: str, invalid=frozenset(), word=None) -> str:
    """The game's variants and readings as choices. A choice the option does not name is named by
    `word(choice)` if given, else on/off for a boolean and as it is otherwise."""
    options = draft.get("options") if isinstance(draft.get("options"), dict) else {}
    parts = [f'<h4>{esc(UI.text("ed-options", lang))}</h4><div class="kikoto-ed-row">']
    for name, opt in game.options.items():
        titles = [
            (
                c,
                game.choice_title(name, c, lang)
                or (word(c) if word else None)
                or (UI.text("on" if c else "off", lang) if isinstance(c, bool) else str(c)),
            )
            for c in opt.choices
        ]
        parts.append(choice(["options", name], options.get(name, opt.default), game.option_title(name, lang), titles, invalid))
    parts.append("</div>")
    return "".join(parts)


def players_choice(n: int, game, lang: str) -> str:
    """The number of players (the game's `resize` keeps the seats that stay)."""
    low, high = game.players
    return (
        f'<label class="kikoto-ed-choice">{esc(UI.text("ed-players", lang))} <select data-players{key_attr("players", "n")}>'
        + "".join(f'<option value="{k}"{" selected" if k == n else ""}>{k}</option>' for k in range(low, high + 1))
        + "</select></label>"
    )
