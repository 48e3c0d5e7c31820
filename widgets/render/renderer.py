"""What a game's renderer offers the shared widgets: one interface, each optional hook with its default,
and the file names of a game's widgets package.

A game's widgets live in widgets/render/<game package>/ (FILES below); its board.py ends with

    RENDERER = Renderer(target=target, board_svg=board_svg, panel=panel, ...)

and the shared widgets (play, case, editor, the widget table) only ever go through it, so a
hook a game lacks has one default here instead of a `getattr` at each call site.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional


@dataclass(frozen=True)
class Renderer:
    # target(action) -> the board's field (a string or a tuple) that an action is about, to highlight
    target: Callable[[dict], Any]
    # board_svg(state, lang, highlight=frozenset(), *, marks=None, tappable=False) -> the board picture
    board_svg: Callable[..., str]
    # panel(state, lang) -> what the board does not show (hands, scores, the phase)
    panel: Callable[..., str]
    # board_svg takes `marks=` and `tappable=`: a sandbox plays on the board (with a position editor)
    tappable: bool = False
    # legal_highlight(state, actions) -> the fields to highlight for the reader's legal moves
    legal_highlight: Optional[Callable[..., set]] = None
    # group_actions(state, actions, lang) -> [(label, [action or (label, [...])])] for very many moves
    group_actions: Optional[Callable[..., list]] = None
    # move_words(state, action, lang) -> a move worded better than the engine's State.describe
    move_words: Optional[Callable[..., str]] = None
    # hand(state, seat, lang) -> one seat's hidden hand, for games with hidden hands
    hand: Optional[Callable[..., str]] = None
    # the module of the game's position editor (its EDITING), imported on first use
    editor: Optional[str] = None
    # the game's own widget kinds: kind -> module with form(spec, ctx) and output(spec, ctx)
    widgets: Mapping[str, str] = field(default_factory=dict)
    # the live edit `make bench` times on the game's site, if any: {"page": "rules", "example": an
    # example id on that page, "field": an input of its widget that takes a number}
    bench_edit: Optional[Mapping[str, str]] = None

    def highlight(self, state, actions) -> set:
        return self.legal_highlight(state, actions) if self.legal_highlight else set()

    def groups(self, state, actions, lang: str):
        """The moves in groups, or None for a plain list."""
        return self.group_actions(state, actions, lang) if self.group_actions else None

    def wording(self, state) -> Callable[[dict, str], str]:
        """The function that words a move at `state`, (action, lang) -> text."""
        better = self.move_words
        return (lambda action, lang: better(state, action, lang)) if better else state.describe

    def own_hand(self, state, seat: int, lang: str) -> str:
        return self.hand(state, seat, lang) if self.hand else ""

    def editing(self):
        """The game's position editor (an `editor.Editing`), or None for a game without one."""
        return importlib.import_module(self.editor).EDITING if self.editor else None


# A game's widgets package, widgets/render/<package>/: the same file name for the same job in every
# game, so a maintainer finds the editor of any game in the same place. Every game has SHARED; it has
# the other files when it has that job, under that name. A file of any other name is a job the game
# alone has, and the package's docstring says what it does.
FILES = {
    "__init__.py": "the package's docstring: the game's files, and what its own files do",
    "board.py": "the board and the status panel drawn, the moves in words; ends with RENDERER",
    "edit.py": "the position editor: EDITING, a subclass of editing.Editing (the Ask page)",
    "draft.py": "the editor's reading of a draft that may hold anything: field ids, their names, the seats",
    "ask.py": "the editor asking: the moves a tapped field offers, the action form's words",
    "forms.py": "the editor's forms: the palette, the inspector of a tapped field, the counters",
    "words.py": "the colours and words that the board, the panel and the editor share",
    "panel.py": "the player table under the board",
    "layout.py": "the board's geometry: where its fields go and what they are called",
    "figures.py": "the rules page's pictures, widget kinds of the game's own (Renderer.widgets)",
}
SHARED = ("__init__.py", "board.py", "edit.py")


def package(game_id: str) -> str:
    return game_id.replace("-", "_")


def renderer(game_id: str) -> Renderer:
    """The game's renderer (`RENDERER` in widgets/render/<game package>/board.py)."""
    return importlib.import_module(f"widgets.render.{package(game_id)}.board").RENDERER
