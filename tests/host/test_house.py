"""The house at its size (docs/contributing/architecture.en.md): a module a reader can hold in mind.
No Python module under widgets/ is over 400 lines, and the plugin, which only wires MkDocs' events to
widgets/build/, is at most 150. And no `except` is wider than the errors its call can raise: a tuple
of the builtin errors a code bug raises would take a typo for a malformed draft."""

import ast
from pathlib import Path

from tests.conftest import ROOT

LIMIT = 400
PLUGIN_LIMIT = 150


def lines(path: Path) -> int:
    with open(path, encoding="utf-8") as f:
        return sum(1 for _ in f)


def test_no_widgets_module_over_400_lines():
    over = {str(p.relative_to(ROOT)): n for p in sorted(Path(ROOT, "widgets").rglob("*.py")) if (n := lines(p)) > LIMIT}
    assert over == {}


def test_the_plugin_only_wires_events():
    assert lines(Path(ROOT, "widgets", "plugin.py")) <= PLUGIN_LIMIT


# the builtin errors a bug in our own code raises as readily as a malformed input does
BUG_ERRORS = {"KeyError", "IndexError", "TypeError", "ValueError", "AttributeError"}
WIDE = 3  # an `except` naming this many of them catches "anything that went wrong"


def wide_excepts(path: Path) -> list[str]:
    """`file:line` of each `except (…)` naming WIDE or more of BUG_ERRORS."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler) and isinstance(node.type, ast.Tuple):
            names = {e.id for e in node.type.elts if isinstance(e, ast.Name)}
            if len(names & BUG_ERRORS) >= WIDE:
                out.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return out


def test_no_except_wider_than_its_call_can_raise():
    """A draft the reader typed is read by the game's own readers (`lenient`, or the strict read that
    names the malformed field, engine/core/edit.py `malformed`), so the code after them works on
    well-formed data and catches nothing of its own. No allow-list: none is needed."""
    found = [
        site for folder in ("widgets", "engine") for p in sorted(Path(ROOT, folder).rglob("*.py")) for site in wide_excepts(p)
    ]
    assert found == []
