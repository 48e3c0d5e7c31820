// The page's one engine: Pyodide from the site's own copy of the npm package, plus
// the engine wheel built from this repository. Module worker (classic workers cannot import pyodide.mjs).
// (Imported, not a static import, so that the fetches below start at once, not a round trip later.)
const pyodideModule = import("./pyodide/pyodide.mjs");
// The start's steps, ms from this worker's time origin, reported with "ready" (bench/network.py).
const steps = {};
const step = (name) => { steps[name] ??= Math.round(performance.now()); };
step("worker");
pyodideModule.then(() => step("pyodide.mjs"));
for (const how of ["instantiateStreaming", "instantiate"]) {
  const original = WebAssembly[how];
  WebAssembly[how] = (...args) => {
    step(`wasm.${how}`);
    return original.apply(WebAssembly, args).then((r) => { step(`wasm.${how}.done`); return r; });
  };
}

const base = new URL("./", import.meta.url);

// Progress: what the start needs from the network is counted as it streams in, apart from what a
// cache gives. The page is told how many of the bytes expected over the network have come, and how
// long the rest takes at the rate they come (`left`, ms); the start is chosen by that rate (below),
// never by how fast a cache answers.
const progress = { done: 0, total: 0, t0: performance.now(), posted: 0, first: 0, last: 0, open: 0, urls: [] };
function tell(force) {
  const now = performance.now();
  if (!progress.total || (!force && now - progress.posted < 250)) return;
  progress.posted = now;
  postMessage({ type: "progress", done: progress.done, total: progress.total, ms: now - progress.t0, left: timeLeft() });
}
// Bytes per ms over the network from its first request (to its last byte, once all came), once half a
// second of it tells, or all came. (From the request, not the first byte: bytes that waited for this
// thread would count as come at once.)
const MEASURE_MS = 500;
function linkRate() {
  if (!progress.first) return null;
  const ms = (progress.open ? performance.now() : progress.last) - progress.first;
  return ms >= MEASURE_MS || !progress.open ? progress.done / Math.max(ms, 1) : null;
}
// The time left, from the rate of the last few seconds: early on the page's own files share the link,
// and the rate since the first byte would say too long for long.
const RECENT_MS = 3000;
const recent = []; // [ms, bytes done] a tenth of a second apart
function timeLeft() {
  const now = performance.now();
  if (!recent.length || now - recent[recent.length - 1][0] >= 100) recent.push([now, progress.done]);
  while (recent.length > 2 && now - recent[1][0] >= RECENT_MS) recent.shift();
  const [then, done] = recent[0];
  const rate = now - then >= MEASURE_MS ? (progress.done - done) / (now - then) : linkRate();
  return rate ? Math.max(0, progress.total - progress.done) / rate : null;
}
const plainFetch = globalThis.fetch.bind(globalThis);
const early = new Map(); // url -> what was fetched before Pyodide asked for it
globalThis.fetch = async (...args) => {
  const url = String(args[0] instanceof Request ? args[0].url : args[0]);
  const got = early.get(url);
  if (got instanceof Promise) return new Response(await got); // an ArrayBuffer: any number of times
  if (got) return got(); // a streamed response: a new one each time
  return plainFetch(...args);
};

// Whether a file is kept here already (the service worker's cache, whose response is returned to be
// read from there at once, or the browser's cache): then it costs no download, and its bytes say
// nothing of the link. (Asked before the file is fetched: asked while it downloads, the browser's
// cache answers once it has come, from the download.)
async function inCache(url) {
  try {
    const kept = self.caches && (await caches.match(url));
    if (kept) return kept;
    const hit = await plainFetch(url, { cache: "only-if-cached", mode: "same-origin" });
    hit.body?.cancel();
    return hit.ok;
  } catch {
    return false;
  }
}

