"""Black Fleet's position editor: the draft position's JSON and the edits that keep its totals
(cubes between a port's stock and the holds, cards between the piles and the hands, doubloons,
the seats' finished turns). The editor itself is black_fleet_edit.py."""

from __future__ import annotations

import copy
import re

from engine import InputError, load_game

from engine.black_fleet import components as C
from engine.black_fleet.messages import DISTANT_SEAS, LAND as LAND_NAMES, SEAT_COLOURS, word
from engine.black_fleet.messages import PORTS as PORT_NAMES
from engine.black_fleet.position import load as load_state, turns_played as _turns

from .black_fleet import DISTANT, SEA_IDS
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
