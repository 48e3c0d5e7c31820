"""Every page a reader sees is tracked, per section, the way rules are tracked per rule id.

A section is a heading that is not a rule (`## Hogyan olvasd…`, a page's `# Title`) with its
text up to the next heading; the text before a page's first heading, with the front matter's
title, is the section `_top`. On a rules page the rules are tracked per rule id (widgets.i18n)
and only the other sections (the introduction under the `# Title`) are tracked here.

A translated section records the source it was made from with a marker under its heading:

    # Mare Balticum — rules
    <!-- section: src=1a2b3c4d -->

Sections are paired with the source's by that hash first (a moved section stays current),
then in order. A section's id is the page and the anchor of its Hungarian heading
(`<game>/rules#<anchor of its Hungarian heading>`), so `mark` and the site's links use it.
The source texts translations were made from are kept for diffs in the page folder's
translations.json, next to the rules'.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from engine.core.registry import ANY_HEADING, FENCE, HEADING

SECTION_MARKER = re.compile(r"^<!--\s*section:\s*(.*?)\s*-->\s*$")
ANY_MARKER = re.compile(r"^<!--\s*(?:rule|section):.*-->\s*$")
HEADING_TEXT = re.compile(r"^(#{1,6})\s+(.*?)\s*(?:\{([^}]*)\})?\s*$")
TOP = "_top"


@dataclass
class Section:
    key: str  # the anchor of the heading (its slug, or its {#id})
    title: str
    level: int  # 0 for _top
    line: int  # 1-based line of the heading in the file (0 for _top)
    text: str = ""
    src: str | None = None
    ordinal: int = -1  # the how-many-th heading section of its page (_top: -1)
    tr: str | None = None  # the hash of the translation when it was marked
    unchanged: str = ""  # `mark --unchanged`'s reason
    rules: str = ""  # on a page that follows the rules it links: "VW-4.1=<its source hash> …" (follows_rules)

    def normalized(self) -> str:
        return " ".join(f"{self.title}\n{self.text}\n{self.rules}".split())

    def stored(self) -> str:
        return " ".join(self.title.split()) + "\n" + " ".join(self.text.split()) + (f"\n{self.rules}" if self.rules else "")


def slug(title: str) -> str:
    from markdown.extensions.toc import slugify

    return slugify(re.sub(r"<[^>]+>|[`*_]", "", title), "-")


def split_front_matter(text: str) -> tuple[dict, list[str], int]:
    """(front matter, body lines, how many lines the front matter took)."""
    lines = text.split("\n")
    if lines and lines[0].strip() == "---":
        for i in range(1, len(lines)):
            if lines[i].strip() in ("---", "..."):
                meta = {}
                for item in lines[1:i]:
                    key, sep, value = item.partition(":")
                    if sep:
                        meta[key.strip()] = value.strip().strip("\"'")
                return meta, lines[i + 1 :], i + 1
    return {}, lines, 0


def parse_sections(text: str) -> list[Section]:
    """The page's non-rule sections, in order (rules and their text are left out)."""
    meta, lines, offset = split_front_matter(text)
    top = Section(TOP, meta.get("title", ""), 0, 0)
    out, seen = [top], {}
    current: Section | None = top
    body: list[str] = []
    in_fence = False

    def close():
        if current is not None:
            current.text = "\n".join(body).strip()

    ordinal = 0
    for number, line in enumerate(lines, offset + 1):
        if FENCE.match(line):
            in_fence = not in_fence
        if not in_fence and ANY_HEADING.match(line):
            close()
            body = []
            current = None
            if HEADING.match(line):
                continue  # a rule: tracked per rule id
            m = HEADING_TEXT.match(line)
            title, attrs = m.group(2), m.group(3) or ""
            explicit = re.search(r"#([\w-]+)", attrs)
            key = explicit.group(1) if explicit else slug(title)
            if key in seen:
                seen[key] += 1
                key = f"{key}_{seen[key]}"
            else:
                seen[key] = 0
            current = Section(key, title, len(m.group(1)), number, ordinal=ordinal)
            ordinal += 1
            out.append(current)
            continue
        if current is None:
            continue
        marker = SECTION_MARKER.match(line.strip())
        if marker:
            for item in marker.group(1).split():
                k, _, value = item.partition("=")
                if k == "src" and value:
                    current.src = value
                elif k == "tr" and value:
                    current.tr = value
                elif k == "unchanged" and value:
                    from urllib.parse import unquote

                    current.unchanged = unquote(value)
            continue
        if ANY_MARKER.match(line.strip()):
            continue
        body.append(line)
    close()
    if not top.text and not top.src:
        # Only the front matter's title: it belongs to the first heading's section (the page's # Title).
        out.remove(top)
        if top.title and out:
            out[0].text = (f"title: {top.title}\n" + out[0].text).strip()
    return out


