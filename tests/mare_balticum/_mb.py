"""Shared helpers for the Mare Balticum tests."""

import json
import os

from engine import load_game

GAME = load_game("mare-balticum")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOCS = os.path.join(ROOT, "docs", "mare-balticum")
EXAMPLES = os.path.join(DOCS, "examples")
CASES = os.path.join(DOCS, "cases")

DEMAND = {
    "stockholm": ["salmon", "cod"],
    "lubeck": ["cod", "herring"],
    "gdansk": ["herring", "flounder"],
    "visby": ["salmon"],
    "riga": ["flounder"],
}
FULL_MARKET = {"salmon": 3, "flounder": 2, "herring": 1, "cod": 0}


def load_json(*parts):
    with open(os.path.join(*parts), encoding="utf-8") as f:
        return json.load(f)


def example(name):
    return load_json(EXAMPLES, name + ".json")


def state(data, **options):
    s = GAME.from_json(data)
    if options:
        s.options.update(options)
    return s


def dumps(s) -> str:
    return json.dumps(s.to_json(), sort_keys=True, ensure_ascii=False)


def sea_tokens(empty=()):
    """Every sea area full (a fixed pattern), except the areas in `empty`."""
    from engine.mare_balticum.board import BOARD

    kinds = ["amber", "cod", "herring", "salmon", "flounder"]
    out, i = {}, 0
    for fid in BOARD.sea:
        if fid in empty:
            continue
        out[fid] = [kinds[(i + j) % 5] for j in range(BOARD.capacity(fid))]
        i += 1
    return out


def conserved(s) -> bool:
    """68 fish/amber tokens and 6 time tokens: board + bag + holds + warehouses + discarded (+ track)."""
    from engine.mare_balticum.components import TIME_TOKENS, TOKEN_COUNTS, TOKEN_KINDS

    counts = dict.fromkeys(TOKEN_KINDS, 0)
    for lst in s.tokens.values():
        for kind in lst:
            counts[kind] += 1
    for kind in TOKEN_KINDS:
        total = counts[kind] + s.bag[kind] + s.discarded[kind]
        for w in s.warehouse:
            total += w[kind]
        if kind != "amber":
            for h in s.hold:
                total += h[kind]
        if total != TOKEN_COUNTS[kind]:
            return False
    pending = 1 if s.phase == "company" else 0
    return s.bag["time"] + s.time_track + pending == TIME_TOKENS
