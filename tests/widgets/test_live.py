"""The worker's entry point, on CPython here and inside Pyodide in the Node run."""

import json

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
