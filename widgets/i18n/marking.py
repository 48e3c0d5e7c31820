"""What `mark` writes under a heading, and when it refuses: marking says "re-translated", so an
outdated text whose translation did not change since its last mark is refused (unless the translator
says why with --unchanged), and so is a text that is another language's word for word."""

from __future__ import annotations

from urllib.parse import quote


class MarkRefused(KeyError):
    """`mark` would record a re-translation that is not one (its text unchanged, or copied)."""


def marker(kind: str, source: str, translation: str, unchanged: str | None = None) -> str:
    """`<!-- rule: src=… tr=… -->` (or section:), with `unchanged=<the reason, quoted>`."""
    extra = f" unchanged={quote(unchanged, safe='')}" if unchanged else ""
    return f"<!-- {kind}: src={source} tr={translation}{extra} -->"


def refusal(text_id: str, marks: dict, source_now: str, translation_now: str, copied: str, unchanged: str | None) -> str | None:
    """Why `mark` refuses to record this text as re-translated now (None: it may)."""
    if copied:
        return f"{text_id} is the {copied} text word for word: translate it first (a copy is not a translation)"
    if marks.get("src") != source_now and marks.get("tr") == translation_now and not unchanged:
        return (
            f"{text_id}: the translation has not changed since it was marked, and its source has: "
            "bring it in line first, or say why it needs no change with --unchanged REASON"
        )
    return None
