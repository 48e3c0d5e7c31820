"""What a Vor dem Wind player sees (engine/core/view.py): the port, the bank, the supply, the cards
turned up and bid for, every warehouse, and the top of nothing:

- goods and gulden in another player's hand are secret, but they share one back, so how many cards
  the hand holds is public (VW-3.0, VW-2.3): `hand_cards`, the purse and goods None;
- a special card kept in another player's hand shows only its back, its deck (VW-4.3.1.3 for the
  ships; the special cards likewise); one taken this round is only counted;
- another player's loaded ships lie face down in front of them (VW-4.3.1.3): only their number,
  until the game is over and they are scored (VW-5.0);
- the order of every draw pile: only its size.
"""

from __future__ import annotations

from ..core.rules import cites
from . import money
from .components import CARDS, DECKS, SHIP_SIZES


@cites("VW-3.0", "VW-2.3", "VW-4.3.1.3", "VW-5.0")
def view(data: dict, seat: int | None) -> dict:
    data["viewer"] = seat
    for deck in DECKS:
        data["decks"][deck]["draw"] = len(data["decks"][deck]["draw"])
    for size in SHIP_SIZES:
        data["ship_decks"][size] = len(data["ship_decks"][size])
    for i, s in enumerate(data["seats"]):
        s["hand_cards"] = sum(s["goods"].values()) + money.cards(s["purse"])
        if i != seat:
            s["purse"] = s["goods"] = None
            s["specials"] = [CARDS[c]["deck"] for c in s["specials"]]
            s["new_specials"] = len(s["new_specials"])
            if data["phase"] != "over":
                s["ships"] = len(s["ships"])
    return data
