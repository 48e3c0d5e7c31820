"""Editing a Mare Balticum position (a draft: the position's JSON) without changing its totals.

Each operation changes the draft in place, returns it, and keeps every component counted once
(position.py): a ship comes from its owner's supply and goes back to it, a token comes from the bag
and goes back to it, a ship moved is the same ship, a company token comes from its player's hand and
goes back to it. A draft that leaves out "bag" or a player's "supply" has them derived by the reader,
so those are not written then. An operation the position cannot take (no ship left in the supply,
no such token in the bag) raises InputError and changes nothing. Whether the result is a possible
position is `Game.problems`'s to say; the operations named in position.POSITION.edits are its
one-tap fixes.

A count set by hand (engine/core/edit.py, `after_set`) keeps the totals too: tokens counted into a
hold or a warehouse come out of the bag and go back to it, time tokens onto the track likewise, and
the bag and the discard pile give to each other (a token taken out of the bag by hand is one
discarded, and back).
"""

from __future__ import annotations

import itertools

from ..core import InputError
from .board import BOARD
from .components import COMPANY_VALUES, SHIPS_PER_PLAYER, SPECIES, TIME_TOKENS, TOKEN_COUNTS, TOKEN_KINDS
from .messages import CATALOG, NAMES
from .position import fleet_ok

COUNTED = ("hold", "warehouse")  # a player's token counts, which come out of the bag


def seats(draft) -> int:
    players = draft.get("players")
    return len(players) if isinstance(players, list) else 0


def supply(draft, seat) -> int:
    """Ships in a player's supply, as the loader reads it (left out: the ships not on the board)."""
    player = draft["players"][seat]
    if "supply" in player:
        return player["supply"]
    return SHIPS_PER_PLAYER[seats(draft)] - len(player.get("ships", []))


def bag(draft, kind) -> int | None:
    """Tokens of a kind in the bag, or None when the draft leaves the bag out (it is then the rest)."""
    if "bag" not in draft:
        return None
    return draft["bag"].get(kind, 0)


def ships_at(draft, fid) -> list[int]:
    """The seats with a ship on a field."""
    return [s for s, p in enumerate(draft.get("players") or []) if fid in (p.get("ships") or [])]


def _field(fid):
    if fid not in BOARD.kind:
        raise InputError("field-value", "field", value=repr(fid), allowed=", ".join(BOARD.ids))


def _sorted(ships):
    return sorted(ships, key=BOARD.index.__getitem__)


def _to_bag(draft, kind, n=1):
    if "bag" in draft:
        draft["bag"][kind] = draft["bag"].get(kind, 0) + n


def _from_bag(draft, kind, n=1):
    have = bag(draft, kind)
    if have is not None:
        if have < n:
            raise InputError("mb-edit-bag-empty", f"state.bag.{kind}", catalog=CATALOG, kind=NAMES[kind], n=have)
        draft["bag"][kind] = have - n


# ------------------------------------------------------------------------------------ ships
def place_ship(draft, seat, fid):
    """A ship of `seat` from its supply onto a field."""
    _field(fid)
    player = draft["players"][seat]
    ships = player.setdefault("ships", [])
    if fid in ships:
        raise InputError("mb-edit-ship-there", f"state.players[{seat}].ships", catalog=CATALOG, player=seat + 1)
    left = supply(draft, seat)
    if left < 1:
        raise InputError("mb-edit-no-supply", f"state.players[{seat}].supply", catalog=CATALOG, player=seat + 1)
    player["ships"] = _sorted(ships + [fid])
    if "supply" in player:
        player["supply"] = left - 1
    return draft


def remove_ship(draft, seat, fid):
    """A ship of `seat` from a field back to its supply."""
    player = draft["players"][seat]
    if fid not in player.get("ships", []):
        raise InputError("mb-edit-no-ship", f"state.players[{seat}].ships", catalog=CATALOG, player=seat + 1)
    player["ships"] = [f for f in player["ships"] if f != fid]
    if "supply" in player:
        player["supply"] += 1
    return draft


