"""A third language begun, and a Hungarian edit under it, on one throwaway copy built once.

1. Polish is added as the translators' guide says: its line in mkdocs.yml, `extract --lang pl`, a
   dozen messages translated in the bilingual copies (two with plural forms, one whose parameter,
   a language's name, is not translated), three rules of Mare Balticum's rules page translated in a
   new `rules.pl.md` and marked, `compile`, `rules-index`.
2. Then the Hungarian changes under every translation: a sentence of a rule and a case's question.
3. Every check `make test` runs on the repository's data passes: `status --check`, `messages --check`,
   the rule index and the traceability checks, the catalogs' tests, and the strict build.
4. The built site: the Polish rules page keeps every rule and every widget, the untranslated rules
   in English, in blocks marked `lang="en"`; every text node's `lang` is the language its words
   are in (each word looked up in the Polish, English and Hungarian texts the build had); the
   translated note shows its parameter in English, marked; the English pages show the changed rule
   and the changed question as outdated. `status` names what holds the note back.
5. `extract`, run again with and without `--lang`, changes nothing.
"""

from __future__ import annotations

import hashlib
import re
import time
from html.parser import HTMLParser

import pytest

from tests.conftest import copy_repo

COPY = ("engine", "widgets", "docs", "overrides", "tools", "tests", "mkdocs.yml", "pyproject.toml", "README.md")
GAME = "mare-balticum"
RULES = ("MB-1", "MB-1.1", "MB-1.2")  # translated into Polish
RULE_SENTENCE = "Egyetlen hajó (az előkészület után) még nem sérti a szabályt."  # MB-4.2, reworded in Hungarian
CASE = "docs/mare-balticum/cases/mb-company-slot-taken.json"

POLISH = {
    "ui": {
        "checked-by": "Sprawdzają:",
        "checked-cases": ("{n} przypadek sporny", "{n} przypadki sporne", "{n} przypadków spornych"),
        "checked-tests": ("{n} test", "{n} testy", "{n} testów"),
        "tr-widget-fallback": "Jeszcze nieprzetłumaczone: pokazane w języku {lang_name}.",
        "theme-permalink": "Stały odnośnik do tej sekcji",
        "nav-rules": "Zasady",
        "nav-home": "Strona główna",
        "needs-js": "Silnik na żywo wymaga JavaScriptu; odpowiedzi powyżej można czytać bez niego.",
        "fig-in-words": "Obrazek opisany słowami",
        "tr-outdated-note": "Oryginał ({lang_name}) tej reguły zmienił się od czasu tłumaczenia.",
    },
    "mare_balticum": {"not-a-port": "{field} nie jest portem.", "fleet-broken": "To rozbiłoby twoją flotę ({reading})."},
}
PAGE = """---
title: Mare Balticum — zasady
---
# Mare Balticum — zasady

## MB-1 Elementy gry
Gra zawiera żetony, statki, porty i planszę Bałtyku.

### MB-1.1 Żetony ryb i bursztynu
Żetony ryb i bursztynu leżą w worku; gracze dobierają je, łowiąc na morzu.

### MB-1.2 Żetony czasu
Żetony czasu odmierzają rundy aż do zimy.
"""


def translate_copy(repo, domain: str, texts: dict) -> None:
    """What a translator does in Poedit: fills in entries of the bilingual copy (msgctxt = the code)."""
    from widgets.i18n import messages

    path = repo / "build" / "translate" / "pl" / f"{domain}.po"
    catalog = messages.read_po(str(path))
    for message in catalog:
        if message.context in texts:
            message.string = texts[message.context]
            message.flags.discard("fuzzy")
    path.write_bytes(messages.po_bytes(catalog))


