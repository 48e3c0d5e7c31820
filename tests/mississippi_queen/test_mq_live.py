"""Mississippi Queen in the worker: its wide positions' groups and highlight reuse the kept line's work."""

from tests.widgets.test_live import CTX, ask, long_game
from widgets.render import render_output


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
    requests = [
        {**spec, "moves": moves},
        {**spec, "moves": moves + [move]},
        {**spec, "moves": moves},
        {**spec, "moves": moves, "open": 1},
        {**spec, "moves": moves, "step": 1},
    ]
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
    from widgets.render.mississippi_queen import board as view

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
