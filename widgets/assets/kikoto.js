// Live islands: the static answer is already in the page; on first interaction one
// module worker per page starts Pyodide and from then on answers from the real engine.
// This file only forwards inputs and swaps in HTML rendered by Python: no rule lives here.
// It is the entry: each job is a module beside it (engine, wire, editor, share, status, offline,
// theme; fields and protocol hold the pure parts that Node's tests check, tests/js/). The site
// serves them bundled into this one file (widgets/build/runtime.py, bundle_page_script).
import { engine, engineBusy, startWorker } from "./engine.mjs";
import { keepWhenInstalled, registerServiceWorker } from "./offline.mjs";
import { carryPosition } from "./share.mjs";
import { holdTheme } from "./theme.mjs";
import { replay, wire } from "./wire.mjs";

export { ask } from "./engine.mjs";

// Warm start: the engine starts when an island comes near the screen (or on hover, focus or
// the first edit), so it is usually ready by the time the reader clicks. A page without
// islands starts nothing.
let observer = null;

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

// On the home screen the site is an app: once installed, the service worker keeps every page.
keepWhenInstalled();

// Switching language keeps the position and the question (share.mjs, carryPosition).
["pointerdown", "focusin", "click", "auxclick"].forEach((type) => addEventListener(type, carryPosition, true));

// After the page has loaded (a module runs before "load"): starting the service worker's thread
// while the page is still being laid out takes CPU from it.
addEventListener("load", () => registerServiceWorker(engineBusy), { once: true });

init();
// What the reader did before this module ran, carried out now, in order (wire.mjs, replay).
replay((window.__kikotoEarly || []).splice(0));

// The theme's script waits for the reader's first move, and on a returning reader's page for the engine
// to be ready and the reader to pause (no question in the last second): mounted as the first answers
// came, it held them up (theme.mjs).
holdTheme(() => engine.startedBy === "head" && (engine.state === "loading" || performance.now() - engine.askedAt < 1000));
