"""Mississippi Queen's position: its one reader and writer (`POSITION`, the core's Position,
engine/core/position.py), its phases, its component model, its relation model, the bounds of its
counters, and every problem a position can have.

`read` reads a position the schema (schema/state.schema.json, the format) has passed into
the state's fields, `write` writes one back, `problems` lists everything that makes a position
impossible, each an InputError naming its field (and its one-tap fix, an operation of edit.py, where
there is one), and `lenient` reads what can be drawn of a draft that may hold anything. Nothing else
reads or writes the position's fields by hand: the renderers draw an MQState, the editor changes drafts
through edit.py.

The phases (PHASES, read by the engine, the editor and the pictures): the setup (each seat in turn
chooses its starting heading, by seat), the move (the steamer on turn moves: furthest ahead first in
the passenger game, by seat in the learning game and, under the reading `first_round: seats`, in the
passenger game's first round), the heading (pushed steamers choose a new heading, in the order they
were pushed: the position's `pending`), and the end.

The component model (the box's list, MQ-2): each kind, how many the box holds, where each may be.

- River tiles, 11 (ids 1-11): in the deck (face down, `deck`), on the table (`tiles`, after the start
  tile) or in the box (removed behind the last steamer, MQ-6.4; in the learning game also the ones not
  dealt). Each tile is in one place. The passenger game deals all 11; the learning game 3, or fewer in
  the site's short learning rivers. The ones removed are the indices below the rearmost tile's.
- The start tile, 1: on the table as tile no. 0 (at [0, 0], flowing east), or in the box once removed.
- The pier, 1: beside the deck until the last tile is laid, then at a tab of the newest tile
  (`pier`), its landing fields the tab's fields that are not island.
- Steamers, 5 (and their two wheels: speed 1-6, coal 0-6): one per seat at the table, the rest stay
  in the box. A seat's steamer is racing on a water field of the river (one steamer a field), landed
  at the pier with a place (finished), or out in the box.
- Passengers, 16: the player count's number (8, 12, 16; none in the learning game) is in play, the
  rest stay in the box. A passenger in play is in the supply, waiting at a station of a laid tile,
  aboard a steamer (at most 2, from different islands, `picked`), or in the box, returned with a
  removed tile. Every station is filled when its tile is laid (1 or 2 by roof and players, MQ-9.2),
  and the stations hold exactly the passengers in play, so the supply is what the deck's stations
  will take, a station's waiting passengers are its share less those taken from it, and the box holds
  what the removed tiles' stations still had.

Conservation is derived from the table KINDS: each kind's places are counted, an identified component
(a tile) may be in one place only, and the count must be the number in play.

The relation model: where each piece may stand relative to the board and the other pieces.
- The river: tile no. 0 is the start tile at [0, 0]; each next tile at a tab of the one before
  (MQ-6.2), none overlapping another (MQ-6.3); the tiles behind the newest explored.
- A racing steamer stands on a water field of the river (not an island, MQ-5.2), one a field; none on
  the newest tile while it is unexplored and tiles are left (entering it lays the next at once,
  MQ-6.1); some on the rearmost tile (an empty rearmost tile is removed, MQ-6.4).
- A racing steamer on a landing field of the pier would have landed had it arrived there able to:
  in the learning game always, in the passenger game with two passengers at speed 1 (MQ-8.3, MQ-9.8).
  It stands there only when pushed there under the reading `pushed_finish: false`, or (a station's
  jetty on a landing field, tiles 6 and 8) when it arrived with one passenger and took its second
  there.
- The pier lies at a tab of the newest tile once the deck is empty, its landing fields that tab's
  water fields (MQ-8.1, MQ-8.2); a finished steamer needs it.
- A passenger aboard comes from a station of a tile laid so far, no two of a steamer's from one
  island (MQ-9.3: the format's own rule, `picked` holds each island once), and no station gave more
  than it received.
- What the setup places, and where (MQ-2, MQ-9.1): the start tile and one tile straight ahead; every
  steamer on its own start spot, speed 1, coal 6, nobody aboard, facing downstream until its seat
  chooses its heading; the stations of the first tile filled.
- Who has acted (the phase's turn order): in the setup the seats before `turn` have chosen their
  heading; in a round, the seats of `order` before `turn` (and the one on turn, in the heading phase)
  have made this round's move. A racing steamer has made every round's move so far, so each has made
  exactly (round - 1) moves, plus this round's if it has acted; one no longer racing at most `round`.
  The first round's order is the ranking of the start spots in the passenger game (the reading
  `first_round: ahead`, and `right_hand: river`; under `right_hand: heading` it depends on the
  headings chosen, which later moves may have changed: left open), and seat order otherwise.

The counters' bounds, as intervals, for a steamer that has made m moves (m as above):
- coal: 6 while m = 0; otherwise 0-6 (a move may spend any coal it has: no tighter bound).
- speed: 1 while m = 0; otherwise 1 to min(6, 1 + m + (6 - coal)): each move changes the speed by one
  for free, and every further step costs a coal (MQ-4.1; under `speed_cost: example` a step up costs
  more, never less). Left open: how fast a steamer can have come as far as it stands, since pushes
  (MQ-7) move it without its own move.
- passengers: 0 in the learning game, 0-2 in the passenger game; not bounded by m, since a steamer
  pushed onto a jetty at speed 1 takes a passenger without a move of its own (MQ-9.4): left open.
- river tiles laid after the setup's: at most one per move made (a move explores at most the newest
  tile, and the next is laid only at its end, MQ-6.1), so the newest tile's number is at most
  1 + the moves made by all steamers. How far the tiles must have come is left open (steamers may
  crawl at speed 1).
- places: 1, 2, … without a gap, the next place following the last; rounds from 1 after the setup,
  to the round limit.

The stage rules (what cannot exist yet, or any more):
- No steamer has finished, and no pier lies on the table, before the deck is empty.
- The race is over exactly when no steamer races, when the first one lands without a race for places,
  or past the round limit.
- The heading phase exactly when pushed steamers are still to turn, each racing and listed once.
- Every racing steamer has a turn in the round's order.

What the variants and readings forbid in a position: the learning game has no passengers, deals at
most three tiles and goes in seat order; in the passenger game a steamer lands with two passengers and
speed 1 (MQ-9.8); without the race for places (`race_for_places: false`) the race ends at the first
landing, so at most one steamer has a place; `first_round: seats` orders the passenger game's first
round by seat, `ahead` by the start spots; `pushed_finish: true` leaves no steamer that qualifies on a
landing field (above); a round limit bounds the round.
"""

