// Live islands: the static answer is already in the page; on first interaction one
// module worker per page starts Pyodide and from then on answers from the real engine.
// This file only forwards inputs and swaps in HTML rendered by Python: no rule lives here.

const base = new URL("./", import.meta.url);
let worker = null;
let ready = null;
let seq = 0;
const pending = new Map();

function startWorker() {
  if (!ready) {
    ready = new Promise((resolve, reject) => {
      if (typeof WebAssembly !== "object") {
        reject(new Error("WebAssembly is not available"));
        return;
      }
      try {
        worker = new Worker(new URL("worker.mjs", base), { type: "module" });
      } catch (err) {
        reject(err);
        return;
      }
      worker.onmessage = (event) => {
        const msg = event.data;
        if (msg.type === "ready") resolve(msg);
        else if (msg.type === "failed") reject(new Error(msg.detail));
        else if (pending.has(msg.id)) {
          pending.get(msg.id)(msg);
          pending.delete(msg.id);
        }
      };
      worker.onerror = (event) => reject(new Error(event.message || "worker error"));
    });
  }
  return ready;
}

export function ask(request) {
  return startWorker().then(
    () =>
      new Promise((resolve) => {
        const id = ++seq;
        pending.set(id, resolve);
        worker.postMessage({ id, request: JSON.stringify(request) });
      }),
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

// A sandbox's position lives in the URL, so it can be shared as a link.
function encodeShare(spec) {
  const bytes = new TextEncoder().encode(JSON.stringify({ input: spec.input, moves: spec.moves }));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeShare(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

function wire(island) {
  if (island.dataset.wired) return;
  island.dataset.wired = "1";
  island.classList.add("js");
  let spec = JSON.parse(island.dataset.spec);
  const ctx = JSON.parse(island.dataset.ctx);
  const out = island.querySelector(".kikoto-output");
  const form = island.querySelector("form.kikoto-input");
  let latest = 0;

  const wake = () => {
    if (island.dataset.live) return;
    island.dataset.live = "loading";
    setStatus(island, ctx.ui.loading, true);
    startWorker().then(
      (msg) => {
        island.dataset.live = "ready";
        island.dataset.runtime = msg.runtime;
        setStatus(island, ctx.ui.ready, false);
      },
      (err) => {
        island.dataset.live = "failed";
        setStatus(island, ctx.ui.failed.replace("{detail}", err.message), false);
      },
    );
  };

  const update = async () => {
    wake();
    const mine = ++latest;
    const request = { op: "render", spec, ctx };
    let answer;
    try {
      answer = await ask(request);
    } catch {
      return; // the status line already says the engine could not start; the static answer stays
    }
    if (mine !== latest) return; // a newer edit is on its way
    island.dataset.runtime = answer.runtime;
    if (answer.html !== undefined) {
      out.innerHTML = answer.html;
      // The engine reports every move played so far (random seats included): keep them.
      const play = out.querySelector(".kikoto-play[data-played]");
      if (play) spec.moves = JSON.parse(play.dataset.played);
      if (spec.sandbox) history.replaceState(null, "", "#play=" + encodeShare(spec));
    } else setStatus(island, answer.error.message[ctx.lang], false);
    island.dataset.answers = String(Number(island.dataset.answers || 0) + 1);
  };

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
  out.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || button.disabled) return;
    const d = button.dataset;
    if (d.move) spec.moves = [...(spec.moves || []), JSON.parse(d.move)];
    else if (d.step !== undefined) spec.step = Number(d.step);
    else if (d.undo !== undefined) spec.moves = (spec.moves || []).slice(0, Number(d.undoTo));
    else if (d.reset !== undefined) spec.moves = [];
    else return;
    update();
  });
  if (spec.sandbox && location.hash.startsWith("#play=")) {
    try {
      const shared = decodeShare(location.hash.slice(6));
      spec = { ...spec, input: shared.input, moves: shared.moves || [] };
      update();
    } catch (err) {
      setStatus(island, String(err), false);
    }
  }
}

function init() {
  document.querySelectorAll(".kikoto[data-spec]").forEach(wire);
}

// Material's instant navigation swaps pages without reloading scripts.
if (window.document$) window.document$.subscribe(init);
else init();
