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

    def prefix(self, lang: str) -> str:
        """The URL prefix of a language's pages ("" for the default language)."""
        return "" if lang == self.default_lang else f"{lang}/"