from __future__ import annotations

from collections import namedtuple

from ..core import Fix, InputError, Rng
from ..core.messages import LANGS, N_
from ..core.position import Phase, Position
from .board import BOARD, TILE_IDS, TILES, depth, field_at, next_placement, tile_fields, tile_islands
from .messages import CATALOG

# The phases and their turn order, once (engine/core/position.py): the engine checks with them, the
# editor and the pictures read them.
PHASES = (
    Phase(
        "setup",
        N_("phase-setup"),
        ("heading",),
        turns="seat",
        rules=("MQ-2.4", "MQ-3"),
        refusal=(N_("not-heading-phase"), "MQ-2.4", "MQ-7.4"),
    ),
    Phase(
        "move",
        N_("phase-move"),
        ("move", "retire"),
        turns="rank",
        rules=("MQ-9.6",),
        refusal=(N_("not-move-phase"), "MQ-10.1"),
        variant_turns=(("game", "learning", "seat", ("MQ-3",)),),
    ),
    Phase(
        "heading",
        N_("phase-heading"),
        ("heading",),
        turns="queue",
        rules=("MQ-7.4",),
        refusal=(N_("not-heading-phase"), "MQ-2.4", "MQ-7.4"),
    ),
    Phase("over", N_("phase-over"), (), turns="none", rules=("MQ-8.3", "MQ-8.4")),
)


def _fix(op: str, code: str, args: dict | None = None, **params) -> Fix:
    """A one-tap fix: edit.py's operation `op` ("set": a field, engine/core/edit.py), its words `code`.
    (Made only for a problem found: every editor tap reads a position, most of them possible.)"""
    return Fix.make(CATALOG, op, code, args, **params)


def _recount() -> Fix:
    return _fix("recount", N_("fix-recount"))


def _reorder() -> Fix:
    return _fix("fix_order", N_("fix-order"))


def _renumber() -> Fix:
    return _fix("renumber_places", N_("fix-places"))


def _reset() -> Fix:
    return _fix("setup_steamers", N_("fix-setup-steamers"))


def _lay_pier(s) -> Fix:
    return _fix("set_pier", N_("fix-pier"), {"side": s.pier["side"] if s.pier else "C"})


SIDES = ("L", "C", "R")
START = BOARD["start"]["id"]
ISLAND_TILE = {island["id"]: tile for tile, t in TILES.items() for island in t["islands"]}


# ---------------------------------------------------------------------------------------- the model
# A place: its name; where(state) -> [(item, n)], what it holds (an id, or None for components counted
# but not told apart) and how many; and path(field, k), the field path of its k-th entry.
Place = namedtuple("Place", "name where path")
# A kind: the box's count; in_play(state) -> (low, high), how many take part in this game; its places;
# the codes of its two problems: one item in two places, and a count outside in_play.
Kind = namedtuple("Kind", "name box in_play places twice count")


def _laid_tiles(s):
    return [(t["tile"], 1) if t["tile"] != START else (None, 0) for t in s.tiles]


def _deck(s):
    return [(tile, 1) for tile in s.deck]


def _removed_tiles(s):
    """River tiles removed behind the last steamer: every index below the rearmost tile's but the start."""
    first = s.tiles[0]["index"]
    return [(None, first - 1)] if first > 1 else []


def _tiles_in_play(s):
    total = len(TILE_IDS)
    if s.options["game"] == "learning":
        # the book deals three; the site's cases show shorter learning rivers (a pier after two tiles)
        return 1, BOARD["learning_tiles"]
    return total, total


