"""Reading a position from JSON (case files, the sandbox editor) and the invariants no schema can
state. The schema has already checked the format; every error here names its field."""

from __future__ import annotations

from ..core import InputError, Rng
from ..core.messages import LANGS
from .board import BOARD, TILE_IDS, TILES, field_at, next_placement, tile_fields, tile_islands
from .messages import CATALOG

SIDES = ("L", "C", "R")


def _names(s, fields) -> dict:
    """Fields as the board labels them, joined: a message parameter ({lang: text})."""
    named = [s.field_name(p) for p in fields]
    return {lang: ", ".join(n[lang] for n in named) for lang in LANGS}


def _seats(values, n, field):
    for i, seat in enumerate(values):
        if seat >= n:
            raise InputError("field-range", f"{field}[{i}]", low=0, high=n - 1, value=seat)
    return list(values)


def load_state(cls, game, data, field, options):
    """The state object, once the sizes that depend on the player count fit."""
    s = cls()
    s.game = game
    s.options = options
    n = s.players = data["players"]
    steamers = data["steamers"]
    if len(steamers) != n:
        raise InputError("field-count", f"{field}.steamers", low=n, high=n, value=len(steamers))
    s.phase = data["phase"]
    s.round = data["round"]
    s.order = _seats(data["order"], n, f"{field}.order")
    s.turn = data["turn"]
    s.pending = _seats(data["pending"], n, f"{field}.pending")
    s.steamers = [dict(st, pos=list(st["pos"]) if st["pos"] is not None else None, picked=list(st["picked"]))
                  for st in steamers]
    s.tiles = [dict(t, origin=list(t["origin"]), passengers=dict(t["passengers"])) for t in data["tiles"]]
    s.deck = list(data["deck"])
    pier = data["pier"]
    s.pier = None if pier is None else {"side": pier["side"], "tile": pier["tile"],
                                        "fields": [list(p) for p in pier["fields"]]}
    s.supply = data["supply"]
    s.box = data["box"]
    s.total_passengers = data["total_passengers"]
    s.next_place = data["next_place"]
    s.rolls = list(data.get("rolls", ()))
    s.rng = Rng.from_json(data.get("rng"))
    s._reset_cache()
    return s


def check_position(s, field: str) -> None:
    _check_river(s, field)
    _check_steamers(s, field)
    _check_passengers(s, field)
    _check_turns(s, field)


