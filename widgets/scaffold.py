"""`python -m widgets new-game ID --title-hu … --title-en …`: the whole shape of a new game.

It writes the engine package (a minimal turn-taking game wired into load_game, every
rule still to be written marked UNIMPLEMENTED), its renderer, the rules pages in every
language configured in mkdocs.yml, an example, a case, the cases, sandbox and coverage
pages, a test, and the nav entries. The new game fails `python -m engine coverage --check`
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

from .i18n.sources import PIVOT_LANG as PIVOT   # the language a language with no texts here starts from

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

ROUNDS = 3


class {cls}State(State):
    """The position. The contract (docs/contributing/architecture.en.md, "The engine contract"):
    the schemas in schema/ are the format; `load` and `check_position` say what they cannot."""

    end_rules = ("{prefix}-1.1",)

    @classmethod
    def initial(cls, game, players, seed, options):
        s = cls()
        s.game, s.options, s.players, s.turns, s.rng = game, options, players, 0, Rng(seed)
        return s

    @classmethod
    def load(cls, game, data, field, options):
        s = cls()
        s.game, s.options = game, options
        s.players, s.turns, s.rng = data["players"], data["turns"], Rng.from_json(data.get("rng"))
        return s

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
        return self.game.verdict(True, "ok", ["{prefix}-1.1"])

    def _apply(self, action):
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



RENDER_PY = '''"""{title_en} drawn as SVG (scaffolded: a placeholder until the board is modelled)."""

from __future__ import annotations

from .html import esc
from .renderer import Renderer
from .ui import UI


def target(action):
    return None


def board_svg(state, lang, highlight=frozenset()):
    seats = "".join(
        f'<g><title>{{esc(UI.text("seat", lang, n=i + 1))}}</title><circle cx="{{30 + 40 * i}}" cy="30" r="14" '
        f'fill="{{"#3f51b5" if i == state.current_player else "#b0bec5"}}"/><text x="{{30 + 40 * i}}" y="35" '
        f'text-anchor="middle" font-size="14" fill="#fff">{{i + 1}}</text></g>' for i in range(state.players))
    return (f'<svg class="kikoto-board" viewBox="0 0 {{20 + 40 * state.players}} 60" role="img" '
            f'aria-label="{title_en}" xmlns="http://www.w3.org/2000/svg">{{seats}}</svg>')


def panel(state, lang):
    return f'<p class="kikoto-legend">{{state.turns}} / {{state.players * 3}}</p>'


RENDERER = Renderer(target=target, board_svg=board_svg, panel=panel)
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
        for code, text in {content.code(content.EXAMPLE, "first-round", "title"): pages["ex"],
                           content.code(content.EXAMPLE, "first-round", "caption", 0): pages["r11t"],
                           content.code(content.CASE, case_id, "question"): pages["q"]}.items():
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
    values = dict(id=game_id, title_hu=title_hu, title_en=title_en, prefix=prefix, low=low, high=high, cls=cls,
                  pkg=pkg)
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
        f"engine/{pkg}/schema/state.schema.json": json.dumps({
            "$schema": "http://json-schema.org/draft-07/schema#", "title": f"{title_en} state (UNIMPLEMENTED)",
            "type": "object", "required": ["players", "turns"], "additionalProperties": False,
            "properties": {"game": {"const": game_id}, "players": {"type": "integer", "minimum": low, "maximum": high},
                           "turns": {"type": "integer", "minimum": 0}, "options": {"type": "object"},
                           "rng": {"type": "string", "pattern": "^[0-9a-f]{16}$"}}}, indent=1) + "\n",
        f"engine/{pkg}/schema/action.schema.json": json.dumps({
            "$schema": "http://json-schema.org/draft-07/schema#", "title": f"{title_en} action (UNIMPLEMENTED)",
            "oneOf": [{"type": "object", "required": ["type"], "additionalProperties": False,
                       "properties": {"type": {"const": "pass"}, "player": {"type": "integer"}}}]}, indent=1) + "\n",
        f"widgets/render/{pkg}.py": RENDER_PY.format(**values),
        f"tests/{pkg}/__init__.py": "",
        f"tests/{pkg}/test_{pkg}_turns.py": (
            "import pytest\n\nfrom engine import load_game\n\n\n"
            f"@pytest.mark.rules(\"{prefix}-1.1\")\ndef test_players_take_turns():\n"
            f"    state = load_game(\"{game_id}\").new({low}, 1)\n"
            "    assert state.current_player == 0\n"
            "    assert state.apply({\"type\": \"pass\"}).current_player == 1\n"),
        f"tests/{pkg}/test_{pkg}_properties.py": (
            '"""Random playouts end, and every position\'s legal actions are legal (scaled by KIKOTO_SCALE;\n'
            '`make soak` runs them at a larger scale)."""\n\n'
            "from engine import load_game\nfrom engine.cli import random_playout\n\n\n"
            "def test_random_games_end(scaled):\n"
            f"    game = load_game(\"{game_id}\")\n"
            "    for seed in range(scaled(5)):\n"
            f"        for _, _, verdict, _ in random_playout(game.new({low}, seed), 1000, seed):\n"
            "            assert verdict.legal\n"),
        f"docs/{game_id}/examples/first-round.json": json.dumps({
            "id": "first-round", "game": game_id, "widget": "steps", "title": source["ex"],
            "setup": {"players": low, "seed": 1},
            "steps": [{"action": {"type": "pass"}, "caption": source["r11t"]}]},
            indent=1, ensure_ascii=False) + "\n",
        f"docs/{game_id}/examples/sandbox.json": json.dumps({
            "id": "sandbox", "game": game_id, "widget": "play", "sandbox": True, "play": True,
            "setup": {"players": low, "seed": 1}, "options": {}}, indent=1) + "\n",
        f"docs/{game_id}/cases/{prefix.lower()}-first-pass.json": json.dumps({
            "id": f"{prefix.lower()}-first-pass", "game": game_id, "format": FORMAT, "game_format": 1,
            "question": source["q"],
            "setup": {"players": low, "seed": 1}, "action": {"type": "pass"},
            "expect": {"legal": True, "rules": [f"{prefix}-1.1"]}}, indent=1, ensure_ascii=False) + "\n",
    }
    for lang in languages(mkdocs):
        t = texts(lang)["pages"]
        title = title_hu if lang == SOURCE_LANG else title_en
        head = lambda key: f"---\ntitle: {t[key].format(title=title)}\n---\n# {t[key].format(title=title)}\n\n"  # noqa: E731
        files[f"docs/{game_id}/rules.{lang}.md"] = (
            head("rules") + f"{t['intro']}\n\n## {prefix}-1 {t['r1']}\n<!-- rule: descriptive -->\n\n"
            f"### {prefix}-1.1 {t['r11']}\n{t['r11t']}\n\n### {prefix}-2.1 {t['r21']}\n{t['r21t']}\n")
        files[f"docs/{game_id}/examples.{lang}.md"] = head("examples") + "```kikoto\nexample: first-round\n```\n"
        files[f"docs/{game_id}/cases.{lang}.md"] = head("cases") + f"{t['cases_intro']}\n\n<!-- kikoto:cases -->\n"
        files[f"docs/{game_id}/sandbox.{lang}.md"] = head("sandbox") + f"{t['sandbox_intro']}\n\n```kikoto\nexample: sandbox\n```\n"
        files[f"docs/{game_id}/coverage.{lang}.md"] = head("coverage") + f"{t['coverage_intro']}\n\n<!-- kikoto:coverage -->\n"
    for rel, text in files.items():
        write(os.path.join(root, rel), text)
    files.update(write_messages(root, pkg, {lang: title_hu if lang == SOURCE_LANG else title_en
                                            for lang in languages(mkdocs)}, f"{prefix.lower()}-first-pass"))
    nav = (f"  - {title_hu}:\n      - Szabályok: {game_id}/rules.md\n      - Példák: {game_id}/examples.md\n"
           f"      - Vitás esetek: {game_id}/cases.md\n      - Homokozó: {game_id}/sandbox.md\n"
           f"      - Lefedettség: {game_id}/coverage.md\n")
    with open(mkdocs_path, "w", encoding="utf-8") as f:
        f.write(mkdocs.replace(NAV_MARK, nav + NAV_MARK))
    return sorted(files) + ["mkdocs.yml"]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m widgets")
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("new-game", help="scaffold a new game: engine package, renderer, pages, example, case, nav")
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
    print(f"next: write docs/{args.id}/rules.hu.md and engine/{args.id.replace('-', '_')}/game.py; "
          f"`python -m engine coverage --check` fails until {prefix}-2.1 is written, cited and tested")
    return 0
