"""The command line: `python -m widgets new-game …` and `python -m widgets check-game ID`."""

from __future__ import annotations

import argparse
import re
import sys

from .write import ROOT, new_game


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m widgets")
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("new-game", help="scaffold a new game: the engine package, widgets, tests, pages, examples, cases, nav")
    g.add_argument("id", help="the game id, lowercase with hyphens (e.g. hansa-teutonica)")
    g.add_argument("--title-hu", required=True)
    g.add_argument("--title-en", required=True)
    g.add_argument("--prefix", help="rule id prefix, two capital letters (default: from the id)")
    g.add_argument("--players", default="2-4", help="player range, e.g. 2-4")
    g.add_argument("--root", default=ROOT, help=argparse.SUPPRESS)
    c = sub.add_parser("check-game", help="what a game still lacks against every shared requirement")
    c.add_argument("id", help="the game id")
    args = p.parse_args(argv)
    if args.command == "check-game":
        from .check import main as check

        return check(args.id)
    if not re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", args.id):
        print("error: “id”: lowercase letters, digits and hyphens, e.g. hansa-teutonica", file=sys.stderr)
        return 2
    parts = args.id.split("-")
    prefix = args.prefix or ((parts[0][0] + parts[1][0]) if len(parts) > 1 else parts[0][:2]).upper()
    if not re.fullmatch(r"[A-Z]{2}", prefix):
        print("error: “--prefix”: two capital letters", file=sys.stderr)
        return 2
    low, _, high = args.players.partition("-")
    if not (low.isdigit() and (high or low).isdigit() and 2 <= int(low) <= int(high or low) <= 9):
        print("error: “--players”: a range of 2 to 9 players, e.g. 2-4", file=sys.stderr)
        return 2
    for rel in new_game(args.root, args.id, args.title_hu, args.title_en, prefix, int(low), int(high or low)):
        print(f"wrote {rel}")
    print(
        f"next: `python -m widgets check-game {args.id}`, then replace the placeholder race rule by rule (docs/contributing/adding-a-game.en.md)"
    )
    return 0
