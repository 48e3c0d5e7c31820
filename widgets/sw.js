// Kikötő's service worker, written to the site root by widgets/plugin.py (so its scope covers
// every language: / and /en/). It makes a second page, a second visit and an offline reload
// start the live engine from the cache:
//   - the Pyodide runtime, the engine wheel, the trimmed stdlib and the memory snapshot: cache first,
//     in caches named by version (Pyodide's npm version, content hashes), so a new build brings new
//     ones (worker.mjs adds the wasm unpacked to the runtime's cache, under the same name);
//   - the theme's files named by their content (bundle.<hash>.min.js and the like): cache first, since a
//     new build names new ones; the search index and the search's language files: the kept copy at
//     once, refreshed for the next time (they were most of what a returning page downloaded again
//     while its engine started);
//   - everything else (pages, build.json, worker.mjs, kikoto.js, fzstd.mjs, unzip.mjs): network first,
//     so a new build shows at once, with the last copy kept for offline use.
// Only GET requests to this origin are handled; nothing here knows a rule.
const PYODIDE = "__PYODIDE__";
const RUNTIME_CACHE = `kikoto-pyodide-${PYODIDE}`;
const ENGINE_CACHE = "__ENGINE_CACHE__"; // named by the engine's content (build.json, engine_cache)
const PAGES_CACHE = "kikoto-pages";
const KEEP = [RUNTIME_CACHE, ENGINE_CACHE, PAGES_CACHE];

const root = new URL(self.registration.scope);
const at = (path) => new URL(path, root).href;
const RUNTIME = __RUNTIME__.map(at);
const ENGINE_FILES = __ENGINE_FILES__.map(at);
const SNAPSHOT = __SNAPSHOT__ && at(__SNAPSHOT__); // kept once a page's engine is idle: it weighs 6 MB
const ASSETS = __ASSETS__.map(at);
const PAGES = __PAGES__.map(at); // every page, and what pages use (the theme, the search, icons)
const PYODIDE_DIR = new URL("assets/kikoto/pyodide/", root).pathname;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // A page's request leaves while this worker's thread starts, not after (a returning reader's
    // page waits for both otherwise).
    await self.registration.navigationPreload?.enable();
    for (const name of await caches.keys()) {
      if (name.startsWith("kikoto-") && !KEEP.includes(name)) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function cacheFor(url) {
  if (url.pathname.startsWith(PYODIDE_DIR)) return RUNTIME_CACHE;
  if (url.pathname.endsWith(".whl.zst") || /\/(snapshot-[0-9a-f]+\.bin\.gz|stdlib-[0-9a-f]+\.zip\.zst)$/.test(url.pathname)) return ENGINE_CACHE;
  if (/\.[0-9a-f]{8}\.min\.(js|css)$/.test(url.pathname)) return PAGES_CACHE;
  return null;
}

// The search index and the search's language files, which the theme's script fetches as it mounts (at
// a reader's first move): a copy one build old still finds the pages, and the fresh one is kept for
// the next time.
const keptThenRefreshed = (url) => /\/search\/search_index\.json$|\/assets\/javascripts\/lunr\//.test(url.pathname);

async function staleWhileRevalidate(event) {
  const cache = await caches.open(PAGES_CACHE);
  const hit = await cache.match(event.request);
  const fresh = fetch(event.request).then((response) => {
    if (response.ok && response.type === "basic") return cache.put(event.request, response.clone()).then(() => response);
    return response;
  });
  if (!hit) return fresh;
  event.waitUntil(fresh.catch(() => {})); // offline: the kept copy stays
  return hit;
}

async function cacheFirst(request, name) {
  const cache = await caches.open(name);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request, preloaded) {
  try {
    const response = (await preloaded) || (await fetch(request));
    if (response.ok && response.type === "basic") {
      const copy = response.clone();
      caches.open(PAGES_CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (err) {
    const hit = (await caches.match(request)) || (await caches.match(request, { ignoreSearch: true }));
    if (hit) return hit;
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== root.origin || request.headers.has("range")) return;
  const name = cacheFor(url);
  event.respondWith(name ? cacheFirst(request, name) : keptThenRefreshed(url) ? staleWhileRevalidate(event) : networkFirst(request, event.preloadResponse));
});

// The first page a reader opens is loaded before this worker controls it: the page sends the
// URLs it used ("keep"), and, once its live engine has started, asks for the runtime too, and once
// it is idle, for the engine's snapshot (the next visit's fast start) and for every page of the site
// ("site": what any page needs to open offline); an installed app ("all") asks for the runtime and
// every page at once. The browser's HTTP cache usually has them already, so this rarely downloads
// anything twice. The page hears back on the port it sent, once all are kept.
async function keep(urls, name) {
  const cache = await caches.open(name);
  for (const url of urls) {
    if (new URL(url).origin !== root.origin || (await cache.match(url))) continue;
    try {
      const response = await fetch(url, { cache: "force-cache" });
      if (response.ok) await cache.put(url, response);
    } catch {
      // offline or gone: the next visit tries again
    }
  }
}

// The snapshot is kept inflated, under its name without ".gz": a start then reads it as it is, where
// inflating it took a fresh worker a few hundred ms.
async function keepSnapshot() {
  const cache = await caches.open(ENGINE_CACHE);
  const inflated = SNAPSHOT.replace(/\.gz$/, "");
  if (await cache.match(inflated)) return;
  try {
    const response = await fetch(SNAPSHOT, { cache: "force-cache" });
    if (!response.ok) return;
    const body = response.body.pipeThrough(new DecompressionStream("gzip"));
    await cache.put(inflated, new Response(body, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch {
    // offline, gone or broken: the next visit tries again
  }
}

self.addEventListener("message", (event) => {
  const msg = event.data || {};
  if (msg.type !== "keep") return;
  const jobs = [keep((msg.urls || []).filter((u) => [null, PAGES_CACHE].includes(cacheFor(new URL(u)))), PAGES_CACHE)];
  if (msg.runtime || msg.all) {
    jobs.push(keep(RUNTIME, RUNTIME_CACHE), keep(ENGINE_FILES, ENGINE_CACHE), keep(ASSETS, PAGES_CACHE));
  }
  // Every page, so that any of them opens offline (live, too, once the runtime is kept).
  if (msg.all || msg.site) jobs.push(keep(PAGES, PAGES_CACHE));
  if (msg.snapshot && SNAPSHOT) jobs.push(keepSnapshot());
  event.waitUntil(Promise.all(jobs).then(() => {
    const kept = { type: "kept", runtime: !!(msg.runtime || msg.all), all: !!msg.all, site: !!(msg.all || msg.site) };
    event.ports[0]?.postMessage(kept);
    event.source?.postMessage(kept);
  }));
});
