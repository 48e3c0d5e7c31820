"""Vor dem Wind's position editor: the inspector (one zone's contents, to change) and the counters
(phase, turn, round, supply, bank…). A mixin of VorDemWindEditing (edit.py).
"""

from __future__ import annotations

import re

from engine import load_game
from engine.core.edit import malformed
from engine.vor_dem_wind import money
from engine.vor_dem_wind.components import CARDS, DECKS, GOODS, SHIPS, card_name, goods_text, name as word
from engine.vor_dem_wind.messages import CATALOG as VW
from engine.vor_dem_wind.position import PHASES, lenient

from ..editor import button, choice, counters_head, inspector_section, number, options_row, remove_button
from ..html import esc
from ..ui import UI
from .cards import phase_words
from .draft import SEAT_ZONES, field_name, seats, split
from .table import card_words

# a problem of the piles: more or fewer cards or ships out of them than the round and stage brought
GAME = load_game("vor-dem-wind")
PILE_PROBLEM = re.compile(r"^state\.(decks\.[a-z]+\.draw|ship_decks\.[a-z]+)$")


class EditInspector:
    # -- the inspector ---------------------------------------------------------------------------

    def _card_row(self, draft, path, cid, fid, lang, invalid, tool):
        """One card: change it to another of its deck (still in the deck), move it, remove it."""
        if cid not in CARDS:
            return f"<li>{esc(str(cid))}</li>"
        deck = CARDS[cid]["deck"]
        options, seen = [(cid, card_name(cid, lang))], {card_name(cid, lang)}
        for part in ("draw", "discard"):
            for c in lenient(draft)["decks"][deck][part]:
                name = card_name(c, lang) if c in CARDS else c
                if name not in seen:
                    seen.add(name)
                    options.append((c, name))
        moving = isinstance(tool, dict) and tool.get("id") == cid
        return (
            "<li>"
            + choice(path, cid, word(CARDS[cid]["kind"], lang), options, invalid)
            + button(
                esc(UI.text("ed-move", lang)),
                {"op": "game", "do": "move", "what": "card", "id": cid, "field": fid},
                pressed=moving,
            )
            + remove_button(card_name(cid, lang), {"op": "game", "do": "remove-card", "id": cid}, lang)
            + "</li>"
        )

    def _ship_row(self, draft, path, sid, fid, lang, invalid, tool):
        if sid not in SHIPS:
            return f"<li>{esc(str(sid))}</li>"
        size = SHIPS[sid]["size"]
        options, seen = [(sid, self._ship_option(sid, lang))], {self._ship_option(sid, lang)}
        pieces = lenient(draft)
        for s in pieces["ship_decks"][size] + pieces["ship_discard"]:
            if SHIPS.get(s, {}).get("size") == size and self._ship_option(s, lang) not in seen:
                seen.add(self._ship_option(s, lang))
                options.append((s, self._ship_option(s, lang)))
        moving = isinstance(tool, dict) and tool.get("id") == sid
        return (
            "<li>"
            + choice(path, sid, word(size, lang), options, invalid)
            + button(
                esc(UI.text("ed-move", lang)),
                {"op": "game", "do": "move", "what": "ship", "id": sid, "field": fid},
                pressed=moving,
            )
            + remove_button(self._ship_option(sid, lang), {"op": "game", "do": "remove-ship", "id": sid}, lang)
            + "</li>"
        )

    @staticmethod
    def _ship_option(sid, lang):
        s = SHIPS[sid]
        demand = goods_text(s["demand"], lang)
        return f"{UI.text('vw-vp-count', lang, n=s['vp'])}: {demand}"

    def inspector(self, draft, tool, lang, invalid) -> str:
        fid = tool.get("at") if isinstance(tool, dict) else None
        if not isinstance(fid, str):
            return ""
        # a draft not in the game's format shows no inspector: the engine's message names its malformed field
        body = "" if malformed(GAME, draft) else self._inspect(draft, tool, fid, lang, invalid)
        hint = f'<p class="kikoto-ed-hint">{esc(UI.text("vw-ed-move-hint", lang))}</p>' if "move" in tool else ""
        if tool.get("erase"):
            hint = f'<p class="kikoto-ed-hint">{esc(UI.text("ed-erase-which", lang))}</p>'
        return inspector_section(field_name(fid, lang), f"{hint}{body}")

    def _inspect(self, draft, tool, fid, lang, invalid):
        """The zone's contents, on a draft in the game's format (its fields there, of their types)."""
        zone, arg = split(fid)
        if zone in SEAT_ZONES and not (isinstance(arg, int) and arg < len(draft["seats"])) or zone == "deck" and arg not in DECKS:
            return ""  # a seat or a deck the draft does not have (a tool kept from a larger table)
        rows = []
        if zone in ("card", "revealed"):
            for i, c in enumerate(draft["revealed"]):
                if zone == "revealed" or c == arg:
                    rows.append(self._card_row(draft, ["revealed", i], c, fid, lang, invalid, tool))
        elif zone in ("ship", "port"):
            for i, s in enumerate(draft["port"]):
                if zone == "port" or s == arg:
                    rows.append(self._ship_row(draft, ["port", i], s, fid, lang, invalid, tool))
        elif zone == "ships":
            for i, s in enumerate(draft["seats"][arg]["ships"]):
                rows.append(self._ship_row(draft, ["seats", arg, "ships", i], s, fid, lang, invalid, tool))
        elif zone == "specials":
            for i, c in enumerate(draft["seats"][arg]["specials"]):
                rows.append(self._card_row(draft, ["seats", arg, "specials", i], c, fid, lang, invalid, tool))
        elif zone == "slot":
            slot = draft["seats"][arg]["slot"]
            if isinstance(slot, dict) and "card" in slot:
                rows.append(self._card_row(draft, ["seats", arg, "slot", "card"], slot["card"], fid, lang, invalid, tool))
                faces = [("up", UI.text("vw-face-up", lang)), ("down", UI.text("vw-face-down", lang))]
                rows.append(
                    "<li>"
                    + choice(["seats", arg, "slot", "face"], slot.get("face"), UI.text("vw-ed-face", lang), faces, invalid)
                    + "</li>"
                )
            elif isinstance(slot, dict) and isinstance(slot.get("money"), dict):
                rows.append(
                    "<li>"
                    + "".join(
                        number(
                            ["seats", arg, "slot", "money", k],
                            slot["money"].get(k),
                            UI.text("vw-ed-coin", lang, n=k),
                            invalid=invalid,
                        )
                        for k in money.KEYS
                    )
                    + remove_button(UI.text("vw-ed-slot-money", lang), {"op": "game", "do": "clear-slot", "seat": arg}, lang)
                    + "</li>"
                )
        elif zone in ("hand", "warehouse"):
            part = "goods" if zone == "hand" else "warehouse"
            rows.append(
                "<li>"
                + "".join(
                    number(["seats", arg, part, g], draft["seats"][arg][part].get(g), word(g, lang), invalid=invalid)
                    for g in GOODS
                )
                + "</li>"
            )
            if zone == "warehouse":
                for c in draft["seats"][arg]["fresh"]:
                    rows.append(
                        f"<li>❄ {esc(card_words(c, lang))} "
                        + remove_button(card_name(c, lang), {"op": "game", "do": "remove-card", "id": c}, lang)
                        + "</li>"
                    )
        elif zone == "purse":
            rows.append(
                "<li>"
                + "".join(
                    number(
                        ["seats", arg, "purse", k],
                        draft["seats"][arg]["purse"].get(k),
                        UI.text("vw-ed-coin", lang, n=k),
                        invalid=invalid,
                    )
                    for k in money.KEYS
                )
                + "</li>"
            )
        elif zone in ("supply", "bank"):
            keys = GOODS if zone == "supply" else money.KEYS
            rows.append(
                "<li>"
                + "".join(
                    number(
                        [zone, k],
                        draft[zone].get(k),
                        word(k, lang) if zone == "supply" else UI.text("vw-ed-coin", lang, n=k),
                        invalid=invalid,
                    )
                    for k in keys
                )
                + "</li>"
            )
        elif zone == "seat":
            rows.append(
                "<li>"
                + choice(
                    ["seats", arg, "reserved_used"],
                    draft["seats"][arg].get("reserved_used"),
                    UI.text("vw-ed-reserved-used", lang),
                    [(False, UI.text("off", lang)), (True, UI.text("on", lang))],
                    invalid,
                )
                + "</li>"
            )
        elif zone == "deck":
            dk = draft["decks"][arg]
            rows.append(
                f"<li>{esc(VW.plural('deck-title', len(dk['draw']), lang, deck=word(arg, lang), discard=len(dk['discard'])))}</li>"
            )
        if not rows:
            rows.append(f"<li>{esc(UI.text('ed-empty', lang))}</li>")
        return f"<ul>{''.join(rows)}</ul>"

    # -- counters ------------------------------------------------------------------------------

    def counters(self, draft, lang, invalid, game) -> str:
        n = seats(draft)
        who = [(s, UI.text("seat", lang, n=s + 1)) for s in range(n)]
        # the one-tap fix the piles' problem offers (engine/vor_dem_wind/edit.py, settle_piles)
        fix = button(esc(VW.text("fix-piles", lang)), {"op": "game", "do": "settle-piles"})
        parts = [counters_head(n, game, lang, f"<p>{fix}</p>" if any(PILE_PROBLEM.match(f) for f in invalid) else "")]
        parts.append(
            choice(
                ["phase"],
                draft.get("phase"),
                UI.text("ed-phase", lang),
                [(p.name, phase_words(p.name, lang)) for p in PHASES],
                invalid,
            )
        )
        parts.append(choice(["turn"], draft.get("turn"), UI.text("ed-turn", lang), who, invalid))
        parts.append(number(["round"], draft.get("round"), UI.text("vw-ed-round", lang), low=1, invalid=invalid))
        parts.append(number(["stage"], draft.get("stage"), UI.text("vw-ed-stage", lang), low=1, invalid=invalid))
        parts.append(choice(["start"], draft.get("start"), UI.text("vw-ed-start", lang), who, invalid))
        ex = draft.get("exec")
        if isinstance(ex, dict):
            parts.append(
                choice(
                    ["exec", "card_done"],
                    ex.get("card_done"),
                    UI.text("vw-ed-card-done", lang),
                    [(False, UI.text("off", lang)), (True, UI.text("on", lang))],
                    invalid,
                )
            )
            parts.append(number(["exec", "hand_plays"], ex.get("hand_plays"), UI.text("vw-ed-hand-plays", lang), invalid=invalid))
        parts.append("</div>")
        parts.append(options_row(draft, game, lang, invalid))
        # each player's goods in hand, warehouse and purse are in the panel of that zone (tap it)
        for key, title, names in (
            ("supply", "vw-ed-supply", [(g, word(g, lang)) for g in GOODS]),
            ("bank", "vw-bank", [(k, UI.text("vw-ed-coin", lang, n=k)) for k in money.KEYS]),
        ):
            counts = draft.get(key) if isinstance(draft.get(key), dict) else {}
            parts.append(
                f'<h4>{esc(UI.text(title, lang))}</h4><div class="kikoto-ed-row">'
                + "".join(number([key, k], counts.get(k, 0), words, invalid=invalid) for k, words in names)
                + "</div>"
            )
        parts.append("</section>")
        return "".join(parts)
