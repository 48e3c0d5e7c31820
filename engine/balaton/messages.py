"""Balaton's verdict and error messages: the gettext domain `balaton`, in
engine/locale/<lang>/LC_MESSAGES/balaton.po (compiled to .mo beside it), chained to the core
catalog. See engine/core/messages.py and `python -m widgets.i18n`.

The names below are codes of that catalog, written out with N_ so that `extract` finds them;
`name(code)` gives the texts in every language, for a message parameter.
"""

from __future__ import annotations

from ..core.messages import N_, Catalog

CATALOG = Catalog("balaton")

CARD_NAMES = {"back": N_("card-back"), "plane": N_("card-plane"), "ferry": N_("card-ferry"), "ship": N_("card-ship")}

CARD_LETTERS = {
    "back": N_("card-letter-back"),
    "plane": N_("card-letter-plane"),
    "ferry": N_("card-letter-ferry"),
    "ship": N_("card-letter-ship"),
}


def name(code: str, **params) -> dict:
    """A catalog text in every language ({lang: text}), for a parameter of another message."""
    return CATALOG.both(code, **params)


def card_name(card: str) -> dict:
    return name(CARD_NAMES[card])
