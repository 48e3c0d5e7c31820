"""A third language is files plus one line of mkdocs.yml: the site built with a pseudo-locale,
twice, from a throwaway copy of the repository.

The pseudo-locale is Esperanto's code (`eo`, a language the theme knows and the site does
not have), so the theme's own words exist and everything else is ours:

1. at 0%: only the line in mkdocs.yml. Every page shows the English page (mkdocs.yml's
   `fallback`, marked `lang="en"`) with a "not translated yet" notice, the interface words fall
   back to English too, the language is not in the switcher, and `status --check` passes (the
   language is not marked complete);
1½. begun, with the translators' guide's commands: a few messages translated in the bilingual
   copies (two with plural forms), read back and compiled, and the home page's first section
   translated. No page shows a message code (text and tooltips) or a pseudo-translated sentence
   with a piece of another language in it, and the translated messages show on the pages that are
   not translated yet;
2. machine-filled: every English page and message turned into accented text (`Ĥéĺĺó`, the
   messages also in [brackets]), the catalogs compiled (and, while case and example files still
   hold {"hu", "en"} texts, those filled too). The pages are in the pseudo-locale,
   the language passes the switcher's threshold.

Both builds: no error, no warning, no widget says "missing field" or shows an error box.
Only the source and one target language are built (English's build is turned off: its
pages and catalogs are still there, for the fallback), which keeps each build near 30 s.
"""

from __future__ import annotations

import os
import re
import time

import pytest

from tests.browser.support import live_scenario
from tests.conftest import copy_repo

COPY = ("engine", "widgets", "docs", "overrides", "mkdocs.yml", "pyproject.toml", "README.md")
LINE = "        - {locale: eo, name: Esperanto, build: true}\n"

# -- the machine translation ---------------------------------------------------------

ACCENTS = str.maketrans("abcdeghijklnorstuwyzABCDEGHIJKLNORSTUWYZ", "áƀçđéĝĥíĵķĺńóŕšťúŵýžÁƁÇĐÉĜĤÍĴĶĹŃÓŔŠŤÚŴÝŽ")
# what must stay as it is: code, link targets, attribute lists, tags, entities, rule ids,
# placeholders, admonition keywords, URLs
KEEP = re.compile(r"`[^`]*`|\]\([^)]*\)|\{[^}]*\}|<[^>]+>|&\w+;|https?://\S+|[A-Z]{2}-\d+(?:\.\d+)*"
                  r"|^\s*(?:!!!|\?\?\?\+?)\s+\w+|^\s*\|?[-:| ]+\|[-:| ]*$")


def pseudo(text: str) -> str:
    out, last = [], 0
    for m in KEEP.finditer(text):
        out.append(text[last:m.start()].translate(ACCENTS))
        out.append(m.group(0))
        last = m.end()
    out.append(text[last:].translate(ACCENTS))
    return "".join(out)


def pseudo_page(markdown: str) -> str:
    lines, out, in_fence, front = markdown.split("\n"), [], False, False
    for i, line in enumerate(lines):
        if i == 0 and line.strip() == "---":
            front = True
        elif front and line.strip() == "---":
            front = False
        elif front:
            key, _, value = line.partition(":")
            line = f"{key}:{pseudo(value)}" if key.strip() == "title" else line
        elif re.match(r"^\s*(```|~~~)", line):
            in_fence = not in_fence
        elif not in_fence and not line.lstrip().startswith("<!--"):
            line = pseudo(line)
        out.append(line)
    return "\n".join(out)


def pseudo_catalogs(repo) -> None:
    """Every English message, accented and in brackets, as the eo catalogs."""
    from babel.messages.pofile import write_po

    from widgets.i18n import messages

    root = str(repo)
    folder = os.path.dirname(messages.po_path(root, "en", "core"))
    for name in sorted(os.listdir(folder)):           # every domain English has (the content catalogs too)
        if not name.endswith(".po"):
            continue
        domain, source = name[:-3], os.path.join(folder, name)
        catalog = messages.read_po(source)
        catalog.locale = "eo"
        for m in catalog:
            if m.id and m.string:
                m.string = (tuple(f"[{pseudo(s)}]" for s in m.string) if isinstance(m.string, (tuple, list))
                            else f"[{pseudo(m.string)}]")
        path = messages.po_path(root, "eo", domain)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            write_po(f, catalog)


