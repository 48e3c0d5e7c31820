// Live islands: the static answer is already in the page; on first interaction one
// module worker per page starts Pyodide and from then on answers from the real engine.
// This file only forwards inputs and swaps in HTML rendered by Python: no rule lives here.

const base = new URL("./", import.meta.url);
const root = new URL("../../", base); // the site root: the service worker's scope covers every language
const heldTheme = document.querySelector('script[type="kikoto/later"]'); // the theme's script, see loadTheme
// Time limits in ms: generous for a cold start (Pyodide is downloaded and compiled, far slower on a
// phone), short for a request to a warm engine.
const limits = { boot: 90_000, request: 10_000, ...(window.__kikoto && window.__kikoto.limits) };
const forcedStart = window.__kikoto && window.__kikoto.start;
const engine = { worker: null, ready: null, state: "idle", error: null, bootMs: null, warm: null, askedAt: -Infinity };
let seq = 0;
const pending = new Map(); // request id -> {resolve, reject, timer}
const watchers = new Set(); // islands told when the engine starts, is ready or fails

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

function startWorker() {
  if (engine.ready) return engine.ready;
  engine.state = "loading";
  engine.error = null;
  engine.ready = new Promise((resolve, reject) => {
    engine.rejectBoot = reject;
    if (typeof WebAssembly !== "object") {
      queueMicrotask(() => fault("unsupported", "WebAssembly is not available"));
      return;
    }
    let worker;
    try {
      const url = new URL("worker.mjs", base);
      if (forcedStart) url.search = `start=${forcedStart}`; // tests: "snapshot" or "plain"
      worker = engine.worker = new Worker(url, { type: "module" });
    } catch (err) {
      queueMicrotask(() => fault("failed", String(err.message || err)));
      return;
    }
    engine.bootTimer = setTimeout(() => fault("timeout", `${limits.boot / 1000} s`), limits.boot);
    worker.onmessage = (event) => {
      const msg = event.data;
      if (msg.type === "ready") {
        clearTimeout(engine.bootTimer);
        engine.state = "ready";
        engine.bootMs = msg.ms;
        engine.bootFrom = msg.from; // "snapshot" or "start"
        engine.bootChoice = msg.choice; // why: "cached", "fast" (link) or "plain"
        engine.rejectBoot = null;
        resolve(msg);
        notify();
        keepForOffline(true, installed(), msg.from === "snapshot");
        warmUp(worker);
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
      fault(engine.state === "ready" ? "crashed" : "failed", event.message || "worker error");
    };
    worker.onmessageerror = () => fault("crashed", "message error");
  });
  engine.ready.catch(() => {});
  notify();
  return engine.ready;
}

// Warm-up: Chromium runs the engine's WebAssembly unoptimised until it has run a while, so a fresh
// worker's first answers are several times slower. So once the engine is ready it works aside: on a page with a game
// to play it plays and renders positions of that game (widgets/render/play.py, `warm`), a few per
// request; on a page with a position editor it taps that editor aside (widgets/render/editor.py,
// `warm`); elsewhere it answers each island's own question once, which the page already shows
// (the answers are dropped). A reader's request waits behind one small request at most, and while
// the reader is asking (a request in the last `quiet` ms) the warm-up waits.
const WARM = { positions: 48, each: 3, islands: 12, quiet: 500 };

async function warmUp(worker) {
  const islands = [...document.querySelectorAll(".kikoto[data-spec]")]
    .map((el) => ({ spec: JSON.parse(el.dataset.spec), ctx: JSON.parse(el.dataset.ctx) }));
  const game = islands.find((island) => island.spec.play) || islands.find((island) => island.spec.widget === "editor");
  const requests = game
    ? Array(WARM.positions / WARM.each).fill({ op: "warm", ...game, positions: WARM.each })
    : islands.slice(0, WARM.islands).map((island) => ({ op: "render", ...island, aside: true }));
  if (!requests.length) return;
  const t0 = performance.now();
  engine.warm = "running";
  for (const request of requests) {
    while (performance.now() - engine.askedAt < WARM.quiet) await new Promise((r) => setTimeout(r, WARM.quiet));
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

// Retry: a new worker (the old one, if any, is gone).
function restart() {
  if (engine.worker) engine.worker.terminate();
  clearTimeout(engine.bootTimer);
  Object.assign(engine, { worker: null, ready: null, state: "idle", error: null, rejectBoot: null, warm: null, warmMs: null, progress: null });
  return startWorker();
}

export function ask(request) {
  return startWorker().then(
    () =>
      new Promise((resolve, reject) => {
        const id = ++seq;
        const timer = setTimeout(() => fault("timeout", `${limits.request / 1000} s`), limits.request);
        pending.set(id, { resolve, reject, timer });
        engine.worker.postMessage({ id, request: JSON.stringify(request) });
      }),
  );
}

// A small hook for debugging and the browser tests: the engine's state, its limits, and a
// way to kill the worker the way a crashed tab process would (no message, no error event).
// (A test may set window.__kikoto = {limits: {...}, start: "snapshot" | "plain"} before this module
// runs, to shorten them or to choose the engine's start.)
window.__kikoto = {
  limits,
  state: () => ({ state: engine.state, fault: engine.error && engine.error.kind, bootMs: engine.bootMs, bootFrom: engine.bootFrom, bootChoice: engine.bootChoice,
    warm: engine.warm, warmMs: engine.warmMs }),
  kill: () => engine.worker && engine.worker.terminate(),
};

// -- offline: the service worker at the site root ----------------------------------------
function keepForOffline(runtime, all = installed(), snapshot = false) {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.ready.then((reg) => {
    const here = location.href.split("#")[0];
    const used = performance.getEntriesByType("resource").map((e) => e.name.split("#")[0])
      .concat(heldTheme ? [heldTheme.src] : []) // kept even if the reader never moved
      .filter((u) => u.startsWith(root.origin + "/"));
    if (reg.active) reg.active.postMessage({ type: "keep", urls: [here, ...new Set(used)], runtime, all, snapshot });
  }, () => {});
}

// On the home screen the site is an app, opened offline as often as not: the service worker then
// keeps every page and the runtime, not just what this visit used.
const installed = () => matchMedia("(display-mode: standalone)").matches;
addEventListener("appinstalled", () => keepForOffline(true, true));

function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname }).then(
    () => keepForOffline(false),
    () => {}, // no service worker (private mode, file://): the site works, just not offline
  );
}

