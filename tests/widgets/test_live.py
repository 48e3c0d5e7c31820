"""The worker's entry point, on CPython here and inside Pyodide in the Node run."""

import html
import json
import re

from widgets.live import handle
from widgets.render import render_output

with open(__file__.rsplit("/tests/", 1)[0] + "/docs/mare-balticum/examples/scoring-purple.json", encoding="utf-8") as f:
    PURPLE = json.load(f)
CTX = {"lang": "en", "rules_url": ""}


def ask(request) -> dict:
    return json.loads(handle(json.dumps(request)))


def test_live_answer_equals_static_for_unchanged_input():
    answer = ask({"op": "render", "spec": PURPLE, "ctx": CTX})
    assert answer["html"] == render_output(PURPLE, CTX)
    assert 'data-total="21"' in answer["html"]


def test_live_answer_follows_input():
    spec = json.loads(json.dumps(PURPLE))
    spec["input"]["warehouse"]["salmon"] = 4
    assert 'data-total="24"' in ask({"op": "render", "spec": spec, "ctx": CTX})["html"]


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

def long_game(game_id="black-fleet", moves=400, seed=3):
    from engine import load_game
    from engine.cli import random_playout

    spec = {"id": "sandbox", "game": game_id, "widget": "play", "sandbox": True, "play": True,
            "setup": {"players": 3, "seed": seed}, "options": {}}
    start = load_game(game_id).new(3, seed, {})
    return spec, start, [action for _, action, _, _ in random_playout(start, moves, seed)]


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
    for prefix, html in ((moves[:-1], first), (moves, click), (moves[:200], undo), (moves, again)):
        play.LINES.clear()
        assert html == render_output({**spec, "moves": prefix}, CTX)
    assert f'data-moves="{len(moves)}"' in click and 'data-moves="200"' in undo
    # The log shows the last moves only, numbered as in the game.
    log = click.split('<details class="kikoto-log"', 1)[1].split("</details>", 1)[0]
    assert f'({len(moves)})' in log and log.count("<li>") == play.LOG_SHOWN
    assert f'<ol start="{len(moves) - play.LOG_SHOWN + 1}">' in log


def played(answer):
    """What the browser reads in an answer: the moves the engine played after the request's."""
    start, text = re.search(r'data-played-from="(\d+)" data-played="([^"]*)"', answer).groups()
    return int(start), json.loads(html.unescape(text))


def test_an_answer_names_only_the_moves_played_after_the_requests_own(monkeypatch):
    """A long game's every move went back and forth with each click; and the random seats' moves,
    sent back spelled otherwise (sorted keys), replayed the game from the first of them."""
    spec, start, _ = long_game()
    spec = {**spec, "auto": [1, 2]}  # seat 0 is the reader's
    moves = []
    for _ in range(30):
        answer = ask({"op": "render", "spec": {**spec, "moves": moves}, "ctx": CTX})["html"]
        first, tail = played(answer)
        assert first == len(moves) and f'data-moves="{len(moves) + len(tail)}"' in answer
        moves = moves + tail
        move = json.loads(html.unescape(answer.split('data-move="', 1)[1].split('"', 1)[0]))
        calls = counting_applies(monkeypatch, start)
        ask({"op": "render", "spec": {**spec, "moves": moves + [move]}, "ctx": CTX})
        monkeypatch.undo()
        assert calls[0] == move  # the random seats' moves were not played again
        moves.append(move)
    assert len(moves) > 60  # the random seats did play


def test_kept_moves_are_compared_as_json_not_by_python_equality(monkeypatch):
    """true == 1 == 1.0 in Python: a kept line must not stand in for a move spelled differently."""
    spec, start, moves = long_game("balaton", moves=30)  # its moves carry {"steps": 2, "back": true}
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


def test_a_caption_that_is_not_text_in_every_language_is_named():
    """Found by the worker fuzz test: a caption of `true` was an internal error."""
    spec = {"widget": "steps", "game": "mare-balticum", "setup": {"players": 3, "seed": 1}}
    for bad, field in ((True, "caption"), ({"hu": "x"}, "caption.en")):
        answer = json.loads(handle(json.dumps({"op": "render", "spec": {**spec, "caption": bad}, "ctx": {"lang": "en"}})))
        assert "error" not in answer, answer  # not an internal error: an error box naming the field
        assert f'data-field="{field}"' in answer["html"], answer