def _passengers_in_play(s):
    n = passengers_in_play(s.options["game"], s.players)
    return n, n


def passengers_in_play(game: str, players: int) -> int:
    return BOARD["passengers"][str(players)] if game == "passenger" else 0


def _supply(s):
    return [(None, s.supply)]


def _stations(s):
    return [(None, n) for t in s.tiles for n in t["passengers"].values()]


def _aboard(s):
    return [(None, st["passengers"]) for st in s.steamers]


def _returned(s):
    return [(None, s.box)]


KINDS = (
    Kind(
        "river tile",
        len(TILE_IDS),
        _tiles_in_play,
        (
            Place("table", _laid_tiles, lambda f, k: f"{f}.tiles[{k}].tile"),
            Place("deck", _deck, lambda f, k: f"{f}.deck[{k}]"),
            Place("box", _removed_tiles, lambda f, k: f"{f}.tiles[0].index"),
        ),
        N_("tile-twice"),
        N_("tile-count"),
    ),
    Kind(
        "passenger",
        16,
        _passengers_in_play,
        (
            Place("supply", _supply, lambda f, k: f"{f}.supply"),
            Place("station", _stations, lambda f, k: f"{f}.tiles"),
            Place("aboard", _aboard, lambda f, k: f"{f}.steamers[{k}].passengers"),
            Place("box", _returned, lambda f, k: f"{f}.box"),
        ),
        None,
        N_("passengers-conserved"),
    ),
)
# The start tile, the pier and the steamers have one place each at a time, told by one field (the
# rearmost tile's index, `pier`, a steamer's `status`): their checks are the stage rules below.


def _conservation(s, field, add):
    for kind in KINDS:
        seen, total, where = set(), 0, {}
        for place in kind.places:
            held = 0
            for k, (item, n) in enumerate(place.where(s)):
                held += n
                if item is None:
                    continue
                if item in seen:
                    add(InputError(kind.twice, place.path(field, k), CATALOG, tile=item))
                seen.add(item)
            where[place.name] = held
            total += held
        low, high = kind.in_play(s)
        if not low <= total <= high:
            _count_problem(s, field, kind, total, where, low, high, add)


def _count_problem(s, field, kind, total, where, low, high, add):
    if kind.name == "river tile":
        expected = (high if total > high else low) - (total - len(s.deck))
        add(
            InputError(
                kind.count,
                f"{field}.deck",
                CATALOG,
                expected=max(expected, 0),
                value=len(s.deck),
                total=high if total > high else low,
                laid=total - len(s.deck),
            )
        )
    else:
        add(
            InputError(
                kind.count,
                f"{field}.supply",
                CATALOG,
                fix=_recount(),
                supply=s.supply,
                stations=where.get("station", 0),
                held=where.get("aboard", 0),
                box=s.box,
                total=low,
            )
        )


# ---------------------------------------------------------------------------------------- reading
def _names(s, fields) -> dict:
    """Fields as the board labels them, joined: a message parameter ({lang: text})."""
    named = [s.field_name(p) for p in fields]
    return {lang: ", ".join(n[lang] for n in named) for lang in LANGS}


def _seats(values, n, field):
    for i, seat in enumerate(values):
        if seat >= n:
            raise InputError("field-range", f"{field}[{i}]", low=0, high=n - 1, value=seat)
    return list(values)


def read(data, field, options) -> dict:
    """The state's fields, once the sizes that depend on the player count fit (the schema has passed).
    A table whose steamers do not match its size (the editor keeps them when the size changes) is
    refused with its fix."""
    n = data["players"]
    steamers = data["steamers"]
    if len(steamers) != n:
        fix = (
            _fix("return_extra_steamers", N_("fix-return-steamers"))
            if len(steamers) > n
            else _fix("resize", N_("fix-add-steamers"), {"players": n})
        )
        raise InputError("field-count", f"{field}.steamers", low=n, high=n, value=len(steamers), fix=fix)
    pier = data["pier"]
    return {
        "players": n,
        "phase": data["phase"],
        "round": data["round"],
        "order": _seats(data["order"], n, f"{field}.order"),
        "turn": data["turn"],
        "pending": _seats(data["pending"], n, f"{field}.pending"),
        "steamers": [
            dict(st, pos=list(st["pos"]) if st["pos"] is not None else None, picked=list(st["picked"])) for st in steamers
        ],
        "tiles": [dict(t, origin=list(t["origin"]), passengers=dict(t["passengers"])) for t in data["tiles"]],
        "deck": list(data["deck"]),
        "pier": None
        if pier is None
        else {"side": pier["side"], "tile": pier["tile"], "fields": [list(p) for p in pier["fields"]]},
        "supply": data["supply"],
        "box": data["box"],
        "total_passengers": data["total_passengers"],
        "next_place": data["next_place"],
        "rolls": list(data.get("rolls", ())),
        "rng": Rng.from_json(data.get("rng")),
    }


