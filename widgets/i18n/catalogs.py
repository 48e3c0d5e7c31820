"""The message catalogs' machinery, below the checks (checks.py) and the commands (messages.py,
which describes the whole): the codes the code uses (extraction), and the .pot and .po files
written the Babel way (`extract`). What a .mo holds: compiling.py.

What `extract` writes depends on nothing but the code, the Hungarian and the translations: no
file references (they change with every move of the code, and a fresh clone's first `extract`
would rewrite the committed files; the bilingual copies a translator opens carry them), no dates
that are not real (a file is written only when more than its dates changed), and the same
entries with or without `--lang`."""

from __future__ import annotations

import ast
import io
import os
import re
import time

from engine.core.messages import SOURCE_LANG

from . import config
from .files import ROOT, locale_dir, po_path, pot_path, read_po
from .sources import PIVOT_LANG, SOURCE_NOTE, Uses, content_codes, content_domains, notes, previous_notes, track

CODE = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*\Z")
METHOD = "widgets.i18n.catalogs:extract_codes"
UI_DOMAIN = "ui"
CORE_DOMAIN = "core"
HEADER = {"project": "Kikötő", "version": "1", "copyright_holder": "the Kikötő contributors"}
HEADER_COMMENT = (
    "# Kikötő messages, gettext domain {domain}{language}.\n"
    "# msgid is the message code; msgstr is the text, a Python str.format template.\n"
    "# Hungarian (hu) is the source language. See docs/contributing/translators.en.md."
)
# `python-brace-format` on every entry whose Hungarian has a placeholder, so Weblate checks that a
# translation keeps them. GNU `msgfmt -c` compares them with msgid, which is the code here, so it
# runs on the bilingual copies (msgid = the Hungarian, the files Poedit opens), and the monolingual
# catalogs are checked against the Hungarian by `messages` instead.
BRACE = "python-brace-format"
FLAGS: tuple[str, ...] = ()  # kept for callers: the flag is per entry now (`flags_for`)
# The template's plural rule (it has no language; each .po gets its own language's rule from CLDR,
# through Babel: two forms in hu and en, three in pl, …).
PLURAL_FORMS = b"nplurals=2; plural=(n != 1);"
TRANSLATORS = "the Kikötő contributors (docs/contributing/translators.en.md)".encode()
BUGS = "the project's issue tracker (docs/contributing/translators.en.md)".encode()

# Engine call sites that take a code, and the (0-based) position of the code.
ENGINE_CALLS = {
    "_no": 0,
    "_ok": 0,
    "illegal": 0,
    "InputError": 0,
    "text": 0,
    "both": 0,
    "template": 0,
    "N_": 0,
    "verdict": 1,
    "make": 1,
    "Verdict": 2,
    "plural": 0,
    "Phrase": 0,
}
# Widget call sites: the interface catalog's methods, the plugin's `t(key)` shorthand, the marker.
UI_METHODS = {"text", "both", "template", "plural"}
PLURAL = "plural"  # the method that reads a code with plural forms (msgid_plural = the code)
UI_CALLS = {"t": 0, "N_": 0}


# -- what there is (where the files are: files.py) ------------------------------------------


def game_packages(root: str | None = None) -> list[str]:
    engine = os.path.join(root or ROOT, "engine")
    return sorted(
        name for name in os.listdir(engine) if name != "core" and os.path.isfile(os.path.join(engine, name, "__init__.py"))
    )


def domains(root: str | None = None) -> list[str]:
    """core, one per game, ui, and one per game for its case and example texts (`<package>-content`)."""
    games = game_packages(root)
    return [CORE_DOMAIN, *games, UI_DOMAIN, *content_domains(games)]


def languages(root: str | None = None, mkdocs_yml: str | None = None) -> list[str]:
    """The site's languages (mkdocs.yml) and every language that has a locale folder, source first."""
    yml = mkdocs_yml or os.path.join(root or ROOT, "mkdocs.yml")
    langs = list(config.load(yml).built) if os.path.exists(yml) else []
    folder = locale_dir(root)
    if os.path.isdir(folder):
        langs += sorted(n for n in os.listdir(folder) if os.path.isdir(os.path.join(folder, n, "LC_MESSAGES")))
    out = []
    for lang in [SOURCE_LANG, *langs]:
        if lang not in out:
            out.append(lang)
    return out


