"""The board and the contract cards as data (rules MB-1.5, MB-1.6, MB-1.7).

The rulebook does not print the map or the contract cards, so both are schematic
JSON files in `data/` with a JSON Schema beside them. A box owner can describe the
real board or cards in the same format; `Board(data)` checks what the engine needs.
"""

from __future__ import annotations

import json
import os

from ..core import cites
from .components import SPECIES, TOKEN_KINDS
from .messages import CATALOG, NAMES, field_name, field_param

_DATA = os.path.join(os.path.dirname(__file__), "data")

TOKENS_PER_AREA = {"shallow": 1, "deep": 2}


class BoardError(ValueError):
    pass


class Board:
    """Fields in a fixed order (sea areas and ports), their adjacency, and the ports' demand slots."""

    @cites("MB-1.5", "MB-1.7")
    def __init__(self, data: dict):
        self.data = data
        fields = data.get("fields")
        if not isinstance(fields, list) or not fields:
            raise BoardError("board: 'fields' must be a non-empty list")
        self.ids: list[str] = []
        self.kind: dict[str, str] = {}
        self.slots: dict[str, tuple[int, ...]] = {}
        adjacency: dict[str, list[str]] = {}
        for f in fields:
            fid = f.get("id")
            if not isinstance(fid, str) or fid in self.kind or fid == "supply":
                raise BoardError(f"board: bad or repeated field id {fid!r}")
            kind = f.get("kind")
            if kind not in ("shallow", "deep", "port"):
                raise BoardError(f"board: field {fid}: bad kind {kind!r}")
            self.ids.append(fid)
            self.kind[fid] = kind
            adjacency[fid] = list(f.get("adjacent", []))
            if kind == "port":
                slots = tuple(f.get("slots", ()))
                if not 1 <= len(slots) <= 2 or any(s not in (0, -1) for s in slots):
                    raise BoardError(f"board: port {fid}: slots must be 1 or 2 marks of 0 or -1")
                self.slots[fid] = slots
        for fid, adj in adjacency.items():
            for other in adj:
                if other not in self.kind or fid not in adjacency[other] or other == fid:
                    raise BoardError(f"board: adjacency {fid}-{other} is unknown or not symmetric")
        self.index = {fid: i for i, fid in enumerate(self.ids)}
        # neighbours kept in board order, so every listing is deterministic
        self.adj: dict[str, tuple[str, ...]] = {
            fid: tuple(sorted(adj, key=self.index.__getitem__)) for fid, adj in adjacency.items()
        }
        self.adjset: dict[str, frozenset] = {fid: frozenset(adj) for fid, adj in adjacency.items()}
        self.bit = {fid: 1 << i for i, fid in enumerate(self.ids)}
        self.adjmask = {fid: sum(self.bit[g] for g in adj) for fid, adj in self.adjset.items()}
        self.adjmask_by_index = [self.adjmask[fid] for fid in self.ids]
        self.sea = [fid for fid in self.ids if self.kind[fid] != "port"]
        self.ports = [fid for fid in self.ids if self.kind[fid] == "port"]
        if len(self.ports) != 5 or sum(len(s) for s in self.slots.values()) != 8:
            raise BoardError("board: the game needs 5 ports with 8 demand slots in all (MB-1.5)")
        if sorted(len(s) for s in self.slots.values()).count(1) != 2:
            raise BoardError("board: exactly two ports have a single demand slot (MB-1.5)")
        if sum(TOKENS_PER_AREA[self.kind[f]] for f in self.sea) >= 68:
            raise BoardError("board: setup must draw fewer than 68 tokens")

    def capacity(self, fid: str) -> int:
        return TOKENS_PER_AREA.get(self.kind[fid], 0)

    def label(self, fid: str, lang: str) -> str:
        """The field's name in `lang` (a catalog code, messages.FIELD_CODES; else its id)."""
        return field_name(fid, lang)

    @property
    def name(self) -> "_FieldNames":
        """`BOARD.name[fid]`: the field's name as a message parameter ({lang: text})."""
        return _FIELD_NAMES


class Contracts:
    """The 6 trade contract cards, 4 tokens each (MB-1.6)."""

    @cites("MB-1.6")
    def __init__(self, data: dict):
        self.data = data
        self.cards: dict[str, dict[str, int]] = {}
        for c in data.get("contracts", []):
            tokens = {k: int(v) for k, v in c["tokens"].items()}
            if any(k not in TOKEN_KINDS for k in tokens) or sum(tokens.values()) != 4:
                raise BoardError(f"contracts: card {c.get('id')!r} must ask for exactly 4 tokens")
            self.cards[c["id"]] = tokens
        if len(self.cards) != 6:
            raise BoardError("contracts: there are 6 trade contract cards (MB-1.6)")
        self.ids = list(self.cards)

    def text(self, cid: str, lang: str) -> str:
        """What the card asks for, e.g. "1 salmon, 1 herring, 2 amber"."""
        tokens = self.cards[cid]
        order = [k for k in SPECIES + ("amber",) if k in tokens]
        return ", ".join(CATALOG.text("count-kind", lang, count=tokens[k], kind=NAMES[k]) for k in order)


class _FieldNames:
    def __getitem__(self, fid: str) -> dict[str, str]:
        return field_param(fid)


_FIELD_NAMES = _FieldNames()


def _load(name: str) -> dict:
    with open(os.path.join(_DATA, name), encoding="utf-8") as f:
        return json.load(f)


BOARD = Board(_load("board.json"))
CONTRACTS = Contracts(_load("contracts.json"))
