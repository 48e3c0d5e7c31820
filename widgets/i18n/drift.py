"""Is a message's translation current? The site-side hook for catalog texts.

A message (a verdict, a word of the interface, a case's question once it lives in its game's
content catalog) is translated in `engine/locale/<lang>/LC_MESSAGES/<domain>.po`. When its
Hungarian changes, `extract` marks the other languages' entries fuzzy (the catalogs' side of
issue 23); this module reads that state back, so `status`, the status page and the cases page
report such a text as outdated, the way rules and sections are:

    current   - translated (every plural form), from the Hungarian as it is now;
    outdated  - translated from another Hungarian text: marked fuzzy by `extract`, or, before the
                next `extract`, its `hu:` note differs from the Hungarian now (a case file's
                text counts as it is in the file);
    missing   - the source has it, the language has no (complete) text for it.

`is_current(domain, code, lang)` is None when the source has no such message (nothing to say).
"""

from __future__ import annotations

import os

SOURCE_LANG = "hu"
_CACHE: dict = {}


def _root(root: str | None) -> str:
    from . import messages

    return root or messages.ROOT


def source_texts(domain: str, root: str | None = None) -> dict[str, str]:
    """{code: the Hungarian text now} of a domain: the Hungarian .po's complete entries, and for a
    game's content domain the case and example files themselves (newer than the .po until the next
    `extract`), so a changed case question is outdated at once, with no step in between."""
    from . import messages
    from .sources import CONTENT_SUFFIX, content_codes, plain

    src = messages.po_path(_root(root), SOURCE_LANG, domain)
    out = {}
    if os.path.exists(src):
        out = {
            (m.id[0] if isinstance(m.id, (list, tuple)) else m.id): plain(m.string)
            for m in messages.read_po(src)
            if m.id and messages.complete(m)
        }
    if domain.endswith(CONTENT_SUFFIX):
        package = domain[: -len(CONTENT_SUFFIX)]
        key = ("content", _root(root), package, _content_stamp(_root(root), package))
        if key not in _CACHE:
            _CACHE[key] = {
                code: uses.source
                for code, uses in content_codes(_root(root), [package]).get(domain, {}).items()
                if uses.source is not None
            }
        if _CACHE[key] or os.path.isdir(os.path.join(_root(root), "docs", package.replace("_", "-"))):
            out = dict(_CACHE[key])
    return out


def _content_stamp(root: str, package: str) -> tuple:
    folder = os.path.join(root, "docs", package.replace("_", "-"))
    stamps = []
    for sub in ("cases", "examples"):
        path = os.path.join(folder, sub)
        if os.path.isdir(path):
            stamps += [(n, os.path.getmtime(os.path.join(path, n))) for n in sorted(os.listdir(path))]
    return tuple(stamps)


def states(lang: str, domain: str, root: str | None = None) -> dict[str, str]:
    """{code: current|outdated|missing} for every message of the source's `domain`, against the
    Hungarian as it is now: a translation is outdated when it is fuzzy, or when the Hungarian it
    was made from (its `hu:` note) is not the Hungarian now."""
    from . import messages
    from .sources import SOURCE_NOTE, notes, same

    now = source_texts(domain, root)
    path = messages.po_path(_root(root), lang, domain)
    have = {}
    if os.path.exists(path):
        for m in messages.read_po(path):
            code = m.id[0] if isinstance(m.id, (list, tuple)) else m.id
            if code in now and messages.complete(m):
                was = notes(m.auto_comments, SOURCE_NOTE)
                have[code] = "outdated" if m.fuzzy or (was is not None and not same(was, now[code])) else "current"
    return {code: have.get(code, "missing") for code in now}


def _catalogs():
    """The catalogs' own answer (widgets/i18n/sources.py), when it is there: it also compares a
    translation with the Hungarian a case file holds now, before the next extract."""
    try:
        from . import sources
    except ImportError:
        return None
    return sources if hasattr(sources, "is_current") else None


def state(domain: str, code: str, lang: str, root: str | None = None, source: str | None = None) -> str | None:
    """current, outdated or missing; None when there is nothing to translate (the source lacks it)."""
    if lang == SOURCE_LANG:
        return "current"
    found = states(lang, domain, root).get(code)
    if found is None and source is None:
        return None
    if found in (None, "missing"):
        return "missing"
    catalogs = _catalogs()
    if catalogs is not None and source is not None:
        return "current" if catalogs.is_current(domain, code, lang, source=source, root=root) else "outdated"
    return found


def is_current(domain: str, code: str, lang: str, root: str | None = None, source: str | None = None) -> bool | None:
    found = state(domain, code, lang, root, source)
    return None if found is None else found == "current"


def outdated(lang: str, root: str | None = None) -> list[tuple[str, str, str, str]]:
    """(domain, code, the Hungarian it was translated from, the Hungarian now) of every outdated
    translation of `lang` in every domain: fuzzy, or made from another Hungarian than today's."""
    from . import messages
    from .sources import BEFORE_NOTE, SOURCE_NOTE, notes

    folder = os.path.dirname(messages.po_path(_root(root), SOURCE_LANG, "core"))
    if not os.path.isdir(folder):
        return []
    out = []
    for domain in sorted(name[:-3] for name in os.listdir(folder) if name.endswith(".po")):
        found = [code for code, st in sorted(states(lang, domain, root).items()) if st == "outdated"]
        if not found:
            continue
        now = source_texts(domain, root)
        entries = {
            (m.id[0] if isinstance(m.id, (list, tuple)) else m.id): m
            for m in messages.read_po(messages.po_path(_root(root), lang, domain))
            if m.id
        }
        for code in found:
            comments = entries[code].auto_comments
            before = notes(comments, BEFORE_NOTE) if entries[code].fuzzy else notes(comments, SOURCE_NOTE)
            out.append((domain, code, before or "", now.get(code, "")))
    return out


def content_domain(game_id: str) -> str:
    """The domain of a game's case and example texts (engine/core/content.py, once it is there)."""
    try:
        from engine.core.content import domain
    except ImportError:
        return f"{game_id.replace('-', '_')}-content"
    return domain(game_id)


def content_code(kind: str, item_id: str, field: str) -> str:
    try:
        from engine.core.content import code
    except ImportError:
        return f"{kind}-{item_id}-{field}"
    return code(kind, item_id, field)
