// The island's status line: the engine's loading, readiness or fault (with a retry), and the note
// that a shared position is opening.
import { engine } from "./engine.mjs";

export function setStatus(island, text, busy) {
  const status = island.querySelector(".kikoto-status");
  status.textContent = text;
  if (busy) status.prepend(document.createElement("progress"));
}

// While the runtime loads: how much of what comes over the network has come (the worker counts every
// byte against the sizes it expects), and how long the rest takes at the rate the bytes come
// (the worker's `left`). Numbers and units only, so in any language. What a cache holds costs no wait.
// Once all the bytes are in, the bar runs without a measure while Python starts.
export function loadingStatus(island, ctx) {
  const p = engine.progress;
  setStatus(island, ctx.ui.loading, true);
  if (!p || !p.total || p.done >= p.total) return; // (all in: Python starts, the bar says it works)
  const bar = island.querySelector(".kikoto-status progress");
  bar.max = p.total;
  bar.value = Math.min(p.done, p.total);
  const number = (n) => n.toLocaleString(ctx.lang, { maximumFractionDigits: 0 });
  // (a number and its unit never apart: a no-break space between them)
  let text = ` ${number(Math.floor(Math.min(1, p.done / p.total) * 100))}\u00a0%`;
  if (p.left >= 2000) text += ` · ~${number(Math.ceil(p.left / 1000))}\u00a0s`;
  island.querySelector(".kikoto-status").append(text);
}

// A shared link's position is opening: the page's own stays hidden (its place kept) until the answer.
export function opening(island, out, text) {
  island.dataset.opening = "";
  const note = document.createElement("p");
  note.className = "kikoto-opening";
  note.setAttribute("role", "status");
  note.textContent = text || "";
  out.before(note);
}

export function opened(island) {
  delete island.dataset.opening;
  island.querySelector(".kikoto-opening")?.remove();
}

export function showFault(island, ctx, err, retry) {
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
