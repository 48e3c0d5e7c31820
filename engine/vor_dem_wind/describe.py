"""One-line descriptions of actions, in Hungarian and English (logs and sandbox buttons)."""

from __future__ import annotations

from .components import GOODS, NAMES, SHIPS, card_name


def _goods(lst, lang):
    if not lst:
        return "semmi" if lang == "hu" else "nothing"
    counts = {g: lst.count(g) for g in GOODS if g in lst}
    return ", ".join(f"{n} {NAMES[g][lang]}" for g, n in counts.items())


def _who(i, lang):
    return f"{i + 1}. játékos" if lang == "hu" else f"player {i + 1}"


def describe_action(state, a, lang):
    """`a` is well formed (it passed the action schema): every type below, with its fields."""
    hu = lang == "hu"
    t = a["type"]
    cn = card_name(a["card"], lang) if "card" in a else ""
    if t == "start-goods":
        return ("kezdő áruk: " if hu else "starting goods: ") + _goods(a["goods"], lang)
    if t == "reveal":
        return ("felfordít egy lapot: " if hu else "reveals a card from: ") + NAMES[a["deck"]][lang]
    if t == "take":
        return (f"elveszi: {cn}" if hu else f"takes {cn}")
    if t == "offer":
        return (f"{a['amount']} guldent ajánl ezért: {cn}" if hu else f"offers {a['amount']} gulden for {cn}")
    if t == "pass":
        return "passzol" if hu else "passes"
    if t == "reserve":
        return (f"előre biztosított akcióval elveszi: {cn}" if hu else f"plays a reserved action for {cn}")
    if t == "accept":
        return (f"elfogadja {_who(a['offerer'], lang)} ajánlatát" if hu else
                f"accepts the offer of {_who(a['offerer'], lang)}")
    if t == "pay-off":
        return (f"kifizeti {_who(a['offerer'], lang)} ajánlatát, és megtartja a lapot" if hu else
                f"pays {_who(a['offerer'], lang)} the offered sum and keeps the card")
    if t == "buy":
        return f"{cn}: " + ("árukat vesz" if hu else "takes the goods")
    if t == "store":
        return f"{cn}: " + ("raktároz: " if hu else "stores ") + _goods(a["goods"], lang)
    if t == "decline":
        return f"{cn}: " + ("nem raktároz" if hu else "stores nothing")
    if t == "load":
        ships = ", ".join(f"{s} ({SHIPS[s]['vp']} GYP)" if hu else f"{s} ({SHIPS[s]['vp']} VP)" for s in a["ships"])
        return f"{cn}: " + ("berakodja: " if hu else "loads ") + ships
    if t == "income":
        return f"{cn}: " + ("bevételt szerez" if hu else "takes the income")
    if t in ("free-buy", "buy-store"):
        return f"{cn}: " + _goods(a["goods"], lang)
    if t == "keep-fresh":
        return f"{cn}: " + ("a raktárba teszi" if hu else "puts it in the warehouse")
    if t == "swap":
        parts = []
        for st in a["steps"]:
            src = ("kéz" if hu else "hand") if st["with"] == "hand" else _who(st["with"], lang)
            parts.append(f"{NAMES[st['give']][lang]} ↔ {NAMES[st['take']][lang]} ({src})")
        return f"{cn}: " + "; ".join(parts)
    if t == "market":
        return f"{cn}: " + ("eladás kezdete" if hu else "starts selling")
    if t == "sell":
        src = ("kézből" if hu else "from hand") if a["from"] == "hand" else ("raktárból" if hu else "from warehouse")
        return (f"elad 1 {NAMES[a['good']][lang]} ({src}) 3 guldenért" if hu else
                f"sells 1 {NAMES[a['good']][lang]} ({src}) for 3 gulden")
    if t == "end-sale":
        return "eladás vége" if hu else "ends the sale"
    if t == "keep":
        return f"{cn}: " + ("a kezébe veszi későbbre" if hu else "keeps it in hand for later")
    if t == "end-turn":
        return "befejezi a körét" if hu else "ends the turn"
    # spoil
    out = ("romlás: eldob " if hu else "spoilage: discards ") + _goods(a.get("discard", []), lang)
    if a.get("save"):
        out += ("; megment " if hu else "; saves ") + _goods(a["save"], lang)
    if a.get("rescue"):
        out += ("; a kézből megment " if hu else "; rescues from hand ") + _goods(a["rescue"], lang)
    return out
