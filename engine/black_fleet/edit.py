"""Editing a Black Fleet position (a draft: its JSON as position.py writes it) without breaking its
totals: the editing operations its Position names (`POSITION.edits`), each `op(draft, **args)`, and
`after_set` and `resize` (engine/core/edit.py). The position editor (widgets/render/black_fleet/edit.py)
and the problems' one-tap fixes call these; no module outside the engine writes a field. Each function
changes the draft in place and returns it:

- a ship put on a field or a distant sea, or taken off the board (beside it): a merchant's hold and a
  pirate's treasure go back to their ports' stock; a merchant put beside a port with an empty hold
  loads there, as the game does (BF-7.5);
- a cube put into a hold or a pirate's treasure comes out of its port's stock, and goes back there
  when taken out;
- a card chosen for a hand (or as the one played) leaves the place it was in, and the card it
  replaces goes there, so that every card stays once in the game; a hand made larger draws from its
  draw pile, a smaller one puts cards back;
- doubloons: the bank is unlimited (position.py), so a seat's coins set by hand, or one at a time
  (`take_coin`, `return_coin`), are taken from it or paid back into it as income (`earned`); coins =
  earned − spent, spent = the price of the cards face up; the seats' finished turns follow the round
  and whose turn it is;
- a ship's moves or actions this turn set by hand make it the ship moving (the one moving before it
  done), and a ship with none left is neither (`settle_done`);
- a table made smaller keeps the seats beyond it, for the problem to name with its fix
  (`return_extra_seats`, which gives their cubes and cards back), so that changing back loses nothing.

Whether the result is a possible position is position.problems' to say. A draft may be incomplete or
wrong anywhere (the reader is typing it), so these read it defensively and leave alone what they
cannot make sense of.
"""

from __future__ import annotations

from ..core import InputError, clone
from . import components as C, position

SHIP_KINDS = ("merchant", "pirate")


def seats(draft) -> list:
    s = draft.get("seats")
    return s if isinstance(s, list) else []


def _game():
    from .game import GAME  # (the game is built on the state, which is built on position.py)

    return GAME


def full(draft: dict) -> dict:
    """A compact draft (typed as JSON, or a case's position) in the full form the engine writes, so
    that its totals can be kept; a draft that does not load stays as it is."""
    if "decks" in draft:
        return draft
    game = _game()
    try:
        game.state_schema.validate(draft, "state")
        options = game.resolve_options(draft.get("options"), "state.options")
        out = position.read(clone(draft), "state", options)  # the reader's defaults, without the invariants
    except InputError:
        return draft
    out["options"] = options
    return out


def pieces_at(draft, place) -> list[tuple]:
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


def stock(draft) -> dict:
    """The ports' stock (a draft without one gets the full stock first)."""
    if not isinstance(draft.get("stock"), dict):
        draft["stock"] = {c: C.CUBES_PER_COLOUR for c in C.COLOURS}
    return draft["stock"]


def _to_stock(draft, cubes) -> None:
    st = stock(draft)
    for c in cubes:
        if isinstance(st.get(c), int):
            st[c] += 1


def _from_stock(draft, colour) -> bool:
    st = stock(draft)
    if isinstance(st.get(colour), int) and st[colour] > 0:
        st[colour] -= 1
        return True
    return False


def take_off(draft, kind, who) -> dict:
    """A ship off the board: a merchant's hold and a pirate's treasure go back to the ports' stock.
    The navy is always on the board."""
    if kind == "warship":
        return draft
    s = draft["seats"][who]
    s[kind] = None
    if kind == "merchant":
        _to_stock(draft, s.get("cargo") or [])
        s["cargo"] = []
    elif s.get("treasure"):
        _to_stock(draft, [s["treasure"]])
        s["treasure"] = None
    return draft


def put(draft, kind, who, place) -> dict:
    """A ship onto a place (moved there if it was elsewhere). A merchant coming onto a port's field
    with an empty hold loads there, as the game does (BF-7.5)."""
    if kind == "warship":
        if place in C.FIELDS:
            draft.setdefault("warships", dict(C.NAVY_START))[who] = place
        return draft
    if place not in C.FIELDS and not (kind == "pirate" and place in C.DISTANT):
        return draft
    s = draft["seats"][who]
    s[kind] = place
    if kind == "merchant" and not s.get("cargo") and C.FIELD_PORTS.get(place):
        colour = C.PORTS[C.FIELD_PORTS[place][0]]["colour"]
        n = min(C.MERCHANT_CAPACITY, stock(draft).get(colour, 0))
        s["cargo"] = [colour] * n
        stock(draft)[colour] -= n
    return draft


