"""The house at its size (docs/contributing/architecture.en.md): a module a reader can hold in mind.
No Python module under widgets/ is over 400 lines, and the plugin, which only wires MkDocs' events to
widgets/build/, is at most 150."""

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
