"""`python -m widgets new-game ID --title-hu … --title-en …`: the whole shape of a new game.

It writes the engine package (a minimal turn-taking game wired into load_game, every
rule still to be written marked UNIMPLEMENTED), its widgets package in the shared layout
(widgets/render/<package>/: board.py and edit.py, a position editor for its Ask page), the
rules pages in every language configured in mkdocs.yml, an example, a case, the cases,
sandbox, Ask and coverage pages, tests (the editor's among them, and its scenario for the
browser test), and the nav entries. The new game fails `python -m engine coverage --check`
until its placeholder rule is written, cited by code and tested, on purpose.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys

from engine.core.formats import FORMAT
from engine.core.messages import SOURCE_LANG

from .i18n.sources import PIVOT_LANG as PIVOT  # the language a language with no texts here starts from

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAV_MARK = "  # new games go above this line (python -m widgets new-game)"

GAME_PY = '''"""{title_en}: scaffolded by `python -m widgets new-game`.

UNIMPLEMENTED: only the turn order ({prefix}-1.1) is real. Model the rulebook here,
one cited rule at a time (any game package beside it in engine/ shows a whole game).
"""

from __future__ import annotations

from ..core import Game, Rng, State, cites
from ..core.messages import N_
from .messages import CATALOG

ROUNDS = 10


class {cls}State(State):
    """The position. The contract (docs/contributing/architecture.en.md, "The engine contract"):
    the schemas in schema/ are the format; `load` and `check_position` say what they cannot."""

    end_rules = ("{prefix}-1.1",)

    @classmethod
    def initial(cls, game, players, seed, options):
        return cls(game, options, {{"players": players, "turns": 0, "rng": Rng(seed)}})

    @classmethod
    def load(cls, game, data, field, options):
        return cls(game, options, {{"players": data["players"], "turns": data["turns"], "rng": Rng.from_json(data.get("rng"))}})

    def check_position(self, field):
        if self.turns > ROUNDS * self.players:
            from ..core import InputError

            raise InputError("field-range", f"{{field}}.turns", low=0, high=ROUNDS * self.players, value=self.turns)

    def _to_json(self):
        return {{"game": self.game.id, "players": self.players, "turns": self.turns, "rng": self.rng.to_json()}}

    @property
    def player_count(self):
        return self.players

    @property
    def current_player(self):
        return self.turns % self.players

    def turn_rules(self, kind):
        return ("{prefix}-1.1",)

    def legal_actions(self):
        return [] if self.is_over() else [{{"type": "pass"}}]

    @cites("{prefix}-1.1")
    def _check_pass(self, action):
        return self._ok("ok", "{prefix}-1.1")

    def _apply_pass(self, action):
        self.turns += 1

    def is_over(self):
        return self.turns >= ROUNDS * self.players

    def scores(self):
        return [0] * self.players

    def winners(self):
        return list(range(self.players)) if self.is_over() else []

    def _describe(self, action, lang):
        return CATALOG.text("describe-pass", lang)


GAME = Game(id="{id}", title=N_("game-title"), prefix="{prefix}", players=({low}, {high}),
            state_class={cls}State, catalog=CATALOG)
'''

INIT_PY = '''"""{title_en} (scaffolded; see game.py)."""


def __getattr__(name):
    if name == "GAME":
        from .game import GAME

        return GAME
    raise AttributeError(name)
'''

MESSAGES_PY = '''"""{title_en}'s messages: the gettext domain `{pkg}`, in
engine/locale/<lang>/LC_MESSAGES/{pkg}.po (compiled to .mo beside it), chained to the core catalog.
"""

from ..core.messages import Catalog

CATALOG = Catalog("{pkg}")
'''


# The game's widgets package (widgets/render/<package>/, the layout of widgets.render.renderer.FILES):
# the board, and a position editor for its Ask page.
WIDGETS_INIT_PY = '''"""{title_en}'s widgets (scaffolded): board.py (the seats, the one to move filled; RENDERER)
and edit.py (the position editor of the Ask page). As the game grows, give each new job the file name
widgets.render.renderer.FILES gives it (draft.py, ask.py, forms.py, words.py, …), and describe here a
file whose job is this game's own."""
'''

BOARD_PY = '''"""{title_en} drawn as SVG (scaffolded: a placeholder until the board is modelled): one circle per
seat, the seat to move filled, and below them the game's turns, those taken filled. The position
editor (edit.py) draws the same board from its draft, and the seats are what a tap names."""

