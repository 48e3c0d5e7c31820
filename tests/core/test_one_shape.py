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


# -- the one Position interface (engine/core/position.py) --------------------------------------------
# Every game hands its Game a Position of its own (the Game's `position=` is required).


def reachable(game, n=4):
    """A few positions from seeded random play, the setup's among them."""
    from engine.core import Rng

    out = []
    for seed in range(n):
        state, rng = game.new(game.players[0] + seed % (game.players[1] - game.players[0] + 1), seed), Rng(seed)
        for step in range(60):
            if step % 15 == 0:
                out.append(state)
            if state.is_over():
                break
            state = state.apply(rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("gid", GAMES)
def test_the_core_builds_the_state_from_what_the_position_reads(gid):
    import json

    game = load_game(gid)
    position = game.position
    for state in reachable(game):
        data = json.loads(json.dumps(state.to_json()))
        written = position.write(state)
        assert {**written, "options": state.options} == data  # the core adds only the options
        fields = position.read(data, "state", state.options)
        assert isinstance(fields, dict) and "game" not in fields and "options" not in fields
        again = game.state_class(game, state.options, fields)
        assert again.to_json() == data and position.problems(again, "state") == []
    # the state's own storage is its fields: no second home, no `d`
    assert all(name not in vars(type(state)) for name in ("load", "_to_json", "problems", "d"))


@pytest.mark.parametrize("gid", GAMES)
def test_the_lenient_read_takes_any_json(gid):
    game = load_game(gid)
    state = game.new(game.players[0], 1)
    drafts = [None, [], {}, "x", 3, {"players": []}, {k: None for k in state.to_json()}, {k: [] for k in state.to_json()}]
    drafts += [state.to_json()]
    for draft in drafts:
        assert isinstance(game.position.lenient(draft), dict)


@pytest.mark.parametrize("gid", GAMES)
def test_every_problem_s_fix_is_one_of_the_game_s_editing_operations(gid):
    """Fixes name operations the Position declares (or "set", a field), and each operation is a
    function of the game's editing module taking the draft first."""
    from engine.core import Fix

    game = load_game(gid)
    module = game.position.operations()
    for op in game.position.edits:
        function = getattr(module, op)
        assert callable(function) and list(inspect.signature(function).parameters)[0] == "draft", op
    seen = 0
    for state in reachable(game):
        data = state.to_json()
        for key, value in data.items():  # every field of the position emptied, one at a time
            if key == "options":
                continue
            broken = {**data, key: [] if isinstance(value, list) else 0 if isinstance(value, int) else value}
            for problem in game.problems(broken):
                if problem.fix is not None:
                    seen += 1
                    assert isinstance(problem.fix, Fix) and problem.fix.op in game.position.edits + ("set",)
                    assert problem.fix.message["en"] and problem.fix.message["hu"]
    assert seen


@pytest.mark.parametrize("gid", GAMES)
def test_the_phases_are_declared_once_as_data(gid):
    """Every phase the format allows is declared, every action type belongs to a phase, and the core
    checks the phase from them (the game does not say it again in code)."""
    game = load_game(gid)
    cls = game.state_class
    names = [p.name for p in game.phases]
    assert sorted(names) == sorted(game.state_schema.data["properties"]["phase"]["enum"])
    kinds = set(game.action_schema.types)
    assert kinds <= {k for p in game.phases for k in p.actions}
    assert all(p.refusal for p in game.phases if p.actions)
    assert (cls.phase_allows, cls.wrong_phase) == (State.phase_allows, State.wrong_phase)


@pytest.mark.parametrize("gid", GAMES)
def test_every_verdict_goes_through_ok_and_no(gid):
    """No verdict is built past the core's `_ok` and `_no` (which know the quick mode and every reason)."""
    import re

    sources = "".join(inspect.getsource(m) for m in modules(load_game(gid)))
    assert re.findall(r"\.(?:verdict|illegal)\(|Verdict\.make|Verdict\(", sources) == []
    assert re.findall(r"\.d\[|\.d\.get\(", sources) == []


@pytest.mark.parametrize("gid", GAMES)
def test_a_hand_written_copy_has_a_benchmark_beside_it(gid):
    import os

    cls = load_game(gid).state_class
    if cls.copy is State.copy:
        return
    bench = os.path.join(os.path.dirname(__file__), "..", "..", "bench")
    texts = "".join(open(os.path.join(bench, f), encoding="utf-8").read() for f in os.listdir(bench) if f.endswith(".py"))
    assert f"{cls.__name__}.copy" in texts, "a hand-written copy stays only with the benchmark that shows it pays"
