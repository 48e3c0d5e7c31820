"""End-of-game scoring (rules MB-11 and, for trade contracts, MB-13)."""

from __future__ import annotations

from ..core import InputError, cites, expect
from .components import SPECIES, TOKEN_KINDS

CONTRACT_SET_POINTS = 7
CONTRACT_SIZE = 4


def counts(data, field: str, kinds, *, required: bool) -> dict[str, int]:
    """A count of each kind (0 to 999), read from {kind: count}; a kind left out counts 0 unless `required`."""
    expect(data, "object", field)
    for key in data:
        if key not in kinds:
            raise InputError("field-value", f"{field}.{key}", value=repr(key), allowed=", ".join(kinds))
    out = {}
    for kind in kinds:
        if kind not in data and not required:
            out[kind] = 0
            continue
        if kind not in data:
            raise InputError("field-missing", f"{field}.{kind}")
        out[kind] = expect(data[kind], "integer", f"{field}.{kind}", low=0, high=999)
    return out


def validate_companies(data, field: str = "companies") -> dict[str, int]:
    """Each species carries exactly one numbered company token, 0, 1, 2 and 3 once each (MB-1.3)."""
    values = counts(data, field, SPECIES, required=True)
    for kind in SPECIES:
        expect(values[kind], "integer", f"{field}.{kind}", low=0, high=3)
    if sorted(values.values()) != [0, 1, 2, 3]:
        raise InputError("companies-not-permutation", field, catalog=_catalog())
    return values


def _catalog():
    from .messages import CATALOG

    return CATALOG


def contract_sets_possible(warehouse: dict[str, int], contract: dict[str, int]) -> int:
    return min(warehouse[k] // n for k, n in contract.items() if n)


@cites("MB-11.1", "MB-11.2", "MB-11.3", "MB-13.2", "MB-13.3")
def score(
    companies: dict[str, int],
    warehouse: dict[str, int],
    contract: dict[str, int] | None = None,
    sets: int | None = None,
    tie_tokens: str = "left",
) -> dict:
    """Points of one player.

    `warehouse` counts the tokens in the warehouse by kind (the hold is discarded
    before scoring, MB-11.1, so it is not an input). With a `contract`, `sets`
    full sets are set aside for 7 points each; by default the engine sets aside
    the number of sets that scores best, as a player would, and on equal points
    the more sets, as the book's example does (2 sets for 14 points, where selling
    the same 8 tokens would also make 14).

    "warehouse_tokens" is the tie-break's count (MB-11.5) under the `tie_tokens`
    reading: the tokens left in the warehouse after the sets are set aside
    ("left", the default), or every token the warehouse held ("all").
    """
    lines = []
    contract_part = None
    remaining = dict(warehouse)
    if contract:
        best = contract_sets_possible(warehouse, contract)
        if sets is None:
            sets = max(
                range(best + 1), key=lambda k: (_plain(companies, _minus(warehouse, contract, k)) + k * CONTRACT_SET_POINTS, k)
            )
        remaining = _minus(warehouse, contract, sets)
        contract_part = {
            "sets": sets,
            "tokens": {k: n * sets for k, n in contract.items()},
            "points": sets * CONTRACT_SET_POINTS,
            "rule": "MB-13.2",
        }
    for kind in SPECIES:
        value = companies[kind]
        lines.append(
            {"kind": kind, "count": remaining[kind], "value": value, "points": remaining[kind] * value, "rule": "MB-11.2"}
        )
    lines.append({"kind": "amber", "count": remaining["amber"], "value": 1, "points": remaining["amber"], "rule": "MB-11.3"})
    total = sum(line["points"] for line in lines) + (contract_part["points"] if contract_part else 0)
    tie = sum(remaining.values()) if tie_tokens == "left" else sum(warehouse.values())
    return {"lines": lines, "contract": contract_part, "total": total, "warehouse_tokens": tie}


def _plain(companies, warehouse) -> int:
    return sum(warehouse[k] * companies[k] for k in SPECIES) + warehouse["amber"]


def _minus(warehouse, contract, sets) -> dict[str, int]:
    return {k: warehouse[k] - contract.get(k, 0) * sets for k in TOKEN_KINDS}


@cites("MB-11.4", "MB-11.5")
def winners(totals: list[int], warehouse_tokens: list[int]) -> list[int]:
    """Most points wins; a tie goes to more warehouse tokens; a remaining tie is shared."""
    best = max(zip(totals, warehouse_tokens))
    return [i for i, pair in enumerate(zip(totals, warehouse_tokens)) if pair == best]
