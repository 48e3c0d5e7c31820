// Build-time memory snapshot of the live engine: Pyodide started under Node, the engine wheel
// unpacked, every engine and renderer module imported and the pages' first requests asked once
// (widgets/live.py, prepare), then the interpreter's memory saved
// (gzip). The worker restores it instead of starting Python from scratch: in Chromium here that
// is ~1.3 s instead of ~4-5 s, because CPython's start-up and the imports are already done.
// Same Pyodide files as the site serves (node_modules/pyodide), so the memory layout matches.
// That work grows the heap past Pyodide's default one, which Pyodide restores a snapshot into
// without growing it first (pyodide#6254): the worker makes room before the restore (worker.mjs).
// Taken with the trimmed standard library the browser loads (widgets/stdlib.mjs): the snapshot holds
// the zip importer's table of that zip.
//   node widgets/snapshot.mjs <pyodide dir/> <engine.whl> <stdlib.zip> <out.bin.gz>
import fs from "node:fs";
import zlib from "node:zlib";
import path from "node:path";

const [pyodideDir, wheel, stdlib, out] = process.argv.slice(2);
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep, stdLibURL: path.resolve(stdlib), _makeSnapshot: true });
const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: site });
// Import everything a request can reach, so the first answer imports nothing.
pyodide.runPython(`
import importlib, os
import engine, widgets.live, widgets.render
for package in (engine, widgets.render):  # by their files: pkgutil is not in the trimmed stdlib
    top = package.__path__[0]
    for _ in package.__name__.split("."):
        top = os.path.dirname(top)
    for folder, dirs, files in os.walk(package.__path__[0]):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            if name.endswith(".py") and name != "__main__.py":
                module = os.path.relpath(os.path.join(folder, name), top)[:-3].replace(os.sep, ".")
                importlib.import_module(module.removesuffix(".__init__"))
# ... and do the first-time work of a page's first requests (catalogs, schemas, tables), so that
# the first answer after a restore costs what later ones do.
widgets.live.prepare()
# What lives now lives as long as the page: the collector stops walking it (widgets/live.py, settle),
# so the started engine's first collection is short.
import gc
gc.collect()
gc.freeze()
`);
// The snapshot holds the whole heap, the free parts too: zeroed, the garbage that the work above
// left there (a schema's compilation is short-lived but large) compresses to nothing. The free
// chunks are taken (malloc, without growing the heap) and zeroed, then given back; above the
// break, all of it.
const m = pyodide._module;
const brk = () => m.HEAPU32[m._emscripten_get_sbrk_ptr() >>> 2];
m._malloc_trim(0);
m._malloc_set_footprint_limit(m._malloc_footprint());
const taken = [];
for (let size = 1 << 24; size >= 16; size >>= 1) {
  for (let p; (p = m._malloc(size)); taken.push(p)) m.HEAPU8.fill(0, p, p + size);
}
taken.forEach((p) => m._free(p));
m._malloc_set_footprint_limit(-1); // (no limit)
m._malloc_trim(0);
m.HEAPU8.fill(0, brk());
const snapshot = pyodide.makeMemorySnapshot();
fs.writeFileSync(out, zlib.gzipSync(snapshot, { level: 9 }));
