"""A language translated in part, on a small throwaway tree (test_messages_po's game "proba"):
compiling never puts a code on a page, an untranslated text (a plural one too) falls back along the
chain (the language, English, Hungarian), tagged with its language; a translated sentence keeps its
translation, each parameter the language lacks in its fallback, tagged; the status counts only
real translations and agrees with `msgfmt --statistics`, and `messages` finds no stale .mo
once `compile` has run. The chain's fallback language is the repository's mkdocs.yml's."""

import os
import re
import subprocess

import pytest

from engine.core import messages as runtime
from tests.conftest import program
from tests.host.test_messages_po import (
    TEXTS,
    fill,
    root as root,  # noqa: F401  (the fixture)
)
from widgets.i18n import drift, messages as M, progress

LANGS = ["hu", "en", "de"]


def plural(root, lang, domain, code, forms):
    catalog = M.read_po(M.po_path(root, lang, domain))
    old = catalog[code]
    del catalog[code]
    catalog.add((code, code), tuple(forms), auto_comments=old.auto_comments)
    with open(M.po_path(root, lang, domain), "wb") as f:
        f.write(M.po_bytes(catalog))


@pytest.fixture
def partial(root, monkeypatch):  # noqa: F811
    """German with one message translated; "too-far" has plural forms in hu and en, none in de."""
    plural(root, "hu", "proba", "too-far", ["Legfeljebb {steps} lépés.", "Legfeljebb {steps} lépés."])
    M.extract(root, LANGS)
    plural(root, "en", "proba", "too-far", ["At most {steps} step.", "At most {steps} steps."])
    fill(root, "de", "proba", {"pass-ok": "Du darfst passen, {name}."})
    M.extract(root, LANGS)
    written, problems = M.compile_all(root, LANGS)
    assert [p for p in problems if not p.startswith("note: de")] == [], problems
    monkeypatch.setattr(runtime, "LOCALE_DIR", M.locale_dir(root))
    monkeypatch.setattr(runtime, "LANGS", ("hu", "en", "de"))
    monkeypatch.setattr(runtime, "FALLBACK", "en")
    for name, empty in (("_loaded", {}), ("_templates", {}), ("_plain", {}), ("_plural_codes", None)):
        monkeypatch.setattr(runtime.CORE, name, empty)  # the real core catalog reads the tree's while it lasts
    return root


def catalog():
    core = runtime.Catalog("core", parent=None)
    return runtime.Catalog("proba", parent=core)


def test_an_untranslated_plural_is_never_its_code(partial):
    mo = open(M.po_path(partial, "de", "proba", "mo"), "rb").read()
    assert b"too-far" not in mo  # left out, not written as its code
    proba = catalog()
    for n, want in ((1, "At most 1 step."), (2, "At most 2 steps.")):
        shown = proba.text("too-far", "de", steps=n, n=n)
        assert runtime.untagged(shown) == want and shown.lang == "en" and runtime.is_tagged(shown)
    assert (
        proba.text("pass-ok", "de", name="Ann") == "Du darfst passen, Ann."
        and proba.text("pass-ok", "de", name="Ann").lang == "de"
    )


def test_a_translated_sentence_keeps_its_translation_and_tags_a_parameter_that_fell_back(partial):
    proba = catalog()
    dealing = runtime.tagged("dealing", "en")  # "phase-deal" has no German: English, tagged as English
    shown = proba.text("pass-ok", "de", name=runtime.Phrase("phase-deal", proba))
    assert shown == f"Du darfst passen, {dealing}." and shown.lang == "de"
    # a text that already fell back keeps its tag; a {lang: text} without German falls back by itself
    word = proba.text("phase-deal", "de")
    assert word.lang == "en" and proba.text("pass-ok", "de", name=word) == f"Du darfst passen, {dealing}."
    assert proba.text("pass-ok", "de", name={"hu": "osztás", "en": "dealing"}) == f"Du darfst passen, {dealing}."
    # the translators' report learns what holds the sentence back
    runtime.NEEDS = {}
    try:
        proba.text("pass-ok", "de", name=runtime.Phrase("phase-deal", proba))
        assert runtime.NEEDS == {("de", "proba", "pass-ok"): {("proba", "phase-deal")}}
    finally:
        runtime.NEEDS = None


def test_status_counts_only_real_translations_as_msgfmt_does(partial):
    got = {p.name: p for p in progress.message_progress("de", partial)}
    assert (got["proba.po"].current, got["proba.po"].missing) == (1, 2)
    msgfmt = program("msgfmt")
    for lang in ("de", "en"):
        for name, p in {q.name: q for q in progress.message_progress(lang, partial)}.items():
            proc = subprocess.run(
                [msgfmt, "--statistics", "-o", os.devnull, M.po_path(partial, lang, name[:-3])], capture_output=True, text=True
            )
            done = re.search(r"(\d+) translated message", proc.stderr)
            fuzzy = re.search(r"(\d+) fuzzy", proc.stderr)
            assert (int(done.group(1)) if done else 0, int(fuzzy.group(1)) if fuzzy else 0) == (p.current, p.outdated), (
                f"{lang}/{name}: {proc.stderr}"
            )


def test_compile_clears_every_stale_mo(partial):
    assert [p for p in M.check(partial, LANGS) if p.kind == "stale"] == []
    fill(partial, "en", "proba", {**TEXTS["en"], "pass-ok": "You may pass {count}."})  # wrong placeholders
    M.compile_all(partial, LANGS)
    assert [p for p in M.check(partial, LANGS) if p.kind == "stale"] == []


def test_a_changed_hungarian_shows_the_old_translation_marked(partial):
    before = catalog().text("pass-ok", "en", name="Ann")
    fill(partial, "hu", "proba", {**TEXTS["hu"], "pass-ok": "Most passzolhatsz, {name}."}, too_far=lambda c, code: None)
    plural(partial, "hu", "proba", "too-far", ["Legfeljebb {steps} lépés.", "Legfeljebb {steps} lépés."])
    # before any extract: the status says so at once
    assert drift.states("en", "proba", partial)["pass-ok"] == "outdated"
    M.compile_all(partial, LANGS)
    shown = catalog().text("pass-ok", "en", name="Ann")
    assert shown.startswith(before) and shown.outdated and "passzolhatsz" not in shown
    assert [p for p in M.check(partial, LANGS) if p.kind == "stale"] == []


def test_the_compiled_catalogs_hold_what_msgfmt_writes(tmp_path):
    """Every .mo of the repository holds the texts GNU msgfmt writes from its .po (a language with
    no outdated entry: then compile adds nothing msgfmt would not)."""
    msgfmt = program("msgfmt")
    import gettext

    for lang in ("hu", "en"):
        folder = os.path.dirname(M.po_path(None, lang, "core"))
        for name in sorted(n for n in os.listdir(folder) if n.endswith(".po")):
            out = tmp_path / f"{lang}-{name}.mo"
            subprocess.run([msgfmt, "-o", str(out), os.path.join(folder, name)], check=True)
            theirs = gettext.GNUTranslations(open(out, "rb"))._catalog
            ours = gettext.GNUTranslations(open(os.path.join(folder, name[:-3] + ".mo"), "rb"))._catalog
            # a content catalog's .mo also keeps each translation's source key (engine/core/content.py)
            ours = {k: v for k, v in ours.items() if k and not (isinstance(k, str) and k.startswith("source\x04"))}
            assert ours == {k: v for k, v in theirs.items() if k}, f"{lang}/{name}"
