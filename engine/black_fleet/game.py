"""The Black Fleet game object: players, options and readings. The rules are in state.py.

A reading (kind "reading") answers a sentence the book lets be read two ways; `short_stock` is a
table choice instead (a plain option): the book is silent on a port short of cubes, so there is
nothing to read, only a choice for the table (BF-7.6).

The options' titles are codes in the `black_fleet` catalog (engine/locale/*/LC_MESSAGES/black_fleet.po)."""

from ..core import Game, Option
from ..core.messages import N_
from .messages import CATALOG
from .position import POSITION
from .state import BlackFleetState

OPTIONS = (
    Option("victory", 10, (10, 20), N_("option-victory"), rules=("BF-13.1",)),
    Option(
        "short_stock",
        "load-available",
        ("load-available", "no-sale"),
        N_("option-short-stock"),
        rules=("BF-7.6",),
        choice_titles={"load-available": N_("option-short-stock-load-available"), "no-sale": N_("option-short-stock-no-sale")},
    ),
    Option(
        "friendly_warship",
        "card",
        ("card", "once-moved"),
        N_("option-friendly-warship"),
        kind="reading",
        rules=("BF-5.2",),
        choice_titles={"card": N_("option-friendly-warship-card"), "once-moved": N_("option-friendly-warship-once-moved")},
    ),
    Option(
        "action_timing",
        "any-time",
        ("any-time", "own-move"),
        N_("option-action-timing"),
        kind="reading",
        rules=("BF-5.6",),
        choice_titles={"any-time": N_("option-action-timing-any-time"), "own-move": N_("option-action-timing-own-move")},
    ),
    Option(
        "discard_timing",
        "end-of-turn",
        ("end-of-turn", "on-play"),
        N_("option-discard-timing"),
        kind="reading",
        rules=("BF-10.3",),
        choice_titles={"end-of-turn": N_("option-discard-timing-end-of-turn"), "on-play": N_("option-discard-timing-on-play")},
    ),
    Option(
        "pirate_entry",
        "first-step-costs",
        ("first-step-costs", "first-step-free"),
        N_("option-pirate-entry"),
        kind="reading",
        rules=("BF-8.5",),
        choice_titles={
            "first-step-costs": N_("option-pirate-entry-first-step-costs"),
            "first-step-free": N_("option-pirate-entry-first-step-free"),
        },
    ),
    Option("fate_effects", "schematic", ("schematic", "none"), N_("option-fate-effects"), rules=("BF-9.3",)),
    Option("development_abilities", "none", ("none", "schematic"), N_("option-development-abilities"), rules=("BF-11.5",)),
)

GAME = Game(
    id="black-fleet",
    title=N_("game-title"),
    prefix="BF",
    players=(3, 4),
    state_class=BlackFleetState,
    catalog=CATALOG,
    options=OPTIONS,
    seat_fields=("player", "target"),
    position=POSITION,
    view="engine.black_fleet.view",  # what a seat may not see
)
