"""The live engine's memory snapshot (see snapshot.mjs), built with Node at site-build time.

Built once per (Pyodide version, engine wheel, snapshot.mjs) and kept in .cache/snapshot, since
starting Pyodide under Node takes a few seconds and the browser tests build the site often.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess

from .build.kept import kept

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CACHE = os.path.join(ROOT, ".cache", "snapshot")


def build_snapshot(out_dir: str, wheel_path: str, wheel_hash: str, pyodide_dir: str, pyodide_version: str, stdlib: str) -> dict:
    """`stdlib`: the trimmed standard library the browser loads; the snapshot must be taken with it."""
    h = hashlib.sha256(f"{pyodide_version} {wheel_hash} ".encode())
    for path in (os.path.join(HERE, "snapshot.mjs"), stdlib):
        with open(path, "rb") as f:
            h.update(f.read())
    digest = h.hexdigest()[:16]
    name = f"snapshot-{digest}.bin.gz"
    cached = os.path.join(CACHE, name)
    kept(
        cached,
        lambda tmp: subprocess.run(
            ["node", os.path.join(HERE, "snapshot.mjs"), pyodide_dir + os.sep, wheel_path, stdlib, tmp],
            check=True,
            capture_output=True,
            timeout=300,
        ),
    )
    shutil.copyfile(cached, os.path.join(out_dir, name))
    return {"snapshot": name, "snapshot_bytes": os.path.getsize(cached)}
