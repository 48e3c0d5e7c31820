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


def is_current(domain: str, code: str, lang: str, root: str | None = None) -> bool | None:
    if lang == SOURCE_LANG:
        return True
    state = states(lang, domain, root).get(code)
    return None if state is None else state == "current"


def outdated(lang: str, root: str | None = None) -> list[tuple[str, str]]:
    """(domain, code) of every fuzzy entry of `lang`, every domain."""
    from . import messages

    folder = os.path.dirname(messages.po_path(_root(root), SOURCE_LANG, "core"))
    out = []
    if not os.path.isdir(folder):
        return out
    for name in sorted(os.listdir(folder)):
        if name.endswith(".po"):
            domain = name[:-3]
            out += [(domain, code) for code, state in states(lang, domain, root).items() if state == "outdated"]
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
