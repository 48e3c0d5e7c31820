"""Black Fleet in the position editor (widgets/render/editor.py): its ships and cubes, what a tap
means, its counters, and the moves a tapped ship or field offers.

Setting up is editing the position's JSON as the engine writes it. The editor keeps the totals it
can: a cube put into a hold or a pirate's treasure comes out of its port's stock and goes back when
removed; a card taken into a hand or played comes out of the draw pile; doubloons keep
coins = earned − spent; the seats' finished turns follow the round and whose turn it is. Whether
the result is a possible position is the engine's to say.
"""

from __future__ import annotations

from engine.core.messages import N_

import copy
import re

from engine import InputError, load_game

from engine.black_fleet import components as C
from engine.black_fleet.messages import COLOURS, DISTANT_SEAS, LAND as LAND_NAMES, PHASES, SEAT_COLOURS, SHIPS, word
from engine.black_fleet.messages import PORTS as PORT_NAMES
from engine.black_fleet.validate import _turns, load_state

from .black_fleet import (CUBE_FILL, DISTANT, PLAYER_COLOURS, SEA_IDS, WARSHIP_FILL, _fate_words,
                          _move_words, board_svg)
from .editor import Editing, button, choice, number, options_row, palette_row, players_choice
from .html import esc
from .ui import UI

LAND = {c["id"]: LAND_NAMES[land["id"]] for land in C.BOARD["land"] for c in land["cells"]}
PLACES = frozenset(SEA_IDS) | frozenset(DISTANT) | frozenset(C.PORTS)
SHIP_KINDS = ("merchant", "pirate")
SEAT_PART = re.compile(r"^state\.seats\[(\d+)\]\.(\w+)")


def field_name(fid: str, lang: str) -> str:
    if fid in C.PORTS:
        return word(PORT_NAMES[fid], lang)
    if fid in DISTANT:
        return word(DISTANT_SEAS[fid], lang)
    if fid in LAND:
        return f"{fid} ({word(LAND[fid], lang)})"
    return fid


def seats(draft) -> list:
    s = draft.get("seats")
    return s if isinstance(s, list) else []


def _seat_name(seat: int, draft, lang: str) -> str:
    colour = seats(draft)[seat].get("colour") if seat < len(seats(draft)) and isinstance(seats(draft)[seat], dict) else None
    words = UI.text("seat", lang, n=seat + 1)
    return f"{words} ({word(SEAT_COLOURS[colour], lang)})" if colour in SEAT_COLOURS else words


def _swatch(fill: str) -> str:
    return f'<span class="kikoto-swatch" style="background:{fill}"></span>'


def _pieces_at(draft, place) -> list[tuple]:
    """What stands on a place: ("merchant", seat), ("pirate", seat), ("warship", colour)."""
    out = []
    for i, s in enumerate(seats(draft)):
        if isinstance(s, dict):
            for kind in SHIP_KINDS:
                if s.get(kind) == place:
                    out.append((kind, i))
    ws = draft.get("warships") if isinstance(draft.get("warships"), dict) else {}
    out += [("warship", w) for w in C.WARSHIPS if ws.get(w) == place]
    return out


def _stock(draft) -> dict:
    if not isinstance(draft.get("stock"), dict):
        draft["stock"] = {c: C.CUBES_PER_COLOUR for c in C.COLOURS}
    return draft["stock"]


def _to_stock(draft, cubes) -> None:
    stock = _stock(draft)
    for c in cubes:
        if isinstance(stock.get(c), int):
            stock[c] += 1


def _from_stock(draft, colour) -> None:
    stock = _stock(draft)
    if isinstance(stock.get(colour), int) and stock[colour] > 0:
        stock[colour] -= 1


def _take_off(draft, kind, who) -> None:
    """A ship off the board: a merchant's hold and a pirate's treasure go back to the ports' stock."""
    if kind == "warship":
        return  # the navy is always on the board
    s = draft["seats"][who]
    s[kind] = None
    if kind == "merchant":
        _to_stock(draft, s.get("cargo") or [])
        s["cargo"] = []
    elif s.get("treasure"):
        _to_stock(draft, [s["treasure"]])
        s["treasure"] = None


