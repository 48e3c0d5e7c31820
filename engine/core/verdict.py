"""The answer to "may I do this?": legal or not, which rules decided it, and why."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .messages import CORE, Catalog

RULE_ID = re.compile(r"^[A-Z]{2}-\d+(\.\d+)*$")


def rule_anchor(rule_id: str) -> str:
    """`MB-4.2` -> `mb-4-2`: the permalink anchor of a rule on its rules page, in every language."""
    return rule_id.lower().replace(".", "-")


@dataclass(frozen=True)
class Verdict:
    legal: bool
    rules: tuple[str, ...]
    reason: str
    message: dict[str, str]

    @classmethod
    def make(cls, legal: bool, reason: str, rules, catalog: Catalog = CORE, **params) -> "Verdict":
        rules = tuple(rules)
        for r in rules:
            if not RULE_ID.match(r):
                raise ValueError(f"not a rule id: {r!r}")
        return cls(legal, rules, reason, catalog.both(reason, **params))

    def to_json(self) -> dict:
        return {"legal": self.legal, "rules": list(self.rules), "reason": self.reason, "message": dict(self.message)}
