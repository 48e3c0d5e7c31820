"""Rule coverage: every rule with the code that cites it and the verdicts that cited it.

- code:  rule-id string literals in the game's own modules (engine/<package>/*.py: Verdicts,
         `@cites`, Option(rules=...)), read as text from wherever the engine is installed;
- tests: the rules each test's verdicts cited, from a recording of a test run (the pytest
         plugin tests/coverage_plugin.py writes it; `--recording FILE`);
- cases: the rules each case file's verdict cites, the case run now (needs the docs folder).

A rule counts as checked only when a verdict cited it, in a test or a case: naming an id in a
test proves nothing. `python -m engine coverage [--check]`; in a checkout `python -m tools coverage`
finds the docs and the last run's recording itself.
"""

from __future__ import annotations

import json
import os
import re
import sys

from .errors import InputError
from .registry import ENGINE_DIR, docs_dir, game_ids, load_game, load_rules

ID_LITERAL = re.compile(r"""["']([A-Z]{2}-\d+(?:\.\d+)*)["']""")


def _add(table, rule_id, where):
    table.setdefault(rule_id, []).append(where)


def code_citations(game_id: str, prefix: str) -> dict[str, list[str]]:
    """rule id -> ["engine/<package>/<file>.py:line"], the game's ids as literals in its code."""
    package = game_id.replace("-", "_")
    found: dict[str, list[str]] = {}
    for dirpath, dirnames, filenames in os.walk(os.path.join(ENGINE_DIR, package)):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if not name.endswith(".py"):
                continue
            path = os.path.join(dirpath, name)
            where = os.path.relpath(path, os.path.dirname(ENGINE_DIR)).replace(os.sep, "/")
            with open(path, encoding="utf-8") as f:
                for number, line in enumerate(f, 1):
                    for rule_id in ID_LITERAL.findall(line):
                        if rule_id.startswith(prefix + "-"):
                            _add(found, rule_id, f"{where}:{number}")
    return found


def case_citations(game_id: str, docs: str) -> tuple[dict[str, list[str]], list[str]]:
    """rule id -> the case files whose verdict cites it (each case run now), and the cases that fail to run."""
    from .cases import run_case

    found: dict[str, list[str]] = {}
    broken = []
    folder = os.path.join(docs, game_id, "cases")
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else ():
        if not name.endswith(".json"):
            continue
        where = f"docs/{game_id}/cases/{name}"
        try:
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                verdict = run_case(json.load(f))["verdict"]
        except (InputError, ValueError) as err:
            broken.append(f"{where}: {err}")
            continue
        for rule_id in verdict["rules"]:
            _add(found, rule_id, where)
    return found, broken


def read_recording(path: str) -> dict:  # (also reads the known gaps' JSON)
    """A test run's recording: {"tests": how many cited a rule, "rules": {rule id: [test ids]},
    "run": pytest's arguments, "whole": whether it ran the whole suite}."""
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def report(game_id: str, docs: str | None = None, recording: dict | None = None, known: dict | None = None) -> dict:
    """{"game", "rules": [row per rule], "problems", "measured"}; a row's "tests" is None when no
    recording was given (not measured), and "cases" is empty without `docs`. `known`: {rule id: why}
    for checkable rules that no verdict cites yet (a row's "gap"); one that a verdict cites is a problem,
    so the list only shrinks."""
    known = known or {}
    game = load_game(game_id)
    prefix = game.prefix + "-"
    rules = load_rules(game_id, "hu", docs)
    code = code_citations(game_id, game.prefix)
    cases, broken = case_citations(game_id, docs) if docs else ({}, [])
    tests = None
    if recording is not None:
        tests = {r: sorted(t) for r, t in recording["rules"].items() if r.startswith(prefix)}
    problems = list(broken)
    for table, what in ((code, "cited in"), (tests or {}, "cited by a verdict in test"), (cases, "cited by case")):
        for rule_id, places in sorted(table.items()):
            if rule_id not in rules:
                problems.append(f"{rule_id}: {what} {places[0]} but not in docs/{game_id}/rules.hu.md")
    for rule_id in sorted(known):
        if rule_id.startswith(prefix) and rule_id not in rules:
            problems.append(f"{rule_id}: listed as a known gap but not in docs/{game_id}/rules.hu.md")
    rows = []
    for rule in rules.values():
        row = {
            "id": rule.id,
            "title": rule.title,
            "descriptive": rule.descriptive,
            "code": code.get(rule.id, []),
            "tests": None if tests is None else tests.get(rule.id, []),
            "cases": cases.get(rule.id, []),
        }
        rows.append(row)
        if rule.descriptive:
            continue
        if not row["code"]:
            problems.append(
                f"{rule.id}: a checkable rule that no code in engine/{game_id.replace('-', '_')}/ cites "
                f"(mark it <!-- rule: descriptive --> if it states nothing checkable)"
            )
        cited = row["tests"] or row["cases"]
        if rule.id in known:
            row["gap"] = known[rule.id]
            if tests is not None and cited:
                problems.append(f"{rule.id}: listed as a known gap, but a verdict cites it now: remove it from the list")
        elif tests is not None and not cited:
            problems.append(f"{rule.id}: a checkable rule that no verdict cited, in a test or a case")
    return {"game": game_id, "rules": rows, "problems": problems, "measured": tests is not None}


def main(args) -> int:
    """Prints the table of every game (or `args.game`); with `args.check`, exit 1 on a problem,
    and on a missing recording (without one, no rule is known to be tested)."""
    recording = read_recording(args.recording) if args.recording else None
    known = read_recording(args.known) if getattr(args, "known", None) else None
    docs = args.docs or docs_dir()
    failed = False
    if recording is None:
        print("(no recording of a test run: the tests column is not measured)", file=sys.stderr)
        failed = True
    elif not recording.get("whole", True):
        print(f"(the recording is of a part of the tests: pytest {recording.get('run', '')})", file=sys.stderr)
    for game_id in [args.game] if args.game else game_ids():
        r = report(game_id, docs, recording, known)
        checkable = [row for row in r["rules"] if not row["descriptive"]]
        tested = [row for row in checkable if row["tests"] or row["cases"]]
        print(
            f"== {game_id}: {len(r['rules'])} rules, {len(checkable)} checkable, "
            f"{len(tested)} cited by a verdict in a test or case"
        )
        for row in r["rules"]:
            ok = row["code"] and (row["tests"] or row["cases"])
            flag = "descr." if row["descriptive"] else ("ok" if ok else ("gap" if "gap" in row else "MISSING"))
            tests = "-" if row["tests"] is None else len(row["tests"])
            print(
                f"  {row['id']:<10} {flag:<8} code {len(row['code']):>2}  tests {tests:>3}  "
                f"cases {len(row['cases']):>2}  {row['title']}"
            )
        for problem in r["problems"]:
            print(f"  ! {problem}", file=sys.stderr)
        failed = failed or bool(r["problems"])
    return 1 if (failed and args.check) else 0
