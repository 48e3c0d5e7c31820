"""One-line descriptions of well-formed actions, in Hungarian and English (logs and sandbox buttons)."""

from __future__ import annotations

from .messages import DIR_WORDS


def _field(p) -> str:
    return f"[{p[0]}, {p[1]}]"


def describe_action(action: dict, lang: str) -> str:
    hu = lang == "hu"
    kind = action["type"]
    if kind == "heading":
        word = DIR_WORDS[action["dir"]][lang]
        return f"irány: {word}" if hu else f"heading {word}"
    if kind == "retire":
        return "kiesik (nincs szabályos lépése)" if hu else "out of the race (no legal move)"
    path = " ".join(action["path"])
    text = f"sebesség {action['speed']}, út: {path}" if hu else f"speed {action['speed']}, path: {path}"
    if action.get("push"):
        targets = ", ".join(_field(p) for p in action["push"])
        text += f"; leszorítás ide: {targets}" if hu else f"; pushes to {targets}"
    if action.get("brake"):
        text += f"; fékez {action['brake']}" if hu else f"; brakes {action['brake']}"
    return text
