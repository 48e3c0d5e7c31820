// The page's one engine: Pyodide from the site's own copy of the npm package, plus
// the engine wheel built from this repository. Module worker (classic workers cannot import pyodide.mjs).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const base = new URL("./", import.meta.url);

// The engine's memory snapshot, built with the site (widgets/snapshot.mjs), lets Pyodide skip
// CPython's start-up and the engine's imports. Its download overlaps the wasm compile. Should it
// fail (an old build.json, a broken download), Python starts the usual way.
async function start(build) {
  const indexURL = new URL("pyodide/", base).href;
  if (build.snapshot) {
    const snapshot = fetch(new URL(build.snapshot, base)).then((r) => {
      if (!r.ok) throw new Error(`${build.snapshot}: HTTP ${r.status}`);
      return new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    });
    snapshot.catch(() => {}); // a failure surfaces in loadPyodide below, not as an unhandled rejection
    try {
      return [await loadPyodide({ indexURL, _loadSnapshot: snapshot }), "snapshot"];
    } catch (err) {
      console.warn("Kikötő: starting without the snapshot:", err);
    }
  }
  return [await loadPyodide({ indexURL }), "start"];
}

async function boot() {
  const t0 = performance.now();
  const build = await (await fetch(new URL("build.json", base))).json();
  const [[pyodide, from], wheel] = await Promise.all([
    start(build),
    fetch(new URL(`${build.wheel}?v=${build.hash}`, base)).then((r) => {
      if (!r.ok) throw new Error(`${build.wheel}: HTTP ${r.status}`);
      return r.arrayBuffer();
    }),
  ]);
  // The snapshot holds the imported modules but not the files: unpack them for later imports.
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  const live = pyodide.pyimport("widgets.live");
  return { handle: live.handle, runtime: live.RUNTIME, ms: performance.now() - t0, from };
}

const booted = boot();
booted.then(
  (b) => postMessage({ type: "ready", runtime: b.runtime, ms: b.ms, from: b.from }),
  (err) => postMessage({ type: "failed", detail: String(err && err.message ? err.message : err) }),
);

onmessage = async (event) => {
  const { id, request } = event.data;
  let answer;
  try {
    const b = await booted;
    answer = JSON.parse(b.handle(request));
  } catch (err) {
    answer = { error: { code: "internal", message: { hu: `Belső hiba: ${err}`, en: `Internal error: ${err}` } } };
  }
  postMessage({ id, ...answer });
};
