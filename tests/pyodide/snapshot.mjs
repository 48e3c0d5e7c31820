// Restores the engine's memory snapshot (widgets/snapshot.mjs) as the worker does, once per request
// given, and answers that request first, recording the first-time work it does meanwhile: files
// opened, code compiled or run from text, modules imported (Python's audit events).
//   node tests/pyodide/snapshot.mjs <pyodide dir/> <snapshot.bin.gz> <engine.whl> <stdlib.zip> <requests.json>
// Prints one JSON line per request: {"seen": [[event, what], ...], "answer": "<the answer's JSON>", "ms": n}.
import fs from "node:fs";
import zlib from "node:zlib";
import path from "node:path";

const [pyodideDir, snapshotFile, wheel, stdlib, requestsFile] = process.argv.slice(2);
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const createModule = (await import(path.resolve(pyodideDir, "pyodide.asm.mjs"))).default;
const snapshot = zlib.gunzipSync(fs.readFileSync(snapshotFile));
// The heap the snapshot holds (after its header): Pyodide restores it into its default heap without
// growing that first (pyodide#6254), so a larger one is made room for before the restore.
const heap = snapshot.length - new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
const createPyodideModule = async (settings) => {
  const module = await createModule(settings);
  if (heap > module.HEAP8.length) module._emscripten_resize_heap(heap);
  return module;
};
const wheelBytes = new Uint8Array(fs.readFileSync(wheel));

for (const request of JSON.parse(fs.readFileSync(requestsFile, "utf8"))) {
  const pyodide = await loadPyodide({
    indexURL: path.resolve(pyodideDir) + path.sep,
    stdLibURL: path.resolve(stdlib),
    _loadSnapshot: snapshot,
    createPyodideModule,
  });
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(wheelBytes, "wheel", { extractDir: site });
  pyodide.runPython("import sys\nfor f in list(sys.path_importer_cache.values()):\n    getattr(f, 'invalidate_caches', int)()");
  const probe = pyodide.runPython(`
import json, sys, time
import widgets.live

widgets.live.settle()
SEEN, ON = [], [False]


def hook(event, args):
    if ON[0] and event in ("open", "compile", "exec", "import"):
        SEEN.append([event, str(args[0])[:100] if event != "exec" else ""])


sys.addaudithook(hook)


def probe(request):
    ON[0] = True
    t0 = time.perf_counter()
    answer = widgets.live.handle(request)
    ms = (time.perf_counter() - t0) * 1000
    ON[0] = False
    return json.dumps({"seen": SEEN, "answer": answer, "ms": round(ms)})


probe
`);
  console.log(probe(request));
  probe.destroy();
}