// Form fields are named by their path in the widget's input ("warehouse.salmon").
function collect(form) {
  const input = {};
  for (const el of form.elements) {
    if (!el.name) continue;
    let value = el.value;
    if (el.type === "number" || el.dataset.type === "int") value = value === "" ? null : Number(value);
    if (el.dataset.type === "json") value = JSON.parse(value);
    if (el.type === "checkbox") value = el.checked;
    const path = el.name.split(".");
    let node = input;
    for (const key of path.slice(0, -1)) node = node[key] ??= {};
    node[path[path.length - 1]] = value;
  }
  return input;
}

function setStatus(island, text, busy) {
  const status = island.querySelector(".kikoto-status");
  status.textContent = text;
  if (busy) status.prepend(document.createElement("progress"));
}

// While the runtime loads: how much of it has come (the worker counts every byte), and on a slow
// link how long the rest should take at the rate so far. Numbers and units only, so in any language.
function loadingStatus(island, ctx) {
  const p = engine.progress;
  setStatus(island, ctx.ui.loading, true);
  if (!p || !p.total) return;
  const bar = island.querySelector(".kikoto-status progress");
  bar.max = p.total;
  bar.value = Math.min(p.done, p.total);
  const share = Math.min(1, p.done / p.total);
  const number = (n, digits) => n.toLocaleString(ctx.lang, { maximumFractionDigits: digits });
  let text = ` ${number(Math.floor(share * 100), 0)} %`;
  const left = p.done > 0.02 * p.total ? ((p.total - p.done) * p.ms) / p.done / 1000 : 0;
  if (left >= 2) text += ` · ~${number(Math.ceil(left), 0)} s`;
  island.querySelector(".kikoto-status").append(text);
}

