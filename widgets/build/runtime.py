"""The browser runtime next to the pages, in assets/kikoto/: kikoto.js (its modules bundled in),
worker.mjs and kikoto.css; the Pyodide runtime from the `pyodide` npm package (node_modules/pyodide); the
engine wheel built from this checkout, named in build.json with its content hash; the trimmed
standard library; a memory snapshot of the started engine (widgets/snapshot.mjs) that lets
the worker skip Python's start-up; and the wasm, library and wheel packed for the wire (packed.py)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess

from mkdocs.exceptions import PluginError

from ..snapshot import build_snapshot
from ..stdlib import build_stdlib
from ..wheel import build_wheel
from .packed import FZSTD, pack

WIDGETS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(WIDGETS)
ASSET_DIR = "assets/kikoto"
ESBUILD = os.path.join(ROOT, "node_modules", ".bin", "esbuild")
# The files of the npm package that the browser needs; the rest (source maps, console pages) stay out.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# What the site's worker loads of them: the wasm packed (packed.py), the standard library the trimmed
# one (stdlib.mjs) and the lock file site_lock's, in build.json. (The whole package stays for the
# bare yardstick of `make bench`.)
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm.zst")


def write_runtime(site_dir: str) -> dict:
    """Copies and builds the runtime into site_dir/assets/kikoto; returns build.json's content."""
    out = os.path.join(site_dir, ASSET_DIR)
    os.makedirs(os.path.join(out, "pyodide"), exist_ok=True)
    for name in os.listdir(os.path.join(WIDGETS, "assets")):
        shutil.copyfile(os.path.join(WIDGETS, "assets", name), os.path.join(out, name))
    bundle_page_script(out)
    npm = os.path.join(ROOT, "node_modules", "pyodide")
    for name in PYODIDE_FILES:
        src, dst = os.path.join(npm, name), os.path.join(out, "pyodide", name)
        if not os.path.exists(src):
            raise PluginError(f"{src} is missing: run `npm ci` (make serve does it)")
        if not os.path.exists(dst) or os.path.getsize(dst) != os.path.getsize(src):
            shutil.copyfile(src, dst)
    wheel = build_wheel(out)
    wheel_path = os.path.join(out, wheel["wheel"])
    with open(os.path.join(npm, "package.json"), encoding="utf-8") as f:
        wheel["pyodide"] = json.load(f)["version"]
    try:
        stdlib = build_stdlib(out, wheel_path, wheel["hash"], npm, wheel["pyodide"])
        wheel["stdlib"] = stdlib["stdlib"]
        wheel.update(build_snapshot(out, wheel_path, wheel["hash"], npm, wheel["pyodide"], stdlib["stdlib_path"]))
    except (OSError, subprocess.SubprocessError) as err:
        detail = getattr(err, "stderr", b"") or b""
        raise PluginError(
            f"the trimmed stdlib or the engine snapshot could not be built with node: {err} {detail.decode()[-2000:]}"
        )
    if not os.path.exists(FZSTD):
        raise PluginError(f"{FZSTD} is missing: run `npm ci` (make serve does it)")
    shutil.copyfile(FZSTD, os.path.join(out, "fzstd.mjs"))
    bundle_unzip(out)
    # What the worker's progress counts against: the bytes of each file as it streams in.
    wheel["sizes"] = {
        "runtime": pack(os.path.join(out, "pyodide", "pyodide.asm.wasm")),
        "stdlib": pack(stdlib["stdlib_path"], archive=True),
        "wheel": pack(wheel_path, archive=True),
        "snapshot": wheel["snapshot_bytes"],
    }
    # ... and unpacked: a host that sends them Content-Encoded hands the worker these bytes instead.
    wheel["unpacked"] = {
        "runtime": os.path.getsize(os.path.join(out, "pyodide", "pyodide.asm.wasm")),
        "stdlib": os.path.getsize(stdlib["stdlib_path"]),
        "wheel": os.path.getsize(wheel_path),
    }
    os.remove(stdlib["stdlib_path"])  # only its packed copy is fetched
    # The service worker's cache for the engine's files (sw.js, ENGINE_CACHE), which the worker adds the
    # library and the wheel to, unpacked: named by their content, so a new build's service worker drops it.
    wheel["engine_cache"] = f"kikoto-engine-{wheel['hash']}{wheel['stdlib']}{wheel.get('snapshot', '')}"
    wheel["lock"] = site_lock(npm, wheel_path)
    with open(os.path.join(out, "pyodide-lock.json"), "w") as f:
        json.dump(wheel["lock"], f, indent=1)
    with open(os.path.join(out, "build.json"), "w") as f:
        json.dump(wheel, f)
    inline_build(os.path.join(out, "worker.mjs"), wheel)
    return wheel


