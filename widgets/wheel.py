"""The engine wheel that the browser (and the Pyodide test run) installs.

Built with hatchling, the project's own build backend, once per state of the sources.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_WHEEL_CACHE: dict[str, dict] = {}


def source_hash() -> str:
    h = hashlib.sha256()
    for package in ("engine", "widgets"):
        for dirpath, dirnames, filenames in sorted(os.walk(os.path.join(ROOT, package))):
            dirnames.sort()
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            for name in sorted(filenames):
                path = os.path.join(dirpath, name)
                h.update(os.path.relpath(path, ROOT).encode())
                with open(path, "rb") as f:
                    h.update(f.read())
    return h.hexdigest()[:16]


def build_wheel(out_dir: str) -> dict:
    """Builds the engine wheel with hatchling (the project's own build backend), once per source state."""
    key = source_hash()
    if key not in _WHEEL_CACHE:
        from hatchling.builders.wheel import WheelBuilder

        tmp = tempfile.mkdtemp(prefix="kikoto-wheel-")
        path = next(WheelBuilder(ROOT).build(directory=tmp, versions=["standard"]))
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()[:16]
        _WHEEL_CACHE[key] = {"path": path, "wheel": os.path.basename(path), "hash": digest}
    info = _WHEEL_CACHE[key]
    shutil.copyfile(info["path"], os.path.join(out_dir, info["wheel"]))
    return {"wheel": info["wheel"], "hash": info["hash"], "bytes": os.path.getsize(info["path"])}