// A file the start needs: `expected`, the bytes it will bring over the network (0 if a cache holds
// it); `response`, counted as it comes. `sizes`: its size packed and unpacked (a promise): a host that
// sent it Content-Encoded hands the body over unpacked, and its bytes count as the packed bytes they
// came as. The count runs ahead of whoever reads the body (a large queue), so that the rate is the
// link's, not that of the unpacking and compiling behind it.
function runtimeFile(url, sizes) {
  const cached = inCache(url);
  const expected = Promise.all([cached, sizes]).then(([hit, [size]]) => (hit ? 0 : size));
  const response = cached.then(async (hit) => {
    if (!hit) progress.first ||= performance.now();
    const r = hit instanceof Response ? hit : await plainFetch(url, { credentials: "same-origin" });
    if (hit || !r.ok || !r.body) return r;
    const [size, unpackedSize] = await sizes;
    const scale = r.headers.get("Content-Encoding") && unpackedSize ? size / unpackedSize : 1;
    progress.open += 1;
    progress.urls.push(r.url);
    const body = r.body.pipeThrough(new TransformStream({
      transform(chunk, out) {
        progress.last = performance.now();
        progress.done += chunk.byteLength * scale;
        timeLeft();
        tell(false);
        out.enqueue(chunk);
      },
      flush() {
        progress.open -= 1;
        tell(true);
      },
    }, undefined, { highWaterMark: 64 << 20, size: (chunk) => chunk.byteLength }));
    return new Response(body, { status: r.status, statusText: r.statusText, headers: r.headers });
  });
  return { expected, response };
}

// The wasm, the standard library and the wheel come zstd-packed (widgets/build/packed.py: a quarter
// fewer bytes than a host's gzip) and are unpacked here as they stream in, so the wasm still compiles
// while it downloads. A host that sent one with Content-Encoding: zstd has unpacked it already.
const fzstd = import("./fzstd.mjs");
const unzip = import("./unzip.mjs"); // fflate's unzipSync (widgets/build/runtime.py, bundle_unzip)
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

// A packed archive (the library, the wheel), unpacked whole.
async function packedArchive(file, name) {
  const response = await file.response;
  if (!response.ok) throw new Error(`${name}.zst: HTTP ${response.status}`);
  return unpacked(response, "application/zip").arrayBuffer();
}

// build.json's content, written into the site's copy of this file (widgets/build/runtime.py, BUILD):
// a fetch of its own cost a round trip before the start knew what to read.
const build = Promise.resolve(/* build.json */ null);
const sizesOf = (name) => build.then((b) => [b.sizes[name], b.unpacked?.[name]]);

// The library and the wheel as a start needs them: `bytes`, unpacked. The start that unpacks one keeps
// it unpacked in the engine's cache (sw.js, ENGINE_CACHE, whose new build drops it), and a later start
// reads it from there as it is: unpacking them took a fresh worker a few hundred ms, on the way to
// "ready". `expected` and `response` as runtimeFile's (none when kept).
const engineCache = build.then((b) => (self.caches ? caches.open(b.engine_cache) : null)).catch(() => null);

const unpackedHere = []; // which of them this start unpacked (reported with "ready")

function archive(kind, name, url, packedURL) {
  const kept = engineCache.then((cache) => cache && cache.match(url)).catch(() => null);
  const file = kept.then((hit) => (hit ? { expected: 0, response: null } : runtimeFile(packedURL, sizesOf(kind))));
  const bytes = kept.then(async (hit) => {
    if (hit) return hit.arrayBuffer();
    unpackedHere.push(kind);
    const unpackedBytes = await packedArchive(await file, name);
    engineCache.then((cache) => cache && cache.put(url, new Response(new Blob([unpackedBytes]), { headers: { "Content-Type": "application/zip" } }))).catch(() => {});
    return unpackedBytes;
  });
  return { expected: file.then((f) => f.expected), response: file.then((f) => f.response), bytes };
}

// Pyodide fetches its wasm (the largest file) only once pyodide.asm.mjs has come and run, itself
// after build.json: on a slow link those round trips left the line idle. Both start now. A start
// that unpacked it keeps it unpacked, marked with Pyodide's version, in the service worker's runtime
// cache (sw.js, RUNTIME_CACHE: the same name), so a later start compiles it from there and unpacks
// nothing. (Matched by the version: a new build's page may meet the last build's cache.)
const wasmURL = new URL("pyodide/pyodide.asm.wasm", base).href;
const pyodideVersion = pyodideModule.then((m) => m.version);
const keptWasm = (self.caches ? caches.match(wasmURL) : Promise.resolve(null))
  .then(async (kept) => (kept && kept.headers.get("X-Pyodide") === (await pyodideVersion) ? kept : null), () => null);