// A sandbox's position lives in the URL, so it can be shared as a link.
function encodeShare(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let text = "";
  // In slices: spreading a long game's bytes as arguments would overflow the call stack.
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeShare(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

// The address bar follows the game once the answer is on screen: a long game's link runs to a
// hundred kilobytes, and encoding and setting it took as long as the answer. data-shared names
// the answer the link is at (for tests).
function shareLater(island, spec, key = "play", shared = { input: spec.input, moves: spec.moves }) {
  const answer = island.dataset.answers; // (a click meanwhile makes new arrays: `shared` is this answer's)
  requestAnimationFrame(() => setTimeout(() => {
    if (island.dataset.answers !== answer) return; // a newer answer shares its own position
    // Python's link text when the answer gives one (engine/core/formats.py), else the old encoding
    history.replaceState(null, "", `#${key}=` + (typeof shared === "string" ? shared : encodeShare(shared)));
    island.dataset.shared = answer;
  }, 0));
}

function wire(island) {
  if (island.dataset.wired) return;
  island.dataset.wired = "1";
  island.classList.add("js");
  // A search link (?h=word) has the theme mark the word in the page's text, textareas included,
  // which would cut "ships" to "s" in a case's editor. A textarea whose value was set no longer
  // follows its text, so what the reader edits stays what the page holds.
  island.querySelectorAll("textarea").forEach((area) => { area.value = area.defaultValue; });
  let spec = JSON.parse(island.dataset.spec);
  const ctx = JSON.parse(island.dataset.ctx);
  const out = island.querySelector(".kikoto-output");
  const form = island.querySelector("form.kikoto-input");
  let latest = 0;

  // The island's status line follows the page's one engine (once the reader has come near it).
  let asked = false;
  const retry = () => {
    restart();
    if (asked) update();
  };
  // Once the engine is up, a sandbox asks for its own start unseen: the engine then keeps that
  // position and has run its game's code once, so the reader's first move costs only the move.
  let warmed = false;
  const show = () => {
    if (engine.state === "ready" && spec.sandbox && !asked && !warmed) {
      warmed = true;
      ask({ op: "render", spec, ctx }).catch(() => {});
    }
    if (!island.dataset.live) return;
    if (engine.state === "loading") {
      island.dataset.live = "loading";
      loadingStatus(island, ctx);
    } else if (engine.state === "ready") {
      island.dataset.live = "ready";
      setStatus(island, ctx.ui.ready, false);
    } else if (engine.state === "failed") showFault(island, ctx, engine.error, retry);
  };
  island.addEventListener("kikoto-engine", show);
  watchers.add(island);

  const wake = () => {
    if (island.dataset.live) return;
    island.dataset.live = "loading";
    startWorker();
    show();
  };

  // Resolves to true once the answer is on the page, false if the engine failed.
  const update = async () => {
    wake();
    asked = true;
    engine.askedAt = performance.now();
    const mine = ++latest;
    const sent = spec.moves || [];
    const request = { op: "render", spec, ctx };
    let answer;
    try {
      answer = await ask(request);
    } catch {
      return false; // the status line says what went wrong and offers a retry; the last answer stays
    }
    if (mine !== latest) return true; // a newer edit is on its way
    island.dataset.runtime = answer.runtime;
    if (answer.html !== undefined) {
      // Focus stays on the control or the board field just used, though the answer redraws it.
      const active = document.activeElement && out.contains(document.activeElement) ? document.activeElement : null;
      const focused = active && (active.closest("[data-key], [data-tap]") || active);
      const place = focused && [...out.querySelectorAll(focused.tagName)].indexOf(focused);
      const typed = focused && focused.matches("input, textarea") && focused.value !== focused.defaultValue ? focused.value : null;
      // rendered and escaped by Python (widgets/render)
      if (spec.widget !== "editor") out.innerHTML = answer.html;
      else if (!patchEditor(out, answer.html)) {
        delete spec.parts; // the page does not hold what the answer left out: ask again in full
        return update();
      }
      delete spec.cmd; // a command or a tap is carried out once
      delete spec.cmds;
      delete spec.tap;
      delete spec.try;
      const editor = out.querySelector("[data-update]");
      if (editor) Object.assign(spec, JSON.parse(editor.dataset.update));
      if (focused && !focused.isConnected) {
        const again = sameControl(out, focused, place);
        // gone (a piece's button after its mode): the mode in use, never the page's body
        const target = again || out.querySelector(".kikoto-ed-modes [aria-pressed='true']") || out.querySelector("[data-tap]");
        if (again && typed !== null && again.value === again.defaultValue) again.value = typed; // typed, not yet sent
        target?.focus({ preventScroll: !again });
      }
      // The engine reports the moves it played after the ones sent (random seats): keep them.
      const play = out.querySelector(".kikoto-play[data-played]");
      if (play) spec.moves = [...sent.slice(0, Number(play.dataset.playedFrom)), ...JSON.parse(play.dataset.played)];
    } else setStatus(island, answer.error.message[ctx.lang], false);
    island.dataset.answers = String(Number(island.dataset.answers || 0) + 1);
    opened(island);
    if (spec.widget === "editor") island.dispatchEvent(new CustomEvent("kikoto-answered"));
    if (spec.sandbox && answer.html !== undefined) shareLater(island, spec, "play", spec.link); // (Python's link, if any)
    if (spec.widget === "editor" && answer.html !== undefined) shareLater(island, spec, "ask", editorLink(spec));
    return true;
  };
  if (spec.widget === "editor") {
    // The Ask page starts its engine as it opens: the reader's first tap comes soon.
    const held = out.querySelector(".kikoto-ed[data-update]");
    if (held && !location.hash.startsWith("#ask=")) Object.assign(spec, JSON.parse(held.dataset.update));
    else if (held && "link" in JSON.parse(held.dataset.update)) spec.link = ""; // Python reads links
    wireEditor(island, out, spec, update);
    wake();
  }
  // A cases page's readings, set at its top, are carried down to every case that does not fix its own.
  if (spec.widget === "readings" && form) {
    form.addEventListener("change", (event) => {
      const name = event.target.name;
      for (const select of document.querySelectorAll(`.kikoto select[name="${CSS.escape(name)}"]:not([data-page-reading]):not([data-own])`)) {
        if (select.value === event.target.value) continue;
        select.value = event.target.value;
        select.dispatchEvent(new Event("input", { bubbles: true }));
      }
    });
  }
  // A case's "Change the position" link takes the case's position and question to the editor.
  out.addEventListener("click", (event) => {
    const link = event.target.closest("[data-ask-link]");
    if (!link || !spec.case || link.getAttribute("href").includes("#ask=")) return; // (case.py's own link)
    const { options, state, setup, moves, action } = spec.case;
    link.href = link.href.split("#")[0] + "#ask=" + encodeShare({ start: { options, state, setup, moves }, asked: action, mode: "ask" });
  }, true);

  const readForm = () => {
    try {
      spec.input = collect(form);
      return true;
    } catch (err) {
      setStatus(island, String(err), false);
      return false;
    }
  };

  island.addEventListener("pointerenter", wake, { once: true });
  island.addEventListener("focusin", wake, { once: true });
  if (form) {
    form.addEventListener("submit", (event) => event.preventDefault()); // Enter must not reload the page
    form.addEventListener("input", (event) => {
      if (event.target.tagName === "TEXTAREA") return; // the case editor asks on its button
      if (!readForm()) return;
      if (spec.play) spec.moves = []; // a new set-up starts a new game
      update();
    });
    form.addEventListener("click", (event) => {
      if (event.target.closest("[data-ask]") && readForm()) update();
    });
  }
  // Buttons rendered by the engine: a move, a step of an example, undo, start over.
  // A sandbox is played on its board too: a tap on a piece, then on a field (Python decides what it means).
  const tapBoard = (event) => {
    const field = spec.play && event.target.closest("[data-tap]");
    if (!field) return false;
    spec.tap = field.dataset.tap;
    update();
    return true;
  };
  out.addEventListener("keydown", (event) => {
    if ((event.key === "Enter" || event.key === " ") && event.target.matches("[data-tap]") && tapBoard(event)) event.preventDefault();
  });
  out.addEventListener("click", (event) => {
    if (tapBoard(event)) return;
    const button = event.target.closest("button");
    if (!button || button.disabled) return;
    const d = button.dataset;
    // An example's steps are all in the page already: stepping never waits for the engine.
    if (d.step !== undefined && button.closest(".kikoto-stepnav")) return showStep(Number(d.step), button);
    if (d.try) spec.try = JSON.parse(d.try); // the engine plays it if legal, and says why not if not
    else if (d.move) spec.moves = [...(spec.moves || []), JSON.parse(d.move)];
    else if (d.step !== undefined) spec.step = Number(d.step);
    else if (d.undo !== undefined) spec.moves = (spec.moves || []).slice(0, Number(d.undoTo));
    else if (d.reset !== undefined) spec.moves = [];
    else return;
    delete spec.open; // a new position or group opens its first subgroup
    update();
  });
  const showStep = (n, from) => {
    const card = out.querySelector(`.kikoto-card[data-card="${n}"]`);
    if (!card) return;
    spec.step = n; // a later live answer keeps this step in focus
    for (const other of out.querySelectorAll(".kikoto-card[data-current]")) other.removeAttribute("data-current");
    card.setAttribute("data-current", "");
    // The clicked button is hidden now: keep the keyboard on the same button of the new card.
    const buttons = [...card.querySelectorAll(".kikoto-stepnav button")];
    const same = buttons.find((b) => b.textContent === from.textContent && !b.disabled);
    (same || buttons.find((b) => !b.disabled))?.focus();
  };
  // A group of moves the engine left empty (all but one in a wide position) is asked for when opened.
  out.addEventListener("toggle", (event) => {
    const group = event.target;
    if (!group.open || group.dataset.sub === undefined || group.querySelector("button")) return;
    spec.open = Number(group.dataset.sub);
    update();
  }, true); // toggle does not bubble
  // What the reader typed into a case editor survives a reload (or a crashed tab): it is kept
  // in localStorage under the page and the case id, and asked about again when restored.
  const editor = form && form.querySelector("textarea[name='case']");
  if (editor && spec.case) {
    const key = `kikoto:case:${location.pathname}:${spec.case.id || ""}`;
    let saved = null;
    try {
      saved = localStorage.getItem(key);
    } catch {
      // storage blocked: nothing is kept
    }
    editor.addEventListener("input", () => {
      try {
        if (editor.value === editor.defaultValue) localStorage.removeItem(key);
        else localStorage.setItem(key, editor.value);
      } catch {
        // full or blocked
      }
    });
    if (saved !== null && saved !== editor.value) {
      editor.value = saved;
      const details = editor.closest("details");
      if (details) details.open = true;
      const note = document.createElement("p");
      note.className = "kikoto-restored";
      note.textContent = ctx.ui.restored || "";
      editor.closest("label").after(note);
      if (readForm()) update();
    }
  }
  if (spec.sandbox && location.hash.startsWith("#play=")) {
    opening(island, out, ctx.ui.loading);
    try {
      // Python reads the link (engine/core/formats.py) when its sandbox gives links (its data-update
      // has one); else the page decodes the old links itself
      const held = out.querySelector("[data-update]");
      if (held && "link" in JSON.parse(held.dataset.update)) spec = { ...spec, link: location.hash.slice(6) };
      else {
        const shared = decodeShare(location.hash.slice(6));
        spec = { ...spec, input: shared.input, moves: shared.moves || [] };
        if (shared.state) spec.state = shared.state; // "continue in the sandbox" from the editor
      }
      update();
    } catch (err) {
      opened(island);
      setStatus(island, String(err), false);
    }
  }
}

// -- the position editor (widgets/render/editor.py) ------------------------------------------
// Every tap and control becomes one command for the engine's side; the answer brings the new
// position and the editor's state back (data-update). Nothing is decided here.
function editorShare(spec) {
  return { draft: spec.draft, asked: spec.asked, question: spec.question, mode: spec.mode };
}

// The editor's position as the text after "#ask=": Python's own link text once it gives one
// (update.link), else the old encoding (until engine/core/formats.py writes links).
function editorLink(spec) {
  return spec.link !== undefined ? spec.link : encodeShare(editorShare(spec));
}

// "Save as a case file": the position and the question in the case format (docs/contributing/
// architecture, "Case files"), so
// that a dispute can become one of the site's cases (`python -m engine check` reads it).
function saveCase(spec) {
  const found = { id: "my-question", game: spec.game, question: spec.question || "", state: spec.draft };
  if (spec.asked) found.action = spec.asked;
  return JSON.stringify(found, null, 1);
}

// The editor's own words (editor.py, page_words), for what the page says before an answer.
const editorWords = (out) => {
  try {
    return JSON.parse(out.querySelector(".kikoto-ed")?.dataset.ui || "{}");
  } catch {
    return {};
  }
};

// The board's fields are one Tab stop (roving tabindex): the arrow keys go from field to field by
// where they are on the screen, Enter or Space taps.
function nextField(fields, from, key) {
  const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  const [x0, y0] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const field of fields) {
    if (field === from) continue;
    const [x, y] = centre(field);
    const along = (x - x0) * dx + (y - y0) * dy; // how far in the arrow's direction
    const across = Math.abs((x - x0) * dy - (y - y0) * dx); // how far off its line
    if (along <= 1 || across > 2 * along + 8) continue; // within a cone around the arrow
    const score = along + 2 * across;
    if (score < bestScore) [best, bestScore] = [field, score];
  }
  return best;
}

// Typing on the board goes to the field named so (its label, "B3", or a word of its name: what its
// title says before the first "·"), as in a list.
function fieldNamed(fields, from, typed) {
  const words = (field) => (field.querySelector("title")?.textContent || field.getAttribute("aria-label") || field.textContent || "")
    .split("·")[0].toLowerCase().split(/[\s,;:()·.]+/).filter(Boolean);
  const after = [...fields.slice(fields.indexOf(from) + 1), ...fields.slice(0, fields.indexOf(from) + 1)];
  return after.find((f) => words(f).includes(typed)) || after.find((f) => words(f).some((w) => w.startsWith(typed)));
}

function wireEditor(island, out, spec, update) {
  // Commands wait here while the engine loads or answers the ones before: each is kept, shown at
  // once (a pending mark, the typed value, the tool pressed) and sent in order with the others
  // that waited (spec.cmds), so none is lost and the last tap waits for one answer at most.
  const queue = [];
  let inflight = false;
  let roving = null; // the board field that holds the board's one Tab stop
  const status = island.querySelector(".kikoto-status");

  const rove = () => {
    const fields = [...out.querySelectorAll("[data-tap]")];
    const current = fields.find((f) => f.dataset.tap === roving)
      || fields.find((f) => f.getAttribute("aria-pressed") === "true") || fields[0];
    for (const f of fields) f.setAttribute("tabindex", f === current ? "0" : "-1");
    // the palette is a toolbar: one Tab stop (the piece in hand), the arrows between its pieces
    // (a disabled one cannot take the focus, so it is never the stop)
    for (const bar of out.querySelectorAll("[role=toolbar]")) {
      const buttons = [...bar.querySelectorAll("button:not(:disabled)")];
      const held = buttons.find((b) => b === document.activeElement) || buttons.find((b) => b.getAttribute("aria-pressed") === "true") || buttons[0];
      for (const b of buttons) b.setAttribute("tabindex", b === held ? "0" : "-1");
    }
  };
  // What waits is shown on the page as it is now (an answer redraws it from the engine's side).
  const showPending = () => {
    for (const el of out.querySelectorAll("[data-pending]")) el.removeAttribute("data-pending");
    for (const cmd of queue) {
      if (cmd.op === "tap") out.querySelector(`[data-tap="${CSS.escape(cmd.field)}"]`)?.setAttribute("data-pending", "");
      else if (cmd.op === "tool" || cmd.op === "mode") {
        const button = cmd._key && out.querySelector(`button[data-key="${CSS.escape(cmd._key)}"]`);
        if (!button) continue;
        const pressed = cmd.op === "mode" || button.getAttribute("aria-pressed") !== "true";
        for (const other of button.parentNode.querySelectorAll("[aria-pressed]")) other.setAttribute("aria-pressed", "false");
        button.setAttribute("aria-pressed", String(pressed));
        button.setAttribute("data-pending", "");
      } else if (cmd.op === "set") {
        const box = out.querySelector(`[data-path="${CSS.escape(JSON.stringify(cmd.path))}"]`);
        if (box && document.activeElement !== box) box.value = cmd._raw;
        box?.setAttribute("data-pending", "");
      }
    }
    placeStatus();
  };
  // The status line stands in the editor's sticky bar (with the modes), where the reader looks, and
  // holds two lines whatever it says (kikoto.css): were it to grow or leave as the engine arrives or
  // an edit waits, the board under the reader's finger would move and the tap land on another field.
  const placeStatus = () => {
    if (!status) return;
    const bar = out.querySelector(".kikoto-ed-modes");
    if (bar && status.parentNode !== bar) bar.append(status);
    let kept = island.querySelector(".kikoto-ed-kept");
    if (queue.length && engine.state !== "ready") {
      if (!kept) {
        kept = document.createElement("span");
        kept.className = "kikoto-ed-kept";
        kept.textContent = " " + (editorWords(out).kept || "");
      }
      if (kept.parentNode !== status) status.append(kept);
    } else kept?.remove();
  };

  const flush = async () => {
    if (inflight || !queue.length) return;
    inflight = true;
    let sent = [];
    try {
      await startWorker();
      sent = queue.splice(0);
      spec.cmds = sent.map(({ _raw, _key, ...cmd }) => cmd);
      if (!(await update())) queue.unshift(...sent); // the engine failed: kept for the retry
    } catch {
      return; // the engine could not start: the status line says so, the edits stay queued
    } finally {
      inflight = false;
      delete spec.cmds;
    }
    showPending();
    if (queue.length) flush();
    else {
      // on a phone the answer may be a tall board away from the tap: bring it into view
      const asked = sent.some((cmd) => cmd.op === "ask" || cmd.op === "tap");
      const answer = asked && out.querySelector(".kikoto-ed-answer");
      if (answer) answer.scrollIntoView({ block: "nearest" });
    }
  };
  // (`raw`: the value as typed; `key`: the control's data-key, to show it waiting)
  const send = (cmd, raw, key) => {
    queue.push({ ...cmd, _raw: raw, _key: key });
    showPending();
    flush();
  };
  island.addEventListener("kikoto-engine", () => {
    placeStatus();
    if (engine.state === "ready") flush(); // after a retry
  });
  island.addEventListener("kikoto-answered", () => {
    rove();
    showPending();
  });

  const tap = (target) => {
    const field = target.closest("[data-tap]");
    if (!field) return false;
    roving = field.dataset.tap;
    send({ op: "tap", field: field.dataset.tap });
    return true;
  };
  out.addEventListener("click", (event) => {
    const el = event.target.closest("[data-cmd], [data-json-apply], [data-share-link]");
    if (el && el.dataset.cmd) {
      if (!el.disabled) send(JSON.parse(el.dataset.cmd), undefined, el.dataset.key);
    } else if (el && el.dataset.jsonApply !== undefined) send({ op: "json", text: out.querySelector("[data-json-text]").value });
    else if (el && el.dataset.shareLink !== undefined) {
      event.preventDefault();
      history.replaceState(null, "", "#ask=" + editorLink(spec));
      const words = editorWords(out);
      const note = el.parentNode.querySelector(".kikoto-ed-copied");
      const say = (text) => {
        if (!note) return;
        note.textContent = text || "";
        clearTimeout(note.timer);
        note.timer = setTimeout(() => { note.textContent = ""; }, 8000);
      };
      if (navigator.clipboard) navigator.clipboard.writeText(location.href).then(() => say(words.copied), () => say(words["copy-failed"]));
      else say(words["copy-failed"]);
    } else if (!el) tap(event.target);
  });
  // By keyboard the modes are never far: Esc anywhere in the editor, or the theme's "Skip to content"
  // link (the page's first Tab stop), goes to the mode in use.
  const toModes = () => out.querySelector(".kikoto-ed-modes [aria-pressed='true']")?.focus();
  document.querySelector(".md-skip")?.addEventListener("click", (event) => {
    event.preventDefault();
    toModes();
  });
  out.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !event.target.matches("select")) {
      toModes();
      return;
    }
    const bar = event.target.closest("[role=toolbar]");
    if (bar && /^(Arrow(Left|Right|Up|Down)|Home|End)$/.test(event.key)) {
      const buttons = [...bar.querySelectorAll("button:not(:disabled)")];
      const i = buttons.indexOf(event.target.closest("button"));
      const n = buttons.length;
      const j = { Home: 0, End: n - 1, ArrowLeft: i - 1, ArrowUp: i - 1 }[event.key] ?? i + 1;
      const next = buttons[(j + n) % n];
      event.preventDefault();
      for (const b of buttons) b.setAttribute("tabindex", b === next ? "0" : "-1");
      next.focus();
      return;
    }
    const field = event.target.closest && event.target.closest("[data-tap]");
    if (!field) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      typed = "";
      tap(field);
    } else if (event.key.startsWith("Arrow") || (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey)) {
      const fields = [...out.querySelectorAll("[data-tap]")];
      let next;
      if (event.key.startsWith("Arrow")) next = nextField(fields, field, event.key);
      else {
        const now = performance.now();
        typed = now - typedAt < 800 ? typed + event.key.toLowerCase() : event.key.toLowerCase();
        typedAt = now;
        next = fieldNamed(fields, typed.length > 1 ? fields[fields.indexOf(field) - 1] || field : field, typed);
        if (!next && typed.length > 1) next = fieldNamed(fields, field, (typed = event.key.toLowerCase())); // a new name
      }
      event.preventDefault(); // the page does not scroll under the board
      event.stopPropagation(); // nor does the theme take a letter for its shortcuts (next page, search)
      if (!next) return;
      roving = next.dataset.tap;
      rove();
      next.focus();
    }
  });
  let typed = "";
  let typedAt = -Infinity;
  out.addEventListener("focusin", (event) => {
    const field = event.target.closest && event.target.closest("[data-tap]");
    if (field && field.dataset.tap !== roving) {
      roving = field.dataset.tap;
      rove();
    }
  });
  out.addEventListener("change", (event) => {
    const el = event.target;
    if (el.dataset.path) {
      const value = el.dataset.json !== undefined ? JSON.parse(el.value)
        : el.type === "number" ? (el.value === "" ? null : Number(el.value)) : el.value;
      send({ op: "set", path: JSON.parse(el.dataset.path), value }, el.value);
    } else if (el.dataset.players !== undefined) send({ op: "players", players: Number(el.value) });
    else if (el.dataset.menu !== undefined) send({ op: "menu", type: el.value || null });
  });
  out.addEventListener("input", (event) => {
    if (event.target.dataset.question === undefined) return;
    spec.question = event.target.value;
    if (spec.link === undefined && spec.draft !== undefined) history.replaceState(null, "", "#ask=" + editorLink(spec));
  });
  out.addEventListener("submit", (event) => {
    const form = event.target.closest("[data-ask-form]");
    if (!form) return;
    event.preventDefault();
    const action = {};
    try {
      for (const el of form.elements) {
        if (!el.name || (el.value === "" && el.type !== "checkbox")) continue;
        if (el.type === "checkbox") action[el.name] = el.checked;
        else if (el.dataset.type === "json") action[el.name] = JSON.parse(el.value);
        else if (el.dataset.type === "int") action[el.name] = Number(el.value);
        else action[el.name] = el.value;
      }
    } catch (err) {
      setStatus(island, String(err), false);
      return;
    }
    send({ op: "ask", action });
  });
  out.addEventListener("click", (event) => {
    const link = event.target.closest("[data-sandbox-link]");
    if (link && !link.getAttribute("href").includes("#play=")) {
      link.href = link.href.split("#")[0] + "#play=" + encodeShare({ state: spec.draft });
    }
    const save = event.target.closest("[data-save-case]");
    if (save) save.href = "data:application/json;charset=utf-8," + encodeURIComponent(saveCase(spec));
  }, true);
  rove();
  placeStatus();
  if (location.hash.startsWith("#ask=")) {
    const text = location.hash.slice(5);
    // Until the engine has opened it, the shared position stands in for the page's own: the page's
    // position is not shown meanwhile.
    opening(island, out, editorWords(out).opening);
    try {
      // Python reads the link (engine/core/formats.py) once its answers carry one; before, the page
      // decodes the old links itself.
      if (spec.link !== undefined) spec.link = text;
      else Object.assign(spec, decodeShare(text));
      update();
    } catch (err) {
      opened(island);
      setStatus(island, String(err), false);
    }
  }
}