def add_cube(draft, colour, place) -> dict:
    """A cube from its port's stock into the hold of a merchant on `place`, or else as the treasure
    of a pirate there; nothing when there is no room or the stock is empty."""
    for kind, who in pieces_at(draft, place):
        if kind == "warship":
            continue
        s = draft["seats"][who]
        if kind == "merchant" and len(s.get("cargo") or []) < C.MERCHANT_CAPACITY:
            if _from_stock(draft, colour):
                s.setdefault("cargo", []).append(colour)
            return draft
        if kind == "pirate" and not s.get("treasure"):
            if _from_stock(draft, colour):
                s["treasure"] = colour
            return draft
    return draft


def remove_cube(draft, who, kind, index=0) -> dict:
    """One cube out of a merchant's hold (the `index`th) or a pirate's treasure, back to its stock."""
    s = draft["seats"][who]
    if kind == "merchant":
        cargo = s.get("cargo") or []
        if 0 <= index < len(cargo):
            _to_stock(draft, [cargo.pop(index)])
    elif s.get("treasure"):
        _to_stock(draft, [s["treasure"]])
        s["treasure"] = None
    return draft


def refresh_turns(draft) -> dict:
    """Each seat's finished turns, from the round, the starting player and whose turn it is."""
    n, first = len(seats(draft)), draft.get("first", 0)
    turn, phase, rnd = draft.get("turn", first), draft.get("phase", "card"), draft.get("round", 1)
    if all(type(v) is int for v in (first, turn, rnd)) and n:
        for i, s in enumerate(seats(draft)):
            if isinstance(s, dict):
                s["turns"] = position.turns_played(i, phase, first, turn, n, rnd)
    return draft


def money(s) -> None:
    """coins = earned − spent, spent = the prices of the cards face up: the coins are what the reader
    sets, and the difference is taken from the bank or paid back into it (as income)."""
    spent = sum(c["value"] for c in s.get("developments", []) if c.get("up")) + (
        s["victory"]["value"] if s.get("victory", {}).get("up") else 0
    )
    s["spent"] = spent
    s["earned"] = s.get("coins", 0) + spent


def settle_money(draft, seat: int) -> dict:
    """Seat `seat`'s money made whole: spent the price of its cards face up, its income what it holds
    and spent."""
    money(draft["seats"][seat])
    return draft


def take_coin(draft, seat: int) -> dict:
    """One doubloon from the bank to seat `seat` (the bank is unlimited: the seat's income grows)."""
    s = draft["seats"][seat]
    s["coins"] = (s["coins"] if type(s.get("coins")) is int else 0) + 1
    money(s)
    return draft


def return_coin(draft, seat: int) -> dict:
    """One doubloon of seat `seat` back to the bank (its income shrinks); none below 0."""
    s = draft["seats"][seat]
    if type(s.get("coins")) is int and s["coins"] > 0:
        s["coins"] -= 1
        money(s)
    return draft


def settle_turn(draft) -> dict:
    """After whose turn it is or the phase changed: movement hands of the right size (one card while
    the played card lies on the table), cards taken from and returned to the draw pile, the played
    card only in the move step, the turn's counters only in their phases, and the finished turns."""
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
    if phase != "buy":
        now["bought"] = False
    if phase != "discard":
        now["discards"] = 0
    return refresh_turns(draft)


def settle_done(draft) -> dict:
    """After a ship's moves or actions this turn were set: a ship that has moved (or, under
    `action_timing: own-move`, acted) and is neither the one moving nor done becomes the one moving,
    and the one that was moving is done, as the game does when another ship sets off (BF-5.4); a ship
    with no moves and no actions left is neither; counts of 0 go."""
    now = draft.get("now")
    moved, acted = (now.get("moved"), now.get("acted")) if isinstance(now, dict) else (None, None)
    if not (isinstance(moved, dict) and isinstance(acted, dict)):
        return draft
    for counts in (moved, acted):
        for ship in [k for k, v in counts.items() if v == 0]:
            del counts[ship]

    def idle(ship):
        return ship not in moved and ship not in acted

    finished = now.get("finished") if isinstance(now.get("finished"), list) else []
    now["finished"] = [ship for ship in finished if not idle(ship)]
    if now.get("active") is not None and idle(now["active"]):
        now["active"] = None
    own_move = (draft.get("options") or {}).get("action_timing") == "own-move"
    for ship in list(moved) + (list(acted) if own_move else []):
        if ship != now.get("active") and ship not in now["finished"]:
            if now.get("active") is not None:
                now["finished"].append(now["active"])
            now["active"] = ship
    return draft


