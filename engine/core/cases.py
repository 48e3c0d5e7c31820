"""Disputed-rule case files: load, validate, run, compare with "expect" (docs/contributing/architecture.en.md, "Case files")."""

from __future__ import annotations

import json

from .content import CASE, localized
from .errors import IllegalAction, InputError, expect, need
from .formats import check_depth, migrate
from .registry import load_game

CASE_FIELDS = {
    "id",
    "game",
    "format",
    "game_format",
    "options",
    "question",
    "state",
    "setup",
    "moves",
    "action",
    "expect",
    "note",
    "rules",
    "readings",
    "title",
}
SETUP_FIELDS = {"players", "seed"}
EXPECT_FIELDS = {"legal", "rules", "reason", "reasons"}
TEXT_FIELDS = ("title", "question", "note")


class _Twice(Exception):
    pass


def _once(pairs):
    data = dict(pairs)
    if len(data) != len(pairs):
        raise _Twice
    return data


class _Pairs(dict):
    """An object as parsed, with the first key it held twice (to name where, once one is found)."""

    twice = None


def _marked(pairs):
    data = _Pairs(pairs)
    seen = set()
    data.twice = next((k for k, _ in pairs if k in seen or seen.add(k)), None)
    return data


def _walk(data):
    """(path, value) of every value, in document order."""
    stack = [("", data)]
    while stack:
        path, value = stack.pop()
        yield path, value
        if isinstance(value, dict):
            stack.extend((f"{path}.{k}" if path else k, v) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", v) for i, v in reversed(list(enumerate(value))))


def read_json(text: str, field: str):
    """A case file's text as JSON, strictly: a byte-order mark, a key given twice (the engine would
    check one value while the reader sees the other) and nesting deeper than MAX_DEPTH are each an
    InputError of one line, as is invalid JSON."""
    if text.startswith("\ufeff"):
        raise InputError("file-bom", field)
    check_depth(text, field)
    try:
        data = json.loads(text, object_pairs_hook=_once)
    except json.JSONDecodeError as err:
        raise InputError("bad-json", field, line=err.lineno, column=err.colno) from None
    except _Twice:
        for path, value in _walk(json.loads(text, object_pairs_hook=_marked)):
            if isinstance(value, _Pairs) and value.twice is not None:
                raise InputError("key-twice", f"{path}.{value.twice}" if path else value.twice) from None
        raise AssertionError("a key given twice was not found again")  # (cannot happen)
    return data


def case_texts(case: dict, lang: str) -> dict:
    """The case's title, question and note in `lang` (a missing translation: the Hungarian)."""
    return {k: v for k, v in localized(case, CASE, lang).items() if k in TEXT_FIELDS and isinstance(v, str)}


def _known(data: dict, allowed, path: str) -> None:
    for key in data:
        if key not in allowed:
            raise InputError("field-unknown", f"{path}.{key}" if path else key)


def build_state(case: dict):
    """The case's game and position, from "state" or from "setup" + "moves". The parts are in the
    current formats: `judge` migrates a case file first, `read_link` a link (a second run of a game's
    steps would take a position that is already current for one of version 1)."""
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
        except InputError as err:  # a malformed move is named by its place in the list
            raise err.moved("action", f"moves[{i}]") from None
    return game, state


def run_case(case: dict) -> dict:
    """Returns {"id", "verdict", "matches", "differences"}; raises InputError on a malformed case."""
    return judge(case)[3]


def judge(case: dict):
    """The case's game, position, Verdict and run_case's result, for callers that also draw the position.
    A case in any earlier format is migrated first (engine/core/formats.py)."""
    case = migrate(case)
    if "state" in case and "setup" in case:  # one of them would be silently ignored
        raise InputError("setup-and-state", "setup")
    game, state = build_state(case)
    for field in TEXT_FIELDS:  # the file's own (Hungarian) text; the catalogs hold the translations
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
        for i, rule in enumerate(need(exp, "rules", "list", "expect", default=[])):
            if expect(rule, "string", f"expect.rules[{i}]") not in verdict.rules:
                diffs.append(f"rules: {rule} not cited (cited: {', '.join(verdict.rules) or '-'})")
        if "reason" in exp and need(exp, "reason", "string", "expect") != verdict.reason:
            diffs.append(f"reason: expected {exp['reason']}, got {verdict.reason}")
        # every reason the case names must be among the verdict's (the headline is "reason")
        given = [r.code for r in verdict.reasons]
        for i, code in enumerate(need(exp, "reasons", "list", "expect", default=[])):
            if expect(code, "string", f"expect.reasons[{i}]") not in given:
                diffs.append(f"reasons: {code} not given (given: {', '.join(given)})")
        result["matches"] = not diffs
        result["differences"] = diffs
    return game, state, verdict, result
