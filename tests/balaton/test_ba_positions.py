"""The format and the invariants: impossible positions and malformed actions are refused with an
InputError naming the offending field; rule questions (a move of 13, a third reroll) get verdicts;
positions reached by play survive a JSON round trip."""

import copy
import json

import pytest

from engine.core import InputError, Rng
from tests.edits import DELETE, put

from .ba_helpers import GAME, verdict

FULL = {"back": 2, "plane": 1, "ferry": 1, "ship": 1}

# Blue (seat 0) has just landed in Tihany with a back card; ports and ships as play can leave them.
BASE = {
    "players": 3,
    "options": {},
    "money": [7, 10, 4],
    "pos": ["tihany-2", "f12", "almadi"],
    "cards": [dict(FULL, back=1), dict(FULL), dict(FULL)],
    "ports": {"tihany": [0, 1], "fured": [0], "almadi": [2], "siofok": [2]},
    "ships": {"g-east": {"tihany": [2, 0, 0]}, "l-almadi": {"almadi": [0, 0, 1]}},
    "turn": 0,
    "actor": 0,
    "phase": "land",
    "dice": [2, 3],
    "rerolls": 1,
    "step": {
        "crossed": False,
        "bumped": False,
        "bought": False,
        "income": False,
        "subsidy": False,
        "sub": False,
        "card": "back",
        "landed": "tihany",
    },
    "winner": -1,
    "rng": "0123456789abcdef",
}
FRESH = {
    "crossed": False,
    "bumped": False,
    "bought": False,
    "income": False,
    "subsidy": False,
    "sub": False,
    "card": "",
    "landed": "",
}


def mutate(**changes):
    """BASE with top-level fields replaced; a dotted key ("step.bought") sets a nested field; None deletes."""
    data = copy.deepcopy(BASE)
    for key, value in changes.items():
        path = [int(p) if p.isdigit() else p for p in key.split(".")]
        put(data, path, DELETE if value is None else value)
    return data


def _roll_phase(**more):
    return mutate(**dict({"phase": "roll", "dice": [], "rerolls": 0, "step": dict(FRESH)}, **more))


def _move_phase(**more):
    return mutate(**dict({"phase": "move", "rerolls": 0, "step": dict(FRESH)}, **more))


def _over(**more):
    return mutate(**dict({"phase": "over", "winner": 0, "money": [20, 10, 4], "step": dict(BASE["step"], income=True)}, **more))