def write(s) -> dict:
    return {
        "players": s.players,
        "phase": s.phase,
        "round": s.round,
        "order": list(s.order),
        "turn": s.turn,
        "pending": list(s.pending),
        "steamers": [dict(st, pos=list(st["pos"]) if st["pos"] else None, picked=list(st["picked"])) for st in s.steamers],
        "tiles": [dict(t, origin=list(t["origin"]), passengers=dict(t["passengers"])) for t in s.tiles],
        "deck": list(s.deck),
        "pier": (
            {"side": s.pier["side"], "tile": s.pier["tile"], "fields": [list(p) for p in s.pier["fields"]]} if s.pier else None
        ),
        "supply": s.supply,
        "box": s.box,
        "total_passengers": s.total_passengers,
        "next_place": s.next_place,
        "rolls": list(s.rolls),
        "rng": s.rng.to_json(),
    }


def pier_fields(tile: dict, side: str) -> list:
    """The landing fields of the pier at tab `side` of `tile`: the tab's fields that are not island."""
    isl = tile_islands(tile["tile"])
    origin, d = tuple(tile["origin"]), tile["dir"]
    return [list(field_at(origin, d, a, b)) for a, b in BOARD["tabs"][side] if (a, b) not in isl]


def station_share(tile_id: str, players: int) -> dict:
    """{island id: passengers put there when the tile is laid} in the passenger game (MQ-9.2). Read-only."""
    share = _SHARES.get((tile_id, players))
    if share is None:
        per = BOARD["per_station"][str(players)]
        share = _SHARES[tile_id, players] = {
            i["id"]: per[i["station"]["roof"]] for i in TILES[tile_id]["islands"] if "station" in i
        }
    return share


_SHARES: dict = {}


# ---------------------------------------------------------------------------------------- drafts
def is_field(p) -> bool:
    return isinstance(p, (list, tuple)) and len(p) == 2 and all(type(c) is int for c in p)


def tile_ok(t) -> bool:
    return (
        isinstance(t, dict)
        and isinstance(t.get("tile"), str)
        and t["tile"] in TILES
        and is_field(t.get("origin"))
        and t.get("dir") in range(6)
        and type(t.get("index")) is int
    )


def lenient(data) -> dict:
    """What can be read of a draft that may hold anything (the editor's, before `problems` has its
    say), for drawing: the tiles, steamers, landing fields and options, wrong types and unknown ids
    left out (a steamer without a field counts as out). Never raises."""
    data = data if isinstance(data, dict) else {}
    tiles = [
        dict(
            t,
            explored=bool(t.get("explored", True)),
            passengers={k: v for k, v in t["passengers"].items() if type(v) is int and v >= 0}
            if isinstance(t.get("passengers"), dict)
            else {},
        )
        for t in (data.get("tiles") if isinstance(data.get("tiles"), list) else [])
        if tile_ok(t)
    ]
    steamers = []
    for st in data.get("steamers") if isinstance(data.get("steamers"), list) else []:
        st = st if isinstance(st, dict) else {}
        good = {k: st[k] if type(st.get(k)) is int else 0 for k in ("speed", "coal", "passengers", "place")}
        good["dir"] = st["dir"] if type(st.get("dir")) is int and 0 <= st["dir"] < 6 else 0
        good["status"] = st["status"] if st.get("status") in ("racing", "finished", "out") else "out"
        good["pos"] = list(st["pos"]) if is_field(st.get("pos")) else None
        if good["pos"] is None and good["status"] == "racing":
            good["status"] = "out"
        steamers.append(good)
    # (the box holds five steamers: a longer list is drawn to its fifth)
    pier = data.get("pier")
    fields = (
        [list(p) for p in pier.get("fields", []) if is_field(p)]
        if isinstance(pier, dict) and isinstance(pier.get("fields"), list)
        else []
    )
    options = data.get("options") if isinstance(data.get("options"), dict) else {}
    return {"tiles": tiles, "steamers": steamers[:5], "pier": {"fields": fields} if fields else None, "options": options}


# ---------------------------------------------------------------------------------------- problems
def problems(s, field: str) -> list[InputError]:
    """Every problem of the position, each naming its field, in the order of the checks below. A check
    that needs what an earlier one found broken is skipped rather than guessed at."""
    out = []

    add = out.append

    river_ok = _river(s, field, add)
    _conservation(s, field, add)
    _pier(s, field, add)
    if river_ok:
        _steamers(s, field, add)
        _landing(s, field, add)
    _places(s, field, add)
    _passengers(s, field, add)
    before = len(out)
    _turns(s, field, add)
    order_ok = len(out) == before
    _setup(s, field, add)
    if order_ok:
        _history(s, field, add)
    return out


