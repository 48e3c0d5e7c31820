"""engine/core/formats.py: the versions of case files and links, and their migrations."""

from __future__ import annotations

import base64
import glob
import html
import json
import os
import re
import zlib

import pytest

from engine import game_ids, load_game
from engine.core.cases import run_case
from engine.core.errors import InputError
from engine.core.formats import FORMAT, LINK_FORMAT, MAX_DEPTH, migrate, migrate_example, read_link, write_link

GAME = load_game(game_ids()[0])
FIRST = GAME.new(GAME.players[0], 1).legal_actions()[0]


def case(**over) -> dict:
    return {"id": "t", "game": GAME.id, "setup": {"players": GAME.players[0], "seed": 1}, "action": FIRST, **over}


def old_link(payload: dict) -> str:
    return _first_format(json.dumps(payload).encode())


def _first_format(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def refusal(call, *args) -> InputError:
    with pytest.raises(InputError) as err:
        call(*args)
    return err.value


def test_the_first_format_s_texts_become_their_hungarian():
    old = case(title={"hu": "Cím", "en": "Title"}, question={"en": "Only English?"}, note="Már szöveg")
    new = migrate(old)
    assert (new["title"], new["question"], new["note"]) == ("Cím", "Only English?", "Már szöveg")
    assert (new["format"], new["game_format"]) == (FORMAT, GAME.format)
    assert old["title"] == {"hu": "Cím", "en": "Title"}  # the reader's own document is not changed


def test_a_current_document_is_taken_as_it_is():
    doc = migrate(case(question="Szabad?"))
    assert migrate(doc) is doc


@pytest.mark.parametrize(
    "over,field,code",
    [
        ({"format": FORMAT + 1}, "format", "format-newer"),
        ({"format": 0}, "format", "field-range"),
        ({"format": "3"}, "format", "field-type"),
        ({"game_format": GAME.format + 1}, "game_format", "format-newer"),
    ],
)
def test_a_version_it_cannot_read_is_named(over, field, code):
    err = refusal(migrate, case(**over))
    assert (err.code, err.field) == (code, field)
    assert "newer" in err.message["en"] or code != "format-newer"


def rename_step(parts: dict) -> None:
    """A game's step as a game would write one: an action renamed, in whatever parts the document has."""
    for action in [parts.get("action"), *parts.get("moves", [])]:
        if isinstance(action, dict) and action.get("type") == "old-name":
            action["type"] = FIRST["type"]


@pytest.fixture
def game_at_format_2(monkeypatch):
    monkeypatch.setattr(GAME, "migrations", (rename_step,))
    monkeypatch.setattr(GAME, "format", 2)


def test_the_game_s_steps_run_on_a_case_s_parts(game_at_format_2):
    old = {**FIRST, "type": "old-name"}
    new = migrate(case(moves=[old], action=old))
    assert new["moves"] == [FIRST] and new["action"] == FIRST and new["game_format"] == 2
    assert old["type"] == "old-name"
    assert migrate(case(moves=[old], action=old, game_format=2))["action"] == old  # already in format 2: no step


def test_the_game_s_steps_run_on_every_kind_of_link(game_at_format_2):
    old = {**FIRST, "type": "old-name"}
    state = GAME.new(GAME.players[0], 1).to_json()
    ask = read_link(old_link({"draft": state, "asked": old, "mode": "ask"}), GAME.id)
    assert ask["asked"] == FIRST and ask["game_format"] == 2 and ask["draft"] == state
    start = read_link(old_link({"start": {"setup": {"players": 2}, "moves": [old]}, "asked": old}), GAME.id)
    assert start["start"]["moves"] == [FIRST] and start["asked"] == FIRST
    sandbox = read_link(old_link({"input": {"setup": {"players": 2}}, "moves": [old, old]}), GAME.id)
    assert sandbox["moves"] == [FIRST, FIRST]
    # before link format 4, a sandbox with a random seat listed its moves too: all of them are "played"
    form = {"setup": {"players": 2}, "auto": {"0": False, "1": True}}
    earlier = read_link(old_link({"input": form, "moves": [old, old]}), GAME.id)
    assert earlier["played"] == [FIRST, FIRST] and "moves" not in earlier
    # a game's steps take an earlier link's moves and the reader's after them as one game's
    both = {"game": GAME.id, "format": FORMAT, "game_format": 1, "input": form, "played": [old], "moves": [old, old]}
    both = read_link(packed(json.dumps(both).encode()), GAME.id)
    assert (both["played"], both["moves"]) == ([FIRST], [FIRST, FIRST])
    current = write_link({"game": GAME.id, "draft": state, "asked": old})  # written at format 2: no step
    assert read_link(current)["asked"] == old


def test_a_link_goes_and_comes_back():
    payload = {"game": GAME.id, "draft": GAME.new(GAME.players[0], 1).to_json(), "question": "Szabad „ide”?"}
    text = write_link(payload)
    assert text.startswith(f"{LINK_FORMAT}.") and text.count(".") == 1
    assert read_link(text) == {**payload, "format": FORMAT, "game_format": GAME.format}
    assert read_link(old_link(payload)) == read_link(text)


def test_a_link_of_another_game_is_read_as_its_own():
    other = load_game(game_ids()[1])
    assert read_link(write_link({"game": other.id, "asked": {}}), GAME.id)["game"] == other.id


def packed(data: bytes) -> str:
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    return f"{LINK_FORMAT}." + base64.urlsafe_b64encode(deflate.compress(data) + deflate.flush()).decode().rstrip("=")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not base64!",
        "3.",
        "3.AAAA",
        "x.abc",
        "2.abc",
        old_link([1])[:-3] + "!!",
        packed(b"[1, 2"),
        packed(b"\xff\xfe"),
        packed(b" " * (17 * 1024 * 1024)),
        write_link({"game": GAME.id})[:-6],
    ],
)
def test_what_is_not_a_link_is_named_as_such(text):
    err = refusal(read_link, text, GAME.id)
    assert err.code in ("link-unreadable", "field-type") and err.field.startswith("link")


