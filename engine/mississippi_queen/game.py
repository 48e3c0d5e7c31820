"""The Mississippi Queen game object: title, options (variants and readings), catalog."""

from ..core import Game, Option
from .messages import CATALOG
from .state import MQState

OPTIONS = (
    Option("game", "learning", ("learning", "passenger"),
           {"hu": "Játékváltozat: Tanulóiskola (beavató játék) vagy utasszállító-játék",
            "en": "Which game: the learning game (Tanulóiskola) or the passenger game"},
           kind="variant", rules=("MQ-2.2", "MQ-9.1"),
           choice_titles={"learning": {"hu": "Tanulóiskola", "en": "Learning game"},
                          "passenger": {"hu": "Utasszállító-játék", "en": "Passenger game"}}),
    Option("speed_cost", "stated", ("stated", "example"),
           {"hu": "Mennyi szénbe kerül a gyorsítás? „A sebesség 2-ről 4-re növelése: két szénpontba kerül.”",
            "en": "What does accelerating cost? “Raising speed from 2 to 4 costs two coal.”"},
           kind="reading", rules=("MQ-4.1",),
           choice_titles={"stated": {"hu": "A szabály szövege: az első lépés ingyenes, minden további 1 szén (2→4: 1 szén)",
                                     "en": "The stated rule: first step free, each further step 1 coal (2→4: 1 coal)"},
                          "example": {"hu": "A példa szerint: egynél több gyorsítás minden lépése 1 szén (2→4: 2 szén), lassításnál az első ingyenes",
                                      "en": "As the example: accelerating by more than one costs 1 coal per step (2→4: 2 coal); braking keeps the free first step"}}),
    Option("explore", "entry", ("entry", "end"),
           {"hu": "Mikor kell új folyómezőt letenni? „ha egy gőzös olyan folyómezőre lép, ahol más gőzhajó még nincs”",
            "en": "When is a new river tile laid? “whenever a steamer steps onto a tile where no other steamer is yet”"},
           kind="reading", rules=("MQ-6.1",),
           choice_titles={"entry": {"hu": "Belépéskor: ha a gőzös a körében rálépett az új mezőre (a letétel a kör végén)",
                                    "en": "On entry: the steamer entered the new tile during its turn (laid at the end of the turn)"},
                          "end": {"hu": "A kör végén: csak ha a gőzös a kör végén az új mezőn áll",
                                  "en": "At the end of the turn: only if the steamer ends its turn on the new tile"}}),
    Option("right_hand", "river", ("river", "heading"),
           {"hu": "Holtversenyben „az a gőzös léphet előbb, amelyik jobbrább áll” — kinek a jobbja?",
            "en": "In a tie “the steamer standing further right moves first” — right as seen by whom?"},
           kind="reading", rules=("MQ-9.7",),
           choice_titles={"river": {"hu": "A folyás irányából nézve (a mező dönt, a hajók iránya nem számít)",
                                    "en": "Looking downstream (the field decides, headings do not matter)"},
                          "heading": {"hu": "A hajók orra felől nézve, ha egy irányba néznek; különben a folyás iránya",
                                      "en": "Seen from the bows when the tied steamers share a heading; otherwise downstream"}}),
    Option("pushed_finish", True, (True, False),
           {"hu": "Célba ér-e a mólóhoz leszorított gőzös? („Az a gőzös nyeri a futamot, aki elsőként eléri…”)",
            "en": "Does a steamer pushed onto a landing field finish? (“The steamer that first reaches … wins”)"},
           kind="reading", rules=("MQ-8.3",),
           choice_titles={True: {"hu": "Igen, ha megfelel a feltételeknek", "en": "Yes, if it qualifies"},
                          False: {"hu": "Nem, csak saját lépéssel lehet célba érni", "en": "No, only its own move lands it"}}),
    Option("race_for_places", True, (True, False),
           {"hu": "A többiek tovább játszanak a helyezésekért", "en": "The others race on for places"},
           kind="variant", rules=("MQ-8.4",)),
    Option("round_limit", 100, (0, 30, 60, 100, 200),
           {"hu": "Körlimit (nem a szabálykönyvből; gépi játékhoz, 0 = nincs)",
            "en": "Round limit (not in the rulebook; a safeguard for software play, 0 = none)"},
           kind="variant", rules=("MQ-10.2",)),
)

GAME = Game(
    id="mississippi-queen",
    title={"hu": "Mississippi Queen", "en": "Mississippi Queen"},
    prefix="MQ",
    players=(3, 5),
    state_class=MQState,
    catalog=CATALOG,
    options=OPTIONS,
    seat_fields=("player",),  # the optional seat an action names; it must be the one on turn
)
