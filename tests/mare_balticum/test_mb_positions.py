"""The engine contract for Mare Balticum: impossible positions and malformed actions are InputErrors
naming the offending field; well-formed moves the rules forbid are verdicts; the rulings of the
issue; positions reached by random play round-trip through JSON."""

import copy
import json

import pytest

from engine.core import InputError, Rng

from ._mb import DEMAND, FULL_MARKET, GAME, sea_tokens


def p(ships, **kw):
    return dict({"ships": ships}, **kw)


def late(**extra):
    """Round 2, player 1 to move, all six time tokens out: round 3 is the last."""
    data = {
        "round": 2,
        "turn": 0,
        "time_track": 6,
        "end_round": 3,
        "players": [
            p(["lubeck", "hano"], market=FULL_MARKET, vault=True),
            p(["stockholm", "archipelago", "west_gotland"], market=FULL_MARKET, vault=True),
            p(["riga"], market=FULL_MARKET, vault=True),
        ],
        "tokens": sea_tokens(empty=("pomerania",)),
        "demand": DEMAND,
    }
    data.update(extra)
    return data


def company(**extra):
    """The first time token was drawn while refilling the archipelago: three company choices to go."""
    data = {
        "phase": "company",
        "company_queue": [0, 1, 2],
        "refill": {"field": 4, "need": 1},
        "time_track": 0,
        "actions_taken": 3,
        "players": [p(["lubeck", "hano"], warehouse={"amber": 1}), p(["stockholm"]), p(["riga"])],
        "tokens": sea_tokens(empty=("archipelago", "stockholm", "pomerania")),
        "demand": DEMAND,
    }
    data.update(extra)
    return data


def setup(**extra):
    data = {"phase": "setup", "turn": 1, "players": [p(["gdansk"]), p([]), p([])], "tokens": sea_tokens(), "demand": DEMAND}
    data.update(extra)
    return data


def seat(data, i, **changes):
    """`data` with player i's entry changed."""
    data = copy.deepcopy(data)
    data["players"][i].update(changes)
    return data


def test_the_bases_are_valid():
    for data in (late(), company(), setup(), late(phase="over", round=3, turn=2)):
        GAME.from_json(data)


BAG = GAME.from_json(late()).to_json()["bag"]

