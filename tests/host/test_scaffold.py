"""A new game in one command: scaffold a throwaway game in a temporary copy of the repo, with
its widgets package in the shared layout and a position editor, build the site in strict mode,
find its pages in both languages (its Ask page's editor among them), see the coverage check fail
until its placeholder rule is written, and see the soak, the bench and the phone test pick it up
(they list the games from the engine's registry, never by name)."""

import subprocess

import pytest

from tests.conftest import copy_repo

COPY = (
    "engine",
    "widgets",
    "tools",
    "docs",
    "tests",
    "bench",
    "overrides",
    "mkdocs.yml",
    "pyproject.toml",
    "README.md",
    "Makefile",
)


@pytest.mark.long
def test_new_game_scaffold_builds_in_both_languages(tmp_path):
    repo, python = copy_repo(tmp_path, COPY)

    def run(*args):
        return python(*args, timeout=300)

    made = run(
        "-m",
        "widgets",
        "new-game",
        "hansa-teutonica",
        "--title-hu",
        "Hansa Teutonica",
        "--title-en",
        "Hansa Teutonica",
        "--players",
        "2-5",
    )
    assert made.returncode == 0, made.stderr
    assert "wrote engine/hansa_teutonica/game.py" in made.stdout
    for part in ("__init__", "board", "edit"):
        assert f"wrote widgets/render/hansa_teutonica/{part}.py" in made.stdout
    again = run("-m", "widgets", "new-game", "hansa-teutonica", "--title-hu", "x", "--title-en", "x")
    assert again.returncode != 0 and "already exists" in (again.stderr + again.stdout)

    build = run("-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site"))
    assert build.returncode == 0, build.stdout + build.stderr
    assert "WARNING" not in build.stdout + build.stderr
    for prefix in ("", "en/"):
        for page in ("rules", "examples", "cases", "sandbox", "ask", "coverage"):
            assert (tmp_path / "site" / f"{prefix}hansa-teutonica" / page / "index.html").exists(), (prefix, page)
    rules = (tmp_path / "site" / "en" / "hansa-teutonica" / "rules" / "index.html").read_text()
    assert 'id="ht-1-1"' in rules and 'id="ht-2-1"' in rules
    # the Ask page holds the editor, drawn at build time: the seats to tap, in the reader's language
    ask = (tmp_path / "site" / "en" / "hansa-teutonica" / "ask" / "index.html").read_text()
    assert 'class="kikoto-ed"' in ask and 'data-tap="seat1"' in ask and "Turns taken" in ask

    # the game's own tests (its editor's among them) and the shared layout's test, which now sees six games
    tests = run("-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/hansa_teutonica", "tests/host/test_widget_layout.py")
    assert tests.returncode == 0, tests.stdout
    coverage = run("-m", "engine", "coverage", "--check", "--game", "hansa-teutonica")
    assert coverage.returncode == 1
    assert "HT-2.1: a checkable rule that no code in engine/hansa_teutonica/ cites" in coverage.stderr

    # The soak runs its random-playout property test, the bench measures it, the phone test visits it.
    soak = subprocess.run(["make", "-n", "-o", "deps", "soak"], cwd=repo, capture_output=True, text=True, timeout=60)
    assert "tests/hansa_teutonica/test_hansa_teutonica_properties.py" in soak.stdout, soak.stdout + soak.stderr
    bench = run("-c", "import bench.__main__ as b; print(' '.join(b.GAMES))")
    assert "hansa-teutonica" in bench.stdout.split(), bench.stdout + bench.stderr
    phone = run("-m", "pytest", "-q", "-o", "addopts=", "-p", "no:cacheprovider", "--collect-only", "tests/browser/test_phone.py")
    assert "hansa-teutonica" in phone.stdout, phone.stdout
