"""A game's player aid (docs/<game>/aid.<lang>.md), one printed A4 page: its lines are the rules' own
sentences, taken from the rules page in the aid's language at build time, so the aid never says
other than the rules (and a reworded rule shows on the aid at the next build).

A line of the aid that is only a rule link, optionally with the sentences wanted,

    - [VW-4.1](rules.md#vw-4-1)          the rule's first sentence
    - [VW-4.4.1](rules.md#vw-4-4-1) {1-3}   its first three

gets the rule's title and those sentences after the link. A rule's sentences are its text's, in order, before its first
box or picture; a list item counts as one. The page is marked for the print stylesheet (kikoto.css).
"""

from __future__ import annotations

import os
import re

from engine.core.registry import load_rules

from .where import Where

LINE = re.compile(
    r"^(?P<lead>\s*[-*] )\[(?P<id>[A-Z]{2}-[\d.]+)\]\((?P<href>rules\.md#[\w-]+)\)(?:\s*\{(?P<a>\d+)(?:-(?P<b>\d+))?\})?\s*$"
)
END = re.compile(r"^\s*(!!!|\?\?\?|```|~~~)")
ITEM = re.compile(r"^\s*(?:[-*]|\d+\.)\s+")
# a sentence ends at . ! or ? before a capital, an opening quote or bracket (a number's dot does not: "the 2. player")
SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-ZÁÉÍÓÖŐÚÜŰ„“(*])")
MARK = '<div class="kikoto-aid" hidden></div>'


def is_aid(where: Where) -> bool:
    return os.path.basename(where.src_path).startswith("aid.")


def sentences(text: str) -> list[str]:
    """A rule's sentences, before its first box or picture: each paragraph's, and a list item as one."""
    chunks, para = [], []
    for line in text.splitlines():
        if END.match(line):
            break
        if ITEM.match(line) or not line.strip():
            if para:
                chunks.append(" ".join(para))
            para = [ITEM.sub("", line).strip()] if line.strip() else []
            if not line.strip():
                continue
        else:
            para.append(line.strip())
    if para:
        chunks.append(" ".join(para))
    out = []
    for chunk in chunks:
        out += SPLIT.split(chunk) if not ITEM.match(chunk) else [chunk]
    return [s.strip() for s in out if s.strip() and not s.startswith("<!--")]


def rules_of(where: Where) -> dict:
    lang = (
        where.file_lang
        if os.path.exists(os.path.join(where.docs_dir, where.game, f"rules.{where.file_lang}.md"))
        else where.default_lang
    )
    return load_rules(where.game, lang, where.docs_dir)


def expand(markdown: str, where: Where) -> str:
    if not is_aid(where):
        return markdown
    rules, out = rules_of(where), []
    for line in markdown.split("\n"):
        m = LINE.match(line)
        if m:
            said = sentences(rules[m["id"]].text)  # a KeyError names a rule the rules page lacks: the build stops
            first = int(m["a"] or 1)
            last = int(m["b"] or first)
            title = rules[m["id"]].title
            line = f"{m['lead']}[{m['id']}]({m['href']}) **{title}:** {' '.join(said[first - 1 : last])}"
        out.append(line)
    return "\n".join(out) + "\n\n" + MARK + "\n"
