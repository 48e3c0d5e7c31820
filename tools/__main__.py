"""python -m tools coverage [--check] [--game ID] [--recording FILE] | python -m tools rules-index"""

from __future__ import annotations

import argparse
import sys

from .coverage import main as coverage_main, write_indexes


def rules_index(args) -> int:
    for path in write_indexes():
        print(f"wrote {path}")
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools")
    sub = p.add_subparsers(dest="command", required=True)
    v = sub.add_parser("coverage", help="rules with the code that cites them and the verdicts that cited them")
    v.add_argument("--check", action="store_true", help="exit 1 on a rule without code or a verdict citing it")
    v.add_argument("--game", help="one game id (default: every game)")
    v.add_argument("--recording", help="a test run's recording (default: the last run's, build/rule-coverage.json)")
    v.set_defaults(run=coverage_main)
    i = sub.add_parser("rules-index", help="write each game's engine/<package>/rules.json from its rules pages")
    i.set_defaults(run=rules_index)
    args = p.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
