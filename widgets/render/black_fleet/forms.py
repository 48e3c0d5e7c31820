"""Black Fleet's position editor: the palette of pieces, the inspector of a tapped place, a seat's
panel (its row under the map tapped: its doubloons, cards and, on its turn, the turn's counters) and
the game's counters (phase, round, options, stocks). Mixed into the editor in edit.py."""

from __future__ import annotations

from engine.black_fleet import components as C
from engine.black_fleet.messages import COLOURS, SEAT_COLOURS, SHIPS, word
from engine.black_fleet.position import PHASES

from ..editor import (
    button,
    choice as plain_choice,
    counters_head,
    inspector_section,
    key_attr,
    number as plain_number,
    options_row,
    palette_row,
    path_text,
    remove_button,
    tool_button,
)
from ..html import attrs, data_json, esc
from ..ui import UI
from .board import CUBE_FILL, PLAYER_COLOURS, WARSHIP_FILL, _fate_words, _move_words, seat_tapped
from .draft import PLACES, SHIP_KINDS, _pieces_at, _seat_name, _stock, _swatch, field_name, seats

SHORT = {"pirate": "☠"}  # a ship's sign on a phone's row of pieces (a sign every phone's font has)

# editor.choice and editor.number, remembered: a tap renders some fifty of them again, nearly all unchanged.
# The key holds the value's type too (True and 1 are equal keys, but are written differently).
_MEMO: dict = {}


def _remember(key, make):
    try:
        out = _MEMO.get(key)
    except TypeError:  # a draft's list or object as a value: not remembered
        return make()
    if out is None:
        if len(_MEMO) > 4096:
            _MEMO.clear()
        out = _MEMO[key] = make()
    return out


def choice(path: list, value, label: str, options: list, invalid=frozenset()) -> str:
    bad = path_text(path) in invalid
    return _remember(
        ("choice", tuple(path), type(value), value, label, tuple(options), bad),
        lambda: plain_choice(path, value, label, options, invalid),
    )


def number(path: list, value, label: str, *, low: int = 0, high=None, invalid=frozenset()) -> str:
    bad = path_text(path) in invalid
    return _remember(
        ("number", tuple(path), type(value), value, label, low, high, bad),
        lambda: plain_number(path, value, label, low=low, high=high, invalid=invalid),
    )


# The card lists' <option>s, as editor.choice writes them, built once per deck, language and selected card:
# a seat's hand is four to six selects of 44 cards each, and every tap renders the whole editor again.
_CARD_OPTIONS: dict = {}
_CARD_WORDS = {"movement": (C.MOVEMENT, _move_words), "fate": (C.FATE, _fate_words)}


def _card_options(deck: str, lang: str, value) -> str:
    if value not in _CARD_WORDS[deck][0]:
        value = None  # no card selected: one entry for every value that is not a card
    key = (deck, lang, value)
    items = _CARD_OPTIONS.get(key)
    if items is None:
        cards, words = _CARD_WORDS[deck]
        parts = _CARD_OPTIONS.get((deck, lang))
        if parts is None:
            parts = _CARD_OPTIONS[(deck, lang)] = [
                (c, f'<option value="{data_json(c)}"', f">{esc(words(c, lang))}</option>") for c in sorted(cards)
            ]
        items = _CARD_OPTIONS[key] = "".join(head + (" selected" if c == value else "") + tail for c, head, tail in parts)
    return items


def card_choice(path: list, value, label: str, deck: str, lang: str, invalid=frozenset()) -> str:
    """editor.choice over a whole deck (movement or fate cards), the same markup, from the cache above."""
    if not isinstance(value, (str, type(None))):  # a draft's odd value: the plain way
        cards, words = _CARD_WORDS[deck]
        return plain_choice(path, value, label, [(c, words(c, lang)) for c in sorted(cards)], invalid)
    bad = path_text(path) in invalid
    # a set width: the browser then need not measure a whole deck's option texts at every answer
    return (
        f'<label class="kikoto-ed-choice">{esc(label)} <select class="kikoto-ed-deck" data-path="{data_json(path)}" data-json'
        f"{key_attr('path', path)}{attrs(aria_invalid='true' if bad else None)}>{_card_options(deck, lang, value)}"
        f"</select></label>"
    )