IMPOSSIBLE = [
    # the findings
    ("three actions taken, a fourth would follow", late(actions_taken=3), "state.actions_taken"),
    ("more than three actions", late(phase="over", round=3, turn=2, actions_taken=4), "state.actions_taken"),
    (
        "a ship with no neighbour of its own",
        seat(late(), 1, ships=["stockholm", "archipelago", "riga"]),
        "state.players[1].ships",
    ),
    (
        "two pairs under the connected reading",
        dict(seat(late(), 0, ships=["lubeck", "hano", "oland", "slupsk"]), options={"fleet": "connected"}),
        "state.players[0].ships",
    ),
    ("an empty demand slot in the base game", late(demand=dict(DEMAND, gdansk=["herring", None])), "state.demand.gdansk[1]"),
    ("a contract with contracts off", seat(late(), 0, contract="c1"), "state.players[0].contract"),
    ("a refill at a port's index", company(refill={"field": 3, "need": 1}), "state.refill.field"),
    ("a refill past the last field", company(refill={"field": 27, "need": 1}), "state.refill.field"),
    ("a refill owing nothing", company(refill={"field": 4, "need": 0}), "state.refill.need"),
    ("a refill owing more than the area holds", company(refill={"field": 4, "need": 2}), "state.refill.need"),
    ("a refill at a full area", company(refill={"field": 2, "need": 1}), "state.refill.need"),
    ("a refill that passed an empty area", company(tokens=sea_tokens(empty=("archipelago", "aland"))), "state.tokens.aland"),
    (
        "a refill that passed an empty deep area",
        company(refill={"field": 21, "need": 1}, tokens=sea_tokens(empty=("sambia", "pomerania"))),
        "state.tokens.pomerania",
    ),
    ("over before the last turn", late(phase="over"), "state.phase"),
    ("over in the last round, before its last player", late(phase="over", round=3, turn=1), "state.phase"),
    ("over on a full bag (empty bag ends the game)", late(phase="over", options={"empty_bag": "end"}), "state.phase"),
    ("13 salmon in one warehouse", seat(late(), 0, warehouse={"salmon": 13}), "state.players[0].warehouse.salmon"),
    (
        "12 salmon in a warehouse, more on the board",
        seat(late(), 1, warehouse={"salmon": 12}),
        "state.players[1].warehouse.salmon",
    ),
    ("too many cod discarded", late(discarded={"cod": 13}), "state.discarded.cod"),
    ("a bag one cod too many", late(bag=dict(BAG, cod=BAG["cod"] + 1)), "state.bag.cod"),
    ("a bag one amber short", late(bag=dict(BAG, amber=BAG["amber"] - 1)), "state.bag.amber"),
    ("a time token in the bag after the sixth", late(bag=dict(BAG, time=1)), "state.bag.time"),
    ("seven time tokens on the track", late(time_track=7), "state.time_track"),
    ("ships on board + supply are not the box's", seat(late(), 0, supply=1), "state.players[0].supply"),
    (
        "more ships than a player has",
        seat(late(), 0, ships=["lubeck", "hano", "pomerania", "bornholm", "slupsk", "oland"]),
        "state.players[0].ships",
    ),
    ("two own ships on one field", seat(late(), 0, ships=["lubeck", "lubeck"]), "state.players[0].ships"),
    ("a hold of six", seat(late(), 0, hold={"cod": 6}), "state.players[0].hold"),
    ("three tokens on a deep area", late(tokens=dict(sea_tokens(), bornholm=["cod", "cod", "cod"])), "state.tokens.bornholm"),
    ("two alike demand tokens in a port", late(demand=dict(DEMAND, gdansk=["cod", "cod"])), "state.demand.gdansk"),
    ("three cod demand tokens", late(demand=dict(DEMAND, visby=["cod"])), "state.demand.lubeck[0]"),
    ("a port with too many slots", late(demand=dict(DEMAND, visby=["cod", "salmon"])), "state.demand.visby"),
    ("six time tokens out, no final round", late(end_round=None), "state.end_round"),
    ("a final round far away", late(end_round=9), "state.end_round"),
    ("a round past the final round", late(round=4), "state.end_round"),
    ("a company phase without a queue", company(company_queue=[]), "state.company_queue"),
    ("a company queue out of turn order", company(company_queue=[1, 0, 2]), "state.company_queue"),
    ("a refill outside the company phase", late(refill={"field": 4, "need": 1}), "state.refill"),
    ("a company phase after the sixth token", company(time_track=5), "state.time_track"),
    ("a company token value twice", seat(late(), 0, market=dict(FULL_MARKET, cod=3)), "state.players[0].market.cod"),
    ("company tokens the track does not explain", seat(late(), 2, market={"salmon": 3}), "state.players[2].market"),
    ("a round counted during setup", setup(round=1), "state.round"),
    ("a starting ship at sea", setup(players=[p(["hano"]), p([]), p([])]), "state.players[0].ships"),
    ("a fish caught during setup", seat(setup(), 0, hold={"cod": 1}), "state.players[0].hold"),
    ("an area not yet filled during setup", setup(tokens=sea_tokens(empty=("hano",))), "state.tokens.hano"),
    ("variant 1 demand placed during setup", setup(options={"demand_variant": True}), "state.demand.stockholm[0]"),
    ("a player without ships after setup", seat(late(), 2, ships=[]), "state.players[2].ships"),
    (
        "a contract held twice",
        seat(seat(late(options={"contracts": True}), 0, contract="c2"), 1, contract="c2"),
        "state.players[1].contract",
    ),
    # format: seats, types, unknown keys at any depth, ids
    ("a turn past the last seat", late(turn=3), "state.turn"),
    ("a queued seat that is not at the table", company(company_queue=[0, 1, 5]), "state.company_queue[2]"),
    ("a negative count", seat(late(), 0, warehouse={"cod": -1}), "state.players[0].warehouse.cod"),
    ("two players", late(players=late()["players"][:2]), "state.players"),
    ("a turn as text", late(turn="0"), "state.turn"),
    ("ships as text", seat(late(), 0, ships="lubeck"), "state.players[0].ships"),
    ("an unknown field id", seat(late(), 0, ships=["atlantis"]), "state.players[0].ships[0]"),
    ("an unknown key in a seat", seat(late(), 0, colour="red"), "state.players[0].colour"),
    ("an unknown key in the refill", company(refill={"field": 4, "need": 1, "why": 0}), "state.refill.why"),
    ("an unknown option", late(options={"fleet": "pairs", "speed": 2}), "state.options.speed"),
    ("an unknown sea area", late(tokens={"moon": []}), "state.tokens.moon"),
    ("a port's tokens", late(tokens={"gdansk": []}), "state.tokens.gdansk"),
    ("an unknown species in a hold", seat(late(), 0, hold={"whale": 1}), "state.players[0].hold.whale"),
    ("amber in a hold", seat(late(), 0, hold={"amber": 1}), "state.players[0].hold.amber"),
    ("an unknown contract", seat(late(options={"contracts": True}), 0, contract="c9"), "state.players[0].contract"),
    ("an unknown phase", late(phase="dancing"), "state.phase"),
    ("a bad rng", late(rng="xyz"), "state.rng"),
    ("a float count", late(round=2.0), "state.round"),
    ("an unknown top-level key", late(colour="red"), "state.colour"),
]


