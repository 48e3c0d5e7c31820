"""A page translated in part: each rule and section it lacks is shown in the first language of its
chain that has it (mkdocs.yml's `fallback`, then the source), in its place, with its widgets, in a
block marked with that language and a "not translated yet" note. Translated rules and sections
replace the blocks one by one, so a page never shows less than it did before a translation began.

The block is written as two comments around the unit's Markdown, `<!-- kikoto:lang en -->` and
`<!-- kikoto:/lang -->`; `blocks` turns them into `<div class="kikoto-tr-unit" lang="en">` once
the page is HTML (a comment on its own line is kept as it is by Markdown, and the unit's headings,
fences and paragraphs between stay top-level blocks, so the TOC and the widgets work as anywhere).
A fallback heading's title is tagged with its language (engine/core/messages.py `tagged`), so its
entry in the page's table of contents is marked too.
"""

from __future__ import annotations

import os
import re

from engine.core.messages import tagged
from engine.core.registry import ANY_HEADING, FENCE, HEADING, parse_rules, rules_path

from ..render.ui import UI
from .where import Where

OPEN, CLOSE = "<!-- kikoto:lang {lang} -->", "<!-- kikoto:/lang -->"
BLOCK_OPEN = re.compile(r"<!-- kikoto:lang ([\w-]+) -->")
HEADING_LINE = re.compile(r"^(#{1,6}\s+)(.*?)(\s*\{[^}]*\})?\s*$")


def blocks(html: str) -> str:
    """The comments around a fallback unit, as the block that says its language."""
    html = BLOCK_OPEN.sub(lambda m: f'<div class="kikoto-tr-unit" lang="{m.group(1)}">', html)
    return html.replace(CLOSE, "</div>")


def tag_headings(markdown: str, lang: str) -> str:
    """Every heading's title tagged as `lang` (a page shown in its fallback language: its TOC too)."""
    out, in_fence = [], False
    for line in markdown.split("\n"):
        if FENCE.match(line):
            in_fence = not in_fence
        m = None if in_fence or not ANY_HEADING.match(line) else HEADING_LINE.match(line)
        if m and m.group(2):
            rule = HEADING.match(line)
            if rule:  # the id stays a plain id: only the title is text
                title = m.group(2)[len(rule.group(2)) :].strip()
                line = f"{m.group(1)}{rule.group(2)} {tagged(title, lang)}{m.group(3) or ''}" if title else line
            else:
                line = f"{m.group(1)}{tagged(m.group(2), lang)}{m.group(3) or ''}"
        out.append(line)
    return "\n".join(out)


def _unit(heading: str | None, text: str) -> list[str]:
    return ["", *([heading, ""] if heading else []), text.strip(), ""]


def _blocks(units: list[tuple[str, list[str]]], note_for) -> list[str]:
    """Units in a row, one block (and one note) per run of the same language."""
    out, current = [], None
    for lang, lines in units:
        if lang != current:
            out += ([CLOSE, ""] if current else []) + ["", OPEN.format(lang=lang), "", note_for(lang), ""]
            current = lang
        out += lines
    return out + (["", CLOSE, ""] if current else [])


def _note(where: Where, lang: str) -> str:
    from .chrome import lang_name

    note = UI.text("tr-widget-fallback", where.reader, lang_name=lang_name(lang, where.reader))
    return f'<p class="kikoto-tr-missing" lang="{note.lang}">{note}</p>'


def _chain_rules(where: Where) -> list[tuple[str, dict]]:
    """(language, rules) of each language of the page's chain that has the rules page."""
    out = []
    for lang in where.chain:
        path = rules_path(where.game, lang, where.docs_dir)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                out.append((lang, parse_rules(f.read(), path)))
    return out


def _chain_sections(where: Where) -> list[tuple[str, dict]]:
    """(language, {source section key: that language's section}) along the page's chain."""
    from ..i18n import pages

    source = pages.load_sections(where.docs_dir, where.page_id, where.default_lang) or []
    out = []
    for lang in where.chain:
        if lang == where.default_lang:
            out.append((lang, {s.key: s for s in source}))
            continue
        sections = pages.load_sections(where.docs_dir, where.page_id, lang)
        if sections is not None:
            paired = pages.pair(source, sections, pages.section_hash)
            out.append((lang, {s.key: t for s, t in paired.pairs}))
    return out


def _section_text(section) -> str:
    # parse_sections puts a title-only front matter's title in the first section's text
    return re.sub(r"\Atitle: [^\n]*\n?", "", section.text)