class FormsMixin:
    """The forms of BlackFleetEditing: what the reader holds, what a place holds, the counters."""

    def palette(self, draft, tool, lang) -> str:
        items = []
        for i, s in enumerate(seats(draft)):
            colour = s.get("colour") if isinstance(s, dict) else None
            fill = PLAYER_COLOURS.get(colour, "#9e9e9e") if isinstance(colour, str) else "#9e9e9e"
            for kind in SHIP_KINDS:
                t = {kind: i}
                full = UI.text(f"bf-ed-{kind}", lang, n=i + 1)
                sign = SHORT.get(kind) or word(SHIPS[kind], lang)[:1].upper()  # (a merchant: its word's initial)
                items.append(tool_button(_swatch(fill), full, sign + str(i + 1), t, tool))
        for w in C.WARSHIPS:
            items.append(tool_button(_swatch(WARSHIP_FILL[w]), word(SHIPS[w], lang), "⚓", {"warship": w}, tool))
        for c in C.COLOURS:
            full = UI.text("bf-ed-cube", lang, colour=word(COLOURS[c], lang))
            items.append(tool_button(_swatch(CUBE_FILL[c]), full, "", {"cube": c}, tool))
        return palette_row(items, tool, lang)

    def _piece_words(self, draft, kind, who, lang) -> str:
        if kind == "warship":
            return word(SHIPS[who], lang)
        return f"{_seat_name(who, draft, lang)}: {word(SHIPS[kind], lang)}"

    def inspector(self, draft, tool, lang, invalid) -> str:
        place = tool.get("at") if isinstance(tool, dict) else None
        seat = seat_tapped(place)
        if seat is not None and seat < len(seats(draft)) and isinstance(seats(draft)[seat], dict):
            return self.seat_panel(draft, seat, lang, invalid)
        if place not in PLACES:
            return ""
        rows = []
        moving = tool.get("move")
        for kind, who in _pieces_at(draft, place):
            row = [
                esc(self._piece_words(draft, kind, who, lang)),
                button(
                    esc(UI.text("ed-move", lang)),
                    {"op": "game", "do": "move", "kind": kind, "who": who, "field": place},
                    pressed=moving == [kind, who],
                ),
            ]
            if kind != "warship":
                row.append(
                    remove_button(
                        self._piece_words(draft, kind, who, lang),
                        {"op": "game", "do": "remove", "kind": kind, "who": who, "field": place},
                        lang,
                    )
                )
                s = draft["seats"][who]
                cubes = (s.get("cargo") or []) if kind == "merchant" else ([s["treasure"]] if s.get("treasure") else [])
                for j, c in enumerate(cubes):
                    if c in COLOURS:
                        row.append(
                            button(
                                _swatch(CUBE_FILL[c]) + esc(word(COLOURS[c], lang)) + " ✕",
                                {"op": "game", "do": "remove-cube", "kind": kind, "who": who, "index": j, "field": place},
                                name=UI.text(
                                    "ed-remove-what", lang, what=UI.text("bf-ed-cube", lang, colour=word(COLOURS[c], lang))
                                ),
                            )
                        )
            rows.append("<li>" + " ".join(row) + "</li>")
        extra = ""
        if place in C.PORTS:
            colour = C.PORTS[place]["colour"]
            extra = number(
                ["stock", colour],
                _stock(draft).get(colour),
                UI.text("bf-ed-stock", lang, colour=word(COLOURS[colour], lang)),
                invalid=invalid,
            )
        hint = f'<p class="kikoto-ed-hint">{esc(UI.text("ed-move-hint", lang))}</p>' if moving else ""
        if tool.get("erase"):
            hint = f'<p class="kikoto-ed-hint">{esc(UI.text("ed-erase-which", lang))}</p>'
        empty = "" if rows else f"<li>{esc(UI.text('ed-empty', lang))}</li>"
        name = field_name(place, lang)
        return inspector_section(name, f"{hint}<ul>{''.join(rows) or empty}</ul>{extra}")

    def counters(self, draft, lang, invalid, game) -> str:
        n = len(seats(draft))
        seat_opts = [(s, _seat_name(s, draft, lang)) for s in range(n)]
        parts = [counters_head(n, game, lang)]
        parts.append(choice(["turn"], draft.get("turn", draft.get("first", 0)), UI.text("ed-turn", lang), seat_opts, invalid))
        parts.append(choice(["first"], draft.get("first", 0), UI.text("bf-ed-first", lang), seat_opts, invalid))
        parts.append(
            choice(
                ["phase"],
                draft.get("phase", "card"),
                UI.text("ed-phase", lang),
                [(p.name, word(p.title, lang)) for p in PHASES],
                invalid,
            )
        )
        parts.append(number(["round"], draft.get("round", 1), UI.text("bf-ed-round", lang), low=1, invalid=invalid))
        parts.append(
            choice(
                ["final_round"],
                draft.get("final_round", False),
                UI.text("bf-ed-final-round", lang),
                [(False, UI.text("bf-ed-no", lang)), (True, UI.text("bf-ed-yes", lang))],
                invalid,
            )
        )
        parts.append("</div>")
        parts.append(
            options_row(
                draft, game, lang, invalid, word=lambda c: UI.text(f"bf-ed-opt-{c}", lang) if isinstance(c, str) else None
            )
        )
        # each seat's doubloons, cards and turn are in its own panel, at its row under the map
        parts.append(f'<p class="kikoto-ed-hint">{esc(UI.text("bf-ed-seat-hint", lang))}</p>')
        stock = draft.get("stock") if isinstance(draft.get("stock"), dict) else {}
        parts.append(f'<h4>{esc(UI.text("bf-ed-stocks", lang))}</h4><div class="kikoto-ed-row">')
        for c in C.COLOURS:
            parts.append(number(["stock", c], stock.get(c, 0), word(COLOURS[c], lang), invalid=invalid))
        parts.append("</div></section>")
        return "".join(parts)

    def seat_panel(self, draft, i: int, lang, invalid) -> str:
        """Seat `i`'s own settings, at its row under the map: its doubloons (typed, or a doubloon at a
        time from the bank and back), on its turn the turn's counters (the panel's most asked, so near
        its top), then its colour and cards."""
        s = draft["seats"][i]
        fill = PLAYER_COLOURS.get(s.get("colour"), "#9e9e9e")
        where = {"op": "game", "seat": i}
        purse = (
            '<div class="kikoto-ed-row kikoto-ed-purse">'
            + number(["seats", i, "coins"], s.get("coins", 0), UI.text("bf-coins", lang), invalid=invalid)
            + button("−", {**where, "do": "return-coin"}, name=UI.text("bf-ed-return-coin", lang))
            + button("+", {**where, "do": "take-coin"}, name=UI.text("bf-ed-take-coin", lang))
            + "</div>"
        )
        cells = [
            choice(
                ["seats", i, "colour"],
                s.get("colour"),
                UI.text("bf-ed-colour", lang),
                [(c, word(SEAT_COLOURS[c], lang)) for c in C.PLAYER_COLOURS],
                invalid,
            )
        ]
        for j, c in enumerate(s.get("developments") or []):
            if isinstance(c, dict):
                cells.append(
                    choice(
                        ["seats", i, "developments", j, "up"],
                        c.get("up"),
                        UI.text("bf-ed-development", lang, value=c.get("value")),
                        [(False, UI.text("bf-ed-down", lang)), (True, UI.text("bf-ed-up", lang))],
                        invalid,
                    )
                )
        v = s.get("victory") if isinstance(s.get("victory"), dict) else {}
        cells.append(
            choice(
                ["seats", i, "victory", "up"],
                v.get("up"),
                UI.text("bf-victory", lang) + f" ({v.get('value')})",
                [(False, UI.text("bf-ed-down", lang)), (True, UI.text("bf-ed-up", lang))],
                invalid,
            )
        )
        for j, c in enumerate(s.get("moves") or []):
            cells.append(
                card_choice(["seats", i, "moves", j], c, UI.text("bf-ed-move-card", lang, n=j + 1), "movement", lang, invalid)
            )
        cells.append(
            number(
                ["seats", i, "fates"],
                len(s.get("fates") or []),
                UI.text("bf-ed-fates", lang),
                high=C.FATE_HAND_LIMIT + 3,
                invalid=invalid,
            )
        )
        for j, c in enumerate(s.get("fates") or []):
            cells.append(
                card_choice(["seats", i, "fates", j], c, UI.text("bf-ed-fate-card", lang, n=j + 1), "fate", lang, invalid)
            )
        turn = self._turn_counters(draft, lang, invalid) if i == draft.get("turn") else ""
        name = _seat_name(i, draft, lang)
        return (
            f'<section class="kikoto-ed-inspector" aria-label="{esc(name)}"><h4>{_swatch(fill)}{esc(name)}</h4>'
            f'{purse}{turn}<div class="kikoto-ed-seat">{"".join(cells)}</div></section>'
        )

    def _turn_counters(self, draft, lang, invalid) -> str:
        """The movement card played and what each ship has done with it (the move step only)."""
        now = draft.get("now") if isinstance(draft.get("now"), dict) else {}
        if draft.get("phase") != "move":
            return ""
        parts = [
            f'<h4>{esc(UI.text("bf-ed-this-turn", lang))}</h4><div class="kikoto-ed-row">',
            card_choice(["now", "card"], now.get("card"), UI.text("bf-played", lang), "movement", lang, invalid),
        ]
        card = C.MOVEMENT.get(now.get("card"))
        ships = ["merchant", "pirate"] + ([card["warship"]] if card else [])
        for key in ("moved", "acted"):
            done = now.get(key) if isinstance(now.get(key), dict) else {}
            for ship in ships:
                parts.append(
                    number(
                        ["now", key, ship],
                        done.get(ship, 0),
                        UI.text(f"bf-ed-{key}", lang, ship=word(SHIPS[ship], lang)),
                        invalid=invalid,
                    )
                )
        parts.append(
            choice(
                ["now", "active"],
                now.get("active"),
                UI.text("bf-ed-active", lang),
                [(None, UI.text("ed-none", lang))] + [(s, word(SHIPS[s], lang)) for s in ships],
                invalid,
            )
        )
        parts.append("</div>")
        return "".join(parts)
