"""The Vor dem Wind game object: players, options and readings."""

from ..core import Game, Option, expect
from .messages import CATALOG
from .state import VorDemWindState

OPTIONS = (
    Option(
        name="face_up_final", default="on-return", choices=("on-return", "next-player"), kind="reading",
        rules=("VW-4.2",),
        title={"hu": "Mikor válik véglegessé egy meg nem támadott, felfelé fordított lap? (4.2: „Az őt követő "
                     "játékosok … VAGY egy olyan kártyát választanak, amelyet egy másik játékos már elvett”)",
               "en": "When does an unchallenged face-up card become final? (4.2: the following players take a "
                     "free card “OR a card that another player has already taken”)"},
        choice_titles={
            "on-return": {"hu": "Amikor a sor visszaér a birtokosához (ő nem választ újra)",
                          "en": "When the turn comes back round to its holder (who does not choose again)"},
            "next-player": {"hu": "Amint a következő választó nem támadja meg (csak ő tehet rá ajánlatot)",
                            "en": "As soon as the next chooser does not challenge it (only that player may bid for it)"},
        }),
    Option(
        name="swap_chain", default="allowed", choices=("allowed", "forbidden"), kind="reading",
        rules=("VW-4.3.2.4",),
        title={"hu": "Továbbcserélhető-e a kapott lap egy második ellenfélnek? (4.3.2 D: „csak egy helyről "
                     "cserélhetsz!” – de a példa B almáját C-nek adja)",
               "en": "May a card received in a swap be swapped on with a second opponent? (4.3.2 D: “only from "
                     "one place!” – yet the example passes B's apple on to C)"},
        choice_titles={
            "allowed": {"hu": "Igen, ahogy a példa mutatja", "en": "Yes, as the book's example shows"},
            "forbidden": {"hu": "Nem, két lapnál csak egy forrás lehet", "en": "No, two cards always mean one source"},
        }),
    Option(
        name="keep_fresh_rescue", default="warehouse", choices=("warehouse", "hand"), kind="reading",
        rules=("VW-4.3.2.2", "VW-4.4.1"),
        title={"hu": "Hová kerülnek a friss állapotban tartással a kézből megmentett áruk? (4.3.2 B: „a kezedben "
                     "tartott árukártyákból egészítsd ki”)",
               "en": "Where do goods saved from the hand by keep fresh go? (4.3.2 B: “make up the number from the "
                     "goods cards in your hand”)"},
        choice_titles={
            "warehouse": {"hu": "A raktárházba (amennyi hely van)", "en": "Into the warehouse (as far as it has room)"},
            "hand": {"hu": "A kézben maradnak, nem dobod el őket", "en": "They stay in hand and are not discarded"},
        }),
    Option(
        name="hand_specials", default="one", choices=("one", "any"), kind="reading",
        rules=("VW-4.3.2",),
        title={"hu": "Hány különleges lapot játszhatsz ki a kezedből egy 4.3 fázisban? („Ki tudsz játszani egy "
                     "különleges akciókártyát a kezedből”)",
               "en": "How many special cards may you play from hand in one 4.3 phase? (“you can play a special "
                     "action card from your hand”)"},
        choice_titles={"one": {"hu": "Egyet", "en": "One"}, "any": {"hu": "Bármennyit", "en": "Any number"}}),
    Option(
        name="reserved_when", default="any-offer", choices=("any-offer", "own-turn"), kind="reading",
        rules=("VW-4.3.2.6",),
        title={"hu": "Kijátszható-e az előre biztosított akció más ajánlattételekor is? („Egy más által már "
                     "kiválasztott akciókártyára tett ajánlat helyett”)",
               "en": "May a reserved action replace an offer made during someone else's bidding? (“instead of an "
                     "offer for a card another player has already chosen”)"},
        choice_titles={
            "any-offer": {"hu": "Igen, bármely ajánlat helyett", "en": "Yes, instead of any offer"},
            "own-turn": {"hu": "Csak a saját választásodkor", "en": "Only when it is your turn to choose"},
        }),
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
    title={"hu": "Vor dem Wind", "en": "Vor dem Wind (Before the Wind)"},
    prefix="VW",
    players=(2, 4),
    state_class=VorDemWindState,
    catalog=CATALOG,
    options=OPTIONS,
    seat_fields=("player", "offerer"),
)