def test_a_kept_position_is_not_worked_out_again(monkeypatch):
    """Undo to the position just left, or opening another group of its moves, reuses what the play
    area made of it (Mississippi Queen's start: over a thousand moves), and answers as a fresh worker."""
    from widgets.render import play

    spec, start, moves = long_game("mississippi-queen", moves=3, seed=1)  # the headings, then the first move
    asks = []
    move = play_state(moves).legal_actions()[0]
    # the play area reads the state's own kept list (legal_actions_shared), which legal_actions copies
    shared = type(start).legal_actions_shared
    monkeypatch.setattr(type(start), "legal_actions_shared", lambda self: asks.append(self) or shared(self))
    requests = [{**spec, "moves": moves}, {**spec, "moves": moves + [move]},
                {**spec, "moves": moves}, {**spec, "moves": moves, "open": 1}, {**spec, "moves": moves, "step": 1}]
    answers = [ask({"op": "render", "spec": r, "ctx": CTX})["html"] for r in requests]
    assert len(asks) == 2  # the two positions, each once
    assert answers[0] == answers[2] and 'data-sub="1" open' in answers[3]
    for request, answer in zip(requests, answers):
        play.LINES.clear()
        assert answer == render_output(request, CTX)


def play_state(moves):
    from engine import load_game

    state = load_game("mississippi-queen").new(3, 1, {})
    for move in moves:
        state = state.apply(move)
    return state


def test_grouping_a_kept_list_again_gives_the_same_groups():
    """Mississippi Queen's highlight and groups share one pass over the sandbox's kept list of moves;
    another list (or the same list grown) is grouped afresh."""
    from widgets.render import mississippi_queen as view

    state = play_state(play_state([]).legal_actions()[:1])
    while state.phase != "move":
        state = state.apply(state.legal_actions()[0])
    kept = state.legal_actions_shared()
    lit, groups = view.legal_highlight(state, kept), view.group_actions(state, kept, "en")
    assert lit == view.legal_highlight(state, state.legal_actions())
    assert groups == view.group_actions(state, state.legal_actions(), "en")
    fewer = state.legal_actions()[:5]
    before = view.legal_highlight(state, fewer)
    assert before == {(tuple(a["path"]), ()) for a in fewer}
    later = next(a for a in kept if (tuple(a["path"]), ()) not in before)
    fewer.append(later)  # the same list, grown: grouped again
    assert view.legal_highlight(state, fewer) == before | {(tuple(later["path"]), ())}


def test_warming_up_plays_aside_and_leaves_the_readers_line_alone(monkeypatch):
    """The page has the engine play and render positions of its game before the reader's first
    moves (kikoto.js, warmUp): it plays from the sandbox's start on a line of its own, goes on from
    where it stopped, and the reader's kept line and its answers stay as they were."""
    from widgets.render import play

    spec, start, moves = long_game("mare-balticum", moves=30, seed=2)
    before = ask({"op": "render", "spec": {**spec, "moves": moves}, "ctx": CTX})["html"]
    kept = dict(play.LINES)
    reader = next(iter(kept.values()))
    played = list(reader.played)
    calls = counting_applies(monkeypatch, start)
    assert ask({"op": "warm", "spec": spec, "ctx": CTX, "positions": 5}) == {"warmed": 5, "runtime": ask({"op": "ping"})["runtime"]}
    assert len(calls) == 5  # one move after each position rendered
    assert ask({"op": "warm", "spec": spec, "ctx": CTX, "positions": 4})["warmed"] == 4
    assert len(calls) == 9 and len(play.WARM["line"].played) >= 9  # it went on from where it was
    assert dict(play.LINES) == kept and reader.played == played
    assert ask({"op": "render", "spec": {**spec, "moves": moves}, "ctx": CTX})["html"] == before
    assert len(calls) == 9  # the reader's position was still kept


def test_a_bad_warm_up_request_is_an_answer_naming_the_field():
    for request, field in [({"op": "warm", "spec": {"game": "chess"}, "ctx": CTX, "positions": 2}, "game"),
                           ({"op": "warm", "spec": {"game": "balaton"}, "ctx": CTX, "positions": 0}, "request.positions"),
                           ({"op": "warm", "spec": {"game": "balaton"}, "ctx": CTX, "positions": "3"}, "request.positions"),
                           ({"op": "warm", "spec": [], "ctx": CTX, "positions": 2}, "request.spec"),
                           ({"op": "warm", "spec": {"game": "balaton"}, "positions": 2}, "request.ctx")]:
        assert ask(request)["error"]["field"] == field, request
