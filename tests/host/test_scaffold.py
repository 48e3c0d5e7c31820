"""A new game in one command: in a temporary copy of the repo, `python -m widgets new-game` writes a
two-player and a five-player game; their Python is as `make lint` wants it, `check-game` finds nothing
lacking, and every shared test that concerns them (`-k <game>`, the browser's too: the copy's site is
built once, with both games, and Chromium drives their pages) passes on them untouched, their own tests
too, none skipped; a browser test run per game for the games before them runs for them too. The soak,
the bench and the phone test pick them up (they list the games from the engine's registry, never by
name). One copy for both games: the site is built once."""

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
GAMES = {"duel-race": "2-2", "fleet-race": "5-5"}  # the smallest and the largest table a game may have


@pytest.mark.long
def test_new_games_pass_the_shared_tests_untouched(tmp_path):
    repo, python = copy_repo(tmp_path, COPY)

    def run(*args, timeout=900):
        return python(*args, timeout=timeout)

    for game, players in GAMES.items():
        made = run("-m", "widgets", "new-game", game, "--title-hu", game, "--title-en", game, "--players", players)
        assert made.returncode == 0, made.stderr
        pkg = game.replace("-", "_")
        for part in ("engine/{}/position.py", "engine/{}/state.py", "engine/{}/edit.py", "widgets/render/{}/edit.py"):
            assert f"wrote {part.format(pkg)}" in made.stdout
        check = run("-m", "widgets", "check-game", game)
        assert check.returncode == 0, check.stdout
    again = run("-m", "widgets", "new-game", "duel-race", "--title-hu", "x", "--title-en", "x")
    assert again.returncode != 0 and "already exists" in (again.stderr + again.stdout)
    lint = run("-m", "ruff", "format", "--check", "engine", "widgets", "tests")
    assert lint.returncode == 0, lint.stdout
    lint = run("-m", "ruff", "check", "engine", "widgets", "tests")
    assert lint.returncode == 0, lint.stdout

    # Each game's tests carry its id or package (parametrized ids, tests/<package>/); and the two that
    # read every page of the built site, which a new game's pages can break too.
    selected = " or ".join(
        [f"{g} or {g.replace('-', '_')}" for g in GAMES]
        + ["test_every_island_on_the_site_speaks_the_protocol", "test_the_service_worker_keeps_every_page"]
    )
    tests = run("-m", "pytest", "-o", "addopts=", "-v", "-n", "0", "-p", "no:cacheprovider", "-k", selected, timeout=1800)
    assert tests.returncode == 0, tests.stdout[-5000:]
    summary = tests.stdout.strip().splitlines()[-1].strip("= ")  # "290 passed, 3600 deselected in …": none skipped
    assert " passed" in summary and "skipped" not in summary and int(summary.split()[0]) >= 250, summary
    in_chromium = [line for line in tests.stdout.splitlines() if line.startswith("tests/browser/") and " PASSED" in line]
    assert len(in_chromium) >= 50, summary

    # A browser test run once per game for every game before them runs for them too (a shared test that
    # named its games by hand would leave a new one out); but the pictures' test: the race draws none.
    registered = run("-c", "from engine import game_ids; print(*game_ids())").stdout.split()
    before = set(registered) - set(GAMES)
    listed = run(
        "-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider", "--collect-only", "-m", "browser", "tests/browser"
    )
    per_game: dict[str, set] = {}
    for line in listed.stdout.splitlines():
        name, _, params = line.partition("[")
        per_game.setdefault(name, set()).update(g for g in registered if g in params)
    left_out = [n for n, games in per_game.items() if before <= games and not set(GAMES) <= games and "test_figures" not in n]
    assert len(before) >= 5 and not left_out, left_out

    # The soak plays them, the bench measures them, the phone test visits them.
    soak = subprocess.run(["make", "-n", "-o", "deps", "soak"], cwd=repo, capture_output=True, text=True, timeout=60)
    assert "tests/core/test_simulation.py" in soak.stdout, soak.stdout + soak.stderr
    bench = run("-c", "import bench.__main__ as b; print(' '.join(b.GAMES))")
    assert set(GAMES) <= set(bench.stdout.split()), bench.stdout + bench.stderr
    phone = run("-m", "pytest", "-q", "-o", "addopts=", "-p", "no:cacheprovider", "--collect-only", "tests/browser/test_phone.py")
    assert all(g in phone.stdout for g in GAMES), phone.stdout
