"""Every rule tied to code and tests, in both directions, on the real tree: the one traceability test."""

import pytest

from engine import game_ids, load_game
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

    game_id = game_ids()[0]
    package, prefix = game_id.replace("-", "_"), load_game(game_id).prefix
    root = tmp_path / "repo"
    shutil.copytree(f"{root_dir()}/docs/{game_id}", root / "docs" / game_id)
    shutil.copytree(f"{root_dir()}/engine/{package}", root / "engine" / package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    (root / "tests").mkdir()
    (root / "engine" / package / "bogus.py").write_text(f'RULES = ("{prefix}-99.9",)\n')
    r = report(str(root), game_id)
    assert any(p.startswith(f"{prefix}-99.9: cited in engine/{package}/bogus.py:1") for p in r["problems"])
    # With no tests in the tree, every checkable rule without a case is reported too.
    assert any("no test, case or example names" in p for p in r["problems"])
