"""Disputed-rule case files: load, validate, run, compare with "expect" (DESIGN.md, "Case files")."""

from __future__ import annotations

from .errors import IllegalAction, InputError, expect, need
from .messages import LANGS

CASE_FIELDS = {"id", "game", "options", "question", "state", "setup", "moves", "action", "expect", "note", "rules", "readings", "title"}


def build_state(case: dict):
    """The case's game and position, from "state" or from "setup" + "moves"."""
    from engine import load_game

    expect(case, "object", "case")
    for key in case:
        if key not in CASE_FIELDS:
            raise InputError("field-unknown", key)
    game = load_game(need(case, "game", "string"))
    options = game.resolve_options(case.get("options", {}))
    if "state" in case:
        state = game.from_json(case["state"])
        state.options = options if "options" in case else state.options
    else:
        setup = need(case, "setup", "object")
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
    if "question" in case:
        question = need(case, "question", "object")
        for lang in LANGS:
            need(question, lang, "string", "question")
    action = need(case, "action", "object")
    verdict = state.check(action)
    result = {"id": case.get("id"), "verdict": verdict.to_json(), "matches": None, "differences": []}
    if "expect" in case:
        exp = need(case, "expect", "object")
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
