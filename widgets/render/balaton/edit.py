"""Balaton in the position editor (widgets/render/editor.py): its pieces, what a tap means, its
counters, and the moves a tapped field offers.

Pieces: each player's pawn on the track (always on the board: placing it moves it), ports (per
settlement and player) and ships (per lake field, bought from a port beside it, per player). The
rest is counters: money, the cards left in hand, the dice, the step's flags, whose turn, the phase.
Setting up edits the position's JSON as the engine writes it; whether the result is a possible
position is the engine's to say.
"""

from __future__ import annotations

from engine.balaton import edit
from engine.balaton.board import BOARD
from engine.balaton.components import CARDS, START_CARDS, STEP_FLAGS
from engine.balaton.messages import CARD_NAMES, CATALOG
from engine.balaton.position import PHASES as STEP_PHASES
from engine.core.messages import N_

from ..editor import (
    Editing,
    button,
    choice,
    cmd_id,
    cmd_seat,
    counters_head,
    inspector_section,
    number,
    options_row,
    palette_row,
    remove_button,
    tool_button,
)
from ..html import esc
from ..ui import UI
from .ask import AskingMixin
from .board import board_svg
from .draft import LAKES, TRACK, N, actor, dice_options, field_name, known, move_to, pawns_at, positions, seat_name, seats, swatch  # noqa: F401

PHASES = tuple(p.name for p in STEP_PHASES)
SHORT = {"pawn": "♟", "port": "⌂", "ship": "⚓"}  # a piece's sign on a phone's row of pieces (in every phone's font)
# keys the code builds at run time, for `python -m widgets.i18n extract`
RUNTIME_KEYS = (
    [N_("ba-ed-phase-roll"), N_("ba-ed-phase-move"), N_("ba-ed-phase-land"), N_("ba-ed-phase-over")]
    + [
        N_("ba-act-roll"),
        N_("ba-act-reroll"),
        N_("ba-act-move"),
        N_("ba-act-ferry"),
        N_("ba-act-fly"),
        N_("ba-act-bump"),
        N_("ba-act-port"),
        N_("ba-act-ship"),
        N_("ba-act-income"),
        N_("ba-act-subsidy"),
        N_("ba-act-end"),
    ]
    + [N_("ba-arg-steps"), N_("ba-arg-back"), N_("ba-arg-ticket"), N_("ba-arg-seat"), N_("ba-arg-to"), N_("ba-arg-card")]
    + [
        N_("ba-ed-flag-crossed"),
        N_("ba-ed-flag-bumped"),
        N_("ba-ed-flag-bought"),
        N_("ba-ed-flag-income"),
        N_("ba-ed-flag-subsidy"),
        N_("ba-ed-flag-sub"),
    ]
    + [N_("ba-ed-pawn"), N_("ba-ed-port"), N_("ba-ed-ship")]
)


