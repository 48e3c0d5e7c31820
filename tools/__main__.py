"""python -m tools coverage [--check] [--game ID]"""

from __future__ import annotations

import argparse
import sys

from .coverage import main as coverage_main


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools")
    sub = p.add_subparsers(dest="command", required=True)
    v = sub.add_parser("coverage", help="rules with the code and tests that cite them")
    v.add_argument("--check", action="store_true", help="exit 1 on a rule without code or tests")
    v.add_argument("--game", help="one game id (default: every game)")
    args = p.parse_args(argv)
    return coverage_main(args)


if __name__ == "__main__":
    sys.exit(main())
