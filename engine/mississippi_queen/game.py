"""The Mississippi Queen game object: title, options (variants and readings), catalog, and its position's
interface (position.py).

The titles are codes of the `mississippi_queen` catalog (engine/locale/<lang>/LC_MESSAGES/mississippi_queen.po).
"""

from ..core import Game, Option
from ..core.messages import N_
from .messages import CATALOG
from .position import POSITION
from .state import MQState

OPTIONS = (
    Option(
        "game",
        "learning",
        ("learning", "passenger"),
        N_("option-game"),
        kind="variant",
        rules=("MQ-2.2", "MQ-9.1"),
        choice_titles={"learning": N_("option-game-learning"), "passenger": N_("option-game-passenger")},
    ),
    Option(
        "speed_cost",
        "stated",
        ("stated", "example"),
        N_("option-speed-cost"),
        kind="reading",
        rules=("MQ-4.1",),
        choice_titles={"stated": N_("option-speed-cost-stated"), "example": N_("option-speed-cost-example")},
    ),
    Option(
        "wheels",
        "before",
        ("before", "after"),
        N_("option-wheels"),
        kind="reading",
        rules=("MQ-4.4",),
        choice_titles={"before": N_("option-wheels-before"), "after": N_("option-wheels-after")},
    ),
    Option(
        "explore",
        "entry",
        ("entry", "end"),
        N_("option-explore"),
        kind="reading",
        rules=("MQ-6.1",),
        choice_titles={"entry": N_("option-explore-entry"), "end": N_("option-explore-end")},
    ),
    Option(
        "came_from",
        "path",
        ("path", "previous"),
        N_("option-came-from"),
        kind="reading",
        rules=("MQ-7.2",),
        choice_titles={"path": N_("option-came-from-path"), "previous": N_("option-came-from-previous")},
    ),
    Option(
        "first_round",
        "ahead",
        ("ahead", "seats"),
        N_("option-first-round"),
        kind="reading",
        rules=("MQ-9.6",),
        choice_titles={"ahead": N_("option-first-round-ahead"), "seats": N_("option-first-round-seats")},
    ),
    Option(
        "right_hand",
        "river",
        ("river", "heading"),
        N_("option-right-hand"),
        kind="reading",
        rules=("MQ-9.7",),
        choice_titles={"river": N_("option-right-hand-river"), "heading": N_("option-right-hand-heading")},
    ),
    Option(
        "pushed_finish",
        True,
        (True, False),
        N_("option-pushed-finish"),
        kind="reading",
        rules=("MQ-8.3",),
        choice_titles={True: N_("option-pushed-finish-true"), False: N_("option-pushed-finish-false")},
    ),
    Option("race_for_places", True, (True, False), N_("option-race-for-places"), kind="variant", rules=("MQ-8.4",)),
    Option("round_limit", 100, (0, 30, 60, 100, 200), N_("option-round-limit"), kind="variant", rules=("MQ-10.2",)),
)

GAME = Game(
    id="mississippi-queen",
    title=N_("game-title"),
    prefix="MQ",
    players=(3, 5),
    state_class=MQState,
    catalog=CATALOG,
    options=OPTIONS,
    seat_fields=("player",),  # the optional seat an action names; it must be the one on turn
    position=POSITION,
    view="engine.mississippi_queen.view",  # what a seat may not see
)
