"""Every rule tied to code and tests, in both directions, on the real tree (issue: traceability)."""

import pytest

from engine import game_ids
from tools.coverage import report, root_dir
from engine.core.registry import load_rules


@pytest.mark.parametrize("game_id", game_ids())
def test_rules_cited_by_code_and_named_by_tests(game_id):
    r = report(root_dir(), game_id)
    assert not r["problems"], "\n".join(r["problems"])


@pytest.mark.parametrize("game_id", game_ids())
def test_same_rule_ids_in_every_language(game_id):
    hu = list(load_rules(game_id, "hu"))
    en = list(load_rules(game_id, "en"))
    assert hu == en, f"missing in en: {set(hu) - set(en)}; only in en: {set(en) - set(hu)}"


def test_a_cited_id_that_does_not_exist_is_reported(tmp_path):
    # A copy of one game's tree with a bogus citation added to its code.
    import shutil

    root = tmp_path / "repo"
    shutil.copytree(root_dir() + "/docs/mare-balticum", root / "docs" / "mare-balticum")
    shutil.copytree(root_dir() + "/engine/mare_balticum", root / "engine" / "mare_balticum",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (root / "tests").mkdir()
    (root / "engine" / "mare_balticum" / "bogus.py").write_text('RULES = ("MB-99.9",)\n')
    r = report(str(root), "mare-balticum")
    assert any(p.startswith("MB-99.9: cited in engine/mare_balticum/bogus.py:1") for p in r["problems"])
    # With no tests in the tree, every checkable rule without a case is reported too.
    assert any("no test, case or example names" in p for p in r["problems"])