def _river(s, field, add) -> bool:
    """The tiles: in order, at a tab of the one before, without overlap; explored behind the newest.
    False when the river's geometry is broken (the steamers' fields cannot then be told)."""
    tiles = s.tiles
    first = tiles[0]["index"]
    ok = True
    for i, t in enumerate(tiles):
        f = f"{field}.tiles[{i}]"
        if t["index"] != first + i:
            add(InputError("tile-index", f + ".index", CATALOG, expected=first + i, value=t["index"]))
            ok = False
        if (t["tile"] == START) != (t["index"] == 0):
            add(InputError("start-tile", f + ".tile", CATALOG, value=t["tile"], index=t["index"]))
        origin, d = tuple(t["origin"]), t["dir"]
        if i == 0:
            if t["index"] == 0 and (origin, d) != ((0, 0), 0):
                add(InputError("start-tile-place", f + ".origin", CATALOG))
                ok = False
        else:
            prev = tiles[i - 1]
            if (origin, d) not in [next_placement(tuple(prev["origin"]), prev["dir"], side) for side in SIDES]:
                add(InputError("tile-not-attached", f + ".origin", CATALOG, index=t["index"]))
                ok = False
        # a tile is explored when a steamer first enters it, and the next one is laid at once; the last
        # tile of all is explored, or not, as steamers have been on it
        newest = i == len(tiles) - 1
        if not newest and not t["explored"]:
            add(InputError("tile-explored", f + ".explored", CATALOG, index=t["index"]))
        elif newest and t["explored"] and s.deck:
            add(InputError("tile-last-explored", f + ".explored", CATALOG, index=t["index"]))
        stations = {x["id"] for x in TILES[t["tile"]]["islands"] if "station" in x}
        for island in t["passengers"]:
            if island not in stations:
                add(InputError("field-unknown", f"{f}.passengers.{island}"))
    if len(s._cellmap()) != 20 * len(tiles):
        covered = set()
        for i, t in enumerate(tiles):
            fields = tile_fields(tuple(t["origin"]), t["dir"])
            if covered.intersection(fields):
                add(InputError("tile-overlap", f"{field}.tiles[{i}].origin", CATALOG, index=t["index"]))
                ok = False
            covered.update(fields)
    return ok


def _pier(s, field, add):
    """Beside the deck while tiles are left; then at a tab of the newest tile, on its landing fields."""
    last = s.tiles[-1]
    if s.deck:
        if s.pier is not None:
            add(
                InputError(
                    "pier-early",
                    f"{field}.pier",
                    CATALOG,
                    fix=_fix("set", N_("fix-pier-beside"), {"path": ["pier"], "value": None}),
                )
            )
        return
    if s.pier is None:
        add(InputError("pier-missing", f"{field}.pier", CATALOG, fix=_lay_pier(s)))
        return
    if s.pier["tile"] != last["index"]:
        add(
            InputError("pier-tile", f"{field}.pier.tile", CATALOG, fix=_lay_pier(s), expected=last["index"], value=s.pier["tile"])
        )
        return
    fields = pier_fields(last, s.pier["side"])
    # the landing fields are a set: their order says nothing
    if sorted(s.pier["fields"]) != sorted(fields):
        add(InputError("pier-fields", f"{field}.pier.fields", CATALOG, fix=_lay_pier(s), expected=_names(s, fields)))


def _steamers(s, field, add):
    """Where the racing steamers are: on water, one a field, none on the unexplored newest tile, some on
    the rearmost tile."""
    cells = s._cellmap()
    islands = s._islands
    seen = {}
    on_rear = False
    newest = len(s.tiles) - 1
    frontier = bool(s.deck) and not s.tiles[-1]["explored"]
    for i, st in enumerate(s.steamers):
        if st["status"] != "racing" or st["pos"] is None:
            continue
        f = f"{field}.steamers[{i}].pos"
        p = tuple(st["pos"])
        if p not in cells:
            add(InputError("steamer-off-river", f, CATALOG, hex=s.field_name(p)))
            continue
        if p in islands:
            add(InputError("steamer-on-island", f, CATALOG, hex=s.field_name(p)))
        if p in seen:
            add(InputError("steamers-share-field", f, CATALOG, hex=s.field_name(p), other=seen[p] + 1))
        seen[p] = i
        on_rear = on_rear or cells[p][0] == 0
        if frontier and cells[p][0] == newest and len(s.tiles) > 1:
            add(InputError("steamer-on-unexplored", f, CATALOG, hex=s.field_name(p), index=s.tiles[-1]["index"]))
    if seen and len(s.tiles) > 1 and not on_rear:
        add(InputError("rear-tile-empty", f"{field}.tiles[0]", CATALOG, index=s.tiles[0]["index"]))


