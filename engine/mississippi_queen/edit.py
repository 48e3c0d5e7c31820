"""Editing a Mississippi Queen position (the Ask page's editor): operations on a draft, the position's
JSON, that keep it whole as the component model (position.py) counts it. The Position names them
(`POSITION.edits`): the editor and a problem's one-tap fix run them by name (engine/core/edit.py).

Each function changes the draft in place and returns it. They expect the draft's shape (the schema's
fields); on a draft the reader broke by hand they may raise KeyError, IndexError or TypeError, and the
editor then leaves the draft as it was. The passengers follow from the rest: every operation ends
with `recount`, which puts each station's share less those taken, the supply and the box where the
model says, so the editor never counts passengers by hand.
"""

from __future__ import annotations

from .board import BOARD, TILE_IDS, TILES, field_at, next_placement, tile_fields, tile_islands
from .position import START, passengers_in_play, pier_fields, station_share

SIDES = ("L", "C", "R")


# ------------------------------------------------------------------------------------ reading
def passenger_game(draft) -> bool:
    return (draft.get("options") or {}).get("game", "learning") == "passenger"


def cells(draft) -> dict:
    """{(q, r): (tile list index, a, b)} of the river on the table."""
    out = {}
    for li, t in enumerate(draft["tiles"]):
        for p, (a, b) in tile_fields(tuple(t["origin"]), t["dir"]).items():
            out[p] = (li, a, b)
    return out


def water(draft, tile_index: int) -> list:
    """The water fields of one tile (list index), entry row first."""
    t = draft["tiles"][tile_index]
    isl = tile_islands(t["tile"])
    return [field_at(tuple(t["origin"]), t["dir"], a, b) for a in range(4) for b in range(-2, 3) if (a, b) not in isl]


def steamer_at(draft, p):
    """The seat whose racing steamer is on field p, or None."""
    for seat, st in enumerate(draft["steamers"]):
        if st["status"] == "racing" and st["pos"] is not None and tuple(st["pos"]) == tuple(p):
            return seat
    return None


# ------------------------------------------------------------------------------------ steamers
def place_steamer(draft, seat: int, p) -> dict:
    """Steamer `seat` onto water field p, from wherever it was (a finished or out steamer races
    again). A field another steamer holds is left alone. A steamer put on the newest tile while
    tiles are left explores it: the next tile is laid, straight ahead where it fits, as in play."""
    other = steamer_at(draft, p)
    if other is not None and other != seat:
        return draft
    st = draft["steamers"][seat]
    st.update(pos=[p[0], p[1]], status="racing", place=0)
    _renumber(draft)
    where = cells(draft).get(tuple(p))
    if where and where[0] == len(draft["tiles"]) - 1 and draft["deck"]:
        for side in ("C", "L", "R"):
            if lay_tile(draft, side, fits_only=True) is not None:
                break
    return fix_order(draft)


def remove_steamer(draft, seat: int) -> dict:
    """The steamer leaves the race (out, in the box); its passengers stay aboard."""
    draft["steamers"][seat].update(status="out", pos=None, place=0)
    _renumber(draft)
    return fix_order(draft)


def turn_steamer(draft, seat: int, by: int) -> dict:
    st = draft["steamers"][seat]
    st["dir"] = (st["dir"] + by) % 6
    return draft


def set_status(draft, seat: int, status: str) -> dict:
    """Racing (on the first free water field of the river if it had none), finished (with the next
    place) or out."""
    st = draft["steamers"][seat]
    if status == "racing" and st["pos"] is None:
        free = next((p for li in range(len(draft["tiles"])) for p in water(draft, li) if steamer_at(draft, p) is None), None)
        st.update(status="racing", pos=list(free) if free else None, place=0)
    elif status != "racing":
        st.update(status=status, pos=None, place=0 if status != "finished" else st["place"] or 99)
    _renumber(draft)
    return fix_order(draft)


