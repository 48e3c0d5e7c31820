"""No import circles, and no package reaches into another package's private names.

Read from the source (nothing is imported), over every module under engine/, widgets/, tools/ and bench/.

A *package* is a folder with an `__init__.py`. A module belongs to the package of its own folder
(`engine/cli.py` to `engine`, `engine/core/game.py` to `engine.core`, a package's `__init__.py` to
that package). The modules of one package may share their private names; a module of any other
package (parent, child or sibling: `engine` and `engine.core` are two packages) uses only public ones.

A *private name* begins with one underscore (`_clone`; dunders such as `__version__` are public).
Reaching into another package's privates is `from X import _name`, `import X._name`, or `Y._name`
where `Y` was imported from another package (a module, or a name such as a class taken from one).

An *import circle* is a set of modules that import each other, directly or through others. Every
import statement counts, also one inside a function: deferring an import hides a circle from Python
at load time but keeps the two modules tangled. Imports under `if TYPE_CHECKING:` do not count.
`from P import n` is an edge to the module P.n when that is a module, else to P; the implicit import of
a module's parent packages is not an edge (else every package's `__init__` would close a circle).
"""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass, field

from tests.conftest import ROOT

TREES = ("engine", "widgets", "tools", "bench")


@dataclass
class Module:
    name: str
    path: str
    package: str
    imports: set = field(default_factory=set)  # module names this one imports (ours only)
    private: list = field(default_factory=list)  # (line, text, name) of each private name it takes from another package


def modules(root: str, trees=TREES) -> dict:
    found = {}
    for tree in trees:
        for folder, dirs, files in os.walk(os.path.join(root, tree)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            if "__init__.py" not in files:
                dirs[:] = []  # not a package: nothing in or below it is importable as ours
                continue
            package = os.path.relpath(folder, root).replace(os.sep, ".")
            for name in sorted(files):
                if name.endswith(".py"):
                    stem = name[:-3]
                    dotted = package if stem == "__init__" else f"{package}.{stem}"
                    found[dotted] = Module(dotted, os.path.join(folder, name), package)
    return found


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def owner(dotted: str, known: dict):
    """The longest prefix of `dotted` that is one of our modules, and the rest of the name."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        head = ".".join(parts[:i])
        if head in known:
            return known[head], parts[i:]
    return None, parts


def type_checking_only(node) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def read(module: Module, known: dict) -> None:
    with open(module.path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), module.path)
    bound = {}  # local name -> the dotted name it was imported as

    def take(dotted: str, line: int, text: str) -> None:
        target, rest = owner(dotted, known)
        if target is None:
            return
        module.imports.add(target.name)
        names = ([] if target.name == target.package else [target.name.rsplit(".", 1)[1]]) + rest
        hidden = [n for n in names if private(n)]
        if target.package != module.package and hidden:
            module.private.append((line, text, hidden[0]))

    def visit(node) -> None:
        if isinstance(node, ast.If) and type_checking_only(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                take(alias.name, node.lineno, f"import {alias.name}")
                bound[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.package.split(".")
                base = base[: len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module
            for alias in node.names:
                dotted = source if alias.name == "*" else f"{source}.{alias.name}"
                take(dotted, node.lineno, f"from {source} import {alias.name}")
                bound[alias.asname or alias.name] = dotted
        elif isinstance(node, ast.Attribute) and private(node.attr):
            chain, value = [node.attr], node.value
            while isinstance(value, ast.Attribute):
                chain.insert(0, value.attr)
                value = value.value
            if isinstance(value, ast.Name) and value.id in bound:
                target, _ = owner(".".join([bound[value.id], *chain]), known)
                if target is not None and target.package != module.package:
                    module.private.append((node.lineno, ".".join([value.id, *chain]), node.attr))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)


def analyse(root: str, trees=TREES) -> dict:
    known = modules(root, trees)
    for module in known.values():
        read(module, known)
    return known


def circles(known: dict) -> list:
    """Each circle as one path through it (a, b, ..., a), from the strongly connected parts of the
    import graph (Tarjan's algorithm)."""
    index, low, stack, on, parts = {}, {}, [], set(), []

    def connect(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(known[v].imports):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1 or v in known[v].imports:
                parts.append(sorted(part))

    for v in sorted(known):
        if v not in index:
            connect(v)
    return [path_through(part, known) for part in sorted(parts)]


def path_through(part: list, known: dict) -> str:
    """The shortest circle from the part's first module back to it, written out."""
    start, members = part[0], set(part)
    paths, frontier = {start: [start]}, [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(known[v].imports & members):
                if w == start:
                    return " -> ".join(paths[v] + [start])
                if w not in paths:
                    paths[w] = paths[v] + [w]
                    nxt.append(w)
        frontier = nxt
    return " -> ".join(part)


def private_uses(known: dict, waiting=()) -> list:
    return [
        f"{os.path.relpath(m.path, ROOT) if m.path.startswith(ROOT) else m.path}:{line}: {text}"
        for m in known.values()
        for line, text, name in m.private
        if name not in waiting
    ]


# Private names still taken from another package, each with the fix that waits for it. The list only shrinks.
WAITING: dict[str, str] = {}


def test_no_import_circles():
    assert circles(analyse(ROOT)) == []


def test_no_private_names_from_another_package():
    assert private_uses(analyse(ROOT), WAITING) == []


def test_the_waiting_list_is_current():
    """A name whose fix has landed leaves WAITING."""
    taken = {name for m in analyse(ROOT).values() for _, _, name in m.private}
    assert set(WAITING) <= taken


def test_the_checks_catch_a_circle_and_a_private_import(tmp_path):
    """A sample tree with one circle (through a deferred import) and each kind of private reach."""
    files = {
        "app/__init__.py": "",
        "app/a.py": "from app import b\n",
        "app/b.py": "def f():\n    from app.a import thing\n",
        "app/c.py": "from app import b\nfrom app.b import _shared\n",  # same package: allowed
        "app/sub/__init__.py": "",
        "app/sub/d.py": "from ..b import _hidden\nfrom app import b as bee\nbee._also_hidden()\n",
        "app/sub/e.py": "import app.b\napp.b._third()\nimport app._private_module\n",
        "app/sub/f.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from app.sub import g\n",
        "app/sub/g.py": "from app.sub import f\nfrom app.b import public\nprint(public.__name__)\n",
        "app/_private_module.py": "",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    known = analyse(str(tmp_path), ("app",))
    assert circles(known) == ["app.a -> app.b -> app.a"]
    found = [use.split(os.sep)[-1] for use in private_uses(known)]
    assert sorted(found) == sorted(
        [
            "d.py:1: from app.b import _hidden",
            "d.py:3: bee._also_hidden",
            "e.py:2: app.b._third",
            "e.py:3: import app._private_module",
        ]
    )