@pytest.mark.parametrize("name,data,field", IMPOSSIBLE, ids=[c[0] for c in IMPOSSIBLE])
def test_impossible_positions_are_refused(name, data, field):
    with pytest.raises(InputError) as err:
        GAME.from_json(data)
    assert err.value.field == field, err.value.message["en"]
    assert err.value.message["hu"] and err.value.message["en"] and "{" not in err.value.message["en"]


def test_two_pairs_are_fine_under_the_literal_reading():
    GAME.from_json(seat(late(), 0, ships=["lubeck", "hano", "oland", "slupsk"]))


MALFORMED = [
    ({"type": "teleport"}, "action.type"),
    ({}, "action.type"),
    ({"type": 5}, "action.type"),
    (None, "action"),
    ([], "action"),
    ({"type": "sail", "to": "hano"}, "action.from"),
    ({"type": "sail", "from": "supply", "to": 5}, "action.to"),
    ({"type": "sail", "from": "supply", "to": "atlantis"}, "action.to"),
    ({"type": "end-turn", "plyer": 0}, "action.plyer"),
    ({"type": "end-turn", "player": 9}, "action.player"),
    ({"type": "end-turn", "player": 3}, "action.player"),
    ({"type": "end-turn", "player": -1}, "action.player"),
    ({"type": "end-turn", "player": "1"}, "action.player"),
    ({"type": "end-turn", "player": 1.0}, "action.player"),
    ({"type": "start"}, "action.port"),
    ({"type": "fish", "field": "hano", "kind": "whale"}, "action.kind"),
    ({"type": "fish", "field": "hano"}, "action.kind"),
    ({"type": "unload", "port": "gdansk", "fish": {"whale": 1}}, "action.fish.whale"),
    ({"type": "unload", "port": "gdansk", "fish": {"cod": "two"}}, "action.fish.cod"),
    ({"type": "unload", "port": "gdansk", "fish": []}, "action.fish"),
    ({"type": "unload", "port": "gdansk", "fish": {"cod": 1}, "demand": {"cod": "0"}}, "action.demand.cod"),
    ({"type": "discard", "kind": "cod", "count": 2}, "action.count"),
    ({"type": "contract", "card": "zz"}, "action.card"),
    ({"type": "company", "value": 7, "species": "cod"}, "action.value"),
    ({"type": "company", "value": 1}, "action.species"),
    ({"type": "company", "value": 1, "species": "amber"}, "action.species"),
    ({"type": "tax", "pay": "all"}, "action.pay"),
    ({"type": "tax", "pay": [{"from": "deck", "kind": "cod"}]}, "action.pay[0].from"),
    ({"type": "tax", "pay": [{"from": "hold", "kind": "cod", "n": 2}]}, "action.pay[0].n"),
    ({"type": "tax", "pay": [{"from": "hold"}]}, "action.pay[0].kind"),
]


@pytest.mark.parametrize("action,field", MALFORMED, ids=[json.dumps(a) for a, _ in MALFORMED])
def test_malformed_actions_are_input_errors(action, field):
    for state in (GAME.from_json(late()), GAME.from_json(company())):
        with pytest.raises(InputError) as err:
            state.check(action)
        assert err.value.field == field, err.value.message["en"]


