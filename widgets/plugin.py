"""The MkDocs plugin: `kikoto` fences -> pre-rendered HTML islands, plus the live runtime.

Each build step is a module of widgets/build (see its docstring); this file only wires them to
MkDocs' events and keeps what they share across pages.
"""

from __future__ import annotations

import logging

from mkdocs.config import config_options
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority

from engine.core.coverage import report

from .build import aid, boxes, csp, fallback, fences, notices, offline, pages, runtime, search, theme
from .build.where import DEFAULT_LANG, Where
from .i18n import game_status, page_status
from .render.html import lang_spans
from .render.ui import UI

log = logging.getLogger("mkdocs.plugins.kikoto")


class KikotoPlugin(BasePlugin):
    # `translations:` {complete, switcher, fallback}: read by widgets.i18n.config (the CLI reads it too)
    config_scheme = (("translations", config_options.Type(dict, default={})),)

    def on_config(self, config: MkDocsConfig):
        self.docs_dir = config.docs_dir
        if not hasattr(self, "pages"):  # kept over static-i18n's build of each language (it calls on_config again)
            self.pages, self.apps = set(), {}  # every page (the installed app keeps them); language -> description
            self.held = search.Held()  # the islands' insides, out of the theme's search parse
            notices.start_build()  # the .mo files compiled where stale; what holds translated messages back, recorded
        self._traces = {}
        self.default_lang = DEFAULT_LANG
        fences.wire(config, self.fence, runtime.ASSET_DIR)  # the `kikoto` fence, the runtime's script and style
        return config

    def on_pre_build(self, config: MkDocsConfig):
        self._i18n = {}  # once per language build
        notices.forget()
        self.config_ref = config

    def where(self, page, config) -> Where:
        return notices.page_where(page, config, self.docs_dir, self.default_lang)

    def on_page_markdown(self, markdown, page, config, files):
        self.here = where = self.where(page, config)
        markdown = notices.fallback_text(markdown, page, where)  # a page the language lacks: its chain's first file
        if where.is_fallback_page and where.lang != where.default_lang:
            markdown = fallback.tag_headings(markdown, where.file_lang)  # its TOC says its language too
        markdown = notices.page_notices(markdown, where, self.section_rows)  # first: it counts the page's own headings
        rule_rows = self.i18n_rows(where.game, where.lang) if where.is_rules_page and where.lang != where.default_lang else []
        markdown = fallback.fill_units(markdown, where, rule_rows, self.section_rows(where.page_id, where.lang))
        markdown = pages.expand_cases(pages.expand_coverage(markdown, where, self.trace), where)
        markdown = boxes.fold(markdown, where)  # a rules page's readings and conventions, one line each
        markdown = aid.expand(markdown, where)  # a player aid's lines: the rules' own sentences
        if where.is_rules_page:
            markdown = pages.checked_by(markdown, where, self.trace)
        languages = notices.site_languages(getattr(self, "config_ref", None))
        markdown = notices.expand_translations(markdown, where, self.i18n_rows, languages)
        markdown = notices.translation_notices(markdown, where, self.i18n_rows)
        return pages.anchor_rule_headings(markdown)

    def on_page_content(self, html, page, config, files):
        where = self.where(page, config)
        html = theme.permalink_titles(html, notices.permalink_word(html, where))
        return notices.mark_text_lang(fallback.blocks(html), where)

    def on_template_context(self, context, template_name, config):
        """The static pages (404.html) get the theme's words in the language being built."""
        lang = config.theme["language"]
        context["kikoto_words"] = notices.theme_words(notices.reader_lang(config))
        context["kikoto_home"] = "" if lang == self.default_lang else f"{lang}/"
        return context

    def on_post_template(self, output, template_name, config):
        """A 404 page per language: the default's at the root, each other's in its folder."""
        if template_name == "404.html":
            lang = config.theme["language"]
            self.not_found = getattr(self, "not_found", {})
            self.not_found[lang] = output = lang_spans(output, lang)
        return output

    def fence(self, source, language, css_class, options, md, **kwargs):
        try:
            return self.held.hold(fences.render_fence(source, self.here))
        except Exception as err:  # the build must say which fence is wrong, and strict mode fails on it
            log.warning("kikoto fence on %s: %s: %s", self.here.src_path, type(err).__name__, err)
            return f'<div class="admonition failure"><p>kikoto: {err}</p></div>'

    def trace(self, game_id: str) -> dict:
        if game_id not in self._traces:
            self._traces[game_id] = report(game_id, self.docs_dir)  # the cases run now; no test run's recording
        return self._traces[game_id]

    def section_rows(self, page: str, lang: str) -> list:
        return page_status(page, lang, self.docs_dir)

    @event_priority(-110)  # after static-i18n (-100) has made this language's navigation
    def on_nav(self, nav, config, files):
        conf = notices.languages_config(config.config_file_path)
        notices.translate_nav(nav, config.theme["language"], notices.reader_lang(config), conf.source)
        return nav

    def on_page_context(self, context, page, config, nav):
        """The site's description and the theme's words from the `ui` catalog; the languages listed."""
        where = self.where(page, config)
        config.site_description = UI.text("site-description", where.reader)
        context["kikoto_words"] = notices.theme_words(where.reader)
        notices.filter_switcher(config, self.docs_dir)
        return context

    def i18n_rows(self, game: str, lang: str) -> list:
        if (game, lang) not in self._i18n:
            self._i18n[game, lang] = game_status(game, lang, self.docs_dir)
        return self._i18n[game, lang]

    # -- each page's last touches: the manifest, the search index, the theme's script, the CSP --
    def on_post_page(self, output: str, page, config):
        where = self.where(page, config)
        output = lang_spans(self.held.restore(output), where.lang)  # every text in its language
        self.pages.add(page.url)
        self.apps[where.lang] = config.site_description or config.site_name
        head = offline.manifest_links(where.link(where.prefix(where.lang)), where.link("assets"))
        output = output.replace("</head>", head + "</head>", 1)
        output = search.search_base(output, where.lang, self.default_lang)
        return csp.add_csp(theme.hold_theme_script(output))

    # -- after the build: the runtime next to the pages, offline, the search index per language --
    def on_post_build(self, config: MkDocsConfig):
        build = runtime.write_runtime(config.site_dir)
        offline.write_service_worker(config.site_dir, build, sorted(self.pages), sorted(self.apps), self.default_lang)
        offline.write_manifests(config.site_dir, config.site_name, self.apps, self.default_lang)
        if not config.site_url:
            offline.remove_sitemap(config.site_dir)

    @event_priority(-110)  # after mkdocs-static-i18n (-100) has written the merged index
    def split_search_index(self, config: MkDocsConfig):
        i18n = config.plugins.get("i18n")
        if i18n is None or getattr(i18n, "building", False):
            return  # a nested build of one language: the index is merged at the end
        pages.write_not_found(config.site_dir, getattr(self, "not_found", {}), self.default_lang)
        search.split_search_index(config.site_dir, self.default_lang, notices.site_languages(config))
        notices.end_build()

    on_post_build = CombinedEvent(on_post_build, split_search_index)
