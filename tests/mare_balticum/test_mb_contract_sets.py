"""MB-13.2: at the end the players with a contract decide („eldöntik”) how many sets they set
aside. It is a step of the game: after the last turn, the contracts phase asks each holder who has
not stated it ("fulfil"), in seat order, and the game is over once all have. A position may state
it in advance once the last round is known ("contract_sets"). Both answers have a case
(docs/mare-balticum/cases/mb-contract-sets-aside.json, mb-contract-sets-sell.json)."""

import copy

from ._mb import CASES, GAME, load_json


def case(name):
    return load_json(CASES, name + ".json")


def test_the_stated_sets_decide_the_score_and_the_tie():
    aside, sell = case("mb-contract-sets-aside"), case("mb-contract-sets-sell")
    s_aside, s_sell = GAME.from_json(aside["state"]), GAME.from_json(sell["state"])
    assert s_aside.score_details()[0]["contract"] == 14 and s_sell.score_details()[0]["contract"] == 0
    assert s_aside.scores()[0] == s_sell.scores()[0] == 14
    assert s_aside.check(aside["action"]).reason == "ok-end-turn-last-tie-won"
    assert s_sell.check(sell["action"]).reason == "ok-end-turn-last-tie-shared"
    # left out: the last turn leads to the contracts phase, where player 1 decides by a move
    undecided = copy.deepcopy(sell["state"])
    del undecided["players"][0]["contract_sets"]
    s = GAME.from_json(undecided)
    assert s.check(sell["action"]).reason == "ok-end-turn-last-contracts"
    s = s.apply(sell["action"])
    assert s.phase == "contracts" and s.current_player == 0 and not s.is_over()
    assert [a["sets"] for a in s.legal_actions()] == [0, 1, 2]
    assert s.check({"type": "fulfil", "sets": 3}).reason == "fulfil-too-many"
    assert s.check({"type": "fulfil", "sets": 2}).reason == "ok-fulfil-last-tie-won"
    assert s.check({"type": "fulfil", "sets": 0}).reason == "ok-fulfil-last-tie-shared"
    done = s.apply({"type": "fulfil", "sets": 0})
    assert done.is_over() and done.contract_sets[0] == 0


def test_the_stated_sets_round_trip_and_are_written_only_when_stated():
    data = case("mb-contract-sets-sell")["state"]
    out = GAME.from_json(data).to_json()
    assert out["players"][0]["contract_sets"] == 0 and "contract_sets" not in out["players"][1]
    assert GAME.from_json(out).to_json() == out


def problems_of(data):
    return {(e.code, e.field) for e in GAME.problems(data)}


def test_a_stated_decision_that_cannot_be_is_named():
    base = case("mb-contract-sets-aside")["state"]
    over = copy.deepcopy(base)
    over["players"][0]["contract_sets"] = 3  # the warehouse makes up 2 sets
    found = GAME.problems(over)
    assert [e.code for e in found] == ["mb-contract-sets-over"]
    assert "only 2 full sets, so 3 cannot" in found[0].message["en"]
    early = copy.deepcopy(base)
    early.update(time_track=5, end_round=None)
    early["players"][0]["market"].pop("cod")
    early["players"][1]["market"].pop("cod")
    early["players"][2]["market"].pop("cod")
    assert ("mb-contract-sets-early", "state.players[0].contract_sets") in problems_of(early)
    none = copy.deepcopy(base)
    none["players"][1]["contract_sets"] = 0  # player 2 holds no contract
    assert problems_of(none) == {("mb-contract-sets-no-contract", "state.players[1].contract_sets")}


def test_taking_another_contract_drops_the_sets_stated_for_the_old_one():
    data = copy.deepcopy(case("mb-contract-sets-aside")["state"])
    data.update(round=5, turn=0, end_round=6)  # the final round is next: player 1 still plays
    s = GAME.from_json(data)
    after = s.apply({"type": "contract", "card": "c2"})
    assert after.contract_sets[0] is None and s.contract_sets[0] == 2
    assert GAME.problems(after.to_json()) == []


def test_the_editor_lets_the_player_state_the_sets():
    from widgets.render import render_output

    spec = {"game": "mare-balticum", "widget": "editor", "state": case("mb-contract-sets-aside")["state"]}
    html = render_output(spec, {"lang": "en", "base": "/"})
    assert "Contract sets set aside (MB-13.2)" in html and "not stated yet (the game asks at the end)" in html
    spec["cmd"] = {"op": "set", "path": ["players", 0, "contract_sets"], "value": 0}
    html = render_output(spec, {"lang": "en", "base": "/"})
    assert 'data-valid="true"' in html and "&quot;contract_sets&quot;:0" in html
