"""Mississippi Queen in the position editor (widgets/render/editor.py): the steamers, the river's
tiles and the pier, the counters of each steamer, and the ways a steamer can reach a field.

Setting up is editing the position's JSON as the engine writes it. A field's id (what data-tap
names) is its axial "q,r"; the reader only ever sees the field's name on the board ("2. folyómező,
B3"). The river is laid tile by tile at a tab of the last one, as in a game; whether the result is a
possible position (order, passengers, places, …) is the engine's to say.
"""

from __future__ import annotations

import re

from engine import load_game
from engine.core import need
from engine.core.edit import apply_edit, change_setting
from engine.core.messages import N_
from engine.mississippi_queen import edit
from engine.mississippi_queen.board import BOARD, field_at
from engine.mississippi_queen.messages import CATALOG as MQ, COLOURS, DIR_WORDS

from ..editor import (
    Editing,
    button,
    choice,
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

# the drafts' helpers and the asking half live in siblings; their names are re-exported from here
from .ask import AskingMixin, nearest_attempt  # noqa: F401
from .board import PLAYER_COLOURS, _is_field, board_svg, drawable, fid, field_name, names, trace
from .draft import GAME_ID, MAX_OFFERS, PHASES, SIDES, STATUSES, listed, parse, passenger_game, seats, steamer_at, to_move  # noqa: F401

GAME = load_game("mississippi-queen")
ITEM = re.compile(r"state\.(steamers|tiles)\[(\d+)\]")  # a steamer or a tile a problem names


class MississippiQueenEditing(AskingMixin, Editing):
    _named: dict = {}  # the field names of the draft last drawn (field_name has no draft)

    def field_name(self, field, lang):
        p = parse(field)
        return field_name(self._named, p, lang) if p else field

    def fields_of(self, error_field, draft):
        """A steamer's field, the pier's fields, or a tile's middle field, for the path a problem names."""
        self._named = names(drawable(draft))
        data = drawable(draft)
        out = set()
        named = ITEM.match(error_field)
        key, i = (named[1], int(named[2])) if named else (None, None)
        if key and i < len(data[key]):
            item = data[key][i]
            if key == "steamers" and item["pos"]:
                out.add(fid(item["pos"]))
            if key == "tiles":
                out.add(fid(field_at(tuple(item["origin"]), item["dir"], 1, 0)))
        if error_field.startswith("state.pier") and data["pier"]:
            out.update(fid(p) for p in data["pier"]["fields"])
        return out

    def board(self, draft, lang, *, lit, marks, tappable):
        self._named = names(drawable(draft))
        return board_svg(draft, lang, marks={**marks, **{f: "problem" for f in lit}}, tappable=tappable)

    def marks(self, draft, tool, asked) -> dict:
        out = {}
        if isinstance(tool, dict):
            if isinstance(tool.get("at"), str):
                out[tool["at"]] = "selected"
            for key in ("to", "push", "onto"):
                if isinstance(tool.get(key), str):
                    out[tool[key]] = "target"
        if (
            isinstance(asked, dict)
            and asked.get("type") == "move"
            and not (isinstance(tool, dict) and "to" in tool and "push" not in tool)
        ):
            end = self._end(drawable(draft), asked)
            if end:
                out.setdefault(fid(end), "target")
        return out

    @staticmethod
    def _end(data, action):
        """Where a move's plan ends (geometry only), or None."""
        seat = action.get("player", to_move(data) if "order" in data else 0)
        st = data["steamers"][seat] if isinstance(seat, int) and 0 <= seat < len(data["steamers"]) else None
        path = action.get("path")
        if not (st and st["pos"] and isinstance(path, list) and set(map(str, path)) <= {"F", "L", "R"}):
            return None
        return trace(tuple(st["pos"]), st["dir"], tuple(path))[0][-1]

    # -- setting up ----------------------------------------------------------------------------

    def palette(self, draft, tool, lang) -> str:
        items = []
        for seat in range(min(seats(draft), len(PLAYER_COLOURS))):
            t = {"steamer": seat}
            swatch = f'<span class="kikoto-swatch" style="background:{PLAYER_COLOURS[seat]}"></span>'
            full = UI.text("mq-ed-steamer", lang, n=seat + 1, colour=MQ.text(COLOURS[seat], lang))
            items.append(
                button(
                    swatch + short_label(full, str(seat + 1)), {"op": "tool", "tool": t}, pressed=in_hand(tool) == t, name=full
                )
            )
        return palette_row(items, tool, lang)

    def edit_tap(self, draft, tool, field):
        p = parse(field)
        if p is None:
            return draft, tool
        if isinstance(tool, dict) and isinstance(tool.get("steamer"), int) and tool["steamer"] < seats(draft):
            # the steamer stays in hand, and its panel (speed, coal, …) opens at the field it went to
            return edit.place_steamer(draft, tool["steamer"], p), {"steamer": tool["steamer"], "at": field}
        if isinstance(tool, dict) and tool.get("erase"):
            seat = edit.steamer_at(draft, p)
            return (draft if seat is None else edit.remove_steamer(draft, seat)), tool
        if isinstance(tool, dict) and "move" in tool and isinstance(tool.get("at"), str):
            if field != tool["at"] and edit.steamer_at(draft, p) is None:
                edit.place_steamer(draft, tool["move"], p)
            return draft, {"at": field}
        # no tool: the field is selected, and the inspector below shows what is on it
        return draft, (None if tool == {"at": field} else {"at": field})

    def command(self, draft, tool, cmd):
        """The inspector's and the river's buttons: the engine's editing operations (edit.py)."""
        do, n = cmd.get("do"), seats(draft)
        if do == "remove-steamer":
            edit.remove_steamer(draft, cmd_seat(cmd, n))
        elif do == "move-steamer":
            tool = {"move": cmd_seat(cmd, n), "at": need(cmd, "field", "string", "cmd")}
        elif do == "turn-steamer":
            edit.turn_steamer(draft, cmd_seat(cmd, n), need(cmd, "by", "integer", "cmd", allowed=(1, -1)))
        elif do in ("lay", "pier"):
            side = need(cmd, "side", "string", "cmd", allowed=SIDES)
            (edit.lay_tile if do == "lay" else edit.set_pier)(draft, side)
        elif do == "unlay":
            edit.unlay_tile(draft)
        elif do == "drop-rear":
            edit.drop_rear(draft)
        elif do == "fix":  # a problem's one-tap fix: the engine's editing operation by name
            draft = apply_edit(GAME, draft, need(cmd, "fix", "string", "cmd"), need(cmd, "args", "object", "cmd", default=None))
        return draft, tool

    def fixes(self, draft, problem, lang) -> list:
        """The engine's one-tap fix of a problem, where it has one (engine/core/position.py)."""
        fix = getattr(problem, "fix", None)
        return [] if fix is None else [(fix.message[lang], {"op": "game", "do": "fix", "fix": fix.op, "args": fix.args})]

    def inspector(self, draft, tool, lang, invalid) -> str:
        field = tool.get("at") if isinstance(tool, dict) else None
        p = parse(field)
        if p is None:
            return ""
        data = drawable(draft)
        named = names(data)
        title = field_name(named, p, lang)
        rows = []
        seat = steamer_at(draft, p)
        settings = ""
        if seat is not None:
            name = UI.text("mq-ed-steamer", lang, n=seat + 1, colour=MQ.text(COLOURS[seat], lang))
            swatch = f'<span class="kikoto-swatch" style="background:{PLAYER_COLOURS[seat]}"></span>'
            rows.append(
                f'<p class="kikoto-ed-piece">{swatch}{esc(name)}</p><div class="kikoto-ed-row">'
                + button("↺", {"op": "game", "do": "turn-steamer", "seat": seat, "by": 1}, name=UI.text("mq-ed-turn-left", lang))
                + button(
                    "↻", {"op": "game", "do": "turn-steamer", "seat": seat, "by": -1}, name=UI.text("mq-ed-turn-right", lang)
                )
                + button(
                    esc(UI.text("ed-move", lang)),
                    {"op": "game", "do": "move-steamer", "seat": seat, "field": field},
                    pressed=tool.get("move") == seat,
                )
                + remove_button(name, {"op": "game", "do": "remove-steamer", "seat": seat}, lang)
                + "</div>"
            )
            # the steamer's own settings, here at it rather than among the game's
            settings = f'<div class="kikoto-ed-settings">{self._steamer_inputs(draft, seat, lang, invalid)}</div>'
        # a station's waiting passengers, at its jetty's field
        slots = []
        for li, t in enumerate(data["tiles"]):
            for island in [i for i in BOARD["tiles"] + [BOARD["start"]] if i["id"] == t["tile"]][0]["islands"]:
                if "station" in island and field_at(tuple(t["origin"]), t["dir"], *island["station"]["pier"]) == p:
                    slots.append(
                        f"<p>{esc(UI.text('mq-station', lang, roof=UI.text('mq-roof-' + island['station']['roof'], lang)))}</p>"
                    )
                    if passenger_game(draft):  # the share less those taken (edit.recount): read, not set
                        slots.append(f"<p>{esc(UI.text('mq-ed-waiting', lang))}: {t['passengers'].get(island['id'], 0)}</p>")
        moving = f'<p class="kikoto-ed-hint">{esc(UI.text("ed-move-hint", lang))}</p>' if "move" in tool else ""
        empty = "" if rows else f"<p>{esc(UI.text('ed-empty', lang))}</p>"
        return inspector_section(title, f"{moving}{''.join(rows) or empty}{settings}{''.join(slots)}")

    def _steamer_inputs(self, draft, seat, lang, invalid) -> str:
        st = draft["steamers"][seat]
        if not isinstance(st, dict):
            return ""
        cells = [
            choice(
                ["steamers", seat, "dir"],
                st.get("dir"),
                UI.text("mq-heading", lang),
                [(d, MQ.text(DIR_WORDS[d], lang)) for d in range(6)],
                invalid,
            ),
            number(["steamers", seat, "speed"], st.get("speed"), UI.text("mq-speed", lang), low=1, high=6, invalid=invalid),
            number(["steamers", seat, "coal"], st.get("coal"), UI.text("mq-coal", lang), high=6, invalid=invalid),
        ]
        if passenger_game(draft):
            cells.append(
                number(
                    ["steamers", seat, "passengers"],
                    st.get("passengers"),
                    UI.text("mq-passengers", lang),
                    high=2,
                    invalid=invalid,
                )
            )
        cells.append(
            choice(
                ["steamers", seat, "status"],
                st.get("status"),
                UI.text("mq-status", lang),
                [(s, UI.text("mq-ed-status-" + s, lang)) for s in STATUSES],
                invalid,
            )
        )
        if st.get("status") == "finished":
            cells.append(
                number(["steamers", seat, "place"], st.get("place"), UI.text("mq-ed-place", lang), high=5, invalid=invalid)
            )
        return "".join(cells)

    def counters(self, draft, lang, invalid, game) -> str:
        n = seats(draft)
        parts = [counters_head(n, game, lang)]
        order = draft.get("order") if isinstance(draft.get("order"), list) else []
        parts.append(
            choice(
                ["turn"],
                draft.get("turn"),
                UI.text("ed-turn", lang),
                [(i, UI.text("seat", lang, n=s + 1)) for i, s in enumerate(order) if isinstance(s, int)],
                invalid,
            )
        )
        parts.append(
            choice(
                ["phase"],
                draft.get("phase"),
                UI.text("ed-phase", lang),
                [(p, UI.text("mq-ed-phase-" + p, lang)) for p in PHASES],
                invalid,
            )
        )
        parts.append(number(["round"], draft.get("round"), UI.text("mq-ed-round", lang), invalid=invalid))
        parts.append("</div>")
        # what follows from the rest (edit.py keeps them): shown, not set
        shown = [("mq-ed-" + key, draft.get(key)) for key in ("supply", "box") if passenger_game(draft)]
        shown.append(("mq-ed-next-place", draft.get("next_place")))
        parts.append(
            '<p class="kikoto-ed-hint">'
            + " · ".join(f"{esc(UI.text(code, lang))}: {esc(str(value))}" for code, value in shown)
            + "</p>"
        )
        # the river: lay the next tile at a tab of the last one, take one off, place the pier
        tiles = draft.get("tiles") if isinstance(draft.get("tiles"), list) else []
        deck = draft.get("deck") if isinstance(draft.get("deck"), list) else []
        parts.append(
            f"<h4>{esc(UI.text('mq-ed-river', lang))}</h4>"
            f'<p>{esc(UI.text("mq-ed-river-count", lang, laid=len(tiles), deck=len(deck)))}</p><div class="kikoto-ed-row">'
        )
        for side in SIDES:
            parts.append(button(esc(UI.text("mq-ed-lay-" + side.lower(), lang)), {"op": "game", "do": "lay", "side": side}))
        parts.append(button(esc(UI.text("mq-ed-unlay", lang)), {"op": "game", "do": "unlay"}))
        parts.append(button(esc(UI.text("mq-ed-drop-rear", lang)), {"op": "game", "do": "drop-rear"}))
        parts.append("</div>")
        if not deck and tiles:
            side = draft["pier"].get("side") if isinstance(draft.get("pier"), dict) else None
            parts.append(
                f'<div class="kikoto-ed-row" role="group" aria-label="{esc(UI.text("mq-ed-pier", lang))}">'
                f'<span class="kikoto-ed-sub">{esc(UI.text("mq-ed-pier", lang))}:</span>'
            )
            for s in SIDES:
                parts.append(
                    button(
                        esc(UI.text("mq-ed-pier-" + s.lower(), lang)), {"op": "game", "do": "pier", "side": s}, pressed=side == s
                    )
                )
            parts.append("</div>")
        parts.append(options_row(draft, game, lang, invalid))
        # one group per steamer (groups wrap on a phone, where a table would not fit)
        # a steamer on the river has its settings in its field's panel (inspector); one off it, here
        for seat, st in enumerate(listed(draft, "steamers")):
            if not isinstance(st, dict) or seat >= len(PLAYER_COLOURS) or _is_field(st.get("pos")):
                continue
            swatch = f'<span class="kikoto-swatch" style="background:{PLAYER_COLOURS[seat]}"></span>'
            where = (
                field_name(names(drawable(draft)), tuple(st["pos"]), lang)
                if _is_field(st.get("pos"))
                else UI.text("mq-ed-status-" + str(st.get("status")), lang)
                if st.get("status") in STATUSES
                else ""
            )
            parts.append(
                f'<fieldset class="kikoto-ed-seat"><legend>{swatch}'
                f"{esc(UI.text('mq-ed-steamer', lang, n=seat + 1, colour=MQ.text(COLOURS[seat], lang)))}: {esc(where)}</legend>"
                f"{self._steamer_inputs(draft, seat, lang, invalid)}</fieldset>"
            )
        parts.append("</section>")
        return "".join(parts)

    def resize(self, draft, players: int):
        """A table of `players`, the draft carried over (engine/core/edit.py): steamers added, or kept
        beyond the table for the problem's fix to return them; the passengers follow."""
        return change_setting(GAME, draft, "players", players)


EDITING = MississippiQueenEditing()


# Interface words this module builds at run time ("vw-act-" + type, …), listed for the extractor.
RUNTIME_KEYS = (
    N_("mq-times-2"),
    N_("mq-times-3"),
    N_("mq-times-4"),
    N_("mq-times-5"),
    N_("mq-times-6"),
    N_("mq-w-left"),
    N_("mq-w-right"),
    N_("mq-w-left-n"),
    N_("mq-w-right-n"),
    N_("mq-ed-status-racing"),
    N_("mq-ed-status-finished"),
    N_("mq-ed-status-out"),
    N_("mq-ed-phase-setup"),
    N_("mq-ed-phase-move"),
    N_("mq-ed-phase-heading"),
    N_("mq-ed-phase-over"),
    N_("mq-ed-supply"),
    N_("mq-ed-box"),
    N_("mq-ed-next-place"),
    N_("mq-ed-lay-l"),
    N_("mq-ed-lay-c"),
    N_("mq-ed-lay-r"),
    N_("mq-ed-pier-l"),
    N_("mq-ed-pier-c"),
    N_("mq-ed-pier-r"),
    N_("mq-act-move"),
    N_("mq-act-heading"),
    N_("mq-act-retire"),
    N_("mq-arg-speed"),
    N_("mq-arg-path"),
    N_("mq-arg-push"),
    N_("mq-arg-brake"),
    N_("mq-arg-dir"),
)
