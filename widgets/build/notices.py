"""Translations on the site: the status page, the glossary, and the notices on a translated
rules page. The data comes from widgets.i18n, the same code as `python -m widgets.i18n status`."""

from __future__ import annotations

import os
import re
from typing import Callable

from engine.core import rule_anchor
from engine.core.messages import N_, is_tagged, tagged

from ..render.ui import UI
from .pages import rule_headings
from .where import Where

SectionRows = Callable[[str, str], list]  # (page, language) -> widgets.i18n.page_status rows

Rows = Callable[[str, str], list]  # (game, language) -> widgets.i18n.game_status rows


def ui_lang(lang: str, chain: tuple | list = ()) -> str:
    """The language of the interface words for a page in `lang`: `lang` once its catalogs are
    compiled, else the first language of its fallback chain that has them (mkdocs.yml's
    `translations: fallback`, then the source)."""
    from engine.core.messages import LANGS

    for candidate in [lang, *(chain or languages_config().chain(lang))]:
        if candidate in LANGS:
            return candidate
    return LANGS[0]


def text_lang(where: Where) -> str:
    """The language of the text a page shows: its own file's, or, where the language has none yet,
    the first language of its chain that has one (mkdocs.yml's `fallback`, then the source)."""
    if where.lang == where.default_lang:
        return ""
    for lang in (where.lang, *where.chain):
        if os.path.exists(os.path.join(where.docs_dir, *where.page_id.split("/")) + f".{lang}.md"):
            return lang
    return ""


def fallback_text(markdown: str, page, where: Where) -> str:
    """A page the language lacks shows the text of the first language of its chain that has the page
    (static-i18n gives the source's file): English before Hungarian when `fallback: en`."""
    parts = os.path.basename(where.src_path).split(".")
    given = parts[-2] if len(parts) >= 3 else where.default_lang
    if not where.text_lang or where.text_lang == given:
        return markdown
    from mkdocs.utils.meta import get_data

    path = os.path.join(where.docs_dir, *where.page_id.split("/")) + f".{where.text_lang}.md"
    with open(path, encoding="utf-8-sig") as f:
        text, meta = get_data(f.read())
    if meta.get("title"):
        meta["title"] = page.title = tagged(meta["title"], where.text_lang)  # the <title>, the header, the nav: marked
    page.meta = meta
    return text  # its headings tagged with its language next (fallback.tag_headings)


def start_build() -> None:
    """The build's first step: compile every stale .mo (a .po edited since: a stale .mo never reaches a
    page, the wheel or a check), and start recording what holds each translated message back."""
    from engine.core import messages

    from ..i18n import messages as catalogs

    catalogs.compile_stale()
    messages.NEEDS = {}


def end_build() -> None:
    """After the build: what held translated messages back (parameters shown in another language),
    for `python -m widgets.i18n status` (widgets/i18n/needs.py)."""
    from engine.core import messages

    from ..i18n import needs

    if messages.NEEDS is not None:
        needs.save(messages.NEEDS)
        messages.NEEDS = None


def lang_attr(text, where: Where) -> str:
    """` lang="…"` for a text the build writes into a page of another language than the source: always
    said, as the text around it may be the chain's (a page or a rule not translated yet)."""
    lang = getattr(text, "lang", None) or where.reader
    return f' lang="{lang}"' if lang != where.lang or where.lang != where.default_lang else ""


ISLAND = re.compile(r'<(div|section|figure) class="kikoto(?:[ "])')


def island_lang(html: str, lang: str) -> str:
    """An island written in another language than the page's says which (`lang` on its root)."""
    return ISLAND.sub(lambda m: m.group(0).replace("<" + m.group(1), f'<{m.group(1)} lang="{lang}"', 1), html, count=1)


def mark_text_lang(html: str, where: Where) -> str:
    """The text of a page shown in a fallback language carries that language (`lang` on a wrapper;
    the widgets in it carry the reader's, which they are written in: fences.render_fence), and so
    does each rule or section shown from the chain (fallback.blocks, before)."""
    if not where.is_fallback_page:
        return html
    return f'<div lang="{where.file_lang}">\n{html}\n</div>'


