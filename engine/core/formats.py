"""The formats of what readers keep, case files and share links, and the migrations that keep every
earlier one opening (docs/contributing/architecture.en.md, "Formats and migrations").

Two version numbers travel with a document:

- `format`, the envelope's (core's):
    1  the texts (`title`, `question`, `note`) are objects, {"hu": …, "en": …}; no "format" field
    2  the texts are plain strings in the source language (Hungarian); no "format" field
    3  2, with "format" and "game_format" written in
  A document without "format" is 1 when any text is an object, else 2.
- `game_format`, the game's position format (`Game.format`; missing means 1). `Game.migrations[k]`
  takes the game's parts of a document ("state", "options", "setup", "moves", "action", whichever
  it has) from version k + 1 to k + 2, in place.

`migrate(doc)` brings a case (or any document in the case's shape) to the current versions;
`read_link(text)` does the same for every link the site ever wrote, and `write_link(payload)` writes
the current one. A link is

    1  base64url (no padding) of UTF-8 JSON; no version (the page's script wrote these)
    3  "3." + base64url (no padding) of raw deflate of compact UTF-8 JSON that carries "format" and
       "game_format" ("." is not a base64url character, so the prefix cannot be mistaken for data)
    4  "4." and the same as 3; a sandbox's "moves" are the reader's own only (the seats it plays): the
       random seats' are chosen again when the game is replayed (widgets/render/line.py), so that what
       they chose in secret is not in a link a player shares
  A sandbox's link before 4 listed every move played, the random seats' too: `read_link` gives them
  as "played" when the sandbox had a random seat (the sandbox replays them as they are, see
  widgets/render/play.py `opened`); without one, every move was the reader's, as in 4.

An example (docs/<game>/examples/*.json, a widget's spec) carries "game_format" too, and
`migrate_example` brings its game parts to the current format when it is shown: "state", "options",
"setup", "moves", "action", its "filter" (an action in part) or "asked", and its "steps"' actions.

Payloads: the Ask page {draft, asked, question, mode}; a case's "Change the position"
{start: {options, state, setup, moves}, asked, question, mode}; the sandbox {input, moves} or {state}
(and "played", every move of a game an earlier link began, where the random seats would not choose
them again).
"""

from __future__ import annotations

import base64
import copy
import json
import re
import zlib

from .errors import InputError, expect, need
from .messages import SOURCE_LANG
from .registry import load_game

FORMAT = 3
LINK_FORMAT = 4
LINK_FORMATS = (3, 4)  # the prefixed ones; the same encoding (1 has no prefix)
TEXT_FIELDS = ("title", "question", "note")
GAME_PARTS = ("state", "options", "setup", "moves", "action")
# A link's text is at most a few hundred kilobytes; what it inflates to is bounded too (a small
# link must not unpack into gigabytes).
MAX_LINK_BYTES = 16 * 1024 * 1024
# Far deeper than any position (they nest a few levels), far below where Python's recursion gives up.
MAX_DEPTH = 100
STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
BRACKETS = re.compile(r"[\[\]{}]")


