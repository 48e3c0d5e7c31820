"""Every game's guided first round (widgets/render/lesson.py, docs/<game>/examples/lesson.json) played
through the engine: each step's move is legal where it stands; each of the learner's steps marks the
fields that, tapped as the board takes taps (the game's editor's `ask_tap`, then the moves the last
field offers), make exactly that move; the mistake a step names is one the engine refuses. Then the
lesson is played as the page plays it (render requests to widgets/live.py, the answer's data-update
assigned over the spec), in both languages, by taps, with the mistake tried first."""

import glob
import html
import json
import os
import re

import pytest

from engine import load_game
from engine.core.formats import read_link
from tests.conftest import IN_PYODIDE, ROOT
from widgets.render.lesson import accepted, lesson, matches, offers
from widgets.render.play import editing

pytestmark = pytest.mark.skipif(IN_PYODIDE, reason="the lessons are read from docs/, with the host's tests")

LESSONS = sorted(glob.glob(os.path.join(ROOT, "docs", "*", "examples", "lesson.json")))
UI_KEYS = ("loading", "ready", "failed", "crashed", "timeout", "retry", "unsupported", "internal")


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def tapped(edit, state, taps, seat):
    """The moves the taps make: the one asked at the last tap, or those the field it selected offers
    (no taps: the moves the board offers with nothing selected, its buttons)."""
    sel = None
    for i, tap in enumerate(taps):
        sel, action = edit.ask_tap(state.to_json(), sel, tap)
        if action is not None:
            assert i == len(taps) - 1, f"the move came at tap {i + 1} of {taps}"
            return [action]
    return [a for _, a in offers(edit, state, sel, "en")] if sel is not None or not taps else []


def test_every_game_has_a_lesson():
    from engine import game_ids

    assert sorted(os.path.basename(os.path.dirname(os.path.dirname(p))) for p in LESSONS) == game_ids()


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.split(os.sep)[-3])
def test_every_step_is_legal_and_tapped_where_the_guide_points(path):
    spec = load(path)
    game, seat, plan, owners, state = lesson(spec)  # plays the plan: an illegal step raises here
    edit = editing(game.id)
    assert seat in owners and any(o != seat for o in owners), "the learner and the engine both play"
    mistakes = 0
    for i, (step, owner) in enumerate(zip(plan, owners)):
        where = f"steps[{i}]"
        if owner != seat:
            assert "where" not in step and "mistake" not in step, f"{where}: the engine's step marks nothing"
        else:
            assert step.get("caption"), f"{where}: the guide says what to do"
            assert isinstance(step.get("where"), list), f"{where}: the guide marks where (or none: a button)"
            made = tapped(edit, state, step["where"], seat)
            assert any(matches(m, step["action"], seat) for m in made), f"{where}: tapping {step['where']} gives {made}"
            for other in step.get("also", []):
                assert state.check(other).legal, f"{where}: an accepted move is legal"
                later = state.apply(other)
                for j in range(i + 1, len(plan)):  # the rest of the lesson still stands after it
                    assert later.check(plan[j]["action"]).legal, f"after {where}'s {other}: steps[{j}]"
                    later = later.apply(plan[j]["action"])
            if "mistake" in step:
                mistakes += 1
                wrong = step["mistake"]
                made = tapped(edit, state, wrong["taps"], seat)
                assert wrong["move"] in made or any(matches(m, wrong["move"], seat) for m in made), (where, made)
                verdict = state.check(wrong["move"])
                assert not verdict.legal and verdict.rules and verdict.message["en"], (where, verdict)
        verdict = state.check(step["action"])
        assert verdict.legal, (where, verdict.reason, verdict.message["en"])
        state = state.apply(step["action"])
    assert mistakes >= 1, "the lesson shows one mistake and its refusal"


def ask(spec, lang):
    from widgets.live import handle

    ctx = {"lang": lang, "rules_url": "../rules/", "sandbox_url": "../sandbox/", "ui": {k: k for k in UI_KEYS}}
    answer = json.loads(handle(json.dumps({"op": "render", "spec": spec, "ctx": ctx})))
    assert "html" in answer, answer
    found = re.search(r'data-update="([^"]*)"', answer["html"])
    for key in ("tap", "try"):  # carried out once (wire.mjs)
        spec.pop(key, None)
    spec.update(json.loads(html.unescape(found.group(1))))
    return answer["html"]


def offer(page: str, move: dict, seat: int) -> dict:
    """The move among the offered buttons (data-try) that the page would press."""
    offered = [json.loads(html.unescape(t)) for t in re.findall(r'<li><button type="button" data-try="([^"]*)"', page)]
    return next(m for m in offered if matches(m, move, seat))