def _path_value(data, path):
    for key in path:
        data = data[key]
    return data


def swap_card(draft, path, old) -> dict:
    """The card now at `path` (a hand's place, or the played card) was `old`: the new card leaves
    wherever it was, and `old` takes its place there, so every card stays once in the game."""
    new = _path_value(draft, path)
    if new == old or new is None:
        return draft
    deck = "movement" if str(new).startswith("M") else "fate"
    hand = "moves" if deck == "movement" else "fates"
    places = [draft["decks"][deck], draft["decks"][deck + "_discard"]] + [s.get(hand, []) for s in seats(draft)]
    here = _path_value(draft, path[:-1])
    for cards in places:
        for j, c in enumerate(cards):
            if c == new and (cards is not here or j != path[-1]):
                if old is None:
                    cards.pop(j)
                else:
                    cards[j] = old
                return draft
    if deck == "movement" and draft.get("now", {}).get("card") == new and path != ["now", "card"]:
        draft["now"]["card"] = old
    return draft


def fate_count(draft, seat, want, hand) -> dict:
    """A fate hand of `want` cards, from the `hand` it held: cards drawn from the fate pile, or put back."""
    s = draft["seats"][seat]
    hand = list(hand or [])
    if not isinstance(want, int) or want < 0:
        s["fates"] = hand
        return draft
    pile = draft["decks"]["fate"]
    while len(hand) > want:
        pile.append(hand.pop())
    while len(hand) < want and pile:
        hand.append(pile.pop())
    s["fates"] = hand
    return draft


def colours(draft) -> dict:
    """Seats without a colour get the one the engine would give them (the black fleet starts)."""
    n, first = len(seats(draft)), draft.get("first", 0)
    order = ["black"] + [c for c in C.PLAYER_COLOURS if c != "black"]
    for i, s in enumerate(seats(draft)):
        if isinstance(s, dict) and "colour" not in s and isinstance(first, int):
            s["colour"] = order[(i - first) % n]
    return draft


def set_first(draft, first, old) -> dict:
    """The starting player changed from `old` to `first`: the black fleet card goes with it (BF-2.3)."""
    draft["first"] = old if isinstance(old, int) else 0
    colours(draft)
    draft["first"] = first
    black = next((i for i, s in enumerate(seats(draft)) if s.get("colour") == "black"), None)
    if black is not None and black != first and isinstance(first, int) and 0 <= first < len(seats(draft)):
        s = seats(draft)
        s[black]["colour"], s[first]["colour"] = s[first].get("colour"), "black"
    return settle_turn(draft)


def _fresh_seat(draft) -> dict:
    used = {s.get("colour") for s in seats(draft)}
    colour = next(c for c in C.PLAYER_COLOURS if c not in used)
    ids = {c.get("id") for s in seats(draft) for c in s.get("developments", [])}
    devs = []
    for v in C.DEVELOPMENT_VALUES:
        cid = next(k for k in sorted(C.DEVELOPMENT) if C.DEVELOPMENT[k]["value"] == v and k not in ids)
        devs.append({"id": cid, "value": v, "up": False})
    victory = (draft.get("options") or {}).get("victory", 10)
    return position.new_seat(colour, devs, victory)


def resize(draft, players: int) -> dict:
    """A table of `players`, the draft carried over (engine/core/edit.py, `change_setting`): seats
    added start with nothing on the board; seats beyond the table stay as they are, for the problem to
    name with its fix (`return_extra_seats`), so that changing back loses nothing."""
    draft = colours(full(draft))
    draft["players"] = players
    if len(seats(draft)) >= players:
        return draft
    draft.setdefault("decks", {"movement": [], "movement_discard": [], "fate": [], "fate_discard": []})
    while len(draft["seats"]) < players:
        draft["seats"].append(_fresh_seat(draft))
    return settle_turn(draft)