def pseudo_files(repo) -> int:
    """Where a case or example file still holds its texts as {"hu": …, "en": …} (until they all
    live in the content catalogs), the machine translation goes there too, as a translator's
    would. Returns how many texts it filled (0 once the files hold only their Hungarian)."""
    import json

    filled = 0

    def fill(node):
        nonlocal filled
        if isinstance(node, dict):
            if "hu" in node and isinstance(node.get("en"), str) and all(isinstance(v, str) for v in node.values()):
                node["eo"] = f"[{pseudo(node['en'])}]"
                filled += 1
                return
            for value in node.values():
                fill(value)
        elif isinstance(node, list):
            for value in node:
                fill(value)

    for path in sorted((repo / "docs").glob("*/*/*.json")):
        if path.parent.name in ("cases", "examples"):
            data = json.loads(path.read_text(encoding="utf-8"))
            before = filled
            fill(data)
            if filled != before:
                path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return filled


# -- the builds ----------------------------------------------------------------------

def copy_with_the_line(tmp):
    """The copy of the repository, with the pseudo-locale's one line in mkdocs.yml."""
    repo, run = copy_repo(tmp, COPY)
    yml = (repo / "mkdocs.yml").read_text(encoding="utf-8")
    english = "        - locale: en\n          name: English\n          build: true\n"
    assert english in yml and "translations:" in yml
    # The one line a new language takes; English is not built (its files stay, for the fallback).
    yml = yml.replace(english, LINE + english.replace("build: true", "build: false"), 1)
    (repo / "mkdocs.yml").write_text(yml, encoding="utf-8")
    return repo, run


def build(run, out):
    started = time.perf_counter()
    proc = run("-m", "mkdocs", "build", "--strict", "-d", str(out))
    return proc, time.perf_counter() - started


def widget_problems(site) -> list[str]:
    bad = []
    for html_file in site.rglob("*.html"):
        html = html_file.read_text(encoding="utf-8")
        for needle in ("missing field", "kikoto-error", "<p>kikoto: ", "Traceback"):
            if needle in html:
                bad.append(f"{html_file.relative_to(site)}: {needle}")
    return bad


def translate_copy(repo, domain: str, texts: dict) -> None:
    """What a translator does in Poedit: fills in entries of the bilingual copy (msgctxt = the code)."""
    from widgets.i18n import messages

    path = repo / "build" / "translate" / "eo" / f"{domain}.po"
    catalog = messages.read_po(str(path))
    for message in catalog:
        if message.context in texts:
            english = texts[message.context]
            message.string = (tuple(f"[{pseudo(t)}]" for t in english) if isinstance(english, tuple)
                              else f"[{pseudo(english)}]")
            message.flags.discard("fuzzy")
    path.write_bytes(messages.po_bytes(catalog))


def message_codes(repo) -> set[str]:
    """Every message code with a hyphen (a word like "ok" could be text)."""
    from widgets.i18n import messages

    folder = repo / "engine" / "locale" / "hu" / "LC_MESSAGES"
    return {(m.id[0] if isinstance(m.id, (list, tuple)) else m.id) for path in folder.glob("*.po")
            for m in messages.read_po(str(path)) if m.id and "-" in (m.id[0] if isinstance(m.id, (list, tuple)) else m.id)}


