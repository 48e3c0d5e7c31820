"""The editing operations (engine/mare_balticum/edit.py) keep every total: after each, no component
count is wrong (position.py's conservation), and an operation the position cannot take changes
nothing."""

import copy

import pytest

from engine.core import InputError, Rng
from engine.mare_balticum import edit
from engine.mare_balticum.board import BOARD

from ._mb import GAME, example

COUNTS = ("mb-count", "mb-count-over")


def counts_wrong(draft):
    return [e.message["en"] for e in GAME.problems(draft) if e.code in COUNTS]


def played(players=3, seed=4, steps=12):
    s = GAME.new(players, seed)
    rng = Rng(seed)
    for _ in range(steps):
        s = s.apply(rng.choice(s.legal_actions()))
    return s.to_json()


@pytest.fixture(params=["played", "hand-written"])
def draft(request):
    """A position as the engine writes it (bag and supply given) and one written by hand (left out)."""
    if request.param == "played":
        return played()
    return copy.deepcopy(example("fish-salmon")["state"])


def test_a_ship_added_comes_from_the_supply_and_goes_back(draft):
    seat = next(i for i in range(len(draft["players"])) if edit.supply(draft, i))
    before = edit.supply(draft, seat)
    fid = next(f for f in BOARD.ids if f not in draft["players"][seat]["ships"])
    edit.place_ship(draft, seat, fid)
    assert fid in draft["players"][seat]["ships"] and edit.supply(draft, seat) == before - 1
    assert counts_wrong(draft) == []
    edit.remove_ship(draft, seat, fid)
    assert fid not in draft["players"][seat]["ships"] and edit.supply(draft, seat) == before
    assert counts_wrong(draft) == []


def test_no_ship_is_added_beyond_the_supply():
    draft = played()
    seat = 0
    while edit.supply(draft, seat):
        fid = next(f for f in BOARD.ids if f not in draft["players"][seat]["ships"])
        edit.place_ship(draft, seat, fid)
    before = copy.deepcopy(draft)
    fid = next(f for f in BOARD.ids if f not in draft["players"][seat]["ships"])
    with pytest.raises(InputError) as err:
        edit.place_ship(draft, seat, fid)
    assert err.value.code == "mb-edit-no-supply" and "player 1" in err.value.message["en"]
    assert draft == before and counts_wrong(draft) == []


def test_moving_a_ship_moves_that_ship(draft):
    seat = 0
    src = draft["players"][seat]["ships"][0]
    dst = next(f for f in BOARD.ids if f not in draft["players"][seat]["ships"])
    ships, left = len(draft["players"][seat]["ships"]), edit.supply(draft, seat)
    edit.move_ship(draft, seat, src, dst)
    assert src not in draft["players"][seat]["ships"] and dst in draft["players"][seat]["ships"]
    assert len(draft["players"][seat]["ships"]) == ships and edit.supply(draft, seat) == left
    assert counts_wrong(draft) == []
    with pytest.raises(InputError):
        edit.move_ship(draft, seat, src, dst)  # that ship is no longer there


def test_a_token_comes_from_the_bag_and_goes_back(draft):
    before = copy.deepcopy(draft)
    area = next(f for f in BOARD.sea if not draft.get("tokens", {}).get(f))
    bag = edit.bag_counts(draft)["cod"]
    edit.place_token(draft, "cod", area)
    assert draft["tokens"][area] == ["cod"] and edit.bag_counts(draft)["cod"] == bag - 1
    assert counts_wrong(draft) == []
    edit.remove_token(draft, area)
    assert edit.bag_counts(draft)["cod"] == bag and counts_wrong(draft) == []
    assert {k: v for k, v in draft.get("tokens", {}).items() if v} == {k: v for k, v in before.get("tokens", {}).items() if v}


def test_no_token_goes_into_a_port_or_comes_from_an_empty_bag():
    draft = played()
    with pytest.raises(InputError):
        edit.place_token(draft, "cod", "gdansk")
    draft["bag"]["amber"] = 0
    draft["players"][0]["warehouse"]["amber"] += 0
    before = copy.deepcopy(draft)
    with pytest.raises(InputError) as err:
        edit.place_token(draft, "amber", "hano")
    assert err.value.code == "mb-edit-bag-empty" and draft == before


def test_a_count_set_takes_its_tokens_from_the_bag():
    draft = played()
    bag = draft["bag"]["herring"]
    old = draft["players"][1]["warehouse"]["herring"]
    draft["players"][1]["warehouse"]["herring"] = old + 2
    edit.after_count(draft, ["players", 1, "warehouse", "herring"], old)
    assert draft["bag"]["herring"] == bag - 2 and counts_wrong(draft) == []
    draft["players"][1]["warehouse"]["herring"] = old
    edit.after_count(draft, ["players", 1, "warehouse", "herring"], old + 2)
    assert draft["bag"]["herring"] == bag and counts_wrong(draft) == []


def test_changing_the_player_count_keeps_the_totals():
    draft = played(players=4, seed=9)
    draft["players"][3]["warehouse"]["amber"] += 2  # the leaving seat's tokens go back to the bag
    draft["bag"]["amber"] -= 2
    edit.resize(draft, 3)
    assert len(draft["players"]) == 3 and counts_wrong(draft) == []
    edit.resize(draft, 5)
    assert len(draft["players"]) == 5
    wrong = counts_wrong(draft)
    # at 5 players a seat has 3 ships: a kept seat with more on the board is named, not silently cut
    assert all("ships" in w for w in wrong)


def test_the_eraser_takes_a_ship_first_then_tokens(draft):
    seat = 0
    fid = draft["players"][seat]["ships"][0]
    left = edit.supply(draft, seat)
    edit.erase(draft, fid)
    assert fid not in draft["players"][seat]["ships"] and edit.supply(draft, seat) == left + 1
    assert counts_wrong(draft) == []


def test_a_count_set_by_hand_comes_out_of_the_bag_and_goes_back():
    """engine/core/edit.py's set_field writes the field, then this game's after_set: the tokens a
    hold gains come out of the bag."""
    from engine.core.edit import set_field

    d = played()
    bag, hold = d["bag"]["cod"], d["players"][1]["hold"]["cod"]
    d = set_field(GAME, d, ["players", 1, "hold", "cod"], hold + 2)
    assert d["bag"]["cod"] == bag - 2 and counts_wrong(d) == []
    d = set_field(GAME, d, ["players", 1, "hold", "cod"], hold)
    assert d["bag"]["cod"] == bag and counts_wrong(d) == []