class Nodes(HTMLParser):
    """Every text node with the `lang` in force on it (scripts, styles and code left out)."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
    SKIP = {"script", "style", "code", "pre", "template"}  # code and data, not text

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str | None]] = []
        self.nodes: list[tuple[str, str]] = []
        self.headings: list[tuple[str, str]] = []  # (id, lang) of each heading with an id
        self.skip = 0

    def lang(self) -> str:
        return next((lang for _, lang in reversed(self.stack) if lang), "")

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        self.stack.append((tag, dict(attrs).get("lang")))
        self.skip += tag in self.SKIP
        if re.fullmatch(r"h[1-6]", tag) and dict(attrs).get("id"):
            self.headings.append((dict(attrs)["id"], self.lang()))

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                self.skip -= sum(t in self.SKIP for t, _ in self.stack[i:])
                del self.stack[i:]
                break

    def handle_data(self, data):
        if not self.skip and data.strip():
            self.nodes.append((data, self.lang()))


WORD = re.compile(r"[^\W\d_]{3,}")


def words(texts) -> set[str]:
    return {w.lower() for t in texts for w in WORD.findall(t)}


def vocabularies(repo) -> dict[str, set[str]]:
    """The words of each language's texts, each kept only where no other language has it."""
    from babel.messages.pofile import read_po

    texts: dict[str, list[str]] = {"pl": [], "en": [], "hu": []}
    for lang in texts:
        for po in (repo / "engine" / "locale" / lang / "LC_MESSAGES").glob("*.po"):
            for m in read_po(po.open("rb")):
                texts[lang] += list(m.string) if isinstance(m.string, (list, tuple)) else [m.string or ""]
        for md in (repo / "docs").rglob(f"*.{lang}.md"):
            texts[lang].append(re.sub(r"```.*?```|<!--.*?-->|\{[^}]*\}", " ", md.read_text(encoding="utf-8"), flags=re.S))
    import json

    from engine.core import content

    for folder, kind in (("cases", content.CASE), ("examples", content.EXAMPLE)):
        for path in (repo / "docs").glob(f"*/{folder}/*.json"):  # the case and example files' texts: Hungarian
            texts["hu"] += [text for _, _, text in content.texts(json.loads(path.read_text(encoding="utf-8")), kind)]
    vocab = {lang: words(t) for lang, t in texts.items()}
    # the names in the engine's data (a board's places, "Balatonszárszó") come from no catalog: no language's
    import ast

    names = words(
        node.value
        for path in (repo / "engine").rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ) | words(path.read_text(encoding="utf-8") for path in (repo / "engine").rglob("data/*.json"))
    return {lang: v - names - set().union(*(o for other, o in vocab.items() if other != lang)) for lang, v in vocab.items()}


def wrong_langs(html: str, vocab: dict[str, set[str]]) -> list[str]:
    """Text nodes whose words belong to one language only (the others' vocabularies lack them) and
    whose `lang` says another."""
    parser = Nodes()
    parser.feed(html)
    bad = []
    for text, lang in parser.nodes:
        found = {w: [l for l, v in vocab.items() if w in v] for w in words([text])}
        langs = {ls[0] for ls in found.values() if len(ls) == 1}
        if len(langs) == 1 and lang.split("-")[0] not in langs:
            bad.append(f"{text.strip()[:60]!r} is {langs.pop()}, lang={lang!r}")
    return bad


