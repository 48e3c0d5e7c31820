"""A translator's cycle on a copy of the repository, each command as the guide writes it
(docs/contributing/translators.en.md), timed: the Hungarian of one message, one case question, one
rule and one paragraph changes; `status` reports all four at once, with no step before it; until
they are re-translated the English reader gets the previous English, marked outdated, and CI's
checks stay green; the translator updates them through the bilingual copies and `mark`; after
that everything is current and the figures match `msgfmt --statistics`."""

import json
import os
import re
import shlex
import subprocess
import time
from pathlib import Path

import pytest

from tests.conftest import copy_repo, program

COPY = ("engine", "widgets", "docs", "mkdocs.yml", "pyproject.toml", "tools")
CASE = "docs/mare-balticum/cases/mb-company-slot-taken.json"
INTRO = "erre hivatkozik a szabálymotor minden döntése."
RULE = "Egyetlen hajó (az előkészület után) még nem sérti a szabályt."


def edit(repo, rel, old, new):
    path = repo / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, rel
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.long
def test_a_translators_cycle(tmp_path):
    repo, run = copy_repo(tmp_path, COPY)
    times = {}

    def cmd(label, *args):
        started = time.perf_counter()
        proc = run("-m", "widgets.i18n", *args)
        times[label] = time.perf_counter() - started
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
        return proc.stdout

    def outdated(out: str) -> int:
        return int(re.search(r"\n\d+ missing, \d+ orphaned, (\d+) outdated;", out).group(1))

    # what is outdated before (the repository's own state, whatever it is)
    before = outdated(cmd("status (before)", "status", "--lang", "en"))
    # the Hungarian changes: one message, one case question, one rule, one paragraph
    edit(
        repo,
        "engine/locale/hu/LC_MESSAGES/ui.po",
        'msgid "checked-by"\nmsgstr "Ellenőrzi:"',
        'msgid "checked-by"\nmsgstr "Ellenőrzik:"',
    )
    case = json.loads((repo / CASE).read_text(encoding="utf-8"))
    case["question"] += " És ha a 3-ast tenném oda?"
    (repo / CASE).write_text(json.dumps(case, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    edit(repo, "docs/mare-balticum/rules.hu.md", RULE, RULE + " Két hajó már flotta.")
    edit(repo, "docs/mare-balticum/rules.hu.md", INTRO, INTRO + " Ez a mondat új.")
    cmd("compile (hu)", "compile")

    # 1. status, at once
    out = cmd("status", "status", "--lang", "en")
    assert "warning: mare-balticum MB-4.2 (en) is outdated" in out
    assert "warning: section mare-balticum/rules#" in out and "Ez a mondat új." in out
    assert "ui.po checked-by" in out and "mare_balticum-content.po case-mb-company-slot-taken-question" in out
    # the pages that sum the rule up (how to play, player aid: follows_rules) are outdated with it:
    # two sections of the how-to-play page and one of the aid link MB-4.2
    assert "warning: section mare-balticum/learn#" in out and "warning: section mare-balticum/aid#" in out
    assert outdated(out) == before + 4 + 3 and "--check fails on 0 of them" in out, out[-500:]
    # until it is re-translated: the previous English, marked; CI stays green
    shown = run(
        "-c",
        "from widgets.render.ui import UI; from engine.core import content as C; "
        "print(UI.text('checked-by', 'en')); "
        f"print(C.text('mare-balticum', 'case-mb-company-slot-taken-question', {case['question']!r}, 'en'))",
    )
    first, second = shown.stdout.splitlines()
    assert first == "Checked by (outdated translation)" and second.endswith("(outdated translation)")
    assert "Tehetem" not in second
    cmd("status --check", "status", "--check")
    cmd("messages --check", "messages", "--check")

    # 2. the translator: the messages in their editor's bilingual copies, the page by hand
    cmd("extract", "extract")
    cmd("bilingual", "bilingual", "--lang", "en")
    for domain, code, text in (
        ("ui", "checked-by", "Checked by"),
        (
            "mare_balticum-content",
            "case-mb-company-slot-taken-question",
            "My company token is on the salmon slot. May I put the 2 there too? And the 3?",
        ),
    ):
        path = repo / "build" / "translate" / "en" / f"{domain}.po"
        po = path.read_text(encoding="utf-8")
        m = re.search(rf'#, fuzzy, python-brace-format\nmsgctxt "{code}"|#, fuzzy\nmsgctxt "{code}"', po)
        assert m, f"{code} is not marked fuzzy in the editor's copy"
        block = po[m.start() :]
        block_end = block.index("\n\n") if "\n\n" in block else len(block)
        entry = block[:block_end]
        fixed = re.sub(r'msgstr ".*"', lambda _: f'msgstr "{text}"', entry.replace("#, fuzzy, ", "#, ").replace("#, fuzzy\n", ""))
        path.write_text(po.replace(entry, fixed), encoding="utf-8")
    cmd("bilingual --back", "bilingual", "--lang", "en", "--back")
    edit(repo, "docs/mare-balticum/rules.en.md", "does not break the rule.", "does not break the rule. Two ships are a fleet.")
    edit(
        repo,
        "docs/mare-balticum/rules.en.md",
        "every decision of the rules engine cites it.",
        "every decision of the rules engine cites it. This sentence is new.",
    )
    cmd("mark (rule)", "mark", "mare-balticum", "MB-4.2", "--lang", "en")
    cmd("mark (section)", "mark", "mare-balticum/rules", "--all", "--lang", "en")
    # the summaries still hold: their English is unchanged, and mark says why
    for page in ("mare-balticum/learn", "mare-balticum/aid"):
        cmd(f"mark ({page})", "mark", page, "--all", "--lang", "en", "--unchanged", "the summary still holds")
    cmd("compile", "compile")
    out = cmd("status (after)", "status", "--lang", "en", "--check")
    assert outdated(out) == before, out[-1500:]
    cmd("messages --check (after)", "messages", "--check")
    shown = run("-c", "from widgets.render.ui import UI; print(UI.text('checked-by', 'en'))")
    assert shown.stdout.strip() == "Checked by"

    # the figures are msgfmt's
    msgfmt = program("msgfmt")
    rows = dict(re.findall(r"\n  (\S+\.po)\s+(\d+)\s+\d+", out))
    assert rows
    for name, total in rows.items():
        stats = subprocess.run(
            [msgfmt, "--statistics", "-o", os.devnull, str(repo / "engine/locale/en/LC_MESSAGES" / name)],
            capture_output=True,
            text=True,
        )
        assert stats.stderr.startswith(f"{total} translated messages."), f"{name}: {stats.stderr}"
    print("\ntranslator's cycle: " + ", ".join(f"{k} {v:.1f} s" for k, v in times.items()))


def guide_commands(lang: str) -> list[list[str]]:
    """Every `.venv/bin/python -m …` line of the guide's shell blocks, its comment cut off."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "contributing" / f"translators.{lang}.md").read_text(encoding="utf-8")
    out = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.strip()
            if line.startswith(".venv/bin/python -m "):
                out.append(shlex.split(line.split("  #")[0].split(" # ")[0]))
    return out


@pytest.mark.long
def test_every_command_of_the_guide_works_as_written(tmp_path):
    repo, run = copy_repo(tmp_path, COPY)
    yml = (repo / "mkdocs.yml").read_text(encoding="utf-8")
    english = "        - locale: en\n"
    (repo / "mkdocs.yml").write_text(
        yml.replace(english, "        - {locale: de, name: Deutsch, build: true}\n" + english, 1), encoding="utf-8"
    )
    commands = guide_commands("en") + guide_commands("hu")
    assert len(commands) > 20
    ran = 0
    for command in commands:
        if command[2] == "mkdocs":  # `mkdocs serve` runs until stopped: the pseudo-locale test builds the site
            continue
        proc = run(*command[1:])
        assert proc.returncode == 0, f"{' '.join(command)}: {proc.stdout[-2000:]}{proc.stderr[-2000:]}"
        ran += 1
    assert ran > 20
