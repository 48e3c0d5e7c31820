"""Editing a Balaton position: the changes the position editor makes, each on a draft (a position's
JSON that may not load yet) and each keeping the component model's totals (engine/balaton/position.py):
a pawn is moved, never copied; a port or a ship comes from the supply and goes back to it, never
beyond the box; a card goes from the hand out of the game and back, never beyond the box; money comes
from the bank and goes back to it, never below 0 Ft; a new seat gets what a new game gives it. The
Position names them (`POSITION.edits`): the editor and a problem's one-tap fix run them by name
(engine/core/edit.py). Each changes the draft in place and returns it. Whether the result is a
possible position is `Game.problems`'s to say. Every function keeps to the well-formed parts of the
draft, so a half-typed draft never raises here.
"""

from __future__ import annotations

from .board import BOARD
from .components import CARDS, CLOSURE, START_CARDS, START_MONEY, _fresh_step


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seats(draft) -> int:
    n = draft.get("players")
    return n if _int(n) and n >= 1 else 0


def acting(draft) -> int:
    a = draft.get("actor", draft.get("turn"))
    return a if _int(a) and 0 <= a < seats(draft) else 0


def _scale(draft) -> int:
    options = draft.get("options") if isinstance(draft.get("options"), dict) else {}
    return options.get("coin_scale", 1) if options.get("coin_scale") in (1, 10) else 1


def move_pawn(draft, seat: int, fid: str) -> dict:
    """Move a player's pawn to a track field (back to the start: to Veszprém). The player to act,
    after the move, landed there."""
    pos = draft.get("pos")
    if fid not in BOARD.index or not isinstance(pos, list) or not _int(seat) or not 0 <= seat < len(pos):
        return draft
    pos[seat] = fid
    step = draft.get("step")
    # after a crossing or on a moved pawn's landing the engine asks no "landed"
    if (
        seat == acting(draft)
        and draft.get("phase") in ("land", "over")
        and isinstance(step, dict)
        and not step.get("crossed")
        and not step.get("sub")
    ):
        step["landed"] = BOARD.settlement_at(fid)
    return draft


def port_owners(draft, sid: str) -> list[int]:
    ports = draft.get("ports") if isinstance(draft.get("ports"), dict) else {}
    owners = ports.get(sid)
    return [s for s in owners if _int(s)] if isinstance(owners, list) else []


def add_port(draft, seat: int, sid: str) -> dict:
    """A port cube from the supply onto a settlement: one per player there at most."""
    if sid not in BOARD.size or not _int(seat) or not 0 <= seat < seats(draft) or seat in port_owners(draft, sid):
        return draft
    if not isinstance(draft.get("ports"), dict):
        draft["ports"] = {}
    draft["ports"][sid] = sorted(port_owners(draft, sid) + [seat])
    return draft


def remove_port(draft, seat: int, sid: str) -> dict:
    """A port cube back to the supply (the ships bought from it stay: the problems say so)."""
    owners = port_owners(draft, sid)
    if seat not in owners:
        return draft
    owners.remove(seat)
    if owners:
        draft["ports"][sid] = owners
    else:
        del draft["ports"][sid]
    return draft


def toggle_port(draft, seat: int, sid: str) -> dict:
    return (remove_port if seat in port_owners(draft, sid) else add_port)(draft, seat, sid)


def ships_on(draft, lid: str) -> list[tuple[str, int, int]]:
    """(port, seat, count) of the ships on a lake field, in the board's order of its ports."""
    ships = draft.get("ships") if isinstance(draft.get("ships"), dict) else {}
    by_port = ships.get(lid) if isinstance(ships.get(lid), dict) else {}
    return [
        (sid, seat, c)
        for sid in BOARD.ports_on.get(lid, [])
        if isinstance(by_port.get(sid), list)
        for seat, c in enumerate(by_port[sid])
        if _int(c) and c > 0
    ]


def ship_port(draft, seat: int, lid: str) -> str:
    """The port a new ship on `lid` comes from: one of the player's beside it, else the first beside it."""
    beside = BOARD.ports_on.get(lid, [])
    return next((sid for sid in beside if seat in port_owners(draft, sid)), beside[0] if beside else "")