# (what, position, field, code)
IMPOSSIBLE = [
    # unknown keys at every depth
    ("misspelt rerolls", mutate(rerols=2), "state.rerols", "field-unknown"),
    ("unknown step flag", mutate(**{"step.crosed": True}), "state.step.crosed", "field-unknown"),
    ("unknown option", mutate(options={"coinscale": 10}), "state.options.coinscale", "field-unknown"),
    ("unknown card", mutate(**{"cards.1.joker": 1}), "state.cards[1].joker", "field-unknown"),
    ("unknown settlement", mutate(**{"ports.atlantis": [0]}), "state.ports.atlantis", "field-unknown"),
    ("unknown lake field", mutate(**{"ships.l-nowhere": {}}), "state.ships.l-nowhere", "field-unknown"),
    (
        "ships from a port not next to the field",
        mutate(**{"ships.g-east.almadi": [0, 0, 1]}),
        "state.ships.g-east.almadi",
        "field-unknown",
    ),
    # wrong types and missing fields
    ("money as text", mutate(**{"money.1": "10"}), "state.money[1]", "field-type"),
    ("money as a float", mutate(**{"money.0": 7.0}), "state.money[0]", "field-type"),
    ("players as text", mutate(players="3"), "state.players", "field-type"),
    ("a flag as a number", mutate(**{"step.bought": 1}), "state.step.bought", "field-type"),
    ("no phase", mutate(phase=None), "state.phase", "field-missing"),
    ("no pawns", mutate(pos=None), "state.pos", "field-missing"),
    ("a card missing", mutate(**{"cards.2.ship": None}), "state.cards[2].ship", "field-missing"),
    ("unknown phase", mutate(phase="lunch"), "state.phase", "field-value"),
    ("unknown track field", mutate(**{"pos.1": "f99"}), "state.pos[1]", "field-value"),
    ("unknown option value", mutate(options={"coin_scale": 5}), "state.options.coin_scale", "field-value"),
    ("bad rng", mutate(rng="xyz"), "state.rng", "field-format"),
    ("a die showing 7", mutate(dice=[7, 1]), "state.dice[0]", "field-range"),
    ("seven players", mutate(players=7), "state.players", "field-range"),
    ("one player", mutate(players=1), "state.players", "field-range"),
    ("negative money", mutate(**{"money.0": -3}), "state.money[0]", "field-range"),
    ("not an object", [BASE], "state", "field-type"),
    ("two ports of one player in one settlement", mutate(**{"ports.tihany": [0, 0]}), "state.ports.tihany", "field-duplicate"),
    # one entry per seat, seats at this table
    ("money of two players", mutate(money=[7, 10]), "state.money", "field-count"),
    ("pawns of four players", mutate(pos=["tihany-2", "f12", "almadi", "f01"]), "state.pos", "field-count"),
    ("ships of two players", mutate(**{"ships.g-east.tihany": [2, 0]}), "state.ships.g-east.tihany", "field-count"),
    ("turn of seat 4", mutate(turn=3), "state.turn", "field-range"),
    ("actor of seat 6", mutate(actor=5), "state.actor", "field-range"),
    ("a port of seat 4", mutate(**{"ports.almadi": [2, 3]}), "state.ports.almadi[1]", "field-range"),
    ("winner seat 4", _over(winner=3), "state.winner", "field-range"),
    # components: the hand of five cards, ships only where a purchase can put them
    ("three back cards", mutate(**{"cards.0.back": 3}), "state.cards[0].back", "field-range"),
    ("a used card still in the hand", mutate(**{"cards.0.back": 2}), "state.step.card", "pos-card-used"),
    (
        "six ships of one player on a field",
        mutate(**{"ships.g-east.tihany": [6, 0, 0]}),
        "state.ships.g-east.tihany[0]",
        "pos-ships-closure",
    ),
    (
        "four ships on a field from two ports",
        mutate(**{"ships.g-east.fured": [2, 0, 0]}),
        "state.ships.g-east.fured[0]",
        "pos-ships-closure",
    ),
    (
        "two players with three ships on one field",
        mutate(**{"ports.fured": [0, 1], "ships.g-east.tihany": [3, 3, 0]}),
        "state.ships.g-east.tihany[1]",
        "pos-ships-closure",
    ),
    (
        "a ship without a port",
        mutate(**{"ships.l-almadi.almadi": [0, 1, 1]}),
        "state.ships.l-almadi.almadi[1]",
        "pos-ship-no-port",
    ),
    (
        "a ship without a second port on its route",
        mutate(**{"ports.siofok": None}),
        "state.ships.l-almadi.almadi[2]",
        "pos-ship-no-route",
    ),
    ("the pawn to act on an arrow field", mutate(**{"pos.0": "tihany-1"}), "state.pos[0]", "pos-arrow"),
    (
        "a pawn on an arrow field where arrows move pawns on",
        mutate(options={"bumped_pawn": "arrow"}, **{"pos.1": "siofok-1"}),
        "state.pos[1]",
        "pos-arrow",
    ),
    # money and the end of the game (BA-2.2)
    ("25 Ft and no winner", mutate(**{"money.2": 25}), "state.money[2]", "pos-goal-not-over"),
    (
        "200 Ft at ten-fold coins and no winner",
        mutate(options={"coin_scale": 10}, money=[70, 100, 200]),
        "state.money[2]",
        "pos-goal-not-over",
    ),
    ("over without a winner", mutate(phase="over"), "state.winner", "pos-winner"),
    ("a winner while the game runs", mutate(winner=1), "state.winner", "pos-winner"),
    ("over below the goal", _over(money=[19, 10, 4]), "state.money[0]", "pos-over-no-goal"),
    ("over with a second player at the goal", _over(money=[20, 21, 4]), "state.money[1]", "pos-goal-not-over"),
    ("over without income or subsidy", _over(step=dict(BASE["step"])), "state.step", "pos-over-how"),
    ("won by a player not acting", _over(winner=1, money=[7, 20, 4]), "state.winner", "pos-over-how"),
    # phases: dice after the roll, events after the move
    ("dice before the roll", _roll_phase(dice=[1, 2]), "state.dice", "pos-dice"),
    ("one die", _move_phase(dice=[4]), "state.dice", "pos-dice"),
    ("a move without dice", _move_phase(dice=[]), "state.dice", "pos-dice"),
    ("a reroll before the roll", _roll_phase(rerolls=1), "state.rerolls", "pos-phase"),
    ("a third reroll", _move_phase(rerolls=3), "state.rerolls", "field-range"),
    ("a purchase before the move", _move_phase(**{"step.bought": True}), "state.step.bought", "pos-phase"),
    ("a card before the move", _roll_phase(**{"step.card": "back"}), "state.step.card", "pos-phase"),
    ("out of turn", mutate(actor=1), "state.actor", "pos-actor"),
    ("a moved pawn's landing under the default reading", mutate(actor=1, **{"step.sub": True}), "state.step.sub", "pos-sub"),
    # the step agrees with where the pawn stands
    ("landed elsewhere", mutate(**{"step.landed": "siofok"}), "state.step.landed", "pos-landed"),
    ("on a settlement without landing", mutate(**{"step.landed": ""}), "state.step.landed", "pos-landed"),
    ("crossed to a field no ferry reaches", mutate(**{"step.crossed": True, "step.landed": ""}), "state.pos[0]", "pos-crossed"),
    ("bumped on a settlement", mutate(**{"step.bumped": True}), "state.step.bumped", "pos-step-where"),
    (
        "bought without a port here",
        mutate(**{"pos.0": "fonyod", "step.landed": "fonyod", "step.bought": True}),
        "state.step.bought",
        "pos-step-where",
    ),
    (
        "subsidy in a one-field settlement",
        mutate(**{"pos.0": "revfulop", "step.landed": "revfulop", "step.subsidy": True}),
        "state.step.subsidy",
        "pos-step-where",
    ),
    ("income and a purchase", mutate(**{"step.income": True, "step.bought": True}), "state.step.income", "pos-step-both"),
    (
        "the ship card without a ship",
        mutate(**{"step.card": "ship", "cards.0": dict(FULL, ship=0)}),
        "state.step.card",
        "pos-step-both",
    ),
]


