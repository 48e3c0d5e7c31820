"""The source side of the catalogs (widgets/i18n/sources.py), on a small throwaway tree: the case
and example texts through the Babel extractor, a changed Hungarian text making its translations
fuzzy (with the text they were made from), `is_current`, plural forms, the pivot language's notes;
then `msgfmt --check` on the real catalogs."""

import json
import os
import subprocess

import pytest

from engine.core import content, messages as runtime
from tests.conftest import program
from tests.host.test_messages_po import (
    LANGS,
    fill,
    root as root,  # noqa: F401  (the fixture: a game "proba", hu and en)
    write,
)
from widgets.i18n import messages as M, sources as S

CASE = {
    "id": "pr-first",
    "game": "proba",
    "title": "Első kör",
    "question": "Passzolhatok?",
    "note": "Igen.",
    "setup": {"players": 2},
    "action": {"type": "pass"},
}
EXAMPLE = {
    "id": "round",
    "game": "proba",
    "widget": "steps",
    "caption": "Egy kör.",
    "steps": [{"action": {"type": "pass"}, "caption": "Passz."}, {"action": {"type": "pass"}}],
}
ENGLISH = {
    "case-pr-first-title": "First round",
    "case-pr-first-question": "May I pass?",
    "case-pr-first-note": "Yes.",
    "example-round-caption": "A round.",
    "example-round-step-1-caption": "Pass.",
}


def save(root, rel, data):
    write(os.path.join(root, rel), json.dumps(data, ensure_ascii=False, indent=1) + "\n")


@pytest.fixture
def tree(root, monkeypatch):  # noqa: F811
    save(root, "docs/proba/cases/pr-first.json", CASE)
    save(root, "docs/proba/examples/round.json", EXAMPLE)
    M.extract(root, LANGS)
    fill(root, "en", "proba-content", ENGLISH)
    M.extract(root, LANGS)  # the notes: the Hungarian each entry was translated from
    assert M.compile_all(root, LANGS)[1] == []
    monkeypatch.setattr(runtime, "LOCALE_DIR", M.locale_dir(root))
    monkeypatch.setattr(content, "LOCALE_DIR", M.locale_dir(root))
    monkeypatch.setattr(content, "_LOADED", {})
    for name, empty in (("_loaded", {}), ("_templates", {}), ("_plain", {}), ("_plural_codes", None)):
        monkeypatch.setattr(runtime.CORE, name, empty)  # the real core catalog reads the tree's while it lasts
    return root


def kinds(root):
    return sorted((p.kind, p.lang, p.domain, p.code) for p in M.check(root, LANGS))


def test_the_extractor_finds_every_text_with_its_source(tree):
    used = M.used_codes(tree)["proba-content"]
    assert sorted(used) == sorted(ENGLISH)
    assert used["case-pr-first-question"].source == "Passzolhatok?"
    assert used["example-round-step-1-caption"] == [("docs/proba/examples/round.json", 11)]
    hu = M.read_po(M.po_path(tree, "hu", "proba-content"))
    assert hu["case-pr-first-question"].string == "Passzolhatok?"  # the base is written from the files
    assert kinds(tree) == []


def test_a_file_reads_in_the_readers_language_and_falls_back_to_the_source(tree):
    assert content.localized(CASE, content.CASE, "en")["question"] == "May I pass?"
    assert content.localized(CASE, content.CASE, "hu") == CASE
    spec = content.localized_spec(EXAMPLE, "en")
    assert spec["steps"][0]["caption"] == "Pass." and "caption" not in spec["steps"][1]
    assert content.localized_spec(spec, "en") == spec  # idempotent: the page's spec stays
    # no German catalog: the configured fallback's (mkdocs.yml: English), then the source, tagged with its language
    shown = content.localized(CASE, content.CASE, "de")["question"]
    assert runtime.untagged(shown) == ("May I pass?" if runtime.FALLBACK == "en" else "Passzolhatok?")
    assert shown.lang == (runtime.FALLBACK or "hu") and runtime.is_tagged(shown)
    assert EXAMPLE["steps"][0]["caption"] == "Passz."  # the file's data is not changed


