"""Mare Balticum in the position editor (widgets/render/editor.py): its pieces, what a tap means,
its counters, and the moves a tapped field offers.

Setting up is editing the position's JSON through the engine's editing operations
(engine/mare_balticum/edit.py), which keep every total: adding a ship takes it from its owner's
supply, adding a token takes it from the bag, moving a ship moves that ship, removing puts it back.
This module writes no position field itself. Whether the result is a possible position is the
engine's to say.
"""

from __future__ import annotations

import functools
import re
from types import SimpleNamespace

from engine import load_game
from engine.core import InputError, need
from engine.core.edit import change_setting, malformed
from engine.core.messages import N_
from engine.mare_balticum import edit
from engine.mare_balticum.board import BOARD
from engine.mare_balticum.components import SPECIES, TOKEN_KINDS
from engine.mare_balticum.messages import CATALOG, NAMES, field_name as _field_name

from ..editing import path_text
from ..editor import (
    Editing,
    button,
    choice,
    cmd_id,
    cmd_seat,
    counters_head,
    in_hand,
    inspector_section,
    number,
    options_row,
    palette_row,
    remove_button,
    short_label,
)
from ..html import esc
from ..ui import UI
from .board import PLAYER_COLOURS, TOKEN_FILL, board_svg, letters

FIELD_ARGS = ("from", "to", "field", "port")
SHIPS_PATH = re.compile(r"^state\.players\[(\d+)\]\.ships$")
GAME = load_game("mare-balticum")
HINT_ID = "kikoto-ed-help"  # the panel's help (editor.py, panel), which says where pieces come from


def field_name(fid: str, lang: str) -> str:
    return f"{_field_name(fid, lang)} ({label(fid)})"


def label(fid: str) -> str:
    return next(f["label"] for f in BOARD.data["fields"] if f["id"] == fid)


def seats(draft) -> int:
    return edit.seats(draft)


def _refused(op, draft, *args):
    """An editing operation, or the draft unchanged when the position cannot take it (no ship
    left in the supply, say: the palette shows that count)."""
    try:
        op(draft, *args)
    except InputError:
        pass
    return draft


def _left(draft) -> tuple[list, dict]:
    """Each player's ships in supply and the bag's tokens, as the loader reads them; unknown ("?")
    on a draft not in the game's format (the JSON view's), whose problem the editor names."""
    if malformed(GAME, draft):
        return ["?"] * seats(draft), {}
    return [edit.supply(draft, seat) for seat in range(seats(draft))], edit.bag_counts(draft)


def _shown(label_: str, value, *path, invalid=frozenset()) -> str:
    """A count the editor shows but does not take: the pieces change it."""
    bad = ' aria-invalid="true"' if path_text(list(path)) in invalid else ""
    return (
        f'<span class="kikoto-ed-num" data-path="{esc(path_text(list(path)))}"{bad}>{esc(label_)} '
        f"<output>{esc(value)}</output></span>"
    )


def _add_button(swatch: str, full: str, short: str, t: dict, tool, left) -> str:
    """A palette button that adds a piece (its words in full, `short` on a phone); with none left to
    add it is disabled and carries no command (the panel's hint says where pieces come from)."""
    label_ = "+ " + swatch + short_label(full, short)
    if isinstance(left, int) and left < 1:
        return (
            f'<button type="button" class="md-button kikoto-ed-btn" disabled aria-describedby="{HINT_ID}" title="+ {esc(full)}">'
            f'<span aria-hidden="true">{label_}</span><span class="kikoto-sr">+ {esc(full)}</span></button>'
        )
    return button(label_, {"op": "tool", "tool": t}, pressed=in_hand(tool) == t, name="+ " + full)


