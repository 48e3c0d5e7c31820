"""One search index per language, the lunr stemmer patch for Material's prefix queries, and the
widgets' insides kept out of the theme's search parse."""

from __future__ import annotations

import itertools
import json
import os
import re

from engine.core.messages import untagged

WIDGETS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# An island's input and output (boards, logs, JSON) are left out of the index (data-search-exclude),
# but the theme's search still walks every tag of them with Python's HTMLParser: that was about
# half of a build. So they stand as comments while the theme reads the page and go back in after.
EXCLUDED = re.compile(
    r'(<form class="kikoto-input" data-search-exclude>)(.*?)(</form>)'
    r"|(<kikoto-output [^>]*data-search-exclude>)(.*?)(</kikoto-output>)",
    re.S,
)
HELD = re.compile(r"<!--kikoto-held:(\d+)-->")


class Held:
    """The islands' insides of the pages being built, by number, until each page's output is written."""

    def __init__(self):
        self.parts: dict[int, str] = {}
        self.numbers = itertools.count()

    def hold(self, island: str) -> str:
        def keep(m):
            open_, inside, close = (m.group(1), m.group(2), m.group(3)) if m.group(1) else m.group(4, 5, 6)
            n = next(self.numbers)
            self.parts[n] = inside
            return f"{open_}<!--kikoto-held:{n}-->{close}"

        return EXCLUDED.sub(keep, island)

    def restore(self, output: str) -> str:
        return HELD.sub(lambda m: self.parts.pop(int(m.group(1))), output)


CONFIG_BASE = re.compile(r'(<script id="__config" type="application/json">[^<]*?"base":\s*)"([^"]*)"')


def search_base(html: str, lang: str, default: str) -> str:
    """A translated page searches its own language's index: the theme reads the index
    from `base`, so a page in /en/ gets the /en/ root as its base (the index's
    locations are relative to it)."""
    if lang == default:
        return html
    return CONFIG_BASE.sub(lambda m: f'{m.group(1)}"{m.group(2)}/{lang}/"', html, count=1)


def split_search_index(site_dir: str, default: str, others: list[str]) -> None:
    """mkdocs-static-i18n writes one index with every language's pages. Split it into one
    index per language, each with its own lunr language (Hungarian stemming for hu), so a
    reader searches the pages of the language they read."""
    path = os.path.join(site_dir, "search", "search_index.json")
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as f:
        index = json.load(f)
    lunr = os.path.join(os.path.dirname(__import__("material").__file__), "templates", "assets", "javascripts", "lunr", "min")
    by_lang = {lang: [] for lang in [default, *others]}
    for doc in index["docs"]:
        lang = next((l for l in others if doc["location"].startswith(f"{l}/")), default)
        if lang != default:
            doc = {**doc, "location": doc["location"][len(lang) + 1 :]}
        by_lang[lang].append(doc)
    for lang, docs in by_lang.items():
        docs = [{k: untagged(v) if isinstance(v, str) else v for k, v in doc.items()} for doc in docs]
        config = {**index["config"], **language_config(lang, index["config"], lunr)}
        folder = os.path.join(site_dir, *([] if lang == default else [lang]), "search")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "search_index.json"), "w", encoding="utf-8") as f:
            json.dump({"config": config, "docs": docs}, f, ensure_ascii=False, separators=(",", ":"))
    patch_lunr(site_dir)


# A language lunr has no stemmer for (lunr-languages: no lunr.<lang>.min.js) is searched word by word:
# lunr's own word splitter, without the English stemmer, stop words and trimmer (whose \W would cut
# a word's non-ASCII letters off), the words split at punctuation too. Whole words and their
# beginnings are found; inflected forms are not (the translators' guide says so).
UNSTEMMED_SEPARATOR = r"[\s\-.,:;!?()\[\]{}\"'„“”‚‘’«»…/]+"


def language_config(lang: str, config: dict, lunr: str) -> dict:
    """The search index's language settings for `lang`: its lunr language with its stemmer where lunr
    has one, else the unstemmed word splitter above."""
    if lang == "en" or os.path.exists(os.path.join(lunr, f"lunr.{lang}.min.js")):
        return {"lang": [lang]}
    return {"lang": ["en"], "pipeline": [], "separator": UNSTEMMED_SEPARATOR}


def patch_lunr(site_dir: str) -> None:
    """Let lunr's stemmer also see Material's prefix queries (see widgets/search/lunr-stem-prefix.js)."""
    support = os.path.join(site_dir, "assets", "javascripts", "lunr", "min", "lunr.stemmer.support.min.js")
    if not os.path.exists(support):
        return
    with open(os.path.join(WIDGETS, "search", "lunr-stem-prefix.js"), encoding="utf-8") as f:
        patch = f.read()
    with open(support, encoding="utf-8") as f:
        text = f.read()
    if "__kikotoStemPrefix" not in text:
        with open(support, "a", encoding="utf-8") as f:
            f.write("\n" + patch)
