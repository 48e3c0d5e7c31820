// The page's one engine: Pyodide from the site's own copy of the npm package, plus
// the engine wheel built from this repository. Module worker (classic workers cannot import pyodide.mjs).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const base = new URL("./", import.meta.url);

async function boot() {
  const t0 = performance.now();
  const build = await (await fetch(new URL("build.json", base))).json();
  const [pyodide, wheel] = await Promise.all([
    loadPyodide({ indexURL: new URL("pyodide/", base).href }),
    fetch(new URL(`${build.wheel}?v=${build.hash}`, base)).then((r) => {
      if (!r.ok) throw new Error(`${build.wheel}: HTTP ${r.status}`);
      return r.arrayBuffer();
    }),
  ]);
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  const live = pyodide.pyimport("widgets.live");
  return { handle: live.handle, runtime: live.RUNTIME, ms: performance.now() - t0 };
}

const booted = boot();
booted.then(
  (b) => postMessage({ type: "ready", runtime: b.runtime, ms: b.ms }),
  (err) => postMessage({ type: "failed", detail: String(err && err.message ? err.message : err) }),
);

onmessage = async (event) => {
  const { id, request } = event.data;
  let answer;
  try {
    const b = await booted;
    answer = JSON.parse(b.handle(request));
  } catch (err) {
    answer = { error: { code: "internal", message: { hu: `Belső hiba: ${err}`, en: `Internal error: ${err}` } } };
  }
  postMessage({ id, ...answer });
};