@pytest.mark.parametrize("make", [packed, _first_format])
def test_a_link_nested_too_deep_is_refused_before_it_is_parsed(make):
    """As case files are: counted on the text, so no parser or free ever recurses that deep."""
    deep = b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1)
    err = refusal(read_link, make(b'{"game": "' + GAME.id.encode() + b'", "draft": ' + deep + b"}"), GAME.id)
    assert (err.code, err.field) == ("json-too-deep", "link")
    # one level less opens (the draft is the editor's to judge)
    fits = b"[" * (MAX_DEPTH - 1) + b"]" * (MAX_DEPTH - 1)
    assert read_link(make(b'{"game": "' + GAME.id.encode() + b'", "draft": ' + fits + b"}"), GAME.id)["draft"] is not None
    # brackets inside strings are not nesting
    text = b'{"game": "' + GAME.id.encode() + b'", "question": "' + b"[" * (MAX_DEPTH * 2) + b'"}'
    assert read_link(make(text), GAME.id)["question"].startswith("[")


def test_a_link_from_a_newer_site_says_so():
    err = refusal(read_link, f"{LINK_FORMAT + 1}.AAAA")
    assert (err.code, err.field) == ("format-newer", "link")


def test_each_way_in_runs_a_game_s_steps_once(monkeypatch):
    """A step that is not idempotent (most reshapings are not) must run once per document: a case
    file, a link's start, an earlier page's start, a sandbox's link."""
    from widgets.render import editor, play

    runs = []
    monkeypatch.setattr(GAME, "migrations", (lambda parts: runs.append(sorted(parts)),))
    monkeypatch.setattr(GAME, "format", 2)
    state = GAME.new(GAME.players[0], 1).to_json()
    setup = {"players": GAME.players[0], "seed": 1}

    def count(call) -> int:
        runs.clear()
        call()
        return len(runs)

    ctx = {"lang": "en"}
    assert count(lambda: run_case(case(expect={"legal": True}))) == 1
    assert (
        count(lambda: editor.answer({"game": GAME.id, "link": old_link({"start": {"state": state}, "asked": FIRST})}, ctx)) == 1
    )
    assert count(lambda: editor.answer({"game": GAME.id, "start": {"setup": setup}, "asked": FIRST}, ctx)) == 1
    assert count(lambda: editor.answer({"game": GAME.id, "link": old_link({"draft": state})}, ctx)) == 1
    sandbox = {"game": GAME.id, "widget": "play", "sandbox": True, "play": True, "setup": setup}
    assert count(lambda: play.output({**sandbox, "link": old_link({"state": state})}, ctx)) == 1
    assert count(lambda: play.output({**sandbox, "link": old_link({"input": {"setup": setup}, "moves": [FIRST]})}, ctx)) == 1


EXAMPLES = sorted(glob.glob(os.path.join(os.path.dirname(__file__), "..", "..", "docs", "*", "examples", "*.json")))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: os.path.relpath(p, os.path.join(os.path.dirname(p), "..", "..")))
def test_every_example_says_its_game_format(path):
    """An example without "game_format" is read as its game's first format (its steps run on it), so a
    file written today says which it is in, as a case file does."""
    with open(path, encoding="utf-8") as f:
        spec = json.load(f)
    assert spec.get("game_format") == load_game(spec["game"]).format
    assert migrate_example(spec) is spec


def test_an_example_s_steps_run_once_from_the_page_to_the_live_answer(monkeypatch):
    from widgets.render import render_island, render_output

    runs = []
    monkeypatch.setattr(GAME, "migrations", (lambda parts: runs.append(sorted(parts)),))
    monkeypatch.setattr(GAME, "format", 2)
    spec = {
        "id": "t",
        "game": GAME.id,
        "widget": "steps",
        "setup": {"players": GAME.players[0], "seed": 1},
        "steps": [{"action": FIRST}],
        "filter": {"type": FIRST["type"]},
    }
    island = render_island(spec, {"lang": "en", "rules_url": ""})
    assert runs == [["action", "moves", "setup"]]
    # the page holds the migrated spec: the live answer runs no step again
    held = json.loads(html.unescape(re.search(r'data-spec="([^"]*)"', island).group(1)))
    assert held["game_format"] == 2
    render_output(held, {"lang": "en", "rules_url": ""})
    assert len(runs) == 1