class BalatonEditing(AskingMixin, Editing):
    field_ids = TRACK | LAKES

    def field_name(self, fid, lang):
        return field_name(fid, lang)

    # The help lines under the board in Balaton's words (pawns, not ships): editor.py shows the
    # generic ed-help-* texts until it asks the game for these.
    def help_edit(self, lang) -> str:
        return UI.text("ba-ed-help-edit", lang)

    def help_ask(self, lang) -> str:
        return UI.text("ba-ed-help-ask", lang)

    def board(self, draft, lang, *, lit, marks, tappable):
        return board_svg(draft, lang, marks={**marks, **{f: "problem" for f in lit}}, tappable=tappable, tall=True)

    def marks(self, draft, tool, asked) -> dict:
        out = {}
        if isinstance(tool, dict) and known(tool.get("at"), self.field_ids):
            out[tool["at"]] = "selected"
        if isinstance(asked, dict):
            if known(asked.get("to"), TRACK):
                out.setdefault(asked["to"], "target")
            elif (
                asked.get("type") == "move"
                and isinstance(tool, dict)
                and known(tool.get("at"), TRACK)
                and isinstance(asked.get("steps"), int)
            ):
                # where the asked move ends: the field the reader tapped, or the one it counts to
                end = BOARD.walk(tool["at"], asked["steps"], bool(asked.get("back")))
                out.setdefault(BOARD.arrow.get(end, end), "target")
        return out

    def fields_of(self, error_field, draft):
        found = super().fields_of(error_field, draft)
        # "state.ports.siofok" or "state.ships.g-east.fonyod[1]": the settlement's centre, the lake field
        parts = error_field.replace("[", ".").split(".")
        for p in parts:
            if p in BOARD.size:
                found.add(BOARD.centre[p])
        if len(parts) > 2 and parts[1] == "pos" and parts[2].rstrip("]").isdigit():
            seat = int(parts[2].rstrip("]"))
            if seat < len(positions(draft)) and known(positions(draft)[seat], TRACK):
                found.add(positions(draft)[seat])
        return found

    # -- setting up ----------------------------------------------------------------------------

    def palette(self, draft, tool, lang) -> str:
        items = []
        for kind in ("pawn", "port", "ship"):
            for seat in range(seats(draft)):
                full = UI.text("ba-ed-" + kind, lang, n=seat + 1)
                items.append(tool_button(swatch(seat, kind == "pawn"), full, SHORT[kind] + str(seat + 1), {kind: seat}, tool))
        return palette_row(items, tool, lang)

    def edit_tap(self, draft, tool, fid):
        if not known(fid, self.field_ids):
            return draft, tool
        t = tool if isinstance(tool, dict) else {}
        n = seats(draft)
        sid = BOARD.settlement_at(fid) if known(fid, TRACK) else ""
        # a piece put down stays in hand, and the field's panel opens at it
        held = {k: v for k, v in t.items() if k != "at"}
        if isinstance(t.get("pawn"), int) and t["pawn"] < min(n, len(positions(draft))):
            edit.move_pawn(draft, t["pawn"], fid)
            return draft, {**held, "at": fid}
        elif isinstance(t.get("port"), int) and t["port"] < n:
            if sid:
                edit.toggle_port(draft, t["port"], sid)
                return draft, {**held, "at": fid}
        elif isinstance(t.get("ship"), int) and t["ship"] < n:
            if known(fid, LAKES):
                edit.add_ship(draft, t["ship"], fid)
                return draft, {**held, "at": fid}
        elif t.get("erase"):
            ships = edit.ships_on(draft, fid) if known(fid, LAKES) else []
            if len(ships) > 1 or sum(c for _, _, c in ships) > 1 or (sid and len(edit.port_owners(draft, sid)) > 1):
                return draft, {"erase": True, "at": fid}  # which one? the field's panel lists each with its ✕
            if ships:
                edit.remove_ship(draft, ships[-1][1], fid, ships[-1][0])
            elif sid and edit.port_owners(draft, sid):
                edit.remove_port(draft, edit.port_owners(draft, sid)[-1], sid)
        elif "move" in t and known(t.get("at"), TRACK):
            if known(fid, TRACK):
                if isinstance(t["move"], int):
                    edit.move_pawn(draft, t["move"], fid)
                return draft, {"at": fid}
        else:
            # no tool: the field is selected, and the inspector below shows what is on it
            return draft, (None if t == {"at": fid} else {"at": fid})
        return draft, tool

    def command(self, draft, tool, cmd):
        """The inspector's buttons: take a pawn to move it, remove a port, add or remove a ship."""
        do, n = cmd.get("do"), seats(draft)
        if do == "move-pawn":
            tool = {"move": cmd_seat(cmd, n), "at": cmd_id(cmd, "field", self.field_ids)}
        elif do in ("take-money", "return-money"):  # a coin from the bank, or back to it
            (edit.take_money if do == "take-money" else edit.return_money)(draft, cmd_seat(cmd, n))
        elif do == "remove-port":
            edit.remove_port(draft, cmd_seat(cmd, n), BOARD.settlement_at(cmd_id(cmd, "field", self.field_ids)))
        elif do in ("remove-ship", "add-ship"):
            ship = (cmd_seat(cmd, n), cmd_id(cmd, "field", self.field_ids), cmd_id(cmd, "port", BOARD.size))
            (edit.remove_ship if do == "remove-ship" else edit.add_ship)(draft, *ship)
        return draft, tool

    def inspector(self, draft, tool, lang, invalid) -> str:
        fid = tool.get("at") if isinstance(tool, dict) else None
        if not known(fid, self.field_ids):
            return ""
        rows = []
        if known(fid, TRACK):
            money = draft.get("money") if isinstance(draft.get("money"), list) else []
            for seat in pawns_at(draft, fid):
                rows.append(
                    f"<li>{swatch(seat, True)}{esc(UI.text('ba-ed-pawn', lang, n=seat + 1))} "
                    + button(
                        esc(UI.text("ed-move", lang)),
                        {"op": "game", "do": "move-pawn", "seat": seat, "field": fid},
                        pressed=tool.get("move") == seat,
                    )
                    + (self.purse(seat, money[seat], lang) if seat < len(money) else "")
                    + "</li>"
                )
            sid = BOARD.settlement_at(fid)
            for seat in edit.port_owners(draft, sid) if sid else []:
                rows.append(
                    f"<li>{swatch(seat)}{esc(UI.text('ba-ed-port', lang, n=seat + 1))} "
                    + remove_button(
                        UI.text("ba-ed-port", lang, n=seat + 1),
                        {"op": "game", "do": "remove-port", "seat": seat, "field": fid},
                        lang,
                    )
                    + "</li>"
                )
        else:
            for sid, seat, c in edit.ships_on(draft, fid):
                words = UI.text("ba-ed-ships-from", lang, seat=seat_name(seat, lang), place=BOARD.name[sid], n=c)
                where = {"op": "game", "seat": seat, "field": fid, "port": sid}
                rows.append(
                    f"<li>{swatch(seat)}{esc(words)} "
                    + remove_button(UI.text("ba-ed-ship", lang, n=seat + 1), {**where, "do": "remove-ship"}, lang)
                    + button("+1", {**where, "do": "add-ship"}, name=UI.text("ba-ed-add-ship", lang))
                    + "</li>"
                )
        moving = f'<p class="kikoto-ed-hint">{esc(UI.text("ba-ed-move-hint", lang))}</p>' if "move" in tool else ""
        if tool.get("erase"):
            moving = f'<p class="kikoto-ed-hint">{esc(UI.text("ed-erase-which", lang))}</p>'
        empty = "" if rows else f"<li>{esc(UI.text('ed-empty', lang))}</li>"
        name = field_name(fid, lang)
        return inspector_section(name, f"{moving}<ul>{''.join(rows) or empty}</ul>")

    def purse(self, seat: int, money, lang: str) -> str:
        """A player's money in their pawn's panel, a coin at a time from the bank and back (typed in the
        player's group below: one field per value on the page)."""
        where = {"op": "game", "seat": seat}
        return (
            f' <span class="kikoto-ed-sub">{esc(UI.text("ba-ed-money", lang))}: {esc(str(money))}</span> '
            + button("−", {**where, "do": "return-money"}, name=UI.text("ba-ed-return-money", lang))
            + button("+", {**where, "do": "take-money"}, name=UI.text("ba-ed-take-money", lang))
        )

    def counters(self, draft, lang, invalid, game) -> str:
        n = seats(draft)
        yes_no = [(True, UI.text("on", lang)), (False, UI.text("off", lang))]
        parts = [counters_head(n, game, lang)]
        who = [(s, seat_name(s, lang)) for s in range(n)]
        parts.append(choice(["turn"], draft.get("turn"), UI.text("ed-turn", lang), who, invalid))
        options = draft.get("options") if isinstance(draft.get("options"), dict) else {}
        if options.get("bumped_pawn") == "landing" or draft.get("actor", draft.get("turn")) != draft.get("turn"):
            parts.append(choice(["actor"], draft.get("actor"), UI.text("ba-ed-actor", lang), who, invalid))
        phase = draft.get("phase")
        parts.append(
            choice(["phase"], phase, UI.text("ed-phase", lang), [(p, UI.text("ba-ed-phase-" + p, lang)) for p in PHASES], invalid)
        )
        dice = draft.get("dice")
        if isinstance(dice, list) and len(dice) == 2:
            for i in range(2):
                parts.append(
                    choice(["dice", i], dice[i], UI.text("ba-ed-die", lang, n=i + 1), [(v, str(v)) for v in range(1, 7)], invalid)
                )
        if phase != "roll":
            parts.append(number(["rerolls"], draft.get("rerolls", 0), UI.text("ba-ed-rerolls", lang), high=2, invalid=invalid))
        if phase == "over":
            parts.append(choice(["winner"], draft.get("winner"), UI.text("ba-ed-winner", lang), who, invalid))
        parts.append("</div>")
        step = draft.get("step")
        if phase in ("land", "over") and isinstance(step, dict):
            # what this step has done so far: the one-purchase, income-or-subsidy rules read these
            parts.append(f'<h4>{esc(UI.text("ba-ed-step", lang))}</h4><div class="kikoto-ed-row">')
            for flag in STEP_FLAGS:
                if flag != "sub" or options.get("bumped_pawn") == "landing" or step.get("sub"):
                    parts.append(
                        choice(["step", flag], bool(step.get(flag)), UI.text("ba-ed-flag-" + flag, lang), yes_no, invalid)
                    )
            parts.append(
                choice(
                    ["step", "card"],
                    step.get("card", ""),
                    UI.text("ba-ed-card-used", lang),
                    [("", UI.text("ed-none", lang))] + [(c, CATALOG.text(CARD_NAMES[c], lang)) for c in CARDS],
                    invalid,
                )
            )
            parts.append(
                choice(
                    ["step", "landed"],
                    step.get("landed", ""),
                    UI.text("ba-ed-landed", lang),
                    [("", UI.text("ed-none", lang))] + [(s, BOARD.name[s]) for s in BOARD.settlements],
                    invalid,
                )
            )
            if step.get("bought"):  # what the purchase cost: the subsidy_broke reading asks for the money on arriving
                parts.append(number(["step", "spent"], step.get("spent", 0), CATALOG.text("ed-spent", lang), invalid=invalid))
            parts.append("</div>")
        parts.append(options_row(draft, game, lang, invalid))
        # one group per player: money and the cards left in hand (groups wrap on a phone)
        money = draft.get("money") if isinstance(draft.get("money"), list) else []
        cards = draft.get("cards") if isinstance(draft.get("cards"), list) else []
        for seat in range(n):
            cells = []
            if seat < len(money):
                cells.append(number(["money", seat], money[seat], UI.text("ba-ed-money", lang), invalid=invalid))
            hand = cards[seat] if seat < len(cards) and isinstance(cards[seat], dict) else None
            if hand is not None:
                cells.append(f'<span class="kikoto-ed-sub">{esc(UI.text("ba-ed-hand", lang))}:</span>')
                for c in CARDS:
                    cells.append(
                        number(
                            ["cards", seat, c],
                            hand.get(c, 0),
                            CATALOG.text(CARD_NAMES[c], lang),
                            high=START_CARDS[c],
                            invalid=invalid,
                        )
                    )
            parts.append(
                f'<fieldset class="kikoto-ed-seat"><legend>{swatch(seat)}{esc(seat_name(seat, lang))}</legend>'
                f"{''.join(cells)}</fieldset>"
            )
        parts.append("</section>")
        return "".join(parts)

    def resize(self, draft, players: int):
        edit.resize(draft, players)
        return draft

    # -- asking --------------------------------------------------------------------------------


EDITING = BalatonEditing()
