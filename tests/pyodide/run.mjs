// Runs pytest inside Pyodide under Node: the browser's own Python (CPython 3.14 on
// WebAssembly) against the engine wheel that the site serves.
//   node tests/pyodide/run.mjs <repo> <engine.whl> <wheel dir> [pytest args...]
// Exits with pytest's exit code. With `--script FILE` instead of pytest args it runs that
// Python file and prints the value of its last expression (the benchmarks use this).
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const [root, engineWheel, wheelDir, ...pytestArgs] = process.argv.slice(2);
const require = createRequire(path.join(root, "package.json"));
const { loadPyodide } = require("pyodide");

const t0 = performance.now();
const pyodide = await loadPyodide({
  indexURL: path.join(root, "node_modules", "pyodide") + path.sep,
  env: { HOME: "/home/pyodide", KIKOTO_SCALE: process.env.KIKOTO_SCALE ?? "0.05" },
});
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
