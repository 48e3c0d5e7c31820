"""Every game's editor on drafts a reader could type in its JSON view (wrong types, missing keys,
out-of-range indexes, strings for numbers), through the renderer the worker runs: the editor always
answers; a draft the game's format refuses is kept as typed, its problem named at its field; and the
taps, tools, buttons and counters the answer offers answer too, never with a traceback (the editor
catches no error of its own code: widgets/render/editor.py, `apply_cmd`)."""

import html
import json
import re

import pytest
from hypothesis import given, strategies as st

from engine import load_game
from tests.core.test_fuzz import examples, json_values, mutated, positions, time_bound
from widgets.render import render_output

from .test_editor_parts import CTX, EDITORS, ask_page, render

TAPS = re.compile(r'data-tap="([^"]+)"')
CMDS = re.compile(r'data-cmd="([^"]+)"')
PATHS = re.compile(r'data-path="([^"]+)"')


def start(game):
    spec = ask_page(game)
    return spec, render(spec)[1]["draft"]


def offered(answer: str) -> list:
    """The commands the answer offers: each field to tap, each button, each counter set to a value."""
    cmds = [{"op": "tap", "field": f} for f in sorted(set(TAPS.findall(answer)))]
    cmds += [json.loads(html.unescape(c)) for c in sorted(set(CMDS.findall(answer)))]
    for path in sorted(set(PATHS.findall(answer))):
        keys = [key or int(index) for key, index in re.findall(r"\.([^.\[]+)|\[(\d+)\]", html.unescape(path))]
        cmds += [{"op": "set", "path": keys, "value": v} for v in (1, "x")]
    return cmds


def answers(spec, lang="en") -> str:
    out = render_output(spec, {**CTX, "lang": lang})
    assert 'class="kikoto-ed"' in out or "kikoto-error" in out, out[:300]
    return out


@pytest.mark.parametrize("game", EDITORS)
@examples(25)
@given(data=st.data())
def test_a_typed_draft_is_kept_named_and_every_offered_command_answers(game, data):
    spec, draft = start(game)
    typed = data.draw((mutated(draft) | json_values).filter(lambda v: isinstance(v, dict)))  # (the JSON view takes an object)
    with time_bound(20):
        out = answers({**spec, "draft": typed, "mode": "edit"}, data.draw(st.sampled_from(["hu", "en"])))
        loaded, found = load_game(game).examine(json.loads(json.dumps(typed)))
        if loaded is None:  # the format refuses it: kept as typed, its problem named at its field
            assert f'data-field="{html.escape(found[0].field)}"' in out, found[0].field
            assert json.loads(html.unescape(re.search(r'data-update="([^"]*)"', out).group(1)))["draft"] == typed
        cmds = offered(out)
        for cmd in data.draw(st.lists(st.sampled_from(cmds), max_size=6)) if cmds else []:
            after = answers({**spec, "draft": typed, "mode": "edit", "cmd": cmd})
            if "kikoto-error" in after:  # a command the editor refuses names its field
                assert 'data-field="' in after
                continue
            for mode in ("edit", "ask"):  # a tap with a tool in hand, and a tap asking
                update = json.loads(html.unescape(re.search(r'data-update="([^"]*)"', after).group(1)))
                for field in data.draw(st.lists(st.sampled_from(sorted(set(TAPS.findall(after))) or [""]), max_size=2)):
                    answers({**spec, **update, "parts": None, "mode": mode, "cmd": {"op": "tap", "field": field}})


@pytest.mark.parametrize("game", EDITORS)
@examples(150)
@given(data=st.data())
def test_the_lenient_read_takes_any_draft(game, data):
    """The game's `lenient` reads what the widgets draw of any draft, and never raises: a list where an
    id was (a set cannot look a list up) as much as a missing part."""
    position = data.draw(st.sampled_from(positions(game))).to_json()
    assert isinstance(load_game(game).position.lenient(data.draw(mutated(position))), dict)
