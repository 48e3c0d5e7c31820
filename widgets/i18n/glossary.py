"""The glossary (docs/glossary.json): one word per concept, in every rule.

A warning the glossary's own data accepts is not printed: `"_accepted"` in the file lists
{"rule", "term", "lang", "reason"} (term: the entry's Hungarian word), for false positives
such as an inflected English form the prefix match cannot see.
"""

from __future__ import annotations

import json
import os
import re

from .config import SOURCE_LANG, default_docs, games, load_page


def glossary_path(docs: str) -> str:
    return os.path.join(docs, "glossary.json")


def load_glossary(docs: str | None = None) -> dict:
    path = glossary_path(docs or default_docs())
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def _has(text_words: list[str], joined: str, term: str) -> bool:
    """`term` (one or more words) occurs, each word as the start of a word (so inflected
    and plural forms count: raktér ~ raktérbe, hold ~ holds)."""
    parts = _words(term)
    if len(parts) == 1:
        return any(w.startswith(parts[0]) for w in text_words)
    return re.search(r"\b" + r"\w*[\s-]+".join(re.escape(p) for p in parts), joined) is not None


def glossary_warnings(lang: str = "en", docs: str | None = None, only: list[str] | None = None) -> list[str]:
    """A rule whose Hungarian text names a glossary concept should name it in `lang` with
    the glossary's term; a term the glossary lists under "avoid" is always flagged."""
    docs = docs or default_docs()
    glossary = load_glossary(docs)
    accepted = {
        (a.get("rule"), a.get("term"), a.get("lang", "en")) for a in glossary.get("_accepted", []) if a.get("reason")
    }  # an acceptance without a reason does not count
    out = []
    for game in only or games(docs):
        entries = glossary.get("common", []) + glossary.get(game, [])
        source = load_page(game, SOURCE_LANG, docs) or {}
        target = load_page(game, lang, docs) or {}
        for rule_id, done in target.items():
            if rule_id not in source:
                continue
            hu = " ".join(f"{source[rule_id].title} {source[rule_id].text}".lower().split())
            tr = " ".join(f"{done.title} {done.text}".lower().split())
            hu_words, tr_words = _words(hu), _words(tr)
            for entry in entries:
                want = entry.get(lang)
                if not want:
                    continue
                forms = entry.get("hu_forms") or [entry["hu"]]
                if (rule_id, entry["hu"], lang) not in accepted and any(_has(hu_words, hu, f) for f in forms):
                    terms = [want] + entry.get(f"{lang}_also", [])
                    if not any(_has(tr_words, tr, t) for t in terms):
                        out.append(
                            f"{rule_id}: the {SOURCE_LANG} text says “{entry['hu']}”, "
                            f"the glossary's {lang} term “{want}” is not used"
                        )
                for bad in entry.get(f"{lang}_avoid", []):
                    if _has(tr_words, tr, bad):
                        out.append(f"{rule_id}: “{bad}” is not a glossary term; the glossary says “{want}” (for “{entry['hu']}”)")
    return out
