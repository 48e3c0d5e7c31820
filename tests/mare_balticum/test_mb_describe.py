"""Describing actions: every well-formed action (schema-valid, legal or not) in any reachable
position gets a text in every language, without the core catching anything for the game."""

import functools
import re

from hypothesis import HealthCheck, given, settings, strategies as st

from engine.cli import random_playout
from engine.core.messages import LANGS
from engine.mare_balticum.board import BOARD, CONTRACTS
from engine.mare_balticum.components import SPECIES, TOKEN_KINDS
from engine.mare_balticum.messages import CATALOG
from tests.conftest import SCALE

from ._mb import GAME

FIELDS = st.sampled_from(BOARD.ids)
SEAT = st.integers(min_value=-3, max_value=9)
COUNT = st.integers(min_value=-3, max_value=12)


def _with_player(action):
    return st.one_of(st.just(action), SEAT.map(lambda seat: dict(action, player=seat)))


ACTIONS = st.one_of(
    st.builds(lambda port: {"type": "start", "port": port}, FIELDS),
    st.builds(lambda src, to: {"type": "sail", "from": src, "to": to}, st.sampled_from(["supply"] + BOARD.ids), FIELDS),
    st.builds(lambda field, kind: {"type": "fish", "field": field, "kind": kind}, FIELDS, st.sampled_from(TOKEN_KINDS)),
    st.builds(
        lambda port, fish, demand: {"type": "unload", "port": port, "fish": fish, **({"demand": demand} if demand else {})},
        FIELDS,
        st.dictionaries(st.sampled_from(SPECIES), COUNT, max_size=4),
        st.dictionaries(st.sampled_from(SPECIES), st.integers(min_value=-2, max_value=4), max_size=4),
    ),
    st.builds(lambda kind: {"type": "discard", "kind": kind}, st.sampled_from(TOKEN_KINDS)),
    st.builds(lambda card: {"type": "contract", "card": card}, st.sampled_from(CONTRACTS.ids)),
    st.just({"type": "end-turn"}),
    st.builds(
        lambda value, sp: {"type": "company", "value": value, "species": sp},
        st.sampled_from([0, 1, 2, 3]),
        st.sampled_from(SPECIES),
    ),
    st.builds(
        lambda pay: {"type": "tax", "pay": pay},
        st.lists(
            st.fixed_dictionaries({"from": st.sampled_from(["hold", "warehouse"]), "kind": st.sampled_from(TOKEN_KINDS)}),
            max_size=4,
        ),
    ),
).flatmap(_with_player)


@functools.lru_cache(maxsize=None)
def positions():
    """Reachable positions: setup, play, company choices and the end, variants and readings varied."""
    out = []
    for seed, players in ((1, 3), (2, 4), (3, 5)):
        options = (
            {"demand_variant": bool(seed & 1), "contracts": bool(seed & 2), "last_vault": "nothing", "tie_tokens": "all"}
            if seed == 3
            else {"demand_variant": bool(seed & 1), "contracts": True}
        )
        s = GAME.new(players, seed, options)
        for i, (_, action, _, _) in enumerate(random_playout(s, 2000, seed)):
            if i % 40 == 0 or s.phase == "company" and i % 7 == 0:
                out.append(s)
            s = s.apply(action)
        out.append(s)  # over
    return out


CODES = [code for code in CATALOG.entries if "-" in code]
CODE_WORD = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, CODES)) + r")(?![\w-])")


@settings(max_examples=max(20, int(200 * SCALE)), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0), action=ACTIONS)
def test_every_well_formed_action_is_described(index, action):
    pool = positions()
    state = pool[index % len(pool)]
    GAME.action_schema.validate(action, "action")  # well formed: the schema accepts it
    for lang in LANGS:
        text = state.describe(action, lang)
        assert isinstance(text, str) and text.strip(), (action, lang)
        assert "{" not in text and "}" not in text, text
        assert "None" not in text, text
        assert not CODE_WORD.search(text), text
