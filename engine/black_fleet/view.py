"""What a Black Fleet player sees (engine/core/view.py): every ship, cube, doubloon and card on the
table, but not

- another player's hand: movement and fate cards are dealt to and drawn into a hand (BF-2.4, BF-2.5,
  BF-10.1, BF-10.2), held by its player (BF-10.4): their number shows, not their faces;
- the order of the movement and fate decks (shuffled, BF-2.5, BF-10.5): only their size shows;
- the face of another player's development card still face down (BF-2.1, BF-2.10: you look at your
  own only); its value is printed on its back, so the value shows.
"""

from __future__ import annotations

from ..core.rules import cites
from ..core.view import HIDDEN, hide_all


@cites("BF-2.1", "BF-2.4", "BF-2.5", "BF-2.10", "BF-10.4", "BF-10.5")
def view(data: dict, seat: int | None) -> dict:
    decks = data["decks"]
    for deck in ("movement", "fate"):
        decks[deck] = hide_all(decks[deck])
    for i, s in enumerate(data["seats"]):
        if i == seat:
            continue
        s["moves"], s["fates"] = hide_all(s["moves"]), hide_all(s["fates"])
        for card in s["developments"]:
            if not card["up"]:
                card["id"] = HIDDEN
    return data
