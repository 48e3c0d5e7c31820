# The browser fixtures and helpers are in tests/browser/support.py, a pytest plugin that the root
# conftest loads, so a game's own browser tests (tests/<game package>/test_*_site.py) share them.
# Its helpers stay importable from here too (no fixtures: those come from the plugin alone).
from tests.browser.support import (  # noqa: F401,E402
    ARGS,
    ARTIFACTS,
    CHROMIUM,
    CSP_WATCH,
    THEME_MOUNTED,
    Watched,
    island_index,
    screenshot,
    type_search,
    wait_answers,
    wait_shared,
)
