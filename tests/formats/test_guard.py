"""A format change needs a migration and a fixture: this test records, per game, a fingerprint of its
position format (the state and action schemas without their prose, and its options) beside its
`Game.format`, and the core's case-file fields beside `formats.FORMAT`; it fails when a fingerprint
changes and says what to do (docs/contributing/architecture.en.md, "Formats and migrations").

    .venv/bin/python -m tests.formats.test_guard     prints the record as it would be now
"""

from __future__ import annotations

import glob
import hashlib
import json
import os

import pytest

from engine import game_ids, load_game
from engine.core import cases, formats

HERE = os.path.dirname(__file__)
RECORD = os.path.join(HERE, "formats.json")
CORPUS = os.path.join(HERE, "corpus", "cases")
PROSE = {"description", "title", "$comment", "examples"}  # words about the format, not the format


def _bare(value):
    if isinstance(value, dict):
        return {k: _bare(v) for k, v in value.items() if k not in PROSE}
    if isinstance(value, list):
        return [_bare(v) for v in value]
    return value


def fingerprint(value) -> str:
    return hashlib.sha256(json.dumps(_bare(value), sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def current() -> dict:
    record = {
        "core": {
            "format": formats.FORMAT,
            "link_format": formats.LINK_FORMAT,
            "fingerprint": fingerprint(
                {
                    "case": sorted(cases.CASE_FIELDS),
                    "setup": sorted(cases.SETUP_FIELDS),
                    "expect": sorted(cases.EXPECT_FIELDS),
                    "texts": list(formats.TEXT_FIELDS),
                    "parts": list(formats.GAME_PARTS),
                }
            ),
        }
    }
    for game_id in game_ids():
        game = load_game(game_id)
        options = [[o.name, o.default, list(o.choices)] for o in game.options.values()]
        # the files, as written (the validator resolves the loaded schemas' references in place)
        schemas = {}
        for kind, loaded in (("state", game.state_schema), ("action", game.action_schema)):
            with open(loaded.path, encoding="utf-8") as f:
                schemas[kind] = json.load(f)
        record[game_id] = {"format": game.format, "fingerprint": fingerprint({**schemas, "options": options})}
    return record


def recorded() -> dict:
    with open(RECORD, encoding="utf-8") as f:
        return json.load(f)


HOW = (
    "If documents written before still open unchanged (a new optional field, a new option with a "
    "default), only record the new fingerprint in tests/formats/formats.json. Otherwise: add a migration "
    "step ({where}) that takes a document from format {old} to {new}, a fixture in tests/formats/corpus/cases "
    "written in format {old} (with its verdict in golden.json), then record the new format and fingerprint "
    "(`.venv/bin/python -m tests.formats.test_guard` prints them)."
)


@pytest.mark.parametrize("name", ["core", *game_ids()])
def test_a_changed_format_comes_with_a_new_version(name):
    now, then = current()[name], recorded().get(name)
    assert then is not None, f"{name} has no record: add {json.dumps({name: now})} to tests/formats/formats.json"
    where = (
        "engine/core/formats.py, and raise FORMAT"
        if name == "core"
        else f"Game(migrations=...) in engine/{name.replace('-', '_')}"
    )
    if now["format"] == then["format"]:
        assert now["fingerprint"] == then["fingerprint"], (
            f"The {name} format changed (fingerprint {then['fingerprint']} -> {now['fingerprint']}) but its "
            f"version is still {now['format']}. " + HOW.format(where=where, old=now["format"], new=now["format"] + 1)
        )
    else:
        assert now == then, f"{name}: the format is now {now['format']}; record {json.dumps(now)} in tests/formats/formats.json"


def corpus_versions(game_id: str) -> set[int]:
    found = set()
    for path in glob.glob(os.path.join(CORPUS, f"{game_id}--*.json")):
        with open(path, encoding="utf-8") as f:
            found.add(json.load(f).get("game_format", 1))
    return found


@pytest.mark.parametrize("game_id", game_ids())
def test_every_earlier_game_format_has_a_fixture(game_id):
    game = load_game(game_id)
    assert len(game.migrations) == game.format - 1
    missing = set(range(1, game.format)) - corpus_versions(game_id)
    assert not missing, (
        f"{game_id}: no case file in tests/formats/corpus/cases written in game format "
        f"{sorted(missing)}: add one (a case as it was saved then), with its verdict in golden.json"
    )


def test_every_earlier_core_format_has_a_fixture():
    found = set()
    for path in glob.glob(os.path.join(CORPUS, "*--*.json")):
        with open(path, encoding="utf-8") as f:
            found.add(formats.doc_format(json.load(f)))
    assert set(range(1, formats.FORMAT)) <= found


if __name__ == "__main__":
    print(json.dumps(current(), indent=1))


def test_the_fingerprint_sees_the_format_and_not_its_prose():
    game = load_game(game_ids()[0])
    data = game.action_schema.data
    assert fingerprint({**data, "description": "other words"}) == fingerprint(data)
    assert fingerprint({**data, "oneOf": data["oneOf"][:-1]}) != fingerprint(data)  # an action type fewer