// The control the reader was on, after an answer redrew it: by what names it (its key, its field,
// its command), else by its place among the editor's controls of its kind.
function sameControl(out, el, place) {
  const name = ["data-key", "data-tap", "data-cmd", "data-path"].find((n) => el.hasAttribute(n));
  if (name) return out.querySelector(`[${name}="${CSS.escape(el.getAttribute(name))}"]`);
  return out.querySelectorAll(el.tagName)[place] || null;
}

// A shared link's position is opening: the page's own stays hidden (its place kept) until the answer.
function opening(island, out, text) {
  island.dataset.opening = "";
  const note = document.createElement("p");
  note.className = "kikoto-opening";
  note.setAttribute("role", "status");
  note.textContent = text || "";
  out.before(note);
}

function opened(island) {
  delete island.dataset.opening;
  island.querySelector(".kikoto-opening")?.remove();
}

function showFault(island, ctx, err, retry) {
  island.dataset.live = "failed";
  island.dataset.fault = err.kind;
  const text = ctx.ui[err.kind] || ctx.ui.failed;
  setStatus(island, text.replace("{detail}", err.message), false);
  if (err.kind === "unsupported" || !ctx.ui.retry) return; // no WebAssembly: a retry cannot help
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-button kikoto-retry";
  button.textContent = ctx.ui.retry;
  button.addEventListener("click", retry);
  island.querySelector(".kikoto-status").append(" ", button);
}

