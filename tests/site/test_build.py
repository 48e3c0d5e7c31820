"""The site builds in strict mode, with the answers already in the HTML."""

import os
import re

import pytest

from engine import game_ids
from engine.core.registry import load_rules


def page(built_site, path):
    return (built_site["dir"] / path / "index.html").read_text(encoding="utf-8")


def test_strict_build_without_warnings(built_site):
    assert built_site["returncode"] == 0, built_site["log"]
    assert "WARNING" not in built_site["log"], built_site["log"]


def test_both_languages_are_built(built_site):
    assert '<html lang="hu"' in page(built_site, "")
    assert '<html lang="en"' in page(built_site, "en")
    assert "Kikötő" in page(built_site, "en")


@pytest.mark.parametrize("game_id", game_ids())
def test_every_rule_id_is_an_anchor_in_every_language(built_site, game_id):
    for lang, lang_dir in (("hu", ""), ("en", "en/")):
        html = page(built_site, f"{lang_dir}{game_id}/rules")
        for rule_id in load_rules(game_id, lang):
            anchor = rule_id.lower().replace(".", "-")
            assert html.count(f'id="{anchor}"') == 1, f"{lang}: {rule_id}"


def test_runtime_is_served_with_the_site(built_site):
    kikoto = built_site["dir"] / "assets" / "kikoto"
    for name in ("kikoto.js", "worker.mjs", "fzstd.mjs", "unzip.mjs", "build.json", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm"):
        assert (kikoto / name).exists(), name
    wheel = next(kikoto.glob("kikoto-*-py3-none-any.whl"))
    # the engine (its position and editing modules too), the renderers (the guided lessons' too), the
    # messages and fastjsonschema, and each game's seat view and relation checks
    assert wheel.stat().st_size < 560_000


def test_the_packed_files_unpack_to_what_they_pack(built_site):
    """The worker fetches the wasm, the standard library and the wheel zstd-packed
    (widgets/build/packed.py): the wasm byte for byte, each archive member for member (stored)."""
    import io
    import json
    import zipfile

    import zstandard

    kikoto = built_site["dir"] / "assets" / "kikoto"
    build = json.loads((kikoto / "build.json").read_text())

    def unpack(path):
        return zstandard.ZstdDecompressor().stream_reader(path.open("rb")).read()

    wasm = kikoto / "pyodide" / "pyodide.asm.wasm"
    assert unpack(wasm.with_name(wasm.name + ".zst")) == wasm.read_bytes()
    with zipfile.ZipFile(kikoto / build["wheel"]) as plain, zipfile.ZipFile(io.BytesIO(unpack(kikoto / (build["wheel"] + ".zst")))) as packed:
        assert [i.filename for i in packed.infolist()] == [i.filename for i in plain.infolist()]
        assert all(packed.read(i) == plain.read(i.filename) for i in packed.infolist())
    with zipfile.ZipFile(io.BytesIO(unpack(kikoto / (build["stdlib"] + ".zst")))) as stdlib:
        assert stdlib.testzip() is None and "json/__init__.pyc" in stdlib.namelist()
    sizes = build["sizes"]  # what the worker's progress counts against
    packed = {"runtime": wasm.with_name(wasm.name + ".zst"), "stdlib": kikoto / (build["stdlib"] + ".zst"),
              "wheel": kikoto / (build["wheel"] + ".zst")}
    for key, path in packed.items():
        assert sizes[key] == path.stat().st_size, key
    assert sizes["runtime"] + sizes["stdlib"] + sizes["wheel"] < 4_000_000


def test_the_site_lock_file_lists_the_engine_wheel_with_its_sha256(built_site):
    """The worker's pyodide-lock.json (inline in build.json, and beside it): Pyodide's platform and the
    engine wheel with its sha256, as pyodide-build's `pyodide lockfile add-wheels` writes it. That the
    same command makes the same file is `make lockfile-check`'s (tests/site/lockfile_check.py): pyodide-build
    needs Python >= 3.12 and a venv of its own, so `make test` does not run it."""
    import hashlib
    import json

    kikoto = built_site["dir"] / "assets" / "kikoto"
    build = json.loads((kikoto / "build.json").read_text())
    lock = json.loads((kikoto / "pyodide-lock.json").read_text())
    assert build["lock"] == lock
    wheel = kikoto / build["wheel"]
    entry = lock["packages"]["kikoto"]
    assert entry["file_name"] == wheel.name and entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    npm = json.loads((built_site["dir"] / "assets" / "kikoto" / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"] == npm["info"]


def test_no_resource_from_another_origin_in_the_html(built_site):
    # Plain links to other sites are fine; anything the browser would load by itself is not.
    loads = re.compile(r'<(?:script|img|iframe|source|audio|video)\b[^>]*\bsrc="((?:https?:)?//[^"]+)"'
                       r'|<link\b[^>]*\bhref="((?:https?:)?//[^"]+)"')
    for html_file in built_site["dir"].rglob("*.html"):
        found = loads.findall(html_file.read_text(encoding="utf-8"))
        assert not found, f"{html_file}: loads {found}"


def test_the_theme_mounts_no_palette_of_its_own(built_site):
    # Its palette script would add and set a second color-scheme meta on every load, each change a
    # whole-page restyle; partials/javascripts/palette.html runs the toggle instead.
    for html_file in built_site["dir"].rglob("*.html"):
        html = html_file.read_text(encoding="utf-8")
        if "md-header" not in html:
            continue
        assert 'data-md-component="palette"' not in html and "data-kikoto-palette" in html, html_file
        # one toggle shown before the script picks the palette: the header keeps its width (no layout shift)
        form = html.split("data-kikoto-palette", 1)[1].split("</form>", 1)[0]
        labels = re.findall(r"<label [^>]*>", form)
        assert len(labels) == 2 and sum(" hidden" not in label for label in labels) == 1, html_file


def test_no_sitemap_of_none_urls_without_a_host(built_site):
    # mkdocs.yml has no site_url (the host is not known), and MkDocs would write "None./" locs.
    assert not (built_site["dir"] / "sitemap.xml").exists()
    assert not (built_site["dir"] / "sitemap.xml.gz").exists()


def test_every_page_holds_the_theme_script_back(built_site):
    # kikoto.js loads it at the reader's first move (widgets/build/theme.py, hold_theme_script).
    pages = [f for f in built_site["dir"].rglob("index.html")]
    assert len(pages) > 20
    for html_file in pages:
        html = html_file.read_text(encoding="utf-8")
        assert len(re.findall(r'<script type="kikoto/later" src="[^"]*/bundle\.[0-9a-f]+\.min\.js"></script>', html)) == 1, html_file
        assert not re.search(r'<script src="[^"]*/bundle\.', html), html_file


def test_islands_are_whole_in_the_pages_and_out_of_the_search_index(built_site):
    # The build holds each island's insides back while the theme's search reads the page
    # (widgets/build/search.py, Held): every page gets them back, and the index never sees them.
    site = built_site["dir"]
    pages = [f for f in site.rglob("*.html")]
    islands = 0
    for html_file in pages:
        html = html_file.read_text(encoding="utf-8")
        assert "kikoto-held" not in html, html_file
        islands += len(re.findall(r'<kikoto-output [^>]*data-search-exclude><(?!/kikoto-output)', html))
    assert islands > 100
    for index in (site / "search" / "search_index.json", site / "en" / "search" / "search_index.json"):
        text = index.read_text(encoding="utf-8")
        assert "kikoto-held" not in text and "data-tap" not in text and "<svg" not in text


@pytest.mark.parametrize("game_id", game_ids())
def test_every_case_offers_its_file_and_its_position_on_the_ask_page_in_both_languages(built_site, game_id):
    """A case's "Download the case file" leads, from either language's page, to the case file the build
    serves (docs/<game>/cases/<name>.json, once); its "Change the position" to the game's Ask page."""
    import json
    import posixpath

    from tests.conftest import ROOT

    names = sorted(n for n in os.listdir(os.path.join(ROOT, "docs", game_id, "cases")) if n.endswith(".json"))
    for lang_dir in ("", "en/"):
        here = f"{lang_dir}{game_id}/cases/"
        html = page(built_site, here.rstrip("/"))
        files = re.findall(r'<p class="kikoto-case-file"><a download href="([^"]+)"', html)
        assert len(files) == len(names) == html.count("data-ask-link"), here
        served = [posixpath.normpath(posixpath.join(here, href)) for href in files]
        assert sorted(served) == [f"{game_id}/cases/{n}" for n in names], here
        for path in served:
            with open(built_site["dir"] / path, encoding="utf-8") as f, open(os.path.join(ROOT, "docs", path), encoding="utf-8") as g:
                assert json.load(f) == json.load(g)
        asks = {posixpath.normpath(posixpath.join(here, h.split("#")[0])) for h in re.findall(r'data-ask-link href="([^"]+)"', html)}
        assert asks == {f"{lang_dir}{game_id}/ask"}, here
