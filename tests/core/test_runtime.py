"""Where the engine under test comes from."""

import os

import engine
from tests.conftest import IN_PYODIDE, ROOT


def test_inside_pyodide_the_engine_is_the_wheels():
    """The Pyodide run tests the wheel the site serves (its compiled messages included), not the
    checkout beside it."""
    where = os.path.dirname(engine.__file__)
    if IN_PYODIDE:
        assert "site-packages" in where, where
        assert os.path.isfile(os.path.join(where, "locale", "en", "LC_MESSAGES", "core.mo"))
        assert not os.path.exists(os.path.join(where, "locale", "en", "LC_MESSAGES", "core.po"))
    else:
        assert where == os.path.join(ROOT, "engine")
