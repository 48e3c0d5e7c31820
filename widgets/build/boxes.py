"""The rules pages' boxes, folded: a reading (the book read two ways), a table's choice and an engine
convention each shows as one line that says what the site does, and opens on a tap with the book's
words, the question, the answers and the reason, as written.

The pages keep their boxes as they are written (`!!! question "Reading: `face_up_final`"`); at build
time each becomes a collapsible one (pymdownx.details, `???`) titled in the reader's words:
- a box titled with a reading's id: "The book can be read two ways here: <the box's question> The site
  follows: <the default answer>", and in the box each answer's id is its name, as the sandbox's
  variants list it;
- a box titled with a table choice's id (a variant): the same, "your table decides";
- an engine convention (its title starts as the `box-convention` text of the page's language):
  "The book does not say — the site's convention: <the first sentence of its second part>".
The option's and answer's names are the engine's (`Game.option_title`, `choice_title`).
"""

from __future__ import annotations

import json
import re

from engine import load_game

from ..render.readings import choice_title
from ..render.ui import UI
from .where import Where

HEAD = re.compile(r'^!!! (?P<kind>\w+) "(?P<title>[^"]*)"\s*$')
OPTION = re.compile(r"`([\w-]+)`")
LABEL = re.compile(r"^\*\*[^*]+:\*\*\s*")
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-ZÁÉÍÓÖŐÚÜŰ„“(])")


def _name(game, opt, choice, lang: str) -> str:
    return choice_title(game, opt, choice, lang)


def _second_part(body: list[str], whole: bool = False) -> str:
    """A box's second part (after "**The rulebook:**": a reading's question, a convention's answer),
    its first sentence unless `whole`."""
    paragraphs = " ".join(line.strip() if line.strip() else "\n" for line in body).split("\n")
    labelled = [p.strip() for p in paragraphs if LABEL.match(p.strip())]
    if len(labelled) < 2:
        return ""
    text = LABEL.sub("", labelled[1])
    text = text if whole else SENTENCE.split(text)[0].rstrip(".")
    return (text[:1].upper() + text[1:]).replace('"', "“") if whole else text.replace('"', "“")


def fold(markdown: str, where: Where) -> str:
    if not where.is_rules_page:
        return markdown
    game, lang = load_game(where.game), where.file_lang
    convention = UI.text("box-convention", lang)
    lines, out, i = markdown.split("\n"), [], 0
    while i < len(lines):
        m = HEAD.match(lines[i])
        if not m:
            out.append(lines[i])
            i += 1
            continue
        j = i + 1
        while j < len(lines) and (lines[j].startswith("    ") or not lines[j].strip()):
            j += 1
        body = lines[i + 1 : j]
        named = OPTION.search(m["title"])
        opt = game.options.get(named.group(1)) if named else None
        if opt is not None:
            choice = _name(game, opt, opt.default, lang)
            question = _second_part(body, whole=True) if opt.kind == "reading" else ""
            title = (
                UI.text("fold-reading", lang, question=question, choice=choice)
                if question
                else UI.text("fold-table", lang, choice=choice)
            )
            ids = {json.dumps(c) if not isinstance(c, str) else c: _name(game, opt, c, lang) for c in opt.choices}
            body = [OPTION.sub(lambda k: f"*{ids[k.group(1)]}*" if k.group(1) in ids else k.group(0), line) for line in body]
        elif m["title"].startswith(convention):
            what = _second_part(body)
            title = UI.text("fold-convention", lang, what=what) if what else m["title"]
        else:
            out.append(lines[i])
            i += 1
            continue
        out.append(f'??? {m["kind"]} "{title}"')
        out += body
        i = j
    return "\n".join(out)
