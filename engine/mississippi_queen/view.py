"""What a Mississippi Queen player sees (engine/core/view.py): the whole river and every steamer, its
wheels and passengers, but not the order of the river tiles still in the deck, which lie face down
until laid (MQ-2.2): how many are left shows. (The direction die's next roll is the generator's,
which the core hides.)
"""

from __future__ import annotations

from ..core.rules import cites
from ..core.view import hide_all


@cites("MQ-2.2")
def view(data: dict, seat: int | None) -> dict:
    data["deck"] = hide_all(data["deck"])
    return data