// Warm start: the engine starts when an island comes near the screen (or on hover, focus or
// the first edit), so it is usually ready by the time the reader clicks. A page without
// islands starts nothing.
let observer = null;

// An editor's answer is the whole editor again, except that a part the page already holds, the same to
// the byte, comes as a placeholder (widgets/render/editor.py, `SAME`): the page keeps its own, so it
// does not parse and lay out again what did not change (a deck's hundreds of card choices, the
// counters). Returns false when a placeholder has nothing to stand for (then ask again in full).
function patchEditor(out, html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  const fresh = template.content.firstElementChild;
  const old = out.firstElementChild;
  if (!fresh?.querySelector(":scope > [data-same]")) {
    out.replaceChildren(template.content);
    return true;
  }
  if (!old || fresh.className !== old.className || fresh.childElementCount !== old.childElementCount) return false;
  for (const name of old.getAttributeNames()) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const name of fresh.getAttributeNames()) old.setAttribute(name, fresh.getAttribute(name));
  [...fresh.children].forEach((part, i) => {
    if (!part.hasAttribute("data-same")) old.children[i].replaceWith(part);
  });
  return true;
}

function init() {
  const islands = document.querySelectorAll(".kikoto[data-spec]");
  islands.forEach(wire);
  if (observer) observer.disconnect();
  if (!islands.length || engine.ready || !("IntersectionObserver" in window)) return;
  observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    startWorker();
  }, { rootMargin: "200px 0px" });
  islands.forEach((island) => observer.observe(island));
}

