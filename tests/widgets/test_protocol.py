"""The page-worker protocol from Python's side (widgets/protocol/*.schema.json): the worker's entry
point (widgets/live.py) answers real requests, for every example and case of every game, with
answers the schema knows, and the spec the page holds after an answer (the spec with the answer's
data-update assigned over it, as wire.mjs does) is one the spec schema knows. The page's side is
checked by Node (tests/js/protocol.test.mjs); the islands of the built site by test_protocol_site.py."""

import glob
import html
import json
import os
import re

import pytest

from tests.conftest import IN_PYODIDE, ROOT

# jsonschema is a test tool of CPython's (pyproject's test extras); Pyodide's run has no copy of it
pytestmark = pytest.mark.skipif(IN_PYODIDE, reason="jsonschema is not installed inside Pyodide")

if not IN_PYODIDE:
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    from engine.core.content import localized_spec
    from widgets.live import handle

PROTOCOL = os.path.join(ROOT, "widgets", "protocol")
UI_KEYS = ("loading", "ready", "failed", "crashed", "timeout", "retry", "unsupported", "internal")


def schemas() -> dict:
    found = {}
    for name in ("spec", "request", "answer"):
        with open(os.path.join(PROTOCOL, f"{name}.schema.json"), encoding="utf-8") as f:
            found[name] = json.load(f)
    return found


def validator(name: str, part: str = "") -> "Draft202012Validator":
    """The named schema (or one of its $defs, `part`), its references resolved among the three."""
    every = schemas()
    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in every.values())
    schema = every[name] if not part else {"$ref": f"{every[name]['$id']}#/$defs/{part}"}
    return Draft202012Validator(schema, registry=registry)


def errors(name: str, value, part: str = "") -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator(name, part).iter_errors(value)]


def ctx(lang: str) -> dict:
    return {"lang": lang, "rules_url": "../rules/", "ui": {k: f"{k} ({{detail}})" for k in UI_KEYS}}


def examples() -> list:
    found = []
    for path in sorted(glob.glob(os.path.join(ROOT, "docs", "*", "examples", "*.json"))):
        with open(path, encoding="utf-8") as f:
            found.append(json.load(f))
    for path in sorted(glob.glob(os.path.join(ROOT, "docs", "*", "cases", "*.json"))):
        with open(path, encoding="utf-8") as f:
            case = json.load(f)
        found.append({"widget": "case", "case": case, "game": case.get("game")})
    return found


def ask(request: dict) -> dict:
    answer = json.loads(handle(json.dumps(request)))
    assert errors("answer", answer) == [], (request.get("op"), answer)
    return answer


def held(answer_html: str) -> dict:
    """What an answer hands back to the page's spec (data-update), as wire.mjs assigns it."""
    found = re.search(r'data-update="([^"]*)"', answer_html)
    return json.loads(html.unescape(found.group(1))) if found else {}


def test_the_schemas_are_valid_json_schemas():
    for schema in schemas().values():
        Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_every_example_and_case_is_answered_within_the_protocol(lang):
    specs = examples()
    assert len(specs) > 50
    for example in specs:
        spec = localized_spec(example, lang)  # as the page holds it (render_island)
        request = {"op": "render", "spec": spec, "ctx": ctx(lang)}
        assert errors("request", request) == [], spec.get("id")
        answer = ask(request)
        assert "html" in answer, (spec.get("id"), answer)
        after = {**spec, **held(answer["html"])}
        assert errors("spec", after) == [], spec.get("id")


def test_an_editor_and_a_sandbox_after_taps_stay_within_the_protocol():
    editor = next(s for s in examples() if s["widget"] == "editor")
    sandbox = next(s for s in examples() if s.get("sandbox"))
    answer = ask({"op": "render", "spec": editor, "ctx": ctx("en")})
    spec = {**editor, **held(answer["html"])}
    for cmds in ([{"op": "mode", "mode": "ask"}], [{"op": "mode", "mode": "edit"}, {"op": "reset", "sure": True}]):
        spec["cmds"] = cmds
        assert errors("request", {"op": "render", "spec": spec, "ctx": ctx("en")}) == []
        answer = ask({"op": "render", "spec": spec, "ctx": ctx("en")})
        del spec["cmds"]
        spec.update(held(answer["html"]))
        assert errors("spec", spec) == []
    spec = {**sandbox, "moves": []}
    answer = ask({"op": "render", "spec": spec, "ctx": ctx("hu")})
    spec.update(held(answer["html"]))
    assert "link" in spec and errors("spec", spec) == []
    # a link opened in a sandbox: the page sends the text after "#play="
    opened = ask({"op": "render", "spec": {**sandbox, "link": spec["link"]}, "ctx": ctx("hu")})
    assert errors("spec", {**sandbox, **held(opened["html"])}) == []


def test_warm_up_ping_and_bad_requests_are_answered_within_the_protocol():
    sandbox = next(s for s in examples() if s.get("sandbox"))
    warm = {"op": "warm", "spec": sandbox, "ctx": ctx("en"), "positions": 2}
    assert errors("request", warm) == []
    assert ask(warm)["warmed"] >= 1
    assert set(ask({"op": "ping"})) == {"runtime"}
    for bad in ("{", "[]", json.dumps({"op": "draw"}), json.dumps({"op": "render", "spec": {}, "ctx": {"lang": "xx"}})):
        answer = json.loads(handle(bad))
        assert errors("answer", answer) == [] and answer["error"]["code"], bad
        assert set(answer["error"]["message"]) >= {"hu", "en"}


def test_what_the_protocol_does_not_name_fails():
    spec = {"widget": "steps", "game": "g"}
    assert errors("spec", spec) == []
    assert errors("spec", {**spec, "colour": "red"})  # an unknown key
    assert errors("spec", {**spec, "cmds": [{"op": "paint"}]})
    assert errors("spec", {"game": "g"})
    assert errors("request", {"op": "render", "spec": spec, "ctx": {**ctx("hu"), "theme": "dark"}})
    assert errors("request", {"op": "warm", "spec": spec, "ctx": ctx("hu"), "positions": 0})
    assert errors("answer", {"html": "<p></p>"})  # no runtime
    assert errors("answer", {"type": "ready", "ms": 1}, part="message")
    assert errors("answer", {"type": "progress", "done": 1, "total": 2, "ms": 3, "left": "soon"}, part="message")
    assert errors("answer", {"type": "progress", "done": 1, "total": 2, "ms": 3, "left": None}, part="message") == []
    assert errors("request", {"id": 1, "request": {}}, part="envelope")
