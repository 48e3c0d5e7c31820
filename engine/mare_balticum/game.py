"""The Mare Balticum game object: players, options (variants and readings) and the format.

A reading (kind "reading") answers a sentence the book lets be read two ways; `empty_bag` is a table
choice instead (a plain option): the book is silent on a bag that runs out during a refill (MB-8.3).

The rules live in state.py, the position (its JSON, components and problems) in position.py, the action
texts in describe.py.
"""

from ..core import Game, Option
from ..core.messages import N_
from .messages import CATALOG
from .migrations import MIGRATIONS
from .state import MareBalticumState

OPTIONS = (
    Option("demand_variant", False, (False, True), N_("option-demand-variant"), rules=("MB-12",)),
    Option("contracts", False, (False, True), N_("option-contracts"), rules=("MB-13",)),
    Option(
        "fleet",
        "pairs",
        ("pairs", "connected"),
        N_("option-fleet"),
        kind="reading",
        rules=("MB-4.2",),
        choice_titles={"pairs": N_("option-fleet-pairs"), "connected": N_("option-fleet-connected")},
    ),
    Option(
        "empty_bag",
        "stop",
        ("stop", "end"),
        N_("option-empty-bag"),
        rules=("MB-8.3",),
        choice_titles={"stop": N_("option-empty-bag-stop"), "end": N_("option-empty-bag-end")},
    ),
    Option(
        "last_vault",
        "what_they_have",
        ("what_they_have", "nothing"),
        N_("option-last-vault"),
        kind="reading",
        rules=("MB-9.5",),
        choice_titles={"what_they_have": N_("option-last-vault-what-they-have"), "nothing": N_("option-last-vault-nothing")},
    ),
    Option(
        "tie_tokens",
        "left",
        ("left", "all"),
        N_("option-tie-tokens"),
        kind="reading",
        rules=("MB-11.5",),
        choice_titles={"left": N_("option-tie-tokens-left"), "all": N_("option-tie-tokens-all")},
    ),
)

GAME = Game(
    id="mare-balticum",
    title=N_("game-title"),
    prefix="MB",
    players=(3, 5),
    state_class=MareBalticumState,
    catalog=CATALOG,
    options=OPTIONS,
    migrations=MIGRATIONS,
    view="engine.mare_balticum.view",  # what a seat may not see
)
