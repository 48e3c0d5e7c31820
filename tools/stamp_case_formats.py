"""One-off (safe to run again): writes "format" and "game_format" into every case file in
docs/*/cases/, after its "game", migrating a file in an earlier format first
(engine/core/formats.py). A file that already carries them is left as it is.

    .venv/bin/python tools/stamp_case_formats.py

The two lines are inserted into the text, so the rest of each file keeps its own layout.
"""

from __future__ import annotations

import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from engine.core.formats import migrate, stamp  # noqa: E402


def stamped_text(text: str) -> str:
    case = json.loads(text)
    want = stamp(case)
    if migrate(case) is case and list(case) == list(want):
        return text  # already current, and in order
    if migrate(case) is not case and any(isinstance(case.get(k), dict) for k in ("title", "question", "note")):
        return json.dumps(want, ensure_ascii=False, indent=1) + "\n"  # the texts change too: written anew
    lines = text.split("\n")
    game = json.dumps(case["game"], ensure_ascii=False)
    found = [
        (len(m.group(1)), i, m.group(1))
        for i, line in enumerate(lines)
        if (m := re.match(rf'^(\s+)"game": {re.escape(game)},\s*$', line))
    ]
    if found:
        _, at, indent = min(found)  # the least indented: the top level's
        lines[at + 1 : at + 1] = [f'{indent}"format": {want["format"]},', f'{indent}"game_format": {want["game_format"]},']
        new = "\n".join(lines)
        if json.loads(new) == want and list(json.loads(new)) == list(want):
            return new
    return json.dumps(want, ensure_ascii=False, indent=1) + "\n"


def main() -> int:
    changed = 0
    for path in sorted(glob.glob(os.path.join(ROOT, "docs", "*", "cases", "*.json"))):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        new = stamped_text(text)
        if new != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)
            changed += 1
    print(changed, "case files stamped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
