"""The site's chrome in the page's language: the navigation's titles, the theme's own words (the
palette toggle, the footer, the 404 page, the headings' permalink title), from the `ui` catalog.
A word a language lacks falls back, tagged with its language (engine/core/messages.py), and
widgets/render/html.py marks it on the page."""

from __future__ import annotations

from engine.core.messages import N_, tagged, untagged

from ..render.ui import UI
from .where import Where


def languages_config(path: str | None = None):
    """widgets.i18n.config for the mkdocs.yml being built (read once per file)."""
    from ..i18n import config

    key = path or ""
    if key not in _CONFIGS:
        _CONFIGS[key] = config.load(path)
    return _CONFIGS[key]


_CONFIGS: dict = {}


def lang_name(lang: str, reader: str = "en") -> str:
    """The name of `lang` in the reader's language (else its own name from mkdocs.yml, else the code:
    a name, which goes in any sentence)."""
    key = f"lang-{lang}"
    return UI.text(key, reader) if key in UI else languages_config().names.get(lang, lang)


def permalink_word(html: str, where: Where) -> str:
    """The headings' permalink title ("Permanent link") in the reader's language. On a page with text
    in another language (a page or a rule shown from the chain) it is tagged with its own, so its
    link in the foreign text says which language the title is in (widgets/render/html.py)."""
    word = theme_words(where.reader)["permalink"]
    if where.is_fallback_page or "kikoto-tr-unit" in html:
        return tagged(untagged(word), getattr(word, "lang", where.reader))
    return word


# -- the texts mkdocs.yml used to hold: the navigation's titles, the description, the theme's toggle --

# mkdocs.yml's nav titles are the Hungarian texts of these codes; another language's build
# shows the code's text in its own catalog (or its fallback): no nav_translations to keep up.
NAV = (
    N_("nav-home"),
    N_("nav-learn"),
    N_("nav-aid"),
    N_("nav-rules"),
    N_("nav-examples"),
    N_("nav-cases"),
    N_("nav-sandbox"),
    N_("nav-ask"),
    N_("nav-coverage"),
    N_("nav-contributors"),
    N_("nav-architecture"),
    N_("nav-adding-a-game"),
    N_("nav-translators"),
    N_("nav-status"),
)


def translate_nav(items, where_lang: str, words: str, source: str) -> None:
    """Each nav title that is a NAV code's source text becomes that code's text in `words`."""
    if where_lang == source:
        return
    by_text = {UI.text(code, source): code for code in NAV}
    for item in items:
        title = getattr(item, "title", None)
        if title in by_text:
            item.title = UI.text(by_text[title], words)
        if getattr(item, "children", None):
            translate_nav(item.children, where_lang, words, source)


THEME = {
    "palette-default": N_("theme-to-dark"),
    "palette-slate": N_("theme-to-light"),
    "made-with": N_("theme-made-with"),
    "permalink": N_("theme-permalink"),
    "404-title": N_("theme-404-title"),
    "404-text": N_("theme-404-text"),
    "404-home": N_("theme-404-home"),
}


def theme_words(words: str) -> dict:
    """The theme's words in the page's language, from the `ui` catalog: the palette toggle's names
    (overrides/partials/palette.html), the footer's "Made with" (overrides/partials/copyright.html),
    the headings' permalink title (widgets/build/theme.py) and the 404 page (overrides/404.html)."""
    return {key: UI.text(code, words) for key, code in THEME.items()}
