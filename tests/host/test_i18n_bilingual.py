"""Catalogs ready for a translator's editor: real headers; a bilingual copy per domain with the
Hungarian as msgid, the code as msgctxt and `python-brace-format` where there are placeholders,
which `msgfmt -c` checks; read back into the monolingual catalog; and `extract` leaves the files
it did not change untouched."""

import glob
import os
import subprocess

from tests.conftest import program
from tests.host.test_messages_po import root as root  # noqa: F401  (the fixture: a game "proba", hu and en)
from widgets.i18n import bilingual, messages as M


def test_every_catalog_has_a_real_header():
    for path in glob.glob(os.path.join(M.locale_dir(), "*.pot")) + glob.glob(
        os.path.join(M.locale_dir(), "*", "LC_MESSAGES", "*.po")
    ):
        text = open(path, encoding="utf-8").read()
        assert "EMAIL@ADDRESS" not in text and "LL@li.org" not in text and "FULL NAME" not in text, path


def test_a_bilingual_copy_goes_to_the_editor_and_back(root):  # noqa: F811
    M.extract(root, ["hu", "en", "de"])
    written = bilingual.export("de", root)
    copy = os.path.join(bilingual.folder(root, "de"), "proba.po")
    assert copy in written
    text = open(copy, encoding="utf-8").read()
    assert '#, python-brace-format\nmsgctxt "too-far"\nmsgid "Legfeljebb {steps} lépés."\nmsgstr ""' in text
    assert 'msgctxt "phase-deal"\nmsgid "osztás"' in text and '#, python-brace-format\nmsgctxt "phase-deal"' not in text
    # the translator's editor: a placeholder lost is caught by msgfmt -c (Poedit runs it on save)
    catalog = M.read_po(copy)
    catalog.get("Legfeljebb {steps} lépés.", context="too-far").string = "Höchstens {schritte} Schritte."
    open(copy, "wb").write(M.po_bytes(catalog))
    proc = subprocess.run([program("msgfmt"), "-c", "-o", os.devnull, copy], capture_output=True, text=True)
    assert proc.returncode == 1 and "schritte" in proc.stderr
    catalog.get("Legfeljebb {steps} lépés.", context="too-far").string = "Höchstens {steps} Schritte."
    open(copy, "wb").write(M.po_bytes(catalog))
    assert bilingual.back("de", root) == [M.po_path(root, "de", "proba")]
    assert M.read_po(M.po_path(root, "de", "proba"))["too-far"].string == "Höchstens {steps} Schritte."
    assert bilingual.back("de", root) == []  # nothing new: nothing written
    assert M.extract(root, ["hu", "en", "de"]) == []  # extract leaves the files alone
    assert "too-far" not in [p.code for p in M.check(root, ["de"]) if p.kind in ("empty", "missing", "fuzzy")]


def test_the_real_bilingual_copies_pass_msgfmt_check(tmp_path, monkeypatch):
    msgfmt = program("msgfmt")
    monkeypatch.setattr(bilingual, "folder", lambda root, lang: str(tmp_path / lang))
    for path in bilingual.export("en"):
        proc = subprocess.run([msgfmt, "-c", "-o", os.devnull, path], capture_output=True, text=True)
        assert proc.returncode == 0 and not proc.stderr, f"{path}: {proc.stderr}"
