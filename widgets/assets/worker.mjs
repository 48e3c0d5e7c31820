// The page's one engine: Pyodide from the site's own copy of the npm package, plus
// the engine wheel built from this repository. Module worker (classic workers cannot import pyodide.mjs).
// (Imported, not a static import, so that the fetches below start at once, not a round trip later.)
const pyodideModule = import("./pyodide/pyodide.mjs");

const base = new URL("./", import.meta.url);

// Progress: every response the runtime fetches is counted as it streams in, against the sizes
// build.json lists, so the page can say how much is left and, on a slow link, how long.
const progress = { done: 0, total: 0, t0: performance.now(), posted: 0 };
function tell(force) {
  const now = performance.now();
  if (!force && now - progress.posted < 250) return;
  progress.posted = now;
  postMessage({ type: "progress", done: progress.done, total: progress.total, ms: now - progress.t0 });
}
const plainFetch = globalThis.fetch.bind(globalThis);
const early = new Map(); // url -> what was fetched before Pyodide asked for it
globalThis.fetch = async (...args) => {
  const url = String(args[0] instanceof Request ? args[0].url : args[0]);
  const got = early.get(url);
  if (got instanceof Promise) return new Response(await got); // an ArrayBuffer: any number of times
  if (got) return got(); // a streamed response: a new one each time
  return counted(await plainFetch(...args));
};

// The wasm, the standard library and the wheel come zstd-packed (widgets/build/packed.py: a quarter
// fewer bytes than a host's gzip) and are unpacked here as they stream in, so the wasm still compiles
// while it downloads. A host that sent one with Content-Encoding: zstd has unpacked it already.
const fzstd = import("./fzstd.mjs");
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];

function unpacked(response, type) {
  if (!response.ok || !response.body) return response;
  let decoder = null;
  let first = true;
  const body = response.body.pipeThrough(new TransformStream({
    async transform(chunk, out) {
      if (first) {
        first = false;
        if (ZSTD_MAGIC.every((byte, i) => chunk[i] === byte)) {
          decoder = new (await fzstd).Decompress((data) => data.length && out.enqueue(data));
        }
      }
      if (decoder) decoder.push(chunk);
      else out.enqueue(chunk);
    },
    flush() {
      decoder?.push(new Uint8Array(0), true);
    },
  }));
  return new Response(body, { status: response.status, headers: { "Content-Type": type } });
}