def return_extra_seats(draft) -> dict:
    """The seats beyond the table's size leave it: their cubes back to the stock, their cards back to
    the piles, their identification cards to the box (the black fleet to the starting player)."""
    players = draft.get("players")
    if type(players) is not int:
        return draft
    decks = draft.setdefault("decks", {"movement": [], "movement_discard": [], "fate": [], "fate_discard": []})
    for i, s in enumerate(seats(draft)[players:], start=players):
        if isinstance(s, dict):
            for kind in SHIP_KINDS:
                take_off(draft, kind, i)
            decks["movement"] += s.get("moves", [])
            decks["fate"] += s.get("fates", [])
    del draft["seats"][players:]
    for key in ("turn", "first"):
        if type(draft.get(key)) is not int or not 0 <= draft[key] < players:
            draft[key] = 0
    if not any(s.get("colour") == "black" for s in draft["seats"]):
        draft["seats"][draft["first"]]["colour"] = "black"
    return settle_turn(draft)


def set_victory_option(draft, old) -> dict:
    """The table's victory cards (BF-13.1) changed from `old`: the cards of that value take the new one;
    a beginner's 10 card in the game of 20 (BF-13.2) stays. The money follows."""
    for s in seats(draft):
        if isinstance(s.get("victory"), dict) and s["victory"].get("value") == old:
            s["victory"]["value"] = draft["options"]["victory"]
            money(s)
    return draft


def load_at_port(draft, seat: int) -> dict:
    """Seat `seat`'s merchant loads afresh beside its port, as the setup places it (BF-2.6): its hold
    back to the stock, then up to 3 cubes of the port's colour."""
    s = draft["seats"][seat]
    _to_stock(draft, s.get("cargo") or [])
    s["cargo"] = []
    return put(draft, "merchant", seat, s.get("merchant"))


def recount_stock(draft) -> dict:
    """Every cube not aboard a ship back in its port's stock: 13 of each colour in all (BF-1)."""
    aboard = {c: 0 for c in C.COLOURS}
    for s in seats(draft):
        for c in (s.get("cargo") or []) + ([s["treasure"]] if s.get("treasure") else []):
            if c in aboard:
                aboard[c] += 1
    draft["stock"] = {c: max(0, C.CUBES_PER_COLOUR - aboard[c]) for c in C.COLOURS}
    return draft


def recount_cards(draft) -> dict:
    """Every movement and fate card once: a card in a hand (or played) leaves the piles, a card found
    twice in the piles stays in the first, and a card found nowhere goes on top of its draw pile."""
    draft = full(draft)
    decks = draft.get("decks")
    if not isinstance(decks, dict):
        return draft
    played = (draft.get("now") or {}).get("card")
    for deck, hand, cards in (("movement", "moves", C.MOVEMENT), ("fate", "fates", C.FATE)):
        seen = {c for s in seats(draft) for c in s.get(hand) or []} | ({played} if deck == "movement" else set())
        for pile in (deck, deck + "_discard"):
            kept = []
            for c in decks.get(pile) or []:
                if c not in seen:
                    kept.append(c)
                    seen.add(c)
            decks[pile] = kept
        decks[deck] += [c for c in sorted(cards) if c not in seen]
    return draft


def after_set(draft, path: list, old) -> dict:
    """The reader set the value at `path` (it was `old`; engine/core/edit.py): the totals that depend
    on it follow."""
    if "decks" not in draft:  # a compact draft: the engine's full form first, then the totals
        draft = full(draft)
        if "decks" not in draft:
            return draft
    head = path[0]
    if head == "first":
        return set_first(draft, draft["first"], old)
    if head in ("turn", "phase", "round"):
        return settle_turn(draft)
    if head == "seats" and len(path) >= 3:
        s = draft["seats"][path[1]]
        if path[2] in ("coins", "developments", "victory"):
            money(s)
        elif path[2] == "fates" and len(path) == 3:
            fate_count(draft, path[1], s["fates"], old)
        elif path[2] in ("moves", "fates"):
            swap_card(draft, path, old)
    elif path == ["now", "card"]:
        swap_card(draft, path, old)
    elif path[:2] in (["now", "moved"], ["now", "acted"]):
        settle_done(draft)
    elif path[:2] == ["options", "victory"]:
        set_victory_option(draft, _game().options["victory"].default if old is None else old)
    return draft
