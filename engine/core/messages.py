"""Every text the engine shows a person, in every site language.

A catalog maps a stable code to a template per language. Games keep their own
catalog (`engine/<game>/messages.py`) chained to the core one, so two games may
use the same code for different things. tests/test_messages.py fails when a
template is missing in a language or the languages disagree on placeholders.
"""

from __future__ import annotations

import string

LANGS = ("hu", "en")
DEFAULT_LANG = "hu"


class Catalog:
    def __init__(self, entries: dict[str, dict[str, str]], parent: "Catalog | None" = None):
        self.entries = entries
        self.parent = parent

    def template(self, code: str, lang: str) -> str:
        cat: Catalog | None = self
        while cat is not None:
            if code in cat.entries:
                return cat.entries[code][lang]
            cat = cat.parent
        raise KeyError(f"no message for code {code!r}")

    def __contains__(self, code: str) -> bool:
        return code in self.entries or (self.parent is not None and code in self.parent)

    def text(self, code: str, lang: str, **params) -> str:
        return self.template(code, lang).format(**{k: localize(v, lang) for k, v in params.items()})

    def both(self, code: str, **params) -> dict[str, str]:
        return {lang: self.text(code, lang, **params) for lang in LANGS}


def localize(value, lang: str):
    """Parameters may themselves be {hu, en} dicts (a species name, say)."""
    if isinstance(value, dict) and lang in value:
        return value[lang]
    return value


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


CORE = Catalog({
    "ok": {"hu": "Szabályos.", "en": "Legal."},
    "bad-json": {
        "hu": "„{field}”: érvénytelen JSON a(z) {line}. sor {column}. oszlopában.",
        "en": "“{field}”: invalid JSON at line {line}, column {column}.",
    },
    "field-missing": {"hu": "„{field}”: hiányzó mező.", "en": "“{field}”: missing field."},
    "field-type": {
        "hu": "„{field}”: {expected} kell, de {got} érkezett.",
        "en": "“{field}”: expected {expected}, got {got}.",
    },
    "field-value": {
        "hu": "„{field}”: érvénytelen érték ({value}); lehetséges: {allowed}.",
        "en": "“{field}”: invalid value ({value}); allowed: {allowed}.",
    },
    "field-range": {
        "hu": "„{field}”: {low} és {high} közötti szám kell, de {value} érkezett.",
        "en": "“{field}”: expected a number from {low} to {high}, got {value}.",
    },
    "field-unknown": {"hu": "„{field}”: ismeretlen mező.", "en": "“{field}”: unknown field."},
    "unknown-game": {
        "hu": "„{field}”: ismeretlen játék ({value}); ismert: {allowed}.",
        "en": "“{field}”: unknown game ({value}); known: {allowed}.",
    },
    "unknown-action": {
        "hu": "„{field}”: ismeretlen akciótípus ({value}); lehetséges: {allowed}.",
        "en": "“{field}”: unknown action type ({value}); allowed: {allowed}.",
    },
    "game-over": {"hu": "A játék véget ért, több lépés nincs.", "en": "The game is over; no more moves."},
    "not-your-turn": {
        "hu": "Nem {player}. játékos van soron, hanem {current}.",
        "en": "It is not player {player}'s turn but player {current}'s.",
    },
    "file-unreadable": {"hu": "„{field}”: a fájl nem olvasható ({detail}).", "en": "“{field}”: cannot read the file ({detail})."},
    "move-illegal": {"hu": "„{field}”: szabálytalan lépés: {reason}", "en": "“{field}”: illegal move: {reason}"},
    "bad-action": {"hu": "Hibás akció.", "en": "Malformed action."},
    "case-mismatch": {
        "hu": "A verdikt eltér az elvárttól: {detail}.",
        "en": "The verdict differs from the expected one: {detail}.",
    },
})

# Type names used in "expected X, got Y" messages.
TYPE_NAMES = {
    "integer": {"hu": "egész szám", "en": "an integer"},
    "number": {"hu": "szám", "en": "a number"},
    "string": {"hu": "szöveg", "en": "a string"},
    "boolean": {"hu": "logikai érték", "en": "a boolean"},
    "object": {"hu": "objektum", "en": "an object"},
    "list": {"hu": "lista", "en": "a list"},
    "null": {"hu": "null", "en": "null"},
}
