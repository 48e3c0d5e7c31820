"""The source side of the catalogs: the case and example files' texts, and what each translation
was made from.

Content. `extract_content` is a Babel extraction method (`widgets.i18n.sources:extract_content`)
for docs/<site-id>/cases/*.json and docs/<site-id>/examples/*.json: it yields the code of every
text field (engine/core/content.py names them) with its Hungarian text. `extract` puts them in
the domain `<package>-content`; the Hungarian .po of that domain is written from the files (the
files are the source: edit the JSON, not hu/…-content.po).

Source tracking. Every entry of a non-source language carries the Hungarian text it belongs to as
an extracted comment, `#. hu: …` (a translator sees it in Poedit's notes; Weblate shows the base
file's text itself). When `extract` finds that the Hungarian text differs from that comment, a
translated entry becomes fuzzy and keeps the text it was translated from as `#. hu, before: …`,
so the translator sees both; `messages` reports it (`--check` does not fail on it: a Hungarian edit
never blocks), and `compile` puts it in the .mo under the context "outdated", so the reader gets the
previous translation, marked, until it is translated again. `is_current` answers the site's
question: is this code's translation in this language current?
"""

from __future__ import annotations

import json
import os

from engine.core import content
from engine.core.messages import SOURCE_LANG

from .files import po_path, read_po

CONTENT_METHOD = "widgets.i18n.sources:extract_content"
CONTENT_SUFFIX = "-content"
SOURCE_NOTE = f"{SOURCE_LANG}: "
BEFORE_NOTE = f"{SOURCE_LANG}, before: "
PIVOT_LANG = "en"  # a third language's translators also see the English
FOLDERS = (("cases", content.CASE), ("examples", content.EXAMPLE))


class Uses(list):
    """The (file, line) places of one code. `plural`: read through Catalog.plural (msgid_plural);
    `source`: the Hungarian text, for a text that lives in a case or example file."""

    plural = False
    source: str | None = None


# -- content -----------------------------------------------------------------------------


def extract_content(fileobj, keywords, comment_tags, options):
    """A Babel extraction method: the text fields of one case (option kind=case) or example
    file, as (line, "N_", code, ["source:<Hungarian text>"])."""
    raw = fileobj.read()
    if isinstance(raw, bytes):
        raw = raw.decode("utf-8")
    data = json.loads(raw)
    if not isinstance(data, dict):
        return
    for _, code, text in content.texts(data, options.get("kind", content.EXAMPLE)):
        at = raw.find(json.dumps(text, ensure_ascii=False)[:40])
        yield (raw.count("\n", 0, at) + 1 if at >= 0 else 1), "N_", code, [f"source:{text}"]


def content_domains(games: list[str]) -> list[str]:
    return [f"{g}{CONTENT_SUFFIX}" for g in games]


def content_codes(root: str, games: list[str]) -> dict[str, dict[str, Uses]]:
    """{"<package>-content": {code: Uses}} of every case and example file's texts."""
    from babel.messages.extract import extract_from_dir

    out: dict[str, dict[str, Uses]] = {d: {} for d in content_domains(games)}
    for package in games:
        site_id = package.replace("_", "-")
        for folder, kind in FOLDERS:
            path = os.path.join(root, "docs", site_id, folder)
            if not os.path.isdir(path):
                continue
            for filename, lineno, code, comments, _ in extract_from_dir(
                path, [("*.json", CONTENT_METHOD)], {"*.json": {"kind": kind}}, keywords={"N_": None}
            ):
                uses = out[f"{package}{CONTENT_SUFFIX}"].setdefault(code, Uses())
                uses.append((f"docs/{site_id}/{folder}/{filename}", lineno))
                uses.source = next(c[len("source:") :] for c in comments if c.startswith("source:"))
    return out


# -- source tracking ------------------------------------------------------------------------


def plain(string) -> str:
    """A msgstr as one line of text (a plural entry's different forms joined by " | "; a Hungarian
    entry made plural with the same text in both forms reads as that text, so its translations
    stay current)."""
    return " | ".join(dict.fromkeys(string)) if isinstance(string, (list, tuple)) else (string or "")


PREFIXES = (SOURCE_NOTE, BEFORE_NOTE, f"{PIVOT_LANG}: ")


