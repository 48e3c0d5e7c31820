"""Mississippi Queen's verdict and error messages: the gettext domain `mississippi_queen`, in
engine/locale/<lang>/LC_MESSAGES/mississippi_queen.po (compiled to .mo beside it), chained to the core
catalog. See engine/core/messages.py and `python -m widgets.i18n`.

The names below are data the messages take as parameters, {hu, en} per entry.
"""

from ..core.messages import Catalog

CATALOG = Catalog("mississippi_queen")

COLOURS = (
    {"hu": "piros", "en": "red"},
    {"hu": "bézs", "en": "beige"},
    {"hu": "szürke", "en": "grey"},
    {"hu": "zöld", "en": "green"},
    {"hu": "barna", "en": "brown"},
)

DIR_WORDS = (
    {"hu": "kelet", "en": "east"},
    {"hu": "északkelet", "en": "north-east"},
    {"hu": "északnyugat", "en": "north-west"},
    {"hu": "nyugat", "en": "west"},
    {"hu": "délnyugat", "en": "south-west"},
    {"hu": "délkelet", "en": "south-east"},
)
