"""python -m widgets.i18n status [--lang en] [--game mare-balticum] [--check] [--docs DIR]
python -m widgets.i18n mark GAME [RULE-ID ...] [--all] [--lang en]
python -m widgets.i18n glossary [--lang en] [--game …]
python -m widgets.i18n extract [--drop-obsolete]     the engine's and widgets' message codes → .pot, .po
python -m widgets.i18n compile                       .po → .mo
python -m widgets.i18n messages [--lang de] [--check]   missing, empty, fuzzy, obsolete, stale messages
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from . import (SOURCE_LANG, STATES, counts, default_docs, game_status, games, glossary_warnings, mark,
               missing_pages, target_languages)


def report(args) -> int:
    started = time.perf_counter()
    docs = args.docs or default_docs()
    langs = args.lang or target_languages(args.mkdocs)
    only = args.game or games(docs)
    failed = outdated = 0
    out = sys.stdout
    for lang in langs:
        rows = [row for game in only for row in game_status(game, lang, docs)]
        table = counts(rows)
        print(f"Translation status: {lang} (source: {SOURCE_LANG})", file=out)
        print(f"  {'game':<20} {'rules':>5} " + " ".join(f"{s:>8}" for s in STATES), file=out)
        totals = {s: 0 for s in STATES}
        for game in only:
            c = table.get((lang, game), {s: 0 for s in STATES})
            n = c["current"] + c["missing"] + c["outdated"]
            print(f"  {game:<20} {n:>5} " + " ".join(f"{c[s]:>8}" for s in STATES), file=out)
            for s in STATES:
                totals[s] += c[s]
        n = totals["current"] + totals["missing"] + totals["outdated"]
        print(f"  {'total':<20} {n:>5} " + " ".join(f"{totals[s]:>8}" for s in STATES), file=out)
        for state in ("missing", "orphaned"):
            picked = [r for r in rows if r.state == state]
            if picked:
                print(f"\n{state} in {lang}:", file=out)
                for r in picked:
                    print(f"  {r.game} {r.id} {r.title}", file=out)
        for r in (r for r in rows if r.state == "outdated"):
            print(f"\nwarning: {r.game} {r.id} ({lang}) is outdated: translated from "
                  f"{r.src or 'an unmarked source'}, the {SOURCE_LANG} source is now {r.now}", file=sys.stderr)
            for line in r.diff:
                print("    " + line, file=sys.stderr)
        pages = [p for p in missing_pages(docs, lang) if not args.game or p.split("/")[0] in args.game]
        if pages:
            print(f"\npages not translated to {lang} (not built in {lang}): " + ", ".join(pages), file=out)
        words = glossary_warnings(lang, docs, only)
        for w in words:
            print(f"warning: glossary: {w}", file=sys.stderr)
        failed += sum(1 for r in rows if r.state in ("missing", "orphaned"))
        outdated += sum(1 for r in rows if r.state == "outdated")
        print("", file=out)
    elapsed = time.perf_counter() - started
    print(f"{failed} missing or orphaned, {outdated} outdated ({elapsed:.2f} s)", file=out)
    if args.check and failed:
        print(f"i18n check failed: {failed} rule(s) missing or orphaned", file=sys.stderr)
        return 1
    return 0


def do_mark(args) -> int:
    if not args.ids and not args.all:
        print("name the rule ids to mark, or --all", file=sys.stderr)
        return 2
    for lang in args.lang or target_languages(args.mkdocs):
        try:
            done = mark(args.game, lang, None if args.all else args.ids, args.docs)
        except (KeyError, FileNotFoundError) as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
        for rule_id, h in done:
            print(f"marked {args.game} {rule_id} ({lang}) as translated from {h}")
    return 0


def do_glossary(args) -> int:
    docs = args.docs or default_docs()
    for lang in args.lang or target_languages(args.mkdocs):
        for w in glossary_warnings(lang, docs, args.game or None):
            print(f"warning: glossary: {w}")
    return 0


def do_extract(args) -> int:
    from . import messages

    for path in messages.extract(langs=args.lang, drop_obsolete=args.drop_obsolete):
        print(f"wrote {os.path.relpath(path, messages.ROOT)}")
    return 0


def do_compile(args) -> int:
    from . import messages

    written, problems = messages.compile_all(langs=args.lang)
    for path in written:
        print(f"wrote {os.path.relpath(path, messages.ROOT)}")
    errors = [p for p in problems if not p.startswith("note:")]
    for problem in problems:
        print(problem if problem.startswith("note:") else f"error: {problem}", file=sys.stderr)
    return 1 if errors else 0


def do_messages(args) -> int:
    """Every problem of the message catalogs; with --check, exit 1 when there is one."""
    from . import messages

    started = time.perf_counter()
    langs = args.lang or messages.languages(mkdocs_yml=args.mkdocs)
    used = messages.used_codes()
    problems = messages.check(langs=langs, used=used)
    total = sum(len(codes) for codes in used.values())
    for lang in langs:
        mine = [p for p in problems if p.lang == lang]
        print(f"Messages: {lang}: {total} codes in {len(used)} domains, {len(mine)} problem(s)")
        shown = 0
        for problem in mine:
            if shown == 40 and not args.verbose:
                print(f"  … and {len(mine) - shown} more (--verbose shows all)")
                break
            print(f"  {problem}")
            shown += 1
    print(f"{len(problems)} message problem(s) ({time.perf_counter() - started:.2f} s)")
    if args.check and problems:
        print(f"messages check failed: {len(problems)} problem(s); see docs/contributing/translators.en.md",
              file=sys.stderr)
        return 1
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m widgets.i18n", description="Translators' tools")
    parser.add_argument("--docs", help="the docs folder (default: this checkout's docs/)")
    parser.add_argument("--mkdocs", help="mkdocs.yml, for the site's languages")
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("status", help="per-rule translation status, with diffs of outdated rules")
    s.add_argument("--lang", action="append", help="a target language (default: every non-source one)")
    s.add_argument("--game", action="append", help="one game (repeatable; default: all)")
    s.add_argument("--check", action="store_true", help="exit 1 on missing or orphaned rules (outdated only warns)")
    m = sub.add_parser("mark", help="record that rules were (re-)translated from the source as it is now")
    m.add_argument("game")
    m.add_argument("ids", nargs="*")
    m.add_argument("--all", action="store_true", help="every rule the translated page has")
    m.add_argument("--lang", action="append")
    g = sub.add_parser("glossary", help="rules whose translation does not use the glossary's term")
    g.add_argument("--lang", action="append")
    g.add_argument("--game", action="append")
    e = sub.add_parser("extract", help="find the message codes in engine/ and widgets/; update the .pot and .po files")
    e.add_argument("--lang", action="append", help="a language (default: the site's and every locale folder's)")
    e.add_argument("--drop-obsolete", action="store_true", help="delete the entries no code uses any more (#~)")
    c = sub.add_parser("compile", help="compile the .po files to .mo (a language with missing messages is not compiled)")
    c.add_argument("--lang", action="append")
    ms = sub.add_parser("messages", help="message problems: missing, empty, fuzzy, placeholders, obsolete, stale .mo")
    ms.add_argument("--lang", action="append")
    ms.add_argument("--check", action="store_true", help="exit 1 on any problem")
    ms.add_argument("--verbose", action="store_true", help="list every problem")
    args = parser.parse_args(argv)
    if args.command == "status":
        return report(args)
    if args.command == "mark":
        return do_mark(args)
    if args.command in ("extract", "compile", "messages"):
        return {"extract": do_extract, "compile": do_compile, "messages": do_messages}[args.command](args)
    return do_glossary(args)


if __name__ == "__main__":
    sys.exit(main())
