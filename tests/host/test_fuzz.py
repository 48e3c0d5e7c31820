"""Fuzzing the host-side entry points: `python -m engine check` (in-process, through
engine.cli.main with the case on stdin) and the worker's message handler widgets.live.handle.

The engine-only fuzz tests (from_json, run_case, random actions) are in tests/core/test_fuzz.py,
so they run inside Pyodide too.
"""

from __future__ import annotations

import contextlib
import glob
import io
import json
import os
import sys

import pytest
from hypothesis import example, given, strategies as st

from engine import game_ids
from engine.cli import main
from tests.conftest import ROOT
from tests.core.test_fuzz import examples, json_values, mutated, time_bound
from widgets.live import handle


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


CASES = [load(p) for p in sorted(glob.glob(os.path.join(ROOT, "docs", "*", "cases", "*.json")))]
EXAMPLES = [load(p) for p in sorted(glob.glob(os.path.join(ROOT, "docs", "*", "examples", "*.json")))]
SPECS = EXAMPLES + [{"widget": "case", "case": c, "game": c.get("game")} for c in CASES]


def check_cli(text: str):
    """Runs `python -m engine check -` on `text`; returns (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["check", "-", "--lang", "hu"])
    finally:
        sys.stdin = stdin
    return code, out.getvalue(), err.getvalue()


def assert_cli_answer(code, out, err):
    assert code in (0, 1, 2), code
    if code == 2:  # bad input: one line naming the problem, never a traceback
        assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err, err
        assert out == ""
    else:
        verdict = json.loads(out)
        assert isinstance(verdict["legal"], bool) and isinstance(verdict["rules"], list)
        assert verdict["message"]["hu"] and verdict["message"]["en"]


@examples(400)
@given(data=st.data())
def test_cli_check_on_mutated_case_files(data):
    case = data.draw(st.sampled_from(CASES))
    with time_bound():
        assert_cli_answer(*check_cli(json.dumps(data.draw(mutated(case)))))


@examples(150)
@given(value=json_values | st.text(max_size=40))
@example(value={"\n": None})  # regression: a field name with a line break made the error two lines
def test_cli_check_on_any_json_or_text(value):
    text = value if isinstance(value, str) and value[:1] not in ('"',) else json.dumps(value)
    with time_bound():
        assert_cli_answer(*check_cli(text))


def assert_live_answer(text: str, request):
    answer = json.loads(text)
    assert answer["runtime"]
    if "error" in answer:
        err = answer["error"]
        assert err["code"] != "internal", err.get("detail")
        assert isinstance(err["field"], str)
        assert err["message"]["hu"] and err["message"]["en"]
    else:
        assert answer["html"].strip()  # an answer always shows something: the widget or an error box
        # untrusted text from the request never comes back as markup
        assert "<img src=x" not in answer["html"], request


@pytest.mark.parametrize("lang", ["hu", "en"])
@examples(120)
@given(data=st.data())
def test_worker_handler_on_mutated_specs(lang, data):
    spec = data.draw(st.sampled_from(SPECS))
    request = {"op": "render", "spec": data.draw(mutated(spec)), "ctx": {"lang": lang, "rules_url": "../rules/"}}
    if data.draw(st.integers(0, 9)) == 0:
        request = data.draw(mutated(request))
    with time_bound(10):
        assert_live_answer(handle(json.dumps(request)), request)


@examples(150)
@given(value=json_values | st.text(max_size=40))
def test_worker_handler_on_any_json_or_text(value):
    text = value if isinstance(value, str) else json.dumps(value)
    with time_bound():
        assert_live_answer(handle(text), value)


def test_worker_handler_escapes_html_in_a_case_file():
    """A case file's text comes back as text: an action type and a field carrying markup, under a reading
    the reader chose (the page's one input to a case)."""
    case = next(c for c in CASES if "action" in c)
    evil = "<img src=x onerror=alert(1)>"
    edited = {**case, "action": {**case["action"], "type": evil, "port": evil}}
    spec = {"widget": "case", "case": edited, "game": case["game"], "input": {"options": dict(case.get("options", {}))}}
    answer = json.loads(handle(json.dumps({"op": "render", "spec": spec, "ctx": {"lang": "en", "rules_url": ""}})))
    html = answer.get("html", "")
    assert "<img" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html and "error" not in answer


def test_regression_unhashable_widget_name_and_case_action_fields():
    """Found by fuzzing: {"widget": []} and a case action whose field is a list crashed the handler."""
    answer = json.loads(handle(json.dumps({"op": "render", "spec": {"widget": []}, "ctx": {"lang": "en"}})))
    assert "kikoto-error" in answer["html"] and 'data-field="widget"' in answer["html"]
    for game_id in game_ids():
        case = next(c for c in CASES if c["game"] == game_id and "action" in c)
        listed = {k: [1] for k in case["action"] if k != "type"}
        for action in ({**case["action"], "to": [1], "port": [2]}, {**case["action"], **listed}):
            spec = {"widget": "case", "case": {**case, "action": action}, "game": game_id}
            answer = json.loads(handle(json.dumps({"op": "render", "spec": spec, "ctx": {"lang": "en", "rules_url": ""}})))
            assert "html" in answer and answer["html"].strip(), answer
