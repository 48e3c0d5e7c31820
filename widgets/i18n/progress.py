"""How far each language is: per page (its rules and sections) and per message domain, as potodo
shows the Python documentation's translations. The status report, `--check`, the status page
and the language switcher's threshold all count with these functions.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from . import SOURCE_LANG, RuleStatus, default_docs, game_status, games, page_status, pages


@dataclass
class Progress:
    name: str  # a page ("<game>/rules") or a message domain ("core.po")
    kind: str  # "page" or "messages"
    total: int
    current: int
    outdated: int = 0
    missing: int = 0
    orphaned: int = 0

    @property
    def percent(self) -> float:
        return 100.0 * self.current / self.total if self.total else 100.0


def page_rows(lang: str, docs: str | None = None, only: list[str] | None = None) -> dict[str, list[RuleStatus]]:
    """{page: its rows}, rules and sections together; `only`: the pages of these game folders."""
    docs = docs or default_docs()
    out: dict[str, list[RuleStatus]] = {}
    game_list = set(games(docs))
    for page in pages.page_ids(docs, SOURCE_LANG):
        folder = pages.folder_of(page)
        if only is not None and folder not in only:
            continue
        rows = page_status(page, lang, docs)
        if folder in game_list and page == f"{folder}/rules":
            rows = rows + game_status(folder, lang, docs)
        out[page] = rows
    return out


def count(name: str, kind: str, rows: list[RuleStatus]) -> Progress:
    c = {s: sum(1 for r in rows if r.state == s) for s in ("current", "outdated", "missing", "orphaned")}
    return Progress(name, kind, c["current"] + c["outdated"] + c["missing"], **c)


def message_progress(lang: str, root: str | None = None) -> list[Progress]:
    """Per domain: the source's messages (the Hungarian as it is now, case files included), and
    how many `lang` has translated (every plural form), current or outdated (drift.states)."""
    from . import drift, messages

    out = []
    folder = os.path.dirname(messages.po_path(root, SOURCE_LANG, "core"))
    found = sorted(n[:-3] for n in os.listdir(folder) if n.endswith(".po")) if os.path.isdir(folder) else []
    # the code's domains first, in their order, then any other (a game's content catalog)
    for domain in [d for d in messages.domains(root) if d in found] + [d for d in found if d not in messages.domains(root)]:
        states = list(drift.states(lang, domain, root).values())
        c = {s: states.count(s) for s in ("current", "outdated", "missing")}
        out.append(Progress(f"{domain}.po", "messages", len(states), c["current"], c["outdated"], c["missing"]))
    return out


def language_progress(
    lang: str, docs: str | None = None, root: str | None = None, only: list[str] | None = None
) -> list[Progress]:
    items = [count(page, "page", rows) for page, rows in page_rows(lang, docs, only).items()]
    if only is None:
        items += message_progress(lang, root)
    return items


def percent(items: list[Progress]) -> float:
    total = sum(p.total for p in items)
    return 100.0 * sum(p.current for p in items) / total if total else 100.0
