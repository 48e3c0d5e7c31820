"""Is a message's translation current? The site-side hook for catalog texts.

A message (a verdict, a word of the interface, a case's question once it lives in its game's
content catalog) is translated in `engine/locale/<lang>/LC_MESSAGES/<domain>.po`. When its
Hungarian changes, `extract` marks the other languages' entries fuzzy (the catalogs' side of
issue 23); this module reads that state back, so `status`, the status page and the cases page
report such a text as outdated, the way rules and sections are:

    current   - translated, not fuzzy;
    outdated  - translated, marked fuzzy (the Hungarian changed since);
    missing   - the source has it, the language has no text for it.

`is_current(domain, code, lang)` is None when the source has no such message (nothing to say).
"""

from __future__ import annotations

import os

SOURCE_LANG = "hu"
_CACHE: dict = {}


def _root(root: str | None) -> str:
    from . import messages

    return root or messages.ROOT


def states(lang: str, domain: str, root: str | None = None) -> dict[str, str]:
    """{code: current|outdated|missing} for every message of the source's `domain`."""
    from . import messages

    src, path = messages.po_path(_root(root), SOURCE_LANG, domain), messages.po_path(_root(root), lang, domain)
    if not os.path.exists(src):
        return {}
    stamp = (os.path.getmtime(src), os.path.getmtime(path) if os.path.exists(path) else 0)
    key = (src, path)
    if key in _CACHE and _CACHE[key][0] == stamp:
        return _CACHE[key][1]
    codes = [m.id for m in messages.read_po(src) if m.id and m.string]
    have = {}
    if os.path.exists(path):
        for m in messages.read_po(path):
            if m.id and m.string:
                have[m.id] = "outdated" if m.fuzzy else "current"
    out = {code: have.get(code, "missing") for code in codes}
    _CACHE[key] = (stamp, out)
    return out


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
    if catalogs is not None:
        return "current" if catalogs.is_current(domain, code, lang, source=source, root=root) else "outdated"
    return found


def is_current(domain: str, code: str, lang: str, root: str | None = None, source: str | None = None) -> bool | None:
    found = state(domain, code, lang, root, source)
    return None if found is None else found == "current"


def outdated(lang: str, root: str | None = None) -> list[tuple[str, str, str, str]]:
    """(domain, code, the Hungarian it was translated from, the Hungarian now) of every fuzzy
    entry of `lang` in every domain (the two texts are "" where the catalogs do not record them)."""
    from . import messages

    folder = os.path.dirname(messages.po_path(_root(root), SOURCE_LANG, "core"))
    if not os.path.isdir(folder):
        return []
    domains = sorted(name[:-3] for name in os.listdir(folder) if name.endswith(".po"))
    catalogs = _catalogs()
    if catalogs is not None and hasattr(catalogs, "outdated"):
        return list(catalogs.outdated(root, lang, domains))
    return [(domain, code, "", "") for domain in domains
            for code, found in states(lang, domain, root).items() if found == "outdated"]


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