def fill_units(markdown: str, where: Where, rule_rows: list, section_rows: list) -> str:
    """The page's Markdown with every rule and section it lacks put in its place from the chain.
    `rule_rows` and `section_rows`: the page's widgets.i18n status rows (the source's order)."""
    if where.lang == where.default_lang or where.is_fallback_page:
        return markdown
    missing_rules = [r for r in rule_rows if r.state == "missing"]
    missing_sections = [r for r in section_rows if r.state == "missing"]
    if not missing_rules and not missing_sections:
        return markdown
    # the source page's units in order: ("rule", id) and ("section", key)
    from ..i18n import pages

    with open(pages.page_path(where.docs_dir, where.page_id, where.default_lang), encoding="utf-8") as f:
        source_text = f.read()
    order = _units(source_text)
    # where each unit the translation has stands: its heading's line in `markdown`
    present = _present(markdown, section_rows)
    rules = _chain_rules(where) if missing_rules else []
    sections = _chain_sections(where) if missing_sections else []
    lines = markdown.split("\n")
    before: dict[int | None, list[str]] = {}
    note_for: dict[str, str] = {}
    wanted = {("rule", r.id) for r in missing_rules} | {("section", r.key) for r in missing_sections}
    copies = {("rule", r.id): r.copied for r in missing_rules if r.copied}
    copies.update({("section", r.key): r.copied for r in missing_sections if r.copied})
    ends: dict[int, str] = {}  # a copied unit the page holds: marked with the language it is in, where it is
    for unit, lang in copies.items():
        if unit in present:
            start = present[unit]
            before.setdefault(start, []).extend(
                ["", OPEN.format(lang=lang), "", note_for.setdefault(lang, _note(where, lang)), ""]
            )
            end = next((i for i in _heading_lines(markdown) if i > start), None)
            ends[end if end is not None else -1] = lang
    pending: dict[int | None, list[tuple[str, list[str]]]] = {}
    for i, unit in enumerate(order):
        if unit not in wanted or unit in present:
            continue
        at = next((present[u] for u in order[i + 1 :] if u in present), None)
        kind, key = unit
        found = None
        if kind == "rule":
            found = next(((lang, page[key]) for lang, page in rules if key in page), None)
            if found:
                lang, rule = found
                heading = f"{'#' * rule.level} {rule.id} {tagged(rule.title, lang)}"
                text = rule.text
        else:
            found = next(((lang, page[key]) for lang, page in sections if key in page), None)
            if found:
                lang, section = found
                heading = f"{'#' * section.level} {tagged(section.title, lang)} {{#{key}}}" if section.key != pages.TOP else None
                text = _section_text(section)
        if found:
            pending.setdefault(at, []).append((lang, _unit(heading, text)))
    for at, units in pending.items():
        before.setdefault(at, []).extend(_blocks(units, lambda lang: note_for.setdefault(lang, _note(where, lang))))
    out = []
    for index, line in enumerate(lines):
        if index in ends:
            out += ["", CLOSE, ""]
        out += before.pop(index, [])
        out.append(line)
    if -1 in ends:
        out += ["", CLOSE, ""]
    out += before.pop(None, [])
    return "\n".join(out)


def _units(text: str) -> list[tuple[str, str]]:
    """The source page's rules and sections, in order (the `_top` section first)."""
    from ..i18n import pages

    keys = iter(s.key for s in pages.parse_sections(text) if s.key != pages.TOP)
    out = [("section", pages.TOP)]
    in_fence = False
    for line in text.split("\n"):
        if FENCE.match(line):
            in_fence = not in_fence
        if in_fence or not ANY_HEADING.match(line):
            continue
        rule = HEADING.match(line)
        out.append(("rule", rule.group(2)) if rule else ("section", next(keys, "")))
    return out


def _heading_lines(markdown: str) -> list[int]:
    out, in_fence = [], False
    for index, line in enumerate(markdown.split("\n")):
        if FENCE.match(line):
            in_fence = not in_fence
        if not in_fence and ANY_HEADING.match(line):
            out.append(index)
    return out


def _present(markdown: str, section_rows: list) -> dict[tuple[str, str], int]:
    """{unit: its heading's line index in `markdown`} of the units the translation has; its sections
    are known by their place among the page's own headings (the status rows' `ordinal`)."""
    by_ordinal = {r.ordinal: r.key for r in section_rows if (r.state in ("current", "outdated") or r.copied) and r.ordinal >= 0}
    out: dict[tuple[str, str], int] = {}
    ordinal, in_fence = 0, False
    for index, line in enumerate(markdown.split("\n")):
        if FENCE.match(line):
            in_fence = not in_fence
        if in_fence or not ANY_HEADING.match(line):
            continue
        rule = HEADING.match(line)
        if rule:
            out[("rule", rule.group(2))] = index
        else:
            if ordinal in by_ordinal:
                out[("section", by_ordinal[ordinal])] = index
            ordinal += 1
    return out
