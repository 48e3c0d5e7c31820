"""Rule coverage in a checkout: engine.core.coverage with this repository's docs and last recording.

The pytest plugin (tests/coverage_plugin.py) records which rules each test's verdicts cited and
merges the record of a run into RECORDING. `python -m tools coverage` prints the table from it;
`--check` fails on a cited id that does not exist, a checkable rule no code cites, or a checkable
rule no verdict cited (in a test or a case). `make test` runs that check at the end of the run.
"""

from __future__ import annotations

import json
import os

from engine import game_ids
from engine.core.coverage import main as _main, read_recording, report as _report
from engine.core.registry import rules_index

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join(ROOT, "docs")
# Under build/ (not .cache/, which the throwaway copies of the repository share by a link); a run
# of pytest inside a test names its own (KIKOTO_RECORDING), away from the run around it.
RECORDING = os.environ.get("KIKOTO_RECORDING") or os.path.join(ROOT, "build", "rule-coverage.json")


# Checkable rules that no verdict cites yet, each with why (decided where no verdict is given:
# setting up, scoring, the automatic steps). The check fails when one gets cited: then it goes.
GAPS = os.path.join(ROOT, "tools", "coverage_gaps.json")


def known_gaps() -> dict:
    with open(GAPS, encoding="utf-8") as f:
        return json.load(f)


def root_dir() -> str:
    return ROOT


def report(root: str, game_id: str, recording: dict | None = None) -> dict:
    """The game's coverage (the site's table: with no recording, its tests column is not measured)."""
    return _report(game_id, os.path.join(root, "docs"), recording, known_gaps())


def main(args) -> int:
    args.docs = getattr(args, "docs", None) or DOCS
    args.known = GAPS
    if getattr(args, "recording", None) is None and os.path.exists(RECORDING):
        args.recording = RECORDING
    return _main(args)


def index_path(game_id: str) -> str:
    return os.path.join(ROOT, "engine", game_id.replace("-", "_"), "rules.json")


def index_text(game_id: str, docs: str = DOCS) -> str:
    """The index as JSON, one rule a line (a changed title is a one-line diff)."""
    index = rules_index(game_id, docs)
    rules = ",\n".join("  " + json.dumps(r, ensure_ascii=False) for r in index.pop("rules"))
    head = json.dumps(index, ensure_ascii=False)[:-1]
    return f'{head}, "rules": [\n{rules}\n]}}\n'


def write_indexes() -> list[str]:
    """Writes each game's engine/<package>/rules.json from its rules pages; returns the files changed."""
    changed = []
    for game_id in game_ids():
        text, path = index_text(game_id), index_path(game_id)
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if text != old:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            changed.append(os.path.relpath(path, ROOT))
    return changed


__all__ = ["RECORDING", "index_text", "main", "read_recording", "report", "root_dir", "write_indexes"]
