"""Balaton's verdict and error messages: the gettext domain `balaton`, in
engine/locale/<lang>/LC_MESSAGES/balaton.po (compiled to .mo beside it), chained to the core
catalog. See engine/core/messages.py and `python -m widgets.i18n`.

The names below are data the messages take as parameters, {hu, en} per entry.
"""

from ..core.messages import Catalog

CATALOG = Catalog("balaton")

CARD_NAMES = {
    "back": {"hu": "vissza", "en": "back"},
    "plane": {"hu": "repülőjegy", "en": "plane ticket"},
    "ferry": {"hu": "kompjegy", "en": "ferry ticket"},
    "ship": {"hu": "plusz egy hajó", "en": "plus-one ship"},
}
