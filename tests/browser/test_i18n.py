"""Translations in the real browser: Hungarian inflected search, one index per language,
and the notices on a translated page, on a throwaway copy of the site where a Hungarian
rule changed after it was translated (MB-4.2), the English page lacks a rule (MB-1.2, shown in
Hungarian in its place), and a
Hungarian verdict (fleet-broken) was reworded after its translation."""

import re
import time

import pytest

from tests.browser.conftest import Watched, screenshot, type_search
from tests.conftest import copy_repo, serve

pytestmark = pytest.mark.browser

COPY = ("engine", "widgets", "docs", "overrides", "mkdocs.yml", "pyproject.toml", "README.md")


@pytest.fixture(scope="module")
def drifted_site(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("i18n")
    repo, run = copy_repo(tmp, COPY)
    hu = repo / "docs" / "mare-balticum" / "rules.hu.md"
    text = hu.read_text(encoding="utf-8")
    old = "Egyetlen hajó (az előkészület után) még nem sérti a szabályt."
    assert old in text
    hu.write_text(text.replace(old, old + " Ez a mondat a fordítás után került ide."), encoding="utf-8")
    en = repo / "docs" / "mare-balticum" / "rules.en.md"
    text = en.read_text(encoding="utf-8")
    text, n = re.subn(r"### MB-1\.2 Time tokens\n.*?(?=### MB-1\.3)", "", text, flags=re.S)
    assert n == 1
    en.write_text(text, encoding="utf-8")
    # a Hungarian verdict reworded after its translation: the English keeps its old text, marked
    po = repo / "engine" / "locale" / "hu" / "LC_MESSAGES" / "mare_balticum.po"
    text = po.read_text(encoding="utf-8")
    was = re.search(r'msgid "fleet-broken"\nmsgstr "([^"]*)"', text).group(1)
    po.write_text(
        text.replace(f'msgid "fleet-broken"\nmsgstr "{was}"', f'msgid "fleet-broken"\nmsgstr "Most {was}"'), encoding="utf-8"
    )
    assert run("-m", "widgets.i18n", "compile", timeout=120).returncode == 0
    assert run("-m", "widgets.i18n", "messages", "--check", timeout=120).returncode == 0  # CI stays green
    status = run("-m", "widgets.i18n", "status", "--game", "mare-balticum", "--check", timeout=120)
    assert status.returncode == 1 and "MB-1.2" in status.stdout
    assert "warning: mare-balticum MB-4.2 (en) is outdated" in status.stdout  # the diffs too: `status > file` keeps them
    assert "+Ez a mondat a fordítás után került ide." in status.stdout
    site = tmp / "site"
    build = run("-m", "mkdocs", "build", "--strict", "-d", str(site))
    assert build.returncode == 0 and "WARNING" not in build.stdout + build.stderr, build.stdout + build.stderr

    server, url = serve(str(site), zstd_encoded=False)
    yield url
    server.shutdown()


@pytest.fixture
def watched_here(browser, drifted_site):
    """Pages that record their requests, checked against this copy's origin."""
    made = []

    def make():
        ctx = browser.new_context()
        made.append(ctx)
        return Watched(ctx, drifted_site)

    yield make
    for ctx in made:
        ctx.close()


def search(w, url, query):
    w.page.goto(url)
    w.page.locator(".md-search__input").click()
    started = time.perf_counter()
    type_search(w.page, query)
    hrefs = w.page.eval_on_selector_all(".md-search-result__item a", "els => els.map(e => e.href)")
    return hrefs, time.perf_counter() - started


@pytest.mark.parametrize("query,page", [("hajókat", "mare-balticum/rules/"), ("kikötőben", "mare-balticum/rules/")])
def test_hungarian_search_finds_the_base_word(watched_here, drifted_site, query, page):
    w = watched_here()
    hrefs, took = search(w, drifted_site, query)
    print(f"{query}: {len(hrefs)} results in {took:.1f} s")
    assert any(h.split("?")[0] == drifted_site + page for h in hrefs), hrefs
    assert hrefs and not any("/en/" in h for h in hrefs)  # the Hungarian index only
    assert not w.foreign()


def test_english_search_answers_with_english_pages(watched_here, drifted_site):
    w = watched_here()
    hrefs, _ = search(w, drifted_site + "en/", "amber")
    assert hrefs and all(h.startswith(drifted_site + "en/") for h in hrefs), hrefs
    assert any("en/mare-balticum/rules/" in h and "#mb-11-3" in h for h in hrefs)


def test_outdated_and_missing_rules_say_so_in_the_readers_language(watched_here, drifted_site):
    w = watched_here()
    w.page.goto(drifted_site + "en/mare-balticum/rules/")
    note = w.page.locator("#mb-4-2 ~ p.kikoto-tr-outdated").first
    assert "The Hungarian original of this rule changed since this translation was made." in note.inner_text()
    assert w.page.locator("p.kikoto-tr-outdated").count() == 1  # only the changed rule
    # the rule the English lacks is there, in its place, in Hungarian (the chain), marked so
    missing = w.page.locator('div.kikoto-tr-unit[lang="hu"] #mb-1-2')
    assert missing.count() == 1 and "Idő zsetonok" in missing.inner_text()
    untranslated = w.page.locator('div.kikoto-tr-unit[lang="hu"] p.kikoto-tr-missing').first
    assert untranslated.inner_text() == "Not translated yet: shown in Hungarian."
    assert untranslated.get_attribute("lang") == "en"
    screenshot(w.page, "i18n-outdated-notice.png")
    href = note.locator("a").get_attribute("href")
    assert href == "../../../mare-balticum/rules/#mb-4-2"
    w.page.goto(drifted_site + "en/mare-balticum/rules/" + href)
    assert "Ez a mondat a fordítás után került ide." in w.page.locator("#mb-4-2 ~ p").nth(1).inner_text()
    assert not w.foreign()


def test_status_page_lists_the_drift(watched_here, drifted_site):
    w = watched_here()
    w.page.goto(drifted_site + "contributing/translations/")
    body = w.page.locator("article").inner_text()
    assert "Fordítás: angol" in body and "MB-4.2" in body and "MB-1.2" in body
    w.page.goto(drifted_site + "en/contributing/translations/")
    body = w.page.locator("article").inner_text()
    assert "Translation: English" in body and "outdated" in body
    screenshot(w.page, "i18n-status-page.png")


def test_a_reworded_verdict_shows_the_old_english_marked(watched_here, drifted_site):
    w = watched_here()
    w.page.goto(drifted_site + "en/mare-balticum/cases/")
    body = w.page.locator("article").text_content()  # the verdicts in closed boxes too
    assert re.search(r"This would break up your fleet \([^)]*\)\. \(outdated translation\)", body), body[:2000]
    assert "Most Ezzel felbomlana" not in body  # the new Hungarian never shows unannounced on the English page
