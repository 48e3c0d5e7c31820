"""The texts of the case and example files (titles, questions, notes, captions), in the reader's language.

A case or example file holds its Hungarian text, the source, as a plain string:

    {"id": "<case id>", "game": "<game id>", "question": "<the Hungarian question>", …}

Every other language lives in the gettext catalog of the game's content, domain
`<package>-content` (engine/locale/<lang>/LC_MESSAGES/<package>-content.po), under a code made
from the kind of file, its id and the field:

    case-ba-bump-gray-question            a case's title, question, note
    example-income-figure-1-caption       an example's title, caption
    example-income-figure-1-step-1-caption   the caption of its first step

So the code of a text never changes when its wording does, a file's texts are found again after
it moves, and `python -m widgets.i18n extract` (widgets/i18n/sources.py) reads them with a
Babel extraction method. A text that a language lacks is shown in the next language of the
chain, tagged; one translated from another Hungarian than the file's now shows marked
`tr-outdated-mark` at once (the .mo keeps each translation's source key). The content catalogs are read
at build time only: the page's widget spec already holds the reader's language, so the wheel
leaves them out (pyproject.toml) and, in the browser, `localized` keeps the text it is given.
"""

from __future__ import annotations

import gettext
import os

from .formats import migrate_example
from .messages import LOCALE_DIR, SOURCE_KEY, SOURCE_LANG, chain, is_tagged, outdated_mark, source_key, tagged, untagged

CASE, EXAMPLE = "case", "example"
FIELDS = ("title", "question", "note", "caption")
STEP_FIELDS = ("caption",)


def domain(game_id: str) -> str:
    """The gettext domain of a game's case and example texts: `<package>-content`."""
    return f"{game_id.replace('-', '_')}-content"


def code(kind: str, item_id: str, field: str, step: int | None = None) -> str:
    """The message code of one text; `step` is 0-based here and numbered from 1 in the code."""
    return f"{kind}-{item_id}-" + (f"step-{step + 1}-" if step is not None else "") + field


def texts(data: dict, kind: str):
    """(path, code, text) of every text field the file holds as a string; path is ("note",) or
    ("steps", 0, "caption")."""
    item_id = data.get("id")
    if not isinstance(item_id, str) or not item_id:
        return
    for field in FIELDS:
        if isinstance(data.get(field), str):
            yield (field,), code(kind, item_id, field), data[field]
    steps = data.get("steps")
    if isinstance(steps, list):
        for i, step in enumerate(steps):
            for field in STEP_FIELDS:
                if isinstance(step, dict) and isinstance(step.get(field), str):
                    yield ("steps", i, field), code(kind, item_id, field, i), step[field]


_LOADED: dict[tuple[str, str], dict] = {}


def translations(game_id: str, lang: str) -> dict[str, str]:
    """{code: text} of a game's content in one language ({} when there is no compiled catalog)."""
    key = (domain(game_id), lang)
    found = _LOADED.get(key)
    if found is None:
        try:
            with open(os.path.join(LOCALE_DIR, lang, "LC_MESSAGES", f"{key[0]}.mo"), "rb") as f:
                found = {k: v for k, v in gettext.GNUTranslations(f)._catalog.items() if isinstance(k, str) and k and v}
        except OSError:
            found = {}
        _LOADED[key] = found
    return found


def text(game_id: str, text_code: str, source: str, lang: str) -> str:
    """One text in `lang`: its translation (marked outdated when made from another `source`), else the chain's."""
    if lang == SOURCE_LANG or not isinstance(game_id, str):
        return source
    for candidate in chain(lang):
        if candidate == SOURCE_LANG:
            break
        found = translations(game_id, candidate)
        if text_code in found:
            value = found[text_code]
            if untagged(source) == value or untagged(source).startswith(value + " "):
                return source  # already in `lang`: a page's spec, read again in the browser
            was = found.get(f"{SOURCE_KEY}\x04{text_code}")
            if was is not None and was != source_key(source):
                value = f"{value} {outdated_mark(candidate)}".rstrip()
            return value if candidate == lang else tagged(value, candidate)
    return source if is_tagged(source) else tagged(source, SOURCE_LANG)


def localized(data: dict, kind: str, lang: str) -> dict:
    """A copy of a case or example with each text in `lang`. Looking up by code makes this
    idempotent: a spec already in `lang` (the page's) comes out the same."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        return data
    out = dict(data)
    for path, text_code, source in texts(data, kind):
        value = text(data["game"], text_code, source, lang)
        if len(path) == 1:
            out[path[0]] = value
        else:
            steps = out["steps"] = list(out["steps"]) if out["steps"] is data.get("steps") else out["steps"]
            steps[path[1]] = {**steps[path[1]], path[2]: value}
    return out


def localized_spec(spec: dict, lang: str) -> dict:
    """A widget spec with its texts in `lang`: a case widget's case (migrated when it is judged), or
    the example itself, migrated to its game's current format (formats.migrate_example)."""
    if not isinstance(spec, dict):
        return spec
    if spec.get("widget") == "case" and isinstance(spec.get("case"), dict):
        return {**spec, "case": localized(spec["case"], CASE, lang)}
    return localized(migrate_example(spec), EXAMPLE, lang)


def missing(data: dict, kind: str, lang: str) -> list[str]:
    """The codes of the file's texts that have no translation in `lang` (for tests and tools)."""
    if lang == SOURCE_LANG or not isinstance(data.get("game"), str):
        return []
    have = translations(data["game"], lang)
    return [text_code for _, text_code, _ in texts(data, kind) if text_code not in have]
