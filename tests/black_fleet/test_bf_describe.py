"""`describe` answers every well-formed action (schema-valid, legal or not) in every reachable
position and language, on its own: no catch-all in the core behind it."""

from hypothesis import HealthCheck, given, settings, strategies as st

from engine import load_game
from engine.black_fleet.messages import CATALOG
from engine.core import Rng
from engine.core.messages import LANGS
from tests.conftest import host_module

GAME = load_game("black-fleet")
OPTIONS = [
    {},
    {"fate_effects": "none", "action_timing": "own-move", "pirate_entry": "first-step-free"},
    {"development_abilities": "schematic", "discard_timing": "on-play"},
]
# every code of the game's catalog: none may show up raw in a description
CODES = tuple(code for code in CATALOG.entries if "-" in code)


def reachable(count=30):
    """Positions random play reaches: every phase, three and four players, the option sets above."""
    out = []
    for k in range(count):
        s = GAME.new(3 + k % 2, 900 + k, OPTIONS[k % len(OPTIONS)])
        rng = Rng(k)
        for _ in range(rng.below(120)):
            acts = s.legal_actions()
            if not acts:
                break
            s = s.apply(rng.choice(acts))
        out.append(s)
    return out


STATES = reachable()


def assert_readable(text):
    assert isinstance(text, str) and text.strip()
    assert "{" not in text and "}" not in text and "None" not in text
    assert not any(code in text for code in CODES), text


def test_describe_every_schema_valid_action():
    from_schema = host_module("hypothesis_jsonschema").from_schema  # generation from schemas: on CPython only

    @settings(max_examples=300, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(action=from_schema(GAME.action_schema.data), pick=st.integers(0, len(STATES) - 1))
    def run(action, pick):
        state = STATES[pick]
        for lang in LANGS:
            assert_readable(state._describe(action, lang))

    run()


def test_describe_every_legal_action():
    for state in STATES:
        for action in state.legal_actions():
            for lang in LANGS:
                assert_readable(state._describe(action, lang))
