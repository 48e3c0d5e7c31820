"""The engine contract for Black Fleet: impossible positions and malformed actions are bad input
(InputError naming the field), never verdicts; states round-trip with their options; scores are ints."""

import copy
import json

import pytest

from engine import InputError, load_game
from engine.black_fleet import components as C
from engine.core import Rng
from tests.edits import setting, together

GAME = load_game("black-fleet")


def reached(seed=4, steps=21, options=None):
    """A position reached by play: the same choices every time (the 7th-next legal action)."""
    s = GAME.new(3, seed, options)
    for i in range(steps):
        acts = s.legal_actions()
        s = s.apply(acts[(i * 7) % len(acts)])
    return s


BASE = reached().to_json()


def test_base_position():
    # the mutations below rely on these facts of the base position
    assert BASE["phase"] == "move" and BASE["turn"] == 0 and BASE["first"] == 1
    assert [s["colour"] for s in BASE["seats"]] == ["blue", "black", "red"]
    assert BASE["seats"][0]["pirate"] == "north-east" and BASE["seats"][1]["pirate"] is None
    assert BASE["seats"][2]["cargo"] == ["green"] * 3 and BASE["seats"][1]["merchant"] == "A2"
    assert GAME.from_json(copy.deepcopy(BASE)).to_json() == BASE


def _move_cards(d, deck, seat, hand, k):
    for _ in range(k):
        d["seats"][seat][hand].append(d["decks"][deck].pop())


def _other_warship(d):
    return "purple" if C.MOVEMENT[d["now"]["card"]]["warship"] == "yellow" else "yellow"


