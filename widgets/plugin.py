"""The MkDocs plugin: `kikoto` fences -> pre-rendered HTML islands, plus the live runtime.

At build time each fence is rendered by `widgets.render` on CPython, so the answer is
in the HTML. After the build the plugin copies the browser side next to the pages:
assets/kikoto/{kikoto.js, worker.mjs, kikoto.css}, the Pyodide runtime from the
`pyodide` npm package (node_modules/pyodide), and the engine wheel built from this
checkout, named in build.json with its content hash, and a memory snapshot of the started
engine (widgets/snapshot.mjs) that lets the worker skip Python's start-up.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import logging
import os
import posixpath
import re
import shutil
import subprocess

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority

from engine import load_game
from engine.core import rule_anchor
from engine.core.cases import case_texts
from engine.core.registry import FENCE, HEADING

from .render import render_island
from .snapshot import build_snapshot
from .stdlib import build_stdlib
from .wheel import build_wheel
from .render.ui import UI

log = logging.getLogger("mkdocs.plugins.kikoto")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ASSET_DIR = "assets/kikoto"
# The files of the npm package that the browser needs; the rest (source maps, console pages) stay out.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# What the site's worker loads of them: the standard library is the trimmed one (stdlib.mjs) and the
# lock file is site_lock's, in build.json. (The whole package stays for the bare yardstick of `make bench`.)
RUNTIME_FILES = PYODIDE_FILES[:3]


class KikotoPlugin(BasePlugin):
    def on_config(self, config: MkDocsConfig):
        self.docs_dir = config.docs_dir
        if not hasattr(self, "pages"):  # kept over static-i18n's build of each language (it calls on_config again)
            self.pages, self.apps = set(), {}  # every page (the installed app keeps them); language -> description
        self._traces = {}
        self.default_lang = "hu"
        if "pymdownx.superfences" not in config.markdown_extensions:
            config.markdown_extensions.append("pymdownx.superfences")
        fences = config.mdx_configs.setdefault("pymdownx.superfences", {}).setdefault("custom_fences", [])
        if not any(f.get("name") == "kikoto" for f in fences):
            fences.append({"name": "kikoto", "class": "kikoto", "format": self.fence})
        for css in (f"{ASSET_DIR}/kikoto.css",):
            if css not in config.extra_css:
                config.extra_css.append(css)
        if not any(str(s) == f"{ASSET_DIR}/kikoto.js" for s in config.extra_javascript):
            from mkdocs.config.config_options import ExtraScriptValue

            script = ExtraScriptValue(f"{ASSET_DIR}/kikoto.js")
            script.type = "module"
            config.extra_javascript.append(script)
        return config

    def on_page_markdown(self, markdown, page, config, files):
        # static-i18n builds one language at a time and sets the theme language for it.
        self.lang = config.theme["language"]
        self.page = page
        markdown = self.expand_cases(self.expand_coverage(markdown))
        if os.path.basename(page.file.src_path).startswith("rules."):
            markdown = self.checked_by(markdown)
        markdown = self.translation_notices(self.expand_translations(markdown))
        return anchor_rule_headings(markdown)

    def trace(self, game_id: str) -> dict:
        if game_id not in self._traces:
            from engine.core.coverage import report

            self._traces[game_id] = report(ROOT, game_id)
        return self._traces[game_id]

    def checked_by(self, markdown: str) -> str:
        """Under each checkable rule: "checked by 3 cases · 5 tests", the cases linked."""
        game_id = os.path.dirname(self.page.file.src_path)
        rows = {row["id"]: row for row in self.trace(game_id)["rules"]}
        out, in_fence = [], False
        for line in markdown.splitlines():
            out.append(line)
            if FENCE.match(line):
                in_fence = not in_fence
            m = None if in_fence else HEADING.match(line)
            row = rows.get(m.group(2)) if m else None
            if row and not row["descriptive"]:
                cases = row["cases"]
                # the section's anchor is the case id (a file name may carry an ordering prefix, "01-")
                first = re.sub(r"^\d+-", "", os.path.basename(cases[0])[:-5]) if cases else ""
                case_text = UI.text("checked-cases", self.lang, n=len(cases))
                parts = [f'<a href="../cases/#{first}">{case_text}</a>'] if cases else []
                if row["tests"]:
                    parts.append(UI.text("checked-tests", self.lang, n=len(row["tests"])))
                out.append(f'\n<p class="kikoto-checked">{UI.text("checked-by", self.lang)} {" · ".join(parts)}</p>\n')
        return "\n".join(out)

    def expand_coverage(self, markdown: str) -> str:
        """`<!-- kikoto:coverage -->` becomes the table of the game's rules with their code, tests and cases."""
        marker = "<!-- kikoto:coverage -->"
        if marker not in markdown:
            return markdown
        game_id = os.path.dirname(self.page.file.src_path)
        lang = self.lang
        head = [UI.text(k, lang) for k in ("cov-rule", "cov-status", "cov-code", "cov-tests", "cov-cases")]
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for row in self.trace(game_id)["rules"]:
            ok = row["code"] and (row["tests"] or row["cases"])
            status = UI.text("cov-descriptive" if row["descriptive"] else ("cov-ok" if ok else "cov-missing"), lang)
            link = f"[{row['id']}](rules.md#{rule_anchor(row['id'])})"
            lines.append(f"| {link} {row['title']} | {status} | {len(row['code'])} | {len(row['tests'])} | {len(row['cases'])} |")
        return markdown.replace(marker, "\n".join(lines))

    def expand_cases(self, markdown: str) -> str:
        """`<!-- kikoto:cases -->` becomes one section per case file in the page's cases/ folder,
        so a new case file shows up on the site without editing the page."""
        marker = "<!-- kikoto:cases -->"
        if marker not in markdown:
            return markdown
        folder = os.path.join(self.docs_dir, os.path.dirname(self.page.file.src_path), "cases")
        sections = []
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                case = json.load(f)
            texts = case_texts(case, self.lang)
            title = texts.get("title") or texts.get("question") or case.get("id", name)
            sections.append(f"### {title} {{#{case.get('id', name[:-5])}}}\n\n```kikoto\ncase: {name[:-5]}\n```\n")
        # the page's readings, once, above the cases (each case may still fix its own)
        game = os.path.dirname(self.page.file.src_path)
        readings = f"```kikoto\nreadings: {game}\n```\n" if any(
            o.kind == "reading" for o in load_game(game).options.values()) else ""
        return markdown.replace(marker, readings + "\n".join(sections))

    # -- the fence ------------------------------------------------------------------
    def fence(self, source, language, css_class, options, md, **kwargs):
        try:
            spec = self.load_spec(source)
            return render_island(spec, self.context(spec))
        except Exception as err:  # the build must say which fence is wrong, and strict mode fails on it
            log.warning("kikoto fence on %s: %s: %s", self.page.file.src_path, type(err).__name__, err)
            return f'<div class="admonition failure"><p>kikoto: {err}</p></div>'

    def load_spec(self, source: str) -> dict:
        ref = {}
        for line in source.strip().splitlines():
            key, _, value = line.partition(":")
            ref[key.strip()] = value.strip()
        folder = {"example": "examples", "case": "cases"}
        if list(ref) == ["readings"]:
            return {"widget": "readings", "game": ref["readings"]}
        kinds = [k for k in ref if k in folder]
        if len(kinds) != 1:
            raise ValueError(f"a kikoto fence names one 'example:', 'case:' or 'readings:', got {source.strip()!r}")
        kind = kinds[0]
        page_dir = os.path.dirname(self.page.file.src_path)
        path = os.path.join(self.docs_dir, page_dir, folder[kind], ref[kind] + ".json")
        with open(path, encoding="utf-8") as f:
            spec = json.load(f)
        if kind == "case":
            spec = {"widget": "case", "case": spec, "game": spec.get("game")}
        return spec

    def context(self, spec: dict) -> dict:
        rules = f"{self.lang_prefix(self.lang)}{spec.get('game')}/rules/"
        rules_url = "" if self.page.url == rules else self.site_link(rules)
        ui = {key: UI.text(key, self.lang, detail="{detail}") for key in ("loading", "ready", "failed", "crashed", "timeout", "retry", "restored")}
        ctx = {"lang": self.lang, "rules_url": rules_url, "ui": ui}
        if spec.get("widget") in ("editor", "case"):  # links between the editor, the cases and the sandbox
            for page in ("ask", "sandbox"):
                ctx[f"{page}_url"] = self.site_link(f"{self.lang_prefix(self.lang)}{spec.get('game')}/{page}/")
        return ctx

    # -- each page's last touches: the theme's script held back, the Content Security Policy --
    def on_post_page(self, output: str, page, config):
        self.page, lang = page, config.theme["language"]
        self.pages.add(page.url)
        self.apps[lang] = config.site_description or config.site_name
        home = self.lang_prefix(lang)
        head = (f'<link rel="manifest" href="{self.site_link(home).rstrip("/") or "."}/manifest.webmanifest">'
                f'<link rel="apple-touch-icon" href="{self.site_link("assets").rstrip("/")}/icon-192.png">')
        output = output.replace("</head>", head + "</head>", 1)
        return add_csp(hold_theme_script(self.search_base(output, config)))

    # -- the runtime next to the pages -------------------------------------------------
    def on_post_build(self, config: MkDocsConfig):
        out = os.path.join(config.site_dir, ASSET_DIR)
        os.makedirs(os.path.join(out, "pyodide"), exist_ok=True)
        for name in os.listdir(os.path.join(HERE, "assets")):
            shutil.copyfile(os.path.join(HERE, "assets", name), os.path.join(out, name))
        npm = os.path.join(ROOT, "node_modules", "pyodide")
        for name in PYODIDE_FILES:
            src, dst = os.path.join(npm, name), os.path.join(out, "pyodide", name)
            if not os.path.exists(src):
                raise PluginError(f"{src} is missing: run `npm ci` (make serve does it)")
            if not os.path.exists(dst) or os.path.getsize(dst) != os.path.getsize(src):
                shutil.copyfile(src, dst)
        wheel = build_wheel(out)
        wheel_path = os.path.join(out, wheel["wheel"])
        with open(os.path.join(npm, "package.json"), encoding="utf-8") as f:
            wheel["pyodide"] = json.load(f)["version"]
        try:
            stdlib = build_stdlib(out, wheel_path, wheel["hash"], npm, wheel["pyodide"])
            wheel["stdlib"] = stdlib["stdlib"]
            wheel.update(build_snapshot(out, wheel_path, wheel["hash"], npm, wheel["pyodide"], stdlib["stdlib_path"]))
        except (OSError, subprocess.SubprocessError) as err:
            detail = getattr(err, "stderr", b"") or b""
            raise PluginError(f"the trimmed stdlib or the engine snapshot could not be built with node: {err} {detail.decode()[-2000:]}")
        # What the worker's progress counts against: the bytes each file streams (the host's gzip undone).
        wheel["sizes"] = {"runtime": os.path.getsize(os.path.join(npm, "pyodide.asm.wasm")),
                          "stdlib": os.path.getsize(stdlib["stdlib_path"]), "snapshot": wheel["snapshot_bytes"]}
        wheel["lock"] = site_lock(npm, wheel_path)
        with open(os.path.join(out, "pyodide-lock.json"), "w") as f:
            json.dump(wheel["lock"], f, indent=1)
        with open(os.path.join(out, "build.json"), "w") as f:
            json.dump(wheel, f)
        write_service_worker(config.site_dir, wheel, sorted(self.pages))
        write_manifests(config.site_dir, config.site_name, self.apps, self.default_lang)
        if not config.site_url:
            # A sitemap needs absolute URLs; without the host MkDocs writes "None./" into every
            # <loc>. Set site_url in mkdocs.yml where the site is deployed to get one.
            for name in ("sitemap.xml", "sitemap.xml.gz"):
                with contextlib.suppress(FileNotFoundError):
                    os.remove(os.path.join(config.site_dir, name))

    # == translations (issue 8): status page, notices, one search index per language ==========
    # The data comes from widgets.i18n, the same code as `python -m widgets.i18n status`.

    def on_pre_build(self, config: MkDocsConfig):
        self._i18n = {}
        self.config_ref = config

    def i18n_rows(self, game: str, lang: str) -> list:
        from .i18n import game_status

        cache = self._i18n  # emptied by on_pre_build, once per language build
        if (game, lang) not in cache:
            cache[game, lang] = game_status(game, lang, self.docs_dir)
        return cache[game, lang]

    def site_link(self, path: str) -> str:
        """A link from the current page to `path` (from the site root, e.g. "mare-balticum/rules/#mb-4-2")."""
        here = self.page.url or "./"
        here = here if here.endswith("/") else posixpath.dirname(here) + "/"
        target, _, frag = path.partition("#")
        rel = posixpath.relpath(target or ".", here) + "/"
        return rel + (f"#{frag}" if frag else "")

    def lang_prefix(self, lang: str) -> str:
        return "" if lang == self.default_lang else f"{lang}/"

    def expand_translations(self, markdown: str) -> str:
        """`<!-- kikoto:translations -->` becomes the per-rule translation status of every
        other language, built from the same data as the CLI report."""
        markdown = self.expand_glossary(markdown)
        marker = "<!-- kikoto:translations -->"
        if marker not in markdown:
            return markdown
        from .i18n import STATES, games, missing_pages, target_languages

        t = lambda key, **kw: UI.text(key, ui_lang(self.lang), **kw)  # noqa: E731
        langs = self.i18n_languages() or target_languages()
        out = []
        for lang in langs:
            out.append(f"## {t('tr-lang', name=lang_name(lang, self.lang))} {{#tr-{lang}}}\n")
            head = [t("tr-game")] + [t(f"tr-{s}") for s in STATES]
            out += ["| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
            problems = []
            for game in games(self.docs_dir):
                rows = self.i18n_rows(game, lang)
                c = {s: sum(1 for r in rows if r.state == s) for s in STATES}
                out.append(f"| {game} | " + " | ".join(str(c[s]) for s in STATES) + " |")
                problems += [r for r in rows if r.state != "current"]
            out.append("")
            if not problems:
                out.append(t("tr-all-current") + "\n")
            for r in problems:
                anchor = rule_anchor(r.id)
                if r.state == "missing":
                    link = self.site_link(f"{self.lang_prefix(self.default_lang)}{r.game}/rules/#{anchor}")
                else:
                    link = self.site_link(f"{self.lang_prefix(lang)}{r.game}/rules/#{anchor}")
                out.append(f"- **{t('tr-' + r.state)}**: <a href=\"{link}\">{r.id}</a> {r.title} ({r.game})")
                if r.diff:
                    out.append(f"\n    ??? note \"{t('tr-diff')}\"\n")
                    out.append("        ```diff")
                    out += ["        " + line for line in r.diff]
                    out.append("        ```\n")
            pages = missing_pages(self.docs_dir, lang)
            if pages:
                out.append("\n" + t("tr-pages-missing") + " " + ", ".join(f"`{p}`" for p in pages) + "\n")
            out.append("")
        return markdown.replace(marker, "\n".join(out))

    def expand_glossary(self, markdown: str) -> str:
        """`<!-- kikoto:glossary -->` becomes the glossary (docs/glossary.json), one table per game."""
        marker = "<!-- kikoto:glossary -->"
        if marker not in markdown:
            return markdown
        from .i18n import load_glossary

        glossary = load_glossary(self.docs_dir)
        langs = ["hu", *[l for l in (self.i18n_languages() or ["en"])]]
        out = []
        for game, entries in glossary.items():
            if game.startswith("_"):
                continue
            title = UI.text("tr-glossary-common", ui_lang(self.lang)) if game == "common" else game
            out += [f"### {title}", "", "| " + " | ".join(lang_name(l, self.lang) for l in langs) + " |",
                    "|---" * len(langs) + "|"]
            for e in entries:
                out.append("| " + " | ".join(e.get(l, "") for l in langs) + " |")
            out.append("")
        return markdown.replace(marker, "\n".join(out))

    def i18n_languages(self) -> list[str]:
        i18n = self.config_ref.plugins.get("i18n") if getattr(self, "config_ref", None) else None
        try:
            return [l.locale for l in i18n.config.languages if not l.default and l.build]
        except AttributeError:
            return []

    def translation_notices(self, markdown: str) -> str:
        """On a translated rules page: a notice under each outdated (or orphaned) rule, and for a
        rule the translation lacks, a heading with its id and a notice linking the source."""
        if self.lang == self.default_lang or not os.path.basename(self.page.file.src_path).startswith("rules."):
            return markdown
        game = os.path.dirname(self.page.file.src_path)
        rows = self.i18n_rows(game, self.lang)
        by_id = {r.id: r for r in rows}
        lang = ui_lang(self.lang)
        source_page = f"{self.lang_prefix(self.default_lang)}{game}/rules/"
        missing = [r for r in rows if r.state == "missing"]
        order = [r.id for r in rows if r.state != "orphaned"]  # the source's order
        # Where each missing rule goes: before the next source rule the page has.
        before: dict[str | None, list] = {}
        for r in missing:
            later = order[order.index(r.id) + 1:]
            nxt = next((i for i in later if by_id[i].state in ("current", "outdated")), None)
            before.setdefault(nxt, []).append(r)

        def missing_block(r) -> list[str]:
            link = self.site_link(f"{source_page}#{rule_anchor(r.id)}")
            title = UI.text("tr-missing-title", lang)
            body = UI.text("tr-missing-note", lang, lang_name=lang_name(self.default_lang, lang))
            return [f"{'#' * r.level} {r.id} — {title} {{#{rule_anchor(r.id)} .kikoto-rule-heading .kikoto-untranslated}}",
                    "", f'<p class="kikoto-tr-missing">{body} <a href="{link}" hreflang="{self.default_lang}">'
                    f"{r.id} {r.source_title}</a></p>", ""]

        out, in_fence = [], False
        for line in markdown.splitlines():
            if FENCE.match(line):
                in_fence = not in_fence
            m = None if in_fence else HEADING.match(line)
            if m and m.group(2) in before:
                out += [x for r in before.pop(m.group(2)) for x in missing_block(r)]
            out.append(line)
            r = by_id.get(m.group(2)) if m else None
            if r and r.state == "outdated":
                link = self.site_link(f"{source_page}#{rule_anchor(r.id)}")
                note = UI.text("tr-outdated-note", lang, lang_name=lang_name(self.default_lang, lang))
                see = UI.text("tr-see-source", lang)
                out.append(f'\n<p class="kikoto-tr-outdated">{note} <a href="{link}" hreflang="{self.default_lang}">{see}</a></p>\n')
            elif r and r.state == "orphaned":
                out.append(f'\n<p class="kikoto-tr-outdated">{UI.text("tr-orphaned-note", lang)}</p>\n')
        for r in before.pop(None, []):
            out += [""] + missing_block(r)
        return "\n".join(out)

    def search_base(self, output: str, config) -> str:
        """A translated page searches its own language's index: the theme reads the index
        from `base`, so a page in /en/ gets the /en/ root as its base (the index's
        locations are relative to it)."""
        lang = config.theme["language"]
        if lang == self.default_lang:
            return output
        return CONFIG_BASE.sub(lambda m: f'{m.group(1)}"{m.group(2)}/{lang}/"', output, count=1)

    @event_priority(-110)  # after mkdocs-static-i18n (-100) has written the merged index
    def split_search_index(self, config: MkDocsConfig):
        i18n = config.plugins.get("i18n")
        if i18n is None or getattr(i18n, "building", False):
            return  # a nested build of one language: the index is merged at the end
        split_search_index(config.site_dir, self.default_lang,
                           [l.locale for l in i18n.config.languages if not l.default and l.build])

    on_post_build = CombinedEvent(on_post_build, split_search_index)


def site_lock(npm: str, wheel_path: str) -> dict:
    """The site's own pyodide-lock.json: Pyodide's platform, and one package, the engine wheel with
    its sha256 (as `pyodide lockfile add-wheels` writes it), in place of the npm package's 120 KB
    list of packages the site never loads."""
    with open(os.path.join(npm, "pyodide-lock.json"), encoding="utf-8") as f:
        info = json.load(f)["info"]
    with open(wheel_path, "rb") as f:
        sha256 = hashlib.sha256(f.read()).hexdigest()
    name = os.path.basename(wheel_path)
    return {"info": info, "packages": {"kikoto": {
        "name": "kikoto", "version": name.split("-")[1], "file_name": name, "install_dir": "site", "sha256": sha256,
        "package_type": "package", "imports": ["engine", "widgets"], "depends": [], "unvendored_tests": False, "tool": {}}}, "tool": {}}


def write_manifests(site_dir: str, name: str, apps: dict, default: str) -> None:
    """A web app manifest per language (its home page is the app's start): installable on a phone's
    home screen, one scope (the site root) for both languages, as the service worker's."""
    icons = [{"src": f"assets/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"} for size in (192, 512)]
    icons.append({"src": "assets/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"})
    icons.append({"src": "assets/icon.svg", "sizes": "any", "type": "image/svg+xml"})
    for lang, description in apps.items():
        up = "" if lang == default else "../"
        manifest = {"name": name, "short_name": name, "description": description, "lang": lang,
                    "id": f"/?lang={lang}", "start_url": "./", "scope": up or "./", "display": "standalone",
                    "background_color": "#ffffff", "theme_color": "#4051b5",
                    "icons": [{**icon, "src": up + icon["src"]} for icon in icons]}
        folder = os.path.join(site_dir, *([] if lang == default else [lang]))
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "manifest.webmanifest"), "w", encoding="utf-8") as f:
            json.dump(manifest, f, ensure_ascii=False, indent=1)


