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


MIGRATIONS = (end_turn_spelling, book_refill)