# (what is impossible, the mutation of BASE, the field the error names)
IMPOSSIBLE = [
    # the list
    (
        "a merchant on the board with an empty hold",
        together(setting(("seats", 2, "cargo"), []), setting(("stock", "green"), 13)),
        "state.seats[2].cargo",
    ),
    ("seven fate cards in hand in the move phase", lambda d: _move_cards(d, "fate", 0, "fates", 6), "state.seats[0].fates"),
    ("two black seats", setting(("seats", 2, "colour"), "black"), "state.seats[2].colour"),
    ("no black seat: the starting player holds the black fleet", setting(("seats", 1, "colour"), "green"), "state.first"),
    ("phase over, but nobody bought a victory card", setting(("phase",), "over"), "state.phase"),
    ("a cube too few", setting(("stock", "red"), 12), "state.stock.red"),
    ("a cube too many", setting(("stock", "blue"), 8), "state.stock.blue"),
    (
        "a movement card in two hands",
        lambda d: d["seats"][2]["moves"].__setitem__(0, d["seats"][1]["moves"][0]),
        "state.seats[2].moves[0]",
    ),
    ("a movement card lost", lambda d: d["decks"]["movement"].pop(), "state.decks.movement"),
    (
        "a fate card in hand and in the discards",
        lambda d: d["decks"]["fate_discard"].append(d["seats"][2]["fates"][0]),
        "state.seats[2].fates[0]",
    ),
    ("coins from nowhere", setting(("seats", 2, "coins"), 5), "state.seats[2].coins"),
    (
        "money spent on no card",
        together(setting(("seats", 2, "spent"), 5), setting(("seats", 2, "earned"), 5)),
        "state.seats[2].spent",
    ),
    (
        "a development card dealt twice",
        lambda d: d["seats"][2]["developments"][0].__setitem__("id", d["seats"][0]["developments"][0]["id"]),
        "state.seats[2].developments[0].id",
    ),
    (
        "a development card of another value",
        setting(("seats", 2, "developments", 0, "id"), "D08-4"),
        "state.seats[2].developments[0].id",
    ),
    ("two merchants on one field", setting(("seats", 2, "merchant"), "A2"), "state.seats[2].merchant"),
    ("a warship on a merchant", setting(("warships", "yellow"), "A2"), "state.warships.yellow"),
    (
        "the moving merchant on an enemy pirate",
        together(setting(("seats", 2, "pirate"), "B4"), setting(("now", "active"), "merchant")),
        "state.seats[2].pirate",
    ),
    (
        "a merchant holding 4 cubes",
        together(setting(("seats", 2, "cargo"), ["green"] * 4), setting(("stock", "green"), 9)),
        "state.seats[2].cargo",
    ),
    (
        "a merchant holding two colours",
        together(
            setting(("seats", 2, "cargo"), ["green", "green", "red"]),
            setting(("stock", "green"), 11),
            setting(("stock", "red"), 12),
        ),
        "state.seats[2].cargo",
    ),
    ("cargo without a merchant", setting(("seats", 2, "merchant"), None), "state.seats[2].cargo"),
    (
        "treasure without a pirate",
        together(setting(("seats", 1, "treasure"), "red"), setting(("stock", "red"), 12)),
        "state.seats[1].treasure",
    ),
    (
        "treasure in a distant sea",
        together(setting(("seats", 0, "treasure"), "red"), setting(("stock", "red"), 12)),
        "state.seats[0].treasure",
    ),
    ("another player's pirate in a distant sea", setting(("seats", 2, "pirate"), "west"), "state.seats[2].pirate"),
    ("the mover's pirate beside the board while moving", setting(("seats", 0, "pirate"), None), "state.seats[0].pirate"),
    ("one movement card too few", lambda d: d["decks"]["movement"].append(d["seats"][2]["moves"].pop()), "state.seats[2].moves"),
    ("two movement cards in hand after playing one", lambda d: _move_cards(d, "movement", 0, "moves", 1), "state.seats[0].moves"),
    ("a purchase in the move phase", setting(("now", "bought"), True), "state.now.bought"),
    ("discards owed in the move phase", setting(("now", "discards"), 1), "state.now.discards"),
    ("more steps than the card allows", setting(("now", "moved", "merchant"), 9), "state.now.moved.merchant"),
    ("two actions of one ship", setting(("now", "acted", "merchant"), 2), "state.now.acted.merchant"),
    ("the other warship moved", lambda d: d["now"]["moved"].__setitem__(_other_warship(d), 1), None),
    ("a second warship's value without a second warship", setting(("now", "second_value"), 2), "state.now.second_value"),
    ("the last round with no victory card bought", setting(("final_round",), True), "state.final_round"),
    (
        "a victory card before the developments",
        together(
            setting(("seats", 2, "victory", "up"), True), setting(("seats", 2, "spent"), 10), setting(("seats", 2, "earned"), 10)
        ),
        "state.seats[2].victory.up",
    ),
    ("turns that do not fit the round", setting(("seats", 0, "turns"), 3), "state.seats[0].turns"),
    (
        "a played card missing in the move phase",
        together(setting(("now", "card"), None), lambda d: d["decks"]["movement"].append(BASE["now"]["card"])),
        "state.now.card",
    ),
    # the general ones: format
    ("an unknown key in a seat", setting(("seats", 0, "hold"), []), "state.seats[0].hold"),
    ("an unknown key in the turn", setting(("now", "speed"), 1), "state.now.speed"),
    ("an unknown key at the top", setting(("plyers",), 3), "state.plyers"),
    ("an unknown option", setting(("options", "speed"), 1), "state.options.speed"),
    ("an option value that does not exist", setting(("options", "victory"), 15), "state.options.victory"),
    ("coins as a string", setting(("seats", 0, "coins"), "0"), "state.seats[0].coins"),
    ("coins as a float", setting(("seats", 0, "coins"), 0.0), "state.seats[0].coins"),
    ("negative coins", setting(("seats", 0, "coins"), -1), "state.seats[0].coins"),
    ("a field that is not on the board", setting(("seats", 0, "merchant"), "Z9"), "state.seats[0].merchant"),
    ("an unknown card", lambda d: d["seats"][0]["moves"].__setitem__(0, "M99"), "state.seats[0].moves[0]"),
    ("a missing cargo", lambda d: d["seats"][0].pop("cargo"), "state.seats[0].cargo"),
    ("a missing stock colour", lambda d: d["stock"].pop("white"), "state.stock.white"),
    ("a seat out of range", setting(("turn",), 3), "state.turn"),
    ("a negative seat", setting(("first",), -1), "state.first"),
    ("four seats for three players", lambda d: d["seats"].append(copy.deepcopy(d["seats"][0])), "state.seats"),
    ("a bad generator", setting(("rng",), "xyz"), "state.rng"),
    ("a round 0", setting(("round",), 0), "state.round"),
]


@pytest.mark.parametrize("what,mutate,field", IMPOSSIBLE, ids=[x[0] for x in IMPOSSIBLE])
def test_impossible_position(what, mutate, field):
    data = copy.deepcopy(BASE)
    mutate(data)
    with pytest.raises(InputError) as err:
        GAME.from_json(data)
    if field is None:  # depends on the card: the other warship's own counter
        field = f"state.now.moved.{_other_warship(data)}"
    assert err.value.field == field, (err.value.code, err.value.message["en"])
    for lang in ("hu", "en"):
        assert "a(z)" not in err.value.message[lang].lower()


def compact(**top):
    seats = [
        {"merchant": "J2", "cargo": ["green"] * 3, "pirate": "A1"},
        {"merchant": "A2", "cargo": ["blue"] * 3, "pirate": "F1"},
        {"merchant": "J4", "cargo": ["green"] * 3, "pirate": "E1"},
    ]
    for key in [k for k in top if k.startswith("s") and k[1:].isdigit()]:
        seats[int(key[1:])].update(top.pop(key))
    return {"players": 3, "seats": seats, **top}


