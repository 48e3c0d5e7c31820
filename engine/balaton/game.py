"""The Balaton game object: players, options and readings. Option titles are codes of the
game's catalog (engine/locale/*/LC_MESSAGES/balaton.po), read through Game.option_title /
Game.choice_title.

A reading (kind "reading") answers a sentence the book lets be read two ways; `bumped_pawn` and
`crossing_lands` are table choices instead (plain options): the book does not say what a moved pawn
triggers (BA-4.2) nor whether a crossing ends the step (BA-9.1, BA-10.3)."""

from ..core import Game, Option
from ..core.messages import N_
from .components import CLOSURE, GOAL, START_CARDS
from .messages import CATALOG
from .position import POSITION
from .state import BalatonState

__all__ = ["CLOSURE", "GAME", "GOAL", "OPTIONS", "START_CARDS"]

OPTIONS = (
    Option(
        "coin_scale",
        1,
        (1, 10),
        N_("option-coin-scale"),
        kind="variant",
        rules=("BA-2.4",),
        choice_titles={1: N_("option-coin-scale-1"), 10: N_("option-coin-scale-10")},
    ),
    Option(
        "empty_route_field",
        "zero",
        ("zero", "tie"),
        N_("option-empty-route-field"),
        kind="reading",
        rules=("BA-7.2",),
        choice_titles={"zero": N_("option-empty-route-field-zero"), "tie": N_("option-empty-route-field-tie")},
    ),
    Option(
        "closure_scope",
        "field",
        ("field", "port"),
        N_("option-closure-scope"),
        kind="reading",
        rules=("BA-6.4",),
        choice_titles={"field": N_("option-closure-scope-field"), "port": N_("option-closure-scope-port")},
    ),
    Option(
        "subsidy_broke",
        "arrival",
        ("arrival", "any"),
        N_("option-subsidy-broke"),
        kind="reading",
        rules=("BA-11.1",),
        choice_titles={"arrival": N_("option-subsidy-broke-arrival"), "any": N_("option-subsidy-broke-any")},
    ),
    Option(
        "bumped_pawn",
        "nothing",
        ("nothing", "arrow", "landing"),
        N_("option-bumped-pawn"),
        rules=("BA-4.2",),
        choice_titles={
            "nothing": N_("option-bumped-pawn-nothing"),
            "arrow": N_("option-bumped-pawn-arrow"),
            "landing": N_("option-bumped-pawn-landing"),
        },
    ),
    Option(
        "crossing_lands",
        True,
        (True, False),
        N_("option-crossing-lands"),
        rules=("BA-9.1", "BA-10.3"),
        choice_titles={True: N_("option-crossing-lands-true"), False: N_("option-crossing-lands-false")},
    ),
    Option(
        "subsidy_then_buy",
        True,
        (True, False),
        N_("option-subsidy-then-buy"),
        kind="reading",
        rules=("BA-11.2",),
        choice_titles={True: N_("option-subsidy-then-buy-true"), False: N_("option-subsidy-then-buy-false")},
    ),
    Option(
        "plus_one_ship",
        "only",
        ("only", "extra"),
        N_("option-plus-one-ship"),
        kind="reading",
        rules=("BA-10.5",),
        choice_titles={"only": N_("option-plus-one-ship-only"), "extra": N_("option-plus-one-ship-extra")},
    ),
    Option(
        "route_junction",
        "pass",
        ("pass", "stop"),
        N_("option-route-junction"),
        kind="reading",
        rules=("BA-7.1",),
        choice_titles={"pass": N_("option-route-junction-pass"), "stop": N_("option-route-junction-stop")},
    ),
)


def _book_says_zero(parts: dict) -> None:
    """Format 1 -> 2: the reading no_money is gone (the book's „elfogy a pénze” is 0 Ft, BA-11.1);
    a document that chose it opens under the book's answer."""
    inner = [part.get("options") for part in (parts.get("state"), parts.get("setup")) if isinstance(part, dict)]
    for options in (parts.get("options"), *inner):
        if isinstance(options, dict):
            options.pop("no_money", None)


def _end_turn(parts: dict) -> None:
    """Format 2 -> 3: the action `end` is `end-turn`, as in Black Fleet and Vor dem Wind."""
    moves = parts.get("moves") if isinstance(parts.get("moves"), list) else []
    for action in [parts.get("action"), *moves]:
        if isinstance(action, dict) and action.get("type") == "end":
            action["type"] = "end-turn"


GAME = Game(
    id="balaton",
    title=N_("game-title"),
    prefix="BA",
    players=(2, 6),
    state_class=BalatonState,
    catalog=CATALOG,
    options=OPTIONS,
    seat_fields=("player", "seat"),
    migrations=(_book_says_zero, _end_turn),
    position=POSITION,
)
