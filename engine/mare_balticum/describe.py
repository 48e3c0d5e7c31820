"""One-line descriptions of well-formed actions, for logs, buttons and the case editor.

Every well-formed action (one the action schema accepts, legal or not) gets a text: a slot
or card the rules would refuse is described as given, never raised on.
"""

from __future__ import annotations

from .board import BOARD, CONTRACTS
from .messages import CATALOG, KIND_CODES, SOURCE_CODES, field_name


def _kind(kind: str, lang: str) -> str:
    return CATALOG.text(KIND_CODES[kind], lang) if kind in KIND_CODES else str(kind)


def _unload(action: dict, lang: str) -> str:
    fish = ", ".join(CATALOG.text("count-kind", lang, count=n, kind=_kind(k, lang)) for k, n in action["fish"].items())
    extra = ""
    slots = BOARD.slots.get(action["port"], ())
    for k, slot in action.get("demand", {}).items():
        # a slot the port does not have is the rules' to refuse; the text just shows the index
        mark = str(slots[slot]).replace("-", "−") if 0 <= slot < len(slots) else f"#{slot}"
        extra += CATALOG.text("describe-demand", lang, kind=_kind(k, lang), slot=mark)
    if not fish:
        fish = CATALOG.text("describe-nothing", lang)
    return CATALOG.text("describe-unload", lang, port=field_name(action["port"], lang), fish=fish, demand=extra)


def _tax(action: dict, lang: str) -> str:
    items = ", ".join(
        CATALOG.text(
            "describe-tax-item",
            lang,
            kind=_kind(i["kind"], lang),
            place=CATALOG.text(SOURCE_CODES[i["from"]], lang) if i["from"] in SOURCE_CODES else i["from"],
        )
        for i in action["pay"]
    )
    return CATALOG.text("describe-tax", lang, items=items or CATALOG.text("describe-nothing", lang))


def describe(action: dict, lang: str) -> str:
    t = action["type"]
    if t == "start":
        return CATALOG.text("describe-start", lang, port=field_name(action["port"], lang))
    if t == "sail":
        if action["from"] == "supply":
            return CATALOG.text("describe-launch", lang, to=field_name(action["to"], lang))
        return CATALOG.text("describe-sail", lang, src=field_name(action["from"], lang), to=field_name(action["to"], lang))
    if t == "fish":
        return CATALOG.text("describe-fish", lang, kind=_kind(action["kind"], lang), field=field_name(action["field"], lang))
    if t == "unload":
        return _unload(action, lang)
    if t == "discard":
        return CATALOG.text("describe-discard", lang, kind=_kind(action["kind"], lang))
    if t == "contract":
        card = action["card"]
        if card not in CONTRACTS.cards:
            return CATALOG.text("describe-contract-unknown", lang, card=card)
        return CATALOG.text("describe-contract", lang, card=card, tokens=CONTRACTS.text(card, lang))
    if t == "end-turn":
        return CATALOG.text("describe-end-turn", lang)
    if t == "company":
        return CATALOG.text("describe-company", lang, value=action["value"], kind=_kind(action["species"], lang))
    if t == "tax":
        return _tax(action, lang)
    if t == "fulfil":
        return CATALOG.text("describe-fulfil", lang, sets=action["sets"])
    return CATALOG.text("describe-unknown", lang, type=t)
