"""The page expanders: HTML comments in a page's Markdown that the build fills in.

- `<!-- kikoto:cases -->`: one section per case file of the game (and the game's readings);
- `<!-- kikoto:coverage -->`: the table of the game's rules with their code, tests and cases;
- on a rules page, "checked by 3 cases · 5 tests" under each checkable rule;
- every rule heading gets its permalink anchor (`#mb-4-2`) in every language.
"""

from __future__ import annotations

import json
import os
import re
from typing import Callable

from engine import load_game
from engine.core import rule_anchor
from engine.core.cases import case_texts
from engine.core.messages import N_
from engine.core.registry import FENCE, HEADING

from ..render.ui import UI
from .where import Where

Trace = Callable[[str], dict]  # game id -> the coverage report (engine.core.coverage.report)


def rule_headings(markdown: str):
    """Each line of the Markdown with the rule id its heading names (None outside headings and fences)."""
    in_fence = False
    for line in markdown.splitlines():
        if FENCE.match(line):
            in_fence = not in_fence
        m = None if in_fence else HEADING.match(line)
        yield line, (m.group(2) if m else None)


def checked_by(markdown: str, where: Where, trace: Trace) -> str:
    """Under each checkable rule: "checked by 3 cases · 5 tests", the cases linked."""
    rows = {row["id"]: row for row in trace(where.game)["rules"]}
    out = []
    for line, rule in rule_headings(markdown):
        out.append(line)
        row = rows.get(rule) if rule else None
        if row and not row["descriptive"] and (row["cases"] or row["tests"]):
            cases = row["cases"]
            # the section's anchor is the case id (a file name may carry an ordering prefix, "01-")
            first = re.sub(r"^\d+-", "", os.path.basename(cases[0])[:-5]) if cases else ""
            label, case_text, test_text = line_texts(
                where,
                (N_("checked-by"), {}),
                (N_("checked-cases"), {"n": len(cases)}),
                (N_("checked-tests"), {"n": len(row["tests"] or ())}),
            )
            parts = [f'<a href="../cases/#{first}">{case_text}</a>'] if cases else []
            if row["tests"]:
                parts.append(test_text)
            out.append(f'\n<p class="kikoto-checked"{lang_of(label, label, where)}>{label} {" · ".join(parts)}</p>\n')
    return "\n".join(out)


def expand_coverage(markdown: str, where: Where, trace: Trace) -> str:
    """`<!-- kikoto:coverage -->` becomes the table of the game's rules with their code, tests and cases."""
    marker = "<!-- kikoto:coverage -->"
    if marker not in markdown:
        return markdown
    from ..i18n import load_page

    lang = where.ui
    head = [UI.text(k, lang) for k in ("cov-rule", "cov-status", "cov-code", "cov-tests", "cov-cases")]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    # the rule titles of the page's own language (the trace has the source's); a rule not yet
    # translated keeps the source's title, marked
    titles = {i: r.title for i, r in (load_page(where.game, where.file_lang, where.docs_dir) or {}).items()}
    for row in trace(where.game)["rules"]:
        # The build runs the cases but not the tests: without a test run's recording ("tests" None),
        # a rule counts as checked by its code, since `make test` fails on a rule no verdict cited.
        ok = row["code"] and (row["tests"] or row["cases"] or row["tests"] is None)
        status = UI.text("cov-descriptive" if row["descriptive"] else ("cov-ok" if ok else "cov-missing"), lang)
        link = f"[{row['id']}](rules.md#{rule_anchor(row['id'])})"
        title = titles.get(row["id"]) or f"{row['title']} ({UI.text('tr-missing-title', lang)})"
        lines.append(
            f"| {link} {title} | {status} | {len(row['code'])} | {'–' if row['tests'] is None else len(row['tests'])} | {len(row['cases'])} |"
        )
    return markdown.replace(marker, "\n".join(lines))


