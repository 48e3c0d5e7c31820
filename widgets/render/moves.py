"""The moves of a position as the reader sees them: worded (the renderer's `move_words`, else the
engine's), listed as buttons, or grouped where a game has very many."""

from __future__ import annotations

import json

from .html import esc
from .renderer import renderer


def wording(state):
    """The function that words a move at `state`, (action, lang) -> text: the renderer's
    `move_words` where it words moves better than the engine can. Looked up once per list."""
    return renderer(state.game.id).wording(state)


def words(state, action, lang: str) -> str:
    return wording(state)(action, lang)


def move_list(actions, state, lang: str) -> str:
    word = wording(state)
    buttons = "".join(
        f'<li><button type="button" data-move="{esc(json.dumps(a, sort_keys=True, separators=(",", ":")))}">'
        f"{esc(word(a, lang))}</button></li>"
        for a in actions
    )
    return f'<ul class="kikoto-moves">{buttons}</ul>'


def move_groups(groups, state, lang: str, shown=None, opened=None) -> str:
    """[(label, [action or (label, [...])])]: a button per group, and the moves of one group only (the
    one the reader picked, kept in the spec's "step", which a sandbox does not use otherwise), its
    subgroups as <details>. So a position with thousands of moves stays a short page. Only one
    subgroup lists its moves (the spec's "open", else the first): the others are empty until the
    reader opens one and the browser asks for it, so an answer carries no buttons nobody opened."""

    def count(items):  # a level holds subgroups or moves, never both (as `inner` reads it too)
        return sum(count(i[1]) for i in items) if items and isinstance(items[0], tuple) else len(items)

    def inner(items):
        if not (items and isinstance(items[0], tuple)):
            return move_list(items, state, lang)
        return "".join(
            f'<details class="kikoto-move-group"><summary>{esc(label)} ({count(sub)})</summary>{inner(sub)}</details>'
            for label, sub in items
        )

    def lazy(items):  # the shown group's subgroups: only the open one lists its moves
        if not (items and isinstance(items[0], tuple)):
            return move_list(items, state, lang)
        return "".join(
            f'<details class="kikoto-move-group" data-sub="{j}"{" open" if j == opened else ""}>'
            f"<summary>{esc(label)} ({count(sub)})</summary>{inner(sub) if j == opened else ''}</details>"
            for j, (label, sub) in enumerate(items)
        )

    shown = shown if isinstance(shown, int) and 0 <= shown < len(groups) else 0
    subs = groups[shown][1]
    opened = opened if isinstance(opened, int) and 0 <= opened < len(subs) else 0
    heads = "".join(
        f'<li><button type="button" data-step="{i}" aria-pressed="{str(i == shown).lower()}">'
        f"{'▸ ' if i == shown else ''}{esc(label)} ({count(items)})</button></li>"
        for i, (label, items) in enumerate(groups)
    )
    return (
        f'<ul class="kikoto-moves kikoto-group-heads">{heads}</ul>'
        f'<div class="kikoto-move-groups" data-group="{shown}">{lazy(subs)}</div>'
    )
