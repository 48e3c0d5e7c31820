// Runs pytest inside Pyodide under Node: the browser's own Python (CPython 3.14 on
// WebAssembly) against the engine wheel that the site serves.
//   [KIKOTO_STDLIB=<trimmed stdlib.zip>] node tests/pyodide/run.mjs <repo> <engine.whl> <wheel dir> [pytest args...]
// Exits with pytest's exit code. With `--script FILE` instead of pytest args it runs that
// Python file and prints the value of its last expression (the benchmarks use this).
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const [root, engineWheel, wheelDir, ...pytestArgs] = process.argv.slice(2);
const require = createRequire(path.join(root, "package.json"));
const { loadPyodide } = require("pyodide");

// KIKOTO_STDLIB=<zip>: run on the site's trimmed standard library (widgets/stdlib.mjs). pytest and
// hypothesis need more of it, so the whole one follows on sys.path, but the engine, the widgets
// and their bundled dependency may not import from it: that raises ImportError, as in the browser.
const trimmed = process.env.KIKOTO_STDLIB;
const pyodideDir = path.join(root, "node_modules", "pyodide");
const t0 = performance.now();
const pyodide = await loadPyodide({
  indexURL: pyodideDir + path.sep,
  ...(trimmed ? { stdLibURL: path.resolve(trimmed) } : {}),
  env: { HOME: "/home/pyodide", KIKOTO_SCALE: process.env.KIKOTO_SCALE ?? "0.05" },
});
if (trimmed) {
  pyodide.FS.mkdirTree("/full");
  pyodide.FS.writeFile("/full/python_stdlib.zip", fs.readFileSync(path.join(pyodideDir, "python_stdlib.zip")));
  pyodide.runPython(`
import builtins, sys, zipimport
sys.path.append("/full/python_stdlib.zip")


class FullSubmodules:
    """A package loaded from the trimmed zip searches only there: its other submodules come from the full one."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        parent = name.rpartition(".")[0]
        if not parent:
            return None
        try:
            return zipimport.zipimporter("/full/python_stdlib.zip/" + parent.replace(".", "/") + "/").find_spec(name)
        except zipimport.ZipImportError:
            return None


sys.meta_path.append(FullSubmodules)
_import = builtins.__import__
GUARDED = ("engine", "widgets", "fastjsonschema")

def _guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
    module = _import(name, globals, locals, fromlist, level)
    importer = (globals or {}).get("__name__") or ""
    if level == 0 and importer.split(".")[0] in GUARDED:
        for full in [name, *(f"{name}.{f}" for f in fromlist or ())]:
            spec = getattr(sys.modules.get(full), "__spec__", None)
            if spec and (spec.origin or "").startswith("/full/"):
                raise ImportError(f"{full} is not in the site's trimmed standard library (imported by {importer}); "
                                  "add it to widgets/stdlib-extra.txt")
    return module

builtins.__import__ = _guarded_import
`);
}
const loadMs = performance.now() - t0;
const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
const wheels = fs.readdirSync(wheelDir).filter((n) => n.endsWith(".whl")).map((n) => path.join(wheelDir, n));
for (const wheel of [...wheels, engineWheel]) {
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: site });
}
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/repo");
pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));
const t1 = performance.now();
const importMs = pyodide.runPython(`
import os, sys, time
sys.dont_write_bytecode = True   # the checkout's __pycache__ belongs to the host Python
os.chdir("/repo")
# The engine under test is the wheel's (site-packages), not the checkout's: the checkout only
# lends its tests and docs, after everything else on the path.
sys.path = [p for p in sys.path if p not in ("", ".", "/repo")] + ["/repo"]
t = time.perf_counter()
import engine
engine_ms = (time.perf_counter() - t) * 1000
engine_ms
`);
console.log(`pyodide: loadPyodide ${loadMs.toFixed(0)} ms, import engine ${importMs.toFixed(1)} ms, ${pyodide.runPython("sys.version.split()[0]")}`);
if (pytestArgs[0] === "--script") {
  console.log(pyodide.runPython(fs.readFileSync(pytestArgs[1], "utf8")));
  process.exit(0);
}
const code = pyodide.runPython(`
import pytest
int(pytest.main(["-p", "no:cacheprovider", "--import-mode=append", *pytest_args]))
`);
process.exit(code);
