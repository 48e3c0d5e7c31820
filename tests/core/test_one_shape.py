"""The five games use the same names for the same jobs below the contract (engine/core/game.py,
`State`): a state keeps each field of its position as an attribute of the same name, is built as
`cls(game, options, …)`, `initial` and `load` construct it, `_ok` and `_no` (the core's, once) build
its verdicts, `_apply` dispatches each action type to its `_apply_<type>`, and `copy` clones it with
the core's `clone`."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

from engine import game_ids, load_game
from engine.core import State, clone
from engine.core.game import Quick

GAMES = game_ids()


def package(game):
    return importlib.import_module(game.state_class.__module__.rpartition(".")[0])


def modules(game):
    pkg = package(game)
    return [importlib.import_module(f"{pkg.__name__}.{m.name}") for m in pkgutil.iter_modules(pkg.__path__)]


@pytest.mark.parametrize("gid", GAMES)
def test_the_constructor_and_loaders_have_the_core_s_signatures(gid):
    cls = load_game(gid).state_class
    assert list(inspect.signature(cls.__init__).parameters)[:3] == ["self", "game", "options"]
    for name in ("initial", "load"):
        assert list(inspect.signature(getattr(cls, name)).parameters) == list(
            inspect.signature(getattr(State, name)).parameters
        ), name


@pytest.mark.parametrize("gid", GAMES)
def test_a_state_keeps_its_position_s_fields_as_attributes(gid):
    """What the JSON calls `turn` the state calls `self.turn` (a game may derive or rename a few, such
    as a count kept as a list, but most of its fields are attributes of the same name)."""
    game = load_game(gid)
    state = game.new(game.players[0], 3)
    data = {k: v for k, v in state.to_json().items() if k not in ("options", "game")}
    kept = [k for k in data if k in vars(state)]
    assert len(kept) >= len(data) * 2 // 3, sorted(set(data) - set(kept))
    assert "d" not in vars(state)  # no second home for the position


@pytest.mark.parametrize("gid", GAMES)
def test_verdicts_are_built_by_the_core_s_helpers(gid):
    cls = load_game(gid).state_class
    assert (cls._ok, cls._no) == (State._ok, State._no)


@pytest.mark.parametrize("gid", GAMES)
def test_every_action_type_is_checked_and_applied_by_its_own_method(gid):
    game = load_game(gid)
    cls = game.state_class
    names = [t.replace("-", "_") for t in game.action_schema.types]
    assert [n for n in names if not callable(getattr(cls, "_check_" + n, None))] == []
    # an action a player may ask about that the rules never allow (its check has no `_ok`) has
    # nothing to carry out
    can_be_legal = [n for n in names if "_ok(" in inspect.getsource(getattr(cls, "_check_" + n))]
    assert [n for n in names if not callable(getattr(cls, "_apply_" + n, None)) and n in can_be_legal] == []
    # the dispatch is the core's: a game wraps it (its turn's record), never writes its own
    if cls._apply is not State._apply:
        assert "super()._apply(action)" in inspect.getsource(cls._apply)
    assert [n for n in dir(cls) if n.startswith("_do_")] == []


@pytest.mark.parametrize("gid", GAMES)
def test_a_game_has_no_clone_or_verdict_helpers_of_its_own(gid):
    game = load_game(gid)
    own = [
        f"{m.__name__}.{name}"
        for m in modules(game)
        for name, value in vars(m).items()
        if name.strip("_").lower() in ("clone", "copy", "deep_clone", "copy_json", "quick", "probe")
        and value is not clone
        and value is not Quick
    ]
    assert own == []


@pytest.mark.parametrize("gid", GAMES)
def test_listing_legal_actions_leaves_verdicts_whole(gid):
    """`_quick` is on only while legal_actions() runs: a check afterwards has its messages."""
    game = load_game(gid)
    state = game.new(game.players[0], 2)
    actions = state.legal_actions()
    assert actions and not state._quick
    verdict = state.check(actions[0])
    assert verdict.legal and verdict.message["en"] and not isinstance(verdict, Quick)
    after = state.apply(actions[0])
    assert type(after) is type(state) and after.to_json() != state.to_json()
