"""The Balaton board as data: the track round the lake, settlements, lake fields and routes.

The rulebook prints no board, so `data/board.json` is a schematic board (rule BA-1.2):
faithful to every fact the book gives, the rest made up and labelled so. A box owner can
describe the real board in the same format (`data/board.schema.json`); `Board(data)`
validates it and raises InputError naming the offending field.
"""

from __future__ import annotations

import json
import os

from ..core import InputError, expect, need
from ..core.messages import LANGS, N_
from .messages import CATALOG

_DATA = os.path.join(os.path.dirname(__file__), "data", "board.json")
FIELD_KINDS = ("start", "gray", "settlement")
# the open-water lake fields of the default board, by where they lie (codes of the game's catalog)
OPEN_WATER = (N_("lake-m-east"), N_("lake-m-centre"), N_("lake-m-west"))


class Board:
    def __init__(self, data, field: str = "board"):
        expect(data, "object", field)
        self.data = data
        self.schematic = need(data, "schematic", "boolean", field)
        self.start = need(data, "start", "string", field)
        track = need(data, "track", "list", field)
        if len(track) < 3:
            raise InputError("field-range", f"{field}.track", low=3, high=999, value=len(track))
        self.track: list[str] = []
        self.kind: dict[str, str] = {}
        self.field_settlement: dict[str, str] = {}
        self.arrow: dict[str, str] = {}
        self.xy: dict[str, tuple[int, int]] = {}
        for i, f in enumerate(track):
            path = f"{field}.track[{i}]"
            expect(f, "object", path)
            fid = need(f, "id", "string", path)
            if fid in self.kind:
                raise InputError("field-value", f"{path}.id", value=repr(fid), allowed="unique ids")
            self.track.append(fid)
            self.kind[fid] = need(f, "kind", "string", path, allowed=FIELD_KINDS)
            self.xy[fid] = (need(f, "x", "integer", path), need(f, "y", "integer", path))
            if self.kind[fid] == "settlement":
                self.field_settlement[fid] = need(f, "settlement", "string", path)
            if "arrow_to" in f:
                self.arrow[fid] = need(f, "arrow_to", "string", path)
        self.index = {fid: i for i, fid in enumerate(self.track)}
        if self.start not in self.index:
            raise InputError("field-value", f"{field}.start", value=repr(self.start), allowed="a track field id")
        for fid, target in self.arrow.items():
            if target not in self.index:
                raise InputError(
                    "field-value", f"{field}.track[{self.index[fid]}].arrow_to", value=repr(target), allowed="a track field id"
                )

        self.lakes: list[str] = []
        self.double: dict[str, bool] = {}
        self.green: dict[str, bool] = {}
        for i, lake in enumerate(need(data, "lakes", "list", field)):
            path = f"{field}.lakes[{i}]"
            expect(lake, "object", path)
            lid = need(lake, "id", "string", path)
            self.lakes.append(lid)
            self.double[lid] = need(lake, "double", "boolean", path)
            self.green[lid] = need(lake, "green", "boolean", path)
            self.xy[lid] = (need(lake, "x", "integer", path), need(lake, "y", "integer", path))

        self.settlements: list[str] = []
        self.size: dict[str, int] = {}
        self.centre: dict[str, str] = {}
        self.lake_of: dict[str, str] = {}
        self.name: dict[str, str] = {}
        for i, s in enumerate(need(data, "settlements", "list", field)):
            path = f"{field}.settlements[{i}]"
            expect(s, "object", path)
            sid = need(s, "id", "string", path)
            self.settlements.append(sid)
            self.name[sid] = need(s, "name", "string", path)
            fields = need(s, "fields", "list", path)
            for j, fid in enumerate(fields):
                if self.field_settlement.get(fid) != sid:
                    raise InputError(
                        "field-value", f"{path}.fields[{j}]", value=repr(fid), allowed="a track field of this settlement"
                    )
            self.size[sid] = len(fields)
            self.centre[sid] = need(s, "centre", "string", path, allowed=fields)
            lake = need(s, "lake", "string", path, default="")
            if lake:
                if lake not in self.double:
                    raise InputError("field-value", f"{path}.lake", value=repr(lake), allowed=", ".join(self.lakes))
                self.lake_of[sid] = lake
        for fid, sid in self.field_settlement.items():
            if sid not in self.size:
                raise InputError(
                    "field-value",
                    f"{field}.track[{self.index[fid]}].settlement",
                    value=repr(sid),
                    allowed=", ".join(self.settlements),
                )
        self.ports_on: dict[str, list[str]] = {lid: [] for lid in self.lakes}
        for sid in self.settlements:
            if sid in self.lake_of:
                self.ports_on[self.lake_of[sid]].append(sid)
        for lid in self.lakes:
            if self.green[lid] and len(self.ports_on[lid]) != 3:
                raise InputError(
                    "field-value",
                    f"{field}.lakes[{self.lakes.index(lid)}].green",
                    value="true",
                    allowed="only on a lake field joined to exactly three settlements",
                )

        self._lake_labels: dict[str, dict] = {}
        self.links: dict[str, list[str]] = {lid: [] for lid in self.lakes}
        for i, pair in enumerate(need(data, "links", "list", field)):
            path = f"{field}.links[{i}]"
            expect(pair, "list", path)
            if len(pair) != 2 or pair[0] == pair[1] or any(p not in self.links for p in pair):
                raise InputError("field-value", path, value=json.dumps(pair), allowed="two different lake ids")
            a, b = pair
            self.links[a].append(b)
            self.links[b].append(a)
        for lid in self.lakes:
            self.links[lid].sort()

        self.ferries: dict[str, str] = {}
        for i, ferry in enumerate(need(data, "ferries", "list", field)):
            path = f"{field}.ferries[{i}]"
            expect(ferry, "object", path)
            self.ferries[need(ferry, "from", "string", path, allowed=self.settlements)] = need(
                ferry, "to", "string", path, allowed=self.settlements
            )
        plane = need(data, "plane", "list", field)
        if len(plane) != 2 or any(p not in self.size for p in plane) or plane[0] == plane[1]:
            raise InputError("field-value", f"{field}.plane", value=json.dumps(plane), allowed="two settlement ids")
        self.plane = {plane[0]: plane[1], plane[1]: plane[0]}

    # -- queries ------------------------------------------------------------------
    def walk(self, field: str, steps: int, back: bool = False) -> str:
        n = len(self.track)
        return self.track[(self.index[field] + (-steps if back else steps)) % n]

    def settlement_at(self, field: str) -> str:
        """The settlement a track field belongs to, or "" for the start and gray fields."""
        return self.field_settlement.get(field, "")

    def label(self, field: str) -> dict:
        """A field's name for people in every language ({lang: text}), for a message parameter:
        the settlement's (or the start's) name, else "field 12"."""
        return {lang: self.label_text(field, lang) for lang in LANGS}

    def label_text(self, field: str, lang: str) -> str:
        sid = self.field_settlement.get(field)
        if sid:
            return self.name[sid]  # place names are the same in every language
        if self.kind.get(field) == "start":
            return CATALOG.text("place-start", lang) if field == "veszprem" else field
        return CATALOG.text("field-number", lang, number=self.index.get(field, -1))

    def lake_label(self, lid: str) -> dict:
        """A lake field's name for people in every language ({lang: text}), for a message parameter
        (kept: verdicts ask for it while legal moves are listed)."""
        found = self._lake_labels.get(lid)
        if found is None:
            found = self._lake_labels[lid] = {lang: self.lake_text(lid, lang) for lang in LANGS}
        return dict(found)

    def lake_text(self, lid: str, lang: str) -> str:
        """A lake field as players name it: by the ports beside it ("by Siófok"), or, in open water,
        by where it lies ("open water, east"); never its id."""
        ports = self.ports_on.get(lid)
        if ports:
            return CATALOG.text("lake-by", lang, places=", ".join(self.name[p] for p in ports))
        code = "lake-" + lid
        if code in OPEN_WATER:
            return CATALOG.text(code, lang)
        open_water = [x for x in self.lakes if not self.ports_on[x]]
        return CATALOG.text("lake-open", lang, n=open_water.index(lid) + 1)

    def lake_title(self, lid: str, lang: str) -> str:
        """A lake field's name on its own (a heading, a screen reader's label): "Lake field (by Siófok)"."""
        return CATALOG.text("lake-title", lang, lake=self.lake_text(lid, lang))

    def connected(self, a: str, b: str) -> bool:
        """Whether lake fields a and b are joined by the black lines (a simple route exists)."""
        seen, todo = {a}, [a]
        while todo:
            u = todo.pop()
            if u == b:
                return True
            for v in self.links[u]:
                if v not in seen:
                    seen.add(v)
                    todo.append(v)
        return False

    def simple_paths(self, start: str, junctions: bool = True):
        """Every simple path of lake fields that begins at `start` (the start alone included); with
        `junctions` false, none goes on from a field where the lines branch, other than the start
        (reading route_junction = stop, BA-7.1)."""
        path = [start]
        on = {start}

        def dfs(u):
            yield list(path)
            if not junctions and u != start and len(self.links[u]) > 2:
                return
            for v in self.links[u]:
                if v not in on:
                    on.add(v)
                    path.append(v)
                    yield from dfs(v)
                    path.pop()
                    on.discard(v)

        yield from dfs(start)


def load_default() -> dict:
    with open(_DATA, encoding="utf-8") as f:
        return json.load(f)


BOARD = Board(load_default())