def _check_river(s, field):
    """The tiles: each laid once, in order, at a tab of the one before, without overlap; the deck holds
    the rest of the game's tiles; the pier lies at the last tile once the deck is empty."""
    tiles = s.tiles
    first = tiles[0]["index"]
    laid = set()
    for i, t in enumerate(tiles):
        f = f"{field}.tiles[{i}]"
        if t["index"] != first + i:
            raise InputError("tile-index", f + ".index", CATALOG, expected=first + i, value=t["index"])
        if (t["tile"] == "S") != (t["index"] == 0):
            raise InputError("start-tile", f + ".tile", CATALOG, value=t["tile"], index=t["index"])
        if t["tile"] in laid:
            raise InputError("tile-twice", f + ".tile", CATALOG, tile=t["tile"])
        laid.add(t["tile"])
        origin, d = tuple(t["origin"]), t["dir"]
        if i == 0:
            if t["index"] == 0 and (origin, d) != ((0, 0), 0):
                raise InputError("start-tile-place", f + ".origin", CATALOG)
        else:
            prev = tiles[i - 1]
            if (origin, d) not in [next_placement(tuple(prev["origin"]), prev["dir"], side) for side in SIDES]:
                raise InputError("tile-not-attached", f + ".origin", CATALOG, index=t["index"])
        # a tile is explored when a steamer first enters it, and the next one is laid at once
        if t["explored"] != (i < len(tiles) - 1):
            if t["explored"]:
                raise InputError("tile-last-explored", f + ".explored", CATALOG, index=t["index"])
            raise InputError("tile-explored", f + ".explored", CATALOG, index=t["index"])
        stations = {x["id"] for x in TILES[t["tile"]]["islands"] if "station" in x}
        for island in t["passengers"]:
            if island not in stations:
                raise InputError("field-unknown", f"{f}.passengers.{island}")
    if len(s._cellmap()) != 20 * len(tiles):
        covered = set()
        for i, t in enumerate(tiles):
            fields = tile_fields(tuple(t["origin"]), t["dir"])
            if covered.intersection(fields):
                raise InputError("tile-overlap", f"{field}.tiles[{i}].origin", CATALOG, index=t["index"])
            covered.update(fields)
    for j, tile in enumerate(s.deck):
        if tile in laid:
            raise InputError("tile-twice", f"{field}.deck[{j}]", CATALOG, tile=tile)
        laid.add(tile)
    # The passenger game plays all the tiles. The learning game plays three, but the site's cases show
    # shorter learning rivers (a pier after two tiles), so there it is "at most".
    total = BOARD["learning_tiles"] if s.options["game"] == "learning" else len(TILE_IDS)
    count = tiles[-1]["index"] + len(s.deck)
    if count > total or (count < total and s.options["game"] == "passenger"):
        raise InputError("tile-count", f"{field}.deck", CATALOG, expected=total - tiles[-1]["index"],
                         value=len(s.deck), total=total, laid=tiles[-1]["index"])
    last = tiles[-1]
    if s.deck:
        if s.pier is not None:
            raise InputError("pier-early", f"{field}.pier", CATALOG)
        return
    if s.pier is None:
        raise InputError("pier-missing", f"{field}.pier", CATALOG)
    if s.pier["tile"] != last["index"]:
        raise InputError("pier-tile", f"{field}.pier.tile", CATALOG, expected=last["index"], value=s.pier["tile"])
    isl = tile_islands(last["tile"])
    origin, d = tuple(last["origin"]), last["dir"]
    fields = [[p[0], p[1]] for p in (field_at(origin, d, a, b) for a, b in BOARD["tabs"][s.pier["side"]]
                                     if (a, b) not in isl)]
    if s.pier["fields"] != fields:
        raise InputError("pier-fields", f"{field}.pier.fields", CATALOG, expected=_names(s, fields))


def _check_steamers(s, field):
    """Where the steamers are, and the places of those that finished."""
    cells = s._cellmap()
    islands = s._islands
    seen = {}
    places = {}
    on_rear = False
    for i, st in enumerate(s.steamers):
        f = f"{field}.steamers[{i}]"
        racing = st["status"] == "racing"
        if (st["pos"] is not None) != racing:
            raise InputError("steamer-pos-status", f + ".pos", CATALOG, status=st["status"])
        if (st["place"] > 0) != (st["status"] == "finished"):
            raise InputError("steamer-place-status", f + ".place", CATALOG, status=st["status"])
        if st["place"]:
            if st["place"] in places:
                raise InputError("place-twice", f + ".place", CATALOG, place=st["place"],
                                 other=places[st["place"]] + 1)
            places[st["place"]] = i
        if len(st["picked"]) != st["passengers"]:
            raise InputError("passengers-picked", f + ".passengers", CATALOG, value=st["passengers"],
                             picked=len(st["picked"]))
        if not racing:
            continue
        p = tuple(st["pos"])
        if p not in cells:
            raise InputError("steamer-off-river", f + ".pos", CATALOG, hex=s.field_name(p))
        if p in islands:
            raise InputError("steamer-on-island", f + ".pos", CATALOG, hex=s.field_name(p))
        if p in seen:
            raise InputError("steamers-share-field", f + ".pos", CATALOG, hex=s.field_name(p), other=seen[p] + 1)
        seen[p] = i
        on_rear = on_rear or cells[p][0] == 0
    if seen and len(s.tiles) > 1 and not on_rear:
        raise InputError("rear-tile-empty", f"{field}.tiles[0]", CATALOG, index=s.tiles[0]["index"])
    expected = len(places) + 1
    if sorted(places) != list(range(1, expected)):
        missing = min(set(range(1, expected)) - set(places))
        raise InputError("place-gap", f"{field}.steamers[{places[max(places)]}].place", CATALOG, place=missing)
    if s.next_place != expected:
        raise InputError("next-place", f"{field}.next_place", CATALOG, expected=expected, value=s.next_place)