def game_name(game: str, lang: str) -> str:
    """A game's name in `lang` (its site id if it has no engine package yet)."""
    try:
        from engine import load_game

        return load_game(game).name(lang)
    except Exception:  # noqa: BLE001  (a page folder that is not a game, or a game without messages in lang)
        return game


def site_languages(config) -> list[str]:
    """The languages static-i18n builds besides the default one ([] without the plugin)."""
    i18n = config.plugins.get("i18n") if config is not None else None
    try:
        return [l.locale for l in i18n.config.languages if not l.default and l.build]
    except AttributeError:
        return []


def expand_translations(markdown: str, where: Where, rows: Rows, languages: list[str]) -> str:
    """`<!-- kikoto:translations -->` becomes the per-rule translation status of every
    other language, built from the same data as the CLI report."""
    markdown = expand_glossary(markdown, where, languages)
    marker = "<!-- kikoto:translations -->"
    if marker not in markdown:
        return markdown
    from ..i18n import STATES, games, missing_pages, progress, target_languages

    t = lambda key, **kw: UI.text(key, where.ui, **kw)  # noqa: E731
    conf = languages_config()
    out = []
    for lang in languages or target_languages():
        items = progress.language_progress(lang, where.docs_dir)
        share = progress.percent(items)
        out.append(f"## {t('tr-lang', name=lang_name(lang, where.ui))} {{#tr-{lang}}}\n")
        state = (
            N_("tr-complete") if conf.is_complete(lang) else (N_("tr-listed") if share >= conf.switcher else N_("tr-not-listed"))
        )
        out.append(t("tr-percent", percent=f"{share:.0f}") + " " + t(state, threshold=f"{conf.switcher:.0f}") + "\n")
        head = [t("tr-game")] + [t(f"tr-{s}") for s in STATES]
        out += ["| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
        problems = []
        for game in games(where.docs_dir):
            game_rows = rows(game, lang)
            c = {s: sum(1 for r in game_rows if r.state == s) for s in STATES}
            out.append(f"| {game_name(game, where.ui)} | " + " | ".join(str(c[s]) for s in STATES) + " |")
            problems += [r for r in game_rows if r.state != "current"]
        out.append("")
        # every page and catalog, potodo-like
        out += [
            "| " + " | ".join([t("tr-page"), t("tr-texts"), "%", t("tr-outdated"), t("tr-missing")]) + " |",
            "|---|---:|---:|---:|---:|",
        ]
        for p in items:
            out.append(f"| `{p.name}` | {p.total} | {p.percent:.0f} | {p.outdated} | {p.missing} |")
        out.append("")
        sections = [
            r
            for page in progress.page_rows(lang, where.docs_dir).values()
            for r in page
            if r.kind == "section" and r.state != "current"
        ]
        from ..i18n import drift

        stale = drift.outdated(lang)  # messages and case texts whose Hungarian changed (fuzzy)
        problems += sections
        if not problems and not stale:
            out.append(t("tr-all-current") + "\n")
        for domain, code, before, now in stale:
            out.append(f"- **{t('tr-outdated')}**: `{domain}.po` `{code}`")
            if before or now:
                out += [
                    f'\n    ??? note "{t("tr-diff")}"\n',
                    "        ```diff",
                    f"        - {before}",
                    f"        + {now}",
                    "        ```\n",
                ]
        for r in problems:
            if r.kind == "section":
                page, _, key = r.id.partition("#")
                where_to = where.default_lang if r.state == "missing" else lang
                url = "" if page in ("index",) else (page[: -len("/index")] if page.endswith("/index") else page) + "/"
                link = where.link(f"{where.prefix(where_to)}{url}#{key if r.state == 'missing' else ''}".rstrip("#"))
                title = tagged(r.title, where.default_lang if r.state == "missing" else lang)  # the title in its language
                out.append(f'- **{t("tr-" + r.state)}**: <a href="{link}">{title}</a> (`{r.id}`)')
            else:
                anchor = rule_anchor(r.id)
                if r.state == "missing":
                    link = where.link(f"{where.prefix(where.default_lang)}{r.game}/rules/#{anchor}")
                else:
                    link = where.link(f"{where.prefix(lang)}{r.game}/rules/#{anchor}")
                title = tagged(r.title, where.default_lang if r.state == "missing" else lang)
                out.append(f'- **{t("tr-" + r.state)}**: <a href="{link}">{r.id}</a> {title} ({game_name(r.game, where.ui)})')
            if r.diff:
                out.append(f'\n    ??? note "{t("tr-diff")}"\n')
                out.append("        ```diff")
                out += ["        " + line for line in r.diff]
                out.append("        ```\n")
        pages = missing_pages(where.docs_dir, lang)
        if pages:
            out.append(
                "\n"
                + t("tr-pages-missing", lang_name=lang_name(conf.chain(lang)[1], where.ui))
                + " "
                + ", ".join(f"`{p}`" for p in pages)
                + "\n"
            )
        out.append("")
    return markdown.replace(marker, "\n".join(out))


def expand_glossary(markdown: str, where: Where, languages: list[str]) -> str:
    """`<!-- kikoto:glossary -->` becomes the glossary (docs/glossary.json), one table per game."""
    marker = "<!-- kikoto:glossary -->"
    if marker not in markdown:
        return markdown
    from ..i18n import load_glossary

    glossary = load_glossary(where.docs_dir)
    langs = ["hu", *[l for l in (languages or ["en"])]]
    out = []
    for game, entries in glossary.items():
        if game.startswith("_"):
            continue
        title = UI.text("tr-glossary-common", where.ui) if game == "common" else game_name(game, where.ui)
        out += [f"### {title}", "", "| " + " | ".join(lang_name(l, where.ui) for l in langs) + " |", "|---" * len(langs) + "|"]
        for e in entries:  # each term in its language, whatever the page's
            out.append("| " + " | ".join(tagged(e[l], l) if e.get(l) else "" for l in langs) + " |")
        out.append("")
    return markdown.replace(marker, "\n".join(out))


def translation_notices(markdown: str, where: Where, rows: Rows) -> str:
    """On a translated rules page: a notice under each outdated (or orphaned) rule. A rule the
    translation lacks is the chain's text in its place (widgets/build/fallback.py)."""
    if where.lang == where.default_lang or where.is_fallback_page or not where.is_rules_page:
        return markdown
    by_id = {r.id: r for r in rows(where.game, where.lang)}
    lang, default = where.reader, where.default_lang
    source_page = f"{where.prefix(default)}{where.game}/rules/"
    out = []
    for line, rule in rule_headings(markdown):
        out.append(line)
        r = by_id.get(rule) if rule else None
        if r and r.state == "outdated":
            link = where.link(f"{source_page}#{rule_anchor(r.id)}")
            note = UI.text("tr-outdated-note", lang, lang_name=lang_name(default, lang))
            see = UI.text("tr-see-source", lang)
            out.append(
                f'\n<p class="kikoto-tr-outdated"{lang_attr(note, where)}>{note} <a href="{link}" hreflang="{default}">{see}</a></p>\n'
            )
        elif r and r.state == "orphaned":
            orphaned = UI.text("tr-orphaned-note", lang)
            out.append(f'\n<p class="kikoto-tr-outdated"{lang_attr(orphaned, where)}>{orphaned}</p>\n')
    return "\n".join(out)


def page_notices(markdown: str, where: Where, sections: SectionRows) -> str:
    """Every page of another language than the source: a notice at the top when the page is the
    chain's (no translation yet), or when its interface words fall back to another language; under
    each section whose Hungarian changed since it was translated, a drift notice linking the
    source's section. A section it lacks is the chain's text in its place (widgets/build/fallback.py)."""
    if where.lang == where.default_lang:
        return markdown
    default, lang = where.default_lang, where.reader
    src_url = where.page_id[: -len("index")] if where.page_id.endswith("index") else where.page_id + "/"
    source_page = f"{where.prefix(default)}{src_url}"
    top = []
    if where.is_fallback_page:
        note = UI.text(
            "tr-page-fallback",
            where.lang,
            lang_name=lang_name(where.lang, where.lang),
            source=lang_name(where.file_lang, where.lang),
        )
        return f'<p class="kikoto-tr-fallback" lang="{note.lang}">{note}</p>\n\n' + markdown
    if where.reader != where.lang:
        note = UI.text(
            "tr-words-fallback", where.lang, lang_name=lang_name(where.lang, where.lang), fallback=lang_name(lang, where.lang)
        )
        top.append(f'<p class="kikoto-tr-fallback" lang="{note.lang}">{note}</p>\n')
    rows = sections(where.page_id, where.lang)
    outdated = {r.ordinal: r for r in rows if r.state == "outdated" and r.ordinal >= 0}
    out, ordinal = [], 0
    for line, heading in section_headings(markdown):
        out.append(line)
        if heading:
            r = outdated.get(ordinal)
            ordinal += 1
            if r is not None:
                link = where.link(f"{source_page}#{r.key}")
                note = UI.text("tr-section-outdated", lang, lang_name=lang_name(default, lang))
                see = UI.text("tr-see-source", lang)
                out.append(
                    f'\n<p class="kikoto-tr-outdated"{lang_attr(note, where)}>{note} <a href="{link}" hreflang="{default}">{see}</a></p>\n'
                )
    return "".join(top) + "\n".join(out)


def section_headings(markdown: str):
    """Each line with True when it is a section's heading (a heading that is not a rule, outside
    fences), counted as widgets.i18n.pages counts them."""
    from engine.core.registry import ANY_HEADING, FENCE, HEADING

    in_fence = False
    for line in markdown.splitlines():
        if FENCE.match(line):
            in_fence = not in_fence
        yield line, (not in_fence and bool(ANY_HEADING.match(line)) and not HEADING.match(line))


def listed_languages(mkdocs_yml: str | None, docs: str) -> set[str]:
    """The languages the switcher lists: the source, the complete ones, and every other one
    translated at least to the threshold (counted once per build and mkdocs.yml)."""
    key = (mkdocs_yml, docs)
    if key not in _LISTED:
        from ..i18n import progress

        conf = languages_config(mkdocs_yml)
        _LISTED[key] = {conf.source, *conf.complete} | {
            lang
            for lang in conf.targets
            if lang not in conf.complete and progress.percent(progress.language_progress(lang, docs)) >= conf.switcher
        }
    return _LISTED[key]


_LISTED: dict = {}


def reader_lang(config) -> str:
    """The language of the interface's words in the language being built (its fallback while its catalogs lack it)."""
    lang = config.theme["language"]
    return ui_lang(lang, languages_config(config.config_file_path).chain(lang)[1:])


def page_where(page, config, docs_dir: str, default_lang: str) -> Where:
    """Where a page stands: static-i18n builds one language at a time and sets the theme's language for it."""
    lang = config.theme["language"]
    conf = languages_config(config.config_file_path)
    chain = tuple(conf.chain(lang)[1:])
    where = Where(
        docs_dir,
        lang,
        page.url,
        page.file.src_path,
        default_lang,
        words=ui_lang(lang, chain),
        chain=chain,
        settled=(conf.source, *conf.complete),
    )
    where.text_lang = text_lang(where)
    return where


def filter_switcher(config, docs_dir: str) -> None:
    """The language switcher lists a language once it is translated past the threshold in mkdocs.yml
    (`translations: switcher`, as PEP 545), and always the page's own; each language's name in that
    language (widgets/render/html.py marks it). static-i18n sets `alternate` as an attribute of
    config.extra, which the theme's template reads first."""
    alternate = getattr(config.extra, "alternate", None) or config.extra.get("alternate")
    if not alternate:
        return
    lang = config.theme["language"]
    listed = listed_languages(config.config_file_path, docs_dir)
    kept = [
        {**a, "name": a["name"] if is_tagged(a.get("name")) else tagged(a.get("name") or "", a.get("lang") or "")}
        for a in alternate
        if a.get("lang") in listed or a.get("lang") == lang
    ]
    config.extra.alternate = config.extra["alternate"] = kept


def forget() -> None:
    """A new build (or language build): mkdocs.yml and the pages may have changed (mkdocs serve)."""
    from . import chrome

    chrome._CONFIGS.clear()
    _LISTED.clear()


# The theme's and the navigation's words (widgets/build/chrome.py), where the plugin finds them.
from .chrome import NAV, THEME, lang_name, languages_config, permalink_word, theme_words, translate_nav  # noqa: E402,F401
