"""Mississippi Queen: state, move legality, river building, turn order.

A turn is one action, the whole plan of the move:

    {"type": "move", "speed": 3, "path": ["L", "F", "F", "R", "F"], "push": [[q, r]], "brake": 0}

- "speed": the speed wheel for this move (1..6), set before moving;
- "path": "F" = one step ahead along the heading, "L"/"R" = a 60 degree turn left/right;
- "push": where each steamer that the path runs into is pushed to (axial [q, r]), in order;
- "brake": passenger game only, steps the speed wheel is lowered after landing at the pier.

Other actions: {"type": "heading", "dir": 0..5} (starting heading at setup, or the new
heading of a steamer that was pushed) and {"type": "retire"} (a steamer with no legal move).
Any action may name the seat that acts ("player", from 0); it must be the seat on turn.

Reading, writing and checking a position are in position.py, descriptions in describe.py.
"""

from __future__ import annotations

from collections import deque

from ..core import Rng, State, cites
from ..core.messages import LANGS, N_
from . import position
from .board import (
    BOARD,
    DIRS,
    TILE_IDS,
    TILES,
    add,
    depth,
    dot,
    field_at,
    neighbours,
    next_placement,
    right_of,
    tile_fields,
    tile_islands,
)
from .describe import describe_action
from .messages import CATALOG, colour, direction, field_words

PHASE_CODES = (N_("phase-setup"), N_("phase-move"), N_("phase-heading"))  # built as "phase-" + phase

SIDES = ("L", "C", "R")
LOOKAHEAD = 3
# TURNS[h]: the turn tokens and the headings they give, looked up in the move search's inner loop
TURNS = tuple((("L", (h + 1) % 6), ("R", (h + 5) % 6)) for h in range(6))


# The river's field maps by the tiles' ids and places: positions of one race share them, and copies
# (which drop their caches) find them here. Read-only.
_GEOMETRY: dict = {}


def _geometry(tiles) -> dict:
    cells, islands, piers = {}, {}, {}
    for li, t in enumerate(tiles):
        origin, d = tuple(t["origin"]), t["dir"]
        isl = tile_islands(t["tile"])
        for a, b in ((a, b) for a in range(4) for b in range(-2, 3)):
            p = field_at(origin, d, a, b)
            cells[p] = (li, a, b)
            if (a, b) in isl:
                islands[p] = isl[(a, b)]["id"]
        for island in TILES[t["tile"]]["islands"]:
            if "station" in island:
                a, b = island["station"]["pier"]
                piers[field_at(origin, d, a, b)] = (li, island["id"], island["station"]["roof"])
    return {"cells": cells, "islands": islands, "piers": piers}


# A number with its noun in each language ("1 turn", "2 turns"): each code's plural call spelled out,
# so that `extract` finds it; the words are kept, as every legal move's verdict takes three.
_PLURALS = {
    "n-points": lambda n, lang: CATALOG.plural("n-points", n, lang),
    "n-turns": lambda n, lang: CATALOG.plural("n-turns", n, lang),
    "n-coal": lambda n, lang: CATALOG.plural("n-coal", n, lang),
}
_COUNTED: dict = {}


def _counted(code: str, n: int) -> dict:
    """The message parameter {lang: "n noun"} for `code` and n."""
    found = _COUNTED.get((code, n))
    if found is None:
        found = _COUNTED[code, n] = {lang: _PLURALS[code](n, lang) for lang in LANGS}
    return dict(found)


