"""Mississippi Queen's verdict and error messages: the gettext domain `mississippi_queen`, in
engine/locale/<lang>/LC_MESSAGES/mississippi_queen.po (compiled to .mo beside it), chained to the core
catalog. See engine/core/messages.py and `python -m widgets.i18n`.

The names the messages take as parameters (the steamers' colours, the six headings, a field as the
board labels it) are codes of the same catalog, listed here with N_ markers so that `extract` finds
them: COLOURS[seat] and DIR_WORDS[dir] are codes; `colour`, `direction` and `field_words` give the
{lang: text} a message parameter takes.
"""

from __future__ import annotations

from ..core.messages import N_, Catalog

CATALOG = Catalog("mississippi_queen")

COLOURS = (N_("colour-red"), N_("colour-beige"), N_("colour-grey"), N_("colour-green"), N_("colour-brown"))

# 0 = east, then counter-clockwise (MQ-1.3)
DIR_WORDS = (
    N_("dir-east"),
    N_("dir-north-east"),
    N_("dir-north-west"),
    N_("dir-west"),
    N_("dir-south-west"),
    N_("dir-south-east"),
)

# The lanes of a tile across the river, left bank to right bank looking downstream (local b = -2 … 2),
# as the board draws them; a field's row is its local a + 1.
LANES = "ABCDE"


def colour(seat: int) -> dict:
    return CATALOG.both(COLOURS[seat])


def direction(d: int) -> dict:
    return CATALOG.both(DIR_WORDS[d])


def field_words(tile_index: int, start: bool, a: int, b: int) -> dict:
    """A field as the board labels it: its tile (the big number, or the start tile) and lane + row, "B3"."""
    label = f"{LANES[b + 2]}{a + 1}"
    if start:
        return CATALOG.both("field-start", label=label)
    return CATALOG.both("field-tile", n=tile_index, label=label)
