"""The contract every game implements (docs/contributing/architecture.en.md, "The engine contract").

A game module defines a `Game` instance named `GAME` and a `State` subclass.
States are values: `apply` returns a new state and never changes the old one.
"""

from __future__ import annotations

import copy
import importlib
import json
import os
import sys
from dataclasses import dataclass, field
from types import GeneratorType

from .errors import IllegalAction, InputError, expect
from .messages import Catalog, seat_words
from .position import Phase, Position
from .rng import Rng
from .schema import game_schemas
from .verdict import Fix, Verdict
from .view import Seen, seen, seen_move


@dataclass(frozen=True)
class Option:
    """A rulebook variant, or one reading of an ambiguous sentence ("kind": "reading")."""

    name: str
    default: object
    choices: tuple
    title: str  # a code in the game's catalog, marked N_("option-…")
    kind: str = "variant"  # or "reading"
    rules: tuple[str, ...] = ()
    choice_titles: dict = field(default_factory=dict)  # choice -> a code in the game's catalog


class Game:
    """A game: its players, options, messages and format. `seat_fields` are the action fields
    that name a seat: they must name a seat at this table (format), before any rule is asked."""

    def __init__(
        self,
        *,
        id: str,
        title: dict,
        prefix: str,
        players: tuple[int, int],
        state_class,
        catalog: Catalog,
        options: tuple[Option, ...] = (),
        seat_fields: tuple[str, ...] = ("player",),
        migrations: tuple = (),
        position: Position,
        view: str | None = None,
    ):
        self.id = id
        self.title = title
        self.prefix = prefix
        self.players = players
        self.state_class = state_class
        self.catalog = catalog
        self.options = {o.name: o for o in options}
        self.seat_fields = seat_fields
        # The game's own format: migrations[k] takes a document's game parts ("state", "options",
        # "setup", "moves", "action", whichever it has) from version k + 1 to k + 2, in place, so that
        # a case file or link saved in any earlier version still opens (engine/core/formats.py).
        self.migrations = migrations
        self.format = len(migrations) + 1
        package = sys.modules[state_class.__module__].__file__
        self.state_schema, self.action_schema = game_schemas(os.path.dirname(package))
        state_class.game = self
        # its position's one interface (engine/core/position.py)
        self.position = position
        self.position.game = self
        # what a seat may not see: the module engine/<package>/view.py, whose view(data, seat) hides it
        # (engine/core/view.py), imported on first use
        self.hiding = view

    @property
    def phases(self) -> tuple[Phase, ...]:
        """The game's phases and their turn order, as data (the position's: engine/core/position.py)."""
        return self.position.phases

    def view(self, position, seat: int | None) -> dict:
        """The position's JSON as `seat` sees it (None: an onlooker): what the game hides from that
        seat replaced by HIDDEN backs or counts, the random generator's state hidden (engine/core/view.py).
        A game with nothing hidden shows the whole position but the generator."""
        hide = importlib.import_module(self.hiding).view if self.hiding else None
        return seen(position.state if isinstance(position, Seen) else position, seat, hide)

    def view_move(self, before, action: dict, seat: int | None) -> dict:
        """The move `action`, played at the position `before`, as `seat` sees it (a secret move's
        hidden parts HIDDEN): what a log shows that seat (engine/core/view.py)."""
        return seen_move(before, action, seat, importlib.import_module(self.hiding) if self.hiding else None)

    def text(self, code: str, lang: str) -> str:
        """A text of this game's catalog (a code), in `lang`."""
        return self.catalog.text(code, lang)

    def name(self, lang: str) -> str:
        return self.text(self.title, lang)

    def option_title(self, name: str, lang: str) -> str:
        return self.text(self.options[name].title, lang)

    def choice_title(self, name: str, choice, lang: str) -> str | None:
        """The title of one answer of an option, or None when it has none."""
        code = self.options[name].choice_titles.get(choice)
        return None if code is None else self.text(code, lang)

    def resolve_options(self, given, field: str = "options") -> dict:
        if given is None:
            given = {}
        expect(given, "object", field)
        resolved = {name: o.default for name, o in self.options.items()}
        for name, value in given.items():
            if name not in self.options:
                raise InputError("field-unknown", f"{field}.{name}")
            opt = self.options[name]
            if value not in opt.choices or type(value) is not type(opt.default):
                raise InputError(
                    "field-value",
                    f"{field}.{name}",
                    value=json.dumps(value),
                    allowed=", ".join(json.dumps(c) for c in opt.choices),
                )
            resolved[name] = value
        return resolved

    def new(self, players: int, seed: int = 0, options: dict | None = None, field: str = "setup"):
        """A new game. `field` names where the values came from: a case's "setup", or "" for the
        command line's --players, --seed and --options."""
        names = [f"{field}.{k}" if field else f"--{k}" for k in ("players", "seed", "options")]
        expect(players, "integer", names[0], low=self.players[0], high=self.players[1])
        expect(seed, "integer", names[1], low=0, high=2**63 - 1)
        return self.state_class.initial(self, players, seed, self.resolve_options(options, names[2]))

    def from_json(self, data, field: str = "state", options: dict | None = None):
        """A position from JSON, or InputError naming the field: the first of `problems()`."""
        state, found = self.examine(data, field, options)
        if found:
            raise found[0]
        return state

    def problems(self, data, field: str = "state", options: dict | None = None) -> list[InputError]:
        """Every problem of a draft position, each an InputError naming its field, or [] when the
        position can occur (python-chess's `Board.status()`). Never raises for bad input."""
        return self.examine(data, field, options)[1]

    def examine(self, data, field: str = "state", options: dict | None = None):
        """(the position as far as it loads, every problem): the state is None when the schema or the
        loader refused the draft (they stop at their first problem: what follows needs a position to
        read); else every invariant the game's `State.problems` finds, then the core's own: a position
        that is not over has a legal action. One reading serves the editor, `problems` and `from_json`."""
        try:
            state = self._load(data, field, options)
        except InputError as err:
            return None, [err]
        return state, state.problems(field) or self._stuck(state, field)

    def _load(self, data, field: str, options: dict | None):
        """The schema (format), the options (the state's own, or `options` given beside it, which win),
        then the game's loader."""
        options = self.read_format(data, field, options)
        state = self.state_class.load(self, data, field, options)
        state.options = options
        return state

    def read_format(self, data, field: str = "state", options: dict | None = None) -> dict:
        """The options of a position's JSON in the game's format (the state schema; its own options
        unless `options` are given beside it), else InputError naming the field. What the editor's
        operations need of a draft (engine/core/edit.py, malformed), and the first step of a load."""
        expect(data, "object", field)
        self.state_schema.validate(data, field)
        if options is None:
            options = self.resolve_options(data.get("options"), f"{field}.options")
        return options

    @staticmethod
    def _stuck(state, field: str) -> list[InputError]:
        if not state.is_over() and not state.has_legal_action():
            return [InputError("position-stuck", field)]
        return []

    def check_action_format(self, action, players: int) -> None:
        """InputError unless `action` fits the action schema and its seats exist at this table."""
        self.action_schema.validate(action, "action")
        for key in self.seat_fields:
            if key in action:
                expect(action[key], "integer", f"action.{key}", low=0, high=players - 1)

    def verdict(self, legal: bool, reason: str, rules, **params) -> Verdict:
        return Verdict.make(legal, reason, rules, self.catalog, **params)

    def illegal(self, reason: str, *rules, **params) -> Verdict:
        return self.verdict(False, reason, rules, **params)

    def fix(self, op: str, code: str, args: dict | None = None, **params) -> Fix:
        """A one-tap fix: the game's editing operation `op` with `args`, its button's words the code
        `code` of the game's catalog (with `params`)."""
        return Fix.make(self.catalog, op, code, args, **params)


