"""The format half of the engine contract: each game's JSON Schemas, enforced.

Every position and every action is validated against its game's schema
(`engine/<game>/schema/state.schema.json`, `action.schema.json`) before any rule is asked.
The schemas describe the *format* only: types, required and known fields, action types,
ids that exist in the game's data. Anything a player may ask about (a speed of 7, an offer
of 0) is a rule, answered by a Verdict, and stays out of the schemas.

The validator is fastjsonschema: pure Python with no dependencies, so the same library runs
in CPython and in Pyodide from the site's own wheel; it turns a schema into Python code once,
which makes a check cheap. Schemas are JSON Schema draft 7, the newest draft it implements.
Its first error becomes an InputError that names the field (`action.plyer: unknown field`).
"""

from __future__ import annotations

import json
import os
import re

import fastjsonschema

from .errors import InputError
from .messages import TYPE_NAMES

_TYPES = {
    "array": "list",
    "integer": "integer",
    "number": "number",
    "string": "string",
    "boolean": "boolean",
    "object": "object",
    "null": "null",
}


def _field(name: str, root: str) -> str:
    """fastjsonschema's `data.players[0].hold` -> `state.players[0].hold`."""
    return root + name[len("data") :] if name.startswith("data") else root


def _allowed(values) -> str:
    return ", ".join(json.dumps(v, ensure_ascii=False) for v in values)


def _type_name(value) -> str:
    from .errors import type_name

    return type_name(value)


def _first_float(data, path: str):
    """The path of the first float in `data`, or None. The engine's formats hold integers only, but
    JSON Schema counts 3.0 as an integer; the rules would then index a list with a float."""
    kind = type(data)
    if kind is float:
        return path
    if kind is dict:
        for key, value in data.items():
            if type(value) in (float, dict, list):
                found = _first_float(value, f"{path}.{key}")
                if found:
                    return found
    elif kind is list:
        for i, value in enumerate(data):
            if type(value) in (float, dict, list):
                found = _first_float(value, f"{path}[{i}]")
                if found:
                    return found
    return None


def to_input_error(err: fastjsonschema.JsonSchemaValueException, root: str) -> InputError:
    """The schema's first complaint, in the engine's words, naming the offending field."""
    field, rule, spec, value = _field(err.name or "data", root), err.rule, err.definition or {}, err.value
    if rule == "additionalProperties" and isinstance(value, dict):
        known = spec.get("properties", {})
        patterns = [re.compile(p) for p in spec.get("patternProperties", {})]
        extra = sorted(k for k in value if k not in known and not any(p.search(k) for p in patterns))
        return InputError("field-unknown", f"{field}.{extra[0]}" if extra else field)
    if rule == "propertyNames" and isinstance(value, dict):
        names = spec.get("propertyNames", {})
        bad = sorted(
            k
            for k in value
            if ("enum" in names and k not in names["enum"]) or ("pattern" in names and not re.search(names["pattern"], k))
        )
        return InputError("field-unknown", f"{field}.{bad[0]}" if bad else field)
    if rule == "required" and isinstance(value, dict):
        missing = [k for k in spec.get("required", []) if k not in value]
        return InputError("field-missing", f"{field}.{missing[0]}" if missing else field)
    if rule == "type":
        wanted = spec.get("type")
        wanted = wanted[0] if isinstance(wanted, list) else wanted
        return InputError(
            "field-type", field, expected=TYPE_NAMES[_TYPES.get(wanted, "object")], got=TYPE_NAMES[_type_name(value)]
        )
    if rule in ("enum", "const"):
        allowed = spec["enum"] if rule == "enum" else [spec["const"]]
        return InputError(
            "field-value",
            field,
            value=json.dumps(value, ensure_ascii=False)[:60],
            allowed=_allowed(allowed[:12]) + (", …" if len(allowed) > 12 else ""),
        )
    if rule in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        low = spec.get("minimum", spec.get("exclusiveMinimum", "…"))
        high = spec.get("maximum", spec.get("exclusiveMaximum", "…"))
        return InputError("field-range", field, low=low, high=high, value=value)
    if rule in ("minItems", "maxItems", "minProperties", "maxProperties", "minLength", "maxLength"):
        kind = rule[3:]
        low, high = spec.get("min" + kind, 0), spec.get("max" + kind, "…")
        return InputError("field-count", field, low=low, high=high, value=len(value))
    if rule == "uniqueItems":
        return InputError("field-duplicate", field)
    if rule == "pattern":
        return InputError("field-format", field, value=json.dumps(value, ensure_ascii=False)[:60])
    return InputError("field-invalid", field)


