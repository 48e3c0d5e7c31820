"""The rulebook's worked examples (figures on pages 9-11), with the book's own numbers."""

import pytest

from .bf_helpers import play, position


@pytest.mark.rules("BF-6.1", "BF-5.6", "BF-5.5")
def test_warship_moves_two_sinks_then_moves_one():
    # "A hadihajó mozgása 3-as. 2 mezőt lép. Megtámadja és elsüllyeszti a kalózhajót. Majd mozog egy utolsó mezőt."
    s = position(
        [
            {"merchant": "J2", "cargo": ["green"] * 3, "pirate": "east"},
            {"merchant": "A2", "cargo": ["blue"] * 3, "pirate": "F5", "treasure": "blue"},
            {"merchant": "J4", "cargo": ["green"] * 3},
        ],
        phase="move",
        now={"card": "M03"},
    )  # yellow warship 3
    s = play(s, {"type": "move", "ship": "yellow", "to": "D5"}, {"type": "move", "ship": "yellow", "to": "E5"})
    v = s.check({"type": "sink", "ship": "yellow", "target": 1})
    assert v.legal and "BF-6.1" in v.rules
    blue = s.stock["blue"]
    s = s.apply({"type": "sink", "ship": "yellow", "target": 1})
    assert s.seats[0]["coins"] == 2
    assert s.seats[1]["pirate"] is None and s.seats[1]["treasure"] is None
    assert s.stock["blue"] == blue + 1  # the carried cube goes back to its port
    s = s.apply({"type": "move", "ship": "yellow", "to": "E6"})  # the last field
    assert s.warships["yellow"] == "E6"
    v = s.check({"type": "move", "ship": "yellow", "to": "E5"})
    assert not v.legal and v.reason == "no-movement-left"


@pytest.mark.rules("BF-7.1", "BF-7.2", "BF-7.3")
def test_merchant_sells_two_for_four_at_la_barbaria_and_loads_three():
    # "A kereskedőhajó 4 dublonért eladja a rakományát (2 áru, mindegyike 2 dublont ér)." ... "és berakodik 3 árut."
    s = position(
        [
            {"merchant": "D6", "cargo": ["blue", "blue"], "pirate": "east"},
            {"merchant": "J2", "cargo": ["green"] * 3},
            {"merchant": "J4", "cargo": ["green"] * 3},
        ],
        phase="move",
        now={"card": "M03"},
    )
    red, blue = s.stock["red"], s.stock["blue"]
    v = s.check({"type": "sell", "port": "la-barbaria"})
    assert v.legal and v.reason == "sell-ok" and "4" in v.message["en"]
    s = s.apply({"type": "sell", "port": "la-barbaria"})
    me = s.seats[0]
    assert me["coins"] == 4 and me["cargo"] == ["red"] * 3
    assert s.stock["red"] == red - 3 and s.stock["blue"] == blue + 2


@pytest.mark.rules("BF-7.2")
def test_bahamas_buys_one_colour_at_three():
    # "Ez a kikötő (Bahamas) a [sárga] árukat veszi meg, darabját 3 dublonért."
    s = position(
        [
            {"merchant": "A2", "cargo": ["yellow"] * 3, "pirate": "east"},
            {"merchant": "J2", "cargo": ["green"] * 3},
            {"merchant": "A3", "cargo": ["red"] * 3},
        ],
        phase="move",
        now={"card": "M03"},
    )
    assert s.apply({"type": "sell", "port": "bahamas"}).seats[0]["coins"] == 9
    # the other merchant's red cargo is refused there ("Ez a kikötő nem veszi meg ...")
    s2 = position(
        [
            {"merchant": "A3", "cargo": ["red"] * 3, "pirate": "east"},
            {"merchant": "J2", "cargo": ["green"] * 3},
            {"merchant": "J4", "cargo": ["green"] * 3},
        ],
        phase="move",
        now={"card": "M03"},
    )
    v = s2.check({"type": "sell", "port": "bahamas"})
    assert not v.legal and v.reason == "port-refuses" and v.rules[0] == "BF-7.2"


@pytest.mark.rules("BF-8.1", "BF-8.2", "BF-5.6")
def test_pirate_steals_for_two_moves_on_merchant_survives_with_one():
    s = position(
        [
            {"merchant": "J2", "cargo": ["green"] * 3, "pirate": "G1"},
            {"merchant": "G4", "cargo": ["red", "red"]},
            {"merchant": "J4", "cargo": ["green"] * 3},
        ],
        phase="move",
        now={"card": "M09"},
    )  # pirate 3
    s = play(s, {"type": "move", "ship": "pirate", "to": "G2"}, {"type": "move", "ship": "pirate", "to": "G3"})
    s = s.apply({"type": "steal", "target": 1})
    assert s.seats[0]["coins"] == 2 and s.seats[0]["treasure"] == "red"
    s = s.apply({"type": "move", "ship": "pirate", "to": "F3"})  # uses the movement left to get away
    victim = s.seats[1]
    assert victim["merchant"] == "G4" and victim["cargo"] == ["red"]  # one cube left: it does not sink


@pytest.mark.rules("BF-8.3", "BF-8.4", "BF-5.5")
def test_pirate_buries_for_six_moves_three_and_may_not_attack():
    s = position(
        [
            {"merchant": "J2", "cargo": ["green"] * 3, "pirate": "D4", "treasure": "white"},
            {"merchant": "C1", "cargo": ["red"] * 3},
            {"merchant": "J4", "cargo": ["green"] * 3},
        ],
        phase="move",
        now={"card": "M09"},
    )  # pirate 3
    white = s.stock["white"]
    s = s.apply({"type": "bury"})
    assert s.seats[0]["coins"] == 6 and s.stock["white"] == white + 1
    s = play(s, *({"type": "move", "ship": "pirate", "to": f} for f in ("D3", "D2", "D1")))
    v = s.check({"type": "steal", "target": 1})  # C1 is next to D1
    assert not v.legal and v.reason == "already-acted" and "BF-5.5" in v.rules
