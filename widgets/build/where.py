"""Where a build step is: the page being built, its language, and links from it."""

from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass

DEFAULT_LANG = "hu"


@dataclass
class Where:
    docs_dir: str
    lang: str  # the page's language (static-i18n builds one language at a time)
    url: str  # the page's URL from the site root ("" for the home page)
    src_path: str  # the page's file, from docs_dir ("<site id>/rules.md")
    default_lang: str = DEFAULT_LANG
    words: str = ""  # the language of the interface words and widgets: `lang`, or its fallback while the catalogs lack it
    chain: tuple = ()  # where a text missing in `lang` is looked for next (the configured fallback, the source)
    settled: tuple = (DEFAULT_LANG,)  # the source and the languages marked complete: no fallback hides their errors
    text_lang: str = ""  # the language of the page's text when `lang` has no file: the first of its chain that has one

    @property
    def ui(self) -> str:
        """The language of what the build writes into the page, the widgets too: the reader's (on a
        page not yet translated too, so a translator sees their messages there), each text falling
        back along the chain by itself (engine/core/messages.py)."""
        return self.reader

    @property
    def reader(self) -> str:
        """The language of notices addressed to the reader of `lang` (its fallback while its catalogs lack it)."""
        return self.words or self.lang

    @property
    def file_lang(self) -> str:
        """The language of the page's text: static-i18n gives the source's file where a language has
        none; the build shows the first file of the language's chain (`text_lang`)."""
        if self.text_lang:
            return self.text_lang
        parts = os.path.basename(self.src_path).split(".")
        return parts[-2] if len(parts) >= 3 else self.default_lang

    @property
    def is_fallback_page(self) -> bool:
        return self.file_lang != self.lang

    @property
    def page_id(self) -> str:
        """The page as widgets.i18n names it: its path without language and suffix ("<game>/rules")."""
        path = self.src_path.replace(os.sep, "/")
        base = path[: -len(".md")] if path.endswith(".md") else path
        parts = os.path.basename(path).split(".")
        lang = parts[-2] if len(parts) >= 3 else self.default_lang
        return base[: -len(f".{lang}")] if base.endswith(f".{lang}") else base

    @property
    def game(self) -> str:
        """The site id of the game whose folder the page is in."""
        return os.path.dirname(self.src_path)

    @property
    def is_rules_page(self) -> bool:
        return os.path.basename(self.src_path).startswith("rules.")

    def link(self, path: str) -> str:
        """A link from this page to `path` (from the site root, e.g. "<site id>/rules/#<rule anchor>")."""
        here = self.url or "./"
        here = here if here.endswith("/") else posixpath.dirname(here) + "/"
        target, _, frag = path.partition("#")
        rel = posixpath.relpath(target or ".", here) + "/"
        return rel + (f"#{frag}" if frag else "")

    def file_link(self, path: str) -> str:
        """A link from this page to a file (from the site root, e.g. "<site id>/cases/<name>.json")."""
        here = self.url or "./"
        here = here if here.endswith("/") else posixpath.dirname(here) + "/"
        return posixpath.relpath(path, here)

    def prefix(self, lang: str) -> str:
        """The URL prefix of a language's pages ("" for the default language)."""
        return "" if lang == self.default_lang else f"{lang}/"
