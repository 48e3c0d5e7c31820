// Build-time memory snapshot of the live engine: Pyodide started under Node, the engine wheel
// unpacked and every engine and renderer module imported, then the interpreter's memory saved
// (gzip). The worker restores it instead of starting Python from scratch: in Chromium here that
// is ~1.3 s instead of ~4-5 s, because CPython's start-up and the imports are already done.
// Same Pyodide files as the site serves (node_modules/pyodide), so the memory layout matches.
//   node widgets/snapshot.mjs <pyodide dir/> <engine.whl> <out.bin.gz>
import fs from "node:fs";
import zlib from "node:zlib";
import path from "node:path";

const [pyodideDir, wheel, out] = process.argv.slice(2);
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep, _makeSnapshot: true });
const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: site });
// Import everything a request can reach, so the first answer imports nothing.
pyodide.runPython(`
import importlib, pkgutil
import engine, widgets.live, widgets.render
for package in (engine, widgets.render):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
`);
const snapshot = pyodide.makeMemorySnapshot();
fs.writeFileSync(out, zlib.gzipSync(snapshot, { level: 9 }));