const packedWasm = () => runtimeFile(`${wasmURL}.zst`, sizesOf("runtime"));
const firstWasm = keptWasm.then((kept) => (kept ? null : packedWasm()));
const wasmExpected = firstWasm.then((file) => (file ? file.expected : 0));
// A kept wasm is fetched through the service worker when it controls this worker (the page says so:
// `sw` in this module's URL): Chromium keeps the code it compiled from a response of the service
// worker's cache beside that response, and a later start runs that code at once, where it would
// compile each function as it is first called and optimise it as it runs. (A response read from the
// cache here, or made here, gets no such code.)
const controlled = new URL(import.meta.url).searchParams.has("sw");
const wasmFrom = keptWasm.then((kept) => (!kept ? "network" : controlled ? "sw" : "cache"));
wasmFrom.then((from) => step(`wasm.${from}`));
let wasm = keptWasm.then((kept) => {
  if (!kept) return firstWasm.then((file) => file.response).then((r) => keepUnpacked(unpacked(r, "application/wasm")));
  if (!controlled) return kept;
  kept.body?.cancel();
  return plainFetch(wasmURL, { credentials: "same-origin" });
});
wasm.catch(() => {}); // Pyodide's own fetch then says what went wrong
// (A second start, after a snapshot that failed, fetches it again: a stream is read once.)
early.set(wasmURL, () => {
  const first = wasm;
  wasm = null;
  return first || packedWasm().response.then((r) => unpacked(r, "application/wasm"));
});
import("./pyodide/pyodide.asm.mjs").then(() => step("pyodide.asm.mjs"), () => {}); // the same module record Pyodide imports later

function keepUnpacked(response) {
  if (!self.caches || !response.ok || !response.body) return response;
  const [mine, kept] = response.body.tee();
  new Response(kept).arrayBuffer().then(async (bytes) => {
    const version = await pyodideVersion;
    const cache = await caches.open(`kikoto-pyodide-${version}`);
    await cache.put(wasmURL, new Response(bytes, { headers: { "Content-Type": "application/wasm", "X-Pyodide": version } }));
  }).catch(() => {}); // not kept: the next start unpacks it again
  return new Response(mine, { status: response.status, headers: response.headers });
}

// The snapshot (widgets/snapshot.mjs: Python started, the engine imported) saves seconds of CPU but
// weighs more than the runtime itself. It is used when it costs no download (kept by the service
// worker, which fetches it once a page's engine is idle, or by the browser's cache), or when the
// link's rate, measured on what came over the network, makes its download cheaper than the start it
// saves. Otherwise Python starts the plain way. (navigator.connection cannot tell the rate: with no
// traffic yet Chromium reports a fast link as 1.4 Mbit/s. It does tell a reader's wish to save data.)
const FAST_RATE = 6e3; // bytes per ms as they come in (packed, as on the wire): 6 MB/s, some 50 Mbit/s

// The link's rate in bytes per ms, or null when nothing the start needs comes over the network:
// once it is fast enough, or a file has come, or all have. Counted as the bytes are read, it is low
// while this thread is busy (compiling Pyodide's script, unpacking): a file that has come is timed by
// the browser itself (its resource timing, from its request to its last byte: the response's start
// came as late as its end on a slow link), which the thread does not hold up. Each is at most the
// link's rate (the files share it), so the larger is taken, and a slow link is never called fast.
async function measuredRate(files) {
  let settled = false;
  Promise.allSettled(files).then(() => { settled = true; });
  for (;;) {
    const counted = linkRate() || 0;
    const timed = Math.max(0, ...progress.urls.flatMap((url) => performance.getEntriesByName(url))
      .filter((e) => e.encodedBodySize > 0 && e.responseEnd > e.startTime)
      .map((e) => e.encodedBodySize / (e.responseEnd - e.startTime)));
    if (counted >= FAST_RATE || timed > 0 || (progress.first && !progress.open && settled)) return Math.max(counted, timed);
    if (settled && !progress.first) return null;
    await new Promise((r) => setTimeout(r, 50));
  }
}

// The snapshot as the service worker keeps it, inflated (sw.js, keepSnapshot: under its name without
// ".gz"), read from its cache at once (not through the service worker): a returning visit's start
// waits for it longest, and it is read meanwhile.
const forced = new URL(import.meta.url).searchParams.get("start"); // tests only (kikoto.js)
const inflatedSnapshot = build.then(async (b) => {
  if (!b.snapshot || !self.caches || forced) return null;
  const kept = await caches.match(new URL(b.snapshot.replace(/\.gz$/, ""), base).href);
  return kept && kept.ok ? kept.arrayBuffer() : null;
}).catch(() => null);

// The start, and why: "cached" (the snapshot costs no download), "fast" (the link makes it worth its
// download) or "plain"; with the snapshot's bytes when kept inflated, else its response when the
// service worker's cache holds it (read from there at once, not through the service worker).
async function chooseStart(url, files) {
  if (!url || forced === "plain") return ["plain"];
  const inflated = await inflatedSnapshot;
  if (inflated) return ["cached", inflated, true];
  const kept = await inCache(url);
  if (kept || forced === "snapshot") return ["cached", kept instanceof Response ? kept : null];
  if (navigator.connection && navigator.connection.saveData) return ["plain"];
  rate = await measuredRate(files);
  return [rate !== null && rate >= FAST_RATE ? "fast" : "plain"];
}

