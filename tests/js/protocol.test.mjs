// The protocol from the page's side: the requests the page's modules build (protocol.mjs) validate
// against the same schemas (widgets/protocol/) that Python's answers and islands are checked against
// (tests/widgets/test_protocol.py), and the page's script uses no spec key the schema lacks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import Ajv2020Module from "ajv/dist/2020.js";
import { envelope, errorText, internalError, renderRequest, warmRequest } from "../../widgets/assets/protocol.mjs";
import { ASSETS, PROTOCOL, docsFiles } from "./helpers.mjs";

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const schemas = Object.fromEntries(["spec", "request", "answer"].map((name) =>
  [name, JSON.parse(readFileSync(join(PROTOCOL, `${name}.schema.json`), "utf-8"))]));
const ajv = new Ajv2020({ allErrors: true, schemas: Object.values(schemas) });
const validator = (ref) => ajv.getSchema(ref);
const check = (ref, value) => {
  const validate = validator(ref);
  assert.ok(validate(value), `${ref}: ${ajv.errorsText(validate.errors)}`);
};
const fails = (ref, value) => assert.equal(validator(ref)(value), false, JSON.stringify(value).slice(0, 200));

const UI_KEYS = ["loading", "ready", "failed", "crashed", "timeout", "retry", "unsupported", "internal"];
const CTX = { lang: "hu", rules_url: "../rules/", ui: Object.fromEntries(UI_KEYS.map((k) => [k, `${k} ({detail})`])) };

test("the schemas compile", () => {
  for (const name of Object.keys(schemas)) assert.equal(typeof validator(`urn:kikoto:protocol:${name}`), "function");
});

test("every example's render and warm-up request, and its envelope, validate", () => {
  const examples = docsFiles("examples");
  assert.ok(examples.length > 0);
  for (const [, , spec] of examples) {
    check("urn:kikoto:protocol:request", renderRequest(spec, CTX));
    check("urn:kikoto:protocol:request", renderRequest(spec, CTX, true));
    check("urn:kikoto:protocol:request", warmRequest(spec, CTX, 3));
    check("urn:kikoto:protocol:request#/$defs/envelope", envelope(7, renderRequest(spec, CTX)));
  }
});

test("every case's island, as the page sends it with the reader's readings, validates", () => {
  const cases = docsFiles("cases");
  assert.ok(cases.length > 0);
  for (const [, name, found] of cases) {
    const spec = { widget: "case", case: found, game: found.game, input: { options: { ...found.options } } };
    const ctx = { ...CTX, ask_url: "../ask/", sandbox_url: "../sandbox/", file_url: name };
    check("urn:kikoto:protocol:request", renderRequest(spec, ctx));
  }
});

test("an editor's queued commands, as the page sends them, validate", () => {
  const spec = { widget: "editor", game: "g", draft: {}, mode: "edit", tool: null, asked: null, menu: null, question: null,
    parts: ["ab12"], link: "3.x", cmds: [{ op: "tap", field: "f1" }, { op: "set", path: ["a", 0], value: 2 }, { op: "ask", action: {} }] };
  check("urn:kikoto:protocol:request", renderRequest(spec, CTX));
});

test("what the protocol does not name fails: a new spec key, a new ctx key, a bad op or count", () => {
  const spec = { widget: "steps", game: "g" };
  fails("urn:kikoto:protocol:request", renderRequest({ ...spec, colour: "red" }, CTX));
  fails("urn:kikoto:protocol:request", renderRequest(spec, { ...CTX, theme: "dark" }));
  fails("urn:kikoto:protocol:request", renderRequest(spec, { ...CTX, ui: { ...CTX.ui, hello: "x" } }));
  fails("urn:kikoto:protocol:request", { op: "draw", spec, ctx: CTX });
  fails("urn:kikoto:protocol:request", warmRequest(spec, CTX, 0));
  fails("urn:kikoto:protocol:request", renderRequest({ ...spec, cmds: [{ op: "paint" }] }, CTX));
  fails("urn:kikoto:protocol:request", renderRequest({ game: "g" }, CTX));
  fails("urn:kikoto:protocol:request#/$defs/envelope", { id: 1, request: {} });
});

test("the worker's own fault is an answer the schema knows, worded by the page in the reader's language", () => {
  const answer = { id: 3, ...internalError(new Error("boom")) };
  check("urn:kikoto:protocol:answer", answer);
  check("urn:kikoto:protocol:answer#/$defs/message", answer);
  assert.equal(errorText(answer, CTX), "internal (Error: boom)");
  const engine = { error: { code: "bad-json", field: "request", message: { hu: "Rossz JSON", en: "Bad JSON" } }, runtime: "emscripten 3.14" };
  check("urn:kikoto:protocol:answer", engine);
  assert.equal(errorText(engine, { ...CTX, lang: "en" }), "Bad JSON");
  fails("urn:kikoto:protocol:answer", { html: "<p></p>" });
  fails("urn:kikoto:protocol:answer", { html: "<p></p>", runtime: "x", warmed: 1 });
  fails("urn:kikoto:protocol:answer#/$defs/message", { type: "ready", ms: 1 });
  check("urn:kikoto:protocol:answer#/$defs/message", { type: "ready", runtime: "x", ms: 1, from: "snapshot", choice: "cached" });
  check("urn:kikoto:protocol:answer#/$defs/message", { type: "ready", runtime: "x", ms: 1, from: "start", choice: "plain", rate: 1250.5 });
  fails("urn:kikoto:protocol:answer#/$defs/message", { type: "ready", runtime: "x", ms: 1, from: "start", choice: "plain", rate: "fast" });
  check("urn:kikoto:protocol:answer#/$defs/message", { type: "progress", done: 1, total: 2, ms: 3 });
  check("urn:kikoto:protocol:answer#/$defs/message", { type: "progress", done: 1, total: 2, ms: 3, left: 1500 });
  check("urn:kikoto:protocol:answer#/$defs/message", { type: "progress", done: 0, total: 0, ms: 3, left: null });
  fails("urn:kikoto:protocol:answer#/$defs/message", { type: "progress", done: 1, total: 2, ms: 3, left: "soon" });
});

// The page's script, read as text: every key it reads or writes on a spec, every editor command it sends.
const sources = readdirSync(ASSETS).filter((n) => /\.(m?js)$/.test(n)).map((n) => readFileSync(join(ASSETS, n), "utf-8"));

test("every spec key the page's script uses is in the spec schema", () => {
  const used = new Set();
  for (const text of sources) for (const m of text.matchAll(/\bspec\.([A-Za-z_]+)/g)) used.add(m[1]);
  assert.ok(used.has("moves") && used.has("cmds"), [...used].join(" "));
  const known = Object.keys(schemas.spec.properties);
  assert.deepEqual([...used].filter((key) => !known.includes(key)), []);
});

test("every editor command the page sends is one the schema names", () => {
  const ops = new Set();
  for (const text of sources) for (const m of text.matchAll(/\{ op: "([a-z-]+)"/g)) ops.add(m[1]);
  for (const op of ["render", "warm"]) ops.delete(op); // the requests' own ops (request.schema.json)
  assert.ok(ops.has("tap"), [...ops].join(" "));
  const known = schemas.spec.$defs.command.properties.op.enum;
  assert.deepEqual([...ops].filter((op) => !known.includes(op)), []);
});
