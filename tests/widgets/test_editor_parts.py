"""Every game's editor through the renderer the worker runs, without a browser: the browser test's
scenario (tests/<package>/editor_scenario.py) by its commands; an answer leaves out the parts the
page already holds (widgets/render/editor.py, `SAME`), and the page (kikoto.js, patchEditor) puts
its own back by position, so every part is one element, and the answer with the placeholders filled
in from the answer before is the full answer; and the warm-up taps aside."""

import html
import json
import os
import re
from html.parser import HTMLParser

import pytest

from engine import game_ids
from tests.conftest import ROOT, game_tests
from widgets.render import render_output
from widgets.render.editor import SAME
from widgets.render.renderer import renderer

CTX = {"lang": "en", "rules_url": "../rules/", "ui": {}, "ask_url": "../ask/", "sandbox_url": "../sandbox/"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class TopLevel(HTMLParser):
    """The editor's parts: the elements directly inside its root, as [start, end) offsets."""

    def __init__(self, text):
        super().__init__(convert_charrefs=False)
        self.lines = [0]
        for line in text.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.depth, self.spans = 0, []
        self.feed(text)
        self.close()

    def at(self):
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag, attrs):
        if self.depth == 1:
            self.spans.append([self.at(), None])
        if tag not in VOID:
            self.depth += 1
        elif self.depth == 1:
            self.spans[-1][1] = self.at() + len(self.get_starttag_text())

    def handle_startendtag(self, tag, attrs):
        if self.depth == 1:
            self.spans.append([self.at(), self.at() + len(self.get_starttag_text())])

    def handle_endtag(self, tag):
        self.depth -= 1
        if self.depth == 1:
            self.spans[-1][1] = self.at() + len(f"</{tag}>")


def parts_of(answer: str) -> list[str]:
    return [answer[a:b] for a, b in TopLevel(answer).spans]


EDITORS = [g for g in game_ids() if renderer(g).editor]


def render(spec):
    answer = render_output(spec, CTX)
    update = json.loads(html.unescape(re.search(r'data-update="([^"]*)"', answer).group(1)))
    return answer, update


def ask_page(game):
    """The position the game's Ask page opens with."""
    with open(os.path.join(ROOT, "docs", game, "examples", "ask.json"), encoding="utf-8") as f:
        return json.load(f)


def command(answer, kind, what):
    """The command of a step as the browser test takes it: a field tapped, a mode, or a tool or an
    offer named by what it is ({"ship": 0}, an action) or by its words in the editor's answer."""
    if kind == "tap":
        return {"op": "tap", "field": what}
    if kind == "mode":
        return {"op": "mode", "mode": what}
    if not isinstance(what, str):
        return {"op": "tool", "tool": what} if kind == "tool" else {"op": "ask", "action": what}
    box = "kikoto-ed-palette" if kind == "tool" else "kikoto-ed-offers"
    area = re.search(box + r".*?</(div|ul)>", answer, re.S).group(0)
    for cmd, text in re.findall(r'data-cmd="([^"]*)"[^>]*>(.*?)</button>', area):
        if what in html.unescape(re.sub("<[^>]+>", "", text)):
            return json.loads(html.unescape(cmd))
    raise AssertionError(f"no {kind} {what!r}")


@pytest.mark.parametrize("game", EDITORS)
def test_the_browser_scenario_by_its_commands(game):
    """The set-up position loads, and both questions get the verdicts the browser test expects."""
    s = game_tests(game, "editor_scenario").SCENARIO
    spec = ask_page(game)
    answer, update = render(spec)

    def send(cmd):
        nonlocal spec, answer, update
        spec = {**spec, **update, "parts": None}  # each answer whole, as to a page that holds none of it
        answer, update = render({**spec, "cmd": cmd})

    def step(kind, what):
        send(command(answer, kind, what))

    for kind, what in s["setup"]:
        step(kind, what)
    if s.get("counter"):
        path, value = s["counter"]
        send({"op": "set", "path": path, "value": int(value)})
    assert 'data-valid="true"' in answer
    step("mode", "ask")
    for part, legal in (("legal", "true"), ("illegal", "false")):
        for kind, what in s[part]:
            step(kind, what)
        verdict = answer[answer.index("kikoto-ed-answer") :]
        assert f'data-legal="{legal}"' in verdict and s[part + "_rule"] in verdict, part


@pytest.mark.parametrize("game", EDITORS)
def test_left_out_parts_are_the_ones_the_page_holds(game):
    spec = ask_page(game)
    answer, update = render(spec)
    held = parts_of(answer)
    assert len(held) == len(update["parts"]) and SAME not in answer
    fields = re.findall(r'data-tap="([^"]*)"', answer)[:3]
    steps = (
        [{"op": "tap", "field": f} for f in fields]
        + [{"op": "mode", "mode": "ask"}]
        + [{"op": "tap", "field": f} for f in fields]
        + [{"op": "mode", "mode": "edit"}]
    )
    left_out = 0
    for cmd in steps:
        spec = {**spec, **update, "cmd": cmd}
        answer, update = render(spec)
        full, _ = render({**spec, "parts": None})
        parts = parts_of(answer)
        assert len(parts) == len(update["parts"]), cmd
        if len(parts) == len(held):
            parts = [old if part == SAME else part for part, old in zip(parts, held)]
        assert parts == parts_of(full), cmd
        left_out += answer.count(SAME)
        held = parts
    assert left_out, "no answer left a part out"