from __future__ import annotations

from engine.{pkg}.game import ROUNDS
from engine.{pkg}.messages import CATALOG

from ..html import esc
from ..renderer import Renderer
from ..ui import UI

STROKE = {{"selected": "#0d47a1", "target": "#1b5e20", "problem": "#c62828", "refused": "#c62828"}}
BADGE = {{"target": "✔", "problem": "!", "refused": "✘"}}


def count(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def seats(data) -> tuple[int, int | None]:
    """(the number of seats, the seat to move) of a position's JSON that may hold anything (the
    editor's draft): what is malformed is drawn as nothing, and the engine says what is wrong."""
    players = count(data.get("players")) or 0
    turns = count(data.get("turns"))
    return players, (turns % players if players and turns is not None else None)


def target(action):
    return f"seat{{action['player']}}" if isinstance(action.get("player"), int) else None


def board_svg(state, lang, highlight=frozenset(), *, marks=None, tappable=False):
    """The seats. `state` is a State or a position's JSON; `marks`: a seat's field id ("seat0") ->
    "selected", "target", "problem" or "refused"; `tappable`: each seat is a button (data-tap)."""
    data = state if isinstance(state, dict) else state.to_json()
    players, to_move = seats(data)
    taken = count(data.get("turns")) or 0
    marked = marks or {{}}
    width = 20 + max(50 * players, 24 * min(ROUNDS * players, 40))
    parts = [f'<svg class="kikoto-board" viewBox="0 0 {{width}} 110" role="group" '
             f'aria-label="{{esc(CATALOG.text("game-title", lang))}}" xmlns="http://www.w3.org/2000/svg">']
    for seat in range(players):
        fid, x = f"seat{{seat}}", 35 + 50 * seat
        mark = marked.get(fid, "target" if fid in highlight else "")
        title = UI.text("seat", lang, n=seat + 1) + (f" · {{UI.text('ed-turn', lang)}}" if seat == to_move else "")
        role = f'role="button" tabindex="0" data-tap="{{fid}}"' if tappable else 'role="img"'
        parts.append(f'<g {{role}} class="kikoto-field{{" is-" + mark if mark else ""}}" data-field="{{fid}}">'
                     f'<title>{{esc(title)}}</title><circle cx="{{x}}" cy="35" r="20" '
                     f'fill="{{"#3f51b5" if seat == to_move else "#b0bec5"}}" stroke="{{STROKE.get(mark, "#ffffff")}}" '
                     f'stroke-width="{{4 if mark else 1.5}}"/><text x="{{x}}" y="41" text-anchor="middle" font-size="16" '
                     f'fill="#fff">{{seat + 1}}</text>')
        if mark in BADGE:
            parts.append(f'<text x="{{x + 16}}" y="16" font-size="14">{{BADGE[mark]}}</text>')
        parts.append("</g>")
    for turn in range(min(ROUNDS * players, 40)):  # a row of the turns, as far as it fits
        x = 22 + 24 * turn
        parts.append(f'<g role="img"><title>{{esc(CATALOG.text("board-turn", lang, n=turn + 1))}}</title>'
                     f'<rect x="{{x - 10}}" y="80" width="20" height="20" rx="3" stroke="#546e7a" '
                     f'fill="{{"#546e7a" if turn < taken else "#ffffff"}}"/></g>')
    return "".join(parts) + "</svg>"


def panel(state, lang):
    return f'<p class="kikoto-legend">{{state.turns}} / {{state.players * ROUNDS}}</p>'


RENDERER = Renderer(target=target, board_svg=board_svg, panel=panel, tappable=True, editor="widgets.render.{pkg}.edit")
'''

EDIT_PY = '''"""{title_en} in the position editor (widgets/render/editor.py), scaffolded: the seats on the board,
whose turn it is and how many turns were taken.

Setting up: a tap on a seat makes it the seat to move; with the eraser, it removes that seat. Asking:
a tap on a seat asks whether that seat may pass now. Setting up edits the position's JSON as the engine
writes it; whether the result is a possible position is the engine's to say. Grow it with the game:
its pieces in `palette` and `edit_tap`, its moves in `ask_tap` and `offers` (the games beside this one
show whole editors; the interface is widgets/render/editing.py).
"""

from __future__ import annotations

from engine.{pkg}.messages import CATALOG

from ..editor import Editing, number, palette_row, players_choice
from ..html import esc
from ..ui import UI
from .board import board_svg, count, seats

ERASER = {{"erase": True}}


def seat_of(field: str) -> int | None:
    """The seat a field id names ("seat1" -> 1), or None."""
    return int(field[4:]) if field.startswith("seat") and field[4:].isdigit() else None


class {cls}Editing(Editing):
    field_ids = frozenset(f"seat{{n}}" for n in range({high}))

    def field_name(self, field, lang):
        seat = seat_of(field)
        return field if seat is None else UI.text("seat", lang, n=seat + 1)

    def board(self, draft, lang, *, lit, marks, tappable):
        return board_svg(draft, lang, marks={{**marks, **{{f: "problem" for f in lit}}}}, tappable=tappable)

    def marks(self, draft, tool, asked) -> dict:
        return {{f"seat{{asked['player']}}": "target"}} if isinstance(asked, dict) and isinstance(asked.get("player"), int) else {{}}

    def help_edit(self, lang: str) -> str:
        return CATALOG.text("ed-help-edit", lang)

    def help_ask(self, lang: str) -> str:
        return CATALOG.text("ed-help-ask", lang)

    def palette(self, draft, tool, lang) -> str:
        return palette_row([], tool, lang)  # no pieces yet: the eraser only

    def edit_tap(self, draft, tool, field):
        players, _ = seats(draft)
        seat = seat_of(field)
        if seat is None or seat >= players:
            return draft, tool
        if tool == ERASER:
            draft["players"] = players - 1  # too few seats is the engine's to name, and the draft keeps it
        else:
            turns = count(draft.get("turns")) or 0
            draft["turns"] = turns - turns % players + seat  # the same round, this seat to move
        return draft, tool

    def counters(self, draft, lang, invalid, game) -> str:
        players, _ = seats(draft)
        return ('<section class="kikoto-ed-counters">'
                f'<h4>{{esc(UI.text("ed-game", lang))}}</h4><div class="kikoto-ed-row">'
                + players_choice(players, game, lang)
                + number(["turns"], draft.get("turns"), CATALOG.text("ed-turns", lang), invalid=invalid)
                + "</div></section>")

    def resize(self, draft, players: int):
        draft["players"] = players
        return draft

    def ask_tap(self, draft, tool, field):
        seat = seat_of(field)
        return None, (None if seat is None else {{"type": "pass", "player": seat}})

    def offers(self, state, tool, lang) -> list:
        action = {{"type": "pass", "player": state.current_player}}
        return [] if state.is_over() else [(state.describe(action, lang), action)]

    def action_title(self, kind: str, lang: str) -> str:
        return CATALOG.text("describe-" + kind, lang)


EDITING = {cls}Editing()
'''

# The game's scenario for the shared browser test of the Ask page (tests/browser/test_editor.py).
EDITOR_SCENARIO_PY = '''"""{title_en} in the position editor's browser test (tests/browser/test_editor.py), scaffolded:
player 2 is made the one to move, then asked about: may player 2 pass (legal), may player 1 (not
their turn). Removing a seat leaves too few players: the engine names the count."""

SCENARIO = {{
    # ("tool", the palette's tool), ("tap", a field id), ("offer", an offered action), ("mode", "ask")
    "setup": [("tap", "seat1"), ("tap", "seat0"), ("tap", "seat1")],
    "counter": (["turns"], "{later}"),  # a round later, player 2 still to move
    "legal": [("tap", "seat1")],
    "legal_rule": "{prefix}-1.1",
    "illegal": [("tap", "seat0")],
    "illegal_rule": "{prefix}-1.1",
    "impossible": {{"setup": [("tool", {{"erase": True}}), ("tap", "seat0")], "field": "state.players",
                   "kept": (["players"], {fewer})}},
}}
'''

EDITOR_TEST_PY = '''"""The position editor (widgets/render/{pkg}/edit.py) answers as on the Ask page: a tap sets the
seat to move, a question gets the engine's verdict and its rule, and an impossible position is named
and kept."""

from widgets.render.editor import answer

SPEC = {{"widget": "editor", "game": "{id}", "setup": {{"players": {low}, "seed": 1}}}}
CTX = {{"lang": "en", "rules_url": ""}}


def test_a_tap_sets_the_seat_to_move_and_a_question_gets_its_rule():
    _, update = answer({{**SPEC, "cmds": [{{"op": "tap", "field": "seat1"}}]}}, CTX)
    assert update["draft"]["turns"] == 1
    html, update = answer({{**SPEC, **update, "cmds": [{{"op": "mode", "mode": "ask"}}, {{"op": "tap", "field": "seat0"}}]}}, CTX)
    assert update["asked"] == {{"type": "pass", "player": 0}}
    assert 'data-legal="false"' in html and 'data-reason="not-your-turn"' in html and "{prefix}-1.1" in html
    html, _ = answer({{**SPEC, **update, "cmds": [{{"op": "tap", "field": "seat1"}}]}}, CTX)
    assert 'data-legal="true"' in html


def test_too_few_seats_are_named_and_kept():
    html, update = answer({{**SPEC, "cmds": [{{"op": "tool", "tool": {{"erase": True}}}}, {{"op": "tap", "field": "seat0"}}]}}, CTX)
    assert update["draft"]["players"] == {fewer}
    assert 'data-field="state.players"' in html and 'data-valid="false"' in html
'''

# The new game's pages and messages, in the source language and English (other languages: the
# English pages; `extract` gives their messages empty entries to translate), kept as data.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "scaffold.json"), encoding="utf-8") as _f:
    TEXT = json.load(_f)


def languages(mkdocs_text: str) -> list[str]:
    return re.findall(r"^\s+- locale: (\w+)", mkdocs_text, re.M) or [SOURCE_LANG, PIVOT]


def write(path: str, text: str) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        raise SystemExit(f"error: {os.path.relpath(path, ROOT)} already exists")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def texts(lang: str) -> dict:
    return TEXT.get(lang, TEXT[PIVOT])


def write_messages(root: str, pkg: str, titles: dict[str, str], case_id: str) -> dict[str, str]:
    """The game's gettext domains: a .po per language with its messages (scaffold.json) and
    the English of its example and case (the files hold the Hungarian), brought up to date by
    extraction (the .pot, the locations) and compiled to .mo."""
    from engine.core import content

    from .i18n import messages as M

    langs = [lang for lang in M.languages(root) if os.path.exists(M.po_path(root, lang, M.CORE_DOMAIN))]
    for lang in langs:
        catalog = M.new_catalog(pkg, lang)
        for code, text in {**TEXT.get(lang, {}).get("messages", {}), "game-title": titles.get(lang, "")}.items():
            catalog.add(code, text, flags=M.FLAGS)
        path = M.po_path(root, lang, pkg)
        if os.path.exists(path):
            raise SystemExit(f"error: {os.path.relpath(path, root)} already exists")
        with open(path, "wb") as f:
            f.write(M.po_bytes(catalog))
    site_content = f"{pkg}-content"
    M.extract(root, langs, only=[pkg, site_content])
    for lang in langs:
        if lang == SOURCE_LANG or lang not in TEXT:
            continue
        path = M.po_path(root, lang, site_content)
        catalog = M.read_po(path)
        pages = TEXT[lang]["pages"]
        for code, text in {
            content.code(content.EXAMPLE, "first-round", "title"): pages["ex"],
            content.code(content.EXAMPLE, "first-round", "caption", 0): pages["r11t"],
            content.code(content.EXAMPLE, "ask", "title"): pages["ask_title"],
            content.code(content.CASE, case_id, "question"): pages["q"],
        }.items():
            if catalog.get(code) is not None:
                catalog[code].string = text
        with open(path, "wb") as f:
            f.write(M.po_bytes(catalog))
    M.extract(root, langs, only=[pkg, site_content])
    M.compile_all(root, langs, only=[pkg, site_content])
    rels = [os.path.relpath(M.pot_path(root, d), root) for d in (pkg, site_content)]
    for lang in langs:
        rels += [os.path.relpath(M.po_path(root, lang, d, ext), root) for d in (pkg, site_content) for ext in ("po", "mo")]
    return {rel.replace(os.sep, "/"): "" for rel in rels if os.path.exists(os.path.join(root, rel))}


def new_game(root: str, game_id: str, title_hu: str, title_en: str, prefix: str, low: int, high: int) -> list[str]:
    pkg = game_id.replace("-", "_")
    cls = "".join(part.title() for part in pkg.split("_"))
    values = dict(
        id=game_id,
        title_hu=title_hu,
        title_en=title_en,
        prefix=prefix,
        low=low,
        high=high,
        cls=cls,
        pkg=pkg,
        later=low + 1,
        fewer=low - 1,
    )
    mkdocs_path = os.path.join(root, "mkdocs.yml")
    with open(mkdocs_path, encoding="utf-8") as f:
        mkdocs = f.read()
    if NAV_MARK not in mkdocs:
        raise SystemExit(f"error: mkdocs.yml has no line {NAV_MARK.strip()!r} to add the nav entries above")
    source = texts(SOURCE_LANG)["pages"]
    files = {
        f"engine/{pkg}/__init__.py": INIT_PY.format(**values),
        f"engine/{pkg}/game.py": GAME_PY.format(**values),
        f"engine/{pkg}/messages.py": MESSAGES_PY.format(**values),
        f"engine/{pkg}/schema/state.schema.json": json.dumps(
            {
                "$schema": "http://json-schema.org/draft-07/schema#",
                "title": f"{title_en} state (UNIMPLEMENTED)",
                "type": "object",
                "required": ["players", "turns"],
                "additionalProperties": False,
                "properties": {
                    "game": {"const": game_id},
                    "players": {"type": "integer", "minimum": low, "maximum": high},
                    "turns": {"type": "integer", "minimum": 0},
                    "options": {"type": "object"},
                    "rng": {"type": "string", "pattern": "^[0-9a-f]{16}$"},
                },
            },
            indent=1,
        )
        + "\n",
        f"engine/{pkg}/schema/action.schema.json": json.dumps(
            {
                "$schema": "http://json-schema.org/draft-07/schema#",
                "title": f"{title_en} action (UNIMPLEMENTED)",
                "oneOf": [
                    {
                        "type": "object",
                        "required": ["type"],
                        "additionalProperties": False,
                        "properties": {"type": {"const": "pass"}, "player": {"type": "integer"}},
                    }
                ],
            },
            indent=1,
        )
        + "\n",
        f"widgets/render/{pkg}/__init__.py": WIDGETS_INIT_PY.format(**values),
        f"widgets/render/{pkg}/board.py": BOARD_PY.format(**values),
        f"widgets/render/{pkg}/edit.py": EDIT_PY.format(**values),
        f"tests/{pkg}/editor_scenario.py": EDITOR_SCENARIO_PY.format(**values),
        f"tests/{pkg}/test_{pkg}_editor.py": EDITOR_TEST_PY.format(**values),
        f"tests/{pkg}/__init__.py": "",
        f"tests/{pkg}/test_{pkg}_turns.py": (
            "import pytest\n\nfrom engine import load_game\n\n\n"
            f'@pytest.mark.rules("{prefix}-1.1")\ndef test_players_take_turns():\n'
            f'    state = load_game("{game_id}").new({low}, 1)\n'
            "    assert state.current_player == 0\n"
            '    assert state.apply({"type": "pass"}).current_player == 1\n'
        ),
        f"tests/{pkg}/test_{pkg}_properties.py": (
            '"""Random playouts end, and every position\'s legal actions are legal (scaled by KIKOTO_SCALE;\n'
            '`make soak` runs them at a larger scale)."""\n\n'
            "from engine import load_game\nfrom engine.cli import random_playout\n\n\n"
            "def test_random_games_end(scaled):\n"
            f'    game = load_game("{game_id}")\n'
            "    for seed in range(scaled(5)):\n"
            f"        for _, _, verdict, _ in random_playout(game.new({low}, seed), 1000, seed):\n"
            "            assert verdict.legal\n"
        ),
        f"docs/{game_id}/examples/first-round.json": json.dumps(
            {
                "id": "first-round",
                "game": game_id,
                "game_format": 1,
                "widget": "steps",
                "title": source["ex"],
                "setup": {"players": low, "seed": 1},
                "steps": [{"action": {"type": "pass"}, "caption": source["r11t"]}],
            },
            indent=1,
            ensure_ascii=False,
        )
        + "\n",
        f"docs/{game_id}/examples/sandbox.json": json.dumps(
            {
                "id": "sandbox",
                "game": game_id,
                "game_format": 1,
                "widget": "play",
                "sandbox": True,
                "play": True,
                "setup": {"players": low, "seed": 1},
                "options": {},
            },
            indent=1,
        )
        + "\n",
        f"docs/{game_id}/examples/ask.json": json.dumps(
            {
                "id": "ask",
                "game": game_id,
                "game_format": 1,
                "widget": "editor",
                "title": source["ask_title"],
                "setup": {"players": low, "seed": 1},
            },
            indent=1,
            ensure_ascii=False,
        )
        + "\n",
        f"docs/{game_id}/cases/{prefix.lower()}-first-pass.json": json.dumps(
            {
                "id": f"{prefix.lower()}-first-pass",
                "game": game_id,
                "format": FORMAT,
                "game_format": 1,
                "question": source["q"],
                "setup": {"players": low, "seed": 1},
                "action": {"type": "pass"},
                "expect": {"legal": True, "rules": [f"{prefix}-1.1"]},
            },
            indent=1,
            ensure_ascii=False,
        )
        + "\n",
    }
    for lang in languages(mkdocs):
        t = texts(lang)["pages"]
        title = title_hu if lang == SOURCE_LANG else title_en
        head = lambda key: f"---\ntitle: {t[key].format(title=title)}\n---\n# {t[key].format(title=title)}\n\n"  # noqa: E731
        files[f"docs/{game_id}/rules.{lang}.md"] = (
            head("rules") + f"{t['intro']}\n\n## {prefix}-1 {t['r1']}\n<!-- rule: descriptive -->\n\n"
            f"### {prefix}-1.1 {t['r11']}\n{t['r11t']}\n\n### {prefix}-2.1 {t['r21']}\n{t['r21t']}\n"
        )
        files[f"docs/{game_id}/examples.{lang}.md"] = head("examples") + "```kikoto\nexample: first-round\n```\n"
        files[f"docs/{game_id}/cases.{lang}.md"] = head("cases") + f"{t['cases_intro']}\n\n<!-- kikoto:cases -->\n"
        files[f"docs/{game_id}/sandbox.{lang}.md"] = (
            head("sandbox") + f"{t['sandbox_intro']}\n\n```kikoto\nexample: sandbox\n```\n"
        )
        files[f"docs/{game_id}/ask.{lang}.md"] = head("ask") + f"{t['ask_intro']}\n\n```kikoto\nexample: ask\n```\n"
        files[f"docs/{game_id}/coverage.{lang}.md"] = head("coverage") + f"{t['coverage_intro']}\n\n<!-- kikoto:coverage -->\n"
    for rel, text in files.items():
        write(os.path.join(root, rel), text)
    files.update(
        write_messages(
            root,
            pkg,
            {lang: title_hu if lang == SOURCE_LANG else title_en for lang in languages(mkdocs)},
            f"{prefix.lower()}-first-pass",
        )
    )
    nav = (
        f"  - {title_hu}:\n      - Szabályok: {game_id}/rules.md\n      - Példák: {game_id}/examples.md\n"
        f"      - Vitás esetek: {game_id}/cases.md\n      - Homokozó: {game_id}/sandbox.md\n"
        f"      - Kérdezz te!: {game_id}/ask.md\n"
        f"      - Lefedettség: {game_id}/coverage.md\n"
    )
    with open(mkdocs_path, "w", encoding="utf-8") as f:
        f.write(mkdocs.replace(NAV_MARK, nav + NAV_MARK))
    return sorted(files) + ["mkdocs.yml"]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m widgets")
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser(
        "new-game", help="scaffold a new game: engine package, widgets package with an editor, pages, example, case, nav"
    )
    g.add_argument("id", help="the game id, lowercase with hyphens (e.g. hansa-teutonica)")
    g.add_argument("--title-hu", required=True)
    g.add_argument("--title-en", required=True)
    g.add_argument("--prefix", help="rule id prefix, two capital letters (default: from the id)")
    g.add_argument("--players", default="2-4", help="player range, e.g. 2-4")
    g.add_argument("--root", default=ROOT, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if not re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", args.id):
        print("error: “id”: lowercase letters, digits and hyphens, e.g. hansa-teutonica", file=sys.stderr)
        return 2
    parts = args.id.split("-")
    prefix = args.prefix or ((parts[0][0] + parts[1][0]) if len(parts) > 1 else parts[0][:2]).upper()
    if not re.fullmatch(r"[A-Z]{2}", prefix):
        print("error: “--prefix”: two capital letters", file=sys.stderr)
        return 2
    low, _, high = args.players.partition("-")
    for rel in new_game(args.root, args.id, args.title_hu, args.title_en, prefix, int(low), int(high or low)):
        print(f"wrote {rel}")
    print(
        f"next: write docs/{args.id}/rules.hu.md and engine/{args.id.replace('-', '_')}/game.py; "
        f"`python -m engine coverage --check` fails until {prefix}-2.1 is written, cited and tested"
    )
    return 0
