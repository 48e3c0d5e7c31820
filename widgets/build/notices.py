"""Translations on the site: the status page, the glossary, and the notices on a translated
rules page. The data comes from widgets.i18n, the same code as `python -m widgets.i18n status`."""

from __future__ import annotations

from typing import Callable

from engine.core import rule_anchor

from ..render.ui import UI
from .pages import rule_headings
from .where import Where

Rows = Callable[[str, str], list]  # (game, language) -> widgets.i18n.game_status rows


def ui_lang(lang: str) -> str:
    """The interface words exist in the catalog's languages; a new site language without
    them yet gets English words (its pages are still all in its own files)."""
    from engine.core.messages import LANGS

    return lang if lang in LANGS else "en"


def lang_name(lang: str, reader: str = "en") -> str:
    """The name of `lang` in the reader's language (the code, for a language the catalog lacks)."""
    key = f"lang-{lang}"
    return UI.text(key, ui_lang(reader)) if key in UI else lang


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
    from ..i18n import STATES, games, missing_pages, target_languages

    t = lambda key, **kw: UI.text(key, ui_lang(where.lang), **kw)  # noqa: E731
    out = []
    for lang in languages or target_languages():
        out.append(f"## {t('tr-lang', name=lang_name(lang, where.lang))} {{#tr-{lang}}}\n")
        head = [t("tr-game")] + [t(f"tr-{s}") for s in STATES]
        out += ["| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
        problems = []
        for game in games(where.docs_dir):
            game_rows = rows(game, lang)
            c = {s: sum(1 for r in game_rows if r.state == s) for s in STATES}
            out.append(f"| {game} | " + " | ".join(str(c[s]) for s in STATES) + " |")
            problems += [r for r in game_rows if r.state != "current"]
        out.append("")
        if not problems:
            out.append(t("tr-all-current") + "\n")
        for r in problems:
            anchor = rule_anchor(r.id)
            if r.state == "missing":
                link = where.link(f"{where.prefix(where.default_lang)}{r.game}/rules/#{anchor}")
            else:
                link = where.link(f"{where.prefix(lang)}{r.game}/rules/#{anchor}")
            out.append(f"- **{t('tr-' + r.state)}**: <a href=\"{link}\">{r.id}</a> {r.title} ({r.game})")
            if r.diff:
                out.append(f"\n    ??? note \"{t('tr-diff')}\"\n")
                out.append("        ```diff")
                out += ["        " + line for line in r.diff]
                out.append("        ```\n")
        pages = missing_pages(where.docs_dir, lang)
        if pages:
            out.append("\n" + t("tr-pages-missing") + " " + ", ".join(f"`{p}`" for p in pages) + "\n")
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
        title = UI.text("tr-glossary-common", ui_lang(where.lang)) if game == "common" else game
        out += [f"### {title}", "", "| " + " | ".join(lang_name(l, where.lang) for l in langs) + " |",
                "|---" * len(langs) + "|"]
        for e in entries:
            out.append("| " + " | ".join(e.get(l, "") for l in langs) + " |")
        out.append("")
    return markdown.replace(marker, "\n".join(out))


def translation_notices(markdown: str, where: Where, rows: Rows) -> str:
    """On a translated rules page: a notice under each outdated (or orphaned) rule, and for a
    rule the translation lacks, a heading with its id and a notice linking the source."""
    if where.lang == where.default_lang or not where.is_rules_page:
        return markdown
    game, default = where.game, where.default_lang
    game_rows = rows(game, where.lang)
    by_id = {r.id: r for r in game_rows}
    lang = ui_lang(where.lang)
    source_page = f"{where.prefix(default)}{game}/rules/"
    missing = [r for r in game_rows if r.state == "missing"]
    order = [r.id for r in game_rows if r.state != "orphaned"]  # the source's order
    # Where each missing rule goes: before the next source rule the page has.
    before: dict[str | None, list] = {}
    for r in missing:
        later = order[order.index(r.id) + 1:]
        nxt = next((i for i in later if by_id[i].state in ("current", "outdated")), None)
        before.setdefault(nxt, []).append(r)

    def missing_block(r) -> list[str]:
        link = where.link(f"{source_page}#{rule_anchor(r.id)}")
        title = UI.text("tr-missing-title", lang)
        body = UI.text("tr-missing-note", lang, lang_name=lang_name(default, lang))
        return [f"{'#' * r.level} {r.id} — {title} {{#{rule_anchor(r.id)} .kikoto-rule-heading .kikoto-untranslated}}",
                "", f'<p class="kikoto-tr-missing">{body} <a href="{link}" hreflang="{default}">'
                f"{r.id} {r.source_title}</a></p>", ""]

    out = []
    for line, rule in rule_headings(markdown):
        if rule and rule in before:
            out += [x for r in before.pop(rule) for x in missing_block(r)]
        out.append(line)
        r = by_id.get(rule) if rule else None
        if r and r.state == "outdated":
            link = where.link(f"{source_page}#{rule_anchor(r.id)}")
            note = UI.text("tr-outdated-note", lang, lang_name=lang_name(default, lang))
            see = UI.text("tr-see-source", lang)
            out.append(f'\n<p class="kikoto-tr-outdated">{note} <a href="{link}" hreflang="{default}">{see}</a></p>\n')
        elif r and r.state == "orphaned":
            out.append(f'\n<p class="kikoto-tr-outdated">{UI.text("tr-orphaned-note", lang)}</p>\n')
    for r in before.pop(None, []):
        out += [""] + missing_block(r)
    return "\n".join(out)
