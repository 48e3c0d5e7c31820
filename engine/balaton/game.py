"""The Balaton game object: players, options and readings."""

from ..core import Game, Option
from .messages import CATALOG
from .components import CLOSURE, GOAL, START_CARDS, _t
from .state import BalatonState

__all__ = ["CLOSURE", "GAME", "GOAL", "OPTIONS", "START_CARDS"]

OPTIONS = (
    Option(
        "coin_scale", 1, (1, 10),
        _t("Érmék: a könyv összegei (1) vagy tízszeresük 10, 20, 50 Ft-os érmékkel (10): "
           "„minden, a szabályban szereplő pénzösszegnek a tízszeresét kell figyelembe venni”",
           "Coins: the book's amounts (1) or ten times them with 10, 20, 50 Ft coins (10): "
           "\"every amount in the rules is taken ten times\""),
        kind="variant", rules=("BA-2.4",),
        choice_titles={1: _t("10 Ft kezdés, 20 Ft a cél", "10 Ft start, 20 Ft goal"),
                       10: _t("100 Ft kezdés, 200 Ft a cél", "100 Ft start, 200 Ft goal")},
    ),
    Option(
        "empty_route_field", "zero", ("zero", "tie"),
        _t("Mennyit ér az útvonal olyan tavi mezője, ahol nincs hajód? „nem fontos, hogy minden egyes mezőn legyen hajó”",
           "What does a route field pay where you have no ship? \"it does not matter whether every field has a ship\""),
        kind="reading", rules=("BA-7.2",),
        choice_titles={"zero": _t("0 Ft (a táblázat csak a hajós mezőket fizeti)", "0 Ft (the table pays only fields with your ships)"),
                       "tie": _t("üres mezőn 0–0 döntetlen: 1 Ft (2-es mezőn 2), ha másnak van ott hajója: 0",
                                 "an empty field is a 0-0 tie: 1 Ft (2 on a \"2\" field); 0 if someone else has ships there")},
    ),
    Option(
        "closure_scope", "field", ("field", "port"),
        _t("Mire vonatkozik a „három hajója is van egy kikötőben” lezárás?",
           "What does the closure \"already has three ships in a port\" apply to?"),
        kind="reading", rules=("BA-6.4",),
        choice_titles={"field": _t("a tavi mezőre: ha ott egy játékosnak 3 hajója van, oda senki sem vehet többet",
                                   "the lake field: once one player has 3 ships on it, nobody adds more"),
                       "port": _t("a kikötőre: az onnan vett hajók számítanak; egy zöld mezőre a másik két kikötőből még lehet venni",
                                  "the port: ships bought from that port count; a green field stays open from its other two ports")},
    ),
    Option(
        "no_money", "zero", ("zero", "below-reroll"),
        _t("Mikor „fogy el a pénze” a támogatáshoz?", "When has a player \"run out of money\" for the subsidy?"),
        kind="reading", rules=("BA-11.1",),
        choice_titles={"zero": _t("pontosan 0 Ft-ja van", "exactly 0 Ft"),
                       "below-reroll": _t("kevesebb, mint egy újradobás ára (2 Ft)", "less than the price of a reroll (2 Ft)")},
    ),
    Option(
        "bumped_pawn", "nothing", ("nothing", "arrow", "landing"),
        _t("Vált-e ki valamit az áthelyezett bábu? „azt tetszőleges helyre áthelyezheti a táblán”",
           "Does a pawn moved by another player trigger anything? \"may move it to any place on the board\""),
        kind="reading", rules=("BA-4.2",),
        choice_titles={"nothing": _t("semmit: ott áll, ahová tették", "nothing: it stays where it was put"),
                       "arrow": _t("csak a nyíl visz tovább a központba", "only an arrow sends it on to the centre"),
                       "landing": _t("érkezésnek számít: tulajdonosa ott vásárolhat, bevételt vagy támogatást kaphat",
                                     "it counts as a landing: its owner may buy, collect income or a subsidy there")},
    ),
    Option(
        "crossing_lands", True, (True, False),
        _t("Komppal vagy repülővel érkezve a célmezőn is cselekedhetsz-e (kikötő, hajó, bevétel)?",
           "After a ferry or plane crossing, may you act on the destination (port, ship, income)?"),
        kind="reading", rules=("BA-9.1", "BA-10.3"),
        choice_titles={True: _t("igen, az átkelés érkezésnek számít", "yes, the crossing counts as a landing"),
                       False: _t("nem, az átkelés befejezi a lépést", "no, the crossing ends the step")},
    ),
    Option(
        "subsidy_then_buy", True, (True, False),
        _t("Vásárolhat-e ugyanabban a lépésben, aki támogatást kapott? A könyv csak a bevételt zárja ki.",
           "May a player who took the subsidy buy in the same step? The book only excludes income."),
        kind="reading", rules=("BA-11.2",),
        choice_titles={True: _t("igen", "yes"), False: _t("nem, a támogatás és a vásárlás is kizárja egymást",
                                                          "no, subsidy and buying exclude each other too")},
    ),
)

GAME = Game(
    id="balaton",
    title={"hu": "Balaton", "en": "Balaton"},
    prefix="BA",
    players=(2, 6),
    state_class=BalatonState,
    catalog=CATALOG,
    options=OPTIONS,
    seat_fields=("player", "seat"),
)