def _renumber(draft):
    """The finished steamers' places 1, 2, … in their order so far (a newly finished one last), and
    the next place after them."""
    done = sorted((st["place"], seat) for seat, st in enumerate(draft["steamers"]) if st["status"] == "finished")
    for k, (_, seat) in enumerate(done):
        draft["steamers"][seat]["place"] = k + 1
    draft["next_place"] = len(done) + 1


def renumber_places(draft) -> dict:
    """The places 1, 2, … without a gap, in their order so far, and the next place after them."""
    _renumber(draft)
    return draft


def setup_steamers(draft) -> dict:
    """Every steamer as the setup puts it (MQ-2): racing on its start spot, speed 1, coal 6, nobody
    aboard; the seats from `turn` on, which have not chosen their heading yet, facing downstream."""
    spots = BOARD["start"]["spots"]
    turn = draft["turn"] if isinstance(draft.get("turn"), int) else 0
    for seat, st in enumerate(draft["steamers"][: len(spots)]):
        p = field_at((0, 0), 0, *spots[seat])
        st.update(pos=[p[0], p[1]], status="racing", place=0, speed=1, coal=6, picked=[])
        if seat >= turn:
            st["dir"] = 0
    _renumber(draft)
    return fix_order(recount(draft))


def fix_order(draft) -> dict:
    """Every racing steamer has a turn in the round (the learning game, and the setup: by seat); a
    seat no longer racing keeps its place, which the engine skips; pushed steamers still to turn are
    racing ones."""
    steamers = draft["steamers"]
    racing = [i for i, st in enumerate(steamers) if st["status"] == "racing"]
    order = [s for s in draft["order"] if isinstance(s, int) and 0 <= s < len(steamers)]
    order += [s for s in racing if s not in order]
    if draft["phase"] == "setup":
        order = list(range(len(steamers)))
    elif not passenger_game(draft):
        order = sorted(order)
    draft["order"] = list(dict.fromkeys(order))
    draft["pending"] = [s for s in draft["pending"] if s in racing]
    if draft["turn"] >= len(draft["order"]):
        draft["turn"] = 0
    return draft


def set_phase(draft, phase: str) -> dict:
    """The phase, and the turn order it implies (the setup goes by seat); the round and the steamers
    still to turn are the reader's to set: the position's problems say if they no longer fit."""
    draft["phase"] = phase
    return fix_order(draft)


# ------------------------------------------------------------------------------------ the river
def lay_tile(draft, side: str, fits_only: bool = False):
    """The deck's top tile (in the learning game, when the deck is empty, one from the box) at tab
    `side` of the newest tile, which is then explored; the pier follows the last tile (at its centre
    tab, where the die would put it to be moved with `set_pier`). None, and nothing changed, when no
    tile is left or (`fits_only`) the tile would overlap the river."""
    tiles, deck = draft["tiles"], draft["deck"]
    used = {t["tile"] for t in tiles} | set(deck)
    if deck:
        tid = deck[0]
    elif not passenger_game(draft) and tiles[-1]["index"] < BOARD["learning_tiles"]:
        tid = next((t for t in TILE_IDS if t not in used), None)
    else:
        tid = None
    if tid is None:
        return None
    last = tiles[-1]
    origin, d = next_placement(tuple(last["origin"]), last["dir"], side)
    if fits_only and set(tile_fields(origin, d)) & set(cells(draft)):
        return None
    if deck:
        deck.pop(0)
    for t in tiles:
        t["explored"] = True
    new = {"tile": tid, "index": last["index"] + 1, "origin": list(origin), "dir": d, "explored": False, "passengers": {}}
    tiles.append(new)
    draft["pier"] = None if deck else {"side": "C", "tile": new["index"], "fields": pier_fields(new, "C")}
    return recount(draft)