def _put(draft, kind, who, place) -> None:
    """A ship onto a place. A merchant coming onto a port's field with an empty hold loads there, as
    the game does (BF-7.5)."""
    if kind == "warship":
        if place in C.FIELDS:
            draft.setdefault("warships", dict(C.NAVY_START))[who] = place
        return
    if place not in C.FIELDS and not (kind == "pirate" and place in DISTANT):
        return
    s = draft["seats"][who]
    s[kind] = place
    if kind == "merchant" and not s.get("cargo") and C.FIELD_PORTS.get(place):
        colour = C.PORTS[C.FIELD_PORTS[place][0]]["colour"]
        n = min(C.MERCHANT_CAPACITY, _stock(draft).get(colour, 0))
        s["cargo"] = [colour] * n
        _stock(draft)[colour] -= n


def _refresh_turns(draft) -> None:
    """Each seat's finished turns, from the round, the starting player and whose turn it is."""
    try:
        d = {k: draft[k] for k in ("players", "first", "turn")}
        d.update(phase=draft.get("phase", "card"), round=draft.get("round", 1))
        for i, s in enumerate(seats(draft)):
            s["turns"] = _turns(i, d)
    except (KeyError, TypeError):
        pass


def _money(s) -> None:
    """coins = earned − spent, spent = the prices of the cards face up: the coins are what the reader sets."""
    spent = sum(c["value"] for c in s.get("developments", []) if c.get("up")) + (
        s["victory"]["value"] if s.get("victory", {}).get("up") else 0)
    s["spent"] = spent
    s["earned"] = s.get("coins", 0) + spent


def _hands(draft) -> None:
    """Movement hands of the right size (one card while the played card lies on the table), cards
    taken from and returned to the draw pile; the played card only in the move step."""
    decks = draft.setdefault("decks", {"movement": [], "movement_discard": [], "fate": [], "fate_discard": []})
    now = draft.setdefault("now", {})
    turn, phase = draft.get("turn"), draft.get("phase")
    me = seats(draft)[turn] if isinstance(turn, int) and 0 <= turn < len(seats(draft)) else None
    if phase == "move" and not now.get("card") and me and me.get("moves"):
        now["card"] = me["moves"].pop(0)
    elif phase != "move" and now.get("card"):
        decks["movement"].append(now.pop("card"))
        now["card"] = None
    for i, s in enumerate(seats(draft)):
        size = C.MOVEMENT_HAND - (1 if i == turn and phase == "move" else 0)
        moves = s.setdefault("moves", [])
        while len(moves) > size:
            decks["movement"].append(moves.pop())
        while len(moves) < size and decks["movement"]:
            moves.append(decks["movement"].pop())
    if phase != "move":  # the turn's counters belong to the move step (and a few to discard and buy)
        for key in ("moved", "acted", "extra_moves", "extra_actions"):
            now[key] = {}
        now.update(active=None, finished=[], second_warship=None, second_value=0)
    if phase not in ("buy",):
        now["bought"] = False
    if phase != "discard":
        now["discards"] = 0


def _swap_card(draft, path, old) -> None:
    """A card chosen for a hand (or as the one played) leaves wherever it was, and the card it
    replaces takes its place there, so every card stays once in the game."""
    new = path_value(draft, path)
    if new == old or new is None:
        return
    deck = "movement" if str(new).startswith("M") else "fate"
    hand = "moves" if deck == "movement" else "fates"
    places = [draft["decks"][deck], draft["decks"][deck + "_discard"]] + [s.get(hand, []) for s in seats(draft)]
    for cards in places:
        for j, c in enumerate(cards):
            if c == new and (cards is not _parent(draft, path) or j != path[-1]):
                if old is None:
                    cards.pop(j)
                else:
                    cards[j] = old
                return
    if deck == "movement" and draft.get("now", {}).get("card") == new and path != ["now", "card"]:
        draft["now"]["card"] = old


def _parent(draft, path):
    return path_value(draft, path[:-1])


def path_value(data, path):
    for key in path:
        data = data[key]
    return data