def check_depth(text: str, field: str) -> None:
    """InputError("json-too-deep", field) when the JSON text nests deeper than MAX_DEPTH. Counted on
    the text, before parsing: inside Pyodide a deep enough document overflows the C stack in the
    parser (or when it is freed), which no RecursionError catches."""
    depth = deepest = 0
    for bracket in BRACKETS.findall(STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    if deepest > MAX_DEPTH:
        raise InputError("json-too-deep", field, limit=MAX_DEPTH)


def doc_format(doc: dict) -> int:
    """The envelope version of a document (see the module's docstring)."""
    if "format" in doc:
        return _version(doc, "format", "", FORMAT, None)
    return 1 if any(isinstance(doc.get(k), dict) for k in TEXT_FIELDS) else 2


def _version(doc: dict, key: str, path: str, newest: int, default) -> int:
    """A version number: an integer from 1, and none newer than this engine reads (a file written by
    a newer Kikötő says so, rather than failing on what it does not know)."""
    version = need(doc, key, "integer", path, default=default)
    field = f"{path}.{key}" if path else key
    if version < 1:
        raise InputError("field-range", field, low=1, high=newest, value=version)
    if version > newest:
        raise InputError("format-newer", field, version=version, newest=newest)
    return version


def _v1_to_v2(doc: dict) -> None:
    """The texts became the source language's string; the other languages live in the catalogs."""
    for key in TEXT_FIELDS:
        value = doc.get(key)
        if isinstance(value, dict):
            source = value.get(SOURCE_LANG)
            if not isinstance(source, str):  # a text without its Hungarian: its first language's
                source = next((v for v in value.values() if isinstance(v, str)), None)
            if source is None:
                raise InputError("field-missing", f"{key}.{SOURCE_LANG}")
            doc[key] = source


def _game(doc: dict, game_id: str | None):
    if "game" in doc or game_id is None:
        return load_game(need(doc, "game", "string"))
    return load_game(game_id)


def _game_steps(game, parts: dict, version: int) -> None:
    """The game's own steps, from `version` to `game.format`, on `parts` (changed in place)."""
    for step in game.migrations[version - 1 :]:
        step(parts)


def game_version(doc: dict, game, path: str = "") -> int:
    """The document's version of the game's format (missing: 1, the games' first)."""
    return _version(doc, "game_format", path, game.format, 1)


def migrate(doc, game_id: str | None = None):
    """`doc` (a case file) at the current formats: the same object when it already is, else a new one
    (the reader's own is never changed). `game_id` names the game when the document does not."""
    expect(doc, "object", "case")
    version = doc_format(doc)
    game = _game(doc, game_id)
    gversion = game_version(doc, game)
    if version == FORMAT and gversion == game.format:
        return doc
    doc = dict(doc)
    if version == 1:
        _v1_to_v2(doc)
    if gversion < game.format:
        parts = {k: copy.deepcopy(doc[k]) for k in GAME_PARTS if k in doc}
        _game_steps(game, parts, gversion)
        for key in GAME_PARTS:
            doc.pop(key, None)
        doc.update(parts)
    doc["format"], doc["game_format"] = FORMAT, game.format
    return doc


def stamp(doc: dict) -> dict:
    """`doc` with its versions written in, "format" and "game_format" after "game" (for files)."""
    doc = migrate(doc)
    out = {}
    for key, value in doc.items():
        if key not in ("format", "game_format"):
            out[key] = value
        if key == "game":
            out["format"], out["game_format"] = doc["format"], doc["game_format"]
    return out


# -- examples -------------------------------------------------------------------------------------
def migrate_example(spec):
    """An example's spec at its game's current format: the same object when it already is, else a
    new one (the file's own data is never changed). A spec that names no known game is left to the
    renderer, which names what is wrong with it."""
    from .registry import game_ids

    if not isinstance(spec, dict) or spec.get("game") not in game_ids():
        return spec
    game = load_game(spec["game"])
    version = game_version(spec, game)
    if version == game.format and "game_format" in spec:
        return spec
    spec = copy.deepcopy(spec)
    if version < game.format:
        parts = {k: spec[k] for k in GAME_PARTS if k in spec}
        held = next((k for k in ("filter", "asked") if k in spec), None) if "action" not in parts else None
        if held:
            parts["action"] = spec[held]
        steps = spec.get("steps") if isinstance(spec.get("steps"), list) else None
        if steps is not None and "moves" not in parts:
            parts["moves"] = [step.get("action") if isinstance(step, dict) else None for step in steps]
        _game_steps(game, parts, version)
        for key in GAME_PARTS:
            if key in spec:
                if key in parts:
                    spec[key] = parts[key]
                else:
                    del spec[key]
        if held and "action" in parts:
            spec[held] = parts["action"]
        if steps is not None and "moves" not in spec and isinstance(parts.get("moves"), list):
            for step, action in zip(steps, parts["moves"]):
                if isinstance(step, dict) and "action" in step:
                    step["action"] = action
    spec["game_format"] = game.format
    return spec


# -- links ----------------------------------------------------------------------------------------
# Where a link's payload keeps the game's parts: (the object holding it, its key there, the part).
_LINK_PARTS = {
    "draft": (((), "draft", "state"), ((), "asked", "action")),
    "start": (
        (("start",), "options", "options"),
        (("start",), "state", "state"),
        (("start",), "setup", "setup"),
        (("start",), "moves", "moves"),
        ((), "asked", "action"),
    ),
    "play": ((("input",), "setup", "setup"), (("input",), "options", "options"), ((), "moves", "moves"), ((), "state", "state")),
}


def _random_seats(payload: dict) -> bool:
    """Whether a sandbox's link names a seat the random player played (its form's "auto")."""
    auto = payload.get("input", {}).get("auto") if isinstance(payload.get("input"), dict) else None
    return isinstance(auto, dict) and any(auto.values())


def _link_kind(payload: dict) -> str:
    return "draft" if "draft" in payload else "start" if "start" in payload else "play"


def _holder(payload: dict, path: tuple):
    node = payload
    for key in path:
        node = node.get(key) if isinstance(node, dict) else None
    return node if isinstance(node, dict) else None


def migrate_link(payload, game_id: str | None = None, version: int = LINK_FORMAT) -> dict:
    """A link's payload at the current formats (a new object when anything changed); `version` is the
    link's (its text's prefix, see the module's docstring)."""
    expect(payload, "object", "link")
    _version(payload, "format", "link", FORMAT, 2)  # links never held texts as objects: v2 at least
    game = _game(payload, game_id)
    gversion = game_version(payload, game, "link")
    kind = _link_kind(payload)
    if version < 4 and kind == "play" and "moves" in payload and _random_seats(payload):
        payload = {**payload, "played": payload["moves"]}  # every move, the random seats' too
        del payload["moves"]
    if gversion < game.format:
        payload = copy.deepcopy(payload)
        places = _LINK_PARTS[kind]
        parts = {}
        for path, key, part in places:
            holder = _holder(payload, path)
            if holder is not None and key in holder:
                parts[part] = holder[key]
        # a sandbox's earlier moves and its own are one game's moves: the game's steps take them at once
        earlier = payload.get("played") if kind == "play" else None
        if isinstance(earlier, list):
            parts["moves"] = earlier + (parts.get("moves") or [])
        _game_steps(game, parts, gversion)
        if isinstance(earlier, list):
            payload["played"], parts["moves"] = parts["moves"][: len(earlier)], parts["moves"][len(earlier) :]
            if "moves" not in payload:
                del parts["moves"]
        for path, key, part in places:
            holder = _holder(payload, path)
            if holder is None:
                continue
            if part in parts:
                holder[key] = parts[part]
            else:
                holder.pop(key, None)
    else:
        payload = dict(payload)
    payload.update(format=FORMAT, game=game.id, game_format=game.format)
    return payload


def _b64decode(data: str) -> bytes:
    return base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))