@pytest.mark.parametrize("lang", ["hu", "en"])
@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.split(os.sep)[-3])
def test_the_lesson_plays_by_taps_as_the_page_plays_it(path, lang):
    spec = {k: v for k, v in load(path).items()}
    from engine.core.content import localized_spec

    spec = localized_spec(spec, lang)
    game, seat, plan, owners, _ = lesson(spec)
    page = ask(spec, lang)
    assert 'data-step="0"' in page or owners[0] != seat
    refused = 0
    for i, step in enumerate(plan):
        if owners[i] != seat:
            continue
        assert f'data-step="{i}"' in page, (i, re.findall(r'data-step="\d+"', page))
        assert esc_in(step["caption"], page), f"steps[{i}]: the guide's words"
        for field in step["where"]:
            marked = re.search(rf'data-tap="{re.escape(field)}"', page)
            assert marked, f"steps[{i}]: {field} is a field of the board"
        if "mistake" in step:
            for field in step["mistake"]["taps"]:
                assert f'data-tap="{field}"' in page, f"steps[{i}]: the mistake's {field} is a field of the board"
            page = taps(spec, lang, step["mistake"]["taps"], step["mistake"]["move"], seat, page)
            assert 'data-legal="false"' in page and 'class="kikoto-rule"' in page, f"steps[{i}]: refused with its rule"
            assert f'data-step="{i}"' in page, "a refused move is not played"
            refused += 1
        page = taps(spec, lang, step["where"], step["action"], seat, page)
    assert 'data-done="true"' in page and refused
    link = html.unescape(re.search(r'data-sandbox-link href="[^"#]*#play=([^"]*)"', page).group(1))
    opened = read_link(link, game.id)  # the sandbox opens on the lesson's last position
    assert load_game(game.id).from_json(opened["state"]).to_json() == opened["state"]


def taps(spec, lang, fields, move, seat, page):
    for field in fields:
        spec["tap"] = field
        page = ask(spec, lang)
    if spec.get("sel") is not None or not fields:  # the field (or the board, untapped) offers moves: press the one wanted
        spec["try"] = offer(page, move, seat)
        page = ask(spec, lang)
    return page


def esc_in(text: str, page: str) -> bool:
    return html.escape(text, quote=True) in page


@pytest.mark.parametrize("path", LESSONS[:1], ids=lambda p: p.split(os.sep)[-3])
def test_show_me_plays_the_step_and_a_stray_move_list_is_refused(path):
    spec = load(path)
    game, seat, plan, owners, _ = lesson(spec)
    first = owners.index(seat)
    spec["moves"] = [s["action"] for s in plan[:first]]
    spec["try"] = plan[first]["action"]  # "Show me"
    page = ask(spec, "en")
    assert len(spec["moves"]) > first and f'data-step="{first}"' not in page
    assert accepted(plan[first])[0] == spec["moves"][first]
    from widgets.live import handle

    bad = {**load(path), "moves": [{"type": "not-this-lesson"}]}  # no step of it: refused, named
    answer = json.loads(handle(json.dumps({"op": "render", "spec": bad, "ctx": {"lang": "en"}})))
    assert "kikoto-error" in answer["html"] and 'data-field="moves[0]"' in answer["html"]


def test_a_legal_move_the_lesson_does_not_take_is_not_played():
    """The rules allow it, the lesson goes another way: said so, nothing played, the step stands."""
    for path in LESSONS:
        spec = load(path)
        game, seat, plan, owners, state = lesson(spec)
        for i, (step, owner) in enumerate(zip(plan, owners)):
            other = next((a for a in state.legal_actions() if not any(matches(a, b, seat) for b in accepted(step))), None)
            if owner == seat and other is not None:
                spec["moves"] = [s["action"] for s in plan[:i]]
                spec["try"] = other
                page = ask(spec, "en")
                assert f'data-step="{i}"' in page and "kikoto-tried" in page and 'data-legal="false"' not in page
                assert len(spec["moves"]) == i
                break
            state = state.apply(step["action"])
        else:
            pytest.fail(f"{path}: no step where another legal move could be tried")


def test_a_lesson_its_game_no_longer_allows_names_its_step():
    from widgets.render import render_output

    spec = load(LESSONS[0])
    spec["steps"][0]["action"] = {"type": "no-such-move"}
    page = render_output(spec, {"lang": "en"})
    assert "kikoto-error" in page and 'data-field="steps[0]' in page
