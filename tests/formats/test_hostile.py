"""Hostile input costs nothing: case files and share links mutated every way a careless or hostile
hand would (bytes flipped, numbers huge or beyond JSON's own, containers emptied or of the wrong type
at every path), each either answered or refused as bad input, one line naming the field, never a
traceback; and none takes more than 100 ms or 50 MB (tracemalloc's peak) to get there.

The inputs are the repository's case files and the link corpus (tests/formats/corpus), every game's.
A case file goes through `python -m engine check` (in process: exit 0, 1 or 2, and on 2 one line);
a link through what the Ask page and the sandbox ask of the engine: `read_link`, then the position
(`Game.examine` of a draft, `build_state` of a start) and the move asked. `make test` runs a sample;
`make soak` (KIKOTO_SCALE) more.

    .venv/bin/python -m tests.formats.test_hostile [N]    the figures of N mutations per file
"""

from __future__ import annotations

import base64
import contextlib
import glob
import io
import json
import os
import random
import sys
import time
import tracemalloc
import zlib

import pytest

from engine import load_game
from engine.cli import main
from engine.core.cases import build_state
from engine.core.errors import IllegalAction, InputError
from engine.core.formats import read_link
from tests.conftest import IN_PYODIDE, SCALE

HERE = os.path.dirname(__file__)
ROOT = os.path.dirname(os.path.dirname(HERE))
CASE_FILES = sorted(glob.glob(os.path.join(ROOT, "docs", "*", "cases", "*.json"))) + sorted(
    p for p in glob.glob(os.path.join(HERE, "corpus", "cases", "*.json")) if not p.endswith("golden.json")
)
with open(os.path.join(HERE, "corpus", "links", "links.json"), encoding="utf-8") as f:
    LINKS = [(entry["game"], entry["text"]) for entry in json.load(f)]  # (a link names its game from format 3 on)

LIMIT_S = 0.1 * (4 if IN_PYODIDE else 1)  # Pyodide's CPython runs a few times slower
LIMIT_BYTES = 50 * 1024 * 1024
HUGE = "9" * 5000  # beyond the 4,300 digits Python turns into an int
# what a hostile hand puts where a value was (JSON text, so that numbers JSON itself cannot hold fit)
REPLACEMENTS = (
    "[]",
    "{}",
    '""',
    "null",
    "0",
    "-1",
    "true",
    "1.5",
    "[[]]",
    '{"": []}',
    "10000000",
    "1" + "0" * 30,
    "-1" + "0" * 30,
    "1e400",
    "-1e400",
    "NaN",
    "Infinity",
    HUGE,
    "-" + HUGE,
    "0." + HUGE,
    '"' + "x" * 100_000 + '"',
)


def paths(value, prefix=()):
    """Every path into a JSON value (dict keys and list indexes), the root included."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))


MARK = "\u0000kikoto-replaced\u0000"


def replaced(doc, path, text: str) -> str:
    """The document's JSON text with the value at `path` replaced by the JSON text `text`."""
    if not path:
        return text
    doc = json.loads(json.dumps(doc))
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = MARK
    return json.dumps(doc, ensure_ascii=False).replace(json.dumps(MARK), text)


def flipped(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(out))
        out[i] ^= rng.randint(1, 255)
    return bytes(out)


def case_mutations(path: str, n: int, rng: random.Random):
    """(what was done, the file's bytes): n mutations of one case file."""
    with open(path, "rb") as f:
        raw = f.read()
    doc = json.loads(raw)
    every = list(paths(doc))
    for _ in range(n):
        kind = rng.random()
        if kind < 0.2:
            yield "byte flip", flipped(raw, rng)
        else:
            where = rng.choice(every)
            text = rng.choice(REPLACEMENTS)
            yield f"{list(where)} = {text[:12]}", replaced(doc, where, text).encode("utf-8")


def _link(text: str, rng: random.Random, first_format: bool) -> str:
    data = text.encode("utf-8")
    if first_format:
        return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    return "3." + base64.urlsafe_b64encode(deflate.compress(data) + deflate.flush()).decode("ascii").rstrip("=")