def write_service_worker(site_dir: str, build: dict, pages: list[str]) -> None:
    """sw.js at the site root (its scope covers both languages), from widgets/sw.js with the
    versions filled in: the Pyodide runtime by its npm version, the engine wheel and snapshot by
    their content hashes. A new build with a new wheel or Pyodide changes sw.js, so browsers install it and
    drop the old caches."""
    with open(os.path.join(HERE, "sw.js"), encoding="utf-8") as f:
        text = f.read()
    runtime = [f"{ASSET_DIR}/pyodide/{name}" for name in RUNTIME_FILES]
    engine = [f"{ASSET_DIR}/{build['wheel']}?v={build['hash']}", f"{ASSET_DIR}/{build['stdlib']}"]
    values = {"__PYODIDE__": build["pyodide"], "__ENGINE__": build["hash"] + build["stdlib"] + build.get("snapshot", ""),
              "__SNAPSHOT__": json.dumps(f"{ASSET_DIR}/{build['snapshot']}" if "snapshot" in build else ""),
              "__RUNTIME__": json.dumps(runtime), "__ENGINE_FILES__": json.dumps(engine),
              "__ASSETS__": json.dumps([f"{ASSET_DIR}/build.json", f"{ASSET_DIR}/worker.mjs"]),
              "__PAGES__": json.dumps([p or "./" for p in pages] + [f"assets/icon-{n}.png" for n in ("192", "512", "maskable-512")] + ["assets/icon.svg"])}
    for key, value in values.items():
        text = text.replace(key, value)
    with open(os.path.join(site_dir, "sw.js"), "w", encoding="utf-8") as f:
        f.write(text)


INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


THEME_SCRIPT = re.compile(r'<script src="([^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js)"></script>')


def hold_theme_script(html: str) -> str:
    """The theme's script (search, the contents' tracking, back to top, the header's title) is
    held back: a script of an unknown type is neither fetched nor run. kikoto.js loads it at the
    reader's first scroll, tap, key or focus. Run at load, it cost a phone 300-500 ms of blocked
    main thread on a long rules page (Lighthouse's blocking time), for features nobody uses
    before touching the page."""
    html, n = THEME_SCRIPT.subn(r'<script type="kikoto/later" src="\1"></script>', html, count=1)
    if n != 1:
        raise PluginError("the theme's script tag was not found: has Material's base.html changed?")
    return html


def add_csp(html: str) -> str:
    """Only the site's own origin. The theme's few inline scripts are allowed by their hashes,
    so no 'unsafe-inline' is needed for scripts; 'wasm-unsafe-eval' is what Pyodide needs."""
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"
        for body in INLINE_SCRIPT.findall(html))
    policy = ("default-src 'self'; "
              f"script-src 'self' 'wasm-unsafe-eval' {hashes}; "
              "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; "
              "connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'")
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    return html.replace("<head>", "<head>\n" + meta, 1)


def anchor_rule_headings(markdown: str) -> str:
    """`### MB-4.2 Title` gets the anchor `#mb-4-2` in every language (the rule's permalink)."""
    lines, in_fence = [], False
    for line in markdown.splitlines():
        if FENCE.match(line):
            in_fence = not in_fence
        m = None if in_fence else HEADING.match(line)
        if m and "{" not in line:
            line = f"{line} {{#{rule_anchor(m.group(2))} .kikoto-rule-heading}}"
        lines.append(line)
    return "\n".join(lines)


