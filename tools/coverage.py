"""Rule traceability: every rule tied to the code that cites it and the tests that exercise it.

Sources, all read statically (nothing is imported or run):
- rules: the rules pages, through the one parser (engine.core.registry);
- code:  rule-id string literals in engine/<game>/*.py (Verdicts and @cites markers);
- tests: `@pytest.mark.rules(...)` markers in tests/, "expect.rules" of case files,
         and the "rules" list of example files.
`python -m tools coverage` (or `python -m engine coverage`) prints the table; `--check` fails on a
cited id that does not exist, a checkable rule no code cites, or a checkable rule no test names.
"""

from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import dataclass, field

from engine import game_ids, load_game
from engine.core.registry import docs_dir, load_rules
from engine.core.verdict import RULE_ID

ID_LITERAL = re.compile(r"""["']([A-Z]{2}-\d+(?:\.\d+)*)["']""")
MARKER = re.compile(r"mark\.rules\(([^)]*)\)")


@dataclass
class Trace:
    code: dict[str, list[str]] = field(default_factory=dict)   # id -> ["file:line"]
    tests: dict[str, list[str]] = field(default_factory=dict)
    cases: dict[str, list[str]] = field(default_factory=dict)


def _add(table, rule_id, where):
    table.setdefault(rule_id, []).append(where)


def _py_files(folder):
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith(".py"):
                yield os.path.join(dirpath, name)


def collect(root: str, package: str, game_id: str, prefix: str) -> Trace:
    trace = Trace()
    for path in _py_files(os.path.join(root, "engine", package)):
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                for rule_id in ID_LITERAL.findall(line):
                    if rule_id.startswith(prefix + "-"):
                        _add(trace.code, rule_id, f"{os.path.relpath(path, root)}:{number}")
    for path in _py_files(os.path.join(root, "tests")):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for m in MARKER.finditer(text):
            number = text.count("\n", 0, m.start()) + 1
            for rule_id in ID_LITERAL.findall(m.group(1)):
                if rule_id.startswith(prefix + "-"):
                    _add(trace.tests, rule_id, f"{os.path.relpath(path, root)}:{number}")
    for kind, key in (("cases", "expect"), ("examples", None)):
        folder = os.path.join(root, "docs", game_id, kind)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                data = json.load(f)
            ids = (data.get(key) or {}).get("rules", []) if key else data.get("rules", [])
            for rule_id in ids:
                _add(trace.cases if kind == "cases" else trace.tests, rule_id, f"docs/{game_id}/{kind}/{name}")
    return trace


def report(root: str, game_id: str) -> dict:
    game = load_game(game_id)
    package = game_id.replace("-", "_")
    rules = load_rules(game_id, "hu", os.path.join(root, "docs"))
    trace = collect(root, package, game_id, game.prefix)
    problems = []
    for table, what in ((trace.code, "cited in"), (trace.tests, "named by test"), (trace.cases, "named by case")):
        for rule_id, places in sorted(table.items()):
            if rule_id not in rules:
                problems.append(f"{rule_id}: {what} {places[0]} but not in docs/{game_id}/rules.hu.md")
    rows = []
    for rule in rules.values():
        row = {"id": rule.id, "title": rule.title, "descriptive": rule.descriptive,
               "code": trace.code.get(rule.id, []), "tests": trace.tests.get(rule.id, []),
               "cases": trace.cases.get(rule.id, [])}
        rows.append(row)
        if rule.descriptive:
            continue
        if not row["code"]:
            problems.append(f"{rule.id}: a checkable rule that no code in engine/{package}/ cites "
                            f"(mark it <!-- rule: descriptive --> if it states nothing checkable)")
        if not row["tests"] and not row["cases"]:
            problems.append(f"{rule.id}: a checkable rule that no test, case or example names")
    return {"game": game_id, "rules": rows, "problems": problems}


def root_dir() -> str:
    return os.path.dirname(os.path.abspath(docs_dir()))


def main(args) -> int:
    root = root_dir()
    failed = False
    for game_id in ([args.game] if args.game else game_ids()):
        r = report(root, game_id)
        checkable = [row for row in r["rules"] if not row["descriptive"]]
        tested = [row for row in checkable if row["tests"] or row["cases"]]
        print(f"== {game_id}: {len(r['rules'])} rules, {len(checkable)} checkable, "
              f"{len(tested)} with tests or cases")
        for row in r["rules"]:
            flag = "descr." if row["descriptive"] else ("ok" if row["code"] and (row["tests"] or row["cases"]) else "MISSING")
            print(f"  {row['id']:<10} {flag:<8} code {len(row['code']):>2}  tests {len(row['tests']):>2}  "
                  f"cases {len(row['cases']):>2}  {row['title']}")
        for problem in r["problems"]:
            print(f"  ! {problem}", file=sys.stderr)
        failed = failed or bool(r["problems"])
    return 1 if (failed and args.check) else 0


__all__ = ["RULE_ID", "collect", "main", "report"]
