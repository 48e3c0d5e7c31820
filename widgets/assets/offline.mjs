// Offline: the service worker at the site root keeps what the pages and the engine use.
import { heldTheme } from "./theme.mjs";

const root = new URL("../../", import.meta.url); // the site root: the service worker's scope covers every language

export function keepForOffline(runtime, all = installed(), snapshot = false) {
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
export const installed = () => matchMedia("(display-mode: standalone)").matches;

export function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname }).then(
    () => keepForOffline(false),
    () => {}, // no service worker (private mode, file://): the site works, just not offline
  );
}

export function keepWhenInstalled() {
  addEventListener("appinstalled", () => keepForOffline(true, true));
}
