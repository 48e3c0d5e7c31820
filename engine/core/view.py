"""What a seat may see of a position (docs/contributing/architecture.en.md, "The engine contract").

`Game.view(position, seat)` is the position's JSON as one seat at the table sees it: `seat` a seat
number, or None for an onlooker, who sees only what lies open on the table. A game with something
hidden (a hand, a face-down card or tile, a secret goal) declares it once, in its own
`engine/<package>/view.py`, a function `view(data, seat) -> data`, which its Game names in one line
(`view="engine.<package>.view"`, imported on first use); it reads the position through its public
JSON only. What stays the same in every game, the core does
here:

- the random generator's state is the table's future (the next draw, the next roll): nobody sees it;
- a hidden card or tile keeps its place and its back, so that its number stays public: it is HIDDEN.

A move can be secret too (a token put down face down): the game's view module may also have
`move(action, seat, actor) -> action`, the move as `seat` sees `actor` make it (`Game.view_move`);
the log words what the seat saw.

What the end of the game turns up (the scoring) the game's view says too: the widgets draw the
view's shape in every phase.

The widgets draw a played position (examples, the sandbox) as its seat to move sees it, through
`Seen`; the Ask page is the referee's view, the whole position, because a rule question needs it.
"""

from __future__ import annotations

HIDDEN = "?"  # a card or tile lying face down, or in another player's hand: its back


def hide_all(cards: list) -> list:
    """A pile or a hand whose faces (and order) the seat cannot see: as many backs."""
    return [HIDDEN] * len(cards)


def seen(state, seat, hide) -> dict:
    """The view of `state` for `seat`: its JSON, the generator's state hidden, then the game's own
    `hide(data, seat)`."""
    data = state.to_json()
    if "rng" in data:
        data["rng"] = None
    return data if hide is None else hide(data, seat)


def seen_move(before, action: dict, seat, module) -> dict:
    """The move `action`, played at `before`, as `seat` sees it: the game's `move` where it has one."""
    hide = getattr(module, "move", None) if module is not None else None
    return action if hide is None else hide(dict(action), seat, before.current_player)


class Seen:
    """A position as one seat sees it, for the widgets that draw it: its `to_json()` is the seat's view
    (`Game.view`); what any seat may ask of the position (whose turn, over, scores, legal moves) is
    the state's. A widget that reads a state's fields besides its JSON must read only what lies open
    (tests/widgets/test_view_leak.py draws positions that differ only in what is hidden)."""

    def __init__(self, state, seat):
        self.state, self.seat = state, seat

    def to_json(self) -> dict:
        return self.state.game.view(self.state, self.seat)

    def __getattr__(self, name):
        return getattr(self.state, name)