class Quick:
    """A verdict without its messages, for while `legal_actions` asks only whether an action is
    legal (`State._quick`): building the messages of every candidate is most of the cost."""

    __slots__ = ("legal", "reason", "rules")

    def __init__(self, legal: bool, reason: str, rules: tuple):
        self.legal, self.reason, self.rules = legal, reason, rules


_LEAVES = frozenset((int, str, bool, float, type(None), tuple, frozenset))


def clone(value):
    """A copy of JSON-like data (dicts, lists, sets and immutable leaves), much faster than deepcopy:
    leaves are not copied, and no call is made for them."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _LEAVES else clone(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _LEAVES else clone(v) for v in value]
    if kind in _LEAVES:
        return value
    if kind is set:
        return set(value)
    if kind is Rng:
        return Rng(state=value.state)
    return copy.deepcopy(value)


class State:
    """A position, as the rules are asked of it. Subclasses implement `initial`, `legal_actions`, the
    `_check_<type>` and `_apply_<type>` methods, `_describe` and the queries. A converted game's
    position is read, written and checked by its Position (engine/core/position.py), from which the
    core builds the State (`load`, `_to_json`, `problems`, and with its phases `phase_allows`,
    `turn_rules`, `wrong_phase`); a game not converted yet implements `load`, `_to_json` and
    `problems` (or `check_position`) itself, and may override the phase methods.

    The same names do the same jobs in every game, below the contract too: a state is built as
    `cls(game, options, fields)`, `initial` and `load` are its constructors, `_ok(reason, *rules,
    **params)` and `_no(reason, *rules, **params)` build its verdicts, `_apply` dispatches an action to
    `_apply_<type>(action)` ("-" read as "_"), and `copy` clones it.

    The contract (docs/contributing/architecture.en.md, "The engine contract"):
    - `check(action)` raises InputError when the action is malformed (format: the schema, and seats
      that exist at this table) and otherwise returns a Verdict: legal, or illegal with every reason
      and the rules that decide each. Bad input is never a verdict.
    - `apply(action)` returns a new state and never changes this one; IllegalAction when illegal.
    - `scores()` is one integer per seat, the number the winner is decided by;
      `score_details()` may add a breakdown per seat, {label code: number}.
    """

    game: Game
    options: dict
    # attributes shared between copies (never changed by play), and caches a copy rebuilds
    _shared: tuple[str, ...] = ("game", "options")
    _transient: tuple[str, ...] = ()
    _quick = False  # set while legal_actions() asks only legal or not: `_ok` and `_no` give a Quick

    def __init__(self, game: Game, options: dict, fields: dict | None = None):
        """`fields`: the position's fields as its position.py loads them, each kept as an attribute
        of the same name."""
        self.game = game
        self.options = options
        if fields:
            self.__dict__.update(fields)

    # -- construction -------------------------------------------------------------
    @classmethod
    def initial(cls, game: Game, players: int, seed: int, options: dict) -> "State":
        raise NotImplementedError

    @classmethod
    def load(cls, game: Game, data: dict, field: str, options: dict) -> "State":
        """Called after the schema has passed: the state of the fields its Position reads (which checks
        what a schema cannot say about single fields: ids that must exist, lengths that must match the
        player count)."""
        return cls(game, options, game.position.read(data, field, options))

    def problems(self, field: str = "state") -> list[InputError]:
        """Every invariant no schema can express that this position breaks, each an InputError naming
        its field, all of them, not only the first: conservation of every component, where pieces stand
        relative to each other, who has acted, what the counters, the stage and the variants rule out,
        and "over" only when the end condition holds: its Position's `problems`."""
        return self.game.position.problems(self, field)

    def check_position(self, field: str) -> None:
        """The first of `problems()` as an InputError."""
        found = self.problems(field)
        if found:
            raise found[0]

    def to_json(self) -> dict:
        data = self._to_json()
        data["options"] = dict(self.options)
        return data

    def _to_json(self) -> dict:
        return self.game.position.write(self)

    def copy(self) -> "State":
        new = object.__new__(type(self))
        target = new.__dict__
        shared, transient = self._shared, self._transient
        for key, value in self.__dict__.items():
            if key in shared:
                target[key] = value
            elif key not in transient:
                target[key] = clone(value)
        return new

    # -- play ---------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        raise NotImplementedError

    @property
    def player_count(self) -> int:
        raise NotImplementedError

    def legal_actions(self) -> list[dict]:
        raise NotImplementedError

    def has_legal_action(self) -> bool:
        """Whether the player to move has any legal action (a game whose move search is wide may
        answer without listing them all)."""
        return bool(self.legal_actions())

    def check(self, action) -> Verdict:
        """The one dispatcher: format (InputError), game over, whose turn, phase, then the rule."""
        self.game.check_action_format(action, self.player_count)
        kind = action["type"]
        if self.is_over():
            return self._no("game-over", *self.end_rules, about=("state.phase",), precondition=True)
        if "player" in action and action["player"] != self.current_player:
            return self._no(
                "not-your-turn",
                *self.turn_rules(kind),
                about=("action.player",),
                precondition=True,
                player=seat_words(action["player"] + 1),
                current=seat_words(self.current_player + 1),
            )
        if not self.phase_allows(kind):
            return self.wrong_phase(kind)
        found = getattr(self, "_check_" + kind.replace("-", "_"))(action)
        if type(found) is GeneratorType:
            return self._every_reason(found)
        return found

    def _every_reason(self, verdicts) -> Verdict:
        """A `_check_<type>` written as a generator yields the verdict of each rule the action breaks,
        or, when it breaks none, the legal verdict (a precondition that makes the later checks
        meaningless yields, then returns). The verdict holds them all, the first as its headline; while
        `legal_actions` asks only legal or not, the first is enough."""
        if self._quick:
            first = next(verdicts)
            verdicts.close()
            return first
        found = list(verdicts)
        if len(found) == 1:
            return found[0]
        return Verdict.combine([v for v in found if not v.legal])

    def _ok(self, reason: str, *rules: str, **params) -> Verdict:
        """A legal verdict: why (a code of the game's catalog) and the rules that allow it."""
        if self._quick:
            return Quick(True, reason, rules)
        return self.game.verdict(True, reason, rules, **params)

    def _no(self, reason: str, *rules: str, **params) -> Verdict:
        """An illegal verdict: why and the rules that forbid it. Besides the message's parameters it
        takes `about` (the fields it concerns), `precondition` and `fix` (engine/core/verdict.py)."""
        if self._quick:
            return Quick(False, reason, rules)
        return self.game.verdict(False, reason, rules, **params)

    # -- phases: from the game's phases as data (engine/core/position.py, `Phase`), where it has them;
    # a game without overrides these. The position's phase is its field `phase`.
    def phase_allows(self, kind: str) -> bool:
        phases = self.game.position.by_name
        if not phases:
            return True
        phase = phases.get(self.phase)
        return phase is None or kind in phase.actions

    def turn_rules(self, kind: str) -> tuple[str, ...]:
        """The rules that say whose turn it is (cited by "not-your-turn"): the action's own, where its
        phase names them (`Phase.own_turn_rules`), else the phase's turn order's."""
        position = self.game.position
        phase = position.phase(getattr(self, "phase", None))
        if phase is None:
            raise NotImplementedError
        own = position.phase_of(kind)
        return (own and own.turn_rules_of(kind)) or phase.order(self.options)[1]

    def wrong_phase(self, kind: str) -> Verdict:
        """An action of another phase: its phase's refusal, naming the phase it is now."""
        position = self.game.position
        allowing, now = position.phase_of(kind), position.phase(getattr(self, "phase", None))
        if allowing is None or now is None or not allowing.refusal:
            raise NotImplementedError
        code, *rules = allowing.refusal
        return self._no(code, *rules, about=("state.phase",), precondition=True, phase=self.game.catalog.both(now.title))

    def apply(self, action) -> "State":
        verdict = self.check(action)
        if not verdict.legal:
            raise IllegalAction(verdict)
        nxt = self.copy()
        nxt._apply(action)
        return nxt

    def _apply(self, action: dict) -> None:
        """Carries out a legal action on this (fresh) copy: its `_apply_<type>`. A game that keeps
        something around every action (a turn's record, its dice) wraps this."""
        getattr(self, "_apply_" + action["type"].replace("-", "_"))(action)

    end_rules: tuple[str, ...] = ()

    def is_over(self) -> bool:
        raise NotImplementedError

    def scores(self) -> list[int]:
        raise NotImplementedError

    def score_details(self) -> list[dict] | None:
        return None

    def winners(self) -> list[int]:
        raise NotImplementedError

    def describe(self, action: dict, lang: str) -> str:
        """A one-line description of a well-formed action (one that passed `check`'s format), for
        logs, buttons and the case editor. Malformed input never gets this far."""
        return self._describe(action, lang)

    def _describe(self, action: dict, lang: str) -> str:
        raise NotImplementedError