def page_ids(docs: str, source: str) -> list[str]:
    """Every page of the source language, as its path without the language ("index", "<game>/rules")."""
    out = []
    for folder, dirs, names in os.walk(docs):
        dirs.sort()
        for name in sorted(names):
            if name.endswith(f".{source}.md"):
                out.append(os.path.relpath(os.path.join(folder, name[: -len(f".{source}.md")]), docs).replace(os.sep, "/"))
    return sorted(out)


def page_path(docs: str, page: str, lang: str) -> str:
    return os.path.join(docs, *page.split("/")) + f".{lang}.md"


def load_sections(docs: str, page: str, lang: str) -> list[Section] | None:
    path = page_path(docs, page, lang)
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        text = f.read()
    sections = parse_sections(text)
    if split_front_matter(text)[0].get("follows_rules") == "true":
        follow_rules(sections, docs, folder_of(page))
    return sections


RULE_LINK = re.compile(r"\]\((?:[\w./-]*/)?rules\.md#([\w-]+)\)")


def follow_rules(sections: list[Section], docs: str, game: str) -> None:
    """A page that sums up rules (front matter `follows_rules: true`, a game's "how to play" and player
    aid) depends on the rules its sentences link: each section records the source hash of every rule
    it links, so a reworded rule makes the section outdated in every translation, as its own text would."""
    import hashlib

    from engine.core import rule_anchor
    from engine.core.registry import load_rules

    from .config import SOURCE_LANG

    def source_hash(rule) -> str:  # widgets.i18n.source_hash's (that module imports this one)
        return hashlib.sha256(" ".join(f"{rule.title}\n{rule.text}".split()).encode("utf-8")).hexdigest()[:8]

    rules = {rule_anchor(r.id): r for r in load_rules(game, SOURCE_LANG, docs).values()}
    for section in sections:
        linked = dict.fromkeys(a for a in RULE_LINK.findall(section.text) if a in rules)
        section.rules = " ".join(f"{rules[a].id}={source_hash(rules[a])}" for a in linked)


@dataclass
class Pairing:
    pairs: list[tuple[Section, Section]] = field(default_factory=list)  # (source, translation)
    missing: list[Section] = field(default_factory=list)
    orphaned: list[Section] = field(default_factory=list)


def pair(source: list[Section], target: list[Section], hash_of) -> Pairing:
    """By the recorded source hash first, then in order (the _top sections with each other)."""
    out = Pairing()
    by_hash = {hash_of(s): s for s in source}
    claimed: dict[int, Section] = {}
    free_targets = []
    for t in target:
        s = by_hash.get(t.src) if t.src else None
        if s is not None and id(s) not in claimed and (s.key == TOP) == (t.key == TOP):
            claimed[id(s)] = t
        else:
            free_targets.append(t)
    free_sources = [s for s in source if id(s) not in claimed]
    for is_top in (True, False):
        ss = [s for s in free_sources if (s.key == TOP) == is_top]
        ts = [t for t in free_targets if (t.key == TOP) == is_top]
        for s, t in zip(ss, ts):
            claimed[id(s)] = t
        out.missing += ss[len(ts) :]
        out.orphaned += ts[len(ss) :]
    out.pairs = [(s, claimed[id(s)]) for s in source if id(s) in claimed]
    return out


# -- status and marking --------------------------------------------------------------


def _hash(normalized: str) -> str:
    import hashlib

    return hashlib.sha256(normalized.encode("utf-8")).hexdigest()[:8]


def section_hash(section: Section) -> str:
    return _hash(section.normalized())


def folder_of(page: str) -> str:
    return page.rpartition("/")[0]


def page_status(page: str, lang: str, docs: str, source_lang: str, memory: dict[str, str], row, diff) -> list:
    """The sections of `page` in `lang` as status rows (`row` is widgets.i18n.RuleStatus, `diff`
    its source_diff, passed in so the rows and diffs are the rules' own). A section word for word
    another language's is missing (`copied`): a copy is not a translation."""
    source = load_sections(docs, page, source_lang) or []
    target = load_sections(docs, page, lang)
    folder = folder_of(page)

    def make(state, s, t=None, **more):
        shown = t or s
        return row(
            folder,
            lang,
            f"{page}#{(s or t).key}",
            state,
            shown.title,
            s.title if s else "",
            shown.level,
            t.src if t else None,
            section_hash(s) if s else None,
            page=page,
            kind="section",
            key=(s or t).key,
            ordinal=t.ordinal if t else -1,
            **more,
        )

    if target is None:
        return [make("missing", s) for s in source]
    p = pair(source, target, section_hash)
    targets = dict((id(s), t) for s, t in p.pairs)
    others = other_texts(docs, page, lang, source_lang, source)
    out = []
    for s in source:
        t = targets.get(id(s))
        copied = "" if t is None else next((l for l, texts in others.items() if texts.get(s.key) == t.normalized()), "")
        # a heading kept with nothing under it, never marked (a page begun by translating its rules
        # under its title) is still to translate, not an outdated translation
        empty = t is not None and t.src is None and not body(t) and body(s)
        if t is None or copied or empty:
            out.append(make("missing", s, t, copied=copied) if copied else make("missing", s))
        elif t.src == section_hash(s):
            out.append(make("current", s, t, unchanged=t.unchanged))
        else:
            d = diff(memory.get(t.src) if t.src else None, s.stored(), f"{page}#{s.key}", t.src, section_hash(s))
            out.append(make("outdated", s, t, diff=d))
    out += [make("orphaned", None, t) for t in p.orphaned]
    return out


