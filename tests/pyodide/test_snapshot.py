"""The engine's memory snapshot (widgets/snapshot.mjs), restored under Node as the worker restores
it: the first request of each game's Ask page, in each language, finds the first-time work done
(widgets/live.py, prepare) and gets the answer a fresh engine gives."""

import json
import os
import subprocess

import pytest

from engine import game_ids
from engine.core.messages import LANGS
from tests.conftest import ROOT, program
from tests.pyodide.test_in_pyodide import trimmed_runtime
from widgets.build.fences import context, load_spec
from widgets.build.where import DEFAULT_LANG, Where
from widgets.live import handle
from widgets.snapshot import build_snapshot


def ask_request(game: str, lang: str) -> str:
    """The Ask page's first request, with the spec and context its island carries."""
    prefix = "" if lang == DEFAULT_LANG else f"{lang}/"
    where = Where(os.path.join(ROOT, "docs"), lang, f"{prefix}{game}/ask/", f"{game}/ask.{lang}.md", words=lang)
    spec = load_spec("example: ask", where)
    return json.dumps({"op": "render", "spec": spec, "ctx": context(spec, where)}, ensure_ascii=False)


@pytest.mark.long
def test_a_restored_snapshot_answers_an_ask_page_first_without_first_time_work(tmp_path):
    runtime = trimmed_runtime(tmp_path)
    stdlib = runtime["env"]["KIKOTO_STDLIB"]
    built = build_snapshot(str(tmp_path), runtime["wheel"], runtime["hash"], runtime["npm"], runtime["version"], stdlib)
    pages = [(game, lang) for game in game_ids() for lang in LANGS]
    requests = [ask_request(game, lang) for game, lang in pages]
    (tmp_path / "requests.json").write_text(json.dumps(requests))
    proc = subprocess.run(
        [
            program("node"),
            os.path.join(ROOT, "tests", "pyodide", "snapshot.mjs"),
            runtime["npm"] + os.sep,
            str(tmp_path / built["snapshot"]),
            runtime["wheel"],
            stdlib,
            str(tmp_path / "requests.json"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    assert len(lines) == len(pages), proc.stdout[-3000:]
    for (game, lang), request, line in zip(pages, requests, lines):
        print(f"{game} {lang}: first answer {line['ms']} ms")
        # no catalog read, no schema compiled, nothing imported: the snapshot holds them
        assert line["seen"] == [], (game, lang, line["seen"])
        answer, fresh = json.loads(line["answer"]), json.loads(handle(request))
        assert "html" in answer, (game, lang, answer)
        assert answer["html"] == fresh["html"], (game, lang)
