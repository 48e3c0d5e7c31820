"""Translators' tools (build time only; not in the engine wheel).

Hungarian is the source language. A translated rule records what it was translated from
with a marker comment under its heading, in the registry's marker syntax:

    ### MB-4.2 The fleet rule
    <!-- rule: src=1a2b3c4d -->

The hash is of the whitespace-normalized Hungarian title and text (`source_hash`), so a
whitespace-only edit of the source changes nothing. The source texts that translations
were made from are kept, for diffs, in `docs/<game>/translations.json` ({hash: text}).
`mark` writes both; nobody edits them by hand.

The marker also records the hash of the translation as it was marked (`tr=`), so `mark` records a
re-translation only when the translation changed since, or with `--unchanged REASON` (kept in the
marker, `unchanged=`, and shown by `status`): marking is how a translator says "brought in line",
and it cannot hide the source's change from readers by itself.

Every rule of every other language is then one of:
  current  - translated from the source as it is now;
  missing  - in the source, not in the translation; or there word for word as another language's
             text (`copied`: a page started from a copy counts nothing as translated);
  outdated - translated, but the source changed since (or the translation was never marked);
  orphaned - in the translation, no longer in the source.

The CLI (`python -m widgets.i18n status|mark|glossary`) and the site's status page and
notices (widgets/plugin.py) read the same `status()` data.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from urllib.parse import unquote

from engine.core.registry import ANY_HEADING, FENCE, MARKER, Rule, parse_rules, rules_path

from . import config, pages

# where things are: in config.py, below the glossary, which reads the pages too
from .config import (  # noqa: F401
    ROOT,
    SOURCE_LANG,
    _yaml_load,  # noqa: F401  (kept for callers of the old name)
    default_docs,
    games,
    load_page,
)
from .marking import MarkRefused, marker, refusal  # noqa: F401  (the names mark's callers know)

STATES = ("current", "missing", "outdated", "orphaned")


# -- hashing -------------------------------------------------------------------------


def normalize(rule: Rule) -> str:
    """The rule's title and text with every run of whitespace made one space."""
    return " ".join(f"{rule.title}\n{rule.text}".split())


def stored(rule: Rule) -> str:
    """What translations.json keeps of a source rule: the title, a newline, the text with its
    whitespace normalized (so it hashes to the same value and diffs show the title apart)."""
    return " ".join(rule.title.split()) + "\n" + " ".join(rule.text.split())


def text_hash(normalized: str) -> str:
    return hashlib.sha256(normalized.encode("utf-8")).hexdigest()[:8]


def source_hash(rule: Rule) -> str:
    return text_hash(normalize(rule))


# -- where things are ------------------------------------------------------------------


def site_languages(mkdocs_yml: str | None = None) -> list[str]:
    """The site's languages from the i18n plugin in mkdocs.yml, the default (source) first."""
    return config.load(mkdocs_yml).built


def target_languages(mkdocs_yml: str | None = None) -> list[str]:
    return config.load(mkdocs_yml).targets


def memory_path(docs: str, game: str) -> str:
    return os.path.join(docs, game, "translations.json")


def load_memory(docs: str, game: str) -> dict[str, str]:
    path = memory_path(docs, game)
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        return json.load(f)


# -- status --------------------------------------------------------------------------


@dataclass
class RuleStatus:
    game: str
    lang: str
    id: str
    state: str
    title: str  # the translation's title, or the source's when missing
    source_title: str = ""
    level: int = 3
    src: str | None = None  # the hash the translation was made from
    now: str | None = None  # the source's hash now
    diff: list[str] = field(default_factory=list)
    page: str = ""  # a section's page ("index", "<game>/rules")
    kind: str = "rule"  # "rule" or "section" (then `id` is "page#anchor")
    key: str = ""  # a section's anchor on the source page
    ordinal: int = -1  # a section's place among its translated page's headings
    copied: str = ""  # missing because the page holds this language's text word for word
    unchanged: str = ""  # why it was marked current with its translation unchanged (`mark --unchanged`)


def sentences(normalized: str) -> list[str]:
    """A normalized text as one sentence a line, so a diff shows what changed."""
    return [s for part in normalized.split("\n") for s in re.split(r"(?<=[.!?:;])\s+", part) if s]


