// The page's one engine: a module worker (worker.mjs) that starts Pyodide and answers every
// island's requests. Here: its start, its requests, its faults and retry, and its warm-up.
import { envelope, renderRequest, warmRequest } from "./protocol.mjs";
import { installed, keepForOffline, site } from "./offline.mjs";

const base = new URL("./", import.meta.url);
// Time limits in ms: generous for a cold start (Pyodide is downloaded and compiled, far slower on a
// phone), short for a request to a warm engine.
export const limits = { boot: 90_000, request: 10_000, ...(window.__kikoto && window.__kikoto.limits) };
const forcedStart = window.__kikoto && window.__kikoto.start;
export const engine = { worker: null, ready: null, state: "idle", error: null, bootMs: null, warm: null, askedAt: -Infinity, kept: null };
let seq = 0;
const pending = new Map(); // request id -> {resolve, reject, timer}
export const watchers = new Set(); // islands told when the engine starts, is ready or fails

function notify() {
  for (const island of [...watchers]) {
    if (!island.isConnected) watchers.delete(island);
    else island.dispatchEvent(new CustomEvent("kikoto-engine"));
  }
}

// The worker threw, hung or could not start: stop it, fail every waiting request, and let
// the islands say so (with a retry). The static answers and the rest of the page stay.
function fault(kind, detail) {
  if (engine.state === "failed") return;
  const err = Object.assign(new Error(detail), { kind });
  if (engine.worker) engine.worker.terminate();
  clearTimeout(engine.bootTimer);
  engine.worker = null;
  engine.state = "failed";
  engine.error = err;
  if (engine.rejectBoot) engine.rejectBoot(err);
  engine.ready = Promise.reject(err);
  engine.ready.catch(() => {});
  for (const p of pending.values()) {
    clearTimeout(p.timer);
    p.reject(err);
  }
  pending.clear();
  notify();
}

// The worker's address: `start` for the tests ("snapshot" or "plain"); `sw` when the service worker
// controls this page, and so the worker (it then fetches the kept runtime through it: worker.mjs).
function workerURL() {
  const url = new URL("worker.mjs", base);
  if (forcedStart) url.searchParams.set("start", forcedStart);
  if (navigator.serviceWorker && navigator.serviceWorker.controller) url.searchParams.set("sw", "");
  return url;
}

export function startWorker() {
  if (engine.ready) return engine.ready;
  engine.state = "loading";
  engine.error = null;
  engine.ready = new Promise((resolve, reject) => {
    engine.rejectBoot = reject;
    if (typeof WebAssembly !== "object") {
      queueMicrotask(() => fault("unsupported", "WebAssembly"));
      return;
    }
    let worker;
    try {
      const early = !forcedStart && window.__kikotoWorker; // started by the page's head (overrides/main.html)
      window.__kikotoWorker = null;
      engine.steps = { "page.worker": Math.round(early ? early.at : performance.now()) };
      engine.startedBy = early ? "head" : "script";
      worker = engine.worker = early ? early.worker : new Worker(workerURL(), { type: "module" });
      if (early) queueMicrotask(() => early.events.splice(0).forEach((e) => (e.type === "error" ? worker.onerror(e) : worker.onmessage(e))));
    } catch (err) {
      queueMicrotask(() => fault("failed", String(err.message || err)));
      return;
    }
    engine.bootTimer = setTimeout(() => fault("timeout", `${limits.boot / 1000} s`), limits.boot);
    let started = false; // the worker said it was ready (the page then checks its own position first)
    worker.onmessage = (event) => {
      const msg = event.data;
      if (msg.type === "ready") {
        started = true;
        engine.bootMs = msg.ms;
        engine.bootFrom = msg.from; // "snapshot" or "start"
        engine.bootChoice = msg.choice; // why: "cached", "fast" (link) or "plain"
        engine.wasmFrom = msg.wasm; // "network", "cache" or "sw" (through the service worker, whose compiled code is kept)
        engine.unpacked = msg.unpacked; // the archives the worker unpacked (the rest it kept unpacked from a start before)
        engine.bootRate = msg.rate; // the link's bytes per ms, as the worker measured it (null: all cached)
        // The start's steps in the page's clock, ms from the navigation (bench/network.py reports them).
        const shift = (msg.origin || performance.timeOrigin) - performance.timeOrigin;
        for (const [name, ms] of Object.entries(msg.steps || {})) engine.steps[name] = Math.round(ms + shift);
        engine.steps["page.started"] = Math.round(performance.now());
        // Requests flow from now: what the reader asked while it loaded is answered first. But the
        // page says "ready" once its own position has been checked (its game's code imported and
        // run, and run again until it runs at speed: warmBeforeReady), so that the first answer after
        // "ready" costs what the later ones do.
        engine.rejectBoot = null;
        resolve(msg);
        setTimeout(() => warmBeforeReady(worker).catch(() => {}).then(() => {
          if (engine.worker !== worker || engine.state !== "loading") return; // failed or restarted meanwhile
          clearTimeout(engine.bootTimer);
          engine.state = "ready";
          engine.readyAt = performance.now();
          engine.steps["page.ready"] = Math.round(engine.readyAt);
          notify();
          keepForOffline(true, installed());
          warmUp(worker).then(() => keepFastStart(worker)).then(() => rehearse(worker));
        }));
      } else if (msg.type === "progress") {
        engine.progress = msg;
        notify();
      } else if (msg.type === "failed") fault("failed", msg.detail);
      else if (pending.has(msg.id)) {
        const p = pending.get(msg.id);
        pending.delete(msg.id);
        clearTimeout(p.timer);
        p.resolve(msg);
      }
    };
    // Before "ready" an error means the engine could not start; after it, that it crashed.
    worker.onerror = (event) => {
      event.preventDefault();
      fault(started ? "crashed" : "failed", event.message || event.type);
    };
    worker.onmessageerror = () => fault("crashed", "messageerror");
  });
  engine.ready.catch(() => {});
  notify();
  return engine.ready;
}

