"""One-line descriptions of well-formed actions (logs and sandbox buttons): codes `describe-…` of
the game's catalog. Every schema-valid action gets a description, legal or not, in any position."""

from __future__ import annotations

from ..core.messages import seat_words
from .board import BOARD
from .components import REROLL_PRICE
from .messages import CATALOG


def _verdict(state, action: dict):
    """The engine's verdict on the action, or None when a seat in it is not at this table (the
    schema allows any integer there; check would refuse the format, and a description must not)."""
    for key in ("player", "seat"):
        seat = action.get(key)
        if seat is not None and not 0 <= seat < state.players:
            return None
    return state.check(action)


def describe_action(state, action: dict, lang: str) -> str:
    text = CATALOG.text
    kind = action["type"]
    if kind == "roll":
        if state.phase == "move" and len(state.dice) == 2:  # described after the roll (a log line): show the dice
            return text("describe-rolled", lang, a=state.dice[0], b=state.dice[1])
        return text("describe-roll", lang)
    if kind == "reroll":
        return text("describe-reroll", lang, price=REROLL_PRICE * state.scale)
    if kind == "move":
        steps, back = action["steps"], action.get("back", False)
        line = text("describe-move-back" if back else "describe-move", lang, steps=steps)
        verdict = _verdict(state, action) if state.phase == "move" else None
        if verdict is not None and verdict.legal:  # before the move: say where it lands
            line = text(
                "describe-move-to", lang, move=line, place=BOARD.label_text(BOARD.walk(state.pos[state.actor], steps, back), lang)
            )
        return line
    if kind == "ferry":
        return text("describe-ferry-ticket" if action.get("ticket") else "describe-ferry", lang)
    if kind == "fly":
        return text("describe-fly", lang)
    if kind == "bump":
        line = text("describe-bump", lang, seat=seat_words(action["seat"] + 1), place=BOARD.label_text(action["to"], lang))
        return line[:1].upper() + line[1:]  # "Az 1. játékos …": the seat's article opens the sentence
    if kind == "port":
        return text("describe-port", lang)
    if kind == "ship":
        return text("describe-ship-card" if action.get("card") else "describe-ship", lang)
    if kind == "income":
        verdict = _verdict(state, action)
        if verdict is not None and verdict.legal:
            return verdict.message[lang]
        return text("describe-income", lang)
    if kind == "subsidy":
        return text("describe-subsidy", lang)
    return text("describe-end", lang)  # end-turn: the schema allows no other type