def source_diff(old: str | None, new: str, rule_id: str, old_hash: str | None, new_hash: str) -> list[str]:
    if old is None:
        return [f"(the text {rule_id} was translated from is not recorded: re-translate it and mark it)"]
    return list(
        difflib.unified_diff(
            sentences(old),
            sentences(new),
            lineterm="",
            fromfile=f"{rule_id} {SOURCE_LANG} @{old_hash} (translated from)",
            tofile=f"{rule_id} {SOURCE_LANG} @{new_hash} (now)",
        )
    )


def other_pages(game: str, lang: str, docs: str) -> dict[str, dict[str, Rule]]:
    """The game's rules pages in the languages `lang` falls back to (mkdocs.yml's fallback, the
    source): the texts a translation of `lang` could be a copy of."""
    return {other: load_page(game, other, docs) or {} for other in config.load().chain(lang)[1:]}


def copied_from(text: str, others: dict[str, str | None]) -> str:
    """The language whose text `text` is word for word ("" when none): a copy is not a translation."""
    return next((lang for lang, other in others.items() if other is not None and other == text), "")


def game_status(game: str, lang: str, docs: str) -> list[RuleStatus]:
    source = load_page(game, SOURCE_LANG, docs) or {}
    target = load_page(game, lang, docs) or {}
    others = other_pages(game, lang, docs) if target else {}
    memory = load_memory(docs, game)
    out = []
    for rule_id, rule in source.items():
        now = source_hash(rule)
        done = target.get(rule_id)
        copied = (
            copied_from(normalize(done), {l: normalize(p[rule_id]) if rule_id in p else None for l, p in others.items()})
            if done
            else ""
        )
        if done is None or copied:
            out.append(RuleStatus(game, lang, rule_id, "missing", rule.title, rule.title, rule.level, None, now, copied=copied))
            continue
        src = done.marks.get("src")
        src = src if isinstance(src, str) else None
        reason = unquote(done.marks["unchanged"]) if isinstance(done.marks.get("unchanged"), str) else ""
        if src == now:
            out.append(RuleStatus(game, lang, rule_id, "current", done.title, rule.title, done.level, src, now, unchanged=reason))
        else:
            diff = source_diff(memory.get(src) if src else None, stored(rule), rule_id, src, now)
            out.append(RuleStatus(game, lang, rule_id, "outdated", done.title, rule.title, done.level, src, now, diff))
    for rule_id, done in target.items():
        if rule_id not in source:
            src = done.marks.get("src")
            out.append(
                RuleStatus(game, lang, rule_id, "orphaned", done.title, "", done.level, src if isinstance(src, str) else None)
            )
    return out


def status(docs: str | None = None, langs: list[str] | None = None, only: list[str] | None = None) -> list[RuleStatus]:
    docs = docs or default_docs()
    rows = []
    for lang in langs or target_languages():
        for game in only or games(docs):
            rows.extend(game_status(game, lang, docs))
    return rows


def counts(rows: list[RuleStatus]) -> dict[tuple[str, str], dict[str, int]]:
    table: dict[tuple[str, str], dict[str, int]] = {}
    for row in rows:
        c = table.setdefault((row.lang, row.game), {s: 0 for s in STATES})
        c[row.state] += 1
    return table


def missing_pages(docs: str, lang: str) -> list[str]:
    """Pages that exist in the source language and not in `lang` (they are not built in it)."""
    out = []
    for folder, _, names in os.walk(docs):
        for name in names:
            if name.endswith(f".{SOURCE_LANG}.md"):
                twin = os.path.join(folder, name[: -len(f".{SOURCE_LANG}.md")] + f".{lang}.md")
                if not os.path.exists(twin):
                    out.append(os.path.relpath(os.path.join(folder, name), docs))
    return sorted(out)


# -- marking -------------------------------------------------------------------------

SRC_MARKER = "<!-- rule: src={hash} -->"