// A packed archive (the library, the wheel), fetched through the counting fetch and unpacked whole.
async function packedArchive(url, name) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${name}.zst: HTTP ${response.status}`);
  return unpacked(response, "application/zip").arrayBuffer();
}

function counted(response) {
  if (!response.ok || !response.body) return response;
  const body = response.body.pipeThrough(new TransformStream({
    transform(chunk, out) {
      progress.done += chunk.byteLength;
      tell(false);
      out.enqueue(chunk);
    },
  }));
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

// Pyodide fetches its wasm (the largest file) only once pyodide.asm.mjs has come and run, itself
// after build.json: on a slow link those round trips left the line idle. Both start now.
const wasmURL = new URL("pyodide/pyodide.asm.wasm", base).href;
const packedWasm = () => plainFetch(`${wasmURL}.zst`, { credentials: "same-origin" }).then(counted)
  .then((r) => unpacked(r, "application/wasm"));
let wasm = packedWasm();
wasm.catch(() => {}); // Pyodide's own fetch then says what went wrong
// (A second start, after a snapshot that failed, fetches it again: a stream is read once.)
early.set(wasmURL, () => {
  const first = wasm;
  wasm = null;
  return first || packedWasm();
});
import("./pyodide/pyodide.asm.mjs").catch(() => {}); // the same module record Pyodide imports later

// The snapshot (widgets/snapshot.mjs: Python started, the engine imported) saves seconds of CPU
// but weighs 5.7 MB, more than the runtime itself. So it is used only when it costs no download
// (already in the service worker's or the HTTP cache) or the link is fast: the trimmed standard
// library (0.6 MB packed, needed either way) and the wasm are fetched first, and if the library is all in
// within FAST_MS, or the bytes come at FAST_RATE, the snapshot's download costs less than the start
// it saves. Otherwise Python starts the plain way.
// (navigator.connection cannot tell: with no traffic yet Chromium reports a fast link as 1.4 Mbit/s.)
const FAST_MS = 500; // (the worker also unpacks the wasm meanwhile: 300 ms misjudged a local link)
const FAST_RATE = 6e3; // bytes per ms as they come in (packed, as on the wire): 6 MB/s, some 50 Mbit/s

async function snapshotInCache(url) {
  try {
    if (self.caches && (await caches.match(url))) return true;
    const hit = await plainFetch(url, { cache: "only-if-cached", mode: "same-origin" });
    hit.body?.cancel();
    return hit.ok;
  } catch {
    return false;
  }
}

async function start(build) {
  const { loadPyodide } = await pyodideModule;
  const indexURL = new URL("pyodide/", base).href;
  const stdLibURL = new URL(build.stdlib, base).href;
  const options = { indexURL, stdLibURL, lockFileContents: build.lock };
  const url = build.snapshot && new URL(build.snapshot, base).href;
  const stdlib = packedArchive(`${stdLibURL}.zst`, build.stdlib);
  early.set(stdLibURL, stdlib);
  const forced = new URL(import.meta.url).searchParams.get("start"); // tests only (kikoto.js)
  const cached = url && forced !== "plain" && (forced === "snapshot" || (await snapshotInCache(url)));
  const t = performance.now();
  const d = progress.done;
  const fast = url && !cached && !forced && (await Promise.race([stdlib.then(() => true, () => false),
    new Promise((done) => setTimeout(() => done((progress.done - d) / (performance.now() - t) >= FAST_RATE), FAST_MS))]));
  choice = cached ? "cached" : fast ? "fast" : "plain";
  if (cached || fast) {
    progress.total += build.sizes.snapshot;
    const snapshot = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${build.snapshot}: HTTP ${r.status}`);
      return new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    });
    snapshot.catch(() => {}); // a failure surfaces in loadPyodide below, not as an unhandled rejection
    try {
      return [await loadPyodide({ ...options, _loadSnapshot: snapshot }), "snapshot"];
    } catch (err) {
      console.warn(err); // Python starts without the snapshot
    }
  }
  return [await loadPyodide(options), "start"];
}

let choice = null;

async function boot() {
  const t0 = performance.now();
  const build = await (await plainFetch(new URL("build.json", base))).json();
  progress.total = build.sizes.runtime + build.sizes.stdlib + build.sizes.wheel;
  tell(true);
  const [[pyodide, from], wheel] = await Promise.all([
    start(build),
    packedArchive(new URL(`${build.wheel}.zst?v=${build.hash}`, base), build.wheel),
  ]);
  // The snapshot holds the imported modules but not the files: unpack them for later imports.
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  // (importlib.invalidate_caches() would import importlib.metadata, which the trimmed stdlib leaves out)
  pyodide.runPython("import sys\nfor f in list(sys.path_importer_cache.values()):\n    getattr(f, 'invalidate_caches', int)()");
  const live = pyodide.pyimport("widgets.live");
  live.settle();
  return { handle: live.handle, runtime: live.RUNTIME, ms: performance.now() - t0, from };
}

const booted = boot();
booted.then(
  (b) => postMessage({ type: "ready", runtime: b.runtime, ms: b.ms, from: b.from, choice }),
  (err) => postMessage({ type: "failed", detail: String(err && err.message ? err.message : err) }),
);

onmessage = async (event) => {
  const { id, request } = event.data;
  let answer;
  try {
    const b = await booted;
    answer = JSON.parse(b.handle(request));
  } catch (err) {
    // The worker knows no language: the page words it from the ui catalog (protocol.mjs, errorText).
    // (Imported here: the page has loaded it already, and the worker's start does not wait for it.)
    answer = (await import("./protocol.mjs")).internalError(err);
  }
  postMessage({ id, ...answer });
};