def _full(draft) -> dict:
    """A compact draft (typed as JSON, or a case's position) in the full form the engine writes, so
    that the editor can keep its totals; a draft that does not load stays as it is."""
    if "decks" in draft:
        return draft
    game = load_game("black-fleet")
    try:
        game.state_schema.validate(draft, "state")
        options = {name: opt.default for name, opt in game.options.items()}
        options.update(draft.get("options") or {})
        full = load_state(copy.deepcopy(draft), "state", options)  # the loader's defaults, without the invariants
    except (InputError, KeyError, IndexError, TypeError, ValueError, AttributeError):
        return draft
    full["options"] = options
    return full


def _colours(draft) -> None:
    """Seats without a colour get the one the engine would give them (the black fleet starts),
    so that the editor can then swap and add colours."""
    n, first = len(seats(draft)), draft.get("first", 0)
    order = ["black"] + [c for c in C.PLAYER_COLOURS if c != "black"]
    for i, s in enumerate(seats(draft)):
        if isinstance(s, dict) and "colour" not in s and isinstance(first, int):
            s["colour"] = order[(i - first) % n]


def _fresh_seat(draft, i: int) -> dict:
    used = {s.get("colour") for s in seats(draft)}
    colour = next(c for c in C.PLAYER_COLOURS if c not in used)
    ids = {c.get("id") for s in seats(draft) for c in s.get("developments", [])}
    devs = []
    for v in C.DEVELOPMENT_VALUES:
        cid = next(k for k in sorted(C.DEVELOPMENT) if C.DEVELOPMENT[k]["value"] == v and k not in ids)
        devs.append({"id": cid, "value": v, "up": False})
    victory = (draft.get("options") or {}).get("victory", 10)
    return {"colour": colour, "coins": 0, "earned": 0, "spent": 0, "turns": 0, "merchant": None, "cargo": [],
            "pirate": None, "treasure": None, "moves": [], "fates": [], "developments": devs,
            "victory": {"value": victory, "up": False}}