def _places(s, field, add):
    """Each steamer in one place (its status says which), the places of those that finished without a
    gap, and a finish only once the pier is on the table (in the passenger game with two passengers,
    at speed 1)."""
    places = {}
    passenger = s.options["game"] == "passenger"
    for i, st in enumerate(s.steamers):
        f = f"{field}.steamers[{i}]"
        if (st["pos"] is not None) != (st["status"] == "racing"):
            add(InputError("steamer-pos-status", f + ".pos", CATALOG, status=st["status"]))
        if (st["place"] > 0) != (st["status"] == "finished"):
            add(InputError("steamer-place-status", f + ".place", CATALOG, status=st["status"]))
        if st["status"] == "finished":
            if s.deck:
                add(InputError("finished-early", f + ".status", CATALOG, left=len(s.deck)))
            elif passenger and st["passengers"] < 2:
                add(InputError("finished-passengers", f + ".passengers", CATALOG, value=st["passengers"]))
            elif passenger and st["speed"] != 1:
                add(InputError("finished-speed", f + ".speed", CATALOG, value=st["speed"]))
        if st["place"]:
            if st["place"] in places:
                add(InputError("place-twice", f + ".place", CATALOG, place=st["place"], other=places[st["place"]] + 1))
            else:
                places[st["place"]] = i
    expected = len(places) + 1
    if sorted(places) != list(range(1, expected)):
        missing = min(set(range(1, expected)) - set(places))
        add(InputError("place-gap", f"{field}.steamers[{places[max(places)]}].place", CATALOG, fix=_renumber(), place=missing))
    elif s.next_place != expected:
        add(InputError("next-place", f"{field}.next_place", CATALOG, fix=_renumber(), expected=expected, value=s.next_place))
    if len(places) > 1 and not s.options["race_for_places"]:
        # without the race for places the race ends at the first landing (MQ-8.4): one place at most
        add(InputError("places-without-race", f"{field}.steamers[{places[sorted(places)[1]]}].place", CATALOG))


def _passengers(s, field, add):
    """The passengers' total for the game; who took which; and the stations' shares (see the model).
    Each count follows from the rest, so each problem's fix puts the passengers where the model says."""
    n = s.players
    total = passengers_in_play(s.options["game"], n)
    if s.total_passengers != total:
        add(
            InputError(
                "passengers-total", f"{field}.total_passengers", CATALOG, fix=_recount(), expected=total, value=s.total_passengers
            )
        )
    takers = {}
    for i, st in enumerate(s.steamers):
        if len(st["picked"]) != st["passengers"]:
            add(
                InputError(
                    "passengers-picked",
                    f"{field}.steamers[{i}].passengers",
                    CATALOG,
                    fix=_recount(),
                    value=st["passengers"],
                    picked=len(st["picked"]),
                )
            )
        for j, island in enumerate(st["picked"]):
            takers[island] = takers.get(island, 0) + 1
            tile = ISLAND_TILE[island]
            if tile in s.deck:
                add(InputError("picked-unlaid", f"{field}.steamers[{i}].picked[{j}]", CATALOG))
            elif s.options["game"] == "passenger" and takers[island] > station_share(tile, n)[island]:
                add(
                    InputError(
                        "picked-too-many", f"{field}.steamers[{i}].picked[{j}]", CATALOG, share=station_share(tile, n)[island]
                    )
                )
    if s.options["game"] != "passenger":
        return
    left = 0
    for i, t in enumerate(s.tiles):
        share = station_share(t["tile"], n) if t["tile"] != START else {}
        for island, most in share.items():
            count = t["passengers"].get(island, 0)
            expected = max(most - takers.get(island, 0), 0)
            if count != expected:
                add(
                    InputError(
                        "station-count",
                        f"{field}.tiles[{i}].passengers.{island}",
                        CATALOG,
                        fix=_recount(),
                        expected=expected,
                        value=count,
                        share=most,
                        taken=takers.get(island, 0),
                    )
                )
    supply = sum(sum(station_share(tile, n).values()) for tile in s.deck)
    if s.supply != supply:
        add(InputError("supply-count", f"{field}.supply", CATALOG, fix=_recount(), expected=supply, value=s.supply))
    laid = {t["tile"] for t in s.tiles} | set(s.deck)
    for tile in TILE_IDS:
        if tile not in laid:
            for island, most in station_share(tile, n).items():
                left += max(most - takers.get(island, 0), 0)
    if s.box != left:
        add(InputError("box-count", f"{field}.box", CATALOG, fix=_recount(), expected=left, value=s.box))


