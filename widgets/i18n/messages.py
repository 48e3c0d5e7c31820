"""The engine's and the widgets' messages as gettext catalogs: extract, compile, check.

Build-time only (Babel is a development dependency; the engine reads the compiled .mo
files with the standard library's `gettext`, see engine/core/messages.py).

    engine/locale/<domain>.pot                       the codes the code uses (extracted)
    engine/locale/<lang>/LC_MESSAGES/<domain>.po     the texts of one language (msgid = the code)
    engine/locale/<lang>/LC_MESSAGES/<domain>.mo     the same, compiled (checked in, shipped in the wheel)

Domains: `core` (engine/core, engine/*.py), one per game package (engine/<package>/), and
`ui` (the widgets' interface words, widgets/**). Hungarian is the source language:
monolingual gettext, the hu .po is the base that every other language translates.

`extract` finds the codes at the call sites that take one (`_no("code", …)`,
`illegal(…)`, `InputError("code", …)`, `verdict(legal, "code", …)`, `CATALOG.text(…)`,
`UI.text(…)`, the `N_("code")` marker, …) with `extract_codes`, a Babel extraction
method. A code used in a game's package belongs to the game's domain unless the core
catalog already has it. It writes the .pot files and updates the .po files the Babel way:
a new code arrives with an empty text, a code no longer used becomes obsolete (`#~`).
`compile` writes the .mo files. `check` lists every problem: a code with no text in a
language, a fuzzy text, placeholders that differ from the source, an obsolete entry, a
.mo that does not match its .po.
"""

from __future__ import annotations

from engine.core.messages import SOURCE_LANG

# The commands' names, from the modules below (files → sources → catalogs → compiling, checks → this one).
from .catalogs import (  # noqa: F401
    BRACE,
    CORE_DOMAIN,
    FLAGS,
    HEADER,
    METHOD,
    PLURAL,
    UI_DOMAIN,
    complete,
    domains,
    extract,
    extract_codes,
    flags_for,
    game_packages,
    languages,
    new_catalog,
    po_bytes,
    template_for,
    used_codes,
    write_if_changed,
)
from .checks import Problem, check  # noqa: F401
from .compiling import HOLES, OUTDATED, _compile, chain_file, compile_stale, compiled, mo_bytes, source_entries, write_chain  # noqa: F401
from .files import ROOT, locale_dir, po_path, pot_path, read_po  # noqa: F401


def compile_all(
    root: str | None = None, langs: list[str] | None = None, only: list[str] | None = None
) -> tuple[list[str], list[str]]:
    """Writes the .mo of every .po, and engine/locale/chain.json (the fallback language). The
    source language is compiled only when its messages are complete (it is every other language's
    last fallback). Another language is always compiled, with its gaps: an untranslated entry
    (a plural one too) is left out of the .mo, so the reader gets the text of the next language of
    the chain (`fallback` in mkdocs.yml, then Hungarian), never a code; its holes are listed as notes.
    Returns (files written, problems); a problem line that starts with "note:" is not an error."""
    root = root or ROOT
    written, problems = [], []
    chain = write_chain(root)
    if chain:
        written.append(chain)
    used = used_codes(root)
    for lang in langs or languages(root):
        holes = [p for p in check(root, [lang], only, used) if p.kind in HOLES]
        if holes and lang == SOURCE_LANG:
            problems += [f"{p}" for p in holes]
            problems.append(f"{lang}: not compiled (fill in the messages above, then compile again)")
            continue
        if holes:
            problems.append(
                f"note: {lang}: {len(holes)} message(s) untranslated, outdated or wrong: each "
                f"shows in the next language of the chain, or as its outdated translation: "
                + ", ".join(sorted({p.code for p in holes})[:8])
                + (" …" if len(holes) > 8 else "")
            )
        written += _compile(root, lang, only or domains(root))
    return written, problems
