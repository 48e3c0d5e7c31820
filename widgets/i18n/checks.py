"""`python -m widgets.i18n messages [--check]`: every problem of the message catalogs.

A code with no entry (missing), an entry with no text (empty, or a plural form left empty), a
fuzzy text (the Hungarian changed since it was translated: the entry says from what), a
translation whose Hungarian changed and `extract` has not run yet (outdated), a case or example
file whose text differs from the Hungarian catalog (changed: run `extract`), placeholders that
differ from the source, an entry no code uses, an obsolete (#~) entry, a .mo that does not match
its .po.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.messages import SOURCE_LANG, placeholders

from .catalogs import domains, languages, used_codes
from .compiling import chain_file, compiled, hungarian_spec, mo_bytes
from .files import ROOT, po_path, read_po
from .sources import BEFORE_NOTE, SOURCE_NOTE, notes, plain, same


@dataclass
class Problem:
    kind: str  # missing | empty | fuzzy | outdated | changed | placeholders | obsolete | stale | unused
    lang: str
    domain: str
    code: str = ""
    detail: str = ""

    def __str__(self) -> str:
        where = f"{self.lang}/{self.domain}.po" + (f" {self.code}" if self.code else "")
        return f"{where}: {self.kind}" + (f" ({self.detail})" if self.detail else "")


def _key(message_id) -> str:
    return message_id[0] if isinstance(message_id, (list, tuple)) else message_id


def texts(catalog, lang: str, source: dict, codes: dict, domain: str | None = None) -> dict:
    """What `compile` writes to the .mo of this catalog (the same function: so `messages` reports a
    stale .mo only when `compile` would change it)."""
    import io

    sources = {code: uses.source for code, uses in codes.items() if getattr(uses, "source", None) is not None}
    return _mo_texts(io.BytesIO(mo_bytes(compiled(catalog, lang, source, sources, domain))))


def _mo_texts(path) -> dict:
    import gettext

    if isinstance(path, str):
        with open(path, "rb") as f:
            translations = gettext.GNUTranslations(f)
    else:
        translations = gettext.GNUTranslations(path)
    return {k: v for k, v in translations._catalog.items() if k and v}


def _forms(string) -> list[str]:
    return list(string) if isinstance(string, (list, tuple)) else [string]


def check(
    root: str | None = None, langs: list[str] | None = None, only: list[str] | None = None, used: dict | None = None
) -> list[Problem]:
    """Every problem of the message catalogs, in every language."""
    import os

    root = root or ROOT
    used = used if used is not None else used_codes(root)
    problems: list[Problem] = []
    path, wanted = chain_file(root)
    if wanted is not None and (not os.path.exists(path) or open(path, "rb").read() != wanted):
        problems.append(
            Problem(
                "stale",
                SOURCE_LANG,
                "chain",
                "",
                "engine/locale/chain.json is not mkdocs.yml's fallback: run `python -m widgets.i18n compile`",
            )
        )
    langs = langs or languages(root)
    for domain in only or domains(root):
        codes = used.get(domain, {})
        source_path = po_path(root, SOURCE_LANG, domain)
        source_catalog = read_po(source_path) if os.path.exists(source_path) else None
        source = {_key(m.id): m for m in source_catalog or [] if m.id}
        for lang in langs:
            path = po_path(root, lang, domain)
            if not os.path.exists(path):
                problems += [Problem("missing", lang, domain, code, "no .po file") for code in sorted(codes)]
                continue
            catalog = source_catalog if lang == SOURCE_LANG else read_po(path)
            for code in sorted(codes):
                message = catalog.get(code)
                src = source.get(code)
                if message is None:
                    problems.append(Problem("missing", lang, domain, code, "run `python -m widgets.i18n extract`"))
                elif message.fuzzy:
                    before = notes(message.auto_comments, BEFORE_NOTE)
                    problems.append(Problem("fuzzy", lang, domain, code, f"translated from: {before}" if before else ""))
                elif not all(_forms(message.string)):
                    problems.append(Problem("empty", lang, domain, code))
                elif lang == SOURCE_LANG:
                    wanted = getattr(codes[code], "source", None)
                    if wanted is not None and wanted != plain(message.string):
                        problems.append(
                            Problem(
                                "changed", lang, domain, code, "the file's text changed: run `python -m widgets.i18n extract`"
                            )
                        )
                elif src is not None and src.string:
                    was = notes(message.auto_comments, SOURCE_NOTE)
                    if was is not None and not same(was, plain(src.string)):
                        problems.append(
                            Problem("outdated", lang, domain, code, "the Hungarian changed: run `python -m widgets.i18n extract`")
                        )
                    want = set().union(*(placeholders(t) for t in _forms(src.string)))
                    got = set().union(*(placeholders(t) for t in _forms(message.string)))
                    if want != got:
                        problems.append(
                            Problem(
                                "placeholders", lang, domain, code, f"{SOURCE_LANG} has {sorted(want)}, {lang} has {sorted(got)}"
                            )
                        )
                    elif any(hungarian_spec(t) for t in _forms(message.string)):
                        problems.append(
                            Problem("placeholders", lang, domain, code, "{x:az} / {x:Az} puts a Hungarian article: write {x}")
                        )
            for message in catalog:
                if message.id and _key(message.id) not in codes:
                    problems.append(
                        Problem("unused", lang, domain, _key(message.id), "no code uses it: run `python -m widgets.i18n extract`")
                    )
            for code in catalog.obsolete:
                problems.append(Problem("obsolete", lang, domain, _key(code), "delete the #~ entry"))
            mo = po_path(root, lang, domain, "mo")
            if not os.path.exists(mo):
                problems.append(Problem("stale", lang, domain, "", "no .mo: run `python -m widgets.i18n compile`"))
            elif _mo_texts(mo) != texts(catalog, lang, source, codes, domain):
                problems.append(Problem("stale", lang, domain, "", ".mo differs from .po: run `python -m widgets.i18n compile`"))
    return problems
