"""Disputed-rule case files: load, validate, run, compare with "expect" (docs/contributing/architecture.en.md, "Case files")."""

from __future__ import annotations

from .errors import IllegalAction, InputError, expect, need
from .content import CASE, localized
from .registry import load_game

CASE_FIELDS = {"id", "game", "options", "question", "state", "setup", "moves", "action", "expect", "note", "rules", "readings", "title"}
SETUP_FIELDS = {"players", "seed"}
EXPECT_FIELDS = {"legal", "rules", "reason"}
TEXT_FIELDS = ("title", "question", "note")


def case_texts(case: dict, lang: str) -> dict:
    """The case's title, question and note in `lang` (a missing translation: the Hungarian)."""
    return {k: v for k, v in localized(case, CASE, lang).items() if k in TEXT_FIELDS and isinstance(v, str)}


def _known(data: dict, allowed, path: str) -> None:
    for key in data:
        if key not in allowed:
            raise InputError("field-unknown", f"{path}.{key}" if path else key)


def build_state(case: dict):
    """The case's game and position, from "state" or from "setup" + "moves"."""
    expect(case, "object", "case")
    _known(case, CASE_FIELDS, "")
    game = load_game(need(case, "game", "string"))
    options = game.resolve_options(case["options"]) if "options" in case else None
    if "state" in case:
        state = game.from_json(case["state"], "state", options)
    else:
        setup = need(case, "setup", "object")
        _known(setup, SETUP_FIELDS, "setup")
        players = need(setup, "players", "integer", "setup")
        seed = need(setup, "seed", "integer", "setup", default=0)
        state = game.new(players, seed, options)
    # Moves apply after either start, so a case can show what follows from a position.
    for i, move in enumerate(need(case, "moves", "list", default=[])):
        try:
            state = state.apply(move)
        except IllegalAction as err:
            raise InputError("move-illegal", f"moves[{i}]", reason=err.verdict.message) from None
    return game, state


def run_case(case: dict) -> dict:
    """Returns {"id", "verdict", "matches", "differences"}; raises InputError on a malformed case."""
    return judge(case)[3]


def judge(case: dict):
    """The case's game, position, Verdict and run_case's result, for callers that also draw the position."""
    game, state = build_state(case)
    for field in TEXT_FIELDS:   # the file's own (Hungarian) text; the catalogs hold the translations
        need(case, field, "string", default=None)
    action = need(case, "action", "object")
    verdict = state.check(action)
    result = {"id": case.get("id"), "verdict": verdict.to_json(), "matches": None, "differences": []}
    if "expect" in case:
        exp = need(case, "expect", "object")
        _known(exp, EXPECT_FIELDS, "expect")
        diffs = []
        if "legal" in exp and need(exp, "legal", "boolean", "expect") != verdict.legal:
            diffs.append(f"legal: expected {exp['legal']}, got {verdict.legal}")
        for rule in need(exp, "rules", "list", "expect", default=[]):
            if rule not in verdict.rules:
                diffs.append(f"rules: {rule} not cited (cited: {', '.join(verdict.rules) or '-'})")
        if "reason" in exp and need(exp, "reason", "string", "expect") != verdict.reason:
            diffs.append(f"reason: expected {exp['reason']}, got {verdict.reason}")
        result["matches"] = not diffs
        result["differences"] = diffs
    return game, state, verdict, result
