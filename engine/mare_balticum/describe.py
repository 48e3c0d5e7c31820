"""One-line descriptions of well-formed actions, for logs, buttons and the case editor."""

from __future__ import annotations

from .board import BOARD, CONTRACTS
from .components import NAMES, SOURCE_NAMES


def describe(action: dict, lang: str) -> str:
    t = action["type"]
    nm = lambda fid: BOARD.label(fid, lang)  # noqa: E731
    kn = lambda k: NAMES[k][lang]  # noqa: E731
    hu = lang == "hu"
    if t == "start":
        return f"Kezdő hajó ide: {nm(action['port'])}" if hu else f"Starting ship to {nm(action['port'])}"
    if t == "sail":
        if action["from"] == "supply":
            return (f"Új hajó a készletből ide: {nm(action['to'])}" if hu
                    else f"New ship from the supply to {nm(action['to'])}")
        return (f"Hajózás: {nm(action['from'])} → {nm(action['to'])}" if hu
                else f"Sail {nm(action['from'])} → {nm(action['to'])}")
    if t == "fish":
        return (f"Halászat: {kn(action['kind'])} innen: {nm(action['field'])}" if hu
                else f"Fish {kn(action['kind'])} at {nm(action['field'])}")
    if t == "unload":
        fish = ", ".join(f"{n} {kn(k)}" for k, n in action["fish"].items())
        extra = ""
        slots = BOARD.slots.get(action["port"], ())
        for k, slot in action.get("demand", {}).items():
            # a slot the port does not have is the rules' to refuse; the text just shows the index
            mark = slots[slot] if 0 <= slot < len(slots) else f"#{slot}"
            extra += (f"; kereslet: {kn(k)} a {mark} helyre" if hu else f"; demand: {kn(k)} on the {mark} slot")
        return (f"Kirakodás itt: {nm(action['port'])}: {fish}{extra}" if hu
                else f"Unload at {nm(action['port'])}: {fish}{extra}")
    if t == "discard":
        return f"Eldobás: 1 {kn(action['kind'])}" if hu else f"Discard 1 {kn(action['kind'])}"
    if t == "contract":
        text = CONTRACTS.text(action["card"], NAMES, lang)
        return f"Szerződés: {action['card']} ({text})" if hu else f"Contract {action['card']} ({text})"
    if t == "end_turn":
        return "Lépés vége" if hu else "End turn"
    if t == "company":
        return (f"Vállalat zseton: {action['value']} → {kn(action['species'])}" if hu
                else f"Company token {action['value']} on {kn(action['species'])}")
    # "tax"
    items = ", ".join(f"{kn(i['kind'])} ({SOURCE_NAMES[i['from']][lang]})" for i in action["pay"])
    return f"Trezor: adófizetés: {items or 'semmi'}" if hu else f"Vault: pay tax: {items or 'nothing'}"
