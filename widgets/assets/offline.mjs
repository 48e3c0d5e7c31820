// Offline: the service worker at the site root keeps what the pages and the engine use, and, once
// the page is idle, every page of the site (it is small), so any page opens offline after a first visit.
import { heldTheme } from "./theme.mjs";

const root = new URL("../../", import.meta.url); // the site root: the service worker's scope covers every language

// Asks the service worker to keep this page and what it used; `runtime`: the engine's files too;
// `all`: every page and the runtime (an installed app); `snapshot`: the engine's fast start (its memory
// snapshot); `site`: every page and what pages use. Resolves to true once the service worker has kept
// them, false when there is none.
export function keepForOffline(runtime, all = installed(), snapshot = false, site = false) {
  if (!("serviceWorker" in navigator)) return Promise.resolve(false);
  return navigator.serviceWorker.getRegistration(root.href).then((reg) => {
    if (!reg) return false;
    return navigator.serviceWorker.ready.then((ready) => new Promise((done) => {
      const here = location.href.split("#")[0];
      const used = performance.getEntriesByType("resource").map((e) => e.name.split("#")[0])
        .concat(heldTheme ? [heldTheme.src] : []) // kept even if the reader never moved
        .filter((u) => u.startsWith(root.origin + "/"));
      const reply = new MessageChannel();
      reply.port1.onmessage = () => done(true);
      ready.active.postMessage({ type: "keep", urls: [here, ...new Set(used)], runtime, all, snapshot, site }, [reply.port2]);
    }));
  }, () => false);
}

// On the home screen the site is an app, opened offline as often as not: the service worker then
// keeps every page and the runtime, not just what this visit used.
export const installed = () => matchMedia("(display-mode: standalone)").matches;

// `busy()`: whether the page's engine is still starting or fetching (the site's pages wait for it).
export function registerServiceWorker(busy) {
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname }).then(
    () => {
      keepForOffline(false);
      keepSiteWhenIdle(busy);
    },
    () => {}, // no service worker (private mode, file://): the site works, just not offline
  );
}

// Every page, once the page has been idle a moment, unless the reader asked to save data.
export const site = { kept: null }; // null, "waiting", "done", "skipped"
const IDLE_MS = 2000;

function keepSiteWhenIdle(busy) {
  if (navigator.connection && navigator.connection.saveData) {
    site.kept = "skipped";
    return;
  }
  site.kept = "waiting";
  let quiet = 0;
  const tick = setInterval(() => {
    quiet = busy() ? 0 : quiet + 500;
    if (quiet < IDLE_MS) return;
    clearInterval(tick);
    keepForOffline(false, installed(), false, true).then((kept) => {
      site.kept = kept ? "done" : null;
    });
  }, 500);
}

export function keepWhenInstalled() {
  addEventListener("appinstalled", () => keepForOffline(true, true));
}