def _check_passengers(s, field):
    """Every passenger is counted once: in the supply, at a station, on a steamer or back in the box."""
    n = s.players
    passenger = s.options["game"] == "passenger"
    total = BOARD["passengers"][str(n)] if passenger else 0
    if s.total_passengers != total:
        raise InputError("passengers-total", f"{field}.total_passengers", CATALOG, expected=total,
                         value=s.total_passengers)
    per = BOARD["per_station"][str(n)]
    takers = {}
    for st in s.steamers:
        for island in st["picked"]:
            takers[island] = takers.get(island, 0) + 1
    on_tiles = 0
    for i, t in enumerate(s.tiles):
        roofs = {x["id"]: x["station"]["roof"] for x in TILES[t["tile"]]["islands"] if "station" in x}
        for island, count in t["passengers"].items():
            most = per[roofs[island]] - takers.get(island, 0) if passenger else 0
            if count > most:
                raise InputError("station-too-many", f"{field}.tiles[{i}].passengers.{island}", CATALOG,
                                 most=max(most, 0), value=count)
            on_tiles += count
    held = sum(st["passengers"] for st in s.steamers)
    if s.supply + on_tiles + held + s.box != total:
        raise InputError("passengers-conserved", f"{field}.supply", CATALOG, supply=s.supply, stations=on_tiles,
                         held=held, box=s.box, total=total)


def _check_turns(s, field):
    """Phase, round, turn order and the pushed steamers still to turn, and the end of the race."""
    n = s.players
    racing = [i for i, st in enumerate(s.steamers) if st["status"] == "racing"]
    finished = any(st["status"] == "finished" for st in s.steamers)
    phase, limit = s.phase, s.options["round_limit"]
    seen = set()
    for i, seat in enumerate(s.order):
        if seat in seen:
            raise InputError("order-twice", f"{field}.order[{i}]", CATALOG, seat=seat + 1)
        seen.add(seat)
    if phase == "setup":
        if s.order != list(range(n)):
            raise InputError("order-setup", f"{field}.order", CATALOG)
        if s.round != 0:
            raise InputError("round-setup", f"{field}.round", CATALOG, value=s.round)
        for i, st in enumerate(s.steamers):
            if st["status"] != "racing":
                raise InputError("setup-not-racing", f"{field}.steamers[{i}].status", CATALOG)
    else:
        if s.round < 1:
            raise InputError("round-zero", f"{field}.round", CATALOG)
        for seat in racing:
            if seat not in seen:
                raise InputError("order-missing", f"{field}.order", CATALOG, seat=seat + 1)
        if s.options["game"] == "learning" and s.order != sorted(s.order):
            raise InputError("order-seats", f"{field}.order", CATALOG)
    over_by_limit = bool(limit) and s.round > limit
    if limit and s.round > limit + 1:
        raise InputError("field-range", f"{field}.round", low=0, high=limit + 1, value=s.round)
    ended = not racing or (finished and not s.options["race_for_places"])
    if phase == "over":
        if not (ended or over_by_limit):
            raise InputError("over-too-early", f"{field}.phase", CATALOG)
    elif over_by_limit or (ended and phase != "heading"):
        # pushed steamers still turn after the move that ended the race, so "heading" may follow it
        raise InputError("over-missed", f"{field}.phase", CATALOG, phase=phase)
    if s.order and s.turn >= len(s.order):
        raise InputError("field-range", f"{field}.turn", low=0, high=len(s.order) - 1, value=s.turn)
    if phase in ("setup", "move") and s.steamers[s.order[s.turn]]["status"] != "racing":
        raise InputError("turn-not-racing", f"{field}.turn", CATALOG, seat=s.order[s.turn] + 1)
    if (phase == "heading") != bool(s.pending):
        raise InputError("pending-phase", f"{field}.pending", CATALOG, phase=phase)
    pend = set()
    for i, seat in enumerate(s.pending):
        if seat in pend:
            raise InputError("pending-twice", f"{field}.pending[{i}]", CATALOG, seat=seat + 1)
        pend.add(seat)
        if s.steamers[seat]["status"] != "racing":
            raise InputError("pending-not-racing", f"{field}.pending[{i}]", CATALOG, seat=seat + 1)