def _turns(s, field, add):
    """Phase, round, turn order and the pushed steamers still to turn, and the end of the race (when
    it finds none, the order and the turn are whole enough to tell who has acted: `_history`)."""
    n = s.players
    racing = [i for i, st in enumerate(s.steamers) if st["status"] == "racing"]
    finished = any(st["status"] == "finished" for st in s.steamers)
    phase, limit = s.phase, s.options["round_limit"]
    seen = set()
    for i, seat in enumerate(s.order):
        if seat in seen:
            add(InputError("order-twice", f"{field}.order[{i}]", CATALOG, fix=_reorder(), seat=seat + 1))
        seen.add(seat)
    # (the order is the round's: the move phase's, also while pushed steamers turn and at the end)
    turns = PHASE["move"].order(s.options)[0]
    if phase == "setup":
        if s.order != list(range(n)):
            add(InputError("order-setup", f"{field}.order", CATALOG, fix=_reorder()))
        if s.round != 0:
            add(InputError("round-setup", f"{field}.round", CATALOG, fix=_round_fix(0), value=s.round))
        for i, st in enumerate(s.steamers):
            if st["status"] != "racing":
                add(InputError("setup-not-racing", f"{field}.steamers[{i}].status", CATALOG))
    else:
        if s.round < 1:
            add(InputError("round-zero", f"{field}.round", CATALOG, fix=_round_fix(1)))
        for seat in racing:
            if seat not in seen:
                add(InputError("order-missing", f"{field}.order", CATALOG, fix=_reorder(), seat=seat + 1))
                break
        if turns == "seat" and s.order != sorted(s.order):
            add(InputError("order-seats", f"{field}.order", CATALOG, fix=_reorder()))
    over_by_limit = bool(limit) and s.round > limit
    if limit and s.round > limit + 1:
        add(InputError("field-range", f"{field}.round", fix=_round_fix(limit + 1), low=0, high=limit + 1, value=s.round))
    ended = not racing or (finished and not s.options["race_for_places"])
    if phase == "over":
        if not (ended or over_by_limit):
            add(InputError("over-too-early", f"{field}.phase", CATALOG))
    elif over_by_limit or (ended and phase != "heading"):
        # pushed steamers still turn after the move that ended the race, so "heading" may follow it
        add(InputError("over-missed", f"{field}.phase", CATALOG, phase=phase))
    if s.order and s.turn >= len(s.order):
        add(InputError("field-range", f"{field}.turn", low=0, high=len(s.order) - 1, value=s.turn))
    elif phase in ("setup", "move") and s.order and s.steamers[s.order[s.turn]]["status"] != "racing":
        add(InputError("turn-not-racing", f"{field}.turn", CATALOG, seat=s.order[s.turn] + 1))
    if (phase == "heading") != bool(s.pending):
        add(InputError("pending-phase", f"{field}.pending", CATALOG, phase=phase))
    pend = set()
    for i, seat in enumerate(s.pending):
        if seat in pend:
            add(InputError("pending-twice", f"{field}.pending[{i}]", CATALOG, fix=_reorder(), seat=seat + 1))
        pend.add(seat)
        if s.steamers[seat]["status"] != "racing":
            add(InputError("pending-not-racing", f"{field}.pending[{i}]", CATALOG, fix=_reorder(), seat=seat + 1))


def _round_fix(value: int) -> Fix:
    return _fix("set", N_("fix-round"), {"path": ["round"], "value": value}, value=value)


def _setup(s, field, add):
    """At the setup the steamers are as the box's setup puts them (MQ-2): on their start spots, speed 1,
    coal 6, nobody aboard, facing downstream until their seat chooses a heading (seat order: those
    from `turn` on have not), and the river is the start tile and one tile straight ahead."""
    if s.phase != "setup":
        return
    spots = BOARD["start"]["spots"]
    for i, st in enumerate(s.steamers):
        f = f"{field}.steamers[{i}]"
        if st["status"] == "racing" and st["pos"] is not None:
            spot = list(field_at((0, 0), 0, *spots[i]))
            if st["pos"] != spot:
                add(InputError("setup-spot", f + ".pos", CATALOG, fix=_reset(), spot=i + 1))
        for key, value in (("speed", 1), ("coal", 6), ("passengers", 0)):
            if st[key] != value:
                add(InputError("setup-wheel", f"{f}.{key}", CATALOG, fix=_reset(), expected=value, value=st[key]))
        if i >= s.turn and st["dir"] != 0:
            add(InputError("heading-before-turn", f + ".dir", CATALOG, fix=_reset(), seat=i + 1))
    if len(s.tiles) != 2 or s.tiles[0]["index"] != 0 or tuple(s.tiles[1]["origin"]) != next_placement((0, 0), 0, "C")[0]:
        add(InputError("setup-river", f"{field}.tiles", CATALOG))


# ---------------------------------------------------------------------------------------- history
def moves_made(s) -> list[tuple[int, int]]:
    """(fewest, most) moves each seat's steamer has made (the relation model: who has acted). A racing
    steamer has moved in every round so far, and in this one once its turn has come; one no longer
    racing, at most once a round. Call it on a position whose order and turn are whole."""
    if s.phase == "setup":
        return [(0, 0)] * len(s.steamers)
    acted = set(s.order[: s.turn + (1 if s.phase == "heading" else 0)])
    out = []
    for seat, st in enumerate(s.steamers):
        if st["status"] == "racing" and s.phase != "over":
            made = s.round - 1 + (seat in acted)
            out.append((made, made))
        else:
            out.append((0, s.round))
    return out


def _start_ranking(s) -> list[int]:
    """The passenger game's first round: the seats ranked by their start spots (MQ-9.6, MQ-9.7 under
    `right_hand: river`: the measuring stick, then the lane furthest right looking downstream)."""
    spots = BOARD["start"]["spots"]
    return sorted(range(s.players), key=lambda seat: (-depth(*spots[seat]), -spots[seat][1]))


