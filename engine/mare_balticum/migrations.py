"""The steps that bring a saved Mare Balticum document to the current format (`Game(migrations=...)`,
engine/core/game.py). Step k takes a document's game parts ({"state", "options", "setup", "moves",
"action"}, whichever it has) from format k + 1 to k + 2, in place. A step takes any JSON: what is not
in the shape it changes is left as it is, for the schema to name.
"""

from __future__ import annotations


def end_turn_spelling(parts: dict) -> None:
    """Format 1 -> 2: the action type "end_turn" became "end-turn", the spelling of the other games
    (Black Fleet, Vor dem Wind)."""
    actions = []
    if isinstance(parts.get("moves"), list):
        actions += parts["moves"]
    actions.append(parts.get("action"))
    for action in actions:
        if isinstance(action, dict) and action.get("type") == "end_turn":
            action["type"] = "end-turn"


def book_refill(parts: dict) -> None:
    """Format 2 -> 3: the reading refill_opponent_ship is gone: the book's „…illetve egy hajó bábu sem”
    means any ship keeps an empty area from being refilled (MB-8.1); a document that chose it opens
    under the book's answer."""
    inner = [part.get("options") for part in (parts.get("state"), parts.get("setup")) if isinstance(part, dict)]
    for options in (parts.get("options"), *inner):
        if isinstance(options, dict):
            options.pop("refill_opponent_ship", None)


def contract_sets_stated(parts: dict) -> None:
    """Format 3 -> 4: the contract sets are a move at the end (MB-13.2, the phase "contracts"), no
    longer the engine's choice when a player leaves them out. A document of variant 2 whose last
    round is known (the sixth time token out) or whose game is over, with a contract whose sets were
    not stated, was scored with the engine's default then (the most points, and on equal points the
    more sets, from the warehouse as it is): the step writes that number in, as the player's
    decision in advance, so the document opens with the same verdict. Any other document is left as
    it is: its holders state their sets in the contracts phase."""
    state = parts.get("state")
    if not isinstance(state, dict) or not isinstance(state.get("players"), list):
        return
    if state.get("phase") != "over" and state.get("time_track") != 6:
        return
    options = {}
    for where in (state.get("options"), parts.get("options")):
        if isinstance(where, dict):
            options.update(where)
    if options.get("contracts") is not True:
        return
    from .board import CONTRACTS
    from .components import SPECIES, TOKEN_KINDS
    from .scoring import score

    for player in state["players"]:
        if not isinstance(player, dict) or player.get("contract_sets") is not None:
            continue
        card = CONTRACTS.cards.get(player.get("contract")) if isinstance(player.get("contract"), str) else None
        market = player.get("market") if isinstance(player.get("market"), dict) else {}
        ware = player.get("warehouse") if isinstance(player.get("warehouse"), dict) else {}
        companies = {sp: market.get(sp, 0) for sp in SPECIES}
        counts = {k: ware.get(k, 0) for k in TOKEN_KINDS}
        if card is None or not all(type(v) is int and 0 <= v <= 68 for v in (*companies.values(), *counts.values())):
            continue  # (not the format: the schema names it)
        player["contract_sets"] = score(companies, counts, card)["contract"]["sets"]


MIGRATIONS = (end_turn_spelling, book_refill, contract_sets_stated)
