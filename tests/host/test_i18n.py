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
    edit(docs, "rules.en.md", "## PR-2 End\n", "## PR-3 Extra\n")  # PR-2 gone, PR-3 unknown
    assert states(docs) == {"PR-1": "current", "PR-1.1": "current", "PR-2": "missing", "PR-3": "orphaned"}
    assert set(states(docs, "de").values()) == {"missing"}  # no German page at all


def test_source_edit_makes_outdated_with_a_diff_and_remarking_fixes_it(docs):
    i18n.mark("proba", "en", None, str(docs))
    edit(docs, "rules.hu.md", "A hajó a kikötőben áll.", "A hajó a kikötőben áll. Onnan indul.")
    rows = {r.id: r for r in i18n.game_status("proba", "en", str(docs))}
    assert rows["PR-1.1"].state == "outdated" and rows["PR-1"].state == "current"
    diff = "\n".join(rows["PR-1.1"].diff)
    assert "+Onnan indul." in diff and "(translated from)" in diff
    # marking is saying "re-translated": a translation left as it was is not recorded as one
    with pytest.raises(i18n.MarkRefused, match="has not changed since it was marked"):
        i18n.mark("proba", "en", ["PR-1.1"], str(docs))
    assert states(docs)["PR-1.1"] == "outdated"
    edit(docs, "rules.en.md", "The ship stands in the port.", "The ship stands in the port. It sets out from there.")
    i18n.mark("proba", "en", ["PR-1.1"], str(docs))  # re-translated
    assert set(states(docs).values()) == {"current"}
    text = (docs / "proba" / "rules.en.md").read_text(encoding="utf-8")
    assert text.count("<!-- rule: src=") == 3  # replaced, not added
    # the old source text is no longer needed for any diff
    memory = json.loads((docs / "proba" / "translations.json").read_text(encoding="utf-8"))
    assert len(memory) == 3 and any("Onnan indul." in v for v in memory.values())


def test_whitespace_only_edits_do_not_count(docs):
    i18n.mark("proba", "en", None, str(docs))
    edit(docs, "rules.hu.md", "Minden játékosnak három hajója van.", "Minden   játékosnak\nhárom hajója van.\n")
    edit(docs, "rules.hu.md", "### PR-1.1 Kikötő", "###   PR-1.1   Kikötő  ")
    assert set(states(docs).values()) == {"current"}


def test_a_copied_text_is_not_a_translation(docs):
    """A page started from another language's file counts nothing as translated, marked or not."""
    i18n.mark("proba", "en", None, str(docs))
    german = (docs / "proba" / "rules.en.md").read_text(encoding="utf-8")  # with the English markers
    (docs / "proba" / "rules.de.md").write_text(german, encoding="utf-8")
    rows = i18n.game_status("proba", "de", str(docs))
    assert {(r.state, r.copied) for r in rows} == {("missing", "en")}
    with pytest.raises(i18n.MarkRefused, match="word for word"):
        i18n.mark("proba", "de", None, str(docs))
    edit(docs, "rules.de.md", "## PR-2 End\n", "## PR-2 Ende\n")
    edit(docs, "rules.de.md", "The game ends.", "Das Spiel endet.")
    got = {r.id: (r.state, r.copied) for r in i18n.game_status("proba", "de", str(docs))}
    assert got["PR-2"] == ("current", "") and got["PR-1"] == ("missing", "en")  # translated: it counts


def test_marking_a_rule_the_page_lacks_is_an_error(docs):
    with pytest.raises(KeyError):
        i18n.mark("proba", "en", ["PR-9"], str(docs))


def test_cli_check_fails_on_missing_warns_on_outdated(docs, capsys):
    args = ["--docs", str(docs), "status", "--lang", "en", "--check"]
    assert cli(["--docs", str(docs), "mark", "proba", "--all", "--lang", "en"]) == 0
    assert cli(args) == 0
    edit(docs, "rules.hu.md", "A játék véget ér.", "A játék azonnal véget ér.")
    capsys.readouterr()
    assert cli(args) == 0  # outdated only warns
    out = capsys.readouterr().out  # the diffs go to stdout: `status > file` keeps them
    assert "warning: proba PR-2 (en) is outdated" in out and "+A játék azonnal véget ér." in out
    edit(docs, "rules.en.md", "### PR-1.1 Port\n", "### PR-1.7 Port\n")
    assert cli(args) == 1
    out = capsys.readouterr()
    assert "missing in en:" in out.out and "PR-1.1" in out.out and "orphaned in en:" in out.out


def test_glossary_warns_on_a_non_glossary_term(docs):
    (docs / "glossary.json").write_text(
        json.dumps({"proba": [{"hu": "kikötő", "en": "port", "hu_forms": ["kikötő"], "en_avoid": ["harbor"]}]}), encoding="utf-8"
    )
    assert i18n.glossary_warnings("en", str(docs)) == []
    edit(docs, "rules.en.md", "The ship stands in the port.", "The ship stands in the harbor.")
    assert len(i18n.glossary_warnings("en", str(docs))) == 1  # "harbor" is ruled out
    edit(docs, "rules.en.md", "### PR-1.1 Port", "### PR-1.1 Harbor")
    warnings = i18n.glossary_warnings("en", str(docs))
    assert len(warnings) == 2 and all(w.startswith("PR-1.1:") for w in warnings)