# -- extraction ------------------------------------------------------------------------


def _name(func: ast.expr) -> tuple[str | None, str | None]:
    """(receiver, name) of a call: `UI.text` → ("UI", "text"), `_no` → (None, "_no")."""
    if isinstance(func, ast.Name):
        return None, func.id
    if isinstance(func, ast.Attribute):
        receiver = func.value.id if isinstance(func.value, ast.Name) else None
        return receiver, func.attr
    return None, None


def _literals(node: ast.expr):
    """The string constants an argument may be: a literal, or either branch of `a if c else b`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node
    elif isinstance(node, ast.IfExp):
        yield from _literals(node.body)
        yield from _literals(node.orelse)


def _catalog_imports(tree: ast.Module) -> dict[str, str]:
    """Names bound to a game's catalog by `from engine.<package>.messages import CATALOG [as X]`."""
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            m = re.fullmatch(r"engine\.(\w+)\.messages", node.module)
            if m and m.group(1) != "core":
                for alias in node.names:
                    out[alias.asname or alias.name] = m.group(1)
    return out


def extract_codes(fileobj, keywords, comment_tags, options):
    """A Babel extraction method (`widgets.i18n.catalogs:extract_codes`): the message codes
    at the call sites that take one. Option `area`: "engine" or "widgets". In the widgets
    only the interface catalog counts (`UI.text(…)`, `t(…)`, `N_(…)`), plus the engine's
    calls (`InputError("bad-json", …)`): those go to the core catalog, or to a game's when
    the call names a catalog imported from the game (`catalog=CATALOG`). Such a message
    carries a comment `domain:<package>`, which `used_codes` reads."""
    source = fileobj.read()
    if isinstance(source, bytes):
        source = source.decode("utf-8")
    tree = ast.parse(source)
    widgets = options.get("area") == "widgets"
    imported = _catalog_imports(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        receiver, name = _name(node.func)
        hint = []
        if widgets and ((receiver == "UI" and name in UI_METHODS) or (receiver is None and name in UI_CALLS)):
            position = 0
        elif name in ENGINE_CALLS and receiver != "UI":
            position = ENGINE_CALLS[name]
            if widgets:
                named = [receiver] + [k.value.id for k in node.keywords if k.arg == "catalog" and isinstance(k.value, ast.Name)]
                package = next((imported[n] for n in named if n in imported), None)
                hint = [f"domain:{package or CORE_DOMAIN}"]
        else:
            continue
        args = node.args[position : position + 1] + [k.value for k in node.keywords if k.arg == "reason"]
        plural = [PLURAL] if name == PLURAL else []
        for arg in args:
            for literal in _literals(arg):
                if CODE.match(literal.value):
                    yield literal.lineno, "N_", literal.value, hint + plural


def _extract_area(root: str, area: str):
    from babel.messages.extract import extract_from_dir

    folder = os.path.join(root, area)
    skip = {"__pycache__", "locale", "assets"}
    for filename, lineno, code, comments, _ in extract_from_dir(
        folder,
        [("**.py", METHOD)],
        {"**.py": {"area": area}},
        keywords={"N_": None},
        directory_filter=lambda path: os.path.basename(path) not in skip,
    ):
        hint = next((c[len("domain:") :] for c in comments if c.startswith("domain:")), None)
        yield f"{area}/{filename}".replace(os.sep, "/"), lineno, code, hint, PLURAL in comments


def used_codes(root: str | None = None) -> dict[str, dict[str, Uses]]:
    """{domain: {code: [(file, line), …]}} of every code the code uses, and of every text of
    the case and example files (widgets/i18n/sources.py). A `Uses` list also says whether the
    code has plural forms, and a file's text its Hungarian source."""
    root = root or ROOT
    games = set(game_packages(root))
    core_po = po_path(root, SOURCE_LANG, CORE_DOMAIN)
    core_known = {m.id for m in read_po(core_po) if m.id} if os.path.exists(core_po) else set()
    found: list[tuple[str, str, int, str]] = []
    plurals = set()
    for area in ("engine", "widgets"):
        for filename, lineno, code, hint, plural in _extract_area(root, area):
            if plural:
                plurals.add(code)
            parts = filename.split("/")
            if hint:
                domain = hint
            elif area == "widgets":
                domain = UI_DOMAIN
            elif len(parts) > 2 and parts[1] in games:
                domain = parts[1]
            else:
                domain = CORE_DOMAIN
            found.append((domain, code, lineno, filename))
    core_codes = {code for domain, code, _, _ in found if domain == CORE_DOMAIN} | core_known
    out: dict[str, dict[str, Uses]] = {d: {} for d in domains(root)}
    for domain, code, lineno, filename in found:
        if domain in games and code in core_codes:
            domain = CORE_DOMAIN
        uses = out.setdefault(domain, {}).setdefault(code, Uses())
        uses.plural = uses.plural or code in plurals
        uses.append((filename, lineno))
    out.update(content_codes(root, sorted(games)))
    return out


# -- reading and writing -----------------------------------------------------------------


def po_bytes(catalog, drop_obsolete: bool = False) -> bytes:
    from babel.messages.pofile import write_po

    for message in catalog:
        if message.id:
            # Babel's reader drops the flag (it judges by the msgid, the code): every writer puts it back
            note = notes(message.auto_comments, SOURCE_NOTE)
            message.flags |= flags_for(note if note is not None else message.string)
    buf = io.BytesIO()
    write_po(
        buf,
        catalog,
        width=0,
        sort_output=True,
        include_lineno=False,
        omit_header=False,
        ignore_obsolete=drop_obsolete,
        include_previous=False,
    )
    data = buf.getvalue()
    if b'"Plural-Forms: ' not in data:  # a template: no language, so Babel leaves the plural rule out
        data = data.replace(
            b'"Content-Transfer-Encoding: 8bit\\n"\n',
            b'"Content-Transfer-Encoding: 8bit\\n"\n"Plural-Forms: ' + PLURAL_FORMS + b'\\n"\n',
            1,
        )
    # `msgfmt --check` warns about a header left at its placeholder values
    stamp = time.strftime("%Y-%m-%d %H:%M+0000", time.gmtime()).encode()
    data = (
        data.replace(b"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE", b"PO-Revision-Date: " + stamp)
        .replace(b"Last-Translator: FULL NAME <EMAIL@ADDRESS>", b"Last-Translator: " + TRANSLATORS)
        .replace(b"Report-Msgid-Bugs-To: EMAIL@ADDRESS", b"Report-Msgid-Bugs-To: " + BUGS)
    )
    # Babel's default team is a placeholder address: the team is the language's translators here
    return _TEAM.sub(
        lambda m: (
            b'"Language-Team: '
            + (m.group(1) if m.group(1) != b"LANGUAGE" else b"every language")
            + b" translators, "
            + TRANSLATORS
            + b'\\n"'
        ),
        data,
    )


_TEAM = re.compile(rb'"Language-Team: (\S+) <LL@li\.org>\\n"')


_DATE = re.compile(rb'^"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', re.M)


def write_if_changed(path: str, data: bytes) -> bool:
    """Writes `data` unless the file already says the same apart from its dates (so running
    `extract` twice changes nothing)."""
    if os.path.exists(path):
        with open(path, "rb") as f:
            old = f.read()
        if _DATE.sub(b"", old) == _DATE.sub(b"", data):
            return False
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    return True


def new_catalog(domain: str, lang: str | None):
    from babel.messages.catalog import Catalog

    comment = HEADER_COMMENT.format(domain=domain, language=f", language {lang}" if lang else " (template)")
    return Catalog(locale=lang, domain=domain, charset="utf-8", fuzzy=False, header_comment=comment, **HEADER)


def complete(message) -> bool:
    """Every form of the entry has a text (Babel would write an empty plural form as its code)."""
    forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return bool(forms) and all(form and form.strip() for form in forms)


def flags_for(text) -> set[str]:
    """The flags of an entry whose source text is `text` (a str or a plural's forms)."""
    from engine.core.messages import placeholders

    forms = text if isinstance(text, (list, tuple)) else [text or ""]
    try:
        return {BRACE} if any(placeholders(t) for t in forms) else set()
    except ValueError:
        return set()


def template_for(domain: str, codes: dict[str, Uses], base_plurals: set[str] = frozenset(), base: dict | None = None):
    """The domain's .pot. A code has plural forms when a call site reads it with `plural(…)` or
    the Hungarian .po (the base) gives it a msgid_plural. No file references (see above)."""
    catalog = new_catalog(domain, None)
    for code in sorted(codes):
        plural = getattr(codes[code], "plural", False) or code in base_plurals
        source = getattr(codes[code], "source", None) or (base or {}).get(code, "")
        message = catalog.add((code, code) if plural else code, ("", "") if plural else "")
        message.flags |= flags_for(source)  # after: Babel's Message sets the flag by the msgid, the code here
    return catalog


def _updated(root: str, domain: str, lang: str, template, codes: dict, source, pivot):
    """The .po of `lang` brought up to date with the template; `source` (the Hungarian catalog, done
    first) and `pivot` (the English) give each entry its `hu:` and `en:` notes."""
    path = po_path(root, lang, domain)
    catalog = read_po(path) if os.path.exists(path) else new_catalog(domain, lang)
    previous = previous_notes(catalog)
    singular = {m.id: m.string for m in catalog if m.id and isinstance(m.id, str) and m.string}
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    for message in catalog:
        # a message the Hungarian made plural: its translation is kept in every form, to be
        # edited (fuzzy: shown marked outdated meanwhile), never left with an empty form
        if isinstance(message.id, (list, tuple)) and message.id[0] in singular and not complete(message):
            message.string = tuple(form or singular[message.id[0]] for form in message.string)
            message.flags.add("fuzzy")
    for message in catalog:
        if message.id:
            message.locations = []
            message.flags = set(template[message.id].flags if message.id in template else ()) | (message.flags & {"fuzzy"})
    if lang == SOURCE_LANG:
        for message in catalog:  # a case or example file is the source of its texts
            text = getattr(codes.get(message.id), "source", None) if message.id else None
            if text is not None:
                message.string, message.flags = text, message.flags - {"fuzzy"}
    else:
        # A translator sees the Hungarian text beside the code; a changed one makes the entry fuzzy.
        track(previous, catalog, source, lang, pivot if lang != PIVOT_LANG else None)
    return catalog


def extract(
    root: str | None = None, langs: list[str] | None = None, only: list[str] | None = None, drop_obsolete: bool = False
) -> list[str]:
    """Writes every domain's .pot and brings the .po files of `langs` (default: every language) up
    to date with it (a language without a .po gets one). The Hungarian and English catalogs are
    brought up to date in memory whatever `langs` is, so every language's notes are the same with
    or without `--lang`; only the files of `langs` are written. Returns the files written."""
    root = root or ROOT
    every = languages(root)
    langs = langs or every
    used = used_codes(root)
    written = []
    for domain in only or domains(root):
        base = po_path(root, SOURCE_LANG, domain)
        base_catalog = read_po(base) if os.path.exists(base) else None
        base_plurals = {m.id[0] for m in base_catalog or [] if isinstance(m.id, (list, tuple))}
        base_texts = {(m.id[0] if isinstance(m.id, (list, tuple)) else m.id): m.string for m in base_catalog or [] if m.id}
        codes = used.get(domain, {})
        template = template_for(domain, codes, base_plurals, base_texts)
        if write_if_changed(pot_path(root, domain), po_bytes(template)):
            written.append(pot_path(root, domain))
        source = _updated(root, domain, SOURCE_LANG, template, codes, None, None)
        pivot = None
        for lang in sorted(
            set(langs) | {SOURCE_LANG, PIVOT_LANG} & set(every), key=lambda l: (l != SOURCE_LANG, l != PIVOT_LANG, l)
        ):
            catalog = source if lang == SOURCE_LANG else _updated(root, domain, lang, template, codes, source, pivot)
            pivot = catalog if lang == PIVOT_LANG else pivot
            path = po_path(root, lang, domain)
            if lang in langs and write_if_changed(path, po_bytes(catalog, drop_obsolete)):
                written.append(path)
    return written
