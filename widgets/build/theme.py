"""The theme's script held back until the reader's first move; the theme's own words in the page's language."""

from __future__ import annotations

import re

from mkdocs.exceptions import PluginError

THEME_SCRIPT = re.compile(r'<script src="([^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js)"></script>')


def hold_theme_script(html: str) -> str:
    """The theme's script (search, the contents' tracking, back to top, the header's title) is
    held back: a script of an unknown type is neither fetched nor run. kikoto.js loads it at the
    reader's first scroll, tap, key or focus: run at load, its start-up blocked a phone's main
    thread on a long rules page, for features nobody uses before touching the page."""
    html, n = THEME_SCRIPT.subn(r'<script type="kikoto/later" src="\1"></script>', html, count=1)
    if n != 1:
        raise PluginError("the theme's script tag was not found: has Material's base.html changed?")
    return html


PERMALINK = re.compile(r'(<a class="headerlink" href="[^"]*") title="Permanent link"')


def permalink_titles(html: str, title: str) -> str:
    """The headings' permalink title in the page's language (Python-Markdown's toc writes it in English)."""
    from html import escape

    return PERMALINK.sub(lambda m: f'{m.group(1)} title="{escape(title, quote=True)}"', html)