WELL_FORMED_BUT_FORBIDDEN = [
    ({"type": "unload", "port": "lubeck", "fish": {"cod": 0}}, "unload-count"),
    ({"type": "unload", "port": "lubeck", "fish": {"cod": -2}}, "unload-count"),
    ({"type": "unload", "port": "lubeck", "fish": {}}, "unload-nothing"),
    ({"type": "discard", "kind": "amber"}, "not-in-hold"),
    ({"type": "fish", "field": "lubeck", "kind": "cod"}, "token-not-there"),
    ({"type": "sail", "from": "supply", "to": "visby"}, "not-next-to-fleet"),
]


@pytest.mark.parametrize("action,reason", WELL_FORMED_BUT_FORBIDDEN, ids=[r for _, r in WELL_FORMED_BUT_FORBIDDEN])
def test_rule_limits_are_verdicts(action, reason):
    s = GAME.from_json(seat(late(), 0, hold={"cod": 2}))
    v = s.check(action)
    assert not v.legal and v.reason == reason and v.rules


@pytest.mark.rules("MB-12.1")
def test_a_demand_slot_the_port_lacks_is_a_verdict():
    s = GAME.from_json(seat(late(options={"demand_variant": True}, demand={}), 0, ships=["gdansk"], hold={"cod": 2}))
    v = s.check({"type": "unload", "port": "gdansk", "fish": {"cod": 2}, "demand": {"cod": 5}})
    assert not v.legal and v.reason == "demand-no-slot" and "MB-12.1" in v.rules
    assert s.describe({"type": "unload", "port": "gdansk", "fish": {"cod": 2}, "demand": {"cod": 5}}, "en")


@pytest.mark.rules("MB-9.3")
def test_tax_in_amber_from_the_hold_is_a_verdict():
    s = GAME.from_json(company())
    v = s.check({"type": "tax", "pay": [{"from": "hold", "kind": "amber"}, {"from": "warehouse", "kind": "amber"}]})
    assert not v.legal and v.rules


# ---------------------------------------------------------------- the rulings
@pytest.mark.rules("MB-3.1")
def test_a_fourth_action_cites_the_three_action_limit():
    s = GAME.from_json(late())
    s = s.apply({"type": "sail", "from": "supply", "to": "pomerania", "player": 0})
    s = s.apply({"type": "fish", "field": "hano", "kind": s.tokens["hano"][0], "player": 0})
    s = s.apply({"type": "sail", "from": "supply", "to": "bornholm", "player": 0})
    assert s.current_player == 1
    v = s.check({"type": "fish", "field": "bornholm", "kind": s.tokens["bornholm"][0], "player": 0})
    assert not v.legal and v.reason == "not-your-turn"
    assert v.rules[0] == "MB-3.1"
    assert "player 1's turn but player 2's" in v.message["en"]  # seats from 1


def test_a_seat_that_is_not_at_the_table_is_a_range_error():
    with pytest.raises(InputError) as err:
        GAME.from_json(late()).check({"type": "end-turn", "player": 9})
    assert err.value.field == "action.player" and err.value.code == "field-range"


def test_a_refill_at_a_port_is_an_input_error_not_a_crash():
    with pytest.raises(InputError) as err:
        GAME.from_json(company(refill={"field": 3, "need": 1}))
    assert err.value.field == "state.refill.field"


# ---------------------------------------------------------------- round trips
@pytest.mark.parametrize("seed", range(4))
def test_positions_from_random_play_round_trip(seed):
    options = {"demand_variant": bool(seed & 1), "contracts": bool(seed & 2), "fleet": ("pairs", "connected")[seed & 1]}
    s = GAME.new(3 + seed % 3, seed, options)
    rng = Rng(seed)
    step = 0
    while not s.is_over():
        if step % 7 == 0:
            data = s.to_json()
            again = GAME.from_json(json.loads(json.dumps(data)))
            assert again.to_json() == data
            assert again.legal_actions() == s.legal_actions()
        s = s.apply(rng.choice(s.legal_actions()))
        step += 1
    assert GAME.from_json(s.to_json()).to_json() == s.to_json()
    assert len(s.scores()) == s.n and all(type(x) is int for x in s.scores())
    assert [d["total"] for d in s.score_details()] == s.scores()