class BlackFleetEditing(Editing):
    field_ids = PLACES | frozenset(LAND)

    def field_name(self, fid, lang):
        return field_name(fid, lang)

    def fields_of(self, error_field, draft):
        """Besides the places a path names: a seat's hold lights its merchant, its treasure its pirate."""
        found = super().fields_of(error_field, draft)
        m = SEAT_PART.match(error_field)
        if m:
            seat, part = int(m.group(1)), m.group(2)
            kind = "merchant" if part in ("merchant", "cargo") else "pirate" if part in ("pirate", "treasure") else None
            s = seats(draft)[seat] if seat < len(seats(draft)) and isinstance(seats(draft)[seat], dict) else {}
            if kind and s.get(kind) in PLACES:
                found.add(s[kind])
        return found

    def board(self, draft, lang, *, lit, marks, tappable):
        return board_svg(draft, lang, marks={**marks, **{f: "problem" for f in lit}}, tappable=tappable)

    def marks(self, draft, tool, asked) -> dict:
        out = {}
        if isinstance(tool, dict) and tool.get("at") in PLACES:
            out[tool["at"]] = "selected"
        if isinstance(asked, dict):
            for key in ("to", "field", "port", "area"):
                if asked.get(key) in PLACES:
                    out.setdefault(asked[key], "target")
            for key in ("target",):  # the ship attacked: where it stands
                who = asked.get(key)
                kind = "merchant" if asked.get("type") == "steal" else "pirate"
                if isinstance(who, int) and 0 <= who < len(seats(draft)) and seats(draft)[who].get(kind) in PLACES:
                    out.setdefault(seats(draft)[who][kind], "target")
        return out

    # -- setting up ----------------------------------------------------------------------------

    def palette(self, draft, tool, lang) -> str:
        items = []
        for i, s in enumerate(seats(draft)):
            fill = PLAYER_COLOURS.get(s.get("colour") if isinstance(s, dict) else None, "#9e9e9e")
            for kind in SHIP_KINDS:
                t = {kind: i}
                items.append(button(_swatch(fill) + esc(UI.text(f"bf-ed-{kind}", lang, n=i + 1)),
                                    {"op": "tool", "tool": t}, pressed=tool == t))
        for w in C.WARSHIPS:
            t = {"warship": w}
            items.append(button(_swatch(WARSHIP_FILL[w]) + esc(word(SHIPS[w], lang)), {"op": "tool", "tool": t}, pressed=tool == t))
        for c in C.COLOURS:
            t = {"cube": c}
            items.append(button(_swatch(CUBE_FILL[c]) + esc(UI.text("bf-ed-cube", lang, colour=word(COLOURS[c], lang))),
                                {"op": "tool", "tool": t}, pressed=tool == t))
        return palette_row(items, tool, lang)

    def edit_tap(self, draft, tool, place):
        if place not in PLACES:
            return draft, tool
        draft = _full(draft)
        t = tool if isinstance(tool, dict) else {}
        for kind in SHIP_KINDS:
            if isinstance(t.get(kind), int) and t[kind] < len(seats(draft)):
                _put(draft, kind, t[kind], place)
                return draft, tool
        if t.get("warship") in C.WARSHIPS:
            _put(draft, "warship", t["warship"], place)
            return draft, tool
        if t.get("cube") in C.COLOURS:
            # into the hold of a merchant here, or else as the treasure of a pirate here
            for kind, who in _pieces_at(draft, place):
                s = draft["seats"][who] if kind != "warship" else None
                if kind == "merchant" and len(s.get("cargo") or []) < C.MERCHANT_CAPACITY:
                    s.setdefault("cargo", []).append(t["cube"])
                    _from_stock(draft, t["cube"])
                    return draft, tool
                if kind == "pirate" and not s.get("treasure"):
                    s["treasure"] = t["cube"]
                    _from_stock(draft, t["cube"])
                    return draft, tool
            return draft, tool
        if t.get("erase"):
            ships = [p for p in _pieces_at(draft, place) if p[0] != "warship"]
            if ships:
                _take_off(draft, *ships[-1])
            return draft, tool
        if "move" in t and t.get("at") in PLACES:
            kind, who = t["move"]
            if place != t["at"] and (kind, who) in _pieces_at(draft, t["at"]):
                _put(draft, kind, who, place)
            return draft, {"at": place}
        # no tool: the place is selected, and the inspector below shows what is on it
        return draft, (None if tool == {"at": place} else {"at": place})

    def command(self, draft, tool, cmd):
        """The inspector's buttons: take a ship off, take it to move it, or take one cube out."""
        do, place = cmd.get("do"), cmd.get("field")
        if do == "remove":
            _take_off(draft, cmd["kind"], cmd["who"])
        elif do == "move":
            tool = {"move": [cmd["kind"], cmd["who"]], "at": place}
        elif do == "remove-cube":
            s = draft["seats"][cmd["who"]]
            if cmd["kind"] == "merchant":
                _to_stock(draft, [s["cargo"].pop(cmd["index"])])
            elif s.get("treasure"):
                _to_stock(draft, [s["treasure"]])
                s["treasure"] = None
        return draft, tool

    def _piece_words(self, draft, kind, who, lang) -> str:
        if kind == "warship":
            return word(SHIPS[who], lang)
        return f'{_seat_name(who, draft, lang)}: {word(SHIPS[kind], lang)}'

    def inspector(self, draft, tool, lang, invalid) -> str:
        place = tool.get("at") if isinstance(tool, dict) else None
        if place not in PLACES:
            return ""
        rows = []
        moving = tool.get("move")
        for kind, who in _pieces_at(draft, place):
            row = [esc(self._piece_words(draft, kind, who, lang)),
                   button(esc(UI.text("ed-move", lang)), {"op": "game", "do": "move", "kind": kind, "who": who, "field": place},
                          pressed=moving == [kind, who])]
            if kind != "warship":
                row.append(button("✕", {"op": "game", "do": "remove", "kind": kind, "who": who, "field": place},
                                  title=UI.text("ed-remove", lang)))
                s = draft["seats"][who]
                cubes = (s.get("cargo") or []) if kind == "merchant" else ([s["treasure"]] if s.get("treasure") else [])
                for j, c in enumerate(cubes):
                    if c in COLOURS:
                        row.append(button(_swatch(CUBE_FILL[c]) + esc(word(COLOURS[c], lang)) + " ✕",
                                          {"op": "game", "do": "remove-cube", "kind": kind, "who": who, "index": j, "field": place},
                                          title=UI.text("ed-remove", lang)))
            rows.append("<li>" + " ".join(row) + "</li>")
        extra = ""
        if place in C.PORTS:
            colour = C.PORTS[place]["colour"]
            extra = number(["stock", colour], _stock(draft).get(colour), UI.text("bf-ed-stock", lang, colour=word(COLOURS[colour], lang)),
                           invalid=invalid)
        hint = f'<p class="kikoto-ed-hint">{esc(UI.text("ed-move-hint", lang))}</p>' if moving else ""
        empty = "" if rows else f'<li>{esc(UI.text("ed-empty", lang))}</li>'
        name = field_name(place, lang)
        return (f'<section class="kikoto-ed-inspector" aria-label="{esc(name)}"><h4>{esc(name)}</h4>{hint}'
                f'<ul>{"".join(rows) or empty}</ul>{extra}</section>')

    def counters(self, draft, lang, invalid, game) -> str:
        n = len(seats(draft))
        seat_opts = [(s, _seat_name(s, draft, lang)) for s in range(n)]
        parts = ['<section class="kikoto-ed-counters">', f'<h4>{esc(UI.text("ed-game", lang))}</h4><div class="kikoto-ed-row">']
        parts.append(players_choice(n, game, lang))
        parts.append(choice(["turn"], draft.get("turn", draft.get("first", 0)), UI.text("ed-turn", lang), seat_opts, invalid))
        parts.append(choice(["first"], draft.get("first", 0), UI.text("bf-ed-first", lang), seat_opts, invalid))
        parts.append(choice(["phase"], draft.get("phase", "card"), UI.text("ed-phase", lang),
                            [(p, word(PHASES[p], lang)) for p in PHASES], invalid))
        parts.append(number(["round"], draft.get("round", 1), UI.text("bf-ed-round", lang), low=1, invalid=invalid))
        parts.append(choice(["final_round"], draft.get("final_round", False), UI.text("bf-ed-final-round", lang),
                            [(False, UI.text("bf-ed-no", lang)), (True, UI.text("bf-ed-yes", lang))], invalid))
        parts.append("</div>")
        parts.append(self._turn_counters(draft, lang, invalid))
        parts.append(options_row(draft, game, lang, invalid, word=lambda c: UI.text(f"bf-ed-opt-{c}", lang) if isinstance(c, str) else None))
        move_cards = [(c, _move_words(c, lang)) for c in sorted(C.MOVEMENT)]
        fate_cards = [(c, _fate_words(c, lang)) for c in sorted(C.FATE)]
        for i, s in enumerate(seats(draft)):
            if not isinstance(s, dict):
                continue
            fill = PLAYER_COLOURS.get(s.get("colour"), "#9e9e9e")
            cells = [choice(["seats", i, "colour"], s.get("colour"), UI.text("bf-ed-colour", lang),
                            [(c, word(SEAT_COLOURS[c], lang)) for c in C.PLAYER_COLOURS], invalid),
                     number(["seats", i, "coins"], s.get("coins", 0), UI.text("bf-coins", lang), invalid=invalid)]
            for j, c in enumerate(s.get("developments") or []):
                if isinstance(c, dict):
                    cells.append(choice(["seats", i, "developments", j, "up"], c.get("up"), UI.text("bf-ed-development", lang, value=c.get("value")),
                                        [(False, UI.text("bf-ed-down", lang)), (True, UI.text("bf-ed-up", lang))], invalid))
            v = s.get("victory") if isinstance(s.get("victory"), dict) else {}
            cells.append(choice(["seats", i, "victory", "up"], v.get("up"), UI.text("bf-victory", lang) + f' ({v.get("value")})',
                                [(False, UI.text("bf-ed-down", lang)), (True, UI.text("bf-ed-up", lang))], invalid))
            for j, c in enumerate(s.get("moves") or []):
                cells.append(choice(["seats", i, "moves", j], c, UI.text("bf-ed-move-card", lang, n=j + 1), move_cards, invalid))
            cells.append(number(["seats", i, "fates"], len(s.get("fates") or []), UI.text("bf-ed-fates", lang), high=C.FATE_HAND_LIMIT + 3,
                                invalid=invalid))
            for j, c in enumerate(s.get("fates") or []):
                cells.append(choice(["seats", i, "fates", j], c, UI.text("bf-ed-fate-card", lang, n=j + 1), fate_cards, invalid))
            parts.append(f'<fieldset class="kikoto-ed-seat"><legend>{_swatch(fill)}{esc(_seat_name(i, draft, lang))}</legend>'
                         f'{"".join(cells)}</fieldset>')
        stock = draft.get("stock") if isinstance(draft.get("stock"), dict) else {}
        parts.append(f'<h4>{esc(UI.text("bf-ed-stocks", lang))}</h4><div class="kikoto-ed-row">')
        for c in C.COLOURS:
            parts.append(number(["stock", c], stock.get(c, 0), word(COLOURS[c], lang), invalid=invalid))
        parts.append("</div></section>")
        return "".join(parts)

    def _turn_counters(self, draft, lang, invalid) -> str:
        """The movement card played and what each ship has done with it (the move step only)."""
        now = draft.get("now") if isinstance(draft.get("now"), dict) else {}
        if draft.get("phase") != "move":
            return ""
        parts = [f'<h4>{esc(UI.text("bf-ed-this-turn", lang))}</h4><div class="kikoto-ed-row">',
                 choice(["now", "card"], now.get("card"), UI.text("bf-played", lang),
                        [(c, _move_words(c, lang)) for c in sorted(C.MOVEMENT)], invalid)]
        card = C.MOVEMENT.get(now.get("card"))
        ships = ["merchant", "pirate"] + ([card["warship"]] if card else [])
        for key in ("moved", "acted"):
            done = now.get(key) if isinstance(now.get(key), dict) else {}
            for ship in ships:
                parts.append(number(["now", key, ship], done.get(ship, 0),
                                    UI.text(f"bf-ed-{key}", lang, ship=word(SHIPS[ship], lang)), invalid=invalid))
        parts.append(choice(["now", "active"], now.get("active"), UI.text("bf-ed-active", lang),
                            [(None, UI.text("ed-none", lang))] + [(s, word(SHIPS[s], lang)) for s in ships], invalid))
        parts.append("</div>")
        return "".join(parts)

    def resize(self, draft, players: int):
        """A table of `players`: seats kept or added (an added seat starts with nothing on the board);
        a seat taken away gives its cubes back to the stock and its cards back to the piles."""
        draft = _full(draft)
        _colours(draft)
        old = seats(draft)
        decks = draft.setdefault("decks", {"movement": [], "movement_discard": [], "fate": [], "fate_discard": []})
        for s in old[players:]:
            for kind in SHIP_KINDS:
                if isinstance(s, dict):
                    _take_off(draft, kind, old.index(s))
            decks["movement"] += s.get("moves", [])
            decks["fate"] += s.get("fates", [])
        draft["seats"] = old[:players]
        while len(draft["seats"]) < players:
            draft["seats"].append(_fresh_seat(draft, len(draft["seats"])))
        draft["players"] = players
        for key in ("turn", "first"):
            if not isinstance(draft.get(key), int) or draft[key] >= players:
                draft[key] = 0
        if not any(s.get("colour") == "black" for s in draft["seats"]):
            draft["seats"][draft["first"]]["colour"] = "black"
        _hands(draft)
        _refresh_turns(draft)
        return draft

    def after_set(self, draft, path, old):
        if "decks" not in draft:  # a compact draft: the engine's full form first, then the totals
            draft = _full(draft)
            if "decks" not in draft:
                return draft
        head = path[0]
        if head in ("turn", "first", "phase", "round"):
            if head == "first":  # the black fleet starts (BF-2.3): the colours follow
                old_first, draft["first"] = draft["first"], old if isinstance(old, int) else 0
                _colours(draft)
                new = draft["first"] = old_first
                black = next((i for i, s in enumerate(seats(draft)) if s.get("colour") == "black"), None)
                if black is not None and black != new:
                    s = seats(draft)
                    s[black]["colour"], s[new]["colour"] = s[new].get("colour"), "black"
            _hands(draft)
            _refresh_turns(draft)
        elif head == "seats" and len(path) >= 3:
            s = draft["seats"][path[1]]
            if path[2] in ("coins", "developments", "victory"):
                _money(s)
            elif path[2] == "fates" and len(path) == 3:
                self._fate_count(draft, s, old)
            elif path[2] in ("moves", "fates"):
                _swap_card(draft, path, old)
        elif path == ["now", "card"]:
            _swap_card(draft, path, old)
        elif path[:2] == ["options", "victory"]:
            for s in seats(draft):
                if isinstance(s.get("victory"), dict):
                    s["victory"]["value"] = draft["options"]["victory"]
                    _money(s)
        return draft

    def _fate_count(self, draft, s, old):
        """The number of fate cards in a hand: cards drawn from the fate pile, or put back on it."""
        want, hand = s["fates"], list(old or [])
        if not isinstance(want, int) or want < 0:
            s["fates"] = hand
            return
        pile = draft["decks"]["fate"]
        while len(hand) > want:
            pile.append(hand.pop())
        while len(hand) < want and pile:
            hand.append(pile.pop())
        s["fates"] = hand

    # -- asking --------------------------------------------------------------------------------

    def _pick(self, draft, place, after=None):
        """The piece a tap picks on a place: the player to move's ships first, then the navy, then the
        others'; tapping the same place again picks the next one there."""
        turn = draft.get("turn")
        here = sorted(_pieces_at(draft, place),
                      key=lambda p: (0 if p[0] != "warship" and p[1] == turn else 1 if p[0] == "warship" else 2,
                                     0 if p[0] == "pirate" else 1))
        if after in here:
            here = here[here.index(after) + 1:]
        return here[0] if here else None

    def ask_tap(self, draft, tool, place):
        """First tap: a ship (or a place). Second tap elsewhere, with a ship picked: the move that fits —
        a pirate at a merchant steals, a warship at a pirate sinks it, a merchant at a port sells,
        a pirate at a distant sea is put there; anything else is a move to that field."""
        if place not in PLACES:
            return tool, None
        t = tool if isinstance(tool, dict) else {}
        piece = tuple(t["piece"]) if isinstance(t.get("piece"), list) else None
        if t.get("at") == place:  # the same place again: the next ship on it, then nothing
            nxt = self._pick(draft, place, piece)
            return ({"at": place, "piece": list(nxt)} if nxt else None), None
        if piece is None:
            nxt = self._pick(draft, place)
            return {"at": place, **({"piece": list(nxt)} if nxt else {})}, None
        kind, who = piece
        me = who if kind != "warship" else draft.get("turn")
        act = {"player": me} if isinstance(me, int) else {}
        others = [p for p in _pieces_at(draft, place) if not (p[0] != "warship" and p[1] == me)]
        if kind == "pirate":
            if place in DISTANT:
                return tool, {"type": "place", **act, "ship": "pirate", "area": place}
            prey = [w for k, w in others if k == "merchant"]
            if prey:
                return tool, {"type": "steal", **act, "target": prey[0]}
        if kind == "warship":
            prey = [w for k, w in others if k == "pirate"]
            if prey:
                return tool, {"type": "sink", **act, "ship": who, "target": prey[0]}
        if kind == "merchant" and place in C.PORTS:
            return tool, {"type": "sell", **act, "port": place}
        if place in C.FIELDS:
            return tool, {"type": "move", **act, "ship": who if kind == "warship" else kind, "to": place}
        return {"at": place}, None

    def offers(self, state, tool, lang) -> list[tuple[str, dict]]:
        """The moves a picked ship or place offers, legal or not; with nothing picked, the step's own
        moves (the cards to play, ending the moves, buying)."""
        d = state.to_json()
        me = state.current_player
        t = tool if isinstance(tool, dict) else {}
        place = t.get("at")
        out = []
        piece = tuple(t["piece"]) if isinstance(t.get("piece"), list) else None
        if piece:
            kind, who = piece
            seat = who if kind != "warship" else me
            ship = who if kind == "warship" else kind
            for g in (C.DISTANT[place] if place in C.DISTANT else C.ADJ.get(place, ())):
                out.append({"type": "move", "player": seat, "ship": ship, "to": g})
            if kind == "pirate":
                for i, s in enumerate(d["seats"]):
                    if i != seat and s["merchant"] is not None:
                        out.append({"type": "steal", "player": seat, "target": i})
                out.append({"type": "bury", "player": seat})
            elif kind == "merchant":
                for pid in C.FIELD_PORTS.get(place, []) or sorted(C.PORTS):
                    out.append({"type": "sell", "player": seat, "port": pid})
            else:
                for i, s in enumerate(d["seats"]):
                    if s["pirate"] in C.FIELDS:
                        out.append({"type": "sink", "player": seat, "ship": who, "target": i})
        elif place in C.PORTS:
            out.append({"type": "sell", "player": me, "port": place})
            for f in C.PORTS[place]["fields"]:
                out.append({"type": "place", "player": me, "ship": "merchant", "port": place, "field": f})
        elif place in DISTANT:
            out.append({"type": "place", "player": me, "ship": "pirate", "area": place})
        elif place in C.FIELDS:
            for ship in ["merchant", "pirate"] + [c["warship"] for c in [C.MOVEMENT.get(d["now"]["card"])] if c]:
                out.append({"type": "move", "player": me, "ship": ship, "to": place})
            for pid in C.FIELD_PORTS.get(place, []):
                out.append({"type": "place", "player": me, "ship": "merchant", "port": pid, "field": place})
        else:
            phase = d["phase"]
            hand = d["seats"][me]
            if phase == "card":
                out += [{"type": "play", "player": me, "card": c} for c in hand["moves"]]
            elif phase == "move":
                out += [{"type": "fate", "player": me, "card": c} for c in hand["fates"]]
                out.append({"type": "end-moves", "player": me})
            elif phase == "discard":
                out += [{"type": "discard", "player": me, "card": c} for c in hand["fates"]]
            elif phase == "buy":
                out += [{"type": "buy", "player": me, "card": "development", "value": v} for v in C.DEVELOPMENT_VALUES]
                out += [{"type": "buy", "player": me, "card": "victory"}, {"type": "end-turn", "player": me}]
        return [(self._offer_words(state, a, lang), a) for a in out]

    def _offer_words(self, state, action, lang) -> str:
        """The engine's words for the move, with the player who would make it."""
        return f'{UI.text("seat", lang, n=action["player"] + 1)}: {state.describe(action, lang)}'

    def action_title(self, kind: str, lang: str) -> str:
        return UI.text("bf-act-" + kind, lang)

    def field_title(self, name: str, lang: str) -> str:
        return UI.text("bf-arg-" + name, lang)

    def field_values(self, state, name, prop, lang):
        values = prop.get("enum")
        if name == "target":
            return [(s, UI.text("seat", lang, n=s + 1)) for s in range(state.player_count)]
        if values is None:
            return None
        if name in ("to", "field", "port", "area"):
            return [(v, field_name(v, lang)) for v in values]
        if name == "ship":
            return [(v, word(SHIPS[v], lang)) for v in values]
        if name == "colour":
            return [(v, word(COLOURS[v], lang)) for v in values]
        if name in ("card", "discard"):
            return [(v, _move_words(v, lang) if v in C.MOVEMENT else _fate_words(v, lang) if v in C.FATE
                     else UI.text("bf-ed-buy-" + v, lang)) for v in values]
        return [(v, str(v)) for v in values]


EDITING = BlackFleetEditing()


# Interface words this module builds at run time ("vw-act-" + type, …), listed for the extractor.
RUNTIME_KEYS = (
    N_("bf-ed-merchant"), N_("bf-ed-pirate"), N_("bf-ed-moved"), N_("bf-ed-acted"),
    N_("bf-ed-buy-development"), N_("bf-ed-buy-victory"), N_("bf-act-place"), N_("bf-act-play"),
    N_("bf-act-move"), N_("bf-act-sink"), N_("bf-act-sell"), N_("bf-act-load"),
    N_("bf-act-steal"), N_("bf-act-bury"), N_("bf-act-fate"), N_("bf-act-end-moves"),
    N_("bf-act-discard"), N_("bf-act-buy"), N_("bf-act-end-turn"), N_("bf-arg-player"),
    N_("bf-arg-ship"), N_("bf-arg-port"), N_("bf-arg-field"), N_("bf-arg-area"),
    N_("bf-arg-card"), N_("bf-arg-discard"), N_("bf-arg-to"), N_("bf-arg-target"),
    N_("bf-arg-colour"), N_("bf-arg-value"), N_("bf-ed-opt-schematic"), N_("bf-ed-opt-none"),
)
