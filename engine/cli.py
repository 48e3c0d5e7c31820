"""python -m engine check|play|rules|coverage (docs/contributing/architecture.en.md).

Exit codes: 0 ok (or the case matches its "expect"), 1 the verdict differs from
"expect", 2 bad input. Bad input is one line naming the field, never a traceback. A case file in
any earlier format is migrated on load (engine/core/formats.py).
"""

from __future__ import annotations

import argparse
import json
import sys

from . import game_ids, load_game
from .core.cases import read_json, run_case
from .core.errors import InputError
from .core.messages import CORE, LANGS
from .core.rng import Rng


def _read_json(path: str):
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)  # (a test may hand over a text stream)
            text = stream.read().decode("utf-8") if stream is not None else sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as err:
        raise InputError("file-unreadable", path, detail=err.strerror or str(err)) from None
    except UnicodeDecodeError as err:
        raise InputError("file-not-utf8", path, position=err.start) from None
    return read_json(text, path)


def cmd_check(args) -> int:
    result = run_case(_read_json(args.file))
    print(json.dumps(result["verdict"], ensure_ascii=False, indent=2))
    if result["matches"] is False:
        print(CORE.text("case-mismatch", args.lang, detail="; ".join(result["differences"])), file=sys.stderr)
        return 1
    return 0


def random_playout(state, moves: int | None, seed: int):
    """Plays uniformly random legal actions; yields (player, action, verdict, next state) until the
    end or `moves`."""
    rng = Rng(seed ^ 0x5EED)
    count = 0
    while not state.is_over() and (moves is None or count < moves):
        actions = state.legal_actions()
        if not actions:
            break
        action = rng.choice(actions)
        player = state.current_player
        verdict = state.check(action)
        state = state.apply(action)
        count += 1
        yield player, action, verdict, state


def cmd_play(args) -> int:
    game = load_game(args.game)
    if args.random_moves is not None and args.random_moves < 0:
        raise InputError("field-range", "--random-moves", low=0, high="…", value=args.random_moves)
    state = game.new(args.players, args.seed, read_json(args.options, "--options") if args.options else None, "")
    before = state
    for player, action, verdict, state in random_playout(state, args.random_moves, args.seed):
        rules = ", ".join(verdict.rules)
        # Seats are 0-based in the engine and numbered from 1 for people, as in every message.
        print(f"P{player + 1}: {before.describe(action, args.lang)}  [{rules}]")
        before = state
    if state.is_over():
        print(json.dumps({"scores": state.scores(), "winners": state.winners()}, ensure_ascii=False))
    return 0


def cmd_rules(args) -> int:
    from .core.registry import load_rules

    game = load_game(args.game)
    try:
        rules = load_rules(game.id, args.lang, args.docs)
    except OSError as err:  # no such docs folder, or an engine without its rule index
        raise InputError("file-unreadable", "--docs", detail=err.strerror or str(err)) from None
    for rule in rules.values():
        print(f"{rule.id}\t{rule.title}")
    return 0


def cmd_coverage(args) -> int:
    # The engine's own report (engine/core/coverage.py): its code, a test run's recording, and the
    # cases of a docs folder when given; `python -m tools coverage` fills both in for a checkout.
    from .core.coverage import main as coverage_main, read_recording

    if args.recording:
        try:
            read_recording(args.recording)
        except OSError as err:
            raise InputError("file-unreadable", "--recording", detail=err.strerror or str(err)) from None
    try:
        return coverage_main(args)
    except OSError as err:
        raise InputError("file-unreadable", "--docs", detail=err.strerror or str(err)) from None


def parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--lang", choices=LANGS, default="en", help="language of messages (default en)")
    p = argparse.ArgumentParser(prog="python -m engine", description="Kikötő rules engine")
    sub = p.add_subparsers(dest="command", required=True)
    add = lambda name, **kw: sub.add_parser(name, parents=[common], **kw)  # noqa: E731
    c = add("check", help="run a case file and print its verdict")
    c.add_argument("file", help="case file, or - for stdin")
    c.set_defaults(run=cmd_check)
    g = add("play", help="play random moves and print the log with rule citations")
    g.add_argument("game", help=", ".join(game_ids()))
    g.add_argument("--players", type=int, required=True)
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--random-moves", type=int, default=None, help="stop after K moves (default: play to the end)")
    g.add_argument("--options", default=None, help="options as a JSON object")
    g.set_defaults(run=cmd_play)
    docs = "a docs folder to read the rules pages (and cases) from (default: KIKOTO_DOCS, else the engine's rule index)"
    r = add("rules", help="list every rule id with its title")
    r.add_argument("game")
    r.add_argument("--docs", default=None, help=docs)
    r.set_defaults(run=cmd_rules)
    v = add("coverage", help="rules with the code that cites them and the verdicts that cited them")
    v.add_argument(
        "--check",
        action="store_true",
        help="exit 1 when a checkable rule has no code or no verdict citing it (needs --recording)",
    )
    v.add_argument("--game", default=None)
    v.add_argument("--docs", default=None, help=docs)
    v.add_argument("--recording", default=None, help="a test run's recording of the rules its verdicts cited")
    v.set_defaults(run=cmd_coverage)
    return p


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except BrokenPipeError:
        # the reader stopped reading (`| head`): end quietly, and keep Python's exit-time flush quiet too
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except InputError as err:
        # One line, even when the offending field's name carries a line break (found by fuzzing).
        message = err.message[args.lang].replace("\r", "\\r").replace("\n", "\\n")
        print(f"error: {message}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
