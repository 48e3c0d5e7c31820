"""A game's position: one interface for reading, writing, checking and editing it (docs/contributing/
architecture.en.md, "The engine contract").

In the spirit of chessops' `Setup` and `Position` (and python-chess's `Board.status()`): the position's
JSON is the draft a reader sets up (chessops' Setup: plain data, possibly impossible); reading it
strictly builds the State the rules are asked of (its Position); what makes a draft impossible is a
list of problems, each naming its field, and each may carry the editing operation that mends it (a
one-tap `Fix`, engine/core/verdict.py).

A game implements it once, as the functions `read`, `write`, `lenient` and `problems` of its
`engine/<package>/position.py`, made one Position there (`POSITION = Position(read=read, …, phases=…,
edits=…)`, or a subclass where a game wants methods), and hands it to its Game (`Game(position=…)`);
the core builds the State from what it reads (`State.load`):

    read(data, field, options) -> dict    strict: the State's fields, by name, from JSON the schema has
                                          passed; InputError naming the field for what only the reader
                                          can see (a length that must match the player count)
    write(state) -> dict                  the position's JSON (the core adds its options)
    lenient(data) -> dict                 any JSON read as far as it goes, for drawing a draft and for
                                          the editor (the game documents the shape); never raises
    problems(state, field) -> [InputError]  every invariant the position breaks (`InputError.fix`: its
                                          mend, where the game knows one)
    phases                                the phases and their turn order, as data (`Phase`): the engine
                                          checks with them, the editor and the pictures read them
    edits                                 the names of its editing operations, functions of the game's
                                          `engine/<package>/edit.py`, each `op(draft, **args) -> draft`
                                          (in place, and returned); `edit` runs one by name
    after_set(draft, path, old) -> draft  what follows from a field set by hand (engine/core/edit.py)
    resize(draft, players) -> draft       another table size, the draft carried over: what no longer
                                          fits stays, for `problems` to name with its fix

"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass

from .errors import InputError

TURNS = ("seat", "rank", "queue", "none")


@dataclass(frozen=True)
class Phase:
    """One phase of a game, as its position's `phase` field names it.

    `actions`: the action types asked in it. `turns`: who acts, and in what order: "seat" (in seat
    order), "rank" (by the game's ranking of the seats, e.g. furthest ahead first), "queue" (the seats
    a list of the position holds, first first), "none" (nobody: the game is over). `rules`: the rules
    that say whose turn it is ("not-your-turn" cites them). `variant_turns`: ((option, value, turns,
    rules), …) where a variant orders the turns otherwise. `own_turn_rules`: ((action type, rules), …)
    for an action whose own rule says who may take it (Black Fleet's fate cards: only in one's own
    turn), which "not-your-turn" cites for it. `refusal`: (reason code, *rules), the verdict when one
    of its actions is asked in a phase that does not allow it. `title`: a code of the game's catalog."""

    name: str
    title: str
    actions: tuple[str, ...] = ()
    turns: str = "seat"
    rules: tuple[str, ...] = ()
    refusal: tuple[str, ...] = ()
    variant_turns: tuple = ()
    own_turn_rules: tuple = ()

    def __post_init__(self):
        if self.turns not in TURNS or any(v[2] not in TURNS for v in self.variant_turns):
            raise ValueError(f"phase {self.name}: turns must be one of {TURNS}")

    def order(self, options: dict) -> tuple[str, tuple[str, ...]]:
        """(how turns go, the rules that say so) in this phase under the game's options."""
        for option, value, turns, rules in self.variant_turns:
            if options.get(option) == value:
                return turns, rules
        return self.turns, self.rules

    def turn_rules_of(self, kind: str) -> tuple[str, ...] | None:
        """The rules that say who may take an action of type `kind`, where its own rule says so."""
        return next((rules for action, rules in self.own_turn_rules if action == kind), None)


class Position:
    """The interface (the module's docstring): `read`, `write`, `lenient` and `problems` are the game's
    functions given by name (or a subclass's methods), `phases` and `edits` its data; `after_set` and
    `resize` are its editing module's."""

    game = None  # the Game, set when the game is made
    phases: tuple[Phase, ...] = ()
    edits: tuple[str, ...] = ()
    PARTS = ("read", "write", "lenient", "problems")

    # -- reading and writing ----------------------------------------------------------------------
    def read(self, data: dict, field: str, options: dict) -> dict:
        raise NotImplementedError

    def write(self, state) -> dict:
        raise NotImplementedError

    def lenient(self, data) -> dict:
        raise NotImplementedError

    def problems(self, state, field: str) -> list[InputError]:
        raise NotImplementedError

    def __init__(self, *, phases=None, edits=None, **parts):
        unknown = set(parts) - set(self.PARTS)
        if unknown:
            raise TypeError(f"Position has no part {sorted(unknown)}")
        self.__dict__.update(parts)  # each function in the place of the method it implements
        if phases is not None:
            self.phases = tuple(phases)
        if edits is not None:
            self.edits = tuple(edits)
        self.by_name = {p.name: p for p in self.phases}  # (asked at every check: looked up, not searched)

    def implements(self, part: str) -> bool:
        """Whether the game gives `part` (one of PARTS), as a function or a subclass's method."""
        return part in vars(self) or getattr(type(self), part) is not getattr(Position, part)

    # -- phases -----------------------------------------------------------------------------------
    def phase(self, name) -> Phase | None:
        return self.by_name.get(name) if isinstance(name, str) else None

    def phase_of(self, kind: str) -> Phase | None:
        """The first phase that allows action type `kind`."""
        return next((p for p in self.phases if kind in p.actions), None)

    # -- editing ----------------------------------------------------------------------------------
    def operations(self):
        """The game's editing module, engine/<package>/edit.py."""
        return importlib.import_module(self.game.state_class.__module__.rpartition(".")[0] + ".edit")

    def edit(self, draft: dict, op: str, args: dict) -> dict:
        """Editing operation `op` (one of `edits`) with `args` on `draft`. InputError for an operation
        the game does not have, or arguments it does not take; what the operation makes of the draft is
        `problems`' to judge."""
        if op not in self.edits:
            raise InputError("field-value", "cmd.op", value=repr(op), allowed=", ".join(self.edits))
        if not isinstance(args, dict):
            raise InputError("field-type", "cmd.args", expected="object", got=type(args).__name__)
        function = getattr(self.operations(), op)
        try:
            inspect.signature(function).bind(draft, **args)
        except TypeError:
            raise InputError("field-value", "cmd.args", value=repr(sorted(args)), allowed=op) from None
        return function(draft, **args)

    def after_set(self, draft: dict, path: list, old) -> dict:
        return self.operations().after_set(draft, path, old)

    def resize(self, draft: dict, players: int) -> dict:
        return self.operations().resize(draft, players)