// Warm-up: Chromium runs the engine's WebAssembly unoptimised until it has run a while, so a fresh
// worker's first answers are several times slower. So the engine works aside, a little before it is
// ready (warmBeforeReady: at most `ready` positions) and more once it is: on a page with a game to
// play it plays and renders positions of that game (widgets/render/play.py, `warm`), a few per
// request; on a page with a position editor it taps that editor aside (widgets/render/editor.py,
// `warm`); elsewhere it answers each island's own question once, which the page already shows
// (the answers are dropped). A reader's request waits behind one small request at most, and while
// the reader is asking (a request in the last `quiet` ms) the warm-up waits.
const WARM = { positions: 48, each: 3, islands: 12, quiet: 500, ready: 5 };

const pageIslands = () => [...document.querySelectorAll(".kikoto[data-spec]")]
  .map((el) => ({ spec: JSON.parse(el.dataset.spec), ctx: JSON.parse(el.dataset.ctx) }));
const gameOf = (islands) => islands.find((island) => island.spec.play) || islands.find((island) => island.spec.widget === "editor");

// Before "ready": the page's sandbox or editor answered once as it stands, else its first island's
// own question (the answer is dropped); then the game played or the editor tapped aside (else the
// page's islands answered in turn), one position at a time, until one takes no less than 0.8 of the
// one before: the browser runs a fresh worker's WebAssembly unoptimised at first, and the first few
// answers shrink as it optimises the code they run.
async function warmBeforeReady(worker) {
  const islands = pageIslands();
  const game = gameOf(islands);
  const first = game || islands[0];
  if (!first) return;
  let t0 = performance.now();
  await post(worker, renderRequest(first.spec, first.ctx, true), null);
  engine.warmBefore = [Math.round(performance.now() - t0)];
  let last = Infinity;
  for (let i = 1; i <= WARM.ready; i++) {
    const island = islands[i % islands.length];
    const request = game ? warmRequest(game.spec, game.ctx, 1) : renderRequest(island.spec, island.ctx, true);
    t0 = performance.now();
    if ((await post(worker, request, null)).error) return;
    const ms = performance.now() - t0;
    engine.warmBefore.push(Math.round(ms));
    if (ms >= 0.8 * last) return;
    last = ms;
  }
}

function warmRequests(islands = pageIslands()) {
  const game = gameOf(islands);
  return game
    ? Array(WARM.positions / WARM.each).fill(warmRequest(game.spec, game.ctx, WARM.each))
    : islands.slice(0, WARM.islands).map((island) => renderRequest(island.spec, island.ctx, true));
}

// While the reader is asking (a request in the last `quiet` ms), work aside waits.
async function readerPaused() {
  while (performance.now() - engine.askedAt < WARM.quiet) await new Promise((r) => setTimeout(r, WARM.quiet));
}

async function warmUp(worker) {
  const islands = pageIslands();
  const game = gameOf(islands);
  const requests = warmRequests(islands);
  if (!requests.length) return;
  const t0 = performance.now();
  engine.warm = "running";
  engine.askedAt = Math.max(engine.askedAt, t0); // a reader who tapped while it loaded taps again now
  for (const request of requests) {
    await readerPaused();
    let answer;
    try {
      answer = await ask(request);
    } catch {
      return; // the engine failed: the islands say so
    }
    if (engine.worker !== worker) return; // restarted meanwhile: the new worker warms itself
    if (game && answer.error) break; // (a broken spec is the island's to report when the reader asks)
  }
  engine.warm = "done";
  engine.warmMs = performance.now() - t0;
}

// Whether the engine is starting or busy aside (the site's pages are kept for offline once it is not).
export const engineBusy = () => engine.state === "loading" || engine.warm === "running" || engine.kept === "fetching";