// Switching language keeps the position and the question: the theme's language links take the
// address's shared position (#ask=, #play=) to the other language's page.
function carryPosition(event) {
  const link = event.target.closest && event.target.closest("a[hreflang]");
  if (!link || !/^#(ask|play)=/.test(location.hash)) return;
  link.href = link.href.split("#")[0] + location.hash;
}
["pointerdown", "focusin", "click", "auxclick"].forEach((type) => addEventListener(type, carryPosition, true));

// After the page has loaded (a module runs before "load"): starting the service worker's thread
// while the page is still being laid out takes CPU from it.
addEventListener("load", registerServiceWorker, { once: true });

init();
// Taps on an editor's fields and buttons made before this module ran (overrides/main.html keeps
// them, as a slow phone shows the page well before its scripts come): carried out now, in order.
for (const target of (window.__kikotoEarly || []).splice(0)) {
  if (target.isConnected) target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
}

// -- the theme's script, at the reader's first move -------------------------------------
// The build holds Material's script back (widgets/build/theme.py, hold_theme_script): run at load it
// blocks a phone's main thread on a long rules page, and what it adds (search,
// the contents' tracking, back to top, the header's title) waits for the reader to move anyway.
// The page reads, scrolls and opens its menu and search box without it (the theme's no-script
// forms). A search link (?q=, ?h=) loads it at once. It mounts on the DOMContentLoaded it
// listens for, which has passed, so it is sent again; a first key is sent again once it listens.
const FIRST_MOVES = ["pointerdown", "pointermove", "touchstart", "wheel", "scroll", "keydown", "focusin"];

function loadTheme(event) {
  FIRST_MOVES.forEach((type) => removeEventListener(type, loadTheme, true));
  if (!heldTheme.isConnected) return;
  heldTheme.remove();
  const script = document.createElement("script");
  script.src = heldTheme.src;
  // Mounting in a task of its own halves the longest task the reader's move brings.
  script.onload = () => setTimeout(() => {
    // The theme fetches sitemap.xml under every <link rel="alternate"> to map the language switch
    // to the same page; ours point at that page already (mkdocs-static-i18n), so the theme's look-up
    // could only 404. It reads the links once, as it mounts: they are out of the document for that.
    const alternates = [...document.querySelectorAll("link[rel=alternate][hreflang]")];
    const mark = document.createComment("");
    alternates[0]?.before(mark);
    alternates.forEach((link) => link.remove());
    document.dispatchEvent(new Event("DOMContentLoaded"));
    mark.replaceWith(...alternates);
    // A tap on the search button opened the search box (a checkbox) before the script came:
    // focus the query, as the theme does on that tap.
    if (document.getElementById("__search")?.checked) document.querySelector(".md-search__input")?.focus();
    if (event && event.type === "keydown" && event.target.isConnected) {
      const { key, code, altKey, ctrlKey, metaKey, shiftKey } = event;
      event.target.dispatchEvent(new KeyboardEvent("keydown", { key, code, altKey, ctrlKey, metaKey, shiftKey, bubbles: true, cancelable: true }));
    }
  });
  document.body.append(script);
}

if (heldTheme) {
  if (/[?&][qh]=/.test(location.search)) loadTheme();
  else FIRST_MOVES.forEach((type) => addEventListener(type, loadTheme, { capture: true, passive: true }));
}
