"""What a Mare Balticum player sees (engine/core/view.py): the board, every ship, every hold (fish lie
face up there, MB-5.3) and the bag's contents (every token drawn from it lies face up), but not

- another player's warehouse: amber and unloaded fish go into it face down (MB-5.2, MB-6.1); how
  many tokens it holds shows, not which;
- the values of another player's company tokens on the market: a numbered token lies face down, and
  you may look at your own only (MB-9.2, MB-9.7); which species it covers shows, and the vault,
  which lies face up (MB-9.3);
- another player's trade contract, taken face down (MB-13.1): whether there is one shows.

A company token is put down face down (MB-9.2): the others see on which species, not its value.

When the game is over, the scoring counts every warehouse by the company tokens and contracts
(MB-11.2, MB-11.3, MB-13.2): everything is turned up.
"""

from __future__ import annotations

from ..core.rules import cites
from ..core.view import HIDDEN


@cites("MB-5.2", "MB-6.1", "MB-9.2", "MB-9.7", "MB-13.1", "MB-11.2")
def view(data: dict, seat: int | None) -> dict:
    if data["phase"] == "over":
        return data
    for i, p in enumerate(data["players"]):
        if i == seat:
            continue
        p["warehouse"] = {HIDDEN: sum(p["warehouse"].values())}
        p["market"] = {species: HIDDEN for species in p["market"]}
        if p["contract"] is not None:
            p["contract"] = HIDDEN
    return data


@cites("MB-9.2")
def move(action: dict, seat: int | None, actor: int) -> dict:
    if action["type"] == "company" and seat != actor:
        action["value"] = HIDDEN
    return action
