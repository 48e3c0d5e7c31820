"""The engine's registry: the games, and the one parser of rule ids
(docs/contributing/architecture.en.md).

Every game is a package beside engine/core (engine/<package>/, its GAME); `game_ids()` lists
them and `load_game(id)` imports one by name, so nothing in the engine names a game.

A rule is a Markdown heading that starts with its id, followed by its text up to the
next heading:

    ### MB-4.2 The fleet rule
    <!-- rule: descriptive -->        (optional markers, one comment per line)
    Every ship of yours must ...

The site, the engine's checks and the translation tools all read rules through
`parse_rules`, so there is one definition of what a rule is.
"""

from __future__ import annotations

import importlib
import json
import os
import re
from dataclasses import dataclass, field

from .errors import InputError

HEADING = re.compile(r"^(#{2,6})\s+([A-Z]{2}-\d+(?:\.\d+)*)\s+(.*?)\s*(?:\{[^}]*\})?\s*$")
ANY_HEADING = re.compile(r"^#{1,6}\s")
LOOKS_LIKE_ID = re.compile(r"^#{2,6}\s+([A-Z]{2}-\S*)")
MARKER = re.compile(r"^<!--\s*rule:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")


class RuleSyntaxError(ValueError):
    pass


@dataclass
class Rule:
    id: str
    title: str
    level: int
    line: int
    text: str = ""
    marks: dict = field(default_factory=dict)

    @property
    def descriptive(self) -> bool:
        return "descriptive" in self.marks


def parse_rules(markdown: str, source: str = "<text>") -> dict[str, Rule]:
    rules: dict[str, Rule] = {}
    current: Rule | None = None
    body: list[str] = []
    in_fence = False

    def close():
        if current is not None:
            current.text = "\n".join(body).strip()

    for number, line in enumerate(markdown.splitlines(), 1):
        if FENCE.match(line):
            in_fence = not in_fence
        if not in_fence and ANY_HEADING.match(line):
            close()
            body = []
            m = HEADING.match(line)
            current = None
            if not m and LOOKS_LIKE_ID.match(line):
                raise RuleSyntaxError(
                    f"{source}:{number}: malformed rule id {LOOKS_LIKE_ID.match(line).group(1)!r} "
                    f"(expected two capital letters, a hyphen and dotted numbers, e.g. MB-4.2)"
                )
            if m:
                rule_id = m.group(2)
                if rule_id in rules:
                    raise RuleSyntaxError(f"{source}:{number}: duplicate rule id {rule_id} (first at line {rules[rule_id].line})")
                current = rules[rule_id] = Rule(rule_id, m.group(3), len(m.group(1)), number)
            continue
        if current is None:
            continue
        marker = MARKER.match(line.strip())
        if marker:
            for item in marker.group(1).split():
                key, _, value = item.partition("=")
                current.marks[key] = value or True
            continue
        body.append(line)
    close()
    return rules


def docs_dir() -> str | None:
    """The docs/ folder named by KIKOTO_DOCS, if any. The engine never guesses where a checkout keeps
    it: without it the rules come from the index each game ships (`rules_index`)."""
    return os.environ.get("KIKOTO_DOCS") or None


def rules_path(game_id: str, lang: str, docs: str | None = None) -> str:
    return os.path.join(docs or docs_dir(), game_id, f"rules.{lang}.md")


INDEX = "rules.json"


def load_rules(game_id: str, lang: str, docs: str | None = None) -> dict[str, Rule]:
    """The game's rules in `lang`: parsed from the rules page when a docs folder is given (`docs`, or
    KIKOTO_DOCS), else from the game's shipped index (headings only: `text` is empty)."""
    if docs or docs_dir():
        path = rules_path(game_id, lang, docs)
        with open(path, encoding="utf-8") as f:
            return parse_rules(f.read(), path)
    path = os.path.join(ENGINE_DIR, game_id.replace("-", "_"), INDEX)
    try:
        with open(path, encoding="utf-8") as f:
            index = json.load(f)
    except FileNotFoundError:
        raise FileNotFoundError(
            f"{path}: no rule index (write it with `python -m tools rules-index`, or set KIKOTO_DOCS to the docs folder)"
        ) from None
    if lang not in index["languages"]:
        raise FileNotFoundError(f"{path}: no rules in {lang!r} (there are: {', '.join(index['languages'])})")
    return {
        r["id"]: Rule(r["id"], r["title"][lang], r["level"], 0, "", dict(r["marks"]))
        for r in index["rules"]
        if lang in r["title"]
    }


def rules_index(game_id: str, docs: str) -> dict:
    """The index a game ships (engine/<package>/rules.json): each rule's id, heading level, marks and
    title in every language of its rules pages, so the installed engine lists its rules without docs/
    (no line numbers or texts: editing a rule's text leaves the index as it is)."""
    folder = os.path.join(docs, game_id)
    languages = sorted(
        name[len("rules.") : -len(".md")] for name in os.listdir(folder) if name.startswith("rules.") and name.endswith(".md")
    )
    pages = {lang: load_rules(game_id, lang, docs) for lang in languages}
    source = pages.get("hu") or pages[languages[0]]
    return {
        "game": game_id,
        "languages": languages,
        "rules": [
            {
                "id": r.id,
                "level": r.level,
                "marks": r.marks,
                "title": {lang: pages[lang][r.id].title for lang in languages if r.id in pages[lang]},
            }
            for r in source.values()
        ],
    }


ENGINE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def game_ids() -> list[str]:
    """Every game is a subpackage of engine/ (folder name with underscores; the id uses hyphens)."""
    return sorted(
        name.replace("_", "-")
        for name in os.listdir(ENGINE_DIR)
        if name != "core" and os.path.isfile(os.path.join(ENGINE_DIR, name, "__init__.py"))
    )


def load_game(game_id, field: str = "game"):
    """The game's `GAME` (a `Game`); an unknown id is an InputError naming `field`."""
    ids = game_ids()
    if not isinstance(game_id, str) or game_id not in ids:
        raise InputError("unknown-game", field, value=repr(game_id), allowed=", ".join(ids))
    return importlib.import_module(f"engine.{game_id.replace('-', '_')}").GAME
