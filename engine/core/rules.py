"""Marks on the code that implements a rule.

    @cites("MB-4.2")
    def fleet_ok(...): ...

The decorator changes nothing at run time: it checks the ids' form and records which function
implements which rule ids (CITED, `func.__rules__`). The coverage report (engine/core/coverage.py)
does not import the code: it finds rule-id string literals in engine/<game>/*.py, so the ids in
`@cites(...)`, in Verdicts and in Option(rules=...) all count as code that cites a rule (whether
a rule is checked is measured apart: by the verdicts that cite it).
"""

from __future__ import annotations

from .verdict import RULE_ID

CITED: dict[str, set[str]] = {}


def cites(*ids: str):
    for rule_id in ids:
        if not RULE_ID.match(rule_id):
            raise ValueError(f"not a rule id: {rule_id!r}")

    def mark(func):
        where = f"{func.__module__}.{func.__qualname__}"
        for rule_id in ids:
            CITED.setdefault(rule_id, set()).add(where)
        func.__rules__ = ids
        return func

    return mark