BUILD = "/* build.json */ null"


def inline_build(worker: str, build: dict) -> None:
    """The worker's copy with build.json's content in it (worker.mjs, `build`): it starts without
    fetching it. (build.json stays beside it, for the bare yardstick and the tests.)"""
    with open(worker, encoding="utf-8") as f:
        text = f.read()
    if text.count(BUILD) != 1:
        raise PluginError(f"{worker} names build.json's content ({BUILD}) not exactly once")
    with open(worker, "w", encoding="utf-8") as f:
        f.write(text.replace(BUILD, json.dumps(build, separators=(",", ":"))))


def bundle_page_script(out: str) -> None:
    """The page script as the site serves it: kikoto.js with the modules it imports in one file
    (esbuild), over the copy of the entry. Each module fetched on its own cost the page a round trip
    per level of imports, and a slow link's few connections, before the islands were wired.
    (The modules stay beside it: the worker imports protocol.mjs when it must report its own fault.)"""
    if not os.path.exists(ESBUILD):
        raise PluginError(f"{ESBUILD} is missing: run `npm ci` (make serve does it)")
    try:
        subprocess.run(
            [
                ESBUILD,
                os.path.join(WIDGETS, "assets", "kikoto.js"),
                "--bundle",
                "--format=esm",
                "--target=es2022",
                "--log-level=warning",
                f"--outfile={os.path.join(out, 'kikoto.js')}",
            ],
            check=True,
            capture_output=True,
            text=True,
        )
    except subprocess.CalledProcessError as err:
        raise PluginError(f"the page script could not be bundled: {err.stderr[-2000:]}") from None


def bundle_unzip(out: str) -> None:
    """fflate's unzipSync in a module of its own (unzip.mjs), with which the worker writes the wheel's
    files into Python's file system."""
    try:
        subprocess.run(
            [
                ESBUILD,
                "--bundle",
                "--format=esm",
                "--minify",
                "--target=es2022",
                "--log-level=warning",
                f"--outfile={os.path.join(out, 'unzip.mjs')}",
            ],
            input='export { unzipSync } from "fflate";',
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        )
    except subprocess.CalledProcessError as err:
        raise PluginError(f"unzip.mjs could not be bundled: {err.stderr[-2000:]}") from None


def site_lock(npm: str, wheel_path: str) -> dict:
    """The site's own pyodide-lock.json: Pyodide's platform, and one package, the engine wheel with
    its sha256 (as `pyodide lockfile add-wheels` writes it), in place of the npm package's 120 KB
    list of packages the site never loads."""
    with open(os.path.join(npm, "pyodide-lock.json"), encoding="utf-8") as f:
        info = json.load(f)["info"]
    with open(wheel_path, "rb") as f:
        sha256 = hashlib.sha256(f.read()).hexdigest()
    name = os.path.basename(wheel_path)
    return {
        "info": info,
        "packages": {
            "kikoto": {
                "name": "kikoto",
                "version": name.split("-")[1],
                "file_name": name,
                "install_dir": "site",
                "sha256": sha256,
                "package_type": "package",
                "imports": ["engine", "widgets"],
                "depends": [],
                "unvendored_tests": False,
                "tool": {},
            }
        },
        "tool": {},
    }
