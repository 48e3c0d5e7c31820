"""Black Fleet's verdict and error messages: the gettext domain `black_fleet`, in
engine/locale/<lang>/LC_MESSAGES/black_fleet.po (compiled to .mo beside it), chained to the core
catalog. See engine/core/messages.py and `python -m widgets.i18n`.

Every name the messages and the widgets show (ships, colours, ports, seas, land, fate effects; the
phases' titles are in position.py's PHASES) is a code in the same catalog, reached through the explicit
tables below, written with `N_` so that `extract` finds each code. The data files (data/*.json) keep ids and numbers only.
"""

from ..core.messages import N_, Catalog

CATALOG = Catalog("black_fleet")


def word(code: str, lang: str) -> str:
    """A name's text in one language."""
    return CATALOG.text(code, lang)


def words(code: str) -> dict:
    """A name in every language, as a message parameter (the core localizes it per language)."""
    return CATALOG.both(code)


# a ship's name, and the same with the Hungarian article ("a kalóz"), as the verdicts use it
SHIPS = {
    "merchant": N_("ship-merchant"),
    "pirate": N_("ship-pirate"),
    "yellow": N_("ship-yellow"),
    "purple": N_("ship-purple"),
    "warship": N_("ship-warship"),
}
THE_SHIPS = {
    "merchant": N_("the-ship-merchant"),
    "pirate": N_("the-ship-pirate"),
    "yellow": N_("the-ship-yellow"),
    "purple": N_("the-ship-purple"),
    "warship": N_("the-ship-warship"),
}
# the one-letter mark of a warship on the board
WARSHIP_LETTERS = {"yellow": N_("warship-letter-yellow"), "purple": N_("warship-letter-purple")}

# cube colours (the ports' goods)
COLOURS = {
    "red": N_("colour-red"),
    "blue": N_("colour-blue"),
    "green": N_("colour-green"),
    "yellow": N_("colour-yellow"),
    "white": N_("colour-white"),
}
# the identification cards' colours (the seats)
SEAT_COLOURS = {"black": N_("seat-colour-black"), "red": N_("colour-red"), "blue": N_("colour-blue"), "green": N_("colour-green")}

DECKS = {"movement": N_("deck-movement"), "fate": N_("deck-fate"), "development": N_("deck-development")}

# the schematic board's named places (data/board.json keeps their ids)
PORTS = {
    "la-barbaria": N_("port-la-barbaria"),
    "bahamas": N_("port-bahamas"),
    "port-3": N_("port-port-3"),
    "port-4": N_("port-port-4"),
    "port-5": N_("port-port-5"),
}
# a port's name without the "(schematic)" mark, for the board's small boxes
PORTS_SHORT = {
    "la-barbaria": N_("port-short-la-barbaria"),
    "bahamas": N_("port-short-bahamas"),
    "port-3": N_("port-short-port-3"),
    "port-4": N_("port-short-port-4"),
    "port-5": N_("port-short-port-5"),
}
DISTANT_SEAS = {
    "north-west": N_("distant-north-west"),
    "north-east": N_("distant-north-east"),
    "west": N_("distant-west"),
    "east": N_("distant-east"),
}
LAND = {
    "continent": N_("land-continent"),
    "island-west": N_("land-island-west"),
    "island-east": N_("land-island-east"),
    "island-centre": N_("land-island-centre"),
}

# the schematic fate cards' effects, as the action descriptions name them
EFFECTS = {
    "extra-move": N_("effect-extra-move"),
    "extra-action": N_("effect-extra-action"),
    "second-warship": N_("effect-second-warship"),
    "haven": N_("effect-haven"),
}

# the key beside the board's picture on the rules page (widgets/render/black_fleet/figures.py)
MAP_KEY = {
    "title": N_("map-key-title"),
    "sea": N_("map-key-sea"),
    "coast": N_("map-key-coast"),
    "distant": N_("map-key-distant"),
    "land": N_("map-key-land"),
    "ports": N_("map-key-ports"),
    "navy": N_("map-key-navy"),
    "havens": N_("map-key-havens"),
}