def visible_texts(html: str) -> list[str]:
    """The text a reader sees or hears: text nodes, and the tooltip and label attributes (not code:
    a page may name an option's value, `no-sale`, on purpose)."""
    from html.parser import HTMLParser

    out: list[str] = []

    class Reader(HTMLParser):
        skip = 0

        def handle_starttag(self, tag, attrs):
            if tag in ("script", "style", "template", "code"):
                self.skip += 1
            out.extend(v for k, v in attrs if k in ("title", "aria-label", "alt", "placeholder") and v)

        def handle_endtag(self, tag):
            if tag in ("script", "style", "template", "code") and self.skip:
                self.skip -= 1

        def handle_data(self, data):
            if not self.skip and data.strip():
                out.append(data)

    Reader(convert_charrefs=True).feed(html)
    return out


def switcher_langs(html: str) -> set[str]:
    return set(re.findall(r'<a href="[^"]*" hreflang="([\w-]+)" class="md-select__link"', html))


@pytest.mark.long
def test_a_pseudo_locale_builds_at_zero_and_machine_filled(tmp_path):
    repo, run = copy_with_the_line(tmp_path)
    timings = {}
    game = live_scenario()  # the game whose pages are looked at closely

    # 1. at 0%: one line of configuration, no file
    status = run("-m", "widgets.i18n", "status", "--check")
    assert status.returncode == 0, status.stdout + status.stderr       # eo is reported, not gated
    assert re.search(r"Translation status: eo \(source: hu\), 0% translated \(not complete", status.stdout), status.stdout
    zero = tmp_path / "zero"
    proc, timings["zero"] = build(run, zero)
    assert proc.returncode == 0 and "WARNING" not in proc.stderr, proc.stdout + proc.stderr[-4000:]
    assert widget_problems(zero) == []
    page = (zero / "eo" / game.game / "rules" / "index.html").read_text(encoding="utf-8")
    assert 'class="kikoto-tr-fallback"' in page and "not translated into Esperanto yet" in page
    # the chain: the English page (mkdocs.yml's fallback) marked as English, its words English too
    assert game.RULE in page and "Checked by" in page and "Ellenőrzi" not in page and "szabályok" not in page
    assert '<div lang="en">' in page and "it is shown in English" in page
    assert 'class="kikoto"' in page
    assert "eo" not in switcher_langs((zero / "index.html").read_text(encoding="utf-8"))  # below the threshold

    # 1½. a translator begins, with the guide's commands: a few messages (two with plural forms, one
    # verdict whose parameter is not translated yet) and the first section of the home page
    for args in (("extract", "--lang", "eo"), ("bilingual", "--lang", "eo")):
        proc = run("-m", "widgets.i18n", *args)
        assert proc.returncode == 0, proc.stdout + proc.stderr
    translate_copy(repo, "ui", {"checked-by": "Checked by", "checked-cases": ("{n} case", "{n} cases"),
                                "checked-tests": ("{n} test", "{n} tests")})
    translate_copy(repo, "mare_balticum", {"fleet-broken": "This would break up your fleet ({reading})."})
    for args in (("bilingual", "--lang", "eo", "--back"), ("compile", "--lang", "eo")):
        proc = run("-m", "widgets.i18n", *args)
        assert proc.returncode == 0, proc.stdout + proc.stderr
    english = (repo / "docs" / "index.en.md").read_text(encoding="utf-8")
    first = english[: english.index("\n## ")] if "\n## " in english else english
    (repo / "docs" / "index.eo.md").write_text(pseudo_page(first.replace("<!-- section: src=", "<!-- old: ")),
                                               encoding="utf-8")
    status = run("-m", "widgets.i18n", "status", "--lang", "eo")
    assert re.search(r"\n  ui\.po\s+\d+\s+3\s", status.stdout), status.stdout[-3000:]
    begun = tmp_path / "begun"
    proc, timings["begun"] = build(run, begun)
    assert proc.returncode == 0 and "WARNING" not in proc.stderr, proc.stdout + proc.stderr[-4000:]
    assert widget_problems(begun) == []
    rules = (begun / "eo" / game.game / "rules" / "index.html").read_text(encoding="utf-8")
    # the translated messages on a page not translated yet, its text English and marked so
    assert f"[{pseudo('Checked by')}]" in rules and f"[{pseudo('cases')}]"[1:] in rules and '<div lang="en">' in rules
    index = (begun / "eo" / "index.html").read_text(encoding="utf-8")
    assert pseudo("Kikötő") in index and 'class="kikoto-tr-fallback"' not in index and 'class="kikoto-tr-missing"' in index
    codes = message_codes(repo)
    for page in sorted((begun / "eo").rglob("*.html")):
        texts = visible_texts(page.read_text(encoding="utf-8"))
        raw = sorted({c for t in texts for c in re.findall(r"\b[a-z][a-z0-9]*(?:-[a-z0-9]+)+\b", t) if c in codes})
        assert raw == [], f"{page.relative_to(begun)}: codes on the page: {raw[:10]}"
        # a pseudo-translated message is in [brackets] with letters no real language here uses (ƀ, ĥ, ŵ…):
        # a plain word of four letters or more inside one is a piece of another language
        mixed = [t for t in texts for part in re.findall(r"\[[^\[\]]*\]", t)
                 if re.search(r"[ƀçđĝĥĵķĺńŕšťŵýžƁÇĐĜĤĴĶĹŃŔŠŤŴÝŽ]", part) and re.search(r"[A-Za-zőűŐŰ]{4,}", part)]
        assert mixed == [], f"{page.relative_to(begun)}: a pseudo-translated sentence with a foreign word: {mixed[:3]}"

    # 2. machine-filled: every page and message of English, accented
    for path in (repo / "docs").rglob("*.en.md"):
        path.with_name(path.name[: -len(".en.md")] + ".eo.md").write_text(
            pseudo_page(path.read_text(encoding="utf-8")), encoding="utf-8")
    pseudo_catalogs(repo)
    in_files = pseudo_files(repo)
    compiled = run("-m", "widgets.i18n", "compile", "--lang", "eo")
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    status = run("-m", "widgets.i18n", "status", "--lang", "eo")
    assert re.search(r"Translation status: eo \(source: hu\), 100% translated", status.stdout), status.stdout
    # and one Hungarian intro paragraph reworded since: reported, and marked on the translated page
    hu = repo / "docs" / game.game / "rules.hu.md"
    old = game.INTRO
    hu.write_text(hu.read_text(encoding="utf-8").replace(old, old + " Ez a mondat új."), encoding="utf-8")
    status = run("-m", "widgets.i18n", "status", "--lang", "eo")
    assert f"warning: section {game.game}/rules#{game.RULES_ANCHOR} (eo) is outdated" in status.stdout
    assert "Ez a mondat új." in status.stdout
    full = tmp_path / "full"
    proc, timings["full"] = build(run, full)
    assert proc.returncode == 0 and "WARNING" not in proc.stderr, proc.stdout + proc.stderr[-4000:]
    problems = widget_problems(full)
    page = (full / "eo" / game.game / "rules" / "index.html").read_text(encoding="utf-8")
    assert game.RULE in page                       # rule ids are kept
    assert "ŕúĺéš" in page                         # the pseudo page: its title, "<game> — rules"
    assert "not translated into" not in page
    assert page.count('class="kikoto-tr-outdated"') == 1               # the reworded intro, under the page's title
    assert re.search(r'</h1>\s*<p class="kikoto-tr-outdated"[^>]*>', page)
    assert "[" in page and re.search(r"\[[^\]<]*[áéíóú][^\]<]*\]", page)  # pseudo messages in the widgets
    assert "eo" in switcher_langs((full / "index.html").read_text(encoding="utf-8"))      # past the threshold
    fallbacks = sum(p.read_text(encoding="utf-8").count('class="kikoto-tr-fallback"')
                    for p in (full / "eo").rglob("*.html"))
    assert problems == []
    print(f"\npseudo-locale builds: 0% {timings['zero']:.1f} s, begun {timings['begun']:.1f} s, "
          f"machine-filled {timings['full']:.1f} s; "
          f"widgets still falling back in the machine-filled build: {fallbacks}; texts filled in case and example "
          f"files: {in_files}")
