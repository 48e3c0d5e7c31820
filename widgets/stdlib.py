"""The browser's trimmed, compiled standard library (see stdlib.mjs), built with Node at site-build
time and kept in .cache/stdlib, once per (Pyodide version, engine wheel, stdlib.mjs, stdlib-extra.txt)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess

from .build.kept import kept

HERE = os.path.dirname(os.path.abspath(__file__))
CACHE = os.path.join(os.path.dirname(HERE), ".cache", "stdlib")
EXTRA = os.path.join(HERE, "stdlib-extra.txt")


def build_stdlib(out_dir: str, wheel_path: str, wheel_hash: str, pyodide_dir: str, pyodide_version: str) -> dict:
    h = hashlib.sha256(f"{pyodide_version} {wheel_hash} ".encode())
    for name in ("stdlib.mjs", "stdlib-extra.txt"):
        with open(os.path.join(HERE, name), "rb") as f:
            h.update(f.read())
    name = f"stdlib-{h.hexdigest()[:16]}.zip"
    cached = os.path.join(CACHE, name)
    kept(
        cached,
        lambda tmp: subprocess.run(
            ["node", os.path.join(HERE, "stdlib.mjs"), pyodide_dir + os.sep, wheel_path, EXTRA, tmp],
            check=True,
            capture_output=True,
            timeout=300,
        ),
    )
    shutil.copyfile(cached, os.path.join(out_dir, name))
    return {"stdlib": name, "stdlib_path": os.path.join(out_dir, name)}