@pytest.mark.parametrize("game", EDITORS)
def test_warming_up_taps_an_editor_aside_and_leaves_the_readers_alone(game, monkeypatch):
    """On a page with an editor the engine taps that editor aside once it is up (kikoto.js, warmUp):
    pieces from the palette, fields of the board, both modes, going on from request to request. The
    reader's editor answers as before."""
    from widgets.live import handle
    from widgets.render import editor

    spec = ask_page(game)
    before, _ = render(spec)
    monkeypatch.setattr(editor, "WARM", {})
    drafts, modes = set(), set()

    def seen(s, ctx, answer=editor.answer):
        out = answer(s, ctx)
        drafts.add(json.dumps(out[1]["draft"], sort_keys=True))
        modes.add(out[1]["mode"])
        return out

    monkeypatch.setattr(editor, "answer", seen)
    for _ in range(8):
        reply = json.loads(handle(json.dumps({"op": "warm", "spec": spec, "ctx": CTX, "positions": 3})))
        assert reply["warmed"] == 3, reply
    assert editor.WARM[game]["n"] == 24
    assert len(drafts) > 2 and modes == {"edit", "ask"}  # it placed pieces, and asked
    assert render(spec)[0] == before


@pytest.mark.parametrize("game", EDITORS)
def test_commands_kept_while_the_engine_loaded_come_in_one_request_in_order(game):
    """The page sends the taps and values made while the engine loaded as one list (spec.cmds):
    applied in order, they give what the same commands give one request at a time."""
    s = game_tests(game, "editor_scenario").SCENARIO
    spec = ask_page(game)
    answer, update = render(spec)
    cmds = []
    one_by_one = {**spec, **update}
    for kind, what in s["setup"]:
        cmd = command(answer, kind, what)
        cmds.append(cmd)
        answer, update = render({**one_by_one, "cmd": cmd, "parts": None})
        one_by_one.update(update)
    if s.get("counter"):
        path, value = s["counter"]
        cmds.append({"op": "set", "path": path, "value": int(value)})
        answer, update = render({**one_by_one, "cmd": cmds[-1], "parts": None})
        one_by_one.update(update)
    _, together = render({**spec, "cmds": cmds})
    assert len(cmds) >= 3
    assert together["draft"] == one_by_one["draft"] and together["tool"] == one_by_one["tool"]


@pytest.mark.parametrize("game", EDITORS)
def test_asking_waits_in_a_list_while_the_position_is_impossible(game):
    """A switch to asking in the middle of a list is refused while the position is impossible, as at
    its end: the taps after it still set up the position, and the editor stays in setting up."""
    s = game_tests(game, "editor_scenario").SCENARIO
    impossible = s["impossible"] if isinstance(s["impossible"], dict) else {"setup": s["impossible"]}
    hu = {**CTX, "lang": "hu"}  # the scenario names its tools as the Hungarian page does

    def render_hu(spec):
        answer = render_output(spec, hu)
        return answer, json.loads(html.unescape(re.search(r'data-update="([^"]*)"', answer).group(1)))

    spec = ask_page(game)
    answer, update = render_hu(spec)
    cmds = [command(answer, kind, what) for kind, what in impossible["setup"]]
    _, bad = render_hu({**spec, "cmds": cmds})
    assert bad["mode"] == "edit"
    tap_after = {"op": "tap", "field": next(c["field"] for c in reversed(cmds) if c["op"] == "tap")}
    after_html, after = render_hu({**spec, "cmds": [*cmds, {"op": "mode", "mode": "ask"}, tap_after]})
    _, refused = render_hu({**spec, **bad, "cmd": {"op": "mode", "mode": "ask"}})
    _, edit_tap = render_hu({**spec, **refused, "cmd": tap_after})
    assert refused["mode"] == "edit"
    assert after["mode"] == "edit" and 'data-valid="false"' in after_html
    assert after["draft"] == edit_tap["draft"]


@pytest.mark.parametrize("game", EDITORS)
def test_start_over_goes_back_to_the_pages_own_start(game):
    """ "Start over", sent in a list as the page sends it, opens the page's own position: not the draft,
    nor the current position's link the page holds after an answer (spec.link)."""
    spec = ask_page(game)
    answer, start = render(spec)
    fields = re.findall(r'data-tap="([^"]*)"', answer)[:2]
    _, moved = render({**spec, "cmds": [{"op": "tap", "field": f} for f in fields]})
    _, again = render(
        {**spec, **moved, "link": "not a link the page's start could come from", "cmds": [{"op": "reset", "sure": True}]}
    )
    assert again["draft"] == start["draft"]


@pytest.mark.parametrize("game", EDITORS)
def test_start_over_asks_first_and_can_be_undone(game):
    """ "Start over" changes nothing at a first tap, but asks; at the second the page's own position
    comes back, with an Undo that brings back the position left, as it was."""
    spec = ask_page(game)
    answer, start = render(spec)
    fields = re.findall(r'data-tap="([^"]*)"', answer)[:2]
    _, moved = render({**spec, "cmds": [{"op": "tap", "field": f} for f in fields]})
    moved_spec = {
        **spec,
        **moved,
        "parts": None,
        "draft": {**moved["draft"], "round": 3} if "round" in moved["draft"] else moved["draft"],
    }
    answer, asked = render({**moved_spec, "cmd": {"op": "reset"}})
    assert asked["draft"] == moved_spec["draft"]
    sure = re.search(r'data-cmd="([^"]*sure[^"]*)"', answer)
    assert sure, "the second tap's button"
    answer, reset = render({**moved_spec, "cmd": json.loads(html.unescape(sure.group(1)))})
    assert reset["draft"] == start["draft"]
    undo = next(json.loads(html.unescape(c)) for c in re.findall(r'data-cmd="([^"]*)"', answer) if "json" in html.unescape(c))
    _, back = render({**moved_spec, **reset, "parts": None, "cmd": undo})
    assert back["draft"] == moved_spec["draft"]