# hand-written (compact) positions: phases and their counters
IMPOSSIBLE_COMPACT = [
    ("placing with both ships on the board", compact(phase="place"), "state.phase"),
    (
        "a movement card before the merchant is back",
        compact(phase="card", s0={"merchant": None, "cargo": []}),
        "state.seats[0].merchant",
    ),
    (
        "a pirate on the board during setup",
        compact(
            phase="setup",
            s0={"merchant": None, "cargo": [], "pirate": None},
            s1={"merchant": None, "cargo": []},
            s2={"merchant": None, "cargo": [], "pirate": None},
        ),
        "state.seats[1].pirate",
    ),
    (
        "a merchant placed out of order during setup",
        compact(
            phase="setup",
            s0={"merchant": None, "cargo": [], "pirate": None},
            s1={"pirate": None},
            s2={"merchant": None, "cargo": [], "pirate": None},
        ),
        "state.seats[1].merchant",
    ),
    ("a played card lying on the table while buying", compact(phase="buy", now={"card": "M03"}), "state.now.card"),
    ("discarding with nothing to discard", compact(phase="discard"), "state.now.discards"),
    (
        "more discards owed than fate cards",
        compact(phase="discard", now={"discards": 2}, s0={"fates": ["F01"]}),
        "state.now.discards",
    ),
    (
        "over, but not after the last player of the round",
        compact(
            phase="over",
            final_round=True,
            s0={
                "coins": 0,
                "earned": 48,
                "victory": {"value": 10, "up": True},
                "developments": [{"value": v, "up": True} for v in C.DEVELOPMENT_VALUES],
            },
        ),
        "state.turn",
    ),
    # stuck: the merchant stopped on its own pirate with no movement left; nothing can happen
    (
        "a position with no legal action",
        compact(
            phase="move",
            now={"card": "M11", "moved": {"merchant": 1}, "active": "merchant"},
            s0={"merchant": "G1", "pirate": "G1", "cargo": ["red"] * 3},
            s2={"merchant": "A3", "cargo": ["red"] * 3},
        ),
        "state",
    ),
]


@pytest.mark.parametrize("what,data,field", IMPOSSIBLE_COMPACT, ids=[x[0] for x in IMPOSSIBLE_COMPACT])
def test_impossible_compact_position(what, data, field):
    with pytest.raises(InputError) as err:
        GAME.from_json(copy.deepcopy(data))
    assert err.value.field == field, (err.value.code, err.value.message["en"])


def test_the_compact_base_is_possible():
    s = GAME.from_json(compact(phase="move", now={"card": "M03"}))
    assert [len(x["moves"]) for x in s.seats] == [1, 2, 2]  # hands dealt
    assert s.seats[0]["colour"] == "black" and s.legal_actions()


def test_over_only_when_the_end_condition_holds():
    from .test_bf_properties import playout

    end, _ = playout(3, 2, {})
    data = end.to_json()
    assert GAME.from_json(copy.deepcopy(data)).is_over()
    data["phase"] = "buy"  # the round is complete: it cannot go on
    with pytest.raises(InputError) as err:
        GAME.from_json(data)
    assert err.value.field.startswith("state.seats[") and err.value.field.endswith("].turns")


MALFORMED = [
    ({"type": "warp"}, "action.type"),
    ({"type": 7}, "action.type"),
    ({}, "action.type"),
    ([], "action"),
    ({"type": "move", "ship": "merchant"}, "action.to"),
    ({"type": "move", "ship": "merchant", "to": 5}, "action.to"),
    ({"type": "move", "ship": "merchant", "to": "Z9"}, "action.to"),
    ({"type": "move", "ship": "raft", "to": "A1"}, "action.ship"),
    ({"type": "end-moves", "plyer": 0}, "action.plyer"),
    ({"type": "end-moves", "player": 3}, "action.player"),
    ({"type": "end-moves", "player": -1}, "action.player"),
    ({"type": "end-moves", "player": "0"}, "action.player"),
    ({"type": "end-moves", "player": True}, "action.player"),
    ({"type": "end-moves", "player": 0.0}, "action.player"),
    ({"type": "steal", "target": 3}, "action.target"),
    ({"type": "steal", "target": 1, "colour": "black"}, "action.colour"),
    ({"type": "sink", "ship": "merchant", "target": 1}, "action.ship"),
    ({"type": "sink", "ship": "yellow", "target": "1"}, "action.target"),
    ({"type": "sell", "port": "nowhere"}, "action.port"),
    ({"type": "sell"}, "action.port"),
    ({"type": "play", "card": "M99"}, "action.card"),
    ({"type": "fate", "card": "F01", "field": "Z9"}, "action.field"),
    ({"type": "buy", "card": "development"}, "action.value"),
    ({"type": "buy", "card": "development", "value": 6}, "action.value"),
    ({"type": "place", "ship": "merchant", "port": "bahamas"}, "action.field"),
    ({"type": "place", "ship": "pirate"}, "action.area"),
    ({"type": "place", "ship": "pirate", "area": "south"}, "action.area"),
    ({"type": "bury", "player": 0, "treasure": "red"}, "action.treasure"),
]