class MQState(State):
    end_rules = ("MQ-8.3", "MQ-8.4")
    # caches of the river's geometry and of the move search; a copy rebuilds them when asked
    _transient = ("_cells", "_islands", "_piers", "_landing", "_geometry", "_step", "_water", "_moves")
    _cells = _step = _moves = None

    # ------------------------------------------------------------------ setup
    @classmethod
    @cites("MQ-2.1", "MQ-2.2", "MQ-2.3", "MQ-9.1")
    def initial(cls, game, players, seed, options):
        s = cls(game, dict(options))
        s.players = players
        s.rng = Rng(seed)
        deck = list(TILE_IDS)
        s.rng.shuffle(deck)
        if options["game"] == "learning":
            deck = deck[: BOARD["learning_tiles"]]
            s.supply = 0
        else:
            s.supply = BOARD["passengers"][str(players)]
        s.total_passengers = s.supply
        s.box = 0
        s.deck = deck
        s.tiles = [{"tile": BOARD["start"]["id"], "index": 0, "origin": [0, 0], "dir": 0, "explored": True, "passengers": {}}]
        s.pier = None
        s.steamers = []
        spots = BOARD["start"]["spots"]
        for seat in range(players):
            a, b = spots[seat]
            pos = field_at((0, 0), 0, a, b)
            s.steamers.append(
                {
                    "pos": [pos[0], pos[1]],
                    "dir": 0,
                    "speed": 1,
                    "coal": 6,
                    "passengers": 0,
                    "picked": [],
                    "status": "racing",
                    "place": 0,
                }
            )
        s.phase = "setup"
        s.order = list(range(players))
        s.turn = 0
        s.round = 0
        s.pending = []
        s.next_place = 1
        s.rolls = []
        s._reset_cache()
        # The first river tile is attached straight ahead ("középen") at setup, without a roll.
        s._place_tile("C", None)
        return s

    def _reset_cache(self):
        self._cells = None
        self._step = None
        self._moves = None

    # ------------------------------------------------------------------ JSON
    def _to_json(self) -> dict:
        return position.to_json(self)

    @classmethod
    def load(cls, game, data, field, options):
        return position.load(cls, game, data, field, options)

    def problems(self, field="state"):
        return position.problems(self, field)

    # ------------------------------------------------------------------ the river
    def _cellmap(self):
        """{(q, r): (list index of tile, a, b)}, plus island, pier-field and landing lookups."""
        if self._cells is None:
            key = tuple((t["tile"], t["origin"][0], t["origin"][1], t["dir"]) for t in self.tiles)
            geometry = _GEOMETRY.get(key)
            if geometry is None:
                if len(_GEOMETRY) >= 256:
                    _GEOMETRY.clear()
                geometry = _GEOMETRY[key] = _geometry(self.tiles)
            self._cells, self._islands, self._piers = geometry["cells"], geometry["islands"], geometry["piers"]
            self._geometry = geometry
            self._landing = {tuple(p) for p in self.pier["fields"]} if self.pier else set()
            self._step = None
        return self._cells

    def field_name(self, p) -> dict:
        """A field as the board labels it ({lang: text}, a message parameter): "2. folyómező, B3". A field off
        the river is named by a river field next to it, or said to be off the river."""
        cells = self._cellmap()
        p = (p[0], p[1])
        hit = cells.get(p)
        if hit is None:
            for n in neighbours(p):
                if n in cells:
                    return CATALOG.both("field-beside", field=self.field_name(n))
            return CATALOG.both("field-off-river")
        li, a, b = hit
        t = self.tiles[li]
        return field_words(t["index"], t["tile"] == BOARD["start"]["id"], a, b)

    def _occupied(self, exclude=None):
        return {tuple(s["pos"]): i for i, s in enumerate(self.steamers) if s["status"] == "racing" and i != exclude}

    def _fits(self, fields, cells) -> bool:
        return not any(p in cells for p in fields)

    @cites("MQ-6.3", "MQ-10.3")
    def _feasible(self, origin, d, side, occupied, left, depth_) -> bool:
        """Does the tile attached at `side` fit (no overlap) and leave a way on for `depth_` more tiles?"""
        o2, d2 = next_placement(origin, d, side)
        new = tile_fields(o2, d2)
        if not self._fits(new, occupied):
            return False
        if depth_ == 0:
            return True
        both = set(occupied) | set(new)
        if left == 0:
            return any(self._pier_fits(o2, d2, s, both) for s in SIDES)
        return any(self._feasible(o2, d2, s, both, left - 1, depth_ - 1) for s in SIDES)

    def _pier_fits(self, origin, d, side, occupied) -> bool:
        o2, d2 = next_placement(origin, d, side)
        return self._fits([field_at(o2, d2, 0, b) for b in range(-2, 3)], occupied)

    @cites("MQ-6.2", "MQ-6.3")
    def _roll(self, allowed) -> str:
        """Rolls the direction die until it shows an allowed face (a reroll for a tile that would overlap)."""
        faces = BOARD["die"]
        while True:
            face = faces[self.rng.below(len(faces))]
            self.rolls.append(face)
            if face in allowed:
                return face

    @cites("MQ-6.2", "MQ-6.3", "MQ-8.1", "MQ-9.2")
    def _place_tile(self, side, placer):
        last = self.tiles[-1]
        origin, d = tuple(last["origin"]), last["dir"]
        occupied = set(self._cellmap())
        left = len(self.deck) - 1
        if side is None:
            allowed = []
            for depth_ in range(LOOKAHEAD, -1, -1):
                allowed = [s for s in SIDES if self._feasible(origin, d, s, occupied, left, depth_)]
                if allowed:
                    break
            if not allowed:  # pragma: no cover - the lookahead keeps a way open
                raise RuntimeError("no river tile fits")
            side = self._roll(allowed)
        tid = self.deck.pop(0)
        o2, d2 = next_placement(origin, d, side)
        tile = {"tile": tid, "index": last["index"] + 1, "origin": [o2[0], o2[1]], "dir": d2, "explored": False, "passengers": {}}
        if self.options["game"] == "passenger":
            per = BOARD["per_station"][str(self.players)]
            for island in TILES[tid]["islands"]:
                if "station" in island:
                    k = min(per[island["station"]["roof"]], self.supply)
                    self.supply -= k
                    tile["passengers"][island["id"]] = k
        self.tiles.append(tile)
        self._reset_cache()
        if not self.deck:
            self._place_pier(o2, d2)

    @cites("MQ-8.1", "MQ-8.2")
    def _place_pier(self, origin, d):
        occupied = set(self._cellmap())
        allowed = [s for s in SIDES if self._pier_fits(origin, d, s, occupied)] or list(SIDES)
        side = self._roll(allowed)
        t = self.tiles[-1]
        isl = tile_islands(t["tile"])
        fields = [field_at(origin, d, a, b) for a, b in BOARD["tabs"][side] if (a, b) not in isl]
        self.pier = {"side": side, "tile": t["index"], "fields": [[p[0], p[1]] for p in fields]}
        self._reset_cache()

    @cites("MQ-6.4", "MQ-9.5")
    def _remove_rear(self):
        if not any(s["status"] == "racing" for s in self.steamers):
            return
        while len(self.tiles) > 1:
            cells = self._cellmap()
            if any(s["status"] == "racing" and cells[tuple(s["pos"])][0] == 0 for s in self.steamers):
                return
            gone = self.tiles.pop(0)
            self.box += sum(gone["passengers"].values())
            self._reset_cache()

    # ------------------------------------------------------------------ turn order
    @property
    def current_player(self) -> int:
        if self.phase == "heading":
            return self.pending[0]
        if not self.order:
            return 0
        return self.order[min(self.turn, len(self.order) - 1)]

    @property
    def player_count(self) -> int:
        return self.players

    def turn_rules(self, kind):
        if self.phase == "heading":
            return ("MQ-7.4",)
        if self.phase == "setup":
            return ("MQ-2.4", "MQ-3")
        if self.options["game"] != "passenger":
            return ("MQ-3",)
        if self.round == 1 and self.options["first_round"] == "seats":
            return ("MQ-9.6", "MQ-3")  # the reading: round 1 goes as in the learning game
        return ("MQ-9.6",)

    def phase_allows(self, kind):
        if kind == "heading":
            return self.phase in ("setup", "heading")
        return self.phase == "move"

    def wrong_phase(self, kind):
        if kind == "heading":
            return self._no("not-heading-phase", "MQ-2.4", "MQ-7.4", phase=self._phase_word())
        return self._no("not-move-phase", "MQ-10.1", phase=self._phase_word())

    @cites("MQ-9.6", "MQ-9.7")
    def rank(self, seats=None) -> list:
        """Racing steamers, furthest ahead first (passenger-game turn order)."""
        cells = self._cellmap()
        seats = [i for i, s in enumerate(self.steamers) if s["status"] == "racing"] if seats is None else seats

        def base(i):
            s = self.steamers[i]
            li, a, b = cells[tuple(s["pos"])]
            return (self.tiles[li]["index"], depth(a, b), s["speed"], s["coal"])

        groups = {}
        for i in seats:
            groups.setdefault(base(i), []).append(i)
        out = []
        for key in sorted(groups, reverse=True):
            group = groups[key]
            headings = {self.steamers[i]["dir"] for i in group}
            if self.options["right_hand"] == "heading" and len(headings) == 1:
                v = right_of(headings.pop())
                right = {i: dot(tuple(self.steamers[i]["pos"]), v) for i in group}
            else:
                right = {i: cells[tuple(self.steamers[i]["pos"])][2] for i in group}
            out.extend(sorted(group, key=lambda i: (-right[i], i)))
        return out

    @cites("MQ-3", "MQ-9.6")
    def _round_order(self):
        if self.options["game"] == "passenger":
            return self.rank()
        return [i for i, s in enumerate(self.steamers) if s["status"] == "racing"]

    @cites("MQ-3", "MQ-9.6")
    def _first_order(self):
        """Round 1's order: in the passenger game, by the ranking (the reading `first_round: ahead`) or in seat
        order, from start spot 1 (`seats`)."""
        if self.options["game"] == "passenger" and self.options["first_round"] == "ahead":
            return self.rank()
        return list(range(self.players))

    @cites("MQ-8.4", "MQ-10.2")
    def _advance(self):
        racing = [i for i, s in enumerate(self.steamers) if s["status"] == "racing"]
        finished = any(s["status"] == "finished" for s in self.steamers)
        if not racing or (finished and not self.options["race_for_places"]):
            self.phase = "over"
            return
        self.phase = "move"
        self.turn += 1
        while True:
            if self.turn >= len(self.order):
                self.round += 1
                limit = self.options["round_limit"]
                if limit and self.round > limit:
                    self.phase = "over"
                    self.turn = max(0, len(self.order) - 1)
                    return
                self.order = self._round_order()
                self.turn = 0
            if self.steamers[self.order[self.turn]]["status"] == "racing":
                return
            self.turn += 1

    # ------------------------------------------------------------------ costs
    @cites("MQ-4.1")
    def speed_cost(self, old: int, new: int) -> int:
        delta = abs(new - old)
        if delta <= 1:
            return 0
        if self.options["speed_cost"] == "example" and new > old:
            return delta
        return delta - 1

    @staticmethod
    @cites("MQ-5.3")
    def turn_cost(turns: int) -> int:
        return max(0, turns - 1)

    # ------------------------------------------------------------------ checking a plan
    def _walk(self, action):
        """Follows a plan. A generator (engine/core/game.py, `State.check`): it yields the verdict of
        each rule the plan breaks and returns the move's result, or None when it breaks one. A fault
        of the path stops the walk (where the steamer would be is then unknown), but the coal the plan
        needs is still counted, since the speed change and the turns do not depend on the way."""
        speed, path, brake = action["speed"], action["path"], action.get("brake", 0)
        targets = [(p[0], p[1]) for p in action.get("push", ())]
        if not 1 <= speed <= 6:
            yield self._no("speed-range", "MQ-4.2", about=("action.speed",), speed=speed)
            return None
        if brake < 0 or brake >= speed:
            yield self._no("brake-range", "MQ-9.8", "MQ-4.2", about=("action.brake",), brake=brake, most=speed - 1)
            return None
        seat = self.current_player
        me = self.steamers[seat]
        cells = self._cellmap()
        islands, landing = self._islands, self._landing
        passenger = self.options["game"] == "passenger"
        qualifies = (not passenger) or (me["passengers"] >= 2 and speed - brake == 1)
        pos, h = tuple(me["pos"]), me["dir"]
        occ = self._occupied(exclude=seat)
        fields = [pos]
        pushes = []  # (seat, from, to, occupied-at-the-time, item index)
        pts = 0
        turns = len(path) - path.count("F")
        finished = False
        fault = None
        for i, tok in enumerate(path):
            if finished:
                fault = self._no("moves-after-finish", "MQ-8.3", about=("action.path",), index=i + 1, field=self.field_name(pos))
                break
            if tok != "F":
                h = (h + (1 if tok == "L" else -1)) % 6
                continue
            if pts >= speed:
                ahead = self.field_name(add(pos, DIRS[h]))
                if pushes:  # each push took a movement point of its own
                    fault = self._no(
                        "too-many-steps-pushed",
                        "MQ-5.1",
                        "MQ-7.1",
                        about=("action.path", "action.speed"),
                        speed=speed,
                        index=i + 1,
                        pushes=len(pushes),
                        field=ahead,
                    )
                else:
                    fault = self._no(
                        "too-many-steps", "MQ-5.1", about=("action.path", "action.speed"), speed=speed, index=i + 1, field=ahead
                    )
                break
            nxt = add(pos, DIRS[h])
            if nxt not in cells:
                fault = self._off_river(i, pos, nxt)
                break
            if nxt in islands:
                fault = self._no("island", "MQ-5.2", about=("action.path",), index=i + 1, field=self.field_name(nxt))
                break
            pts += 1
            fields.append(nxt)
            pos = nxt
            if nxt in occ:
                other = occ[nxt]
                if any(other == sw for sw, _, _, _, _ in pushes):
                    # the steamer was pushed here earlier in this move: the pusher may not enter its target
                    fault = self._no(
                        "push-target-on-path",
                        "MQ-7.2",
                        about=("action.path", "action.push"),
                        field=self.field_name(nxt),
                        other=colour(other),
                    )
                    break
                if pts >= speed:
                    fault = self._no(
                        "push-no-points",
                        "MQ-7.1",
                        "MQ-7.3",
                        about=("action.speed", "action.path"),
                        index=i + 1,
                        other=colour(other),
                        field=self.field_name(nxt),
                    )
                    break
                if len(pushes) >= len(targets):
                    fault = self._no(
                        "push-target-missing",
                        "MQ-7.2",
                        about=("action.push",),
                        index=i + 1,
                        other=colour(other),
                        field=self.field_name(nxt),
                    )
                    break
                tgt = targets[len(pushes)]
                pushes.append((other, nxt, tgt, set(occ), i + 1))
                del occ[nxt]
                if tgt not in occ:
                    occ[tgt] = other
                pts += 1
            if nxt in landing and qualifies:
                finished = True
        broken = fault is not None  # (whether it yielded: then there is no result to return)
        if broken:
            yield fault
        else:
            if not finished and pts < speed:
                pushed = ("MQ-7.1",) if pushes else ()  # the points used count the pushes
                broken = True
                yield self._no("too-few-steps", "MQ-5.1", *pushed, about=("action.speed", "action.path"), speed=speed, used=pts)
            if len(targets) > len(pushes):
                broken = True
                yield self._no("push-extra", "MQ-7.2", about=("action.push",), given=len(targets), used=len(pushes))
            whole = self.options["came_from"] == "path"
            for other, frm, tgt, occ_then, _ in pushes:
                # "ahonnan jött": the whole route, start included (`path`), or the field it came from (`previous`);
                # "ahova … lép": every field it steps on this turn, or (`previous`) the ones still ahead
                k = fields.index(frm)
                taboo = set(fields) if whole else {fields[k - 1], *fields[k:]}
                reason = self._push_problem(frm, tgt, occ_then, taboo)
                if reason:
                    broken = True
                    if not any(self._push_problem(frm, t, occ_then, taboo) is None for t in neighbours(frm)):
                        yield self._no("push-impossible", "MQ-7.3", "MQ-7.2", about=("action.path",), other=colour(other))
                    else:
                        yield self._no(reason, "MQ-7.2", about=("action.push",), field=self.field_name(tgt), other=colour(other))
            if brake and not (finished and passenger) and self.options["wheels"] != "after":
                broken = True
                yield self._no("brake-not-allowed", "MQ-9.8", "MQ-4.4", about=("action.brake",))
        sc, tc = self.speed_cost(me["speed"], speed), self.turn_cost(turns)
        need_ = sc + tc + brake
        if need_ > me["coal"]:
            rules, about = ["MQ-4.3"], [f"state.steamers[{seat}].coal"]
            if sc:
                rules.append("MQ-4.1")
                about.insert(0, "action.speed")
            if tc:
                rules.append("MQ-5.3")
                about.insert(-1, "action.path")
            if brake:
                rules.append("MQ-9.8" if finished and passenger else "MQ-4.4")
                about.insert(-1, "action.brake")
            yield self._no(
                "not-enough-coal",
                *rules,
                about=tuple(about),
                need=need_,
                have=me["coal"],
                speed_coal=sc,
                turn_coal=tc,
                brake_coal=brake,
            )
            return None
        if broken:
            return None
        return {
            "speed": speed,
            "brake": brake,
            "pos": pos,
            "dir": h,
            "fields": fields,
            "pushes": pushes,
            "finished": finished,
            "turns": turns,
            "coal": need_,
            "points": pts,
        }

    def _off_river(self, i, pos, nxt):
        """Step i + 1 of a path leaves the river at `nxt`. Beyond the newest tile, while tiles are left
        to lay, that is where the river will go on: the rule holds (MQ-5.2), but in a position set up by
        hand it is usually a precondition of the question rather than its point ("no tile ahead"), and
        laying the next tile mends it."""
        where = self.field_name(nxt)
        newest = len(self.tiles) - 1
        if self.deck and self._cellmap()[pos][0] == newest:
            last = self.tiles[-1]
            for side in ("C", "L", "R"):
                if nxt in tile_fields(*next_placement(tuple(last["origin"]), last["dir"], side)):
                    fix = self.game.fix("lay_tile", N_("fix-lay-tile"), {"side": side})
                    return self._no(
                        "off-river", "MQ-5.2", about=("action.path",), precondition=True, fix=fix, index=i + 1, field=where
                    )
        return self._no("off-river", "MQ-5.2", about=("action.path",), index=i + 1, field=where)

    def _push_problem(self, frm, tgt, occ_then, taboo):
        cells = self._cellmap()
        if tgt not in neighbours(frm):
            return N_("push-target-not-adjacent")
        if tgt not in cells:
            return N_("push-target-off-river")
        if tgt in self._islands:
            return N_("push-target-island")
        if tgt in occ_then:
            return N_("push-target-occupied")
        if tgt in taboo:
            return N_("push-target-on-path")
        return None

    @cites("MQ-4.1", "MQ-4.2", "MQ-5.1", "MQ-5.2", "MQ-5.3", "MQ-7.1", "MQ-7.2", "MQ-7.3", "MQ-8.3", "MQ-9.8")
    def _check_move(self, action):
        res = yield from self._walk(action)
        if res is None:
            return  # (it yielded every rule the plan breaks)
        rules = ["MQ-5.1", "MQ-5.3", "MQ-4.1"]
        if res["brake"] and not res["finished"]:
            rules.append("MQ-4.4")
        if res["pushes"]:
            rules += ["MQ-7.1", "MQ-7.2"]
        if res["finished"]:
            rules += ["MQ-8.3"] + (["MQ-9.8"] if self.options["game"] == "passenger" else [])
            yield self._ok("finish-ok", *rules, coal=res["coal"])
            return
        if self._pickup_spot(res["pos"], res["speed"] - res["brake"], self.current_player):
            rules.append("MQ-9.3")
        landed = [
            other
            for other, _, tgt, _, _ in res["pushes"]
            if tgt in self._landing and self.options["pushed_finish"] and self._qualifies_pushed(self.steamers[other])
        ]
        if landed:
            yield self._ok("push-lands-ok", *rules, "MQ-8.3", other=colour(landed[0]))
            return
        yield self._ok(
            "move-ok",
            *rules,
            speed=res["speed"],
            steps=_counted("n-points", res["points"]),
            turns=_counted("n-turns", res["turns"]),
            coal=_counted("n-coal", res["coal"]),
        )

    def _phase_word(self):
        return self.game.catalog.both("phase-" + self.phase) if self.phase != "over" else ""

    @cites("MQ-2.4", "MQ-7.4")
    def _check_heading(self, action):
        rule = "MQ-2.4" if self.phase == "setup" else "MQ-7.4"
        return self._ok("heading-ok", rule, dir=direction(action["dir"]))

    @cites("MQ-4.3")
    def _check_retire(self, action):
        if self._plans():
            return self._no("retire-not-stranded", "MQ-4.3")
        return self._ok("retire-ok", "MQ-4.3")

    # ------------------------------------------------------------------ applying
    def _pickup_spot(self, pos, speed, seat):
        """The (tile list index, island id) a steamer at `pos` with `speed` would take a passenger from, or None."""
        if self.options["game"] != "passenger" or speed != 1:
            return None
        self._cellmap()
        spot = self._piers.get(tuple(pos))
        if spot is None:
            return None
        li, island, _ = spot
        me = self.steamers[seat]
        if me["passengers"] >= 2 or island in me["picked"] or self.tiles[li]["passengers"].get(island, 0) <= 0:
            return None
        return li, island

    @cites("MQ-9.3", "MQ-9.4")
    def _pickup(self, seat):
        me = self.steamers[seat]
        spot = self._pickup_spot(me["pos"], me["speed"], seat)
        if spot:
            li, island = spot
            self.tiles[li]["passengers"][island] -= 1
            me["passengers"] += 1
            me["picked"].append(island)

    def _apply(self, action):
        self.rolls = []
        super()._apply(action)
        self._moves = None

    @cites("MQ-2.4", "MQ-7.4")
    def _apply_heading(self, action):
        d = action["dir"]
        seat = self.current_player
        self.steamers[seat]["dir"] = d
        if self.phase == "setup":
            self.turn += 1
            if self.turn >= len(self.order):
                self.phase = "move"
                self.round = 1
                self.turn = 0
                self.order = self._first_order()
            return
        self.pending.pop(0)
        if not self.pending:
            self._advance()

    @cites("MQ-4.3")
    def _apply_retire(self, action):
        me = self.steamers[self.current_player]
        me["status"] = "out"
        me["pos"] = None
        self._reset_cache()
        self._remove_rear()
        self._advance()

    @cites("MQ-6.1", "MQ-7.5", "MQ-8.3")
    def _apply_move(self, action):
        res = self._outcome(action)
        seat = self.current_player
        me = self.steamers[seat]
        me["coal"] -= res["coal"]
        me["speed"] = res["speed"] - res["brake"]
        me["dir"] = res["dir"]
        cells = self._cellmap()
        fli = len(self.tiles) - 1
        newest = self.tiles[-1]
        if not self.deck and not newest["explored"]:
            # the last tile: no tile follows it, but "explored" still says a steamer has been on it
            if any(cells[p][0] == fli for p in res["fields"][1:]) or any(cells[t][0] == fli for _, _, t, _, _ in res["pushes"]):
                newest["explored"] = True
        frontier = newest if (self.deck and not newest["explored"]) else None
        explorer = None
        reading = self.options["explore"]
        if frontier is not None and reading == "entry":
            if any(cells[p][0] == fli for p in res["fields"][1:]):
                explorer = seat
        for other, _, tgt, _, _ in res["pushes"]:
            self.steamers[other]["pos"] = [tgt[0], tgt[1]]
            self.pending.append(other)
            self._pickup(other)
            if frontier is not None and explorer is None and cells[tgt][0] == fli:
                explorer = other
        me["pos"] = [res["pos"][0], res["pos"][1]]
        if frontier is not None and reading == "end" and explorer is None and not res["finished"]:
            if cells[res["pos"]][0] == fli:
                explorer = seat
        if res["finished"]:
            self._finish(seat)
        else:
            self._pickup(seat)
        # pushed steamers that land on the pier
        if self.options["pushed_finish"]:
            for other, _, tgt, _, _ in res["pushes"]:
                st = self.steamers[other]
                if st["status"] == "racing" and tgt in self._landing and self._qualifies_pushed(st):
                    self._finish(other)
                    self.pending = [p for p in self.pending if p != other]
        if explorer is not None:
            frontier["explored"] = True
            self._place_tile(None, explorer)
        self._remove_rear()
        if not self.pending:
            self._advance()
        else:
            self.phase = "heading"

    def _outcome(self, action) -> dict:
        """The result of a legal move's plan (its walk yields nothing)."""
        walk = self._walk(action)
        while True:
            try:
                next(walk)
            except StopIteration as end:
                return end.value
            raise AssertionError("an illegal move was applied")  # pragma: no cover

    def _qualifies_pushed(self, st) -> bool:
        if self.options["game"] == "learning":
            return True
        return st["passengers"] >= 2 and st["speed"] == 1

    @cites("MQ-8.3", "MQ-8.4")
    def _finish(self, seat):
        st = self.steamers[seat]
        st["status"] = "finished"
        st["pos"] = None
        st["place"] = self.next_place
        self.next_place += 1
        self._reset_cache()

    # ------------------------------------------------------------------ enumeration
    def _steps(self):
        """{field: (the next field, or None off the water, for each heading)} for every water field.
        Indexed by field, then heading, without building a key: the move search looks up every step."""
        self._cellmap()
        if self._step is None:
            geometry = self._geometry
            if "step" not in geometry:
                cells, islands = geometry["cells"], geometry["islands"]
                water = {p for p in cells if p not in islands}
                step = {}
                for p in water:
                    nexts = ((p[0] + dq, p[1] + dr) for dq, dr in DIRS)
                    step[p] = tuple(n if n in water else None for n in nexts)
                geometry["water"], geometry["step"] = water, step
            self._water = geometry["water"]
            self._step = geometry["step"]
        return self._step

    def has_legal_action(self) -> bool:
        """Always, until the race is over: a heading in the setup and after a push, else a move, or
        retiring when no move can be paid for (MQ-4.3). Loading a position (every editor tap) so skips the
        move search, the bulk of a load."""
        return self.phase != "over"

    def legal_actions(self) -> list:
        out = []
        for m in self.legal_actions_shared():
            c = dict(m)
            if "path" in c:
                c["path"] = list(c["path"])
            if "push" in c:
                c["push"] = [list(x) for x in c["push"]]
            out.append(c)
        return out

    def legal_actions_shared(self) -> list:
        """The legal actions without a copy: in the move phase, the state's own kept list and dicts,
        the same at every call, so READ-ONLY (`legal_actions` gives copies to change). A state is not
        changed after a move (`apply` returns a new one), so they stay right. For a reader that only
        lists them, e.g. the sandbox: copying a steamer's first move's 1,000-2,000 plans was about a
        sixth of a click."""
        if self.phase == "over":
            return []
        if self.phase in ("setup", "heading"):
            return [{"type": "heading", "dir": d} for d in range(6)]
        return self._plans() or [{"type": "retire"}]

    @cites("MQ-10.1")
    def _plans(self) -> list:
        """Every distinct outcome of a move (end field, heading, speed, pushes), each by its cheapest plan."""
        if self._moves is not None:
            return self._moves
        seat = self.current_player
        me = self.steamers[seat]
        self._cellmap()  # fills the island and landing lookups
        landing = self._landing
        passenger = self.options["game"] == "passenger"
        can_land = (not passenger) or me["passengers"] >= 2
        start, h0, coal, v = tuple(me["pos"]), me["dir"], me["coal"], me["speed"]
        occ0 = self._occupied(exclude=seat)
        # the fields a push target must avoid: the route so far (`came_from: path`), kept for the fields next
        # to a steamer; or (`previous`) only the field the pusher comes from, so the route is not kept
        whole = self.options["came_from"] == "path"
        near = set()
        if whole:
            for p in occ0:
                near.update(neighbours(p))
        # budget[p]: most turns any plan with p movement points can still afford
        budget = []
        for p in range(7):
            spare = [coal - self.speed_cost(v, sp) for sp in range(max(p, 1), 7)]
            budget.append(max(spare) + 1 if spare and max(spare) >= 0 else -1)
        maxpts = max([p for p in range(7) if budget[p] >= 0] or [0])
        ahead = self._steps()
        step_ok = self._water
        empty = frozenset()
        key0 = (start, h0, 0, (), frozenset({start} & near) if maxpts >= 2 else empty, False)
        best = {key0: 0}
        parent = {key0: ()}
        queue = deque([(key0, 0)])
        pop, push_back, push_front = queue.popleft, queue.append, queue.appendleft
        get = best.get
        turns = TURNS
        while queue:
            key, t = pop()
            if best[key] < t:
                continue
            pos, h, pts, pushes, vis, fin = key
            if fin:
                continue
            if t < budget[pts]:
                t1 = t + 1
                for tok, h2 in turns[h]:
                    nk = (pos, h2, pts, pushes, vis, False)
                    if get(nk, 99) > t1:
                        best[nk] = t1
                        parent[nk] = parent[key] + (tok,)
                        push_back((nk, t1))
            nxt = ahead[pos][h]
            if nxt is None or pts >= maxpts:
                continue
            other = occ0.get(nxt)
            if pushes:
                if any(nxt == tgt for _, tgt in pushes):
                    continue  # a push target may not be on the pusher's path
                if other is not None and any(other == sw for sw, _ in pushes):
                    other = None  # that steamer has been pushed away already
            # the steps' (pushes, visited fields) after this step: one, or one per push target
            if other is None:
                p2 = pts + 1
                if t > budget[p2]:
                    continue
                nvis = (vis | {nxt} if nxt in near else vis) if p2 + 2 <= maxpts else empty
                bases = ((pushes, nvis),)
            else:
                p2 = pts + 2
                if p2 > maxpts or t > budget[p2]:
                    continue
                nvis = vis | {nxt} if nxt in near else vis
                moved = {sw for sw, _ in pushes}
                occ_now = {q for q, sw in occ0.items() if sw not in moved}
                occ_now.update(tgt for _, tgt in pushes)
                later = p2 + 2 <= maxpts
                bases = tuple(
                    (pushes + ((other, tgt),), nvis if later else empty)
                    for tgt in neighbours(nxt)
                    if tgt in step_ok and tgt not in occ_now and tgt not in nvis and (whole or tgt != pos)
                )
            fins = (False,)
            if can_land and nxt in landing:
                fins = (True, False) if passenger else (True,)
            path = None
            for pushes2, vis2 in bases:
                for fin2 in fins:
                    nk = (nxt, h, p2, pushes2, vis2, fin2)
                    if get(nk, 99) > t:
                        best[nk] = t
                        if path is None:
                            path = parent[key] + ("F",)
                        parent[nk] = path
                        push_front((nk, t))
        outcomes = {}
        for key, t in best.items():
            pos, h, pts, pushes, vis, fin = key
            if pts == 0:
                continue
            okey = (pos, h, pts, pushes, fin)
            old = outcomes.get(okey)
            if old is None or old[1] > t:
                outcomes[okey] = (key, t)
        # Push targets never lie on the path: a target must avoid the fields visited so far (checked
        # when pushing) and the path may not enter a target later (checked when stepping).
        speed_coal = [self.speed_cost(v, sp) for sp in range(7)]
        brake_after = self.options["wheels"] == "after"
        moves = []
        append = moves.append
        # The dicts are the final actions (see legal_actions_shared): the speeds of one outcome share
        # its lists. Most outcomes do not finish and have one speed, their points: that case goes first.
        for okey, (key, t) in outcomes.items():
            pos, h, pts, pushes, fin = okey
            spare = coal - (t - 1 if t > 1 else 0)
            if not fin:
                if speed_coal[pts] > spare or (passenger and can_land and pts == 1 and pos in landing):
                    continue  # too dear; or that step lands at the pier: the finishing plan covers it
                if pushes:
                    append(
                        {"type": "move", "speed": pts, "path": list(parent[key]), "push": [[tgt[0], tgt[1]] for _, tgt in pushes]}
                    )
                else:
                    append({"type": "move", "speed": pts, "path": list(parent[key])})
                if brake_after:  # `wheels: after`: the speed may be lowered after the move, a coal a step
                    last = moves[-1]
                    for b in range(1, min(pts - 1, spare - speed_coal[pts]) + 1):
                        append(dict(last, brake=b))
                continue
            speeds = [sp for sp in range(max(pts, 1), 7) if speed_coal[sp] + (sp - 1 if passenger else 0) <= spare]
            tokens = list(parent[key])
            push = [[tgt[0], tgt[1]] for _, tgt in pushes] if pushes else None
            for speed in speeds:
                m = {"type": "move", "speed": speed, "path": tokens}
                if push:
                    m["push"] = push
                if passenger and speed > 1:
                    m["brake"] = speed - 1
                append(m)
        self._moves = moves
        return moves

    # ------------------------------------------------------------------ end
    def is_over(self) -> bool:
        return self.phase == "over"

    @cites("MQ-8.3", "MQ-8.4")
    def scores(self) -> list:
        """Points by place: the winner gets as many as there are players, the next one less; 0 unplaced."""
        return [self.players - st["place"] + 1 if st["status"] == "finished" else 0 for st in self.steamers]

    def score_details(self) -> list:
        return [{"place": st["place"], "passengers": st["passengers"]} for st in self.steamers]

    def winners(self) -> list:
        return [i for i, s in enumerate(self.steamers) if s["status"] == "finished" and s["place"] == 1]

    def _describe(self, action, lang: str) -> str:
        return describe_action(self, action, lang)