def read_link(text, game_id: str | None = None) -> dict:
    """The payload of a link's text (what follows "#ask=" or "#play="), of any version, migrated to
    the current formats. InputError("link-unreadable", "link") when it is not a link."""
    expect(text, "string", "link")
    prefix, dot, data = text.strip().partition(".")
    version = int(prefix) if dot and prefix.isdigit() else 1
    if version > LINK_FORMAT:
        raise InputError("format-newer", "link", version=version, newest=LINK_FORMAT)
    try:
        if not dot:
            raw = _b64decode(prefix)  # version 1: no prefix
        else:
            if version not in LINK_FORMATS:  # (a prefix that is no number reads as 1: not a prefixed one)
                raise ValueError(prefix)
            inflate = zlib.decompressobj(-15)
            raw = inflate.decompress(_b64decode(data), MAX_LINK_BYTES)
            if inflate.unconsumed_tail or not inflate.eof:
                raise ValueError("truncated or too long")
        text = raw.decode("utf-8")
    # (binascii.Error and UnicodeDecodeError are ValueErrors)
    except (ValueError, zlib.error):
        raise InputError("link-unreadable", "link") from None
    check_depth(text, "link")
    try:
        payload = json.loads(text)
    except ValueError:
        raise InputError("link-unreadable", "link") from None
    return migrate_link(payload, game_id, version)


def write_link(payload: dict) -> str:
    """The text of a link to `payload`, which names its "game" and is in the current formats (this
    engine made it): they are written into it."""
    expect(payload, "object", "link")
    game = load_game(need(payload, "game", "string", "link"))
    payload = {**payload, "format": FORMAT, "game_format": game.format}
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = deflate.compress(data) + deflate.flush()
    return f"{LINK_FORMAT}." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
