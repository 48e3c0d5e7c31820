"""Every message code the engine and the widgets use has a text in every language, with
the same placeholders; the catalogs are read from the compiled gettext files (inside
Pyodide too, from the wheel; finding the codes in the code needs Babel, so on the host)."""

import importlib
import pkgutil

import pytest

import engine
from engine import game_ids
from engine.core.messages import CORE, LANGS, SOURCE_LANG, Catalog, placeholders
from tests.conftest import host_module
from widgets.render.ui import UI

DOMAINS = ["core", "ui"] + sorted(
    info.name for info in pkgutil.iter_modules(engine.__path__) if info.ispkg and info.name not in ("core", "locale")
)

GAME = game_ids()[0].replace("-", "_")  # any game's catalog


@pytest.fixture(scope="module")
def used():
    host_module("babel")
    from widgets.i18n import messages

    return messages.used_codes()


def catalog(domain: str) -> Catalog:
    if domain == "core":
        return CORE
    if domain == "ui":
        return UI
    return importlib.import_module(f"engine.{domain}.messages").CATALOG


def test_the_engine_speaks_the_site_languages():
    assert LANGS[0] == SOURCE_LANG and {"hu", "en"} <= set(LANGS)


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_in_every_language(domain):
    entries = catalog(domain).entries
    assert entries, f"{domain}: no messages"
    for code, texts in entries.items():
        missing = [lang for lang in LANGS if not texts.get(lang, "").strip()]
        assert not missing, f"{domain}: message {code!r} is missing in {missing}"
        shapes = {lang: placeholders(texts[lang]) for lang in LANGS}
        assert len({frozenset(s) for s in shapes.values()}) == 1, f"{domain}: {code!r} placeholders differ: {shapes}"


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_used_code_has_a_message_in_every_language(domain, used):
    cat = catalog(domain)
    assert used[domain], f"{domain}: no code found in the code (is the extractor broken?)"
    for code in used[domain]:
        texts = {lang: cat.template(code, lang) for lang in LANGS}  # KeyError: no message
        assert all(t.strip() for t in texts.values()), f"{domain}: {code!r} is empty in some language"
        shapes = {lang: placeholders(t) for lang, t in texts.items()}
        assert len({frozenset(s) for s in shapes.values()}) == 1, f"{domain}: {code!r} placeholders differ: {shapes}"


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_is_used(domain, used):
    own = set(catalog(domain).entries)
    assert own <= set(used[domain]), f"{domain}: messages no code uses: {sorted(own - set(used[domain]))}"


def test_an_unknown_code_is_an_error_not_its_msgid():
    with pytest.raises(KeyError):
        CORE.template("no-such-code", "en")
    with pytest.raises(KeyError):
        catalog(GAME).text("no-such-code", "hu")
    assert "no-such-code" not in catalog(GAME)
    assert "ok" in catalog(GAME) and "ok" not in UI  # a game's catalog chains to core


def test_localized_parameters():
    assert CORE.text("field-missing", "hu", field="x") == "„x”: hiányzó mező."
    assert CORE.both("not-your-turn", player=1, current=2)["en"] == "It is not player 1's turn but player 2's."
    assert (
        CORE.text("field-type", "en", field="f", expected={"hu": "szám", "en": "a number"}, got="x")
        == "“f”: expected a number, got x."
    )


def test_a_catalog_with_gaps_falls_back_to_the_source_language():
    """A .mo saved mid-translation (Poedit writes one) lacks codes: the reader gets the source text,
    tagged as Hungarian (widgets/render/html.py marks it so on the page)."""
    import gettext

    from engine.core import messages

    catalog = messages.Catalog("core", parent=None)
    gappy = gettext.NullTranslations()
    gappy.add_fallback(messages._MISSING)
    catalog._loaded["en"] = gappy
    shown = catalog.text("field-missing", "en", field="x")
    assert messages.untagged(shown) == catalog.text("field-missing", "hu", field="x") and shown.lang == "hu"


@pytest.mark.parametrize(
    "word,article",
    [
        ("1", "az"),
        ("2", "a"),
        ("5", "az"),
        ("10", "a"),
        ("15", "a"),
        ("50", "az"),
        ("100", "a"),
        ("1000", "az"),
        ("hajó", "a"),
        ("öböl", "az"),
        ("Ál", "az"),
    ],
)
def test_the_hungarian_article_agrees_with_the_next_word(word, article):
    from engine.core.messages import hu_article

    assert hu_article(word) == article