// Pyodide restores a snapshot into its default heap without growing it first (pyodide#6254), and the
// snapshot's heap is larger (widgets/snapshot.mjs): the module is made room in before the restore.
const roomFor = (snapshot) => async (settings) => {
  const module = await (await import("./pyodide/pyodide.asm.mjs")).default(settings);
  const memory = await snapshot;
  const bytes = ArrayBuffer.isView(memory) ? memory : new Uint8Array(memory);
  const heap = bytes.byteLength - new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1]; // (after its header)
  if (heap > module.HEAP8.length) module._emscripten_resize_heap(heap);
  return module;
};

async function start(b, stdlib) {
  const { loadPyodide } = await pyodideModule;
  const indexURL = new URL("pyodide/", base).href;
  const stdLibURL = new URL(b.stdlib, base).href;
  const options = { indexURL, stdLibURL, lockFileContents: b.lock };
  const url = b.snapshot && new URL(b.snapshot, base).href;
  early.set(stdLibURL, stdlib.bytes);
  let kept, inflated;
  [choice, kept, inflated] = await chooseStart(url, [wasm, stdlib.response]);
  if (choice !== "plain") {
    const file = kept ? { expected: 0, response: Promise.resolve(kept) } : runtimeFile(url, Promise.resolve([b.sizes.snapshot]));
    progress.total += await file.expected;
    const snapshot = inflated ? Promise.resolve(kept) : file.response.then((r) => {
      if (!r.ok) throw new Error(`${b.snapshot}: HTTP ${r.status}`);
      return new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    });
    snapshot.then(() => step("snapshot.read"), () => {});
    snapshot.catch(() => {}); // a failure surfaces in loadPyodide below, not as an unhandled rejection
    try {
      step("loadPyodide");
      return [await loadPyodide({ ...options, _loadSnapshot: snapshot, createPyodideModule: roomFor(snapshot) }), "snapshot"];
    } catch (err) {
      console.warn(err); // Python starts without the snapshot
    }
  }
  return [await loadPyodide(options), "start"];
}

let choice = null;
let rate = null; // what the choice was made on

async function boot() {
  const t0 = performance.now();
  const b = await build;
  const stdlib = archive("stdlib", b.stdlib, new URL(b.stdlib, base).href, new URL(`${b.stdlib}.zst`, base).href);
  const wheel = archive("wheel", b.wheel, new URL(`${b.wheel}?v=${b.hash}`, base).href, new URL(`${b.wheel}.zst?v=${b.hash}`, base).href);
  Promise.all([wasmExpected, stdlib.expected, wheel.expected]).then((bytes) => {
    progress.total += bytes.reduce((a, n) => a + n, 0);
    tell(true);
  });
  const [[pyodide, from], wheelBytes] = await Promise.all([start(b, stdlib), wheel.bytes.then((w) => { step("wheel.read"); return w; })]);
  step("python");
  // The snapshot holds the imported modules but not the files (catalogs, data, sources): written from
  // here, since the wheel's members are stored (packed.py) and each is a copy, where Pyodide's
  // unpackArchive ran Python's zipfile in a WebAssembly not yet optimised.
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  const { unzipSync } = await unzip;
  for (const [name, data] of Object.entries(unzipSync(new Uint8Array(wheelBytes)))) {
    if (name.endsWith("/")) continue;
    const path = `${sitePackages}/${name}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, data);
  }
  // (importlib.invalidate_caches() would import importlib.metadata, which the trimmed stdlib leaves out)
  pyodide.runPython("import sys\nfor f in list(sys.path_importer_cache.values()):\n    getattr(f, 'invalidate_caches', int)()");
  step("wheel.unpacked");
  const live = pyodide.pyimport("widgets.live");
  step("imported");
  live.settle();
  step("settled");
  return { handle: live.handle, runtime: live.RUNTIME, ms: performance.now() - t0, from, wasm: await wasmFrom };
}

const booted = boot();
booted.then(
  (b) => postMessage({ type: "ready", runtime: b.runtime, ms: b.ms, from: b.from, wasm: b.wasm, unpacked: unpackedHere, choice, rate: rate ?? linkRate(), steps, origin: performance.timeOrigin }),
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