def notes(comments: list[str], prefix: str) -> str | None:
    """The note that starts with `prefix`, whitespace made single spaces: a .po file wraps a long
    comment over several `#.` lines, which read back as several comments."""
    found = None
    for comment in comments:
        if found is not None and not comment.startswith(PREFIXES):
            found.append(comment)
        elif found is not None:
            break
        elif comment.startswith(prefix):
            found = [comment[len(prefix) :]]
    return " ".join(" ".join(found).split()) if found is not None else None


def same(a: str | None, b: str | None) -> bool:
    """The same text, whitespace aside, and a plural's repeated forms read once ("x | x" is "x")."""

    def canon(text: str) -> list[str]:
        return list(dict.fromkeys(part.strip() for part in " ".join(text.split()).split(" | ")))

    return a is not None and b is not None and canon(a) == canon(b)


def translated(message) -> bool:
    return bool(plain(message.string).replace("|", "").strip())


def track(previous: dict[str, list[str]], catalog, source, lang: str, pivot=None) -> None:
    """After `Catalog.update`: each entry's notes say its current Hungarian text (and, for a
    third language, the English); a translated entry whose Hungarian changed since the last
    extract becomes fuzzy, with the text it was translated from kept as `hu, before:`.
    `previous` holds each code's comments before the update (update drops them)."""
    for message in catalog:
        if not message.id:
            continue
        code = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        src = source.get(code) if source is not None else None
        now = plain(src.string) if src is not None else ""
        was, before = notes(previous.get(code, []), SOURCE_NOTE), notes(previous.get(code, []), BEFORE_NOTE)
        if translated(message) and was is not None and now and not same(was, now) and "fuzzy" not in message.flags:
            message.flags.add("fuzzy")
            before = was
        if "fuzzy" not in message.flags:
            before = None
        comments = [SOURCE_NOTE + now] if now else []
        if before is not None and not same(before, now):
            comments.append(BEFORE_NOTE + before)
        en = pivot.get(code) if pivot is not None else None
        if en is not None and plain(en.string):
            comments.append(f"{PIVOT_LANG}: {plain(en.string)}")
        message.auto_comments = comments


def previous_notes(catalog) -> dict[str, list[str]]:
    return {(m.id[0] if isinstance(m.id, (list, tuple)) else m.id): list(m.auto_comments) for m in catalog if m.id}


_PO_CACHE: dict[str, tuple[float, dict]] = {}


def _entries(path: str) -> dict:
    try:
        stamp = os.path.getmtime(path)
    except OSError:
        return {}
    cached = _PO_CACHE.get(path)
    if cached is None or cached[0] != stamp:
        catalog = read_po(path)
        cached = _PO_CACHE[path] = (stamp, {(m.id[0] if isinstance(m.id, (list, tuple)) else m.id): m for m in catalog if m.id})
    return cached[1]


def is_current(domain: str, code: str, lang: str, source: str | None = None, root: str | None = None) -> bool:
    """Is the translation of `code` in `lang` current: there, not fuzzy, and made from the
    Hungarian text as it is now? `source`: the Hungarian text, when the caller has it (a case
    file's text, which may be newer than the last extract); else the Hungarian .po's."""
    if lang == SOURCE_LANG:
        return True
    message = _entries(po_path(root, lang, domain)).get(code)
    if message is None or "fuzzy" in message.flags or not translated(message):
        return False
    if source is None:
        src = _entries(po_path(root, SOURCE_LANG, domain)).get(code)
        source = plain(src.string) if src is not None else None
    was = notes(message.auto_comments, SOURCE_NOTE)
    return source is None or was is None or same(was, source)


def outdated(root: str | None, lang: str, domains: list[str]) -> list[tuple[str, str, str, str]]:
    """(domain, code, the Hungarian it was translated from, the Hungarian now) of every fuzzy entry."""
    out = []
    for domain in domains:
        for code, message in sorted(_entries(po_path(root, lang, domain)).items()):
            if "fuzzy" in message.flags:
                out.append(
                    (
                        domain,
                        code,
                        notes(message.auto_comments, BEFORE_NOTE) or "",
                        notes(message.auto_comments, SOURCE_NOTE) or "",
                    )
                )
    return out