@pytest.mark.parametrize("action,field", MALFORMED, ids=[json.dumps(a) for a, _ in MALFORMED])
def test_malformed_action(action, field):
    s = GAME.from_json(copy.deepcopy(BASE))
    with pytest.raises(InputError) as err:
        s.check(action)
    assert err.value.field == field, (err.value.code, err.value.message["en"])


# -- the rulings ---------------------------------------------------------------------


def test_states_round_trip_with_their_options():
    opts = {
        "victory": 20,
        "short_stock": "no-sale",
        "friendly_warship": "once-moved",
        "action_timing": "own-move",
        "discard_timing": "on-play",
        "pirate_entry": "first-step-free",
        "fate_effects": "none",
        "development_abilities": "schematic",
    }
    s = reached(options=opts)
    data = s.to_json()
    assert data["options"] == opts
    back = GAME.from_json(json.loads(json.dumps(data)))
    assert back.options == opts and back.to_json() == data
    # a case's own options win over the state's
    case = GAME.resolve_options({"victory": 20, "pirate_entry": "first-step-costs"})
    assert GAME.from_json(data, options=case).options["pirate_entry"] == "first-step-costs"
    # and a position's victory cards are of the option's value (BF-13.1)
    assert [e.code for e in GAME.problems(data, options=GAME.resolve_options({"victory": 10}))][:1] == ["victory-value"]


def test_scores_are_ints_with_details():
    s = GAME.from_json(
        compact(
            phase="buy",
            round=2,
            s1={
                "coins": 7,
                "earned": 12,
                "developments": [
                    {"value": 5, "up": True},
                    {"value": 8, "up": False},
                    {"value": 11, "up": False},
                    {"value": 14, "up": False},
                ],
            },
        )
    )
    assert s.scores() == [0, 7, 0] and all(type(x) is int for x in s.scores())
    assert s.score_details() == [
        {"coins": 0, "developments": 0, "victory": 0},
        {"coins": 7, "developments": 1, "victory": 0},
        {"coins": 0, "developments": 0, "victory": 0},
    ]


def test_not_your_turn_counts_seats_from_one():
    s = GAME.from_json(copy.deepcopy(BASE))  # seat 0 is to move
    v = s.check({"type": "end-moves", "player": 1})
    assert not v.legal and v.reason == "not-your-turn" and v.rules == ("BF-3.1",)
    assert "player 2" in v.message["en"] and "player 1's" in v.message["en"]
    assert "2." in v.message["hu"] and "1." in v.message["hu"]
    assert s.check({"type": "fate", "card": "F17", "player": 1}).rules == ("BF-9.1",)


def test_descriptions_count_seats_from_one_without_a_z():
    s = GAME.from_json(copy.deepcopy(BASE))
    assert s.describe({"type": "steal", "target": 0}, "en") == "pirate steals a cube from player 1"
    assert s.describe({"type": "steal", "target": 0}, "hu") == "kalóz árut lop az 1. játékostól"
    assert s.describe({"type": "sink", "ship": "yellow", "target": 1}, "hu") == "sárga hadihajó elsüllyeszti a 2. játékos kalózát"
    assert s.describe({"type": "place", "ship": "merchant", "port": "la-barbaria", "field": "E6"}, "hu").startswith(
        "kereskedő ide: E6 "
    )
    for a in s.legal_actions():
        for lang in ("hu", "en"):
            assert "a(z)" not in s.describe(a, lang)


@pytest.mark.parametrize(
    "opt",
    [
        {},
        {
            "victory": 20,
            "discard_timing": "on-play",
            "pirate_entry": "first-step-free",
            "development_abilities": "schematic",
            "short_stock": "no-sale",
        },
    ],
)
def test_random_play_round_trips(opt, scaled):
    """Every position random play reaches loads back, invariants and all, with its options."""
    for seed in range(scaled(3)):
        s = GAME.new(3 + seed % 2, 500 + seed, opt)
        rng = Rng(seed)
        for step in range(400):
            if s.is_over():
                break
            if step % 4 == 0:
                data = s.to_json()
                back = GAME.from_json(json.loads(json.dumps(data)))
                assert back.to_json() == data
            s = s.apply(rng.choice(s.legal_actions()))
