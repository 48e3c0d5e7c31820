"""Every rule tied to code and verdicts, in both directions, on the real tree.

The measured half (a checkable rule that no verdict cited in a test or a case) needs the whole
run's recording, so it runs at the run's end (tests/coverage_plugin.py); here the rest: ids that
exist, code that cites every checkable rule, the same ids in every language, and the rule index
each game ships in sync with its pages."""

import os

import pytest

from engine import game_ids, load_game
from engine.core.registry import load_rules
from tools.coverage import DOCS, index_path, index_text, report, root_dir


@pytest.mark.parametrize("game_id", game_ids())
def test_rules_cited_by_code_and_cases_exist(game_id):
    r = report(root_dir(), game_id)
    assert not r["measured"]
    assert not r["problems"], "\n".join(r["problems"])


@pytest.mark.parametrize("game_id", game_ids())
def test_same_rule_ids_in_every_language(game_id):
    hu = list(load_rules(game_id, "hu"))
    en = list(load_rules(game_id, "en"))
    assert hu == en, f"missing in en: {set(hu) - set(en)}; only in en: {set(en) - set(hu)}"


@pytest.mark.parametrize("game_id", game_ids())
def test_shipped_rule_index_matches_the_rules_pages(game_id):
    path = index_path(game_id)
    shipped = open(path, encoding="utf-8").read() if os.path.exists(path) else None
    assert shipped == index_text(game_id, DOCS), (
        f"engine/{game_id.replace('-', '_')}/rules.json is out of date: run `python -m tools rules-index`"
    )


def test_a_cited_id_that_does_not_exist_is_reported(tmp_path, monkeypatch):
    # The game's code cites an id its rules page lacks, and a recording names one too.
    from engine.core import coverage

    game_id = game_ids()[0]
    prefix = load_game(game_id).prefix
    real = coverage.code_citations(game_id, prefix)
    monkeypatch.setattr(coverage, "code_citations", lambda g, p: {**real, f"{prefix}-99.9": ["engine/bogus.py:1"]})
    recording = {"tests": 1, "rules": {f"{prefix}-98.1": ["tests/x.py::test_x"]}}
    r = coverage.report(game_id, DOCS, recording)
    assert f"{prefix}-99.9: cited in engine/bogus.py:1 but not in docs/{game_id}/rules.hu.md" in r["problems"]
    assert f"{prefix}-98.1: cited by a verdict in test tests/x.py::test_x but not in docs/{game_id}/rules.hu.md" in r["problems"]
    # The recording has no other test: every checkable rule without a case is reported.
    no_case = [row["id"] for row in r["rules"] if not row["descriptive"] and not row["cases"]]
    assert no_case
    for rule_id in no_case:
        assert f"{rule_id}: a checkable rule that no verdict cited, in a test or a case" in r["problems"]


def test_a_known_gap_that_a_verdict_cites_must_leave_the_list():
    from engine.core import coverage

    game_id = game_ids()[0]
    rows = coverage.report(game_id, DOCS)["rules"]
    rule_id = next(row["id"] for row in rows if not row["descriptive"])
    recording = {"tests": 1, "rules": {rule_id: ["tests/x.py::test_x"]}}
    r = coverage.report(game_id, DOCS, recording, known={rule_id: "why"})
    assert f"{rule_id}: listed as a known gap, but a verdict cites it now: remove it from the list" in r["problems"]
    assert next(row for row in r["rules"] if row["id"] == rule_id)["gap"] == "why"
    # without a recording nothing is known to cite it: no problem
    assert not [p for p in coverage.report(game_id, DOCS, None, known={rule_id: "why"})["problems"] if rule_id in p]