def unlay_tile(draft) -> dict:
    """The newest tile back on top of the deck (the tile before it becomes the newest, unexplored);
    steamers on it go out of the race with it, and the pier goes back beside the deck."""
    tiles = draft["tiles"]
    if len(tiles) < 2:
        return draft
    here = cells(draft)
    li = len(tiles) - 1
    for seat, st in enumerate(draft["steamers"]):
        if st["status"] == "racing" and st["pos"] is not None and here.get(tuple(st["pos"]), (None,))[0] == li:
            remove_steamer(draft, seat)
    gone = tiles.pop()
    draft["deck"].insert(0, gone["tile"])
    tiles[-1]["explored"] = False
    draft["pier"] = None
    for seat, st in enumerate(draft["steamers"]):
        if st["status"] == "finished":
            remove_steamer(draft, seat)
    return recount(draft)


def drop_rear(draft) -> dict:
    """The rearmost tile into the box (its waiting passengers with it); steamers on it leave the race."""
    tiles = draft["tiles"]
    if len(tiles) < 2:
        return draft
    here = cells(draft)
    for seat, st in enumerate(draft["steamers"]):
        if st["status"] == "racing" and st["pos"] is not None and here.get(tuple(st["pos"]), (None,))[0] == 0:
            remove_steamer(draft, seat)
    tiles.pop(0)
    return recount(draft)


def set_pier(draft, side: str) -> dict:
    """The pier at tab `side` of the newest tile (only once the deck is empty)."""
    if draft["deck"]:
        return draft
    last = draft["tiles"][-1]
    draft["pier"] = {"side": side, "tile": last["index"], "fields": pier_fields(last, side)}
    return draft


# ------------------------------------------------------------------------------------ passengers
def recount(draft) -> dict:
    """The passengers where the model puts them: each station on the table has its share less those
    taken from it, the supply the deck's shares, the box what removed tiles' stations still had; in
    the learning game none. Aboard is what the steamers' `picked` say."""
    n = draft["players"]
    game = "passenger" if passenger_game(draft) else "learning"
    draft["total_passengers"] = passengers_in_play(game, n)
    if game != "passenger":
        for t in draft["tiles"]:
            t["passengers"] = {}
        for st in draft["steamers"]:
            st.update(passengers=0, picked=[])
        draft["supply"] = draft["box"] = 0
        return draft
    taken = {}
    for st in draft["steamers"]:
        st["passengers"] = len(st["picked"])
        for island in st["picked"]:
            taken[island] = taken.get(island, 0) + 1
    for t in draft["tiles"]:
        share = station_share(t["tile"], n) if t["tile"] != START else {}
        t["passengers"] = {island: max(k - taken.get(island, 0), 0) for island, k in share.items()}
    draft["supply"] = sum(sum(station_share(tile, n).values()) for tile in draft["deck"])
    laid = {t["tile"] for t in draft["tiles"]} | set(draft["deck"])
    draft["box"] = sum(
        max(k - taken.get(island, 0), 0) for tile in TILE_IDS if tile not in laid for island, k in station_share(tile, n).items()
    )
    return draft


def _takeable(draft, seat):
    """Islands steamer `seat` could have a passenger from: stations of tiles laid so far (on the table,
    then removed ones) with one left for it, and not one it has taken from already."""
    n = draft["players"]
    taken = {}
    for st in draft["steamers"]:
        for island in st["picked"]:
            taken[island] = taken.get(island, 0) + 1
    table = [t["tile"] for t in draft["tiles"]]
    removed = [t for t in TILE_IDS if t not in table and t not in draft["deck"]]
    mine = draft["steamers"][seat]["picked"]
    return [
        island
        for tile in table + removed
        for island, k in station_share(tile, n).items()
        if island not in mine and taken.get(island, 0) < k
    ]


def set_aboard(draft, seat: int, count: int) -> dict:
    """Steamer `seat` carries `count` passengers (0-2): one more is taken from the first station it
    could have been taken from; one fewer goes back where it came from (`recount`)."""
    picked = draft["steamers"][seat]["picked"]
    count = max(0, min(2, count))
    while len(picked) > count:
        picked.pop()
    while len(picked) < count:
        free = _takeable(draft, seat)
        if not free:
            break
        picked.append(free[0])
    return recount(draft)


