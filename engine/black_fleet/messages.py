"""Black Fleet's verdict and error messages: the gettext domain `black_fleet`, in
engine/locale/<lang>/LC_MESSAGES/black_fleet.po (compiled to .mo beside it), chained to the core
catalog. See engine/core/messages.py and `python -m widgets.i18n`.

The names below are data the messages take as parameters, {hu, en} per entry.
"""

from ..core.messages import Catalog

CATALOG = Catalog("black_fleet")

PHASES = {
    "setup": {"hu": "kezdő elhelyezés", "en": "setup placement"},
    "place": {"hu": "hajók játékba hozása", "en": "bringing ships into play"},
    "card": {"hu": "mozgáskártya kijátszása", "en": "playing a movement card"},
    "move": {"hu": "mozgás és akciók", "en": "moving and acting"},
    "discard": {"hu": "sorskártya eldobása", "en": "discarding fate cards"},
    "buy": {"hu": "vásárlás", "en": "buying"},
    "over": {"hu": "vége", "en": "game over"},
}

SHIPS = {
    "merchant": {"hu": "kereskedő", "en": "merchant"},
    "pirate": {"hu": "kalóz", "en": "pirate"},
    "yellow": {"hu": "sárga hadihajó", "en": "yellow warship"},
    "purple": {"hu": "lila hadihajó", "en": "purple warship"},
    "warship": {"hu": "hadihajó", "en": "warship"},
}

COLOURS = {
    "red": {"hu": "piros", "en": "red"},
    "blue": {"hu": "kék", "en": "blue"},
    "green": {"hu": "zöld", "en": "green"},
    "yellow": {"hu": "sárga", "en": "yellow"},
    "white": {"hu": "fehér", "en": "white"},
}
