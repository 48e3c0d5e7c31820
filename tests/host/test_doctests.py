"""The examples a newcomer reads first run: the `>>>` lines of engine/__init__.py's docstring and
of README.md (whatever `>>>` blocks it has; none is not a failure, a wrong one is)."""

import doctest
import os

import engine
from tests.conftest import ROOT


def test_the_engine_docstring_examples_run():
    result = doctest.testmod(engine, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, result


def test_the_readme_examples_run():
    result = doctest.testfile(os.path.join(ROOT, "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, result