# == translations (issue 8): helpers ==========================================================

CONFIG_BASE = re.compile(r'(<script id="__config" type="application/json">[^<]*?"base":\s*)"([^"]*)"')


def ui_lang(lang: str) -> str:
    """The interface words exist in the catalog's languages; a new site language without
    them yet gets English words (its pages are still all in its own files)."""
    from engine.core.messages import LANGS

    return lang if lang in LANGS else "en"


def lang_name(lang: str, reader: str = "en") -> str:
    """The name of `lang` in the reader's language (the code, for a language the catalog lacks)."""
    key = f"lang-{lang}"
    return UI.text(key, ui_lang(reader)) if key in UI else lang


def split_search_index(site_dir: str, default: str, others: list[str]) -> None:
    """mkdocs-static-i18n writes one index with every language's pages. Split it into one
    index per language, each with its own lunr language (Hungarian stemming for hu), so a
    reader searches the pages of the language they read."""
    path = os.path.join(site_dir, "search", "search_index.json")
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as f:
        index = json.load(f)
    lunr = os.path.join(os.path.dirname(__import__("material").__file__), "templates", "assets",
                        "javascripts", "lunr", "min")
    by_lang = {lang: [] for lang in [default, *others]}
    for doc in index["docs"]:
        lang = next((l for l in others if doc["location"].startswith(f"{l}/")), default)
        if lang != default:
            doc = {**doc, "location": doc["location"][len(lang) + 1:]}
        by_lang[lang].append(doc)
    for lang, docs in by_lang.items():
        stemmed = lang == "en" or os.path.exists(os.path.join(lunr, f"lunr.{lang}.min.js"))
        config = {**index["config"], "lang": [lang if stemmed else "en"]}
        folder = os.path.join(site_dir, *([] if lang == default else [lang]), "search")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "search_index.json"), "w", encoding="utf-8") as f:
            json.dump({"config": config, "docs": docs}, f, ensure_ascii=False, separators=(",", ":"))
    # Let lunr's stemmer also see Material's prefix queries (see the file's comment).
    support = os.path.join(site_dir, "assets", "javascripts", "lunr", "min", "lunr.stemmer.support.min.js")
    if os.path.exists(support):
        with open(os.path.join(HERE, "search", "lunr-stem-prefix.js"), encoding="utf-8") as f:
            patch = f.read()
        with open(support, encoding="utf-8") as f:
            text = f.read()
        if "__kikotoStemPrefix" not in text:
            with open(support, "a", encoding="utf-8") as f:
                f.write("\n" + patch)
