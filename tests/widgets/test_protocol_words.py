"""No reader's text in the page script or the worker (widgets/assets/*.js, *.mjs): every word a reader
sees comes from the catalogs (through data-ctx's `ui`, an editor's data-ui, or the engine's answer),
so the translation checks, which read the catalogs, see it. A string literal in Hungarian or English
prose fails here; comments may say anything."""

import os
import re

import pytest

from tests.conftest import ROOT

ASSETS = os.path.join(ROOT, "widgets", "assets")
# After these a "/" starts a regular expression, not a division.
REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {"return", "typeof", "case", "in", "of", "void", "delete", "else"}
# A literal passed to these is a CSS selector, a media query or Python code, not prose ("input, textarea").
NOT_PROSE_CALL = re.compile(r"(\.(querySelector|querySelectorAll|closest|matches)|matchMedia|runPython)\(\s*$")
WORDS = re.compile(r"(?:^|\s)[A-Za-z]{2,}[,.:;!?]?\s+[A-Za-z]{2,}(?=$|[\s,.:;!?])")


def literals(source: str) -> list[tuple[int, str, str]]:
    """The string literals of a script (template literals' text parts, their ${} parts left out), as
    (line, text, what came before), with comments and regular expressions skipped."""
    found, i, n, last = [], 0, len(source), ""
    line = lambda at: source.count("\n", 0, at) + 1  # noqa: E731
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i) if "\n" in source[i:] else n
        elif source.startswith("/*", i):
            i = source.index("*/", i) + 2
        elif c in "'\"":
            j = i + 1
            while source[j] != c:
                j += 2 if source[j] == "\\" else 1
            found.append((line(i), source[i + 1 : j], source[max(0, i - 40) : i]))
            i, last = j + 1, "literal"
        elif c == "`":
            j, text, depth = i + 1, [], 0
            while True:  # the text parts; an expression inside ${} is code (its own strings are rare)
                if depth == 0 and source[j] == "`":
                    break
                if depth == 0 and source.startswith("${", j):
                    depth, j = 1, j + 2
                    text.append(" ")
                    continue
                if depth:
                    depth += {"{": 1, "}": -1}.get(source[j], 0)
                elif source[j] == "\\":
                    text.append(source[j : j + 2])
                    j += 2
                    continue
                else:
                    text.append(source[j])
                j += 1
            found.append((line(i), "".join(text), source[max(0, i - 40) : i]))
            i, last = j + 1, "literal"
        elif c == "/" and (last in REGEX_AFTER or last == ""):
            j, in_class = i + 1, False
            while in_class or source[j] != "/":
                if source[j] == "\\":
                    j += 1
                elif source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                j += 1
            i, last = j + 1, "regex"
        elif c.isspace():
            i += 1
        else:
            word = re.match(r"[A-Za-z_$][\w$]*|\d[\w.]*|.", source[i:], re.S).group(0)
            i, last = i + len(word), word
    return found


def prose(text: str, before: str) -> bool:
    if any(ch.isalpha() and not ch.isascii() for ch in text):
        return True  # Hungarian (or any language's) letters
    return not NOT_PROSE_CALL.search(before) and bool(WORDS.search(text))


def scripts() -> list[str]:
    return sorted(n for n in os.listdir(ASSETS) if n.endswith((".js", ".mjs")))


def test_the_scan_finds_prose_and_only_prose():
    sample = """// Belső hiba: a comment may say anything
const a = "Belső hiba", b = `Internal error: ${err}`, c = 'kikoto-engine', d = x / 2 / y;
const e = /[?&][qh]=/.test(s) ? "it is" : el.closest("input, textarea");
/* "Not this" */ f("data-key", `${n} s`, "WebAssembly");"""
    flagged = [text for _, text, before in literals(sample) if prose(text, before)]
    assert flagged == ["Belső hiba", "Internal error:  ", "it is"]


@pytest.mark.parametrize("name", scripts())
def test_no_reader_text_in_the_page_script(name):
    with open(os.path.join(ASSETS, name), encoding="utf-8") as f:
        source = f.read()
    found = literals(source)
    assert found, name  # the scan read the file
    assert [(at, text) for at, text, before in found if prose(text, before)] == [], name
