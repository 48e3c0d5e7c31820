"""The gettext message catalogs (widgets.i18n.messages): extraction, compilation, and each
failure of the check, on a small throwaway tree; then the real catalogs."""

import os
import subprocess
import sys
import time

import pytest

from tests.conftest import ROOT
from widgets.i18n import messages as M

GAME = """from ..core.messages import N_


class S:
    def check(self, far, phase):
        if far:
            return self._no("too-far", "PR-1.1", steps=far)
        N_("phase-deal")
        return self.game.verdict(True, "ok" if phase else "pass-ok", ["PR-1.1"], name=phase)
"""
CORE = 'def illegal(code):\n    pass\n\n\nillegal("ok")\n'
WIDGET = 'def panel(lang):\n    return UI.text("hello", lang, name="x")\n'
TEXTS = {
    "hu": {
        "ok": "Szabályos.",
        "too-far": "Legfeljebb {steps} lépés.",
        "phase-deal": "osztás",
        "pass-ok": "Passzolhatsz, {name}.",
        "hello": "Szia, {name}!",
    },
    "en": {
        "ok": "Legal.",
        "too-far": "At most {steps} steps.",
        "phase-deal": "dealing",
        "pass-ok": "You may pass, {name}.",
        "hello": "Hello, {name}!",
    },
}
LANGS = ["hu", "en"]


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def fill(root, lang, domain, texts, **changes):
    """Sets the msgstr of every entry of a .po from `texts`; `changes` edit entries after."""
    path = M.po_path(root, lang, domain)
    catalog = M.read_po(path)
    for message in catalog:
        if message.id:
            message.string = texts.get(message.id, "")
    for code, change in changes.items():
        change(catalog, code.replace("_", "-"))
    with open(path, "wb") as f:
        f.write(M.po_bytes(catalog))


@pytest.fixture
def root(tmp_path):
    root = str(tmp_path)
    write(os.path.join(root, "engine", "core", "__init__.py"), CORE)
    write(os.path.join(root, "engine", "proba", "__init__.py"), "")
    write(os.path.join(root, "engine", "proba", "game.py"), GAME)
    write(os.path.join(root, "widgets", "panel.py"), WIDGET)
    M.extract(root, LANGS)
    for lang in LANGS:
        for domain in M.domains(root):
            fill(root, lang, domain, TEXTS[lang])
    written, problems = M.compile_all(root, LANGS)
    assert problems == [] and len(written) == 8  # core, proba, ui, proba-content; hu and en
    return root


def kinds(root, langs=LANGS):
    return sorted((p.kind, p.lang, p.domain, p.code) for p in M.check(root, langs))


def test_extraction_finds_the_codes_and_their_domains(root):
    used = M.used_codes(root)
    assert {d: sorted(c) for d, c in used.items()} == {
        "core": ["ok"],
        "proba": ["pass-ok", "phase-deal", "too-far"],
        "ui": ["hello"],
        "proba-content": [],
    }
    assert used["proba"]["too-far"] == [("engine/proba/game.py", 7)]
    pot = open(M.pot_path(root, "proba"), encoding="utf-8").read()
    # no file references: they would change with every move of the code (the bilingual copies carry them)
    assert 'msgid "too-far"' in pot and "#: " not in pot
    en = open(M.po_path(root, "en", "proba"), encoding="utf-8").read()
    assert "#. hu: Legfeljebb {steps} lépés.\n" not in en  # comments come with the next extract
    M.extract(root, LANGS)
    en = open(M.po_path(root, "en", "proba"), encoding="utf-8").read()
    assert "#. hu: Legfeljebb {steps} lépés.\n#, python-brace-format\n" in en
    assert M.extract(root, LANGS) == []  # nothing changed, nothing written


def test_clean_tree_passes(root):
    assert kinds(root) == []


def test_a_new_code_arrives_empty_and_fails(root):
    write(os.path.join(root, "engine", "proba", "game.py"), GAME.replace('N_("phase-deal")', 'N_("phase-deal"), N_("phase-bid")'))
    assert ("missing", "en", "proba", "phase-bid") in kinds(root)
    M.extract(root, LANGS)
    assert kinds(root) == [("empty", "en", "proba", "phase-bid"), ("empty", "hu", "proba", "phase-bid")]
    written, problems = M.compile_all(root, LANGS)
    assert written == [] and any("hu: not compiled" in p for p in problems)  # no .mo with a hole


def test_a_removed_code_becomes_obsolete_and_fails(root):
    write(os.path.join(root, "engine", "proba", "game.py"), GAME.replace('        N_("phase-deal")\n', ""))
    assert ("unused", "hu", "proba", "phase-deal") in kinds(root)
    M.extract(root, LANGS)
    assert ("obsolete", "hu", "proba", "phase-deal") in kinds(root)
    assert '#~ msgid "phase-deal"' in open(M.po_path(root, "hu", "proba"), encoding="utf-8").read()
    M.extract(root, LANGS, drop_obsolete=True)
    M.compile_all(root, LANGS)
    assert kinds(root) == []


def test_a_fuzzy_message_fails(root):
    fill(root, "en", "proba", TEXTS["en"], too_far=lambda c, code: c[code].flags.add("fuzzy"))
    assert ("fuzzy", "en", "proba", "too-far") in kinds(root)


def test_an_empty_message_fails(root):
    fill(root, "en", "ui", {})
    assert ("empty", "en", "ui", "hello") in kinds(root)


def test_placeholders_that_differ_from_the_source_fail(root):
    fill(root, "en", "proba", {**TEXTS["en"], "too-far": "At most {count} steps."})
    M.compile_all(root, LANGS)
    problems = [p for p in M.check(root, LANGS) if p.kind == "placeholders"]
    assert [(p.lang, p.code) for p in problems] == [("en", "too-far")]
    assert "hu has ['steps'], en has ['count']" in str(problems[0])


def test_a_stale_mo_fails(root):
    fill(root, "en", "core", {"ok": "Fine."})
    assert kinds(root) == [("stale", "en", "core", "")]
    M.compile_all(root, LANGS)
    assert kinds(root) == []
    os.remove(M.po_path(root, "hu", "core", "mo"))
    assert kinds(root) == [("stale", "hu", "core", "")]


def test_a_language_without_files_reports_every_message_missing(root):
    problems = kinds(root, ["de"])
    assert len(problems) == 5 and {p[0] for p in problems} == {"missing"}
    M.extract(root, ["de"])  # a new language's .po files, empty
    assert {p[0] for p in kinds(root, ["de"])} == {"empty", "stale"}


def test_the_catalog_reads_the_compiled_files(root, monkeypatch):
    from engine.core import messages as runtime

    monkeypatch.setattr(runtime, "LOCALE_DIR", M.locale_dir(root))
    monkeypatch.setattr(runtime, "LANGS", ("hu", "en"))  # the tree's languages, whatever the repository's are
    core = runtime.Catalog("core", parent=None)
    game = runtime.Catalog("proba", parent=core)
    assert game.text("too-far", "en", steps=3) == "At most 3 steps."
    assert game.both("ok") == {"hu": "Szabályos.", "en": "Legal."}  # from the parent
    with pytest.raises(KeyError):
        game.template("nope", "hu")


def test_the_real_catalogs_pass_the_check():
    started = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "widgets.i18n", "messages", "--check"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    # what it reports depends on the repository's state (a Hungarian edit's drift, a language begun):
    # only that nothing gated fails, and in time
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Messages: en:" in proc.stdout and "message problem(s)" in proc.stdout
    assert time.perf_counter() - started < 30
