"""The Black Fleet game object: players, options and readings. The rules are in state.py."""

from ..core import Game, Option
from .messages import CATALOG
from .state import BlackFleetState

OPTIONS = (
    Option("victory", 10, (10, 20),
           {"hu": "A győzelemkártya ára: 10 (első játék) vagy 20 dublon",
            "en": "Price of the victory card: 10 (first game) or 20 doubloons"},
           rules=("BF-13.1",)),
    Option("short_stock", "load-available", ("load-available", "no-sale"),
           {"hu": "Olvasat: „be kell rakodnia … 3 árukockát”, de a kikötőben kevesebb van",
            "en": "Reading: “it must load 3 cubes”, but the port holds fewer"},
           kind="reading", rules=("BF-7.6",),
           choice_titles={"load-available": {"hu": "amennyi van, annyit rakodik (üresen elsüllyed)",
                                             "en": "load what is there (an empty merchant sinks)"},
                          "no-sale": {"hu": "nem adhat el ott, ahol nincs 3 kocka",
                                      "en": "no sale where 3 cubes cannot be loaded"}}),
    Option("friendly_warship", "card", ("card", "once-moved"),
           {"hu": "Olvasat: baráti „a hadihajó(k), ami(ke)t a játékos a körében mozgat” – már a mozgatása előtt is?",
            "en": "Reading: friendly are “the warship(s) the player moves in the turn” – even before it has moved?"},
           kind="reading", rules=("BF-5.2",),
           choice_titles={"card": {"hu": "a kártyán lévő hadihajó az egész körben baráti",
                                   "en": "the card's warship is friendly all turn"},
                          "once-moved": {"hu": "csak attól kezdve baráti, hogy elindult",
                                         "en": "friendly only once it has started moving"}}),
    Option("discard_timing", "end-of-turn", ("end-of-turn", "on-play"),
           {"hu": "Olvasat: a 4. sort „a kör végén” kell figyelembe venni, de a dobást „e lap kijátszásakor” kell megtenni",
            "en": "Reading: the 4th row is handled “at the end of the turn”, yet the discard happens “when this card is played”"},
           kind="reading", rules=("BF-10.3",),
           choice_titles={"end-of-turn": {"hu": "a kör végén, a húzással együtt", "en": "at the end of the turn, with the draw"},
                          "on-play": {"hu": "azonnal, a kártya kijátszásakor", "en": "at once, when the card is played"}}),
    Option("pirate_entry", "first-step-costs", ("first-step-costs", "first-step-free"),
           {"hu": "Olvasat: a távoli tengerről „az egyik szomszédos mezőn keresztül” lép be – ez mozgáspontba kerül?",
            "en": "Reading: the pirate enters “through one of the adjacent fields” – does that cost a movement point?"},
           kind="reading", rules=("BF-8.5",),
           choice_titles={"first-step-costs": {"hu": "a belépés az első lépés", "en": "entering is the first step"},
                          "first-step-free": {"hu": "a belépés ingyenes", "en": "entering is free"}}),
    Option("fate_effects", "schematic", ("schematic", "none"),
           {"hu": "Sorskártyák: vázlatos hatások (nem a kiadó szövegei) vagy hatás nélkül",
            "en": "Fate cards: schematic effects (not the publisher's texts) or no effects"},
           rules=("BF-9.3",)),
    Option("development_abilities", "none", ("none", "schematic"),
           {"hu": "Fejlesztéskártyák: csak ár (a szabályfüzet nem sorolja fel a képességeket) vagy vázlatos képességek",
            "en": "Development cards: price only (the rulebook lists no abilities) or schematic abilities"},
           rules=("BF-11.5",)),
)

GAME = Game(
    id="black-fleet",
    title={"hu": "Black Fleet (Fekete Flotta)", "en": "Black Fleet"},
    prefix="BF",
    players=(3, 4),
    state_class=BlackFleetState,
    catalog=CATALOG,
    options=OPTIONS,
    seat_fields=("player", "target"),
)
