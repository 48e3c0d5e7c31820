"""Translation status (widgets.i18n): missing, outdated, orphaned, whitespace-only edits,
re-marking; the CI check on the real docs; a throwaway third language."""

import json
import os
import re
import shutil
import subprocess
import sys
import time

import pytest

from tests.conftest import ROOT
from widgets import i18n
from widgets.i18n.__main__ import main as cli

HU = """# Próba

## PR-1 Hajók
Minden játékosnak három hajója van.

### PR-1.1 Kikötő
A hajó a kikötőben áll.

## PR-2 Vége
A játék véget ér.
"""

EN = """# Test

## PR-1 Ships
Every player has three ships.

### PR-1.1 Port
The ship stands in the port.

## PR-2 End
The game ends.
"""


@pytest.fixture
def docs(tmp_path):
    folder = tmp_path / "docs" / "proba"
    folder.mkdir(parents=True)
    (folder / "rules.hu.md").write_text(HU, encoding="utf-8")
    (folder / "rules.en.md").write_text(EN, encoding="utf-8")
    return tmp_path / "docs"


def states(docs, lang="en"):
    return {r.id: r.state for r in i18n.game_status("proba", lang, str(docs))}


def edit(docs, name, old, new):
    path = docs / "proba" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_unmarked_translation_is_outdated_and_marking_makes_it_current(docs):
    assert set(states(docs).values()) == {"outdated"}
    done = i18n.mark("proba", "en", None, str(docs))
    assert [rule_id for rule_id, _ in done] == ["PR-1", "PR-1.1", "PR-2"]
    assert set(states(docs).values()) == {"current"}
    text = (docs / "proba" / "rules.en.md").read_text(encoding="utf-8")
    assert "## PR-1 Ships\n<!-- rule: src=" in text
    memory = json.loads((docs / "proba" / "translations.json").read_text(encoding="utf-8"))
    assert "Hajók\nMinden játékosnak három hajója van." in memory.values()


def test_missing_and_orphaned(docs):
    i18n.mark("proba", "en", None, str(docs))
    edit(docs, "rules.en.md", "## PR-2 End\n", "## PR-3 Extra\n")   # PR-2 gone, PR-3 unknown
    assert states(docs) == {"PR-1": "current", "PR-1.1": "current", "PR-2": "missing", "PR-3": "orphaned"}
    assert set(states(docs, "de").values()) == {"missing"}          # no German page at all


def test_source_edit_makes_outdated_with_a_diff_and_remarking_fixes_it(docs):
    i18n.mark("proba", "en", None, str(docs))
    edit(docs, "rules.hu.md", "A hajó a kikötőben áll.", "A hajó a kikötőben áll. Onnan indul.")
    rows = {r.id: r for r in i18n.game_status("proba", "en", str(docs))}
    assert rows["PR-1.1"].state == "outdated" and rows["PR-1"].state == "current"
    diff = "\n".join(rows["PR-1.1"].diff)
    assert "+Onnan indul." in diff and "(translated from)" in diff
    i18n.mark("proba", "en", ["PR-1.1"], str(docs))                  # re-translated
    assert set(states(docs).values()) == {"current"}
    text = (docs / "proba" / "rules.en.md").read_text(encoding="utf-8")
    assert text.count("<!-- rule: src=") == 3                        # replaced, not added
    # the old source text is no longer needed for any diff
    memory = json.loads((docs / "proba" / "translations.json").read_text(encoding="utf-8"))
    assert len(memory) == 3 and any("Onnan indul." in v for v in memory.values())


def test_whitespace_only_edits_do_not_count(docs):
    i18n.mark("proba", "en", None, str(docs))
    edit(docs, "rules.hu.md", "Minden játékosnak három hajója van.",
         "Minden   játékosnak\nhárom hajója van.\n")
    edit(docs, "rules.hu.md", "### PR-1.1 Kikötő", "###   PR-1.1   Kikötő  ")
    assert set(states(docs).values()) == {"current"}


def test_marking_a_rule_the_page_lacks_is_an_error(docs):
    with pytest.raises(KeyError):
        i18n.mark("proba", "en", ["PR-9"], str(docs))