@pytest.mark.rules("BA-2.1", "BA-2.2", "BA-3.2", "BA-5.2", "BA-6.1", "BA-6.4", "BA-8.2", "BA-10.1")
@pytest.mark.parametrize("what,data,field,code", IMPOSSIBLE, ids=[row[0] for row in IMPOSSIBLE])
def test_impossible_positions_are_refused(what, data, field, code):
    found = GAME.problems(data)
    assert (field, code) in [(err.field, err.code) for err in found]
    assert all(err.message["hu"] and err.message["en"] for err in found)
    with pytest.raises(InputError) as err:  # from_json refuses with the first of them
        GAME.from_json(data)
    assert (err.value.field, err.value.code) == (found[0].field, found[0].code)


POSSIBLE = [
    ("the base position", BASE),
    (
        "four ships on a green field from two ports, closure per port",
        mutate(options={"closure_scope": "port"}, **{"ships.g-east.fured": [2, 0, 0]}),
    ),
    ("the game won by income", _over()),
    ("a pawn left on an arrow field by another player", mutate(**{"pos.1": "siofok-1"})),
    (
        "a moved pawn's landing",
        mutate(options={"bumped_pawn": "landing"}, actor=2, **{"pos.2": "siofok-3"}, step=dict(FRESH, sub=True)),
    ),
    ("landing left out: the pawn's settlement", mutate(**{"step.landed": None})),
]


