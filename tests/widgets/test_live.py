"""The worker's entry point, on CPython here and inside Pyodide in the Node run."""

import html
import json
import re

from engine import game_ids, load_game
from engine.cli import random_playout
from tests.browser.support import live_scenario
from tests.conftest import ROOT
from widgets.live import handle
from widgets.render import render_output
from widgets.render.renderer import renderer

LIVE = live_scenario()  # a game's live widget (tests/<package>/live_scenario.py)
with open(f"{ROOT}/docs/{LIVE.game}/examples/{LIVE.EXAMPLE}.json", encoding="utf-8") as f:
    PURPLE = json.load(f)
ANSWER = LIVE.ANSWER.strip("[]")  # the answer's attribute, e.g. data-total
CTX = {"lang": "en", "rules_url": ""}


def playout(game_id, moves, seed, players=3):
    return [action for _, action, _, _ in random_playout(load_game(game_id).new(players, seed, {}), moves, seed)]


# The long game the kept-line tests play: the first (in the registry) that lists its moves plainly
# (a reader's move is a button of the answer), seats three and lasts 400 moves at three players.
LONG = next(
    g
    for g in game_ids()
    if not renderer(g).group_actions
    and load_game(g).players[0] <= 3 <= load_game(g).players[1]
    and len(playout(g, 400, 3)) == 400
)


def ask(request) -> dict:
    return json.loads(handle(json.dumps(request)))


def test_live_answer_equals_static_for_unchanged_input():
    answer = ask({"op": "render", "spec": PURPLE, "ctx": CTX})
    assert answer["html"] == render_output(PURPLE, CTX)
    assert f'{ANSWER}="{LIVE.STATIC}"' in answer["html"]


def test_live_answer_follows_input():
    spec = json.loads(json.dumps(PURPLE))
    *path, last = LIVE.FIELD.split(".")
    holder = spec["input"]
    for key in path:
        holder = holder[key]
    holder[last] = 4
    assert f'{ANSWER}="{LIVE.LIVE["4"]}"' in ask({"op": "render", "spec": spec, "ctx": CTX})["html"]


def test_bad_input_is_an_error_box_naming_the_field_in_the_readers_language():
    spec = json.loads(json.dumps(PURPLE))
    spec["input"]["warehouse"]["salmon"] = None
    html = ask({"op": "render", "spec": spec, "ctx": {"lang": "hu", "rules_url": ""}})["html"]
    assert 'data-field="input.warehouse.salmon"' in html and "egész szám" in html
    spec["input"]["companies"]["cod"] = 3
    html = ask({"op": "render", "spec": spec, "ctx": CTX})["html"]
    assert "each value exactly once" in html


def test_malformed_requests_are_answers_not_exceptions():
    assert json.loads(handle("{not json"))["error"]["code"] == "bad-json"
    assert json.loads(handle("[]"))["error"]["field"] == "request"
    assert ask({"op": "explode"})["error"]["field"] == "request.op"
    assert ask({"op": "render", "spec": {"widget": "nope"}, "ctx": CTX})["html"].count("widget") >= 1


def test_text_is_escaped():
    spec = json.loads(json.dumps(PURPLE))
    spec["input"]["warehouse"]["<img src=x onerror=alert(1)>"] = 1
    html = ask({"op": "render", "spec": spec, "ctx": CTX})["html"]
    assert "<img" not in html and "&lt;img" in html


# -- a click in a long game does not replay it -----------------------------------------


def long_game(game_id=LONG, moves=400, seed=3):
    spec = {
        "id": "sandbox",
        "game": game_id,
        "widget": "play",
        "sandbox": True,
        "play": True,
        "setup": {"players": 3, "seed": seed},
        "options": {},
    }
    return spec, load_game(game_id).new(3, seed, {}), playout(game_id, moves, seed)


def counting_applies(monkeypatch, state):
    calls = []
    apply = type(state).apply

    def counted(self, action):
        calls.append(action)
        return apply(self, action)

    monkeypatch.setattr(type(state), "apply", counted)
    return calls


def test_a_click_applies_one_move_and_undo_none(monkeypatch):
    from widgets.render import play

    spec, start, moves = long_game()
    first = ask({"op": "render", "spec": {**spec, "moves": moves[:-1]}, "ctx": CTX})["html"]
    calls = counting_applies(monkeypatch, start)
    click = ask({"op": "render", "spec": {**spec, "moves": moves}, "ctx": CTX})["html"]
    assert len(calls) == 1  # the kept line, plus the one new move
    undo = ask({"op": "render", "spec": {**spec, "moves": moves[:200]}, "ctx": CTX})["html"]
    assert len(calls) == 1  # back to a kept position: nothing played
    again = ask({"op": "render", "spec": {**spec, "moves": moves}, "ctx": CTX})["html"]
    assert len(calls) == 1 + len(moves) - 200  # the undone moves are played again, the rest are not
    # The answers are the ones a fresh worker gives (so the static page's too).
    for prefix, shown in ((moves[:-1], first), (moves, click), (moves[:200], undo), (moves, again)):
        play.LINES.clear()
        assert shown == render_output({**spec, "moves": prefix}, CTX)
    assert f'data-moves="{len(moves)}"' in click and 'data-moves="200"' in undo
    # The log shows the last moves only, numbered as in the game.
    log = click.split('<details class="kikoto-log"', 1)[1].split("</details>", 1)[0]
    assert f"({len(moves)})" in log and log.count("<li>") == play.LOG_SHOWN
    assert f'<ol start="{len(moves) - play.LOG_SHOWN + 1}">' in log


def played(answer):
    """What the browser reads in an answer: the reader's moves the engine played after the request's."""
    start, text = re.search(r'data-played-from="(\d+)" data-played="([^"]*)"', answer).groups()
    return int(start), json.loads(html.unescape(text))


