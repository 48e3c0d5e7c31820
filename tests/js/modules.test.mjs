// The page script's layout: small modules by job, each reached from the entry (kikoto.js), and the
// pure ones loadable without a browser (the tests here import them under Node).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ASSETS } from "./helpers.mjs";

const scripts = readdirSync(ASSETS).filter((n) => /\.m?js$/.test(n));
const imports = (name) => [...readFileSync(join(ASSETS, name), "utf-8").matchAll(/^(?:import|export) .* from "\.\/([\w.]+)";$/gm)].map((m) => m[1]);

test("no script of the page is over 400 lines", () => {
  for (const name of scripts) {
    const lines = readFileSync(join(ASSETS, name), "utf-8").split("\n").length;
    assert.ok(lines <= 400, `${name}: ${lines} lines`);
  }
});

test("every page module is reached from kikoto.js, and the imports form no circle", () => {
  const reached = new Set();
  const walk = (name, path) => {
    assert.ok(!path.includes(name), `import circle: ${[...path, name].join(" -> ")}`);
    reached.add(name);
    for (const next of imports(name)) walk(next, [...path, name]);
  };
  walk("kikoto.js", []);
  const modules = scripts.filter((n) => n.endsWith(".mjs") && n !== "worker.mjs");
  assert.deepEqual(modules.filter((n) => !reached.has(n)), []);
  assert.ok(reached.size >= 8, [...reached].join(" "));
});

test("the pure modules load under Node: they touch no page at import", async () => {
  for (const name of ["early.mjs", "fields.mjs", "protocol.mjs", "share.mjs"]) {
    assert.deepEqual(imports(name), [], `${name} imports nothing`);
    const module = await import(join(ASSETS, name));
    assert.ok(Object.keys(module).length > 0, name);
  }
});
