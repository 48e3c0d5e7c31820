"""What holds a translated message back: a parameter its language lacks.

A translated message whose parameter (a field's name, a reading's title, a language's name) is not
translated yet shows the translation with that parameter in its fallback language, tagged
(engine/core/messages.py). Which messages take which parameters is known only when they are shown,
so the site's build records it (engine.core.messages.NEEDS, widgets/build/notices.py) and writes it
here, `build/i18n-needs.json`; `status` lists it per message, with the catalog and codes to
translate, as "needs: <game>.po field-…, field-…".
"""

from __future__ import annotations

import json
import os

from .files import ROOT


def path(root: str | None = None) -> str:
    return os.path.join(root or ROOT, "build", "i18n-needs.json")


def save(recorded: dict, root: str | None = None) -> str:
    """{(lang, domain, code): {(domain, code), …}} → the file, {lang: {"domain.po code": ["domain.po code", …]}}."""
    out: dict[str, dict[str, list[str]]] = {}
    for (lang, domain, code), held in sorted(recorded.items()):
        out.setdefault(lang, {})[f"{domain}.po {code}"] = sorted(f"{d}.po {c}" for d, c in held)
    target = path(root)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write("\n")
    return target


def load(lang: str, root: str | None = None) -> dict[str, list[str]] | None:
    """{"domain.po code": [what it needs]} of `lang` from the last build (None: no build recorded)."""
    try:
        with open(path(root), encoding="utf-8") as f:
            return json.load(f).get(lang, {})
    except (OSError, ValueError):
        return None


def describe(held: list[str]) -> str:
    """["ui.po lang-hu", "ui.po lang-en"] → "ui.po lang-hu, lang-en" (codes grouped by catalog)."""
    by_domain: dict[str, list[str]] = {}
    for item in held:
        domain, _, code = item.partition(" ")
        by_domain.setdefault(domain, []).append(code)
    return "; ".join(f"{d} {', '.join(codes)}" for d, codes in by_domain.items())
