"""One-line descriptions of well-formed actions, in Hungarian and English (logs and sandbox buttons).
Seats are numbered from 1, as players count them (the JSON keeps 0-based indices)."""

from __future__ import annotations

from . import components as C
from .messages import COLOURS, SHIPS

EFFECTS = {
    "extra-move": {"hu": "plusz mozgás", "en": "extra move"},
    "extra-action": {"hu": "plusz akció", "en": "extra action"},
    "second-warship": {"hu": "második hadihajó", "en": "second warship"},
    "haven": {"hu": "kalózrejtek", "en": "pirate haven"},
}
DISTANT_NAMES = {d["id"]: d["name"] for d in C.BOARD["distant_seas"]}


def _az(word: str) -> str:
    """The Hungarian definite article for `word` as it is read aloud: "az A2", "a B1", "az 1.", "a 2."."""
    first = word[:1].upper()
    if first.isdigit():
        return "az" if first in "15" else "a"
    if len(word) > 1 and word[1:2].isdigit():  # a field id is read as a letter name: "á", "bé", "ef"
        return "az" if first in "AEFILMNORSUX" else "a"
    return "az" if first in "AÁEÉIÍOÓÖŐUÚÜŰ" else "a"


def _port(pid: str, lang: str) -> str:
    return C.PORTS[pid]["name"][lang]


def describe_action(a: dict, lang: str) -> str:
    hu = lang == "hu"
    t = a["type"]
    if t == "place":
        if a["ship"] == "pirate":
            area = DISTANT_NAMES[a["area"]][lang]
            return f"kalóz a távoli tengerre ({area})" if hu else f"pirate onto the {area}"
        f = a["field"]
        port = _port(a["port"], lang)
        return f"kereskedő {_az(f)} {f} mezőre ({port}), berakodás" if hu else f"merchant to {f} ({port}), loads"
    if t == "play":
        c = C.MOVEMENT[a["card"]]
        w = SHIPS[c["warship"]][lang]
        txt = (f"{a['card']} kijátszása ({w} {c['warship_value']}, kalóz {c['pirate_value']}, kereskedő {c['merchant_value']})"
               if hu else f"plays {a['card']} ({w} {c['warship_value']}, pirate {c['pirate_value']}, merchant {c['merchant_value']})")
        if "discard" in a:
            txt += f", {a['discard']} eldobva" if hu else f", discards {a['discard']}"
        return txt
    if t == "move":
        return f"{SHIPS[a['ship']][lang]} → {a['to']}"
    if t == "sink":
        n = a["target"] + 1
        w = SHIPS[a["ship"]][lang]
        return (f"{w} elsüllyeszti {_az(str(n))} {n}. játékos kalózát" if hu
                else f"{w} sinks player {n}'s pirate")
    if t == "sell":
        port = _port(a["port"], lang)
        return f"eladás és berakodás: {port}" if hu else f"sells and loads at {port}"
    if t == "load":
        return "berakodás eladás nélkül" if hu else "loads without selling"
    if t == "steal":
        n = a["target"] + 1
        col = f" ({COLOURS[a['colour']][lang]})" if "colour" in a else ""
        return (f"kalóz árut lop {_az(str(n))} {n}. játékostól{col}" if hu
                else f"pirate steals a cube{col} from player {n}")
    if t == "bury":
        return "kincs elásása" if hu else "buries the treasure"
    if t == "fate":
        effect = EFFECTS[C.FATE[a["card"]]["effect"]][lang]
        extra = f" → {a['field']}" if "field" in a else ""
        return f"sorskártya {a['card']} ({effect}){extra}" if hu else f"fate card {a['card']} ({effect}){extra}"
    if t == "end-moves":
        return "mozgás vége, húzás" if hu else "ends moving, draws"
    if t == "discard":
        return f"{a['card']} sorskártya eldobása" if hu else f"discards fate card {a['card']}"
    if t == "buy":
        if a["card"] == "victory":
            return "győzelemkártya megvétele" if hu else "buys the victory card"
        return (f"{a['value']} értékű fejlesztéskártya megvétele" if hu
                else f"buys the development card of value {a['value']}")
    assert t == "end-turn", t
    return "kör vége" if hu else "ends the turn"