def _inline(schema: dict) -> dict:
    """The schema with each local "$ref" ("#/definitions/name") replaced by what it names, so a game
    may keep its definitions: fastjsonschema builds a field name at every $ref it follows, which
    doubled the cost of validating a position."""
    definitions = schema.get("definitions", {})

    def walk(node, seen):
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/definitions/") and len(node) == 1:
                name = ref[len("#/definitions/") :]
                if name in seen:  # a recursive definition stays a reference
                    return node
                return walk(definitions[name], seen | {name})
            return {k: walk(v, seen) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v, seen) for v in node]
        return node

    return walk(schema, frozenset())


class Schema:
    """One schema file, compiled on first use. An action schema whose `oneOf` branches each fix
    `type` with a `const` is split by type, so a bad action is reported against its own type's
    fields, not as "matches none of 14 shapes"."""

    def __init__(self, path: str):
        self.path = path
        self._whole = None
        self._by_type: dict | None = None
        self.types: tuple[str, ...] = ()
        with open(path, encoding="utf-8") as f:
            self.data = _inline(json.load(f))
        branches = self.data.get("oneOf", [])
        consts = [b.get("properties", {}).get("type", {}).get("const") for b in branches]
        if branches and all(isinstance(c, str) for c in consts):
            self.types = tuple(consts)
            self._branches = dict(zip(consts, branches))

    def describes(self, path) -> bool:
        """Whether `path` (keys and list indexes, as the editor sends them) names a place this schema
        describes: a known key, one its patterns or additional properties allow, an item of a list.
        Below a part the schema leaves open (no properties, items or combinators) anything goes."""
        return _describes(self.data, list(path))

    def branch(self, kind: str) -> dict:
        """The schema of one action type (the editor builds its form from it)."""
        return self._branches[kind]

    def _compile(self, schema: dict):
        # the root's definitions travel with each branch, so "$ref": "#/definitions/x" resolves
        whole = dict(schema)
        for key in ("definitions", "$schema"):
            if key in self.data:
                whole.setdefault(key, self.data[key])
        return fastjsonschema.compile(whole)

    def validate(self, data, root: str) -> None:
        try:
            if self.types:
                self._validate_typed(data, root)
            else:
                if self._whole is None:
                    self._whole = self._compile(self.data)
                self._whole(data)
        except fastjsonschema.JsonSchemaValueException as err:
            raise to_input_error(err, root) from None
        where = _first_float(data, root)
        if where:
            raise InputError("field-type", where, expected=TYPE_NAMES["integer"], got=TYPE_NAMES["number"])

    def _validate_typed(self, data, root: str) -> None:
        if not isinstance(data, dict):
            raise InputError("field-type", root, expected=TYPE_NAMES["object"], got=TYPE_NAMES[_type_name(data)])
        if "type" not in data:
            raise InputError("field-missing", f"{root}.type")
        kind = data["type"]
        if not isinstance(kind, str):
            raise InputError("field-type", f"{root}.type", expected=TYPE_NAMES["string"], got=TYPE_NAMES[_type_name(kind)])
        if kind not in self.types:
            raise InputError(
                "unknown-action", f"{root}.type", value=json.dumps(kind, ensure_ascii=False)[:60], allowed=", ".join(self.types)
            )
        if self._by_type is None:
            self._by_type = {}
        check = self._by_type.get(kind)
        if check is None:
            check = self._by_type[kind] = self._compile(self._branches[kind])
        check(data)


def _describes(node, path: list) -> bool:
    if node is False:
        return False
    if not path or not isinstance(node, dict):
        return True
    combined = [b for c in ("oneOf", "anyOf", "allOf") for b in node.get(c, ())]
    if any(_describes(branch, path) for branch in combined):
        return True
    key, rest = path[0], path[1:]
    types = node.get("type")
    types = types if isinstance(types, list) else [types] if types else []
    if isinstance(key, str):
        if any(k in node for k in ("properties", "patternProperties", "additionalProperties")):
            if key in node.get("properties", {}):
                return _describes(node["properties"][key], rest)
            for pattern, sub in node.get("patternProperties", {}).items():
                if re.search(pattern, key):
                    return _describes(sub, rest)
            return _describes(node.get("additionalProperties", True), rest)
        kind = "object"
    elif isinstance(key, int) and not isinstance(key, bool) and key >= 0:
        items = node.get("items")
        if isinstance(items, list):
            return key < len(items) and _describes(items[key], rest)
        if items is not None:
            return _describes(items, rest)
        kind = "array"
    else:
        return False
    # a part the schema leaves open, unless its type or its combinators say otherwise
    return not combined and (not types or kind in types)


_CACHE: dict[str, Schema] = {}


def schema(path: str) -> Schema:
    found = _CACHE.get(path)
    if found is None:
        found = _CACHE[path] = Schema(path)
    return found


def game_schemas(package_dir: str) -> tuple[Schema, Schema]:
    """(state schema, action schema) of the game whose package is `package_dir`."""
    folder = os.path.join(package_dir, "schema")
    return schema(os.path.join(folder, "state.schema.json")), schema(os.path.join(folder, "action.schema.json"))