def test_an_answer_names_none_of_the_random_seats_moves_and_a_click_plays_what_follows_only(monkeypatch):
    """A long game's every move went back and forth with each click. The random seats' moves are not
    sent at all (the engine chooses them again, line.py): an answer names none of them, and a click
    plays the reader's move and the random seats' answer to it, not the game again."""
    spec, start, _ = long_game()
    spec = {**spec, "auto": [1, 2]}  # seat 0 is the reader's
    moves = []
    for _ in range(30):
        answer = ask({"op": "render", "spec": {**spec, "moves": moves}, "ctx": CTX})["html"]
        assert played(answer) == (len(moves), [])
        total = int(re.search(r'data-moves="(\d+)"', answer).group(1))
        move = json.loads(html.unescape(answer.split('data-move="', 1)[1].split('"', 1)[0]))
        calls = counting_applies(monkeypatch, start)
        after = ask({"op": "render", "spec": {**spec, "moves": moves + [move]}, "ctx": CTX})["html"]
        monkeypatch.undo()
        assert calls[0] == move and len(calls) == int(re.search(r'data-moves="(\d+)"', after).group(1)) - total
        moves.append(move)
    assert total > 60  # the random seats did play


def test_kept_moves_are_compared_as_json_not_by_python_equality(monkeypatch):
    """true == 1 == 1.0 in Python: a kept line must not stand in for a move spelled differently."""
    # a game whose moves carry numbers or booleans ({"steps": 2, "back": true})
    game_id = next(
        g
        for g in game_ids()
        if load_game(g).players[0] <= 3 and any(isinstance(v, (bool, int)) for m in playout(g, 30, 3) for v in m.values())
    )
    spec, start, moves = long_game(game_id, moves=30)
    ask({"op": "render", "spec": {**spec, "moves": moves}, "ctx": CTX})
    k, field = next((i, key) for i, m in enumerate(moves) for key, v in m.items() if isinstance(v, int))
    odd = [dict(m) for m in moves]
    value = odd[k][field]
    odd[k][field] = int(value) if isinstance(value, bool) else float(value)  # equal in Python, not in JSON
    answer = ask({"op": "render", "spec": {**spec, "moves": odd}, "ctx": CTX})["html"]
    # judged afresh from the move that differs, not taken from the kept line: 2.0 for 2, or 1 for
    # true, is not the engine's format, so the answer is bad input naming the move's field
    assert f'data-field="action.{field}"' in answer
    from widgets.render import play

    play.LINES.clear()
    assert answer == render_output({**spec, "moves": odd}, CTX)


def test_kept_lines_are_bounded():
    from widgets.render import play

    for seed in range(play.MAX_LINES + 3):
        spec, _, moves = long_game(moves=5, seed=seed)
        ask({"op": "render", "spec": {**spec, "moves": moves}, "ctx": CTX})
    assert len(play.LINES) == play.MAX_LINES


def test_a_caption_that_is_not_text_is_named():
    """Found by the worker fuzz test: a caption of `true` was an internal error. A caption in the
    old shape, {"hu": …, "en": …}, is named too (the English belongs in the catalog now)."""
    spec = {"widget": "steps", "game": LONG, "setup": {"players": 3, "seed": 1}}
    for bad, field in ((True, "caption"), ({"hu": "x"}, "caption")):
        answer = json.loads(handle(json.dumps({"op": "render", "spec": {**spec, "caption": bad}, "ctx": {"lang": "en"}})))
        assert "error" not in answer, answer  # not an internal error: an error box naming the field
        assert f'data-field="{field}"' in answer["html"], answer


def test_warming_up_plays_aside_and_leaves_the_readers_line_alone(monkeypatch):
    """The page has the engine play and render positions of its game before the reader's first
    moves (kikoto.js, warmUp): it plays from the sandbox's start on a line of its own, goes on from
    where it stopped, and the reader's kept line and its answers stay as they were."""
    from widgets.render import play

    spec, start, moves = long_game(moves=30, seed=2)
    before = ask({"op": "render", "spec": {**spec, "moves": moves}, "ctx": CTX})["html"]
    kept = dict(play.LINES)
    reader = next(iter(kept.values()))
    played = list(reader.played)
    calls = counting_applies(monkeypatch, start)
    assert ask({"op": "warm", "spec": spec, "ctx": CTX, "positions": 5}) == {
        "warmed": 5,
        "runtime": ask({"op": "ping"})["runtime"],
    }
    assert len(calls) == 5  # one move after each position rendered
    assert ask({"op": "warm", "spec": spec, "ctx": CTX, "positions": 4})["warmed"] == 4
    assert len(calls) == 9 and len(play.WARM["line"].played) >= 9  # it went on from where it was
    assert dict(play.LINES) == kept and reader.played == played
    assert ask({"op": "render", "spec": {**spec, "moves": moves}, "ctx": CTX})["html"] == before
    assert len(calls) == 9  # the reader's position was still kept


def test_a_bad_warm_up_request_is_an_answer_naming_the_field():
    for request, field in [
        ({"op": "warm", "spec": {"game": "chess"}, "ctx": CTX, "positions": 2}, "game"),
        ({"op": "warm", "spec": {"game": game_ids()[0]}, "ctx": CTX, "positions": 0}, "request.positions"),
        ({"op": "warm", "spec": {"game": game_ids()[0]}, "ctx": CTX, "positions": "3"}, "request.positions"),
        ({"op": "warm", "spec": [], "ctx": CTX, "positions": 2}, "request.spec"),
        ({"op": "warm", "spec": {"game": game_ids()[0]}, "positions": 2}, "request.ctx"),
    ]:
        assert ask(request)["error"]["field"] == field, request