def _history(s, field, add):
    """What the moves made allow (the counters' bounds in the module's docstring), and the first
    round's order. A position set up by hand usually only lacks the rounds its counters took: the
    fix is then the least round that allows them. (The setup's own are `_setup`'s.)"""
    if s.phase == "setup":
        return
    made = moves_made(s)
    found = []  # (code, field, params): the fix is made once, if anything is found
    for seat, (st, (_, high)) in enumerate(zip(s.steamers, made)):
        if st["status"] != "racing":
            continue
        if high == 0:
            # not moved yet: its wheels are as the setup set them (pushes do not turn them)
            for key, value in (("speed", 1), ("coal", 6)):
                if st[key] != value:
                    found.append(
                        (
                            N_("not-moved-wheel"),
                            f"steamers[{seat}].{key}",
                            {"expected": value, "value": st[key], "seat": seat + 1},
                        )
                    )
        elif st["speed"] > min(6, 1 + high + (6 - st["coal"])):
            most = min(6, 1 + high + (6 - st["coal"]))
            found.append(
                (N_("speed-unreachable"), f"steamers[{seat}].speed", {"value": st["speed"], "most": most, "moves": high})
            )
    newest = s.tiles[-1]["index"]
    most = 1 + sum(high for _, high in made)
    if newest > most:
        found.append((N_("tiles-unreachable"), f"tiles[{len(s.tiles) - 1}].index", {"value": newest, "most": most}))
    if found:
        later = _least_round(s, made)
        for code, where, params in found:
            add(InputError(code, f"{field}.{where}", CATALOG, fix=later, **params))
    if s.phase in ("move", "heading") and s.round == 1 and s.options["game"] == "passenger":
        # round 1 goes in seat order (`first_round: seats`), or by the start spots (`ahead`, with the
        # right hand looking downstream; seen from the bows it depends on the headings: left open)
        expected = None
        if s.options["first_round"] == "seats":
            expected = list(range(s.players))
        elif s.options["right_hand"] == "river":
            expected = _start_ranking(s)
        if expected is not None and s.order != expected:
            words = ", ".join(str(seat + 1) for seat in expected)
            add(
                InputError(
                    "order-first-round",
                    f"{field}.order",
                    CATALOG,
                    fix=_fix("set", N_("fix-order-first-round"), {"path": ["order"], "value": expected}, expected=words),
                    expected=words,
                )
            )


def _least_round(s, made) -> Fix | None:
    """The fix "set the round to r": the least round r after which every racing steamer has made the
    moves its wheels need, and all of them the moves the river's tiles need (None in the setup or at
    the end, or beyond the round limit)."""
    if s.phase not in ("move", "heading"):
        return None
    acted, racing, others, least = 0, 0, 0, s.round
    for st, (_, high) in zip(s.steamers, made):
        if st["status"] != "racing":
            others += 1
            continue
        racing += 1
        done = high - (s.round - 1)  # 1 when it has moved this round
        acted += done
        need = 0 if (st["speed"], st["coal"]) == (1, 6) else max(1, st["speed"] - 1 - (6 - st["coal"]))
        least = max(least, need + 1 - done)
    # newest - 1 <= racing * (r - 1) + acted + others * r
    per_round = racing + others
    if per_round:
        least = max(least, -(-(s.tiles[-1]["index"] - 1 - acted + racing) // per_round))
    limit = s.options["round_limit"]
    if least == s.round or (limit and least > limit):
        return None
    return _round_fix(least)


def _landing(s, field, add):
    """A racing steamer on a landing field of the pier (the relation model): only where it could not
    land, or was pushed there while `pushed_finish: false`, or took its second passenger at a jetty
    that is a landing field (after arriving with one)."""
    if s.pier is None or not s.options["pushed_finish"]:
        return
    landing = {tuple(p) for p in s.pier["fields"]}
    passenger = s.options["game"] == "passenger"
    s._cellmap()
    jetties = s._piers  # {a jetty's field: (tile, island, roof)}
    for seat, st in enumerate(s.steamers):
        if st["status"] != "racing" or st["pos"] is None or tuple(st["pos"]) not in landing:
            continue
        if passenger and not (st["passengers"] >= 2 and st["speed"] == 1):
            continue  # it could not land here: it stays in the race
        jetty = jetties.get(tuple(st["pos"]))
        if passenger and jetty is not None and st["picked"] and st["picked"][-1] == jetty[1]:
            continue  # arrived with one passenger, took its second here (the convention of MQ-9.8)
        add(InputError("racing-on-landing", f"{field}.steamers[{seat}].pos", CATALOG, hex=s.field_name(st["pos"])))


PHASE = {p.name: p for p in PHASES}


# The functions above behind the one interface (engine/core/position.py); the editing operations are edit.py's.
POSITION = Position(
    read=read,
    write=write,
    lenient=lenient,
    problems=problems,
    phases=PHASES,
    edits=(
        "place_steamer",
        "remove_steamer",
        "turn_steamer",
        "set_status",
        "lay_tile",
        "unlay_tile",
        "drop_rear",
        "set_pier",
        "set_aboard",
        "set_game",
        "set_phase",
        "resize",
        "recount",
        "fix_order",
        "renumber_places",
        "return_extra_steamers",
        "setup_steamers",
    ),
)
