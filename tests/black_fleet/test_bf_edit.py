"""The engine's editing operations (engine/black_fleet/edit.py) keep the position's totals: every
cube and card stays once in the game, and the money adds up."""

import copy

from engine import load_game
from engine.black_fleet import components as C, edit as E

GAME = load_game("black-fleet")
TOTALS = {"cubes-not-conserved", "card-twice", "card-missing", "coins-mismatch", "spent-mismatch", "turns-mismatch"}


def middle():
    """A position of a game under way: every seat's ships in play, player 2 to move."""
    s = GAME.new(3, 2)
    while s.phase == "setup" or any(x["pirate"] is None for x in s.seats) or s.current_player != 1:
        s = s.apply(s.legal_actions()[0])
    return s.to_json()


def totals(draft):
    return sorted({e.code for e in GAME.problems(draft)} & TOTALS)


def cubes(draft):
    n = sum(draft["stock"].values())
    for s in draft["seats"]:
        n += len(s["cargo"]) + (1 if s["treasure"] else 0)
    return n


def test_ships_on_and_off_the_board_keep_the_cubes():
    d = middle()
    assert totals(d) == [] and cubes(d) == 65
    E.take_off(d, "merchant", 0)
    assert d["seats"][0]["merchant"] is None and d["seats"][0]["cargo"] == [] and cubes(d) == 65
    port = C.PORTS["bahamas"]
    free = next(f for f in port["fields"] if not E.pieces_at(d, f))
    E.put(d, "merchant", 0, free)  # it loads at the port, as the game does
    assert d["seats"][0]["cargo"] == [port["colour"]] * 3 and cubes(d) == 65
    assert totals(d) == []
    E.put(d, "warship", "yellow", "A1")
    assert d["warships"]["yellow"] == "A1"
    E.put(d, "merchant", 0, "north-west")  # a merchant is never on a distant sea
    assert d["seats"][0]["merchant"] == free


def test_cubes_into_and_out_of_holds():
    d = middle()
    pirate = d["seats"][2]["pirate"]
    before = copy.deepcopy(d["stock"])
    E.add_cube(d, "red", pirate)
    assert d["seats"][2]["treasure"] == "red" and d["stock"]["red"] == before["red"] - 1
    E.add_cube(d, "blue", pirate)  # a pirate holds one cube
    assert d["seats"][2]["treasure"] == "red" and d["stock"]["blue"] == before["blue"]
    E.remove_cube(d, 2, "pirate")
    assert d["seats"][2]["treasure"] is None and d["stock"] == before
    held = d["seats"][0]["cargo"][:]
    E.remove_cube(d, 0, "merchant", 0)
    assert len(d["seats"][0]["cargo"]) == len(held) - 1 and cubes(d) == 65
    d["stock"]["white"] = 0  # (a draft being typed)
    E.add_cube(d, "white", d["seats"][0]["merchant"])  # none left in stock: nothing changes
    assert "white" not in d["seats"][0]["cargo"] and d["stock"]["white"] == 0


def test_cards_swap_and_hands_grow_from_the_pile():
    d = middle()
    old = d["seats"][0]["moves"][0]
    new = d["decks"]["movement"][-1]
    d["seats"][0]["moves"][0] = new
    E.after_set(d, ["seats", 0, "moves", 0], old)
    assert d["decks"]["movement"][-1] == old and totals(d) == []
    hand = d["seats"][1]["fates"][:]
    d["seats"][1]["fates"] = 3
    E.after_set(d, ["seats", 1, "fates"], hand)
    assert len(d["seats"][1]["fates"]) == 3 and totals(d) == []
    three = d["seats"][1]["fates"]
    d["seats"][1]["fates"] = 0
    E.after_set(d, ["seats", 1, "fates"], three)
    assert d["seats"][1]["fates"] == [] and totals(d) == []


