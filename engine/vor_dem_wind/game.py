"""The Vor dem Wind game object: players, options and readings.

Titles are codes of the `vor_dem_wind` catalog (engine/locale/<lang>/LC_MESSAGES/vor_dem_wind.po).
"""

from ..core import Game, Option, expect
from ..core.messages import N_
from .messages import CATALOG
from .position import POSITION, settle_old_piles
from .state import VorDemWindState

OPTIONS = (
    Option(
        "face_up_final",
        "on-return",
        ("on-return", "next-player"),
        N_("option-face-up-final"),
        kind="reading",
        rules=("VW-4.2",),
        choice_titles={"on-return": N_("option-face-up-final-on-return"), "next-player": N_("option-face-up-final-next-player")},
    ),
    Option(
        "swap_chain",
        "allowed",
        ("allowed", "forbidden"),
        N_("option-swap-chain"),
        kind="reading",
        rules=("VW-4.3.2.4",),
        choice_titles={"allowed": N_("option-swap-chain-allowed"), "forbidden": N_("option-swap-chain-forbidden")},
    ),
    Option(
        "keep_fresh_rescue",
        "warehouse",
        ("warehouse", "hand"),
        N_("option-keep-fresh-rescue"),
        kind="reading",
        rules=("VW-4.3.2.2", "VW-4.4.1"),
        choice_titles={"warehouse": N_("option-keep-fresh-rescue-warehouse"), "hand": N_("option-keep-fresh-rescue-hand")},
    ),
    Option(
        "keep_fresh_top_up",
        "spoiling",
        ("spoiling", "all-goods"),
        N_("option-keep-fresh-top-up"),
        kind="reading",
        rules=("VW-4.3.2.2", "VW-4.4.1"),
        choice_titles={
            "spoiling": N_("option-keep-fresh-top-up-spoiling"),
            "all-goods": N_("option-keep-fresh-top-up-all-goods"),
        },
    ),
    Option(
        "hand_specials",
        "one",
        ("one", "any"),
        N_("option-hand-specials"),
        kind="reading",
        rules=("VW-4.3.2",),
        choice_titles={"one": N_("option-hand-specials-one"), "any": N_("option-hand-specials-any")},
    ),
    Option(
        "reserved_when",
        "any-offer",
        ("any-offer", "own-turn"),
        N_("option-reserved-when"),
        kind="reading",
        rules=("VW-4.3.2.6",),
        choice_titles={"any-offer": N_("option-reserved-when-any-offer"), "own-turn": N_("option-reserved-when-own-turn")},
    ),
    Option(
        "load_first",
        "always",
        ("always", "loading"),
        N_("option-load-first"),
        kind="reading",
        rules=("VW-4.3.3",),
        choice_titles={"always": N_("option-load-first-always"), "loading": N_("option-load-first-loading")},
    ),
    Option(
        "end_and_spoil",
        "end-first",
        ("end-first", "spoil-first"),
        N_("option-end-and-spoil"),
        kind="reading",
        rules=("VW-4.4", "VW-5.0"),
        choice_titles={"end-first": N_("option-end-and-spoil-end-first"), "spoil-first": N_("option-end-and-spoil-spoil-first")},
    ),
    Option(
        "bank",
        "unlimited",
        ("unlimited", "cards"),
        N_("option-bank"),
        kind="reading",
        rules=("VW-2.3",),
        choice_titles={"unlimited": N_("option-bank-unlimited"), "cards": N_("option-bank-cards")},
    ),
)


class VorDemWindGame(Game):
    def check_action_format(self, action, players):
        """The core's format check, and the seat a swap step names ("with": "hand" or a seat)."""
        super().check_action_format(action, players)
        if action["type"] == "swap":
            for i, step in enumerate(action["steps"]):
                if step["with"] != "hand":
                    expect(step["with"], "integer", f"action.steps[{i}].with", low=0, high=players - 1)


GAME = VorDemWindGame(
    id="vor-dem-wind",
    title=N_("game-title"),
    prefix="VW",
    players=(2, 4),
    state_class=VorDemWindState,
    catalog=CATALOG,
    options=OPTIONS,
    seat_fields=("player", "offerer"),
    # format 2: the piles are counted (engine/vor_dem_wind/position.py); a position saved before is settled
    migrations=(settle_old_piles,),
    position=POSITION,
    view="engine.vor_dem_wind.view",  # what a seat may not see
)