def move_ship(draft, seat, src, dst):
    """The same ship of `seat` from one field to another."""
    _field(dst)
    player = draft["players"][seat]
    ships = player.get("ships", [])
    if src not in ships:
        raise InputError("mb-edit-no-ship", f"state.players[{seat}].ships", catalog=CATALOG, player=seat + 1)
    if dst in ships and dst != src:
        raise InputError("mb-edit-ship-there", f"state.players[{seat}].ships", catalog=CATALOG, player=seat + 1)
    player["ships"] = _sorted([f for f in ships if f != src] + [dst])
    return draft


# ------------------------------------------------------------------------------------ tokens
def place_token(draft, kind, fid):
    """A fish or amber token from the bag onto a sea area."""
    _field(fid)
    if BOARD.kind[fid] == "port":
        raise InputError("mb-edit-port-token", "state.tokens", catalog=CATALOG)
    _from_bag(draft, kind)
    tokens = draft.setdefault("tokens", {})
    tokens[fid] = sorted(tokens.get(fid, []) + [kind])
    return draft


def remove_token(draft, fid, index=-1):
    """A token from a sea area back to the bag (the last one, or the one at `index`)."""
    tokens = draft.get("tokens", {}).get(fid) or []
    if not tokens:
        raise InputError("mb-edit-no-token", f"state.tokens.{fid}", catalog=CATALOG)
    tokens = list(tokens)
    kind = tokens.pop(index)
    draft["tokens"][fid] = tokens
    _to_bag(draft, kind)
    return draft


def erase(draft, fid):
    """The eraser: the last ship on a field goes back to its supply, else its last token to the bag."""
    here = ships_at(draft, fid)
    if here:
        return remove_ship(draft, here[-1], fid)
    return remove_token(draft, fid)


# ------------------------------------------------------------------------------------ counts
def counted_kind(path) -> str | None:
    """The bag's kind a counter's tokens come from: a hold's or warehouse's count, or the time
    track (time tokens); None for a counter that holds no token."""
    if len(path) == 4 and path[0] == "players" and path[2] in COUNTED:
        return path[3]
    if list(path) == ["time_track"]:
        return "time"
    return None


def after_count(draft, path, old):
    """A counter has been set from `old` to its value now: the tokens it gained come out of the
    bag, those it lost go back. When the bag has too few, the value is kept (what the reader typed
    is theirs) and the engine names the count that does not add up."""
    kind = counted_kind(path)
    node = draft
    for key in path:
        node = node[key]
    new = node
    if kind is None or not isinstance(new, int) or not isinstance(old, int) or new == old:
        return
    if new > old:
        try:
            _from_bag(draft, kind, new - old)
        except InputError:
            pass  # the problem list says it: more of this kind than the box
    else:
        _to_bag(draft, kind, old - new)


# ------------------------------------------------------------------------------------ players
def new_seat(players: int) -> dict:
    """A seat added to the table: its ships in its supply, nothing else yet."""
    return {
        "ships": [],
        "supply": SHIPS_PER_PLAYER[players],
        "hold": dict.fromkeys(SPECIES, 0),
        "warehouse": dict.fromkeys(TOKEN_KINDS, 0),
        "market": {},
        "vault": False,
        "contract": None,
    }


def resize(draft, players: int):
    """A table of `players` seats, the draft carried over (engine/core/edit.py, change_setting):
    seats kept in order, new ones with their ships in the supply and as many company tokens down as
    the time track asks (the lowest values first: the reader may change them); a seat that goes
    returns its hold and warehouse tokens to the bag, and leaves the company queue. A kept seat's
    ships stay on the board: its supply is what the new count leaves it, and ships beyond the count
    are left for the problems to name, with their fix (`return_extra_ships`)."""
    old = draft.get("players") or []
    for gone in old[players:]:
        for part in COUNTED:
            for kind, n in (gone.get(part) or {}).items():
                _to_bag(draft, kind, n)
    seats_ = old[:players] + [new_seat(players) for _ in range(len(old), players)]
    each = SHIPS_PER_PLAYER[players]
    for p in seats_:
        p["supply"] = max(0, each - len(p.get("ships", [])))
    draft["players"] = seats_
    track = draft.get("time_track", 0)
    if isinstance(track, int) and 0 <= track <= TIME_TOKENS:
        for seat in range(len(old), players):  # one a time token, the 6th none (MB-9, MB-10.1)
            match_company_tokens(draft, seat, min(track, TIME_TOKENS - 1))
    if draft.get("turn", 0) >= players:
        draft["turn"] = 0
    if "company_queue" in draft:
        draft["company_queue"] = [s for s in draft["company_queue"] if s < players]
    return draft


