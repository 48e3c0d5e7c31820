"""python -m widgets.i18n status [--lang en] [--game GAME] [--check] [--docs DIR]
python -m widgets.i18n mark GAME [RULE-ID ...] [--all] [--lang en] [--unchanged REASON]
python -m widgets.i18n mark PAGE [ANCHOR ...] [--all] [--lang en]     a page's sections (index, <game>/rules)
python -m widgets.i18n glossary [--lang en] [--game …]
python -m widgets.i18n extract [--lang de] [--drop-obsolete]   the message codes → .pot, and the .po files
python -m widgets.i18n compile                       .po → .mo
python -m widgets.i18n messages [--lang de] [--check]   missing, empty, fuzzy, obsolete, stale messages
python -m widgets.i18n bilingual --lang de [--back]  copies for Poedit (msgid = the Hungarian) in build/translate/de/, and back
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from . import (
    SOURCE_LANG,
    STATES,
    MarkRefused,
    config,
    counts,
    default_docs,
    drift,
    game_status,
    games,
    glossary_warnings,
    mark,
    mark_sections,
    missing_pages,
    needs,
    pages,
    progress,
    section_status,
    target_languages,
)


def unknown_games(args, docs: str) -> list[str]:
    known = games(docs)
    named = getattr(args, "game", None)
    return [g for g in named if g not in known] if isinstance(named, list) else []


def report(args) -> int:
    """The whole report goes to stdout (diffs too), so `status > file` keeps it; --check fails
    only on the languages mkdocs.yml lists as complete (a new language is reported, not gated)."""
    started = time.perf_counter()
    docs = args.docs or default_docs()
    conf = config.load(args.mkdocs)
    langs = args.lang or conf.targets
    only = args.game or games(docs)
    gated = [lang for lang in langs if conf.is_complete(lang)]
    failed = outdated = missing = orphaned = 0
    out = sys.stdout
    for lang in langs:
        rows = [row for game in only for row in game_status(game, lang, docs)]
        sections = section_status(docs, lang, args.game)
        items = progress.language_progress(lang, docs, only=args.game)
        table = counts(rows)
        state = "complete: --check gates it" if lang in gated else "not complete: --check reports, does not gate"
        print(
            f"Translation status: {lang} (source: {SOURCE_LANG}), {progress.percent(items):.0f}% translated ({state})", file=out
        )
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
        print(f"\n  {'page or catalog':<34} {'texts':>5} {'done':>5} {'%':>5}  outdated missing orphaned", file=out)
        for p in items:
            print(
                f"  {p.name:<34} {p.total:>5} {p.current:>5} {p.percent:>4.0f}%  {p.outdated:>8} {p.missing:>7} {p.orphaned:>8}",
                file=out,
            )
        everything = rows + sections
        for st in ("missing", "orphaned"):
            picked = [r for r in everything if r.state == st]
            if picked:
                print(f"\n{st} in {lang}:", file=out)
                if st == "missing":
                    print(f"  (each shown in its place from {' → '.join(conf.chain(lang)[1:])}, marked)", file=out)
                for r in picked:
                    where = r.game if r.kind == "rule" else "section"
                    copied = f"  (the {r.copied} text word for word: not counted as a translation)" if r.copied else ""
                    print(f"  {where} {r.id} {r.title}{copied}", file=out)
        for r in (r for r in everything if r.unchanged):
            print(f"\nnote: {r.id} ({lang}) was marked current with its translation unchanged: {r.unchanged}", file=out)
        for r in (r for r in everything if r.state == "outdated"):
            what = f"{r.game} {r.id}" if r.kind == "rule" else f"section {r.id}"
            print(
                f"\nwarning: {what} ({lang}) is outdated: translated from "
                f"{r.src or 'an unmarked source'}, the {SOURCE_LANG} source is now {r.now}",
                file=out,
            )
            for line in r.diff:
                print("    " + line, file=out)
        if not args.game:
            held = needs.load(lang)
            if held:
                print("\ntranslated messages shown with a parameter in another language (the last build's record):", file=out)
                for message, wanted in sorted(held.items()):
                    print(f"  {message}: needs {needs.describe(wanted)}", file=out)
            elif held is None:
                print("\n(build the site to learn which translated messages wait for a parameter's translation)", file=out)
            stale = drift.outdated(lang)
            if stale:
                print(f"\noutdated messages in {lang} (fuzzy: the Hungarian changed since; see `messages`):", file=out)
                for domain, code, before, now in stale:
                    print(f"  {domain}.po {code}", file=out)
                    if before or now:
                        print(f"    - {before}\n    + {now}", file=out)
            outdated += len(stale)
        missing_files = [p for p in missing_pages(docs, lang) if not args.game or p.split("/")[0] in args.game]
        if missing_files:
            print(
                f"\npages not translated to {lang} (each shown in the first language of {' → '.join(conf.chain(lang)[1:])}"
                " that has it, with a notice): " + ", ".join(missing_files),
                file=out,
            )
        for w in glossary_warnings(lang, docs, only):
            print(f"warning: glossary: {w}", file=out)
        # every text counted once: a rule or section row, and each catalog's messages
        lost = sum(1 for r in everything if r.state == "missing") + sum(p.missing for p in items if p.kind == "messages")
        strays = sum(1 for r in everything if r.state == "orphaned")
        missing, orphaned = missing + lost, orphaned + strays
        if lang in gated:
            failed += lost + strays
        outdated += sum(1 for r in everything if r.state == "outdated")
        print("", file=out)
    elapsed = time.perf_counter() - started
    gate = (
        f"--check fails on {failed} of them ({', '.join(gated)}: complete)"
        if gated
        else "--check gates no language (none is marked complete)"
    )
    print(f"{missing} missing, {orphaned} orphaned, {outdated} outdated; {gate} ({elapsed:.2f} s)", file=out)
    if args.check and failed:
        print(f"i18n check failed: {failed} text(s) missing or orphaned in {', '.join(gated)}", file=sys.stderr)
        return 1
    return 0


def do_mark(args) -> int:
    """`mark GAME [RULE-ID …]`: rules; `mark PAGE [ANCHOR …]` (or ids `PAGE#ANCHOR`): a page's sections;
    `mark GAME --all`: every rule of the game and every section of its pages."""
    docs = args.docs or default_docs()
    if not args.ids and not args.all:
        print("name the rule ids or section anchors to mark, or --all", file=sys.stderr)
        return 2
    known_pages = pages.page_ids(docs, SOURCE_LANG)
    target = args.game.strip("/")
    is_game = target in games(docs)
    if not is_game and target not in known_pages:
        print(
            f"error: {target!r} is neither a game nor a page (games: {', '.join(games(docs))}; pages: {', '.join(known_pages)})",
            file=sys.stderr,
        )
        return 2
    rule_ids = [i for i in args.ids if "#" not in i] if is_game else []
    section_ids = [i for i in args.ids if "#" in i] if is_game else list(args.ids)
    for lang in args.lang or target_languages(args.mkdocs):
        try:
            done = []
            if is_game and (args.all or rule_ids):
                done += mark(target, lang, None if args.all else rule_ids, docs, args.unchanged)
            by_page: dict[str, list[str] | None] = {}
            if args.all:
                for page in known_pages if is_game else [target]:
                    if pages.folder_of(page) == target or page == target:
                        if os.path.exists(pages.page_path(docs, page, lang)):
                            by_page[page] = None
            for sid in section_ids:
                page, _, key = sid.rpartition("#") if "#" in sid else (target, "", sid)
                by_page.setdefault(page or target, []).append(key)
            for page, keys in by_page.items():
                done += mark_sections(page, lang, keys, docs, args.unchanged)
        except MarkRefused as err:
            print(f"error: not marked: {err.args[0]}", file=sys.stderr)
            return 1
        except (KeyError, FileNotFoundError) as err:
            print(f"error: {err.args[0] if err.args else err}", file=sys.stderr)
            return 1
        for text_id, h in done:
            print(f"marked {text_id} ({lang}) as translated from {h}")
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


DRIFT = (
    "fuzzy",
    "outdated",
    "changed",
    "stale",
)  # what a Hungarian edit causes: shown marked, never gated (the build compiles a stale .mo)


def do_messages(args) -> int:
    """Every problem of the message catalogs; with --check, exit 1 when there is one."""
    from . import messages

    started = time.perf_counter()
    langs = args.lang or messages.languages(mkdocs_yml=args.mkdocs)
    used = messages.used_codes()
    problems = messages.check(langs=langs, used=used)
    total = sum(len(codes) for codes in used.values())
    conf = config.load(args.mkdocs)
    # as `status --check`: a language still being translated (not marked complete in mkdocs.yml) is reported, not
    # gated; and a Hungarian edit never blocks: a translation it made outdated is reported, not gated
    gated = [p for p in problems if (conf.is_complete(p.lang) or p.lang not in conf.built) and p.kind not in DRIFT]
    for lang in langs:
        mine = [p for p in problems if p.lang == lang]
        note = "" if conf.is_complete(lang) or lang not in conf.built else " (not complete: reported, not gated)"
        print(f"Messages: {lang}: {total} codes in {len(used)} domains, {len(mine)} problem(s){note}")
        shown = 0
        for problem in mine:
            if shown == 40 and not args.verbose:
                print(f"  … and {len(mine) - shown} more (--verbose shows all)")
                break
            print(f"  {problem}")
            shown += 1
    print(f"{len(problems)} message problem(s) ({time.perf_counter() - started:.2f} s)")
    if args.check and gated:
        print(f"messages check failed: {len(gated)} problem(s); see docs/contributing/translators.en.md", file=sys.stderr)
        return 1
    return 0


def do_bilingual(args) -> int:
    from . import bilingual, messages

    if not args.lang:
        print("name the language: --lang de", file=sys.stderr)
        return 2
    for lang in args.lang:
        for path in (bilingual.back if args.back else bilingual.export)(lang):
            print(f"wrote {os.path.relpath(path, messages.ROOT)}")
        if not args.back:
            print(f"edit build/translate/{lang}/*.po, then: python -m widgets.i18n bilingual --lang {lang} --back")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m widgets.i18n", description="Translators' tools")
    parser.add_argument("--docs", help="the docs folder (default: this checkout's docs/)")
    parser.add_argument("--mkdocs", help="mkdocs.yml, for the site's languages")
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("status", help="per-rule translation status, with diffs of outdated rules")
    s.add_argument("--lang", action="append", help="a target language (default: every non-source one)")
    s.add_argument("--game", action="append", help="one game (repeatable; default: all)")
    s.add_argument(
        "--check",
        action="store_true",
        help="exit 1 on missing or orphaned rules, sections or messages of the complete languages (outdated only warns)",
    )
    m = sub.add_parser("mark", help="record that rules or a page's sections were (re-)translated from the source as it is now")
    m.add_argument(
        "game", help="a game (its rules; with --all also its pages' sections) or a page (index, contributing/translators)"
    )
    m.add_argument("ids", nargs="*")
    m.add_argument("--all", action="store_true", help="every rule the translated page has")
    m.add_argument("--lang", action="append")
    m.add_argument(
        "--unchanged",
        metavar="REASON",
        help="mark an outdated text current although its translation did not change, saying why (status shows it)",
    )
    g = sub.add_parser("glossary", help="rules whose translation does not use the glossary's term")
    g.add_argument("--lang", action="append")
    g.add_argument("--game", action="append")
    e = sub.add_parser("extract", help="find the message codes in engine/ and widgets/; update the .pot and .po files")
    e.add_argument("--lang", action="append", help="a language (default: the site's and every locale folder's)")
    e.add_argument("--drop-obsolete", action="store_true", help="delete the entries no code uses any more (#~)")
    c = sub.add_parser(
        "compile",
        help="compile the .po files to .mo: every language, its untranslated messages left out "
        "(they show in the fallback language); Hungarian only when complete",
    )
    c.add_argument("--lang", action="append")
    ms = sub.add_parser("messages", help="message problems: missing, empty, fuzzy, placeholders, obsolete, stale .mo")
    ms.add_argument("--lang", action="append")
    ms.add_argument(
        "--check",
        action="store_true",
        help="exit 1 on a problem of a complete language (an outdated translation is reported, not gated)",
    )
    ms.add_argument("--verbose", action="store_true", help="list every problem")
    b = sub.add_parser(
        "bilingual",
        help="a language's catalogs as copies for Poedit (msgid = the Hungarian text, "
        "msgctxt = the code) in build/translate/<lang>/; --back reads them back",
    )
    b.add_argument("--lang", action="append")
    b.add_argument("--back", action="store_true", help="read the edited copies back into engine/locale/<lang>/")
    args = parser.parse_args(argv)
    unknown = unknown_games(args, args.docs or default_docs())
    if unknown:
        print(
            f"error: unknown game {', '.join(map(repr, unknown))} (games: {', '.join(games(args.docs or default_docs()))})",
            file=sys.stderr,
        )
        return 2
    if args.command == "status":
        return report(args)
    if args.command == "mark":
        return do_mark(args)
    if args.command in ("extract", "compile", "messages", "bilingual"):
        return {"extract": do_extract, "compile": do_compile, "messages": do_messages, "bilingual": do_bilingual}[args.command](
            args
        )
    return do_glossary(args)


if __name__ == "__main__":
    sys.exit(main())
