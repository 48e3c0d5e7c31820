"""Every registered game's widgets are one package, widgets/render/<package>/, with the shared file
names (widgets.render.renderer.FILES): the renderer in board.py, the editor in edit.py, the game's
widget kinds inside the package, and any file of another name described in the package docstring."""

import ast
import os

import pytest

from engine import game_ids
from tests.conftest import ROOT
from widgets.render import renderer as R

RENDER = os.path.join(ROOT, "widgets", "render")


def files(package: str) -> set:
    return {f for f in os.listdir(os.path.join(RENDER, package)) if f.endswith(".py")}


@pytest.mark.parametrize("game_id", game_ids())
def test_the_game_has_the_shared_files(game_id):
    assert set(R.SHARED) <= files(R.package(game_id))


@pytest.mark.parametrize("game_id", game_ids())
def test_a_file_of_its_own_is_described_in_the_package_docstring(game_id):
    package = R.package(game_id)
    with open(os.path.join(RENDER, package, "__init__.py"), encoding="utf-8") as f:
        doc = ast.get_docstring(ast.parse(f.read())) or ""
    own = sorted(files(package) - set(R.FILES))
    assert [name for name in own if name not in doc] == []
    assert "Its own file" in doc or own == [], "a game with files of its own says so"


@pytest.mark.parametrize("game_id", game_ids())
def test_the_renderer_editor_and_widget_kinds_live_in_the_package(game_id):
    package = R.package(game_id)
    found = R.renderer(game_id)
    assert found is __import__(f"widgets.render.{package}.board", fromlist=["RENDERER"]).RENDERER
    assert found.editor == f"widgets.render.{package}.edit"
    assert found.editing() is not None
    assert [m for m in found.widgets.values() if not m.startswith(f"widgets.render.{package}.")] == []


def test_no_game_module_lies_flat_in_the_shared_folder():
    packages = {R.package(g) for g in game_ids()}
    flat = [f for f in os.listdir(RENDER) if f.endswith(".py") and any(f == f"{p}.py" or f.startswith(f"{p}_") for p in packages)]
    assert flat == []
    # and every folder here is a registered game's package
    folders = {d for d in os.listdir(RENDER) if os.path.isdir(os.path.join(RENDER, d)) and d != "__pycache__"}
    assert folders == packages
