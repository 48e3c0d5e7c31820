"""`python -m widgets check-game ID`: what a game still lacks against the shared requirements, each in
the words of the requirement and with the shared test that asks it, so that a new game's maintainer
knows before a test run what the suite will ask (docs/contributing/adding-a-game.en.md).

Each check reads what the shared test reads (the case files, the pages' boxes, the formats record,
the rules index…), and, where the test has a helper or a bar of its own (MIN_CASES, the boxes'
parser, the formats' fingerprint), it uses that one, so the two cannot drift apart. The checks are
quick: they say what is missing; the tests (`-k ID`) say whether what is there is right.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os

from engine import game_ids, load_game

from .write import PAGES, ROOT

REQUIREMENTS: list = []  # (words, the shared test that asks it, check(game) -> [what is missing])


def requirement(words: str, test: str):
    def add(check):
        REQUIREMENTS.append((words, test, check))
        return check

    return add


def exists(*parts) -> bool:
    return os.path.exists(os.path.join(ROOT, *parts))


def package(game) -> str:
    return game.id.replace("-", "_")


def scenario(game, name: str):
    module = f"tests.{package(game)}.{name}"
    return importlib.import_module(module) if importlib.util.find_spec(module) else None


@requirement(
    "a position of its own behind the one Position interface (engine/<package>/position.py)", "tests/core/test_one_shape.py"
)
def _position(game):
    lacks = [f"its Position does not implement {m}" for m in game.position.PARTS if not game.position.implements(m)]
    if "phase" in game.state_schema.data.get("properties", {}):
        declared = sorted(p.name for p in game.phases)
        if declared != sorted(game.state_schema.data["properties"]["phase"].get("enum", [])):
            lacks.append("the phases declared are not the phases the state schema allows")
    else:
        lacks.append("the state schema has no `phase`: the phases are declared once, as data")
    unphased = set(game.action_schema.types) - {k for p in game.phases for k in p.actions}
    lacks += [f"the action type {k!r} belongs to no phase" for k in sorted(unphased)]
    return lacks


@requirement(
    "its editing operations in engine/<package>/edit.py: one per name in Position.edits, with after_set and resize",
    "tests/core/test_set_field.py, tests/core/test_one_shape.py",
)
def _edits(game):
    if not exists("engine", package(game), "edit.py"):
        return [f"engine/{package(game)}/edit.py is missing"]
    module = game.position.operations()
    names = list(game.position.edits) + ["after_set", "resize"]
    return [f"edit.py has no {name}()" for name in names if not callable(getattr(module, name, None))]


@requirement(
    "a move that breaks two rules gets both: tests/<package>/reasons_scenario.py (case(), ABOUT, PRECONDITION)",
    "tests/core/test_every_reason.py",
)
def _reasons(game):
    found = scenario(game, "reasons_scenario")
    if found is None:
        return [f"tests/{package(game)}/reasons_scenario.py is missing"]
    return [f"reasons_scenario.py has no {name}" for name in ("case", "ABOUT", "PRECONDITION") if not hasattr(found, name)]


@requirement("every game has enough disputed cases", "tests/core/test_cases.py")
def _cases(game):
    from tests.core.test_cases import MIN_CASES, case_files

    folder = os.path.join(ROOT, "docs", game.id, "cases")
    count = len(case_files(game.id)) if os.path.isdir(folder) else 0
    return [f"{count} case files in docs/{game.id}/cases/, {MIN_CASES} wanted"] if count < MIN_CASES else []


@requirement("every answer of every reading has a case", "tests/core/test_cases.py")
def _reading_cases(game):
    folder = os.path.join(ROOT, "docs", game.id, "cases")
    used = set()
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if name.endswith(".json"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                options = json.load(f).get("options") or {}
            used |= {(k, json.dumps(v)) for k, v in options.items()}
    return [
        f"no case sets {name}={json.dumps(choice)}"
        for name, option in game.options.items()
        if option.kind == "reading"
        for choice in option.choices
        if choice != option.default and (name, json.dumps(choice)) not in used
    ]


@requirement(
    "the rules pages use the titled boxes: at least three that quote the book, and a reading box for each reading",
    "tests/core/test_reading_boxes.py",
)
def _boxes(game):
    from tests.core.test_reading_boxes import boxes, kind_of, page, problems

    lacks = []
    for lang in ("hu", "en"):
        if not exists("docs", game.id, f"rules.{lang}.md"):
            lacks.append(f"docs/{game.id}/rules.{lang}.md is missing")
            continue
        found = [(t, b, r) for t, b, r in boxes(page(game.id, lang)) if kind_of(t, lang)]
        if len(found) < 3:
            lacks.append(f"rules.{lang}.md: {len(found)} titled boxes, 3 wanted")
        lacks += [f"rules.{lang}.md: {p}" for t, b, r in found for p in problems(game, t, b, r, lang)]
        titles = [t for t, _, _ in found if kind_of(t, lang) == "reading"]
        lacks += [
            f"rules.{lang}.md: no reading box for `{name}`"
            for name, option in game.options.items()
            if option.kind == "reading" and not any(f"`{name}`" in t for t in titles)
        ]
    return lacks


@requirement("the shipped rules index matches the rules pages (engine/<package>/rules.json)", "tests/host/test_traceability.py")
def _rules_index(game):
    from tools.coverage import index_path, index_text

    path = index_path(game.id)
    if not os.path.exists(path):
        return [f"engine/{package(game)}/rules.json is missing: `python -m tools rules-index`"]
    with open(path, encoding="utf-8") as f:
        same = f.read() == index_text(game.id)
    return [] if same else [f"engine/{package(game)}/rules.json is out of date: `python -m tools rules-index`"]


@requirement("its format is recorded: a changed format comes with a new version", "tests/formats/test_guard.py")
def _formats(game):
    from tests.formats.test_guard import current, recorded

    have = recorded().get(game.id)
    if have is None:
        return ["no record in tests/formats/formats.json (`python -m tests.formats.test_guard` prints it)"]
    return [] if have == current()[game.id] else ["its record in tests/formats/formats.json differs from its schemas and options"]


@requirement(
    "its pages in every language: learn, rules, aid, examples, cases, sandbox, ask, coverage; in the nav and on the home page",
    "tests/site/test_build.py, tests/site/test_learn_pages.py",
)
def _pages(game):
    lacks = [
        f"docs/{game.id}/{p}.{lang}.md is missing"
        for p, _ in PAGES
        for lang in ("hu", "en")
        if not exists("docs", game.id, f"{p}.{lang}.md")
    ]
    with open(os.path.join(ROOT, "mkdocs.yml"), encoding="utf-8") as f:
        nav = f.read()
    lacks += [f"mkdocs.yml's nav has no {game.id}/{p}.md" for p, _ in PAGES if f"{game.id}/{p}.md" not in nav]
    for lang in ("hu", "en"):
        with open(os.path.join(ROOT, "docs", f"index.{lang}.md"), encoding="utf-8") as f:
            if f"{game.id}/learn.md#lesson" not in f.read():
                lacks.append(f"docs/index.{lang}.md has no card leading to its learn page and guided round")
    return lacks


@requirement(
    "its examples: a guided first round (lesson.json), a sandbox (sandbox.json) and the Ask page's start (ask.json)",
    "tests/widgets/test_lesson.py, tests/site/test_learn_pages.py",
)
def _examples(game):
    return [
        f"docs/{game.id}/examples/{n}.json is missing"
        for n in ("lesson", "sandbox", "ask")
        if not exists("docs", game.id, "examples", f"{n}.json")
    ]


@requirement(
    "its widgets package in the shared layout: board.py ending with RENDERER, edit.py with EDITING",
    "tests/host/test_widget_layout.py, tests/widgets/test_editor_parts.py",
)
def _widgets(game):
    lacks = []
    for name, attr in (("board", "RENDERER"), ("edit", "EDITING")):
        module = f"widgets.render.{package(game)}.{name}"
        if importlib.util.find_spec(module) is None:
            lacks.append(f"widgets/render/{package(game)}/{name}.py is missing")
        elif not hasattr(importlib.import_module(module), attr):
            lacks.append(f"widgets/render/{package(game)}/{name}.py has no {attr}")
    return lacks


@requirement(
    "the Ask page's scenario: tests/<package>/editor_scenario.py, SCENARIO with setup, counter, legal, illegal, "
    "impossible, and three typical questions",
    "tests/browser/test_editor.py, tests/browser/test_ask_questions.py, tests/widgets/test_ask_words.py",
)
def _editor_scenario(game):
    found = scenario(game, "editor_scenario")
    if found is None:
        return [f"tests/{package(game)}/editor_scenario.py is missing"]
    s = getattr(found, "SCENARIO", {})
    keys = ("setup", "legal", "legal_rule", "illegal", "illegal_rule", "impossible", "questions")
    lacks = [f'SCENARIO has no "{k}"' for k in keys if k not in s]
    if len(s.get("questions", [])) < 3:
        lacks.append(f'SCENARIO["questions"] holds {len(s.get("questions", []))} questions, 3 wanted')
    return lacks


@requirement("every checkable rule is cited by the game's code", "python -m engine coverage --check")
def _cited(game):
    from engine.core.coverage import code_citations
    from engine.core.registry import load_rules

    if not exists("docs", game.id, "rules.hu.md"):
        return []
    cited = code_citations(game.id, game.prefix)
    return [
        f"{r}: a checkable rule no code in engine/{package(game)}/ cites"
        for r, rule in load_rules(game.id, "hu").items()
        if not rule.descriptive and r not in cited
    ]


def lacks(game_id: str) -> list[tuple[str, str, list[str]]]:
    """(requirement, test, what is missing) of each requirement the game does not meet yet."""
    game = load_game(game_id)
    out = []
    for words, test, check in REQUIREMENTS:
        missing = check(game)
        if missing:
            out.append((words, test, missing))
    return out


def main(game_id: str) -> int:
    if game_id not in game_ids():
        print(f"error: “id”: no game {game_id!r} (games: {', '.join(game_ids())})")
        return 2
    found = lacks(game_id)
    for words, test, missing in found:
        print(f"✘ {words}\n  ({test})")
        for line in missing:
            print(f"  - {line}")
    met = len(REQUIREMENTS) - len(found)
    print(f"{game_id}: {met} of {len(REQUIREMENTS)} shared requirements met.")
    selected = " or ".join(dict.fromkeys((game_id, game_id.replace("-", "_"))))
    print(f'Then the shared tests themselves: .venv/bin/python -m pytest -n 0 -m "not browser" -k "{selected}"')
    print(f'and in Chromium (the site is built once): .venv/bin/python -m pytest -n 0 -m browser -k "{selected}"')
    return 1 if found else 0