def set_game(draft, game: str) -> dict:
    """The learning or the passenger game: the passenger game deals every tile (those not yet on the
    table or in the deck go to the bottom of the deck); the learning game at most three."""
    draft.setdefault("options", {})["game"] = game
    laid = {t["tile"] for t in draft["tiles"]} | set(draft["deck"])
    newest = draft["tiles"][-1]["index"]
    if game == "passenger":
        removed = max(draft["tiles"][0]["index"] - 1, 0)
        spare = [t for t in TILE_IDS if t not in laid][removed:]
        draft["deck"].extend(spare)
        if spare:
            draft["pier"] = None
    else:
        keep = max(BOARD["learning_tiles"] - newest, 0)
        if len(draft["deck"]) > keep:
            del draft["deck"][keep:]
            if not draft["deck"]:
                last = draft["tiles"][-1]
                draft["pier"] = {"side": "C", "tile": last["index"], "fields": pier_fields(last, "C")}
    return fix_order(recount(draft))


def resize(draft, players: int) -> dict:
    """A table of `players`, the draft carried over (engine/core/edit.py, `change_setting`): steamers
    added on free water fields of the rearmost tile with full coal (out if none is free); steamers
    beyond the table kept where they are, for the problems to name with their fix
    (`return_extra_steamers`), so that changing back loses nothing. The passengers follow the table."""
    steamers = draft["steamers"]
    if len(steamers) > players:
        draft["players"] = players
        draft["order"] = [s for s in draft["order"] if s < players]
        draft["pending"] = [s for s in draft["pending"] if s < players]
        return draft
    spots = [p for p in water(draft, 0)]
    while len(steamers) < players:
        spot = next((p for p in spots if steamer_at(draft, p) is None), None)
        steamers.append(
            {
                "pos": list(spot) if spot else None,
                "dir": 0,
                "speed": 1,
                "coal": 6,
                "passengers": 0,
                "picked": [],
                "status": "racing" if spot else "out",
                "place": 0,
            }
        )
    draft["players"] = players
    draft["order"] = [s for s in draft["order"] if s < players]
    draft["pending"] = [s for s in draft["pending"] if s < players]
    if draft["turn"] >= max(1, len(draft["order"])):
        draft["turn"] = 0
    _renumber(draft)
    return fix_order(recount(draft))


def return_extra_steamers(draft) -> dict:
    """The steamers beyond the table's size back in the box (with the passengers they carried, which
    go back to their stations)."""
    players = draft["players"]
    del draft["steamers"][players:]
    draft["order"] = [s for s in draft["order"] if s < players]
    draft["pending"] = [s for s in draft["pending"] if s < players]
    if draft["turn"] >= max(1, len(draft["order"])):
        draft["turn"] = 0
    _renumber(draft)
    return fix_order(recount(draft))


def station_tiles(tile_id: str) -> list:
    """The station islands of a tile, as the board data lists them."""
    return [i for i in TILES[tile_id]["islands"] if "station" in i]


def after_set(draft, path: list, old) -> dict:
    """The editor set the value at `path` (engine/core/edit.py; it was `old`): the operation for it
    keeps the rest whole (the passengers aboard come from a station and go back to it; a status moves
    the steamer; the variant deals the tiles and the passengers)."""
    new = draft
    for key in path:
        new = new[key]
    if path == ["options", "game"]:
        return set_game(draft, new)
    if len(path) == 3 and path[0] == "steamers" and path[2] in ("passengers", "status"):
        draft["steamers"][path[1]][path[2]] = old  # the operation changes it from what it was
        return (set_aboard if path[2] == "passengers" else set_status)(draft, path[1], new)
    if path == ["phase"]:
        return set_phase(draft, new)
    return draft