def add_ship(draft, seat: int, lid: str, sid: str = "") -> dict:
    """A ship from the supply onto a lake field, bought from port `sid` (by default `ship_port`).
    Not beyond the box: a player has at most three ships on a field (on one port's side, under
    closure_scope = port). Whether the player has that port is the position's problem, not a refusal."""
    if not _int(seat) or not 0 <= seat < seats(draft) or lid not in BOARD.ports_on:
        return draft
    sid = sid or ship_port(draft, seat, lid)
    if sid not in BOARD.ports_on.get(lid, []):
        return draft
    options = draft.get("options") if isinstance(draft.get("options"), dict) else {}
    slot = [
        s
        for s, who, c in ships_on(draft, lid)
        if who == seat
        for _ in range(c)
        if options.get("closure_scope") != "port" or s == sid
    ]
    if len(slot) >= CLOSURE:
        return draft
    if not isinstance(draft.get("ships"), dict):
        draft["ships"] = {}
    if not isinstance(draft["ships"].get(lid), dict):
        draft["ships"][lid] = {}
    counts = draft["ships"][lid].get(sid)
    counts = [c if _int(c) else 0 for c in counts] if isinstance(counts, list) else []
    counts = (counts + [0] * seats(draft))[: seats(draft)]
    counts[seat] += 1
    draft["ships"][lid][sid] = counts
    return draft


def remove_ship(draft, seat: int, lid: str, sid: str) -> dict:
    """A ship back to the supply."""
    if not any(s == sid and who == seat for s, who, _ in ships_on(draft, lid)):
        return draft
    by_port = draft["ships"][lid]
    by_port[sid][seat] -= 1
    if not any(c for c in by_port[sid] if _int(c)):
        del by_port[sid]
    if not by_port:
        del draft["ships"][lid]
    return draft


def _money(draft) -> list:
    money = draft.get("money")
    return money if isinstance(money, list) else []


def take_money(draft, seat: int, amount: int = 0) -> dict:
    """Money from the bank (which has no limit) to a player: `amount` Ft, by default one coin (1 Ft,
    10 Ft with ten-fold coins)."""
    money = _money(draft)
    amount = amount if _int(amount) and amount > 0 else _scale(draft)
    if _int(seat) and 0 <= seat < len(money) and _int(money[seat]):
        money[seat] += amount
    return draft


def return_money(draft, seat: int, amount: int = 0) -> dict:
    """Money from a player back to the bank: `amount` Ft (one coin by default), never below 0 Ft."""
    money = _money(draft)
    amount = amount if _int(amount) and amount > 0 else _scale(draft)
    if _int(seat) and 0 <= seat < len(money) and _int(money[seat]):
        money[seat] = max(0, money[seat] - amount)
    return draft


def _hand(draft, seat, card) -> dict | None:
    cards = draft.get("cards")
    if card not in CARDS or not _int(seat) or not isinstance(cards, list) or not 0 <= seat < len(cards):
        return None
    hand = cards[seat]
    return hand if isinstance(hand, dict) and _int(hand.get(card)) else None


def use_card(draft, seat: int, card: str) -> dict:
    """A card from a player's hand out of the game (a used card does not come back in play, BA-10.1)."""
    hand = _hand(draft, seat, card)
    if hand is not None and hand[card] > 0:
        hand[card] -= 1
    return draft


def return_card(draft, seat: int, card: str) -> dict:
    """A used card back into a player's hand, never beyond the hand a new game deals (BA-2.1)."""
    hand = _hand(draft, seat, card)
    if hand is not None and hand[card] < START_CARDS[card]:
        hand[card] += 1
    return draft


