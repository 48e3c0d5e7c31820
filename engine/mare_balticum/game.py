"""The Mare Balticum game object: players, options (variants and readings) and the format.

The rules live in state.py, loading and the position invariants in validate.py, the action
texts in describe.py.
"""

from ..core import Game, Option
from .messages import CATALOG
from .state import MareBalticumState

OPTIONS = (
    Option("demand_variant", False, (False, True),
           {"hu": "1. változat: a keresletet az első kirakodó teszi ki", "en": "Variant 1: demand placed on first unload"},
           rules=("MB-12",)),
    Option("contracts", False, (False, True),
           {"hu": "2. változat: kereskedelmi szerződések", "en": "Variant 2: trade contracts"},
           rules=("MB-13",)),
    Option("fleet", "pairs", ("pairs", "connected"),
           {"hu": "Olvasat: a flotta szabálya („minden hajója legalább egy másik hajójával szomszédos mezőn áll”)",
            "en": "Reading: the fleet rule (“every ship of the player stands next to at least one of their other ships”)"},
           kind="reading", rules=("MB-4.2",),
           choice_titles={"pairs": {"hu": "szó szerint: minden hajónak van saját szomszédja (két külön pár is jó)",
                                    "en": "literal: every ship has a neighbour of its own (two separate pairs are fine)"},
                          "connected": {"hu": "egyetlen összefüggő flotta",
                                        "en": "one connected fleet"}}),
    Option("empty_bag", "stop", ("stop", "end"),
           {"hu": "Olvasat: ha a feltöltés közben kiürül a zsák",
            "en": "Reading: when the bag runs out during a refill"},
           kind="reading", rules=("MB-8.3",),
           choice_titles={"stop": {"hu": "a maradék mezők üresek maradnak, a játék a szokott módon ér véget",
                                   "en": "the remaining areas stay empty; the game ends as usual"},
                          "end": {"hu": "a játék azonnal véget ér", "en": "the game ends at once"}}),
    Option("refill_opponent_ship", False, (False, True),
           {"hu": "Olvasat: feltöltődik-e az a mező, ahol csak más játékos hajója áll („se hal, se borostyán korong illetve egy hajó bábu sem”)",
            "en": "Reading: is an area refilled when only another player's ship stands there (“neither a fish or amber token nor a ship”)"},
           kind="reading", rules=("MB-8.1",),
           choice_titles={False: {"hu": "nem: bármely hajó megakadályozza (a szöveg szerint)",
                                  "en": "no: any ship prevents it (as the text says)"},
                          True: {"hu": "igen: csak a soron lévő játékos hajója akadályozza",
                                 "en": "yes: only the active player's ship prevents it"}}),
)

GAME = Game(
    id="mare-balticum",
    title={"hu": "Mare Balticum", "en": "Mare Balticum"},
    prefix="MB",
    players=(3, 5),
    state_class=MareBalticumState,
    catalog=CATALOG,
    options=OPTIONS,
)