def test_real_docs_pass_the_check():
    started = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "widgets.i18n", "status", "--check"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Translation status: en" in proc.stdout
    assert time.perf_counter() - started < 30


COPY = ("engine", "widgets", "docs", "overrides", "mkdocs.yml", "pyproject.toml", "README.md")


def test_a_third_language_is_files_plus_one_mkdocs_entry(tmp_path):
    """A throwaway German: one line in mkdocs.yml. The status tool reports every rule and every
    section of every page missing in German, and `--check` passes until mkdocs.yml marks German
    complete. (The site built with a new language: tests/site/test_pseudo_locale.py.)"""
    repo = tmp_path / "repo"
    for name in COPY:
        src = os.path.join(ROOT, name)
        if os.path.isdir(src):
            shutil.copytree(src, repo / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif os.path.exists(src):
            shutil.copy(src, repo / name)
    yml = (repo / "mkdocs.yml").read_text(encoding="utf-8")
    entry = "        - locale: en\n"
    assert entry in yml and "complete: [en]" in yml
    yml = yml.replace(entry, "        - {locale: de, name: Deutsch, build: true}\n" + entry, 1)
    (repo / "mkdocs.yml").write_text(yml, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(repo), "NO_MKDOCS_2_WARNING": "1", "KIKOTO_DOCS": str(repo / "docs")}

    def run(*args):
        return subprocess.run([sys.executable, *args], cwd=repo, env=env, capture_output=True, text=True, timeout=600)

    status = run("-m", "widgets.i18n", "status", "--lang", "de", "--check")
    assert status.returncode == 0, status.stdout + status.stderr  # reported, not gated
    assert "Translation status: de (source: hu), 0% translated (not complete" in status.stdout
    assert "missing in de:" in status.stdout and "section index#kikoto" in status.stdout
    assert (
        "pages not translated to de (each shown in the first language of en → hu that has it, with a notice): " in status.stdout
    )
    assert re.search(r"\n[1-9]\d+ missing, 0 orphaned, 0 outdated; --check gates no language", status.stdout)
    total = sum(len(i18n.load_page(g, "hu", str(repo / "docs"))) for g in i18n.games(str(repo / "docs")))
    sections = len(i18n.section_status(str(repo / "docs"), "de"))
    (repo / "mkdocs.yml").write_text(yml.replace("complete: [en]", "complete: [en, de]"), encoding="utf-8")
    status = run("-m", "widgets.i18n", "status", "--lang", "de", "--check")
    assert status.returncode == 1
    from widgets.i18n import progress

    texts = sum(p.total for p in progress.message_progress("de", str(repo)))
    assert texts > 1000
    # every text counted, rules, sections and messages; at 0% too, gated or not
    assert (
        f"\n{total + sections + texts} missing, 0 orphaned, 0 outdated; --check fails on {total + sections + texts} "
        "of them (de: complete)" in status.stdout
    )
    # the engine's messages are per configured language too: every one is missing in German, and
    # the engine keeps speaking hu and en (a language joins it when its .mo files are compiled);
    # German, marked complete above, is gated, and is not while it is not
    messages = run("-m", "widgets.i18n", "messages", "--check")
    assert messages.returncode == 1 and "Traceback" not in messages.stderr, messages.stderr
    assert "Messages: de:" in messages.stdout and "de/core.po ok: missing (no .po file)" in messages.stdout
    assert re.search(r"Messages: en: \d+ codes in \d+ domains, 0 problem", messages.stdout), messages.stdout
    (repo / "mkdocs.yml").write_text(yml, encoding="utf-8")
    messages = run("-m", "widgets.i18n", "messages", "--check")
    assert (
        messages.returncode == 0
        and "Messages: de:" in messages.stdout
        and "(not complete: reported, not gated)" in messages.stdout
    )
    everything = run("-m", "widgets.i18n", "status")  # both target languages, from mkdocs.yml
    assert "Translation status: de" in everything.stdout and "Translation status: en" in everything.stdout


def test_an_unknown_game_exits_2_naming_it(capsys):
    assert cli(["status", "--game", "mare-baltikum"]) == 2
    assert "unknown game 'mare-baltikum'" in capsys.readouterr().err
    assert cli(["glossary", "--game", "nope"]) == 2


PAGE_HU = """---
title: Próba
---
# Próba

Ez a bevezető.

## Hogyan olvasd

Az azonosítók állandók.

```text
## not a heading
```
"""

PAGE_EN = """---
title: Test
---
# Test

This is the introduction.

## How to read

The ids are permanent.

```text
## not a heading
```
"""


@pytest.fixture
def site_docs(docs):
    (docs / "index.hu.md").write_text(PAGE_HU, encoding="utf-8")
    (docs / "index.en.md").write_text(PAGE_EN, encoding="utf-8")
    return docs


def test_every_page_is_tracked_per_section(site_docs, capsys):
    """An intro paragraph reworded in Hungarian: `status` reports its section outdated with a
    diff (on stdout), the English page gets a drift notice under that section's heading, and
    marking the re-translation makes it current. The rules page's intro is a section too."""
    docs = str(site_docs)
    rows = i18n.page_status("index", "en", docs)
    assert [(r.id, r.state) for r in rows] == [("index#proba", "outdated"), ("index#hogyan-olvasd", "outdated")]
    assert cli(["--docs", docs, "mark", "index", "--all", "--lang", "en"]) == 0
    assert cli(["--docs", docs, "mark", "proba", "--all", "--lang", "en"]) == 0  # its rules and the rules page's intro
    assert {r.state for r in i18n.section_status(docs, "en")} == {"current"}
    assert "<!-- section: src=" in (site_docs / "index.en.md").read_text(encoding="utf-8")

    edit(site_docs, "../index.hu.md", "Ez a bevezető.", "Ez a bevezető, átírva.")
    rows = {r.id: r for r in i18n.page_status("index", "en", docs)}
    assert rows["index#proba"].state == "outdated" and rows["index#hogyan-olvasd"].state == "current"
    assert "+Próba Ez a bevezető, átírva." in "\n".join(rows["index#proba"].diff)
    capsys.readouterr()
    assert cli(["--docs", docs, "status", "--lang", "en", "--check"]) == 0
    out = capsys.readouterr().out
    assert "warning: section index#proba (en) is outdated" in out and "Ez a bevezető, átírva." in out
    assert re.search(r"index\s+2\s+1\s+50%", out)  # potodo-like: per page

    from widgets.build.notices import page_notices
    from widgets.build.where import Where

    where = Where(docs, "en", "en/", "index.en.md", words="en", chain=("hu",), settled=("hu", "en"))
    body = PAGE_EN.split("---\n", 2)[2]
    html = page_notices(body, where, lambda page, lang: i18n.page_status(page, lang, docs))
    lines = html.split("\n")
    at = lines.index("# Test")
    assert "kikoto-tr-outdated" in lines[at + 2] and 'href="../#proba"' in lines[at + 2]
    assert html.count("kikoto-tr-outdated") == 1  # only the changed section

    assert cli(["--docs", docs, "mark", "index", "proba", "--lang", "en"]) == 1  # the English did not change
    reason = "the Hungarian only added a comma"
    assert cli(["--docs", docs, "mark", "index", "proba", "--lang", "en", "--unchanged", reason]) == 0
    assert {r.state for r in i18n.section_status(docs, "en")} == {"current"}
    capsys.readouterr()
    cli(["--docs", docs, "status", "--lang", "en"])
    assert f"index#proba (en) was marked current with its translation unchanged: {reason}" in capsys.readouterr().out
    assert cli(["--docs", docs, "mark", "index", "nope", "--lang", "en"]) == 1


def test_a_fuzzy_message_is_reported_outdated(tmp_path, capsys):
    """The site-side hook for catalog texts: an entry marked fuzzy (its Hungarian changed since it
    was translated) is outdated for `status`, the status page and the cases page."""
    from widgets.i18n import drift

    for lang, fuzzy in (("hu", ""), ("en", "#, fuzzy\n")):
        folder = tmp_path / "engine" / "locale" / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "proba-content.po").write_text(
            'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
            f'msgid "case-p-1-question"\nmsgstr "{"Szabad?" if lang == "hu" else "May I?"}"\n\n'
            f'{fuzzy}msgid "case-p-2-question"\nmsgstr "{"Lehet?" if lang == "hu" else "Can I?"}"\n',
            encoding="utf-8",
        )
    root = str(tmp_path)
    assert drift.is_current("proba-content", "case-p-1-question", "en", root) is True
    assert drift.is_current("proba-content", "case-p-2-question", "en", root) is False
    assert drift.is_current("proba-content", "case-p-9-question", "en", root) is None
    assert drift.is_current("proba-content", "case-p-1-question", "de", root) is False  # missing
    assert [item[:2] for item in drift.outdated("en", root)] == [("proba-content", "case-p-2-question")]

    from widgets.build import pages
    from widgets.build.where import Where

    where = Where(root, "en", "en/proba/cases/", "proba/cases.en.md", words="en")
    old = drift.is_current
    try:
        old_state = drift.state
        drift.state = lambda domain, code, lang, r=None, source=None: old_state(domain, code, lang, root)
        assert "kikoto-tr-outdated" in pages.case_drift({"id": "p-2", "question": "Lehet?"}, where)
        assert pages.case_drift({"id": "p-1", "question": "Szabad?"}, where) == ""
    finally:
        drift.is_current, drift.state = old, old_state
