"""The language switcher keeps the page; search answers in both languages."""

import pytest


def test_language_switcher_goes_to_the_same_page(watched, site_url):
    w = watched()
    w.page.goto(site_url + "en/mare-balticum/rules/")
    link = w.page.locator(".md-select a[hreflang='hu']")
    href = link.get_attribute("href")
    w.page.goto(site_url + "en/mare-balticum/rules/" + href if not href.startswith("/") else site_url + href[1:])
    assert w.page.url.endswith("/mare-balticum/rules/") and "/en/" not in w.page.url
    assert w.page.locator("h1").inner_text().startswith("Mare Balticum — szabályok")


@pytest.mark.parametrize("path,query,expect", [("", "borostyán", "MB-11.3"), ("en/", "amber", "MB-11.3")])
def test_search(watched, site_url, path, query, expect):
    w = watched()
    w.page.goto(site_url + path)
    box = w.page.locator(".md-search__input")
    box.click()
    # The theme ignores a query typed before its index is ready, so type again until it answers.
    for _ in range(15):
        box.fill("")
        box.press_sequentially(query, delay=20)
        try:
            w.page.wait_for_selector(".md-search-result__item", timeout=2_000)
            break
        except Exception:
            continue
    assert expect in w.page.locator(".md-search-result").inner_text()
    assert not w.foreign()
