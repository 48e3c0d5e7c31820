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
from tests.edits import DELETE, edited
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
    for path in sorted({html.unescape(p) for p in PATHS.findall(answer)}):
        if path.startswith("["):  # (a count only shown names its path in words)
            cmds += [{"op": "set", "path": json.loads(path), "value": v} for v in (1, "x")]
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


def _offered_around(game) -> list:
    """The commands an editor offers at its Ask page's start, and after each of its first taps and tools."""
    spec, draft = start(game)
    first = offered(answers({**spec, "mode": "edit"}))
    cmds = list(first)
    for cmd in [c for c in first if c["op"] in ("tool", "tap")][:30]:
        cmds += [c for c in offered(answers({**spec, "mode": "edit", "cmd": cmd})) if c not in cmds]
    return cmds


OFFERED = {game: _offered_around(game) for game in EDITORS}


BAD = (DELETE, None, "x", -1, 99, [], {"x": 1})


@pytest.mark.parametrize("game", EDITORS)
def test_a_command_the_page_did_not_write_is_named(game):
    """Each kind of button a game's editor offers, with each of its fields missing, of another type or
    out of range (a request the page did not write): an error naming that field of the command, or
    the command does nothing; never a traceback."""
    spec, _ = start(game)
    kinds = {}
    for cmd in OFFERED[game]:
        kinds.setdefault((cmd["op"], cmd.get("do")), cmd)
    for cmd in kinds.values():
        for key in [k for k in cmd if k != "op"]:
            for bad in BAD:
                out = answers({**spec, "mode": "edit", "cmd": edited(cmd, (key,), bad)})
                # (a counter's path is named as the field it would set: state…)
                named = f'data-field="cmd.{key}' in out or key == "path" and 'data-field="state' in out
                assert "kikoto-error" not in out or named, (cmd, key, bad, out[:300])
