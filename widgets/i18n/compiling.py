"""What a .mo holds, and compiling: `compile` (compile_all) and the build's own (compile_stale).

A .mo holds, msgfmt's way, only complete entries, never a code as a text. A translation whose
Hungarian changed since is kept, marked: for the code's messages, `compile` compares each entry's
`hu:` note with the Hungarian catalog and puts an outdated one under the context "outdated"; for
the texts of the case and example files (`<package>-content`), whose Hungarian is the files
themselves, the .mo keeps the key of the Hungarian each translation was made from (context
"source"), and engine/core/content.py compares it with the file's text when it shows one, so a
reworded question is marked at once and its .mo never goes stale.

The site's build compiles what is stale before it starts (`compile_stale`), so a .mo that was not
compiled after an edit never reaches a page, the wheel or a check's verdict.
"""

from __future__ import annotations

import io
import os

from engine.core.messages import OUTDATED, SOURCE_KEY, SOURCE_LANG, source_key

from . import config
from .catalogs import complete, domains, languages
from .files import ROOT, locale_dir, po_path, read_po
from .sources import BEFORE_NOTE, CONTENT_SUFFIX, SOURCE_NOTE, notes, plain, same

HOLES = ("missing", "empty", "fuzzy", "placeholders")


def mo_bytes(catalog) -> bytes:
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


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


def compiled(catalog, lang: str, source: dict | None, sources: dict | None = None, domain: str | None = None):
    """What the .mo of a .po holds (see above). In the source language, every complete entry. In
    another, a translation whose placeholders differ from the source's is left out (str.format would
    fail on it), and so is one that writes the Hungarian article spec. `source`: {code: the
    Hungarian entry}; `sources` is not read any more (a content catalog's .mo keeps source keys)."""
    from engine.core.messages import placeholders

    _Compiled = _compiled_class()
    content = (domain or catalog.domain or "").endswith(CONTENT_SUFFIX)
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
            was = notes(message.auto_comments, SOURCE_NOTE)
            if content:
                before = notes(message.auto_comments, BEFORE_NOTE) if message.fuzzy else None
                made_from = before or was
                if made_from is not None or message.fuzzy:
                    # a fuzzy entry with no note of its Hungarian: a key no text has, so it shows outdated
                    out.add(code, source_key(made_from) if made_from is not None else "-", context=SOURCE_KEY)
            elif message.fuzzy or (was is not None and not same(was, plain(src.string))):
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


def _compile(root: str, lang: str, domain_list: list[str]) -> list[str]:
    written = []
    for domain in domain_list:
        path = po_path(root, lang, domain)
        if not os.path.exists(path):
            continue
        data = mo_bytes(compiled(read_po(path), lang, source_entries(root, domain), domain=domain))
        target = po_path(root, lang, domain, "mo")
        old = open(target, "rb").read() if os.path.exists(target) else None
        if old != data:
            with open(target, "wb") as f:
                f.write(data)
            written.append(target)
    return written


def compile_stale(root: str | None = None) -> list[str]:
    """The build's step: every .mo that differs from what its .po compiles to is written again (a
    .mo older than its .po or the Hungarian's), and chain.json; nothing is checked here (`messages`
    does). The Hungarian is compiled as it is: its untranslated entries are not in its .mo either."""
    root = root or ROOT
    written = [p for p in [write_chain(root)] if p]
    folder = locale_dir(root)
    if not os.path.isdir(folder):
        return written
    stamps = {}
    for lang in languages(root):
        for domain in domains(root):
            po = po_path(root, lang, domain)
            if os.path.exists(po):
                stamps[(lang, domain)] = os.path.getmtime(po)
    for (lang, domain), stamp in sorted(stamps.items()):
        mo = po_path(root, lang, domain, "mo")
        newest = max(stamp, stamps.get((SOURCE_LANG, domain), 0))
        if os.path.exists(mo) and os.path.getmtime(mo) >= newest:
            continue  # compiled since its .po and the Hungarian's last changed
        written += _compile(root, lang, [domain])
    return written