def tree_digest(repo) -> dict[str, str]:
    out = {}
    for path in sorted((repo / "engine" / "locale").rglob("*")):
        if path.is_file():
            out[str(path.relative_to(repo))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


@pytest.mark.long
def test_a_third_language_begun_and_a_hungarian_edit_under_it(tmp_path):
    repo, run = copy_repo(tmp_path, COPY)
    times = {}

    def cmd(*args, label=None):
        started = time.perf_counter()
        proc = run(*args)
        times[label or " ".join(args[:3])] = time.perf_counter() - started
        assert proc.returncode == 0, f"{args}: {proc.stdout[-3000:]}{proc.stderr[-3000:]}"
        return proc.stdout

    # 1. Polish, begun (the guide's steps)
    yml = (repo / "mkdocs.yml").read_text(encoding="utf-8")
    english = "        - locale: en\n          name: English\n          build: true\n"
    assert english in yml
    (repo / "mkdocs.yml").write_text(
        yml.replace(english, english + "        - {locale: pl, name: Polski, build: true}\n", 1), encoding="utf-8"
    )
    cmd("-m", "widgets.i18n", "extract", "--lang", "pl")
    cmd("-m", "widgets.i18n", "bilingual", "--lang", "pl")
    for domain, texts in POLISH.items():
        translate_copy(repo, domain, texts)
    cmd("-m", "widgets.i18n", "bilingual", "--lang", "pl", "--back")
    (repo / "docs" / GAME / "rules.pl.md").write_text(PAGE, encoding="utf-8")
    cmd("-m", "widgets.i18n", "mark", GAME, *RULES, "--lang", "pl")
    cmd("-m", "widgets.i18n", "compile", "--lang", "pl")
    cmd("-m", "tools", "rules-index")
    # a page begun by translating its rules under its title: its untranslated intro is missing, not outdated
    begun = cmd("-m", "widgets.i18n", "status", "--lang", "pl", "--game", GAME)
    assert "(pl) is outdated" not in begun, begun[-2000:]
    po = (repo / "engine/locale/pl/LC_MESSAGES/ui.po").read_text(encoding="utf-8")
    assert "Plural-Forms: nplurals=3;" in po and "#. hu: Ellenőrzi:\n#. en: Checked by\n" in po
    assert "Last-Translator: FULL NAME" not in po

    # 2. the Hungarian changes under every translation
    hu = repo / "docs" / GAME / "rules.hu.md"
    hu.write_text(
        hu.read_text(encoding="utf-8").replace(RULE_SENTENCE, RULE_SENTENCE + " Két hajó már flotta."), encoding="utf-8"
    )
    case = repo / CASE
    text = case.read_text(encoding="utf-8")
    question = re.search(r'"question": "([^"]*)"', text).group(1)
    case.write_text(text.replace(question, question + " És ha a 3-ast tenném oda?"), encoding="utf-8")

    # 3. every check passes
    out = cmd("-m", "widgets.i18n", "status", "--check")
    assert "warning: mare-balticum MB-4.2 (en) is outdated" in out and "case-mb-company-slot-taken-question" in out
    assert "ui.po tr-widget-fallback: needs" not in out  # nothing built yet: nothing recorded
    cmd("-m", "widgets.i18n", "messages", "--check")
    cmd(
        "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", f"--basetemp={tmp_path / 'inner'}",
        "tests/host/test_traceability.py", "tests/host/test_messages_po.py", "tests/host/test_i18n_plurals.py",
        "tests/host/test_i18n_articles.py", "tests/host/test_i18n.py::test_real_docs_pass_the_check",
        label="pytest (the catalogs' and rules' tests)",
    )  # fmt: skip
    site = tmp_path / "site"
    started = time.perf_counter()
    proc = run("-m", "mkdocs", "build", "--strict", "-d", str(site))
    times["build"] = time.perf_counter() - started
    assert proc.returncode == 0 and "WARNING" not in proc.stderr, proc.stderr[-4000:]

    # 4. the Polish page: every rule, the untranslated ones in English with their widgets
    page = (site / "pl" / GAME / "rules" / "index.html").read_text(encoding="utf-8")
    hungarian = (site / GAME / "rules" / "index.html").read_text(encoding="utf-8")
    heading = re.compile(r'<h[2-6][^>]*\bid="(mb-[\d-]+)"')
    ids = heading.findall(hungarian)
    assert ids and ids == heading.findall(page)
    assert page.count('class="kikoto"') == hungarian.count('class="kikoto"') > 0
    parser = Nodes()
    parser.feed(page)
    heading_langs = dict(parser.headings)
    translated = {r.lower().replace(".", "-") for r in RULES}
    assert {i: heading_langs[i] for i in ids if i not in translated} == {i: "en" for i in ids if i not in translated}
    assert {heading_langs[i] for i in translated} == {"pl"}
    assert "Żetony czasu odmierzają rundy" in page and "Żetony ryb i bursztynu leżą w worku" in page
    # the translated note, its parameter (the language's name, not translated) in English, marked
    assert 'Jeszcze nieprzetłumaczone: pokazane w języku <span lang="en">English</span>.' in page
    vocab = vocabularies(repo)
    bad = []
    for html_file in sorted((site / "pl").rglob("*.html")):
        bad += [f"{html_file.relative_to(site)}: {b}" for b in wrong_langs(html_file.read_text(encoding="utf-8"), vocab)]
    assert bad == [], "\n".join(bad[:40])
    # the English pages show the reworded rule and question as outdated
    en_rules = (site / "en" / GAME / "rules" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'id="mb-4-2".*?class="kikoto-tr-outdated"', en_rules, re.S)
    en_cases = (site / "en" / GAME / "cases" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'id="mb-company-slot-taken".{0,400}class="kikoto-tr-outdated"', en_cases, re.S)
    assert "(outdated translation)" in en_cases
    # counts and articles: no "1 legal moves" in English, no „a 1.” in Hungarian
    from tests.host.test_i18n_plurals import english_texts, plural_noun, singulars

    singular, ones, articles = singulars(english_texts()), [], []
    for html_file in sorted(site.rglob("*.html")):
        text = re.sub(r"<[^>]+>", " ", html_file.read_text(encoding="utf-8"))
        rel = str(html_file.relative_to(site))
        if rel.startswith("en/"):
            # a count before a plural noun ("1 legal moves:", "1 places are free"), not a label before a
            # verb ("Player 1 moves two fields", "start spot 1 moves first")
            for m in re.finditer(r"(?<![\d.,:/+\-−])\b1 (?:[a-z]+ )?([a-z]+)(?= (are|is)\b|\s*[^\w\s]|\s*$)", text):
                label = re.search(r"([A-Za-z]+)\s+$", text[max(0, m.start() - 30) : m.start()])
                if plural_noun(m.group(1), singular) and not (label and label.group(1)[0].isupper()):
                    ones.append(f"{rel}: 1 {m.group(1)}")
        elif not rel.startswith("pl/"):
            articles += [f"{rel}: {m}" for m in re.findall(r"(?<!\w)[Aa] [15]\.", text)]
    assert ones == [] and articles == [], ones[:10] + articles[:10]
    out = cmd("-m", "widgets.i18n", "status", "--lang", "pl")
    assert "ui.po tr-widget-fallback: needs ui.po lang-en" in out

    # 5. extract, again, with and without a language: nothing changes
    before = tree_digest(repo)
    cmd("-m", "widgets.i18n", "extract", label="extract (again)")
    after_one = tree_digest(repo)
    cmd("-m", "widgets.i18n", "extract", "--lang", "pl", label="extract --lang pl")
    cmd("-m", "widgets.i18n", "extract", label="extract (third)")
    assert tree_digest(repo) == after_one
    changed = sorted(k for k in after_one if before.get(k) != after_one[k])
    assert all("content" in k for k in changed), changed  # only the reworded question's catalogs
    print("\nthird language and Hungarian edit: " + ", ".join(f"{k} {v:.1f} s" for k, v in times.items()))
