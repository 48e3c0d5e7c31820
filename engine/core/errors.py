"""The two ways the engine says no.

- `IllegalAction`: a well-formed action that the rules forbid. It carries the Verdict.
- `InputError`: input that is not well formed (bad JSON, a wrong field type, an
  unknown game). It names the offending field and has a message in every language.
  The CLI turns it into one line and exit code 2; the browser shows it beside the editor.
"""

from __future__ import annotations

from .messages import CORE, TYPE_NAMES, Catalog


class IllegalAction(Exception):
    def __init__(self, verdict):
        super().__init__(verdict.message["en"])
        self.verdict = verdict


class InputError(ValueError):
    """`fix`: where the input is a position's draft, the editing operation that mends this problem,
    if the game knows one (engine/core/verdict.py, `Fix`): the editor offers it as one button."""

    def __init__(self, code: str, field: str, catalog: Catalog = CORE, *, fix=None, **params):
        self.code = code
        self.field = field
        self.params = params
        self.catalog = catalog
        self.fix = fix
        self.message = catalog.both(code, field=field, **params)
        super().__init__(self.message["en"])

    def moved(self, root: str, to: str) -> "InputError":
        """The same problem named under another root: a move checked as `action.type` is the case's
        `moves[2].type`. Itself when its field is not under `root`."""
        if self.field != root and not self.field.startswith((root + ".", root + "[")):
            return self
        return InputError(self.code, to + self.field[len(root) :], self.catalog, fix=self.fix, **self.params)

    def to_json(self) -> dict:
        out = {"code": self.code, "field": self.field, "message": self.message}
        if self.fix is not None:
            out["fix"] = self.fix.to_json()
        return out


def type_name(value) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "list"
    return "null"


_PY_TYPES = {"integer": int, "string": str, "boolean": bool, "object": dict, "list": list, "number": (int, float)}


def need(data: dict, key: str, kind: str, path: str = "", *, default=..., low=None, high=None, allowed=None):
    """Read data[key], checking its type (and range or allowed values); raise InputError naming path.key."""
    field = f"{path}.{key}" if path else key
    if key not in data:
        if default is ...:
            raise InputError("field-missing", field)
        return default
    value = data[key]
    expect(value, kind, field, low=low, high=high, allowed=allowed)
    return value


def expect(value, kind: str, field: str, *, low=None, high=None, allowed=None):
    ok = isinstance(value, _PY_TYPES[kind]) and not (isinstance(value, bool) and kind in ("integer", "number"))
    if not ok:
        raise InputError("field-type", field, expected=TYPE_NAMES[kind], got=TYPE_NAMES[type_name(value)])
    if allowed is not None and value not in allowed:
        raise InputError("field-value", field, value=repr(value), allowed=", ".join(map(str, allowed)))
    if (low is not None and value < low) or (high is not None and value > high):
        raise InputError("field-range", field, low=low, high=high, value=value)
    return value
