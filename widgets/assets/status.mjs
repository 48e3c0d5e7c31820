// The island's status line: the engine's loading, readiness or fault (with a retry), and the note
// that a shared position is opening.
import { engine } from "./engine.mjs";

export function setStatus(island, text, busy) {
  const status = island.querySelector(".kikoto-status");
  status.textContent = text;
  if (busy) status.prepend(document.createElement("progress"));
}

// While the runtime loads: how much of it has come (the worker counts every byte), and on a slow
// link how long the rest should take at the rate so far. Numbers and units only, so in any language.
export function loadingStatus(island, ctx) {
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
