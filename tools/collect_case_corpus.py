"""One-off: every distinct version of every case file in the git history, with the verdict the
engine of its first commit gave it (tests/formats/corpus/cases/, golden.json).

    .venv/bin/python tools/collect_case_corpus.py

Run once before a format change; the fixtures it wrote are kept in the repository, so the corpus
test (tests/formats/test_corpus.py) never needs the history again.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "formats", "corpus", "cases")
CASE_PATH = re.compile(r"^docs/([^/]+)/cases/([^/]+)\.json$")

# Run inside the old engine: prints {"legal", "reason", "rules"} or {"error": code}.
PROBE = """
import json, sys
from engine.core.cases import run_case
from engine.core.errors import InputError
try:
    v = run_case(json.loads(sys.stdin.read()))["verdict"]
    print(json.dumps({"legal": v["legal"], "reason": v["reason"], "rules": v["rules"]}))
except InputError as err:
    print(json.dumps({"error": err.code, "field": err.field}))
"""


def git(*args) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def main() -> int:
    # oldest first, so a blob's commit is the one that first had it
    commits = git("rev-list", "--all", "--reverse", "--topo-order").split()
    first: dict[str, tuple[list, str, str]] = {}  # blob -> (commits that hold it, game dir, case file name)
    for commit in commits:
        for line in git("ls-tree", "-r", commit, "--", "docs").splitlines():
            meta, path = line.split("\t", 1)
            m = CASE_PATH.match(path)
            blob = meta.split()[2]
            if m:
                first.setdefault(blob, ([], m.group(1), m.group(2)))[0].append(commit)
    os.makedirs(OUT, exist_ok=True)
    golden = {}
    engines: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for blob, (held, game, name) in sorted(first.items(), key=lambda kv: (kv[1][1], kv[1][2], kv[0])):
            text = git("cat-file", "-p", blob)
            file = f"{game}--{name}--{blob[:8]}.json"
            with open(os.path.join(OUT, file), "w", encoding="utf-8") as f:
                f.write(text)
            # The verdict of the first commit whose engine read the file: a commit may change the case
            # files before the engine that reads them (they were merged together).
            for commit in held:
                if commit not in engines:
                    where = engines[commit] = os.path.join(tmp, commit[:12])
                    os.makedirs(where)
                    data = subprocess.run(["git", "archive", commit, "engine"], cwd=ROOT, check=True, capture_output=True).stdout
                    tarfile.open(fileobj=io.BytesIO(data)).extractall(where)
                run = subprocess.run(
                    [sys.executable, "-c", PROBE],
                    input=text,
                    capture_output=True,
                    text=True,
                    cwd=engines[commit],
                    env={**os.environ, "PYTHONPATH": engines[commit]},
                )
                if run.returncode:
                    print(file, run.stderr[-400:], file=sys.stderr)
                    return 1
                golden[file] = {**json.loads(run.stdout), "commit": commit[:12]}
                if "error" not in golden[file]:
                    break
            print(file, golden[file])
    with open(os.path.join(OUT, "golden.json"), "w", encoding="utf-8") as f:
        json.dump(golden, f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write("\n")
    print(len(golden), "files from", len(engines), "commits")
    return 0


if __name__ == "__main__":
    sys.exit(main())
