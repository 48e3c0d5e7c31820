"""No Python file in engine/ or widgets/ speaks a language itself: every text a reader sees comes
from the catalogs (engine/locale) or the Markdown pages. Read from the syntax tree:

- a dict literal whose keys include two language codes (`{"hu": "hajó", "en": "ship"}`);
- a comparison with a language-code string (`lang == "hu"`, `"en" if … `, `lang in ("hu", "en")`).

A language code stands alone as a key or an operand, so `"hu"` in a path or a sentence is not one.
"""

from __future__ import annotations

import ast
import os

import pytest

from tests.conftest import ROOT

# Two- or three-letter codes the site has or may get (ISO 639-1), plus the pseudo-locales' names.
LANG_CODES = {
    "hu",
    "en",
    "de",
    "fr",
    "it",
    "es",
    "pl",
    "cs",
    "sk",
    "ro",
    "hr",
    "sl",
    "sr",
    "nl",
    "pt",
    "sv",
    "da",
    "fi",
    "no",
    "nb",
    "ru",
    "uk",
    "ja",
    "zh",
    "ko",
    "eo",
    "qps",
    "xx",
}


# Not a text: a file here compares a language code for a technical reason, said beside it.
ALLOWED = {"widgets/build/search.py": 'lunr\'s built-in stemmer is the English one (`lang == "en"` picks no extra stemmer)'}


def _is_lang(node) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in LANG_CODES


def _operands(node):
    """A comparison's constant operands, the items of a tuple, list or set operand included."""
    for side in [node.left, *node.comparators]:
        if isinstance(side, (ast.Tuple, ast.List, ast.Set)):
            yield from side.elts
        else:
            yield side


def findings(source: str, filename: str = "<src>") -> list[str]:
    """ "line: what" for every language branch and {lang: text} literal in one file's source."""
    out = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Dict):
            langs = sorted({k.value for k in node.keys if k is not None and _is_lang(k)})
            if len(langs) >= 2:
                out.append(f"{node.lineno}: a {{{', '.join(langs)}}} literal")
        elif isinstance(node, ast.Compare):
            langs = sorted({o.value for o in _operands(node) if _is_lang(o)})
            if langs:
                out.append(f"{node.lineno}: a comparison with {', '.join(map(repr, langs))}")
    return sorted(out, key=lambda line: int(line.split(":")[0]))


def python_files():
    for area in ("engine", "widgets"):
        for folder, dirs, files in os.walk(os.path.join(ROOT, area)):
            dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "locale", "assets", "node_modules"))
            for name in sorted(files):
                if name.endswith(".py"):
                    yield os.path.relpath(os.path.join(folder, name), ROOT).replace(os.sep, "/")


def test_the_finder_sees_both_kinds_and_nothing_else():
    src = (
        'T = {"hu": "hajó", "en": "ship"}\n'
        'a = x if lang == "hu" else y\n'
        'b = lang in ("hu", "en")\n'
        'c = {"hu": 1}\n'  # one language: a mapping keyed by something else
        'd = os.path.join("docs", "hu")\n'
        'e = CATALOG.text("hu", lang)\n'
        'f = {SOURCE_LANG: "x", "en": "y"}\n'
    )  # one literal code
    assert findings(src) == ["1: a {en, hu} literal", "2: a comparison with 'hu'", "3: a comparison with 'en', 'hu'"]


@pytest.mark.parametrize("path", [p for p in python_files() if p not in ALLOWED])
def test_no_language_branches(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        found = findings(f.read(), path)
    assert not found, f"{path} speaks a language itself (put the text in a catalog): " + "; ".join(found)