@pytest.mark.parametrize("what,data", POSSIBLE, ids=[row[0] for row in POSSIBLE])
def test_possible_positions_load_and_round_trip(what, data):
    state = GAME.from_json(data)
    assert GAME.from_json(state.to_json()).to_json() == state.to_json()


# (what, action, field, code) on BASE: a 3-player table, seats 0..2
MALFORMED = [
    ("not an object", "roll", "action", "field-type"),
    ("null", None, "action", "field-type"),
    ("no type", {}, "action.type", "field-missing"),
    ("type not a string", {"type": 5}, "action.type", "field-type"),
    ("unknown type", {"type": "warp"}, "action.type", "unknown-action"),
    ("unknown field", {"type": "end-turn", "plyer": 0}, "action.plyer", "field-unknown"),
    ("steps missing", {"type": "move"}, "action.steps", "field-missing"),
    ("steps as text", {"type": "move", "steps": "3"}, "action.steps", "field-type"),
    ("steps as a float", {"type": "move", "steps": 3.0}, "action.steps", "field-type"),
    ("back as text", {"type": "move", "steps": 3, "back": "yes"}, "action.back", "field-type"),
    ("ticket null", {"type": "ferry", "ticket": None}, "action.ticket", "field-type"),
    ("card as a number", {"type": "ship", "card": 1}, "action.card", "field-type"),
    ("bump seat out of the table", {"type": "bump", "seat": 3, "to": "f01"}, "action.seat", "field-range"),
    ("bump seat negative", {"type": "bump", "seat": -1, "to": "f01"}, "action.seat", "field-range"),
    ("bump to an unknown field", {"type": "bump", "seat": 1, "to": "atlantis"}, "action.to", "field-value"),
    ("bump without target", {"type": "bump", "seat": 1}, "action.to", "field-missing"),
    ("player out of the table", {"type": "end-turn", "player": 3}, "action.player", "field-range"),
    ("player as text", {"type": "end-turn", "player": "0"}, "action.player", "field-type"),
    ("a reroll with a count", {"type": "reroll", "times": 2}, "action.times", "field-unknown"),
    ("a flight with a destination", {"type": "fly", "to": "siofok-3"}, "action.to", "field-unknown"),
]


@pytest.mark.parametrize("what,action,field,code", MALFORMED, ids=[row[0] for row in MALFORMED])
def test_malformed_actions_raise_input_error(what, action, field, code):
    state = GAME.from_json(BASE)
    with pytest.raises(InputError) as err:
        state.check(action)
    assert (err.value.field, err.value.code) == (field, code)


# -- rulings -------------------------------------------------------------------------------


@pytest.mark.rules("BA-3.1")
@pytest.mark.parametrize("steps", [13, 0, -2, 1, 9])
def test_steps_the_dice_cannot_give_are_a_verdict(steps):
    # "may I move 13?" is a rule question: two dice (here 2 and 5) give 2, 5 or 7
    state = GAME.from_json(_move_phase(dice=[2, 5]))
    assert verdict(state, {"type": "move", "steps": steps}) == (False, "steps-not-rolled", ("BA-3.1",))
    assert "2, 5, 7" in state.check({"type": "move", "steps": steps}).message["en"]


@pytest.mark.rules("BA-3.2")
def test_third_reroll_is_a_verdict_and_a_misspelt_counter_is_refused():
    state = GAME.from_json(_move_phase(rerolls=2))
    assert verdict(state, {"type": "reroll"}) == (False, "reroll-limit", ("BA-3.2",))
    with pytest.raises(InputError):  # it used to load with the counter at 0, allowing the third reroll
        GAME.from_json(_move_phase(rerols=2))


