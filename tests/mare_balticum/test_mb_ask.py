"""The Ask page (issue 33): it opens on a position ready for the common questions, its counts say
what is true, moving a ship moves it while adding is its own choice, and counts read right in
English ("1 slot", never "1 slots")."""

import json
import re

from engine.mare_balticum.board import BOARD
from engine.mare_balticum.messages import CATALOG
from widgets.render import render_output

from ._mb import GAME, example

CTX = {"lang": "en", "base": "/"}


def ask_start():
    return example("ask")


def test_the_ask_page_opens_mid_game_with_sail_fish_and_unload_legal():
    spec = ask_start()
    assert "setup" not in spec and "moves" not in spec
    s = GAME.from_json(spec["state"])
    me = s.current_player
    assert s.phase == "actions" and s.actions == 0 and s.round > 0 and s.time_track > 0
    # no hidden precondition: the ships are out of the supply, the hold has fish and room
    assert s.supply[me] == 0 and 0 < sum(s.hold[me].values()) < 5
    assert all(sum(s.warehouse[i].values()) for i in range(s.n))
    kinds = {a["type"] for a in s.legal_actions()}
    assert {"sail", "fish", "unload"} <= kinds


def answer(spec, cmd=None):
    html = render_output({**spec, "cmd": cmd} if cmd else spec, CTX)
    update = json.loads(re.search(r'data-update="([^"]*)"', html).group(1).replace("&quot;", '"').replace("&amp;", "&"))
    return html, update


def test_adding_is_a_named_choice_and_moving_moves_the_ship():
    spec = ask_start()
    html, update = answer(spec)
    palette = re.search(r"kikoto-ed-palette.*?</div>", html, re.S).group(0)
    # player 1 has no ship in the supply: their "+" is there, says so, and does nothing
    assert "+ " in palette and "a ship of player 1 (0 in the supply)" in palette
    add1 = next(b for b in re.findall(r"<button.*?</button>", palette) if "a ship of player 1" in b)
    assert "disabled" in add1 and "data-cmd" not in add1
    # moving: select the field, take its ship, tap another field: the same ship, one fewer nowhere
    draft = update["draft"]
    ships = list(draft["players"][0]["ships"])
    spec = {**spec, **update}
    _, update = answer(spec, {"op": "game", "do": "move-ship", "seat": 0, "field": "finland_w"})
    spec = {**spec, **update}
    _, update = answer(spec, {"op": "tap", "field": "landsort"})
    after = update["draft"]["players"][0]
    assert sorted(after["ships"], key=BOARD.index.__getitem__) == sorted(
        [f for f in ships if f != "finland_w"] + ["landsort"], key=BOARD.index.__getitem__
    )
    assert after["supply"] == 0
    assert GAME.problems(update["draft"]) == []


def test_a_wrong_ship_count_says_what_it_must_be_and_what_it_is():
    data = ask_start()["state"]
    data["players"][1]["supply"] = 2  # 5 on the board + 2: 7 of a box of 5
    err = next(e for e in GAME.problems(data) if e.code == "mb-count")
    assert err.message["en"].endswith("player 2's ships: the places must add up to 5, but there are 7.")
    assert "az 2." not in err.message["hu"] and "a 2. játékos hajói" in err.message["hu"]
    data["players"][1]["supply"] = 0
    data["players"][1]["ships"] = data["players"][1]["ships"][:1]
    err = next(e for e in GAME.problems(data) if e.code == "mb-count")
    assert "but there is 1." in err.message["en"]


def test_counts_read_right_in_english():
    one = CATALOG.text("demand-no-slot", "en", port="Riga", slot=1, n=1)
    two = CATALOG.text("demand-no-slot", "en", port="Gdańsk", slot=2, n=2)
    assert "1 demand slot," in one and "2 demand slots," in two
    assert CATALOG.text("ok-unload-lost", "en", count=2, n=1).endswith("1 is lost to the −1 slot.")
    assert CATALOG.text("ok-unload-lost", "en", count=2, n=2).endswith("2 are lost to the −1 slot.")
    for code in ("mb-company-count", "mb-count", "mb-count-over", "mb-setup-full"):
        for n in (1, 2):
            text = CATALOG.text(code, "en", field="f", kind="k", box=1, n=n, have=n, track=n)
            assert not re.search(r"\b1 [a-z]+s\b", text), text


def test_a_draft_of_any_shape_is_drawn_with_its_problems():
    """The JSON view takes anything: the palette and counters still draw, and the engine names the problem."""
    start = ask_start()["state"]
    for change in (
        {"players": [5, {"ships": "x"}, {}]},
        {"bag": "x"},
        {"tokens": {"hano": 3}},
        {"time_track": "2"},
        {"players": [{"supply": None, "ships": []}] * 7},
    ):
        html = render_output({"game": "mare-balticum", "widget": "editor", "draft": {**start, **change}}, CTX)
        assert 'class="kikoto-ed"' in html and 'data-valid="false"' in html, change
        assert "kikoto-ed-palette" in html and "kikoto-ed-problem" in html, change


def test_a_broken_fleet_marks_only_the_ships_that_break_it():
    """Player 1's five ships: finland_w, finland_e, hiiumaa, irbe touching, and one moved far off to
    landsort: the fleet problem (MB-4.2) lights the lone ship only, not the four that are fine."""
    from widgets.render.mare_balticum.edit import EDITING

    data = ask_start()["state"]
    data["players"][0]["ships"] = ["finland_w", "finland_e", "hiiumaa", "irbe", "lubeck"]
    problems = [p for p in GAME.problems(data) if p.code == "mb-fleet"]
    assert problems, [p.code for p in GAME.problems(data)]
    assert EDITING.fields_of(problems[0].field, data) == {"lubeck"}


def fix_buttons(html):
    """The one-tap fixes the editor offers for the position's problems."""
    cmds = [json.loads(c.replace("&quot;", '"').replace("&amp;", "&")) for c in re.findall(r'data-cmd="([^"]*)"', html)]
    return [c for c in cmds if c.get("op") == "fix"]


def test_five_players_from_the_ask_page_by_the_fixes_then_the_fleet_rule():
    """Issue 39: three ships of one player at a table of five, asked about the fleet rule. The table
    changed to 5 carries the position over: the ships beyond 3 a player and the new seats' missing
    ships are problems, each with a fix; the new seats' company tokens follow the time track. After
    the fixes, a sail that splits player 1's fleet is answered by the fleet rule alone."""
    spec = ask_start()
    html, update = answer(spec, {"op": "players", "players": 5})
    spec = {**spec, **update}
    codes = {e.code for e in GAME.problems(spec["draft"])}
    assert codes == {"mb-count", "mb-no-ships"}, codes  # no company-token problem: the new seats have theirs
    taps = 0
    while fix_buttons(html):
        html, update = answer(spec, fix_buttons(html)[0])
        spec = {**spec, **update}
        taps += 1
    assert taps == 5  # 3 seats' extra ships back to the box, 2 new seats' first ships
    draft = spec["draft"]
    assert GAME.problems(draft) == [] and len(draft["players"][0]["ships"]) == 3
    state = GAME.from_json(draft)
    ships = state.ships[0]
    splits = [
        {"type": "sail", "from": f, "to": g}
        for f in ships
        for g in BOARD.ids
        if g not in ships and state.check({"type": "sail", "from": f, "to": g}).reason == "fleet-broken"
    ]
    assert splits
    verdict = state.check(splits[0])
    assert [r.code for r in verdict.reasons] == ["fleet-broken"] and verdict.rules == ("MB-4.2",)