def link_mutations(game: str, text: str, n: int, rng: random.Random):
    """(what was done, the link's text): n mutations of one link, in its payload or its text."""
    payload = read_link(text, game)
    every = list(paths(payload))
    for _ in range(n):
        kind = rng.random()
        if kind < 0.15:
            flip = bytearray(text.encode("ascii"))
            i = rng.randrange(len(flip))
            flip[i] = ord(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.="))
            yield "character changed", flip.decode("ascii")
        else:
            where = rng.choice(every)
            value = rng.choice(REPLACEMENTS)
            yield f"{list(where)} = {value[:12]}", _link(replaced(payload, where, value), rng, rng.random() < 0.3)


# -- what the site and the command line do with them ---------------------------------------------
def check_file(raw: bytes, tmp: str):
    """`python -m engine check FILE`, in process: (exit code, stderr)."""
    with open(tmp, "wb") as f:
        f.write(raw)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["check", tmp])
    return code, err.getvalue()


def open_link(game: str, text: str) -> None:
    """What the Ask page and the sandbox of `game` ask of the engine for a link: its payload, its
    position, the move asked (InputError for bad input)."""
    payload = read_link(text, game)
    game = load_game(payload["game"])
    asked = payload.get("asked")
    if "draft" in payload:
        state, found = game.examine(payload["draft"])
        if not found and isinstance(asked, dict):
            state.check(asked)
        return
    start = payload.get("start") if "start" in payload else payload.get("input")
    start = dict(start) if isinstance(start, dict) else {}
    if "state" in payload:
        start["state"] = payload["state"]
    if "moves" in payload and "moves" not in start:
        start["moves"] = payload["moves"]
    try:
        _, state = build_state({**start, "game": game.id})
    except IllegalAction:  # (build_state names an illegal move as bad input; kept for safety)
        return
    if isinstance(asked, dict):
        state.check(asked)


# this thread's CPU time (Pyodide's time module has no thread_time: there the tab runs nothing else)
CLOCK = getattr(time, "thread_time", time.perf_counter)


def measured(run):
    """(seconds, peak bytes) of run(): the CPU time of this thread without tracemalloc (other processes
    on a shared machine do not count; the least of up to three runs, when the first is over the limit:
    a slow input is slow every time), the memory with it."""
    seconds = LIMIT_S + 1
    for _ in range(3):
        t0 = CLOCK()
        run()
        seconds = min(seconds, CLOCK() - t0)
        if seconds <= LIMIT_S:
            break
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        run()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return seconds, peak


def fuzz(per_file: int, seed: int = 0, tmp: str = "hostile-case.json"):
    """Every input's outcome: a list of (source, mutation, problem or None, seconds, bytes)."""
    rng = random.Random(seed)
    out = []
    warmed = set()
    for path in CASE_FILES:  # each game's schemas compile at its first file: once, not the input's cost
        game = os.path.basename(os.path.dirname(os.path.dirname(path)))
        if game not in warmed and "/docs/" in path:
            with open(path, "rb") as f:
                check_file(f.read(), tmp)
            warmed.add(game)
    for path in CASE_FILES:
        name = os.path.relpath(path, ROOT)
        for what, raw in case_mutations(path, per_file, rng):
            holder = {}

            def run(raw=raw, holder=holder):
                holder["answer"] = check_file(raw, tmp)

            problem = None
            try:
                seconds, peak = measured(run)
                code, err = holder["answer"]
                if code not in (0, 1, 2) or (code == 2 and (err.count("\n") != 1 or not err.startswith("error: "))):
                    problem = f"exit {code}: {err[:200]!r}"
            except Exception as exc:  # noqa: BLE001 - the finding itself: anything that escapes is a traceback
                seconds, peak, problem = 0, 0, f"{type(exc).__name__}: {str(exc)[:200]}"
            out.append((name, what, problem, seconds, peak))
    for i, (game, text) in enumerate(LINKS):
        for what, link in link_mutations(game, text, per_file, rng):
            problem = None

            def run(link=link, game=game):
                try:
                    open_link(game, link)
                except InputError:
                    pass

            try:
                seconds, peak = measured(run)
            except Exception as exc:  # noqa: BLE001 - as above
                seconds, peak, problem = 0, 0, f"{type(exc).__name__}: {str(exc)[:200]}"
            out.append((f"link {i}", what, problem, seconds, peak))
    return out


