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
from .compiling import HOLES, OUTDATED, chain_file, compile_all, compile_stale, compiled, mo_bytes, source_entries, write_chain  # noqa: F401
from .files import ROOT, locale_dir, po_path, pot_path, read_po  # noqa: F401