def return_extra_ships(draft, seat):
    """The ships of `seat` beyond its count at this table go back to the box (the fix of a table
    made smaller, or of ships put out by hand): it keeps the first ships in the board's order that
    keep the fleet whole (position.py's `fleet` reading), where any do. Its supply is then empty."""
    player = draft["players"][seat]
    each = SHIPS_PER_PLAYER[seats(draft)]
    ships = _sorted(player.get("ships", []))
    options = draft.get("options") if isinstance(draft.get("options"), dict) else {}
    reading = options.get("fleet", "pairs")
    if len(ships) > each:  # (at most 5 ships: 10 ways to keep 3)
        kept = (list(k) for k in itertools.combinations(ships, each))
        ships = next((k for k in kept if fleet_ok(k, reading)), ships[:each])
    player["ships"] = ships
    if "supply" in player:
        player["supply"] = 0
    return draft


def match_company_tokens(draft, seat, n):
    """`seat`'s company tokens down made `n` (what the time track asks, MB-9): the lowest values
    still in hand go onto the species without a token, in species order, the vault last; or the
    last ones put down go back to the hand. Which values a player chose is theirs: this is a
    start the reader can change."""
    player = draft["players"][seat]
    market = dict(player.get("market") or {})
    vault = bool(player.get("vault"))
    have = len(market) + vault
    while have < n:
        free = [v for v in COMPANY_VALUES if v not in market.values()]
        open_ = [sp for sp in SPECIES if sp not in market]
        if free and open_:
            market[open_[0]] = free[0]
        elif not vault:
            vault = True
        else:
            break
        have += 1
    while have > n:
        if vault:
            vault = False
        elif market:
            del market[max(market, key=market.get)]
        have -= 1
    player["market"] = {sp: market[sp] for sp in SPECIES if sp in market}
    player["vault"] = vault
    return draft


def bag_counts(draft) -> dict:
    """The bag by kind (time tokens too), as the loader reads it: given, or the rest of the box."""
    if "bag" in draft:
        return {k: draft["bag"].get(k, 0) for k in TOKEN_KINDS + ("time",)}
    counts = dict(TOKEN_COUNTS)
    for lst in (draft.get("tokens") or {}).values():
        for k in lst:
            counts[k] -= 1
    for p in draft.get("players") or []:
        for part in COUNTED:
            for k, n in (p.get(part) or {}).items():
                counts[k] -= n
    for k, n in (draft.get("discarded") or {}).items():
        counts[k] -= n
    counts["time"] = TIME_TOKENS - draft.get("time_track", 0) - (1 if draft.get("phase") == "company" else 0)
    return counts


def after_set(draft, path: list, old) -> dict:
    """The editor set the value at `path` (engine/core/edit.py): tokens counted into a hold or a
    warehouse, or time tokens onto the track, come out of the bag and go back to it; the bag and the
    discard pile give to each other; a company token set to none goes back to its player's hand."""
    if len(path) == 2 and path[0] in ("bag", "discarded") and path[1] in TOKEN_KINDS:
        _swap_bag_discard(draft, path, old)
    elif len(path) == 4 and path[0] == "players" and path[2] == "market":
        market = draft["players"][path[1]]["market"]
        if market.get(path[3]) is None:
            market.pop(path[3], None)
    else:
        after_count(draft, path, old)
    return draft


def _swap_bag_discard(draft, path, old):
    """A count of the bag or the discard pile set by hand: the other gives or takes the difference
    (kept at 0 or more: beyond that the problems name the count)."""
    kind = path[1]
    new = draft[path[0]][kind]
    other = "discarded" if path[0] == "bag" else "bag"
    if not isinstance(new, int) or not isinstance(old, int) or other not in draft or not isinstance(draft[other], dict):
        return
    have = draft[other].get(kind, 0)
    if isinstance(have, int):
        draft[other][kind] = max(0, have + old - new)
