"""Where the message catalogs are, and reading one: the bottom of widgets/i18n's catalog modules
(sources.py, catalogs.py, checks.py and messages.py build on it)."""

from __future__ import annotations

import os

from .config import ROOT


def locale_dir(root: str | None = None) -> str:
    return os.path.join(root or ROOT, "engine", "locale")


def po_path(root: str | None, lang: str, domain: str, ext: str = "po") -> str:
    return os.path.join(locale_dir(root), lang, "LC_MESSAGES", f"{domain}.{ext}")


def pot_path(root: str | None, domain: str) -> str:
    return os.path.join(locale_dir(root), f"{domain}.pot")


def read_po(path: str):
    """A Babel Catalog of a .po (or .pot) file."""
    from babel.messages.pofile import read_po as babel_read_po

    with open(path, "rb") as f:
        return babel_read_po(f, abort_invalid=True)