def test_phase_turn_and_money_follow():
    d = middle()
    d["phase"] = "move"
    E.after_set(d, ["phase"], "card")
    assert d["now"]["card"] and len(d["seats"][1]["moves"]) == 1 and totals(d) == []
    d["phase"] = "buy"
    E.after_set(d, ["phase"], "move")
    assert d["now"]["card"] is None and len(d["seats"][1]["moves"]) == 2 and totals(d) == []
    d["seats"][1]["coins"] = 9
    E.after_set(d, ["seats", 1, "coins"], 0)
    assert d["seats"][1]["earned"] - d["seats"][1]["spent"] == 9
    d["round"] = 3
    E.after_set(d, ["round"], 1)
    assert totals(d) == []
    d["options"]["victory"] = 20
    E.after_set(d, ["options", "victory"], 10)
    assert {s["victory"]["value"] for s in d["seats"]} == {20}
    assert "victory-value" not in {e.code for e in GAME.problems(d)}


def test_first_player_takes_the_black_fleet():
    d = middle()
    black = next(i for i, s in enumerate(d["seats"]) if s["colour"] == "black")
    new = (black + 1) % 3
    d["first"] = new
    E.after_set(d, ["first"], black)
    assert d["seats"][new]["colour"] == "black" and totals(d) == []


def test_the_table_grows_and_shrinks_keeping_everything():
    """A smaller table keeps the seat beyond it, named with its fix, so that changing back loses
    nothing; the fix gives its cubes and cards back (engine/core/edit.py, change_setting)."""
    from engine.core.edit import apply_edit, change_setting

    d = middle()
    four = change_setting(GAME, copy.deepcopy(d), "players", 4)
    assert len(four["seats"]) == 4 and len(four["seats"][3]["moves"]) == 2 and totals(four) == []
    assert GAME.problems(four) == []
    kept = change_setting(GAME, copy.deepcopy(four), "players", 3)
    (problem,) = GAME.problems(kept)
    assert problem.field == "state.seats" and problem.fix.op == "return_extra_seats"
    assert change_setting(GAME, copy.deepcopy(kept), "players", 4) == four  # back: nothing lost
    three = apply_edit(GAME, kept, problem.fix.op, problem.fix.args)
    assert len(three["seats"]) == 3 and cubes(three) == 65 and totals(three) == [] and GAME.problems(three) == []


def test_a_compact_draft_is_made_full_and_a_broken_one_left_alone():
    compact = {"players": 3, "seats": [{"cargo": []}, {"cargo": []}, {"cargo": []}], "phase": "setup"}
    full = E.full(compact)
    assert "decks" in full and totals(full) == []
    broken = {"players": 3, "seats": [{"cargo": "x"}]}
    assert E.full(broken) is broken


def test_a_field_set_by_hand_goes_through_the_engine():
    """engine/core/edit.py's set_field writes the field, then this game's after_set."""
    from engine.core.edit import set_field

    d = set_field(GAME, middle(), ["phase"], "move")
    assert d["now"]["card"] and len(d["seats"][1]["moves"]) == 1 and totals(d) == []
    d = set_field(GAME, d, ["seats", 1, "coins"], 9)
    assert d["seats"][1]["earned"] - d["seats"][1]["spent"] == 9 and totals(d) == []


def test_a_ships_moves_set_by_hand_make_it_the_one_moving():
    """A ship's moves this turn typed in: it is the ship moving, the one moving before it done (as the
    game does when another ship sets off), and back to 0 it is neither; the position stays possible."""
    from engine.core.edit import set_field

    d = set_field(GAME, middle(), ["phase"], "move")
    d = set_field(GAME, d, ["now", "moved", "pirate"], 1)
    assert d["now"]["active"] == "pirate" and d["now"]["finished"] == [] and GAME.problems(d) == []
    d = set_field(GAME, d, ["now", "moved", "merchant"], 1)
    assert d["now"]["active"] == "merchant" and d["now"]["finished"] == ["pirate"] and GAME.problems(d) == []
    d = set_field(GAME, d, ["now", "moved", "pirate"], 0)
    assert d["now"]["moved"] == {"merchant": 1} and d["now"]["finished"] == [] and GAME.problems(d) == []
    d = set_field(GAME, d, ["now", "moved", "merchant"], 0)
    assert d["now"]["active"] is None and d["now"]["moved"] == {} and GAME.problems(d) == []
