"""`describe` answers every schema-valid action (legal or not) in every reachable position, in both
languages, with words: never raising, never empty, never a template's brace, "None" or a raw code.

The actions come from the game's own action schema (a small schema-to-strategy reader below, so the
test needs only hypothesis and runs inside Pyodide as well).
"""

from __future__ import annotations

import functools
import json
import os
import re

from hypothesis import HealthCheck, given, settings, strategies as st

from engine.core.rng import Rng
from engine.vor_dem_wind.messages import CATALOG
from engine.vor_dem_wind.position import PHASES
from tests.conftest import SCALE

from .helpers import GAME


def _schema():
    import engine.vor_dem_wind as pkg

    with open(os.path.join(os.path.dirname(pkg.__file__), "schema", "action.schema.json"), encoding="utf-8") as f:
        return json.load(f)


def strategy(node):
    """A hypothesis strategy for the JSON a draft-07 schema node accepts (the parts this schema uses)."""
    if "oneOf" in node:
        return st.one_of([strategy(x) for x in node["oneOf"]])
    if "const" in node:
        return st.just(node["const"])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    kind = node.get("type")
    if isinstance(kind, list):
        return st.one_of([strategy({**node, "type": k}) for k in kind])
    if kind == "integer":
        return st.integers(min_value=node.get("minimum", -5), max_value=node.get("maximum", 60))
    if kind == "string":
        if "pattern" in node:
            return st.from_regex(node["pattern"], fullmatch=True)
        return st.text(max_size=5)
    if kind == "array":
        return st.lists(strategy(node["items"]), max_size=4)
    if kind == "object":
        props = node.get("properties", {})
        required = node.get("required", [])
        optional = [k for k in props if k not in required]
        return st.fixed_dictionaries(
            {k: strategy(props[k]) for k in required}, optional={k: strategy(props[k]) for k in optional}
        )
    raise AssertionError(f"schema node not handled: {node}")


ACTIONS = strategy(_schema())
OPTION_SETS = (
    {},
    {
        "face_up_final": "next-player",
        "swap_chain": "forbidden",
        "keep_fresh_rescue": "hand",
        "keep_fresh_top_up": "all-goods",
        "hand_specials": "any",
        "reserved_when": "own-turn",
        "end_and_spoil": "spoil-first",
    },
)


@functools.lru_cache(maxsize=None)
def positions() -> tuple:
    """Reachable positions of every phase: random playouts, every few moves, for both option sets."""
    out = []
    for k, (players, options) in enumerate(((2, OPTION_SETS[0]), (3, OPTION_SETS[1]), (4, OPTION_SETS[0]))):
        s = GAME.new(players, 11 + k, options)
        rng = Rng(k)
        step, phase = 0, None
        while not s.is_over():
            if step % 40 == 0 or s.phase != phase:  # and the first position of every phase
                out.append(s)
            phase = s.phase
            s = s.apply(rng.choice(s.legal_actions()))
            step += 1
        out.append(s)
    return tuple(out)


CODES = [c for c in CATALOG.entries if "-" in c]
RAW = re.compile(r"\b(" + "|".join(re.escape(c) for c in sorted(CODES, key=len, reverse=True)) + r")\b")
TYPES_WITH_HYPHEN = [t for p in PHASES for t in p.actions if "-" in t]


def _words(text: str):
    assert isinstance(text, str) and text.strip()
    assert "{" not in text and "}" not in text and "None" not in text, text
    assert not RAW.search(text), text
    for t in TYPES_WITH_HYPHEN:
        assert t not in text, text


def test_every_phase_is_reached():
    assert {s.phase for s in positions()} >= {"setup", "reveal", "trade", "execute", "spoil", "over"}


@settings(
    max_examples=max(50, int(400 * SCALE)),
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
@given(index=st.integers(min_value=0, max_value=10**6), action=ACTIONS)
def test_describe_any_schema_valid_action(index, action):
    states = positions()
    s = states[index % len(states)]
    for lang in ("hu", "en"):
        _words(s.describe(action, lang))


def test_describe_every_legal_action():
    for s in positions()[::4]:
        for a in s.legal_actions()[:40]:
            for lang in ("hu", "en"):
                _words(s.describe(a, lang))
