"""The message catalogs' machinery, below the checks (checks.py) and the commands (messages.py,
which describes the whole): the codes the code uses (extraction), the .pot and .po files
written the Babel way, and what a .mo holds (`compiled`)."""

from __future__ import annotations

import ast
import io
import os
import re
import time

from engine.core.messages import SOURCE_LANG

from . import config
from .files import ROOT, locale_dir, po_path, pot_path, read_po
from .sources import PIVOT_LANG, SOURCE_NOTE, Uses, content_codes, content_domains, notes, plain, previous_notes, same, track

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
# No `python-brace-format` flag on the entries: with the code as msgid, GNU `msgfmt -c`
# (and the editors that run it, Poedit among them) report every placeholder of the text as
# "a format specification that doesn't exist in 'msgid'". The placeholders are checked
# here instead, against the source language. (Weblate: set the flag on the component.)
FLAGS: tuple[str, ...] = ()
# Every catalog's plural rule, the template's too. Hungarian puts the singular after a number
# ("3 teszt"), yet CLDR, gettext and Weblate all give hu two forms, n == 1 and the rest: a
# Hungarian text writes the same words in both where the noun follows the number.
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
    langs = list(config.load(mkdocs_yml or os.path.join(root or ROOT, "mkdocs.yml")).built)
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


def template_for(domain: str, codes: dict[str, Uses], base_plurals: set[str] = frozenset()):
    """The domain's .pot. A code has plural forms when a call site reads it with `plural(…)` or
    the Hungarian .po (the base) gives it a msgid_plural."""
    catalog = new_catalog(domain, None)
    for code in sorted(codes):
        plural = getattr(codes[code], "plural", False) or code in base_plurals
        catalog.add((code, code) if plural else code, ("", "") if plural else "", locations=sorted(set(codes[code])), flags=FLAGS)
    return catalog


def extract(
    root: str | None = None, langs: list[str] | None = None, only: list[str] | None = None, drop_obsolete: bool = False
) -> list[str]:
    """Writes every domain's .pot and brings every language's .po up to date with it (a
    language without a .po gets one). Returns the files written."""
    root = root or ROOT
    langs = langs or languages(root)
    used = used_codes(root)
    written = []
    for domain in only or domains(root):
        base = po_path(root, SOURCE_LANG, domain)
        base_plurals = {m.id[0] for m in read_po(base) if isinstance(m.id, (list, tuple))} if os.path.exists(base) else set()
        template = template_for(domain, used.get(domain, {}), base_plurals)
        if write_if_changed(pot_path(root, domain), po_bytes(template)):
            written.append(pot_path(root, domain))
        source = pivot = None
        codes = used.get(domain, {})
        for lang in sorted(langs, key=lambda lang: (lang != SOURCE_LANG, lang != PIVOT_LANG)):
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
                    message.flags = set(FLAGS) | (message.flags & {"fuzzy"})
            if lang == SOURCE_LANG:
                source = catalog
                for message in catalog:  # a case or example file is the source of its texts
                    text = getattr(codes.get(message.id), "source", None) if message.id else None
                    if text is not None:
                        message.string, message.flags = text, message.flags - {"fuzzy"}
            else:
                # A translator sees the Hungarian text beside the code; a changed one makes the entry fuzzy.
                track(previous, catalog, source, lang, pivot if lang != PIVOT_LANG else None)
                pivot = catalog if lang == PIVOT_LANG else pivot
            if write_if_changed(path, po_bytes(catalog, drop_obsolete)):
                written.append(path)
    return written


# -- compiling -----------------------------------------------------------------------------


def mo_bytes(catalog) -> bytes:
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


HOLES = ("missing", "empty", "fuzzy", "placeholders")
OUTDATED = "outdated"  # engine/core/messages.py reads a translation of an older Hungarian text under this context


def complete(message) -> bool:
    """Every form of the entry has a text (Babel would write an empty plural form as its code)."""
    forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return bool(forms) and all(form and form.strip() for form in forms)


def _compiled_class():
    from babel.messages.catalog import Catalog

    class Compiled(Catalog):
        """A catalog whose .mo header says only what `gettext` reads (the charset, the plural rule,
        the language): the .po's other header lines are for translators, and the wheel is small."""

        def __iter__(self):
            messages = super().__iter__()
            header = next(messages)
            header.string = "".join(
                f"{k}: {v}\n" for k, v in self.mime_headers if k in ("Language", "Content-Type", "Plural-Forms")
            )
            yield header
            yield from messages

    return Compiled


def hungarian_spec(template: str) -> bool:
    """Does the text use the Hungarian-only article spec (`{line:az}`)?"""
    import string

    from engine.core.messages import ARTICLE_SPECS

    try:
        return any(spec in ARTICLE_SPECS for _, name, spec, _ in string.Formatter().parse(template) if name is not None)
    except ValueError:
        return False


def compiled(catalog, lang: str, source: dict | None, sources: dict | None = None):
    """What the .mo of a .po holds, msgfmt's way: only complete entries, never a code as a text.
    In the source language, every complete entry. In another, a translation whose placeholders
    differ from the source's is left out (str.format would fail on it); one made from an older
    Hungarian text (fuzzy, or its `hu:` note differs from the Hungarian now) goes under the
    context "outdated", which the engine shows marked until the translator updates it.
    `source`: {code: the Hungarian entry}; `sources`: {code: the Hungarian of a case or example
    file, which may be newer than the Hungarian .po}."""
    from engine.core.messages import placeholders

    _Compiled = _compiled_class()

    out = _Compiled(locale=catalog.locale, domain=catalog.domain, charset="utf-8", fuzzy=False)
    out.mime_headers = catalog.mime_headers
    for message in catalog:
        if not message.id or not complete(message):
            continue
        code = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        context = None
        if lang != SOURCE_LANG:
            src = (source or {}).get(code)
            if src is None or not complete(src):
                continue
            forms = lambda s: s if isinstance(s, (list, tuple)) else [s]  # noqa: E731
            want = set().union(*(placeholders(t) for t in forms(src.string)))
            if set().union(*(placeholders(t) for t in forms(message.string))) != want:
                continue
            if any(hungarian_spec(t) for t in forms(message.string)):
                continue  # "Zeile az 1": the next language of the chain instead
            now = (sources or {}).get(code) or plain(src.string)
            was = notes(message.auto_comments, SOURCE_NOTE)
            if message.fuzzy or (was is not None and not same(was, now)):
                context = OUTDATED
        out.add(message.id, message.string, context=context)
    return out


def chain_file(root: str | None = None) -> tuple[str, bytes | None]:
    """engine/locale/chain.json and what it should hold (None without a mkdocs.yml)."""
    import json

    root = root or ROOT
    path = os.path.join(locale_dir(root), "chain.json")
    yml = os.path.join(root, "mkdocs.yml")
    if not os.path.exists(yml):
        return path, None
    return path, (json.dumps({"fallback": config.load(yml).fallback}) + "\n").encode()


def write_chain(root: str | None = None) -> str | None:
    """engine/locale/chain.json: mkdocs.yml's fallback language, for the engine (in the browser too)."""
    path, data = chain_file(root)
    if data is None:
        return None
    old = open(path, "rb").read() if os.path.exists(path) else None
    if old == data:
        return None
    with open(path, "wb") as f:
        f.write(data)
    return path


def source_entries(root: str | None, domain: str) -> dict:
    path = po_path(root, SOURCE_LANG, domain)
    if not os.path.exists(path):
        return {}
    return {(m.id[0] if isinstance(m.id, (list, tuple)) else m.id): m for m in read_po(path) if m.id}
