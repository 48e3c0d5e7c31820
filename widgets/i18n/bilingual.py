"""Bilingual copies of a language's catalogs, for a translator's editor (Poedit, Lokalize, Weblate's
bilingual mode).

The catalogs in engine/locale are monolingual: msgid is the code (`move-ok`), which the engine,
`extract` and every branch's new entries rely on. An editor shows msgid as the source text, so
`python -m widgets.i18n bilingual --lang de` writes, for each domain,

    build/translate/de/<domain>.po    msgctxt = the code, msgid = the Hungarian text, msgstr = the German

with `python-brace-format` on every entry with a placeholder (so `msgfmt -c` and Poedit check
that a translation keeps the Hungarian's placeholders), `fuzzy` on a translation made from an
older Hungarian text, and the English beside it as a note. `bilingual --lang de --back` reads the
edited copies back into engine/locale/de/LC_MESSAGES/*.po (then run `compile`). Keeping msgid =
code in the repository was the least disruptive choice: nothing that reads or writes the catalogs
changes, and a translator still sees the Hungarian as the source.
"""

from __future__ import annotations

import os

from engine.core.messages import SOURCE_LANG, placeholders

from . import messages as M
from .sources import BEFORE_NOTE, PREFIXES, SOURCE_NOTE, notes, plain, same

FLAG = "python-brace-format"


def folder(root: str | None, lang: str) -> str:
    return os.path.join(root or M.ROOT, "build", "translate", lang)


def _code(message) -> str:
    return message.id[0] if isinstance(message.id, (list, tuple)) else message.id


def _forms(string) -> list[str]:
    return list(string) if isinstance(string, (list, tuple)) else [string]


def export(lang: str, root: str | None = None, only: list[str] | None = None) -> list[str]:
    """Writes the bilingual copy of every domain of `lang`; returns the files written."""
    from babel.messages.catalog import Catalog

    from . import drift

    written = []
    used = M.used_codes(root)  # where each code is used: the copies carry the references the catalogs leave out
    for domain in only or M.domains(root):
        source_path, path = M.po_path(root, SOURCE_LANG, domain), M.po_path(root, lang, domain)
        if not os.path.exists(source_path):
            continue
        target = M.read_po(path) if os.path.exists(path) else M.new_catalog(domain, lang)
        states = drift.states(lang, domain, root)
        now = drift.source_texts(domain, root)
        out = Catalog(
            locale=lang,
            domain=domain,
            charset="utf-8",
            fuzzy=False,
            header_comment=(
                f"# Kikötő messages, domain {domain}, {SOURCE_LANG} → {lang}: a bilingual copy for a translator's editor.\n"
                f"# msgctxt is the code, msgid the Hungarian. Edit msgstr, then run\n"
                f"# `python -m widgets.i18n bilingual --lang {lang} --back` and `compile`."
            ),
            **M.HEADER,
        )
        out.mime_headers = target.mime_headers
        for src in M.read_po(source_path):
            if not src.id or not M.complete(src):
                continue
            code = _code(src)
            hu = _forms(src.string)
            if code in now and not isinstance(src.id, (list, tuple)):
                hu = [now[code]]  # a case file's text, newer than the .po until the next extract
            mine = target.get(code)
            string = mine.string if mine is not None else ("",) * len(hu)
            if isinstance(src.id, (list, tuple)):
                msgid = (hu[0], hu[-1])
                string = tuple(_forms(string)) if isinstance(string, (list, tuple)) else (string, string)
            else:
                msgid, string = hu[0], plain(string)
            flags = {FLAG} if any(placeholders(t) for t in hu) else set()
            if states.get(code) == "outdated":
                flags.add("fuzzy")
            comments = [c for c in (mine.auto_comments if mine is not None else []) if not c.startswith(SOURCE_NOTE)]
            where = sorted({(file, None) for file, _ in used.get(domain, {}).get(code, [])})
            out.add(msgid, string, context=code, flags=flags, auto_comments=comments, locations=where)
        target_path = os.path.join(folder(root, lang), f"{domain}.po")
        os.makedirs(os.path.dirname(target_path), exist_ok=True)
        if M.write_if_changed(target_path, M.po_bytes(out)):
            written.append(target_path)
    return written


def other_notes(comments: list[str]) -> list[str]:
    """The comments but the Hungarian notes (`hu:`, `hu, before:`), with the lines a long one wraps onto."""
    out, skipping = [], False
    for comment in comments:
        if comment.startswith((SOURCE_NOTE, BEFORE_NOTE)):
            skipping = True
        elif skipping and not comment.startswith(PREFIXES):
            continue
        else:
            skipping = False
            out.append(comment)
    return out


def back(lang: str, root: str | None = None, only: list[str] | None = None) -> list[str]:
    """Reads the edited bilingual copies into the language's catalogs; returns the files written.
    A translation the editor no longer marks fuzzy is current: its `hu:` note becomes the Hungarian
    it was checked against (the copy's msgid)."""
    from . import drift

    written = []
    for domain in only or M.domains(root):
        copy, path = os.path.join(folder(root, lang), f"{domain}.po"), M.po_path(root, lang, domain)
        if not os.path.exists(copy) or not os.path.exists(path):
            continue
        target = M.read_po(path)
        now = drift.source_texts(domain, root)
        for edited in M.read_po(copy):
            if not edited.id or not edited.context or edited.context not in target:
                continue
            message = target[edited.context]
            string = edited.string
            if isinstance(message.id, (list, tuple)):
                string = tuple(_forms(string))
            elif isinstance(string, (list, tuple)):
                string = string[0]
            message.string = string
            if edited.fuzzy:
                message.flags.add("fuzzy")
            else:
                message.flags.discard("fuzzy")
                hu = now.get(edited.context)
                if hu is not None and M.complete(message) and not same(notes(message.auto_comments, SOURCE_NOTE), hu):
                    message.auto_comments = [SOURCE_NOTE + hu] + other_notes(message.auto_comments)
        if M.write_if_changed(path, M.po_bytes(target)):
            # changed: the header says when and by whom (the editor's, else git's user)
            import datetime

            target.revision_date = datetime.datetime.now(datetime.timezone.utc).replace(second=0, microsecond=0)
            target.last_translator = translator(copy, root) or target.last_translator
            with open(path, "wb") as f:
                f.write(M.po_bytes(target))
            written.append(path)
    return written


def translator(copy: str, root: str | None = None) -> str | None:
    """Who translated: the Last-Translator the editor wrote into the copy (Poedit does, from its
    preferences), else git's user.name and user.email in the repository; None when neither says."""
    import subprocess

    header = dict(M.read_po(copy).mime_headers)
    named = header.get("Last-Translator", "")
    if named and "Kikötő contributors" not in named and "FULL NAME" not in named:
        return named
    try:
        who = [
            subprocess.run(["git", "config", key], cwd=root or M.ROOT, capture_output=True, text=True).stdout.strip()
            for key in ("user.name", "user.email")
        ]
    except OSError:
        return None
    return f"{who[0]} <{who[1]}>" if who[0] and who[1] else (who[0] or None)


__all__ = ["export", "back", "folder", "FLAG", "same"]
