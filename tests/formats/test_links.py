"""Share links: every link the site ever wrote opens in the editor or the sandbox (tests/formats/
corpus/links, collected before links carried a format), and every case's "Change the position"
link opens the Ask page on the case's position and question with the case's verdict."""

from __future__ import annotations

import base64
import json
import os

import pytest

from engine.core.cases import build_state
from widgets.render import editor

HERE = os.path.dirname(__file__)
ROOT = os.path.dirname(os.path.dirname(HERE))
with open(os.path.join(HERE, "corpus", "links", "links.json"), encoding="utf-8") as f:
    LINKS = json.load(f)
CTX = {"lang": "en"}


def old_payload(text: str) -> dict:
    """What a link of the first format holds (base64url of UTF-8 JSON), decoded here on its own."""
    return json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))


def ask_page(game: str) -> dict:
    """The Ask page's own spec: its start position is not the link's."""
    with open(os.path.join(ROOT, "docs", game, "examples", "ask.json"), encoding="utf-8") as f:
        return json.load(f)


@pytest.mark.parametrize("entry", [e for e in LINKS if e["kind"] == "case"], ids=lambda e: e["case"])
def test_a_case_link_opens_on_the_case_position_not_the_page_s(entry):
    # the page as the old script left it: the link's fields assigned over the page's own spec
    spec = {**ask_page(entry["game"]), **old_payload(entry["text"])}
    _, update = editor.answer(spec, CTX)
    with open(os.path.join(ROOT, "docs", entry["game"], "cases", entry["case"] + ".json"), encoding="utf-8") as f:
        case = json.load(f)
    _, state = build_state({k: case[k] for k in ("game", "options", "state", "setup", "moves") if k in case})
    assert update["draft"] == state.to_json()
    assert (update["mode"], update["asked"]["type"]) == ("ask", case["action"]["type"])
