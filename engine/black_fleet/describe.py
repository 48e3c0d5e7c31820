"""One-line descriptions of well-formed actions, in every language (logs and sandbox buttons).

Every text is a `describe-…` code in the `black_fleet` catalog; the names come from the tables
in messages.py. Seats are numbered from 1, as players count them (the JSON keeps 0-based indices).
Any schema-valid action is described, legal or not, without raising.
"""

from __future__ import annotations

from ..core.messages import seat_words
from . import components as C
from .messages import CATALOG, COLOURS, DISTANT_SEAS, EFFECTS, PORTS, SHIPS


def _name(table: dict, key, lang: str) -> str:
    return CATALOG.text(table[key], lang) if key in table else str(key)


def describe_action(a: dict, lang: str) -> str:
    t = a["type"]
    if t == "place":
        if a["ship"] == "pirate":
            return CATALOG.text("describe-place-pirate", lang, area=_name(DISTANT_SEAS, a.get("area"), lang))
        return CATALOG.text("describe-place-merchant", lang, field=a.get("field", "?"), port=_name(PORTS, a.get("port"), lang))
    if t == "play":
        c = C.MOVEMENT[a["card"]]
        txt = CATALOG.text(
            "describe-play",
            lang,
            card=a["card"],
            warship=_name(SHIPS, c["warship"], lang),
            w=c["warship_value"],
            p=c["pirate_value"],
            m=c["merchant_value"],
        )
        if "discard" in a:
            txt += CATALOG.text("describe-play-discard", lang, card=a["discard"])
        return txt
    if t == "move":
        return CATALOG.text("describe-move", lang, ship=_name(SHIPS, a["ship"], lang), to=a["to"])
    if t == "sink":
        return CATALOG.text("describe-sink", lang, warship=_name(SHIPS, a["ship"], lang), seat=seat_words(a["target"] + 1))
    if t == "sell":
        return CATALOG.text("describe-sell", lang, port=_name(PORTS, a["port"], lang))
    if t == "load":
        return CATALOG.text("describe-load", lang)
    if t == "steal":
        seat = seat_words(a["target"] + 1)
        if "colour" in a:
            return CATALOG.text("describe-steal-colour", lang, seat=seat, colour=_name(COLOURS, a["colour"], lang))
        return CATALOG.text("describe-steal", lang, seat=seat)
    if t == "bury":
        return CATALOG.text("describe-bury", lang)
    if t == "fate":
        card = C.FATE.get(a["card"], {})
        effect = _name(EFFECTS, card.get("effect"), lang)
        if "field" in a:
            return CATALOG.text("describe-fate-field", lang, card=a["card"], effect=effect, field=a["field"])
        return CATALOG.text("describe-fate", lang, card=a["card"], effect=effect)
    if t == "end-moves":
        return CATALOG.text("describe-end-moves", lang)
    if t == "discard":
        return CATALOG.text("describe-discard", lang, card=a["card"])
    if t == "buy":
        if a["card"] == "victory":
            return CATALOG.text("describe-buy-victory", lang)
        return CATALOG.text("describe-buy-development", lang, value=a.get("value", "?"))
    return CATALOG.text("describe-end-turn", lang)
