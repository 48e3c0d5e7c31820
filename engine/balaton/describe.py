"""One-line descriptions of well-formed actions, in Hungarian and English (logs and sandbox buttons)."""

from __future__ import annotations

from .board import BOARD
from .components import REROLL_PRICE


def _seat_hu(seat: int) -> str:
    """The seat with its article, "Az 1." or "A 2.": "az" before a vowel sound (egy, öt)."""
    return f"{'Az' if str(seat)[0] in '15' else 'A'} {seat}."


def describe_action(state, action: dict, lang: str) -> str:
    hu = lang == "hu"
    kind = action["type"]
    if kind == "roll":
        if state.phase == "move" and state.dice:  # described after the roll (a log line): show the dice
            return f"{'Dob' if hu else 'Roll'}: {state.dice[0]} + {state.dice[1]}"
        return "Dob két kockával" if hu else "Roll two dice"
    if kind == "reroll":
        price = REROLL_PRICE * state.scale
        return f"Újradob {price} Ft-ért" if hu else f"Reroll for {price} Ft"
    if kind == "move":
        steps, back = action["steps"], action.get("back", False)
        dest = ""
        if state.phase == "move" and state.check(action).legal:  # before the move: say where it lands
            dest = " → " + BOARD.label(BOARD.walk(state.pos[state.actor], steps, back))[lang]
        if back:
            return (f"Lép {steps} mezőt visszafelé (vissza-kártya)" if hu else f"Move {steps} back (back card)") + dest
        return (f"Lép {steps} mezőt" if hu else f"Move {steps}") + dest
    if kind == "ferry":
        how = (" kompjeggyel" if hu else " with the ferry ticket") if action.get("ticket") else ""
        return ("Komppal átkel" if hu else "Take the ferry") + how
    if kind == "fly":
        return "Repülőjeggyel átrepül" if hu else "Fly with the plane ticket"
    if kind == "bump":
        seat, to = action["seat"] + 1, BOARD.label(action["to"])[lang]
        return f"{_seat_hu(seat)} játékos bábuját áthelyezi ide: {to}" if hu else f"Move player {seat}'s pawn to {to}"
    if kind == "port":
        return "Kikötőt vesz" if hu else "Buy a port"
    if kind == "ship":
        if action.get("card"):
            return "Hajót épít a plusz egy hajó kártyával" if hu else "Build a ship with the plus-one ship card"
        return "Hajót vesz" if hu else "Buy a ship"
    if kind == "income":
        verdict = state.check(action)
        if verdict.legal:
            return verdict.message[lang]
        return "Bevételt kap" if hu else "Collect income"
    if kind == "subsidy":
        return "Támogatást kap" if hu else "Take the subsidy"
    return "Befejezi a lépést" if hu else "End the step"  # end: the schema allows no other type
