"""The answer to "may I do this?": legal or not, which rules decided it, and why: every reason.

A Verdict holds every rule the move breaks (`reasons`, each a `Reason`); the first is its headline,
which `reason`, `rules` and `message` repeat. A reason also says what it is about (`about`: the
action's or the position's fields, as InputError names them), whether it is a precondition ("no
tile ahead": true, but not the rule in dispute), and, where one editing operation would mend it, a
`Fix`. Which reason a page puts first is the page's to choose (the editor's Python, from `about`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from .messages import CORE, Catalog

RULE_ID = re.compile(r"^[A-Z]{2}-\d+(\.\d+)*$")


def rule_anchor(rule_id: str) -> str:
    """`MB-4.2` -> `mb-4-2`: the permalink anchor of a rule on its rules page, in every language."""
    return rule_id.lower().replace(".", "-")


@dataclass(frozen=True)
class Fix:
    """One editing operation that mends a problem of a position, or the precondition of a move: the
    editor offers it as one button. `op` names one of the game's editing operations (its Position's
    `edits`), `args` are its arguments (JSON), `message` what the button says, {lang: text}."""

    op: str
    args: dict
    message: dict[str, str]

    @classmethod
    def make(cls, catalog: Catalog, op: str, code: str, args: dict | None = None, **params) -> "Fix":
        return cls(op, dict(args or {}), catalog.both(code, **params))

    def to_json(self) -> dict:
        return {"op": self.op, "args": dict(self.args), "message": dict(self.message)}


class Reason(NamedTuple):
    """One rule a move breaks (or, for a legal move, why it is allowed). (A named tuple: a verdict is
    made for every move asked, and a frozen dataclass costs several times as much to build.)"""

    code: str
    rules: tuple[str, ...]
    message: dict[str, str]
    about: tuple[str, ...] = ()  # the fields it concerns: "action.speed", "state.steamers[0].coal"
    precondition: bool = False  # true, but a condition of asking rather than the rule in dispute
    fix: Fix | None = None

    def to_json(self) -> dict:
        out = {"code": self.code, "rules": list(self.rules), "message": dict(self.message)}
        if self.about:
            out["about"] = list(self.about)
        if self.precondition:
            out["precondition"] = True
        if self.fix is not None:
            out["fix"] = self.fix.to_json()
        return out


class Verdict:
    """Legal or not, why (`reason`, a code), the rules that decide it and the message in every
    language: the headline, that is the first of `reasons`, with what it is `about`, whether it is a
    `precondition`, and its `fix`. A value: never changed once made. (A plain class with slots, as
    a verdict is made for every move asked: a frozen dataclass cost a tenth of a check.)"""

    __slots__ = ("legal", "rules", "reason", "message", "about", "precondition", "fix", "_reasons")

    def __init__(
        self,
        legal: bool,
        rules: tuple[str, ...],
        reason: str,
        message: dict[str, str],
        reasons: tuple[Reason, ...] = (),
        about: tuple[str, ...] = (),
        precondition: bool = False,
        fix: Fix | None = None,
    ):
        self.legal, self.rules, self.reason, self.message = legal, rules, reason, message
        if reasons:
            about, precondition, fix = reasons[0].about, reasons[0].precondition, reasons[0].fix
        self.about, self.precondition, self.fix = about, precondition, fix
        self._reasons = reasons

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """Every rule the move breaks, the headline first (a legal verdict: its one reason)."""
        if not self._reasons:
            self._reasons = (Reason(self.reason, self.rules, self.message, self.about, self.precondition, self.fix),)
        return self._reasons

    def __eq__(self, other):
        if not isinstance(other, Verdict):
            return NotImplemented
        return (self.legal, self.rules, self.reason, self.message, self.reasons) == (
            other.legal,
            other.rules,
            other.reason,
            other.message,
            other.reasons,
        )

    __hash__ = None  # (its message is a dict)

    def __repr__(self) -> str:
        return f"Verdict(legal={self.legal!r}, rules={self.rules!r}, reason={self.reason!r}, reasons={len(self.reasons)})"

    @classmethod
    def make(
        cls,
        legal: bool,
        reason: str,
        rules,
        catalog: Catalog = CORE,
        *,
        about=(),
        precondition: bool = False,
        fix: Fix | None = None,
        **params,
    ) -> "Verdict":
        rules = tuple(rules)
        for r in rules:
            if not RULE_ID.match(r):
                raise ValueError(f"not a rule id: {r!r}")
        return cls(legal, rules, reason, catalog.both(reason, **params), (), about, precondition, fix)

    @classmethod
    def combine(cls, verdicts) -> "Verdict":
        """One illegal verdict of every reason of `verdicts` (illegal ones), the first as its headline."""
        if not verdicts or any(v.legal for v in verdicts):
            raise ValueError("combine() takes illegal verdicts only")
        if len(verdicts) == 1:
            return verdicts[0]
        reasons = tuple(r for v in verdicts for r in v.reasons)
        first = reasons[0]
        return cls(False, first.rules, first.code, first.message, reasons)

    def to_json(self) -> dict:
        return {
            "legal": self.legal,
            "rules": list(self.rules),
            "reason": self.reason,
            "message": dict(self.message),
            "reasons": [r.to_json() for r in self.reasons],
        }