def resize(draft, players: int) -> dict:
    """A table of `players`, the draft carried over: the seats that stay keep everything; new seats get
    what a new game gives (at the start, with the starting money and the full hand). A smaller table
    keeps the leaving seats' pieces, for the position's problems to name with their fix
    (`return_extra_seats`); whose turn it is stays at the table."""
    if not _int(players) or players < 1:
        return draft
    new = {"money": START_MONEY * _scale(draft), "pos": BOARD.start, "cards": dict(START_CARDS)}
    for key, fresh in new.items():
        old = draft.get(key) if isinstance(draft.get(key), list) else []
        draft[key] = old + [dict(fresh) if isinstance(fresh, dict) else fresh for _ in range(players - len(old))]
    if isinstance(draft.get("ships"), dict):
        for by_port in draft["ships"].values():
            for sid, counts in list(by_port.items()) if isinstance(by_port, dict) else []:
                if isinstance(counts, list) and len(counts) < players:
                    by_port[sid] = counts + [0] * (players - len(counts))
    draft["players"] = players
    for key in ("turn", "actor"):
        if not _int(draft.get(key)) or draft[key] >= players:
            draft[key] = 0
    if _int(draft.get("winner")) and draft["winner"] >= players:
        draft["winner"] = -1
    return draft


def return_extra_seats(draft) -> dict:
    """The pieces of the seats beyond the table back where they came from: their pawns and cards to the
    box, their money to the bank, their ports and ships to the supply."""
    players = seats(draft)
    for key in ("money", "pos", "cards"):
        if isinstance(draft.get(key), list):
            del draft[key][players:]
    if isinstance(draft.get("ports"), dict):
        for sid in list(draft["ports"]):
            owners = [s for s in port_owners(draft, sid) if s < players]
            if owners:
                draft["ports"][sid] = owners
            else:
                del draft["ports"][sid]
    if isinstance(draft.get("ships"), dict):
        for lid, by_port in list(draft["ships"].items()):
            for sid, counts in list(by_port.items()) if isinstance(by_port, dict) else []:
                if isinstance(counts, list):
                    by_port[sid] = counts[:players]
                    if not any(c for c in by_port[sid] if _int(c)):
                        del by_port[sid]
            if not by_port:
                del draft["ships"][lid]
    return draft


def set_turn(draft) -> dict:
    """A new turn: its player is also the one to act."""
    if _int(draft.get("turn")):
        draft["actor"] = draft["turn"]
    return draft


def set_phase(draft) -> dict:
    """A phase brings its counters: dice from the roll on, the step's record from the move on (the
    player to act landed where their pawn stands), the winner at the game's end."""
    phase = draft.get("phase")
    dice = draft.get("dice") if isinstance(draft.get("dice"), list) else []
    if phase == "roll":
        draft.update(dice=[], rerolls=0, step=_fresh_step())
    elif phase in ("move", "land", "over"):
        if len(dice) != 2:
            draft["dice"] = [1, 1]
        if phase == "move" or not isinstance(draft.get("step"), dict):
            draft["step"] = _fresh_step()
        if phase != "move":
            pos = draft.get("pos") if isinstance(draft.get("pos"), list) else []
            here = pos[acting(draft)] if acting(draft) < len(pos) else None
            if here in BOARD.index and not draft["step"].get("crossed"):
                draft["step"]["landed"] = BOARD.settlement_at(here)
    if phase == "over":
        if not _int(draft.get("winner")) or draft["winner"] < 0:
            draft["winner"] = acting(draft)
    elif "winner" in draft:
        draft["winner"] = -1
    return draft


def rescale(draft, old: int) -> dict:
    """The coins changed from `old`-fold to the draft's own (the variant coin_scale, BA-2.4): every
    amount is carried over (7 Ft becomes 70 Ft), where it divides; one that does not is left for the
    problems to name."""
    new = _scale(draft)
    old = old if old in (1, 10) else 1
    if new == old:
        return draft
    money = _money(draft)
    step = draft.get("step") if isinstance(draft.get("step"), dict) else {}
    amounts = [v for v in money + [step.get("spent", 0)] if _int(v)]
    if new < old and any(v % (old // new) for v in amounts):
        return draft
    convert = (lambda v: v * (new // old)) if new > old else (lambda v: v // (old // new))
    if money:
        draft["money"] = [convert(v) if _int(v) else v for v in money]
    if _int(step.get("spent")):
        step["spent"] = convert(step["spent"])
    return draft


def after_set(draft, path: list, old) -> dict:
    """The editor set the value at `path` (engine/core/edit.py): a new turn's player also acts; a
    phase brings its counters; other coins carry the amounts over."""
    if path == ["turn"]:
        set_turn(draft)
    elif path == ["phase"]:
        set_phase(draft)
    elif path == ["options", "coin_scale"]:
        rescale(draft, old)
    return draft