def findings(results) -> list[str]:
    bad = []
    for source, what, problem, seconds, peak in results:
        if problem:
            bad.append(f"{source} [{what}]: {problem}")
        elif seconds > LIMIT_S:
            bad.append(f"{source} [{what}]: {seconds * 1000:.0f} ms")
        elif peak > LIMIT_BYTES:
            bad.append(f"{source} [{what}]: {peak / 2**20:.0f} MB")
    return bad


def test_hostile_case_files_and_links_cost_nothing(tmp_path):
    results = fuzz(max(1, int(2 * SCALE)), tmp=str(tmp_path / "case.json"))
    bad = findings(results)
    assert bad == [], f"{len(bad)} of {len(results)}:\n" + "\n".join(bad[:30])


@pytest.mark.parametrize(
    "text",
    [
        '{"id": "x", "game": "black-fleet", "state": {"players": ' + HUGE + "}}",
        '{"game": "mississippi-queen", "setup": {"players": 3}, "action": {"type": "move", "speed": 1e400, "path": []}}',
        '{"game": "mississippi-queen", "setup": {"players": NaN}, "action": {}}',
    ],
)
def test_numbers_json_cannot_hold_are_one_line(text, tmp_path):
    code, err = check_file(text.encode(), str(tmp_path / "case.json"))
    assert code == 2 and err.count("\n") == 1 and err.startswith("error: "), err


def test_a_link_with_a_huge_number_is_bad_input_not_a_crash():
    payload = json.dumps({"format": 3, "game": "mississippi-queen", "game_format": 1, "draft": {"players": 1}})
    text = _link(payload.replace('"players": 1', '"players": ' + HUGE), random.Random(0), False)
    with pytest.raises(InputError) as err:
        open_link("mississippi-queen", text)
    assert err.value.field == "link"


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    t0 = time.perf_counter()
    results = fuzz(n, tmp="/tmp/hostile-case.json")
    bad = findings(results)
    worst_t = max(results, key=lambda r: r[3])
    worst_m = max(results, key=lambda r: r[4])
    print(f"{len(results)} inputs in {time.perf_counter() - t0:.0f} s; {len(bad)} findings")
    print(
        f"slowest {worst_t[3] * 1000:.1f} ms ({worst_t[0]} {worst_t[1]}); largest {worst_m[4] / 2**20:.1f} MB ({worst_m[0]} {worst_m[1]})"
    )
    for line in bad[:60]:
        print(line)


def test_a_migration_step_takes_any_json(tmp_path):
    """Vor dem Wind's step from its format 1 once raised TypeError on `"players": []` (exit 1)."""
    case = {"game": "vor-dem-wind", "game_format": 1, "state": {"players": [], "phase": "trade"}, "action": {"type": "pass"}}
    code, err = check_file(json.dumps(case).encode(), str(tmp_path / "case.json"))
    assert code == 2 and err.count("\n") == 1, err


@pytest.mark.parametrize("count", [10_000_000, 10**30])
def test_a_huge_count_is_refused_before_anything_is_built_from_it(count):
    """Black Fleet read a stock of cubes as that many cubes: ten million took 1.5 s and 188 MB, and
    10**30 raised OverflowError."""
    game = load_game("black-fleet")
    data = game.new(3, 1).to_json()
    data["stock"]["red"] = count
    game.problems(data)  # (the schemas compile once)
    seconds, peak = measured(lambda: game.problems(data))
    assert seconds <= LIMIT_S and peak <= LIMIT_BYTES
    assert [p.field for p in game.problems(data)][:1] == ["state.stock.red"]