class MareBalticumEditing(Editing):
    field_ids = frozenset(BOARD.kind)

    def field_name(self, fid, lang):
        return field_name(fid, lang)

    def fields_of(self, error_field, draft):
        """A player's ships (state.players[i].ships): where their fleet is broken (MB-4.2), only the
        ships that break it, those without which the engine's own fleet rule holds; else all of them."""
        found = super().fields_of(error_field, draft)
        seat = SHIPS_PATH.match(error_field)
        if not seat or len(found) < 3 or malformed(GAME, draft):  # (the fleet rule reads a well-formed draft)
            return found
        options = {"fleet": GAME.options["fleet"].default, **(draft.get("options") or {})}
        fleet_ok = functools.partial(GAME.state_class.fleet_ok, SimpleNamespace(options=options))
        ships = list(draft["players"][int(seat.group(1))]["ships"])
        if fleet_ok(ships):
            return found
        culprits = {f for i, f in enumerate(ships) if fleet_ok(ships[:i] + ships[i + 1 :])}
        return culprits or found

    def help_edit(self, lang):
        return CATALOG.text("mb-ed-add-hint", lang, move=UI.text("ed-move", lang))

    def board(self, draft, lang, *, lit, marks, tappable):
        return board_svg(draft, lang, marks={**marks, **{f: "problem" for f in lit}}, tappable=tappable)

    def marks(self, draft, tool, asked) -> dict:
        out = {}
        if isinstance(tool, dict) and tool.get("at") in BOARD.kind:
            out[tool["at"]] = "selected"
        if isinstance(asked, dict):
            for key in FIELD_ARGS:
                if asked.get(key) in BOARD.kind:
                    out.setdefault(asked[key], "target")
        return out

    # -- setting up ----------------------------------------------------------------------------

    def palette(self, draft, tool, lang) -> str:
        """Adding is its own choice, named so: "+ ship of player 1 (2 in supply)" takes a ship from the
        supply, "+ salmon" a token from the bag. Moving a ship is the inspector's (tap its field)."""
        items = []
        supplies, bag = _left(draft)
        for seat, left in enumerate(supplies):
            t = {"ship": seat}
            swatch = f'<span class="kikoto-swatch" style="background:{PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]}"></span>'
            text = CATALOG.text("mb-ed-add-ship", lang, player=seat + 1, n=left)
            items.append(_add_button(swatch, text, str(seat + 1), t, tool, left))
        for kind in TOKEN_KINDS:
            t = {"token": kind}
            swatch = f'<span class="kikoto-swatch is-round" style="background:{TOKEN_FILL[kind]}">{letters(lang)[kind]}</span>'
            text = CATALOG.text("mb-ed-add-token", lang, kind=NAMES[kind][lang], n=bag.get(kind, "?"))
            items.append(_add_button(swatch, text, "", t, tool, bag.get(kind, "?")))
        return palette_row(items, tool, lang)

    def edit_tap(self, draft, tool, fid):
        if fid not in BOARD.kind:
            return draft, tool
        # a piece put down stays in hand, and the field's panel opens at it
        if isinstance(tool, dict) and "ship" in tool:
            return _refused(edit.place_ship, draft, tool["ship"], fid), {"ship": tool["ship"], "at": fid}
        if isinstance(tool, dict) and "token" in tool:
            return _refused(edit.place_token, draft, tool["token"], fid), {"token": tool["token"], "at": fid}
        if isinstance(tool, dict) and tool.get("erase"):
            if len(edit.ships_at(draft, fid)) + len((draft.get("tokens") or {}).get(fid) or []) > 1:
                return draft, {"erase": True, "at": fid}  # which piece? the field's panel lists each with its ✕
            return _refused(edit.erase, draft, fid), {"erase": True}
        if isinstance(tool, dict) and "move" in tool and tool.get("at") in BOARD.kind:
            if fid == tool["at"]:
                return draft, {"at": fid}
            return _refused(edit.move_ship, draft, tool["move"], tool["at"], fid), {"at": fid}
        # no tool: the field is selected, and the inspector below shows what is on it
        return draft, (None if tool == {"at": fid} else {"at": fid})

    def command(self, draft, tool, cmd):
        """The inspector's buttons: remove one piece, or take a ship to move it."""
        do = cmd.get("do")
        if do in ("remove-ship", "move-ship", "remove-token"):
            fid = cmd_id(cmd, "field", self.field_ids)
            if do == "remove-token":
                here = (draft.get("tokens") or {}).get(fid) or []  # (the draft is in the format: the editor asked)
                _refused(edit.remove_token, draft, fid, need(cmd, "index", "integer", "cmd", low=0, high=len(here) - 1))
            elif do == "remove-ship":
                _refused(edit.remove_ship, draft, cmd_seat(cmd, seats(draft)), fid)
            else:
                tool = {"move": cmd_seat(cmd, seats(draft)), "at": fid}
        return draft, tool

    def fixes(self, draft, problem, lang) -> list:
        """The engine's one-tap fix of a problem, where it has one (engine/mare_balticum/position.py),
        carried out by the editor's "fix" command (the engine's apply_edit)."""
        fix = getattr(problem, "fix", None)
        return [] if fix is None else [(fix.message[lang], {"op": "fix", "name": fix.op, "args": fix.args})]

    def inspector(self, draft, tool, lang, invalid) -> str:
        fid = tool.get("at") if isinstance(tool, dict) else None
        if fid not in BOARD.kind:
            return ""
        rows = []
        for seat in edit.ships_at(draft, fid):
            rows.append(
                f"<li>{esc(UI.text('mb-ed-ship', lang, n=seat + 1))} "
                + button(
                    esc(UI.text("ed-move", lang)),
                    {"op": "game", "do": "move-ship", "seat": seat, "field": fid},
                    pressed=tool.get("move") == seat,
                )
                + remove_button(
                    UI.text("mb-ed-ship", lang, n=seat + 1), {"op": "game", "do": "remove-ship", "seat": seat, "field": fid}, lang
                )
                + "</li>"
            )
        for i, kind in enumerate((draft.get("tokens") or {}).get(fid) or []):
            if kind in NAMES:
                rows.append(
                    f"<li>{esc(NAMES[kind][lang])} "
                    + remove_button(NAMES[kind][lang], {"op": "game", "do": "remove-token", "field": fid, "index": i}, lang)
                    + "</li>"
                )
        demand = (draft.get("demand") or {}).get(fid)
        slots = []
        if isinstance(demand, list):
            options = [(None, UI.text("ed-empty", lang))] + [(sp, NAMES[sp][lang]) for sp in SPECIES]
            for i in range(len(demand)):
                slots.append(choice(["demand", fid, i], demand[i], UI.text("mb-ed-demand", lang, n=i + 1), options, invalid))
        moving = f'<p class="kikoto-ed-hint">{esc(UI.text("ed-move-hint", lang))}</p>' if "move" in tool else ""
        if tool.get("erase"):
            moving = f'<p class="kikoto-ed-hint">{esc(UI.text("ed-erase-which", lang))}</p>'
        empty = "" if rows else f"<li>{esc(UI.text('ed-empty', lang))}</li>"
        return inspector_section(field_name(fid, lang), f"{moving}<ul>{''.join(rows) or empty}</ul>{''.join(slots)}")

    def counters(self, draft, lang, invalid, game) -> str:
        n = seats(draft)
        parts = [counters_head(n, game, lang)]
        parts.append(
            choice(
                ["turn"],
                draft.get("turn"),
                UI.text("ed-turn", lang),
                [(s, UI.text("seat", lang, n=s + 1)) for s in range(n)],
                invalid,
            )
        )
        # the engine's phases, declared once (engine/mare_balticum/position.py, PHASES)
        parts.append(
            choice(
                ["phase"],
                draft.get("phase"),
                UI.text("ed-phase", lang),
                [(p.name, CATALOG.text(p.title, lang)) for p in game.phases],
                invalid,
            )
        )
        for key, high_ in (("actions_taken", None), ("round", None), ("time_track", None)):
            if key in draft:
                parts.append(
                    number([key], draft.get(key), UI.text("mb-ed-" + key.replace("_", "-"), lang), high=high_, invalid=invalid)
                )
        parts.append("</div>")
        parts.append(options_row(draft, game, lang, invalid))
        # one group per player: supply, hold and warehouse (groups wrap on a phone, where a table would not fit)
        supplies, bag = _left(draft)
        for seat, p in enumerate(draft.get("players") or []):
            if not isinstance(p, dict):
                continue
            swatch = f'<span class="kikoto-swatch" style="background:{PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]}"></span>'
            # the supply is what the board leaves: ships are added from it and put back by the palette
            cells = [_shown(UI.text("mb-supply", lang), supplies[seat], "players", seat, "supply", invalid=invalid)]
            for part, kinds in (("hold", SPECIES), ("warehouse", TOKEN_KINDS)):
                counts = p.get(part) if isinstance(p.get(part), dict) else {}
                cells.append(f'<span class="kikoto-ed-sub">{esc(UI.text("mb-" + part, lang))}:</span>')
                for k in kinds:
                    cells.append(number(["players", seat, part, k], counts.get(k, 0), NAMES[k][lang], invalid=invalid))
            if p.get("contract") is not None:
                # MB-13.2: the player's own end-of-game decision, stated in advance or asked at the end
                sets = [(None, CATALOG.text("mb-ed-contract-sets-default", lang))] + [(k, str(k)) for k in range(5)]
                cells.append(
                    choice(
                        ["players", seat, "contract_sets"],
                        p.get("contract_sets"),
                        CATALOG.text("mb-ed-contract-sets", lang),
                        sets,
                        invalid,
                    )
                )
            parts.append(
                f'<fieldset class="kikoto-ed-seat"><legend>{swatch}{esc(UI.text("seat", lang, n=seat + 1))}</legend>'
                f"{''.join(cells)}</fieldset>"
            )
        # the bag is what the rest of the box leaves: tokens are added from it and put back
        parts.append(f'<h4>{esc(UI.text("mb-ed-bag", lang))}</h4><div class="kikoto-ed-row">')
        for k in TOKEN_KINDS + ("time",):
            parts.append(_shown(NAMES[k][lang], bag.get(k, "?"), "bag", k, invalid=invalid))
        parts.append("</div></section>")
        return "".join(parts)

    def resize(self, draft, players: int):
        """A table of `players`, the draft carried over (engine/core/edit.py): seats kept or added (an
        added seat starts with its ships in supply); ships beyond the new count are left for the
        problem's fix to return them."""
        return change_setting(load_game("mare-balticum"), draft, "players", players)

    # -- asking --------------------------------------------------------------------------------

    def ask_tap(self, draft, tool, fid):
        """In the set-up, a tap on a port asks "may my starting ship go here?". Later a first tap
        selects a field (and the ship on it of the player to move, if any); a second tap on another
        field, with a ship selected, asks "may this ship sail there?"."""
        if fid not in BOARD.kind:
            return tool, None
        turn = draft.get("turn")
        if draft.get("phase") == "setup" and BOARD.kind[fid] == "port":
            return None, {"type": "start", "player": turn, "port": fid}
        if isinstance(tool, dict) and tool.get("at") == fid:
            return None, None
        if isinstance(tool, dict) and "seat" in tool and tool.get("at") in BOARD.kind:
            return tool, {"type": "sail", "player": tool["seat"], "from": tool["at"], "to": fid}
        here = edit.ships_at(draft, fid)
        if here:
            return {"at": fid, "seat": turn if turn in here else here[0]}, None
        return {"at": fid}, None

    def offers(self, state, tool, lang) -> list[tuple[str, dict]]:
        """The moves a selected field offers, legal or not: each is asked as the player to move."""
        fid = tool.get("at") if isinstance(tool, dict) else None
        if fid not in BOARD.kind:
            return []
        me = state.current_player
        out = []
        if BOARD.kind[fid] == "port" and state.to_json().get("phase") == "setup":
            out.append({"type": "start", "player": me, "port": fid})
        if BOARD.kind[fid] != "port":
            for kind in TOKEN_KINDS:
                out.append({"type": "fish", "player": me, "field": fid, "kind": kind})
        else:
            hold = state.to_json()["players"][me]["hold"]
            for sp in SPECIES:
                out.append({"type": "unload", "player": me, "port": fid, "fish": {sp: max(1, hold.get(sp, 0))}})
        return [(state.describe(a, lang), a) for a in out]

    def action_title(self, kind: str, lang: str) -> str:
        return UI.text("mb-act-" + kind.replace("_", "-"), lang)

    def field_title(self, name: str, lang: str) -> str:
        return UI.text("mb-arg-" + name, lang)

    def field_values(self, state, name, prop, lang):
        if name in FIELD_ARGS:
            return [(fid, field_name(fid, lang)) for fid in BOARD.ids]
        if name in ("kind", "species"):
            kinds = prop.get("enum") or TOKEN_KINDS
            return [(k, NAMES[k][lang]) for k in kinds if k in NAMES]
        if "enum" in prop:
            return [(v, str(v)) for v in prop["enum"]]
        return None


EDITING = MareBalticumEditing()

# Keys picked at run time (from a list), listed for `python -m widgets.i18n extract`.
RUNTIME_KEYS = (
    N_("mb-act-start"),
    N_("mb-act-sail"),
    N_("mb-act-fish"),
    N_("mb-act-unload"),
    N_("mb-act-discard"),
    N_("mb-act-contract"),
    N_("mb-act-fulfil"),
    N_("mb-act-end-turn"),
    N_("mb-act-company"),
    N_("mb-act-tax"),
    N_("mb-arg-port"),
    N_("mb-arg-from"),
    N_("mb-arg-to"),
    N_("mb-arg-field"),
    N_("mb-arg-kind"),
    N_("mb-arg-fish"),
    N_("mb-arg-demand"),
    N_("mb-arg-card"),
    N_("mb-arg-value"),
    N_("mb-arg-species"),
    N_("mb-arg-pay"),
    N_("mb-arg-sets"),
    N_("mb-ed-actions-taken"),
    N_("mb-ed-round"),
    N_("mb-ed-time-track"),
)
