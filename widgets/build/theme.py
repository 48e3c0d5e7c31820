"""The theme's script held back until the reader's first move."""

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