def expand_cases(markdown: str, where: Where) -> str:
    """`<!-- kikoto:cases -->` becomes one section per case file in the page's cases/ folder,
    so a new case file shows up on the site without editing the page."""
    marker = "<!-- kikoto:cases -->"
    if marker not in markdown:
        return markdown
    folder = os.path.join(where.docs_dir, where.game, "cases")
    sections = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            case = json.load(f)
        texts = case_texts(case, where.ui)  # the file's Hungarian, or the catalog's translation
        title = texts.get("title") or texts.get("question") or case.get("id", name)
        notice = case_drift(case, where)
        sections.append(f"### {title} {{#{case.get('id', name[:-5])}}}\n\n{notice}```kikoto\ncase: {name[:-5]}\n```\n")
    # the page's readings, once, above the cases (each case may still fix its own)
    readings = (
        f"```kikoto\nreadings: {where.game}\n```\n"
        if any(o.kind == "reading" for o in load_game(where.game).options.values())
        else ""
    )
    return markdown.replace(marker, readings + "\n".join(sections))


def case_drift(case: dict, where: Where) -> str:
    """Under a case's heading on a translated page: a notice when the translation of its title or
    question is outdated (its Hungarian changed since: the content catalog's entry is fuzzy)."""
    from ..i18n import drift

    if where.lang == where.default_lang or where.is_fallback_page or not isinstance(case.get("id"), str):
        return ""
    domain = drift.content_domain(where.game)
    for field in ("title", "question"):
        source = case.get(field) if isinstance(case.get(field), str) else None  # the file's Hungarian, once it holds only that
        if (
            field in case
            and drift.state(domain, drift.content_code("case", case["id"], field), where.lang, source=source) == "outdated"
        ):
            note = UI.text("tr-text-outdated", where.reader)
            return f'<p class="kikoto-tr-outdated" data-field="{field}"{lang_of(note, note, where)}>{note}</p>\n\n'
    return ""


def line_texts(where: Where, *messages) -> list:
    """The texts of one line, all in the first language of the reader's chain that has every one of
    them, so the line never mixes two languages."""
    from engine.core.messages import CORE, OUTDATED_MARK, SOURCE_LANG, Text, chain

    for lang in chain(where.ui):
        try:
            texts = [UI.render(code, (lang,), params) for code, params in messages]
        except KeyError:
            continue
        if lang != SOURCE_LANG and any(t.outdated for t in texts):
            # a translation made from an older Hungarian text: marked, as Catalog.text marks one
            try:
                mark = CORE.render(OUTDATED_MARK, (lang,), {})
            except KeyError:
                mark = ""
            texts = [Text(f"{t} {mark}".rstrip(), lang, True) if t.outdated else t for t in texts]
        return texts
    return [UI.text(code, where.ui, **params) for code, params in messages]


def lang_of(first, second, where: Where) -> str:
    """` lang="…"` for a line the build writes (both texts in one language): said whenever it is not the
    page's, and always on a page of another language than the source, whose text around it may be the
    chain's (a page or a rule not translated yet)."""
    lang = getattr(first, "lang", where.lang)
    if getattr(second, "lang", lang) != lang:
        return ""
    return f' lang="{lang}"' if lang != where.lang or where.lang != where.default_lang else ""


def pick(texts, where: Where, default: str) -> str:
    """A {lang: text} of a case file in the page's language, else its fallback, else the source's
    (a plain string is the source's text, kept as it is until the catalogs translate it)."""
    if isinstance(texts, str):
        return texts
    for lang in (where.file_lang, where.ui, *where.chain, where.default_lang):
        if texts.get(lang):
            return texts[lang]
    return default


def anchor_rule_headings(markdown: str) -> str:
    """`### MB-4.2 Title` gets the anchor `#mb-4-2` in every language (the rule's permalink)."""
    lines = []
    for line, rule in rule_headings(markdown):
        if rule and "{" not in line:
            line = f"{line} {{#{rule_anchor(rule)} .kikoto-rule-heading}}"
        lines.append(line)
    return "\n".join(lines)


def write_not_found(site_dir: str, pages: dict, default_lang: str) -> None:
    """Each language's 404 page in its folder, the default's at the root: every language's build
    writes the root's 404.html, so the default's is put back there. MkDocs renders it with links from
    the site's root, so it works in any folder."""
    for lang, output in pages.items():
        path = os.path.join(site_dir, *([] if lang == default_lang else [lang]), "404.html")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(output)
