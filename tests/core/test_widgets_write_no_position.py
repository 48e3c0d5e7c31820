"""No module under widgets/ writes a position field: the engine's editing operations do
(engine/<pkg>/edit.py, engine/core/edit.py), and the widgets draw and forward taps.

The scan follows, within each function, the names that hold a position or a part of one: parameters
and variables called as a draft is (`draft`, `d`, `data`, `state`), what `.to_json()` returns, and
whatever is read out of them (`seat = draft["players"][0]`, `for p in draft["players"]`). Writing
into any of those (an item assigned, deleted or augmented; append, update, pop, setdefault and the other
mutating methods) is reported with its module and line."""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
POSITION_NAMES = {"draft", "d", "data", "state", "position"}
MUTATING = {
    "append",
    "extend",
    "insert",
    "pop",
    "popitem",
    "remove",
    "clear",
    "update",
    "setdefault",
    "sort",
    "reverse",
    "add",
    "discard",
    "__setitem__",
    "__delitem__",
}
READERS = {"get", "setdefault", "values", "items", "keys", "copy"}


def _root(node):
    """The name an expression reads from (through items, attributes, .get() and friends), or None."""
    while True:
        if isinstance(node, ast.Subscript):
            node = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in READERS:
            node = node.func.value
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("enumerate", "reversed", "list", "zip")
            and node.args
        ):
            node = node.args[0]
        elif isinstance(node, ast.Name):
            return node.id
        else:
            return None


def _from_position(node, held: set) -> bool:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "to_json":
        return True
    return _root(node) in held


def _targets(node):
    if isinstance(node, (ast.Tuple, ast.List)):
        for elt in node.elts:
            yield from _targets(elt)
    elif isinstance(node, ast.Starred):
        yield from _targets(node.value)
    else:
        yield node


def writes(source: str, name: str = "<sample>") -> list[str]:
    """Every write into a position found in `source`: "name:line"."""
    found = []
    for func in ast.walk(ast.parse(source)):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        args = func.args
        held = {a.arg for a in args.posonlyargs + args.args + args.kwonlyargs if a.arg in POSITION_NAMES}
        body = list(ast.walk(func))
        # a name that holds a part of a position holds it wherever it is used in the function
        for _ in range(3):
            for node in body:
                if isinstance(node, ast.Assign) and _from_position(node.value, held):
                    held |= {t.id for target in node.targets for t in _targets(target) if isinstance(t, ast.Name)}
                elif isinstance(node, (ast.For, ast.comprehension)) and _from_position(node.iter, held):
                    held |= {t.id for t in _targets(node.target) if isinstance(t, ast.Name)}
                elif isinstance(node, ast.NamedExpr) and _from_position(node.value, held):
                    held.add(node.target.id)
        for node in body:
            targets = []
            if isinstance(node, ast.Assign):
                targets = [t for target in node.targets for t in _targets(target)]
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif isinstance(node, ast.Delete):
                targets = node.targets
            if any(isinstance(t, (ast.Subscript, ast.Attribute)) and _root(t.value) in held for t in targets):
                found.append(f"{name}:{node.lineno}")
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in MUTATING
                and _root(node.func.value) in held
            ):
                found.append(f"{name}:{node.lineno}")
    return sorted(set(found), key=lambda s: (s.rsplit(":", 1)[0], int(s.rsplit(":", 1)[1])))


def test_no_module_under_widgets_writes_a_position():
    found = []
    for path in sorted((ROOT / "widgets").rglob("*.py")):
        found += writes(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == []


SAMPLES = {
    "an item set": "def f(draft):\n    draft['turn'] = 1\n",
    "a deeper item": "def f(draft, seat):\n    draft['players'][seat]['hold']['cod'] += 1\n",
    "through a name": "def f(draft):\n    player = draft['players'][0]\n    player['supply'] = 3\n",
    "through .get": "def f(draft):\n    bag = draft.get('bag') or {}\n    x = draft.get('bag')\n    x.update(cod=1)\n",
    "in a loop": "def f(draft):\n    for seat in draft['seats']:\n        seat['coins'] = 0\n",
    "a method": "def f(draft):\n    draft['players'][0]['ships'].append('gdansk')\n",
    "deleted": "def f(draft):\n    del draft['bag']\n",
    "of a state's JSON": "def f(state):\n    d = state.to_json()\n    d['phase'] = 'over'\n",
    "setdefault": "def f(draft):\n    draft.setdefault('options', {})['game'] = 'x'\n",
    "down a path": (
        "def f(data, path, value):\n    node = data\n    for key in path[:-1]:\n        node = node[key]\n"
        "    node[path[-1]] = value\n"
    ),
    "a state's attribute": "def f(state):\n    state.turn = 2\n",
    "unpacked": "def f(draft):\n    for i, p in enumerate(draft['players']):\n        p['supply'] = i\n",
}


def test_the_scan_finds_each_kind_of_write():
    missed = [kind for kind, source in SAMPLES.items() if not writes(source)]
    assert missed == []


def test_the_scan_lets_reading_and_building_new_data_be():
    source = (
        "def f(draft, lang):\n    out = {}\n    out['x'] = draft.get('turn')\n    parts = []\n"
        "    parts.append(len(draft['players']))\n    marks = {}\n    marks.setdefault(draft['turn'], 'target')\n"
        "    return out, parts, marks\n"
    )
    assert writes(source) == []
