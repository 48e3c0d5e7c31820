"""The MkDocs plugin: `kikoto` fences -> pre-rendered HTML islands, plus the live runtime.

At build time each fence is rendered by `widgets.render` on CPython, so the answer is
in the HTML. After the build the plugin copies the browser side next to the pages:
assets/kikoto/{kikoto.js, worker.mjs, kikoto.css}, the Pyodide runtime from the
`pyodide` npm package (node_modules/pyodide), and the engine wheel built from this
checkout, named in build.json with its content hash.
"""

from __future__ import annotations

import json
import logging
import os
import posixpath
import shutil

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin

from engine.core import rule_anchor
from engine.core.registry import FENCE, HEADING

from .render import render_island
from .wheel import build_wheel
from .render.ui import UI

log = logging.getLogger("mkdocs.plugins.kikoto")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ASSET_DIR = "assets/kikoto"
# The files of the npm package that the browser needs; the rest (source maps, console pages) stay out.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


class KikotoPlugin(BasePlugin):
    def on_config(self, config: MkDocsConfig):
        self.docs_dir = config.docs_dir
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
                first = os.path.basename(cases[0])[:-5] if cases else ""
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
            title = (case.get("title") or case.get("question") or {}).get(self.lang, case.get("id", name))
            sections.append(f"### {title} {{#{case.get('id', name[:-5])}}}\n\n```kikoto\ncase: {name[:-5]}\n```\n")
        return markdown.replace(marker, "\n".join(sections))

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
        kinds = [k for k in ref if k in folder]
        if len(kinds) != 1:
            raise ValueError(f"a kikoto fence names one 'example:' or 'case:', got {source.strip()!r}")
        kind = kinds[0]
        page_dir = os.path.dirname(self.page.file.src_path)
        path = os.path.join(self.docs_dir, page_dir, folder[kind], ref[kind] + ".json")
        with open(path, encoding="utf-8") as f:
            spec = json.load(f)
        if kind == "case":
            spec = {"widget": "case", "case": spec, "game": spec.get("game")}
        return spec

    def context(self, spec: dict) -> dict:
        prefix = "" if self.lang == self.default_lang else f"{self.lang}/"
        rules = f"{prefix}{spec.get('game')}/rules/"
        here = self.page.url or "./"
        rules_url = "" if here == rules else posixpath.relpath(rules, here if here.endswith("/") else posixpath.dirname(here)) + "/"
        ui = {key: UI.text(key, self.lang, detail="{detail}") for key in ("loading", "ready", "failed")}
        return {"lang": self.lang, "rules_url": rules_url, "ui": ui}

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
        with open(os.path.join(out, "build.json"), "w") as f:
            json.dump(wheel, f)


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