@pytest.mark.rules("BA-2.3", "BA-4.2")
def test_seats_in_messages_count_from_one():
    state = GAME.from_json(mutate(**{"pos.1": "f12", "pos.0": "f12", "step.landed": ""}))
    v = state.check({"type": "end-turn", "player": 1})
    assert (v.legal, v.reason, v.rules) == (False, "not-your-turn", ("BA-2.3",))
    assert "2." in v.message["hu"] and "1" in v.message["hu"] and "2" in v.message["en"]
    v = state.check({"type": "bump", "seat": 2, "to": "f01"})  # seat 2 stands in Almádi, not here
    assert v.reason == "bump-no-pawn" and "3." in v.message["hu"] and "player 3" in v.message["en"].lower()
    assert "A(z)" not in v.message["hu"]
    assert state.describe({"type": "bump", "seat": 0, "to": "f01"}, "hu").startswith("Az 1. játékos")
    assert state.describe({"type": "bump", "seat": 1, "to": "f01"}, "hu").startswith("A 2. játékos")
    # your own pawn is well-formed: the rule says no
    assert verdict(state, {"type": "bump", "seat": 0, "to": "f01"})[:2] == (False, "bump-no-pawn")


@pytest.mark.rules("BA-4.2", "BA-2.3")
def test_the_moved_pawns_owner_acts_out_of_turn():
    state = GAME.from_json(POSSIBLE[4][1])
    assert state.current_player == 2
    v = state.check({"type": "port", "player": 0})
    assert (v.reason, v.rules) == ("not-your-turn", ("BA-2.3", "BA-4.2"))
    assert state.check({"type": "end-turn", "player": 2}).legal


def test_scores_are_integers_per_seat():
    state = GAME.from_json(BASE)
    assert state.scores() == [7, 10, 4] and all(type(x) is int for x in state.scores())
    assert state.score_details() is None


# -- round trips of positions reached by play ------------------------------------------------

OPTION_SETS = [
    {},
    {
        "coin_scale": 10,
        "closure_scope": "port",
        "bumped_pawn": "landing",
        "crossing_lands": False,
        "subsidy_then_buy": False,
        "empty_route_field": "tie",
    },
    {"bumped_pawn": "arrow"},
]


@pytest.mark.parametrize("opts", range(len(OPTION_SETS)))
def test_positions_reached_by_play_round_trip(opts):
    rng = Rng(opts + 11)
    for game in range(4):
        state = GAME.new(2 + (game + opts) % 5, seed=game, options=OPTION_SETS[opts])
        for count in range(400):
            if count % 7 == 0 or state.is_over():
                data = json.loads(json.dumps(state.to_json()))
                again = GAME.from_json(data)
                assert again.to_json() == state.to_json()
                assert again.legal_actions() == state.legal_actions()
            if state.is_over():
                break
            state = state.apply(rng.choice(state.legal_actions()))


def test_own_copy_matches_the_core_copy():
    # BalatonState.copy is the core's clone written out for speed: same attributes, same values
    from engine.core.game import State

    state = GAME.new(4, seed=2)
    rng = Rng(5)
    for _ in range(120):
        if state.is_over():
            break
        ours, core = state.copy(), State.copy(state)
        assert set(ours.__dict__) == set(core.__dict__) and ours.to_json() == core.to_json()
        assert ours.money is not state.money and ours.step is not state.step
        state = state.apply(rng.choice(state.legal_actions()))


def test_schema_ids_follow_the_board():
    # the schemas list the board's ids as enums; a changed board.json needs them regenerated
    from engine.balaton.board import BOARD

    state, action = GAME.state_schema.data["properties"], GAME.action_schema._branches
    assert state["pos"]["items"]["enum"] == BOARD.track
    assert list(state["ports"]["properties"]) == BOARD.settlements
    assert {lid: list(v["properties"]) for lid, v in state["ships"]["properties"].items()} == {
        lid: ports for lid, ports in BOARD.ports_on.items() if ports
    }
    assert state["step"]["properties"]["landed"]["enum"] == [""] + BOARD.settlements
    assert action["bump"]["properties"]["to"]["enum"] == BOARD.track
    assert all("player" in branch["properties"] for branch in action.values())