// Retry: a new worker (the old one, if any, is gone).
export function restart() {
  if (engine.worker) engine.worker.terminate();
  clearTimeout(engine.bootTimer);
  Object.assign(engine, { worker: null, ready: null, state: "idle", error: null, rejectBoot: null, warm: null, warmMs: null, progress: null, kept: null });
  return startWorker();
}

export function ask(request) {
  return startWorker().then(() => post(engine.worker, request));
}

// A request to this worker; `limit` ms for its answer (null: the start's own limit runs meanwhile).
function post(worker, request, limit = limits.request) {
  return new Promise((resolve, reject) => {
    const id = ++seq;
    const timer = limit === null ? null : setTimeout(() => fault("timeout", `${limit / 1000} s`), limit);
    pending.set(id, { resolve, reject, timer });
    worker.postMessage(envelope(id, request));
  });
}

// The fast start for the next visit: once the engine is idle, the service worker fetches the snapshot
// (and keeps the runtime), unless the reader's connection is metered or asks to save data.
function keepFastStart(worker) {
  if (engine.worker !== worker) return;
  const connection = navigator.connection;
  if (connection && (connection.saveData || connection.type === "cellular")) {
    engine.kept = "skipped";
    return;
  }
  engine.kept = "fetching";
  return keepForOffline(true, installed(), true).then((done) => {
    engine.kept = done ? "done" : "none"; // none: no service worker here
  });
}

// The next visit's start, rehearsed once the service worker keeps it. Chromium keeps the code it
// compiles for Pyodide's script beside the service worker's copy once an engine has started from it,
// and for the WebAssembly once enough of it is optimised (a few seconds after the last of it was);
// an engine that starts with that code spends less CPU on its way to "ready". An engine that started
// from the network (a first visit) leaves none, so a second worker starts as the next visit's will,
// through the service worker, answers the page's warm-up `rounds` times, lingers, and ends. Not on a
// page whose engine already started that way (it leaves the code itself), nor on a device short of
// memory or a reader saving data; it waits while the reader asks.
const REHEARSAL = { rounds: 3, lingerMs: 10_000, minMemoryGB: 2 };

async function rehearse(worker) {
  const memory = navigator.deviceMemory;
  if (engine.worker !== worker || engine.kept !== "done" || engine.wasmFrom === "sw" || !navigator.serviceWorker?.controller
    || (memory && memory < REHEARSAL.minMemoryGB)) return;
  engine.rehearsal = "running";
  const twin = new Worker(workerURL(), { type: "module" });
  const waiting = new Map();
  let ready;
  const started = new Promise((resolve, reject) => { ready = { resolve, reject }; });
  twin.onmessage = (event) => {
    const msg = event.data;
    if (msg.type === "ready") ready.resolve();
    else if (msg.type === "failed") ready.reject(new Error(msg.detail));
    else if (waiting.has(msg.id)) waiting.get(msg.id)(msg);
  };
  twin.onerror = (event) => { event.preventDefault(); ready.reject(new Error(event.message)); };
  let timer;
  const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error("timeout")), limits.boot); });
  try {
    await Promise.race([started, late]);
    for (const request of Array(REHEARSAL.rounds).fill(warmRequests()).flat()) {
      await readerPaused();
      const id = ++seq;
      await Promise.race([new Promise((answered) => { waiting.set(id, answered); twin.postMessage(envelope(id, request)); }), late]);
    }
    await new Promise((r) => setTimeout(r, REHEARSAL.lingerMs));
    engine.rehearsal = "done";
  } catch {
    engine.rehearsal = "failed"; // the next visit starts as it would have
  } finally {
    clearTimeout(timer);
    twin.terminate();
  }
}

// A worker the page's head started (a returning reader's) is taken over now, not when an island
// comes into view.
if (window.__kikotoWorker) startWorker();

// A small hook for debugging and the browser tests: the engine's state, its limits, and a
// way to kill the worker the way a crashed tab process would (no message, no error event).
// (A test may set window.__kikoto = {limits: {...}, start: "snapshot" | "plain"} before this module
// runs, to shorten them or to choose the engine's start.)
window.__kikoto = {
  limits,
  state: () => ({ state: engine.state, fault: engine.error && engine.error.kind, bootMs: engine.bootMs, bootFrom: engine.bootFrom, bootChoice: engine.bootChoice, bootRate: engine.bootRate,
    warm: engine.warm, warmMs: engine.warmMs, kept: engine.kept, rehearsal: engine.rehearsal, site: site.kept, readyAt: engine.readyAt, steps: engine.steps, warmBefore: engine.warmBefore, wasmFrom: engine.wasmFrom, unpacked: engine.unpacked, startedBy: engine.startedBy }),
  kill: () => engine.worker && engine.worker.terminate(),
};
