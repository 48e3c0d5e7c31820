"""One-off: today's share links, built exactly as the page's script built them before links carried
a format (share.mjs: encodeShare, run here by Node), into tests/formats/corpus/links/links.json:

- every case's "Change the position" link ({start: {options, state, setup, moves}, asked, mode});
- one Ask page link per game ({draft, asked, question, mode}), from the page's start position;
- two sandbox links per game ({input, moves} and {state}).

    .venv/bin/python tools/collect_link_corpus.py
"""

from __future__ import annotations

import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
OUT = os.path.join(ROOT, "tests", "formats", "corpus", "links", "links.json")

from engine import load_game  # noqa: E402
from widgets.render import editor  # noqa: E402
from widgets.render.line import start_state  # noqa: E402

CTX = {"lang": "en"}


def js_function(name: str) -> str:
    with open(os.path.join(ROOT, "widgets", "assets", "share.mjs"), encoding="utf-8") as f:
        source = f.read()
    return re.search(rf"^(?:export )?(function {name}\(.*?^}}\n)", source, re.S | re.M).group(1)


def encode_all(payloads: list) -> list[str]:
    # JSON text in, as the page held it (JSON.parse of the spec), then the page's own encodeShare
    script = (
        js_function("encodeShare")
        + """
let input = "";
process.stdin.on("data", (d) => (input += d));
process.stdin.on("end", () => console.log(JSON.stringify(JSON.parse(input).map(encodeShare))));
"""
    )
    run = subprocess.run(
        ["node", "-e", script], input=json.dumps(payloads, ensure_ascii=False), capture_output=True, text=True, check=True
    )
    return json.loads(run.stdout)


def main() -> int:
    entries = []
    for path in sorted(glob.glob(os.path.join(ROOT, "docs", "*", "cases", "*.json"))):
        with open(path, encoding="utf-8") as f:
            case = json.load(f)
        start = {k: case[k] for k in ("options", "state", "setup", "moves") if k in case}
        payload = {"start": start, "asked": case["action"], "mode": "ask"}
        entries.append({"kind": "case", "game": case["game"], "case": os.path.basename(path)[:-5], "payload": payload})
    for path in sorted(glob.glob(os.path.join(ROOT, "docs", "*", "examples", "ask.json"))):
        with open(path, encoding="utf-8") as f:
            spec = json.load(f)
        game = load_game(spec["game"])
        _, update = editor.answer(spec, CTX)
        draft = update["draft"]
        asked = game.from_json(draft).legal_actions()[0]
        entries.append(
            {
                "kind": "ask",
                "game": game.id,
                "payload": {"draft": draft, "asked": asked, "question": "Szabad ezt lépnem? – „idézet”", "mode": "ask"},
            }
        )
    for path in sorted(glob.glob(os.path.join(ROOT, "docs", "*", "examples", "sandbox.json"))):
        with open(path, encoding="utf-8") as f:
            spec = json.load(f)
        game, state = start_state(spec)
        setup = {"players": spec["setup"]["players"], "seed": spec["setup"].get("seed", 1)}
        form = {
            "setup": setup,
            "options": {n: o.default for n, o in game.options.items()},
            "auto": {str(seat): False for seat in range(game.players[1])},
        }
        moves = []
        for _ in range(4):
            action = state.legal_actions()[0]
            moves.append(action)
            state = state.apply(action)
        entries.append({"kind": "play", "game": game.id, "payload": {"input": form, "moves": moves}})
        entries.append({"kind": "play", "game": game.id, "payload": {"state": state.to_json()}})
    for entry, text in zip(entries, encode_all([e["payload"] for e in entries])):
        del entry["payload"]  # the text is the fixture: what the page decodes is in it
        entry["text"] = text
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(entries, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(len(entries), "links,", max(len(e["text"]) for e in entries if e["kind"] == "case"), "characters at most (cases)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