def body(section: Section) -> str:
    """A section's own text, without the front matter's title its page's first heading carries."""
    return re.sub(r"\Atitle: [^\n]*\n?", "", section.text).strip()


def other_texts(docs: str, page: str, lang: str, source_lang: str, source: list[Section]) -> dict[str, dict[str, str]]:
    """{language: {source section key: that language's text, normalized}} of the languages `lang`
    falls back to (the source too): a section word for word one of them is a copy."""
    from .config import load

    out = {source_lang: {s.key: s.normalized() for s in source}}
    for other in load().chain(lang)[1:]:
        if other != source_lang:
            sections = load_sections(docs, page, other) or []
            out[other] = {s.key: t.normalized() for s, t in pair(source, sections, section_hash).pairs}
    return out


def mark_sections(
    page: str,
    lang: str,
    keys: list[str] | None,
    docs: str,
    source_lang: str,
    memory: dict[str, str],
    unchanged: str | None = None,
) -> list[tuple[str, str]]:
    """Records that the `lang` sections of `page` paired with the source sections `keys` (None:
    every paired one) are translations of the source as it is now. Returns (id, hash); a section
    already current is left as it is; one not re-translated (widgets.i18n.refusal) is refused."""
    from .marking import MarkRefused, marker, refusal

    source = load_sections(docs, page, source_lang) or []
    path = page_path(docs, page, lang)
    if not os.path.exists(path):
        raise FileNotFoundError(f"{os.path.relpath(path, docs)} does not exist: translate the page first")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    p = pair(source, parse_sections(text), section_hash)
    paired = {s.key: (s, t) for s, t in p.pairs}
    wanted = list(paired) if keys is None else [k.lstrip("#") for k in keys]
    for key in wanted:
        if key not in paired:
            known = ", ".join(s.key for s in source)
            raise KeyError(
                f"{page}#{key} is not a section of the {source_lang} page paired with one in "
                f"{os.path.relpath(path, docs)} (sections: {known})"
            )
    lines = text.split("\n")
    done, refused = [], []
    others = other_texts(docs, page, lang, source_lang, source)
    for key in sorted(wanted, key=lambda k: paired[k][1].line, reverse=True):
        s, t = paired[key]
        h = section_hash(s)
        copied = next((l for l, texts in others.items() if texts.get(key) == t.normalized()), "")
        if t.src == h and not copied:
            continue  # current already: nothing to record
        tr = _hash(t.normalized())
        why = refusal(f"{page}#{key}", {"src": t.src, "tr": t.tr}, h, tr, copied, unchanged)
        if why:
            refused.append(why)
            continue
        memory[h] = s.stored()
        _put_marker(lines, t, marker("section", h, tr, unchanged))
        done.append((f"{page}#{key}", h))
    if refused:
        raise MarkRefused("; ".join(reversed(refused)))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    return list(reversed(done))


def _put_marker(lines: list[str], section: Section, marker: str) -> None:
    """Under the section's heading (for _top: after the front matter), replacing an older one."""
    if section.key == TOP:
        _, _, offset = split_front_matter("\n".join(lines))
        at = offset
    else:
        at = section.line  # the line after the heading (0-based index)
    i = at
    while i < len(lines) and not ANY_HEADING.match(lines[i]):
        if SECTION_MARKER.match(lines[i].strip()):
            del lines[i]
            break
        if lines[i].strip() and not ANY_MARKER.match(lines[i].strip()):
            break
        i += 1
    lines.insert(at, marker)


USED = re.compile(r"<!--\s*(?:rule|section):[^>]*\bsrc=([0-9a-f]+)")


def used_hashes(docs: str, folder: str, source_lang: str) -> set[str]:
    """The source hashes some translated page of the folder still points at."""
    used = set()
    path = os.path.join(docs, folder)
    for name in os.listdir(path):
        if name.endswith(".md") and not name.endswith(f".{source_lang}.md"):
            with open(os.path.join(path, name), encoding="utf-8") as f:
                used.update(USED.findall(f.read()))
    return used
