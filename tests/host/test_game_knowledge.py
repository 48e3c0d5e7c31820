"""Game knowledge lives in the game's own folders: outside engine/<package>/, widgets/render/<package>/,
docs/<site id>/ and tests/<package>/ (and the nav in mkdocs.yml), no file of the Makefile, bench/*.py,
engine/core, tools/, widgets/ or the shared tests names a game id. So a sixth game is picked up
everywhere from the engine's registry, and removing one leaves nothing behind.

Exempt, with the reason:
- data files (bench/*.json, bench/README.md, the locale catalogs engine/locale/): generated, or
  keyed by game on purpose;
- the translation helpers' files (TRANSLATIONS below): the translations' own tests and tools;
- the format corpus's tests (tests/formats/): they name the historical files and links they concern;
- NOT_YET: shared files still to make generic: each takes its game from the registry,
  or from a game's scenario in tests/<package>/ (live_scenario.py, editor_scenario.py).
"""

import re
import subprocess

from engine import game_ids
from tests.conftest import ROOT

PLACES = ("Makefile", "bench/*.py", "engine/core", "tools", "widgets", "tests")
# the translation workflow's tests edit one game's pages or catalogs and search their words
TRANSLATIONS = {
    "tests/browser/test_i18n.py",
    "tests/host/test_i18n_articles.py",
    "tests/host/test_i18n_cycle.py",
    "tests/host/test_i18n_third_language.py",
    "tests/host/test_i18n_plurals.py",
    "tests/site/test_pseudo_locale.py",
}
CORPUS = "tests/formats/"
NOT_YET: set = set()


def own_folders(game_id: str) -> tuple:
    package = game_id.replace("-", "_")
    return (f"engine/{package}/", f"widgets/render/{package}/", f"tests/{package}/", f"docs/{game_id}/")


def test_no_shared_file_names_a_game():
    ids = game_ids()
    names = sorted({i for g in ids for i in (g, g.replace("-", "_"))}, key=len, reverse=True)
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
    files = subprocess.run(["git", "ls-files", *PLACES], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    mine = tuple(p for g in ids for p in own_folders(g))
    found = {}
    for path in files:
        if (
            path.startswith(mine)
            or path.startswith(CORPUS)
            or path in TRANSLATIONS
            or path in NOT_YET
            or path == __file__[len(ROOT) + 1 :]
        ):
            continue
        if not path.endswith((".py", ".js", ".mjs", ".css", ".txt", "Makefile")):
            continue
        with open(f"{ROOT}/{path}", encoding="utf-8") as f:
            hits = sorted(set(pattern.findall(f.read())))
        if hits:
            found[path] = hits
    assert found == {}


def test_the_not_yet_list_is_current():
    """A file made generic leaves NOT_YET (so the list says what is left, no more)."""
    ids = game_ids()
    pattern = re.compile("|".join(re.escape(i) for g in ids for i in (g, g.replace("-", "_"))))
    for path in NOT_YET:
        with open(f"{ROOT}/{path}", encoding="utf-8") as f:
            assert pattern.search(f.read()), f"{path} names no game any more: drop it from NOT_YET"
