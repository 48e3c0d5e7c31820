"""The engine stands alone: it imports nothing from outside engine/ (but its one dependency), reads
no folder of the repository around it, and `python -m engine rules` and `coverage` work from the
built wheel in a fresh virtual environment, away from the checkout."""

import ast
import json
import os
import re
import subprocess
import sys

import pytest

from engine import game_ids
from engine.core.registry import load_rules
from tests.conftest import ROOT

ENGINE = os.path.join(ROOT, "engine")
ALLOWED = set(sys.stdlib_module_names) | {"engine", "fastjsonschema", "__future__"}


def engine_modules():
    for dirpath, dirnames, filenames in os.walk(ENGINE):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for name in filenames:
            if name.endswith(".py"):
                yield os.path.join(dirpath, name)


def test_engine_imports_only_itself_the_standard_library_and_fastjsonschema():
    outside = []
    for path in engine_modules():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module]
            else:
                continue
            outside += [f"{os.path.relpath(path, ROOT)}:{node.lineno}: {n}" for n in names if n.split(".")[0] not in ALLOWED]
    assert not outside, "\n".join(outside)


def test_engine_climbs_out_of_its_package_nowhere():
    # A path built upward from the engine's own folder ("..", os.pardir) leaves the package.
    climbing = []
    for path in engine_modules():
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if '"..", ".."' in line or "os.pardir" in line or "'..', '..'" in line:
                    climbing.append(f"{os.path.relpath(path, ROOT)}:{number}: {line.strip()}")
    assert not climbing, "\n".join(climbing)


@pytest.mark.long
def test_rules_and_coverage_from_the_installed_wheel(tmp_path):
    from widgets.wheel import build_wheel

    wheel = tmp_path / build_wheel(str(tmp_path))["wheel"]
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = str(venv / "bin" / "python")
    # No package index: the wheel carries its one dependency, fastjsonschema, as the browser's does.
    pip = subprocess.run(
        [python, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--no-index", "--no-deps", str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert pip.returncode == 0, pip.stdout + pip.stderr
    away = tmp_path / "elsewhere"  # no checkout around, no docs, no tools
    away.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("KIKOTO_DOCS", "PYTHONPATH")}

    def run(*args):
        return subprocess.run([python, *args], cwd=away, env=env, capture_output=True, text=True, timeout=120)

    where = run(
        "-c",
        "import engine, fastjsonschema, importlib.util; print(engine.__file__); print(fastjsonschema.__file__); "
        "print(importlib.util.find_spec('tools'))",
    )
    assert where.returncode == 0, where.stderr
    site = venv / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "site-packages"
    assert where.stdout.splitlines() == [
        str(site / "engine" / "__init__.py"),
        str(site / "fastjsonschema" / "__init__.py"),
        "None",
    ]

    for game_id in game_ids():
        for lang in ("hu", "en"):
            listed = run("-m", "engine", "rules", game_id, "--lang", lang)
            assert listed.returncode == 0, listed.stderr
            expected = [f"{r.id}\t{r.title}" for r in load_rules(game_id, lang, os.path.join(ROOT, "docs")).values()]
            assert listed.stdout.splitlines() == expected

    table = run("-m", "engine", "coverage")
    assert table.returncode == 0, table.stderr
    assert "not measured" in table.stderr
    for game_id in game_ids():
        assert f"== {game_id}: " in table.stdout
    unchecked = run("-m", "engine", "coverage", "--check")
    assert unchecked.returncode == 1
    assert "no recording of a test run" in unchecked.stderr

    # A recording in which a test cited every rule passes the check, with this checkout's cases run
    # by the installed engine.
    every = {r.id: ["tests/t.py::test_t"] for g in game_ids() for r in load_rules(g, "hu", os.path.join(ROOT, "docs")).values()}
    recording = tmp_path / "recording.json"
    recording.write_text(json.dumps({"tests": 1, "rules": every}))
    checked = run("-m", "engine", "coverage", "--check", "--recording", str(recording), "--docs", os.path.join(ROOT, "docs"))
    assert checked.returncode == 0, checked.stderr
    assert re.search(r"cases +[1-9]", checked.stdout), checked.stdout  # the cases ran


def test_rules_without_docs_come_from_the_shipped_index(monkeypatch, capsys, tmp_path):
    from engine.cli import main

    game_id = game_ids()[0]
    monkeypatch.delenv("KIKOTO_DOCS")
    assert main(["rules", game_id, "--lang", "en"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed == [f"{r.id}\t{r.title}" for r in load_rules(game_id, "en", os.path.join(ROOT, "docs")).values()]
    # a docs folder that is not there: one line naming the option, exit 2
    assert main(["rules", game_id, "--docs", str(tmp_path / "nowhere")]) == 2
    assert capsys.readouterr().err.startswith("error: “--docs”: ")