def mark(
    game: str, lang: str, ids: list[str] | None, docs: str | None = None, unchanged: str | None = None
) -> list[tuple[str, str]]:
    """Records that the `lang` text of rules `ids` (None: every rule the page has that is
    also in the source) is a translation of the source as it is now. Returns (id, hash); a rule
    already current is left as it is. Raises MarkRefused for a text that was not re-translated
    (unchanged since its last mark while the source changed: unless `unchanged` says why) or copied."""
    docs = docs or default_docs()
    source = load_page(game, SOURCE_LANG, docs) or {}
    path = rules_path(game, lang, docs)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    target = parse_rules(text, path)
    wanted = [i for i in target if i in source] if ids is None else ids
    others = other_pages(game, lang, docs)
    for rule_id in wanted:
        if rule_id not in source:
            raise KeyError(f"{rule_id} is not a rule of the {SOURCE_LANG} source of {game}")
        if rule_id not in target:
            raise KeyError(f"{rule_id} is not in {os.path.relpath(path, docs)}: translate it first")
    lines = text.split("\n")
    memory = load_memory(docs, game)
    done, refused = [], []
    # Bottom up, so the line numbers of the rules still to do stay right.
    for rule_id in sorted(wanted, key=lambda i: target[i].line, reverse=True):
        rule, h = target[rule_id], source_hash(source[rule_id])
        tr = text_hash(normalize(rule))
        copied = copied_from(normalize(rule), {l: normalize(p[rule_id]) if rule_id in p else None for l, p in others.items()})
        if rule.marks.get("src") == h and not copied:
            continue  # current already: nothing to record
        why = refusal(rule_id, rule.marks, h, tr, copied, unchanged)
        if why:
            refused.append(why)
            continue
        memory[h] = stored(source[rule_id])
        _set_marker(lines, rule.line, marker("rule", h, tr, unchanged))
        done.append((rule_id, h))
    if refused:
        raise MarkRefused("; ".join(reversed(refused)))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    _save_memory(docs, game, memory)
    return sorted(done, key=lambda item: target[item[0]].line)


def _set_marker(lines: list[str], heading_line: int, marker: str) -> None:
    """Puts `marker` right under the heading (1-based line), replacing an older src marker."""
    in_fence = False
    for i in range(heading_line, len(lines)):
        if FENCE.match(lines[i]):
            in_fence = not in_fence
        if not in_fence and ANY_HEADING.match(lines[i]):
            break
        m = MARKER.match(lines[i].strip())
        if m and m.group(1).startswith("src="):
            del lines[i]
            break
    lines.insert(heading_line, marker)


def _save_memory(docs: str, game: str, memory: dict[str, str]) -> None:
    """Keeps only the source texts that some translation (a rule or a section) still points at."""
    used = pages.used_hashes(docs, game, SOURCE_LANG)
    kept = {h: memory[h] for h in sorted(memory) if h in used}
    with open(memory_path(docs, game), "w", encoding="utf-8") as f:
        json.dump(kept, f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write("\n")


# -- every other page, per section (widgets/i18n/pages.py) ------------------------------


def page_status(page: str, lang: str, docs: str | None = None) -> list[RuleStatus]:
    docs = docs or default_docs()
    return pages.page_status(page, lang, docs, SOURCE_LANG, load_memory(docs, pages.folder_of(page)), RuleStatus, source_diff)


def section_status(docs: str | None = None, lang: str = "en", only: list[str] | None = None) -> list[RuleStatus]:
    """Every page's sections in `lang` (`only`: the pages of these folders, "" for the top)."""
    docs = docs or default_docs()
    return [
        row
        for page in pages.page_ids(docs, SOURCE_LANG)
        if only is None or pages.folder_of(page) in only
        for row in page_status(page, lang, docs)
    ]


def mark_sections(
    page: str, lang: str, keys: list[str] | None, docs: str | None = None, unchanged: str | None = None
) -> list[tuple[str, str]]:
    docs = docs or default_docs()
    folder = pages.folder_of(page)
    memory = load_memory(docs, folder)
    done = pages.mark_sections(page, lang, keys, docs, SOURCE_LANG, memory, unchanged)
    _save_memory(docs, folder, memory)
    return done


from .glossary import glossary_path, glossary_warnings, load_glossary  # noqa: E402,F401
