"""The engine wheel that the browser (and the Pyodide test run) installs.

Built with hatchling, the project's own build backend, once per state of the sources. The
engine's one dependency, fastjsonschema (pure Python), is added to the same archive from the
installed package, so the browser unpacks one file and needs no package index.
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


BUNDLED = ("fastjsonschema",)


def _add_dependencies(wheel_path: str) -> None:
    """Appends the bundled pure-Python packages' modules (no tests, no caches) to the wheel."""
    import importlib
    import zipfile

    with zipfile.ZipFile(wheel_path, "a", compression=zipfile.ZIP_DEFLATED) as wheel:
        for name in BUNDLED:
            folder = os.path.dirname(importlib.import_module(name).__file__)
            for file in sorted(os.listdir(folder)):
                if file.endswith(".py"):
                    info = zipfile.ZipInfo(f"{name}/{file}", date_time=(2020, 1, 1, 0, 0, 0))
                    info.compress_type = zipfile.ZIP_DEFLATED
                    with open(os.path.join(folder, file), "rb") as f:
                        wheel.writestr(info, f.read())


def build_wheel(out_dir: str) -> dict:
    """Builds the engine wheel with hatchling (the project's own build backend), once per source state."""
    key = source_hash()
    if key not in _WHEEL_CACHE:
        from hatchling.builders.wheel import WheelBuilder

        tmp = tempfile.mkdtemp(prefix="kikoto-wheel-")
        path = next(WheelBuilder(ROOT).build(directory=tmp, versions=["standard"]))
        _add_dependencies(path)
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()[:16]
        _WHEEL_CACHE[key] = {"path": path, "wheel": os.path.basename(path), "hash": digest}
    info = _WHEEL_CACHE[key]
    shutil.copyfile(info["path"], os.path.join(out_dir, info["wheel"]))
    return {"wheel": info["wheel"], "hash": info["hash"], "bytes": os.path.getsize(info["path"])}
