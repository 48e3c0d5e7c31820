"""Every reason (engine/core/verdict.py, `State.check`): a move that breaks several rules gets a
verdict naming each, the first being the headline (`reason`, `rules`, `message` as before). A game's
`_check_<type>` written as a generator yields the verdict of each rule broken (or the legal one); the
old form, one verdict returned, still works.

The contract, over every game: a move built to break two independent rules gets both. Each game
brings its example as `tests/<package>/reasons_scenario.py` (`case()`: a case whose `expect.reasons`
lists the codes); every game brings one.
"""

from __future__ import annotations

import json

import pytest

from engine import game_ids, load_game
from engine.cli import main
from engine.core import Verdict
from engine.core.cases import build_state, run_case
from engine.core.game import Quick
from engine.core.messages import LANGS
from engine.core.verdict import RULE_ID
from tests.conftest import game_tests

GAMES = game_ids()


def scenario(gid):
    return game_tests(gid, "reasons_scenario")


def test_every_game_brings_an_example():
    assert [g for g in GAMES if scenario(g) is None] == []


@pytest.mark.parametrize("gid", GAMES)
def test_a_move_that_breaks_two_rules_gets_both(gid):
    case = scenario(gid).case()
    _, state = build_state({k: v for k, v in case.items() if k not in ("action", "expect")})
    verdict = state.check(case["action"])
    codes = [r.code for r in verdict.reasons]
    expected = case["expect"]["reasons"]
    assert not verdict.legal and len(expected) >= 2
    assert set(expected) <= set(codes), codes
    # the headline is the first reason, as one verdict gave it before
    first = verdict.reasons[0]
    assert (verdict.reason, verdict.rules, verdict.message) == (first.code, first.rules, first.message)
    assert verdict.reason == case["expect"]["reason"]
    for reason in verdict.reasons:
        assert reason.rules and all(RULE_ID.match(r) for r in reason.rules), reason
        assert all(reason.message[lang] for lang in LANGS)
        assert all(f.startswith(("action", "state")) for f in reason.about), reason.about
    # two rules, not one rule said twice
    assert len({r.rules for r in verdict.reasons}) == len(verdict.reasons)
    assert run_case(case)["matches"] is True


@pytest.mark.parametrize("gid", GAMES)
def test_each_reason_says_what_it_is_about(gid):
    module = scenario(gid)
    case = module.case()
    _, state = build_state({k: v for k, v in case.items() if k not in ("action", "expect")})
    verdict = state.check(case["action"])
    about = {r.code: r.about for r in verdict.reasons}
    assert {code: about[code] for code in module.ABOUT} == module.ABOUT
    pre = [r for r in verdict.reasons if r.precondition]
    assert [r.code for r in pre] == [module.PRECONDITION]
    assert pre[0].fix is not None and pre[0].fix.message["en"]


@pytest.mark.parametrize("gid", GAMES)
def test_while_listing_legal_actions_the_first_reason_is_enough(gid):
    case = scenario(gid).case()
    _, state = build_state({k: v for k, v in case.items() if k not in ("action", "expect")})
    headline = state.check(case["action"]).reason
    state._quick = True  # as legal_actions() sets it
    try:
        quick = state.check(case["action"])
    finally:
        state._quick = False
    assert isinstance(quick, Quick) and not quick.legal and quick.reason == headline


@pytest.mark.parametrize("gid", GAMES)
def test_the_command_line_and_to_json_show_every_reason(gid, tmp_path, capsys):
    case = scenario(gid).case()
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert [r["code"] for r in shown["reasons"]][:1] == [shown["reason"]]
    assert set(case["expect"]["reasons"]) <= {r["code"] for r in shown["reasons"]}
    fixes = [r["fix"] for r in shown["reasons"] if "fix" in r]
    assert all(set(f) == {"op", "args", "message"} for f in fixes)


def test_a_verdict_of_one_reason_is_as_before():
    """A game's check in the old form (one verdict returned) still gives a whole verdict: its one
    reason is its headline, and its JSON keeps every field it had."""
    game = load_game(GAMES[0])
    verdict = game.illegal("game-over")
    assert verdict.reasons == (verdict.reasons[0],) and verdict.reasons[0].code == "game-over"
    assert {"legal", "rules", "reason", "message"} <= set(verdict.to_json())
    assert Verdict(False, (), "game-over", verdict.message) == verdict


def test_combining_takes_illegal_verdicts_only():
    game = load_game(GAMES[0])
    with pytest.raises(ValueError):
        Verdict.combine([game.verdict(True, "game-over", ())])
    with pytest.raises(ValueError):
        Verdict.combine([])