def test_cli_check_fails_on_missing_warns_on_outdated(docs, capsys):
    args = ["--docs", str(docs), "status", "--lang", "en", "--check"]
    assert cli(["--docs", str(docs), "mark", "proba", "--all", "--lang", "en"]) == 0
    assert cli(args) == 0
    edit(docs, "rules.hu.md", "A játék véget ér.", "A játék azonnal véget ér.")
    capsys.readouterr()
    assert cli(args) == 0                                            # outdated only warns
    out = capsys.readouterr().out                                    # the diffs go to stdout: `status > file` keeps them
    assert "warning: proba PR-2 (en) is outdated" in out and "+A játék azonnal véget ér." in out
    edit(docs, "rules.en.md", "### PR-1.1 Port\n", "### PR-1.7 Port\n")
    assert cli(args) == 1
    out = capsys.readouterr()
    assert "missing in en:" in out.out and "PR-1.1" in out.out and "orphaned in en:" in out.out


def test_glossary_warns_on_a_non_glossary_term(docs):
    (docs / "glossary.json").write_text(json.dumps(
        {"proba": [{"hu": "kikötő", "en": "port", "hu_forms": ["kikötő"], "en_avoid": ["harbor"]}]}), encoding="utf-8")
    assert i18n.glossary_warnings("en", str(docs)) == []
    edit(docs, "rules.en.md", "The ship stands in the port.", "The ship stands in the harbor.")
    assert len(i18n.glossary_warnings("en", str(docs))) == 1        # "harbor" is ruled out
    edit(docs, "rules.en.md", "### PR-1.1 Port", "### PR-1.1 Harbor")
    warnings = i18n.glossary_warnings("en", str(docs))
    assert len(warnings) == 2 and all(w.startswith("PR-1.1:") for w in warnings)


def test_real_docs_pass_the_check():
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "widgets.i18n", "status", "--check"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Translation status: en" in proc.stdout
    assert time.perf_counter() - started < 30


COPY = ("engine", "widgets", "docs", "overrides", "mkdocs.yml", "pyproject.toml", "README.md")


def test_a_third_language_is_files_plus_one_mkdocs_entry(tmp_path):
    """A throwaway German: one page and one entry in mkdocs.yml. The site builds, and the
    status tool reports every rule of every game missing in German."""
    repo = tmp_path / "repo"
    for name in COPY:
        src = os.path.join(ROOT, name)
        if os.path.isdir(src):
            shutil.copytree(src, repo / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif os.path.exists(src):
            shutil.copy(src, repo / name)
    os.symlink(os.path.join(ROOT, "node_modules"), repo / "node_modules")
    yml = (repo / "mkdocs.yml").read_text(encoding="utf-8")
    entry = "        - locale: en\n"
    assert entry in yml
    yml = yml.replace(entry, ("        - locale: de\n          name: Deutsch\n          build: true\n"
                                  "          nav:\n            - Start: index.md\n") + entry, 1)
    (repo / "mkdocs.yml").write_text(yml, encoding="utf-8")
    (repo / "docs" / "index.de.md").write_text("# Kikötő\n\nRegeln für Brettspiele mit Schiffen.\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(repo), "NO_MKDOCS_2_WARNING": "1", "KIKOTO_DOCS": str(repo / "docs")}

    def run(*args):
        return subprocess.run([sys.executable, *args], cwd=repo, env=env, capture_output=True, text=True, timeout=600)

    status = run("-m", "widgets.i18n", "status", "--lang", "de", "--check")
    assert status.returncode == 1
    total = sum(len(i18n.load_page(g, "hu", str(repo / "docs"))) for g in i18n.games(str(repo / "docs")))
    assert "missing in de:" in status.stdout
    assert f"{total} missing or orphaned, 0 outdated" in status.stdout
    # the engine's messages are per configured language too: every one is missing in German, and
    # the engine keeps speaking hu and en (a language joins it when its .mo files are compiled)
    messages = run("-m", "widgets.i18n", "messages", "--check")
    assert messages.returncode == 1 and "Traceback" not in messages.stderr, messages.stderr
    assert "Messages: de:" in messages.stdout and "de/core.po ok: missing (no .po file)" in messages.stdout
    assert re.search(r"Messages: en: \d+ codes in \d+ domains, 0 problem", messages.stdout), messages.stdout
    everything = run("-m", "widgets.i18n", "status")                 # both target languages, from mkdocs.yml
    assert "Translation status: de" in everything.stdout and "Translation status: en" in everything.stdout

    build = run("-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site"))
    assert build.returncode == 0, build.stdout + build.stderr
    assert (tmp_path / "site" / "de" / "index.html").exists()
    assert not (tmp_path / "site" / "de" / "mare-balticum" / "rules" / "index.html").exists()  # no silent fallback
    assert (tmp_path / "site" / "de" / "search" / "search_index.json").exists()
    status_page = (tmp_path / "site" / "en" / "contributing" / "translations" / "index.html").read_text(encoding="utf-8")
    assert 'id="tr-de"' in status_page
