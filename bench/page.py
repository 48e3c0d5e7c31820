"""What the benchmarks open on the site (bench/__main__.py and bench/network.py share it): the page and
widget of the timed live edit, and the yardstick script."""

from __future__ import annotations

from engine import game_ids
from widgets.render.renderer import renderer

GAMES = tuple(game_ids())
# the Ask page the bench opens: the first game with an editor
ASK_GAME = next(g for g in game_ids() if renderer(g).editor)
# The live edit timed: the first game whose renderer names one (Renderer.bench_edit).
BENCH_GAME, BENCH_EDIT = next((g, renderer(g).bench_edit) for g in GAMES if renderer(g).bench_edit)
PAGE = f"en/{BENCH_GAME}/{BENCH_EDIT['page']}/"
PURPLE = f".kikoto[data-spec*='{BENCH_EDIT['example']}']"
ISLAND = f'document.querySelector("{PURPLE}")'
FIELD = BENCH_EDIT["field"]


# The yardstick: Pyodide's own start plus the engine's import, in a bare module worker.
BARE = """async (base) => {
  const dir = `${base}assets/kikoto/`;
  const src = `import { loadPyodide } from "${dir}pyodide/pyodide.mjs";
    const t = performance.now();
    const build = await (await fetch("${dir}build.json")).json();
    const [py, wheel] = await Promise.all([loadPyodide({ indexURL: "${dir}pyodide/" }),
      fetch("${dir}" + build.wheel).then((r) => r.arrayBuffer())]);
    py.unpackArchive(wheel, "wheel", { extractDir: py.runPython("import sysconfig; sysconfig.get_paths()['purelib']") });
    py.runPython("import widgets.live");
    postMessage(performance.now() - t);`;
  const w = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })), { type: "module" });
  return await new Promise((ok, bad) => { w.onmessage = (e) => ok(e.data); w.onerror = (e) => bad(e.message); });
}"""
