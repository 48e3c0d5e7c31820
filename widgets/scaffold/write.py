"""`new_game`: the house of a new game, written from the templates beside this module (templates/).

A template is a file of the house with these tokens in its text (and `__PKG__` in its name), each
replaced by the game's own: __ID__ (hansa-teutonica), __PKG__ (hansa_teutonica), __CLS__
(HansaTeutonica), __PREFIX__ (HT), __prefix__ (ht), __TITLE_HU__, __TITLE_EN__, __LOW__, __HIGH__,
__HIGH_1__ (the last seat). The examples and cases are JSON lists (docs/examples.json.tmpl,
docs/cases.json.tmpl): a text is {"hu": …, "en": …}, the file keeps the source language's and the
others go to the game's content catalog; a list item {"repeat_all": x} stands for x once per seat
of the smallest table, {"repeat_others": x} once per other seat.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys

from engine.core import content
from engine.core.formats import FORMAT
from engine.core.messages import SOURCE_LANG

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")
NAV_MARK = "  # new games go above this line (python -m widgets new-game)"
# the pages of a game, in the nav's order, with their Hungarian nav titles
PAGES = (
    ("learn", "Így játszd"),
    ("rules", "Szabályok"),
    ("aid", "Összefoglaló lap"),
    ("examples", "Példák"),
    ("cases", "Vitás esetek"),
    ("sandbox", "Homokozó"),
    ("ask", "Kérdezz te!"),
    ("coverage", "Lefedettség"),
)


def tokens(game_id: str, title_hu: str, title_en: str, prefix: str, low: int, high: int) -> dict[str, str]:
    pkg = game_id.replace("-", "_")
    return {
        "__ID__": game_id,
        "__PKG__": pkg,
        "__CLS__": "".join(part.title() for part in pkg.split("_")),
        "__PREFIX__": prefix,
        "__prefix__": prefix.lower(),
        "__TITLE_HU__": title_hu,
        "__TITLE_EN__": title_en,
        "__HIGH_1__": str(high - 1),
        "__LOW__": str(low),
        "__HIGH__": str(high),
    }


def fill(text: str, values: dict[str, str]) -> str:
    for token, value in values.items():
        text = text.replace(token, value)
    return text


def template(rel: str, values: dict[str, str]) -> str:
    with open(os.path.join(TEMPLATES, rel + ".tmpl"), encoding="utf-8") as f:
        return fill(f.read(), values)


def languages(mkdocs_text: str) -> list[str]:
    return re.findall(r"^\s+- locale: (\w+)", mkdocs_text, re.M) or [SOURCE_LANG, "en"]


def expand(value, low: int):
    """The repeats of a template's lists (the module's docstring), for the smallest table."""
    if isinstance(value, dict):
        return {k: expand(v, low) for k, v in value.items()}
    if not isinstance(value, list):
        return value
    out = []
    for item in value:
        if isinstance(item, dict) and set(item) in ({"repeat_all"}, {"repeat_others"}):
            key = next(iter(item))
            out += [expand(item[key], low)] * (low if key == "repeat_all" else low - 1)
        else:
            out.append(expand(item, low))
    return out


def split_texts(doc: dict, kind: str, translations: dict[str, dict[str, str]]) -> dict:
    """The document with each {lang: text} as its source language's text; the other languages' go
    into `translations` ({lang: {code: text}}) under the code the content catalog knows it by."""
    bilingual = {}

    def pick(value):
        if isinstance(value, dict) and SOURCE_LANG in value and all(isinstance(v, str) for v in value.values()):
            bilingual[value[SOURCE_LANG]] = value
            return value[SOURCE_LANG]
        if isinstance(value, dict):
            return {k: pick(v) for k, v in value.items()}
        return [pick(v) for v in value] if isinstance(value, list) else value

    doc = pick(doc)
    for _, code, source in content.texts(doc, kind):
        for lang, text in bilingual[source].items():
            if lang != SOURCE_LANG:
                translations.setdefault(lang, {})[code] = text
    return doc


def dump(doc: dict) -> str:
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def house(values: dict[str, str], langs: list[str], translations: dict) -> dict[str, str]:
    """{path: text} of every file of the new game, but its messages (`write_messages`)."""
    gid, pkg, low = values["__ID__"], values["__PKG__"], int(values["__LOW__"])
    files = {}
    for folder, target in (("engine", f"engine/{pkg}"), ("widgets", f"widgets/render/{pkg}"), ("tests", f"tests/{pkg}")):
        for base, _, names in os.walk(os.path.join(TEMPLATES, folder)):
            for name in sorted(names):
                rel = os.path.relpath(os.path.join(base, name), TEMPLATES)[: -len(".tmpl")]
                inner = os.path.relpath(rel, folder)
                files[f"{target}/{fill(inner, values)}"] = template(rel, values)
    for lang in langs:
        own = lang if os.path.exists(os.path.join(TEMPLATES, f"docs/rules.{lang}.md.tmpl")) else "en"
        for page in ("rules", "learn", "aid"):
            files[f"docs/{gid}/{page}.{lang}.md"] = template(f"docs/{page}.{own}.md", values)
        for page, (title, intro, body) in json.loads(template(f"docs/small.{own}.json", values)).items():
            files[f"docs/{gid}/{page}.{lang}.md"] = f"---\ntitle: {title}\n---\n\n# {title}\n\n{intro}\n\n{body}\n"
    for example in json.loads(template("docs/examples.json", values)):
        doc = split_texts(
            {"id": example["id"], "game": gid, "game_format": 1, **expand(example, low)}, content.EXAMPLE, translations
        )
        files[f"docs/{gid}/examples/{doc['id']}.json"] = dump(doc)
    for case in json.loads(template("docs/cases.json", values)):
        head = {"id": case["id"], "game": gid, "format": FORMAT, "game_format": 1}
        doc = split_texts({**head, **expand(case, low)}, content.CASE, translations)
        files[f"docs/{gid}/cases/{doc['id']}.json"] = dump(doc)
    return files


def write(root: str, rel: str, text: str) -> None:
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        raise SystemExit(f"error: {rel} already exists")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def write_messages(root: str, pkg: str, messages: dict, translations: dict) -> list[str]:
    """The game's gettext domains: a .po per language with its messages, and its content catalog
    with the examples' and cases' texts in the other languages, brought up to date by extraction
    and compiled to .mo."""
    from ..i18n import messages as M

    langs = [lang for lang in M.languages(root) if os.path.exists(M.po_path(root, lang, M.CORE_DOMAIN))]
    for lang in langs:
        catalog = M.new_catalog(pkg, lang)
        for code, text in messages.get(lang, {}).items():
            catalog.add(code, text, flags=M.FLAGS)
        path = M.po_path(root, lang, pkg)
        if os.path.exists(path):
            raise SystemExit(f"error: {os.path.relpath(path, root)} already exists")
        with open(path, "wb") as f:
            f.write(M.po_bytes(catalog))
    site_content = f"{pkg}-content"
    M.extract(root, langs, only=[pkg, site_content])
    for lang in langs:
        if lang == SOURCE_LANG or lang not in translations:
            continue
        path = M.po_path(root, lang, site_content)
        catalog = M.read_po(path)
        for code, text in translations[lang].items():
            if catalog.get(code) is not None:
                catalog[code].string = text
        with open(path, "wb") as f:
            f.write(M.po_bytes(catalog))
    M.extract(root, langs, only=[pkg, site_content])
    M.compile_all(root, langs, only=[pkg, site_content])
    rels = [os.path.relpath(M.pot_path(root, d), root) for d in (pkg, site_content)]
    for lang in langs:
        rels += [os.path.relpath(M.po_path(root, lang, d, ext), root) for d in (pkg, site_content) for ext in ("po", "mo")]
    return [rel.replace(os.sep, "/") for rel in rels if os.path.exists(os.path.join(root, rel))]


def register(root: str, values: dict[str, str], langs: list[str], mkdocs: str) -> list[str]:
    """The game where the site and the shared tests look for it: the nav, the home page's card in
    each language, its rules index (engine/<package>/rules.json) and its formats record."""
    gid = values["__ID__"]
    nav = f"  - {values['__TITLE_HU__']}:\n" + "".join(f"      - {title}: {gid}/{page}.md\n" for page, title in PAGES)
    with open(os.path.join(root, "mkdocs.yml"), "w", encoding="utf-8") as f:
        f.write(mkdocs.replace(NAV_MARK, nav + NAV_MARK))
    changed = ["mkdocs.yml"]
    for lang in langs:
        path = os.path.join(root, "docs", f"index.{lang}.md")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            text = f.read()
        own = lang if os.path.exists(os.path.join(TEMPLATES, f"docs/home.{lang}.md.tmpl")) else "en"
        card = template(f"docs/home.{own}.md", values)  # the game's card on the home page
        if "\n</div>\n" in text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text.replace("\n</div>\n", "\n" + card + "</div>\n", 1))
            changed.append(f"docs/index.{lang}.md")
    mark_translated(
        root, values["__ID__"], [lang for lang in langs if lang != SOURCE_LANG], "index" if len(changed) > 1 else None
    )
    importlib.invalidate_caches()
    from engine.core.registry import rules_index

    index = rules_index(gid, os.path.join(root, "docs"))
    rules = ",\n".join("  " + json.dumps(r, ensure_ascii=False) for r in index.pop("rules"))
    rel = f"engine/{values['__PKG__']}/rules.json"
    write(root, rel, json.dumps(index, ensure_ascii=False)[:-1] + f', "rules": [\n{rules}\n]}}\n')
    record_path = os.path.join(root, "tests", "formats", "formats.json")
    if os.path.exists(record_path):
        from tests.formats.test_guard import current  # the guard's own fingerprint of a game's format

        with open(record_path, encoding="utf-8") as f:
            record = json.load(f)
        record[gid] = current()[gid]
        with open(record_path, "w", encoding="utf-8") as f:
            f.write(json.dumps(record, indent=1, ensure_ascii=False) + "\n")
        changed.append("tests/formats/formats.json")
    return [rel, *changed]


def mark_translated(root: str, game_id: str, langs: list[str], index: str | None) -> None:
    """The new pages were written in every language at once: each language's rules and sections are
    recorded as translated from the Hungarian as it is now (`python -m widgets.i18n mark`), and so is
    the home page's top section, where the game's card went."""
    from ..i18n.pages import load_sections

    sections = load_sections(os.path.join(root, "docs"), index, SOURCE_LANG) if index else []
    top = next((s.key for s in sections if f"{game_id}/learn.md" in s.text), None)
    for lang in langs:
        for what in ([game_id, "--all"], [index, top] if top else None):
            if what is not None:
                subprocess.run(
                    [sys.executable, "-m", "widgets.i18n", "mark", *what, "--lang", lang],
                    cwd=root,
                    check=True,
                    capture_output=True,
                )


def formatted(root: str, rels: list[str]) -> None:
    """The written Python as `make lint` wants it (ruff, when it is installed: `make deps`)."""
    paths = [os.path.join(root, r) for r in rels if r.endswith(".py")]
    if importlib.util.find_spec("ruff") is not None:
        subprocess.run([sys.executable, "-m", "ruff", "format", "-q", *paths], cwd=root, check=False)
        subprocess.run([sys.executable, "-m", "ruff", "check", "-q", "--fix", *paths], cwd=root, check=False)


def new_game(root: str, game_id: str, title_hu: str, title_en: str, prefix: str, low: int, high: int) -> list[str]:
    values = tokens(game_id, title_hu, title_en, prefix, low, high)
    with open(os.path.join(root, "mkdocs.yml"), encoding="utf-8") as f:
        mkdocs = f.read()
    if NAV_MARK not in mkdocs:
        raise SystemExit(f"error: mkdocs.yml has no line {NAV_MARK.strip()!r} to add the nav entries above")
    langs = languages(mkdocs)
    translations: dict[str, dict[str, str]] = {}
    files = house(values, langs, translations)
    for rel, text in files.items():
        write(root, rel, text)
    formatted(root, list(files))
    messages = json.loads(template("messages.json", values))
    written = sorted(files) + write_messages(root, values["__PKG__"], messages, translations)
    return written + register(root, values, langs, mkdocs)