def test_a_changed_case_question_makes_its_translation_fuzzy(tree):
    save(tree, "docs/proba/cases/pr-first.json", {**CASE, "question": "Passzolhatok az első körben?"})
    assert ("changed", "hu", "proba-content", "case-pr-first-question") in kinds(tree)
    assert not S.is_current("proba-content", "case-pr-first-question", "en", "Passzolhatok az első körben?", tree)
    M.extract(tree, LANGS)
    assert kinds(tree)[:1] == [("fuzzy", "en", "proba-content", "case-pr-first-question")]
    text = open(M.po_path(tree, "en", "proba-content"), encoding="utf-8").read()
    assert (
        '#. hu: Passzolhatok az első körben?\n#. hu, before: Passzolhatok?\n#, fuzzy\nmsgid "case-pr-first-question"\n'
    ) in text
    assert not S.is_current("proba-content", "case-pr-first-question", "en", root=tree)
    assert S.is_current("proba-content", "case-pr-first-note", "en", root=tree)
    assert S.outdated(tree, "en", ["proba-content"]) == [
        ("proba-content", "case-pr-first-question", "Passzolhatok?", "Passzolhatok az első körben?")
    ]
    # compiled, the fuzzy entry is kept as outdated: the reader gets the old English, marked, not the Hungarian
    assert all(p.startswith("note: en") for p in M.compile_all(tree, LANGS)[1])
    content._LOADED.clear()
    shown = content.text("proba", "case-pr-first-question", "Passzolhatok az első körben?", "en")
    assert shown.startswith("May I pass?") and "Passzolhatok" not in shown
    # the translator translates again and clears the flag: current, and the old text's note goes
    fill(
        tree,
        "en",
        "proba-content",
        {**ENGLISH, "case-pr-first-question": "May I pass in the first round?"},
        case_pr_first_question=lambda c, code: c[code].flags.discard("fuzzy"),
    )
    M.extract(tree, LANGS)
    assert S.is_current("proba-content", "case-pr-first-question", "en", root=tree)
    assert "hu, before" not in open(M.po_path(tree, "en", "proba-content"), encoding="utf-8").read()


def test_a_changed_message_makes_its_translations_fuzzy(tree):
    fill(
        tree,
        "hu",
        "proba",
        {"too-far": "Legfeljebb {steps} mezőt léphetsz.", "phase-deal": "osztás", "pass-ok": "Passzolhatsz, {name}."},
    )
    assert ("outdated", "en", "proba", "too-far") in kinds(tree)  # before extract: named already
    M.extract(tree, LANGS)
    assert ("fuzzy", "en", "proba", "too-far") in kinds(tree)
    assert not S.is_current("proba", "too-far", "en", root=tree)
    assert S.is_current("proba", "pass-ok", "en", root=tree)


def test_a_third_language_sees_the_english_too(tree):
    M.extract(tree, ["hu", "en", "de"])
    text = open(M.po_path(tree, "de", "proba-content"), encoding="utf-8").read()
    assert "#. hu: Passzolhatok?\n#. en: May I pass?\n" in text


def test_plural_forms_through_the_catalog(tree):
    path = M.po_path(tree, "hu", "ui")
    text = (
        open(path, encoding="utf-8")
        .read()
        .replace(
            'msgid "hello"\nmsgstr "Szia, {name}!"',
            'msgid "hello"\nmsgid_plural "hello"\nmsgstr[0] "{n} üdvözlet, {name}"\nmsgstr[1] "{n} üdvözlet, {name}"',
        )
    )
    open(path, "w", encoding="utf-8").write(text)
    M.extract(tree, LANGS)
    pot = open(M.pot_path(tree, "ui"), encoding="utf-8").read()
    assert 'msgid_plural "hello"' in pot and '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"' in pot
    catalog = M.read_po(M.po_path(tree, "en", "ui"))
    catalog["hello"].string = ("{n} greeting, {name}", "{n} greetings, {name}")
    catalog["hello"].flags.discard("fuzzy")
    with open(M.po_path(tree, "en", "ui"), "wb") as f:
        f.write(M.po_bytes(catalog))
    assert M.compile_all(tree, LANGS)[1] == []
    ui = runtime.Catalog("ui", parent=None)
    assert [ui.text("hello", "en", n=n, name="Ann") for n in (0, 1, 2)] == [
        "0 greetings, Ann",
        "1 greeting, Ann",
        "2 greetings, Ann",
    ]
    assert ui.plural("hello", 1, "hu", name="Anna") == "1 üdvözlet, Anna"
    assert kinds(tree) == []


def test_the_hungarian_article_is_a_format_spec():
    assert runtime.fill("{n:az}. sor, {ship:az} hajó", {"n": 5, "ship": "öböl"}) == "az 5. sor, az öböl hajó"
    assert (
        runtime.CORE.text("not-your-turn", "hu", player=runtime.seat_words(1), current=runtime.seat_words(2))
        == "Nem az 1. játékos van soron, hanem a 2."
    )


def test_msgfmt_check_is_clean_on_every_catalog():
    """Its header and domain checks: the format check compares a `python-brace-format` entry's
    placeholders with msgid, the code here, so it runs on the bilingual copies instead
    (test_i18n_bilingual), and `messages` compares them with the Hungarian."""
    msgfmt = program("msgfmt")
    folder = M.locale_dir()
    for lang in sorted(os.listdir(folder)):
        if not os.path.isdir(os.path.join(folder, lang)):
            continue
        for name in sorted(os.listdir(os.path.join(folder, lang, "LC_MESSAGES"))):
            if name.endswith(".po"):
                proc = subprocess.run(
                    [
                        msgfmt,
                        "--check-header",
                        "--check-domain",
                        "-o",
                        os.devnull,
                        os.path.join(folder, lang, "LC_MESSAGES", name),
                    ],
                    capture_output=True,
                    text=True,
                )
                assert proc.returncode == 0 and not proc.stderr, f"{lang}/{name}: {proc.stderr}"
