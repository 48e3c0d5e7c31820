"""One-line descriptions of well-formed actions (logs and sandbox buttons), in the catalog's languages.

Every schema-valid action is described, legal or not, without raising: a move names the field it ends on
and the fields it pushes to as the board labels them ("2. folyómező, B3"), when the steamer on turn is on
the river."""

from __future__ import annotations

from .board import DIRS, add
from .messages import CATALOG, DIR_WORDS


def _runs(path) -> list:
    runs: list = []
    for tok in path:
        if runs and runs[-1][0] == tok:
            runs[-1][1] += 1
        else:
            runs.append([tok, 1])
    return runs


def _run_words(tok: str, n: int, lang: str) -> str:
    if tok == "F":
        return CATALOG.text("describe-ahead", lang, n=n)
    if n == 1:
        return CATALOG.text("describe-left" if tok == "L" else "describe-right", lang)
    return CATALOG.text("describe-left-n" if tok == "L" else "describe-right-n", lang, n=n)


def _end(state, path):
    """The field a plan ends on, or None when the steamer on turn is not on the river."""
    st = state.steamers[state.current_player] if 0 <= state.current_player < len(state.steamers) else None
    if not st or not st.get("pos"):
        return None
    pos, h = (st["pos"][0], st["pos"][1]), st["dir"]
    for tok in path:
        if tok == "F":
            pos = add(pos, DIRS[h])
        else:
            h = (h + (1 if tok == "L" else -1)) % 6
    return pos


def describe_action(state, action: dict, lang: str) -> str:
    kind = action["type"]
    if kind == "heading":
        return CATALOG.text("describe-heading", lang, dir=CATALOG.text(DIR_WORDS[action["dir"]], lang))
    if kind == "retire":
        return CATALOG.text("describe-retire", lang)
    path = action["path"]
    words = ", ".join(_run_words(tok, n, lang) for tok, n in _runs(path)) or CATALOG.text("describe-stay", lang)
    text = CATALOG.text("describe-move", lang, speed=action["speed"], path=words)
    end = _end(state, path)
    if end is not None:
        text += " → " + state.field_name(end)[lang]
    if action.get("push"):
        targets = ", ".join(state.field_name(p)[lang] for p in action["push"])
        text += "; " + CATALOG.text("describe-push", lang, fields=targets)
    if action.get("brake"):
        text += "; " + CATALOG.text("describe-brake", lang, n=action["brake"])
    return text
