// The page's look-ups over its controls (fields.mjs). The elements are plain objects with the few
// properties each function reads: these functions take the elements and touch nothing else.
import { test } from "node:test";
import assert from "node:assert/strict";
import { askAction, collect, fieldNamed, nextField, sameControl, CONTROL_NAMES } from "../../widgets/assets/fields.mjs";

const input = (name, value, type = "text", dataset = {}, checked = false) => ({ name, value, type, dataset, checked });

test("collect nests a form's fields by their dotted names and types their values", () => {
  const form = { elements: [
    input("setup.players", "3", "number"),
    input("setup.seat", "", "number"),
    input("auto.1", "on", "checkbox", {}, true),
    input("warehouse.salmon", "2", "text", { type: "int" }),
    input("options", '{"a": [1]}', "text", { type: "json" }),
    input("", "ignored"),
  ] };
  assert.deepEqual(collect(form), { setup: { players: 3, seat: null }, auto: { 1: true }, warehouse: { salmon: 2 }, options: { a: [1] } });
});

test("collect lets a malformed JSON field throw (the island says so)", () => {
  assert.throws(() => collect({ elements: [input("x", "{", "text", { type: "json" })] }), SyntaxError);
});

test("the ask form leaves empty fields out and types the rest", () => {
  const form = { elements: [
    input("type", "move"), input("to", ""), input("seat", "1", "text", { type: "int" }),
    input("path", "[1,2]", "text", { type: "json" }), input("pay", "", "checkbox", {}, false),
  ] };
  assert.deepEqual(askAction(form), { type: "move", seat: 1, path: [1, 2], pay: false });
});

// A board field: its name in an SVG <title> (or aria-label), its place on the screen.
const field = (name, x = 0, y = 0, how = "title") => ({
  name,
  querySelector: (sel) => (sel === "title" && how === "title" ? { textContent: name } : null),
  getAttribute: (attr) => (attr === "aria-label" && how === "label" ? name : null),
  textContent: "",
  getBoundingClientRect: () => ({ left: x, top: y, width: 10, height: 10 }),
});

test("typing a field's label or a word of its name goes to it, after the current one", () => {
  const fields = [field("B3 · üres"), field("Kikötő, Gdańsk · 2 hajó"), field("B4"), field("Gdańsk raktár", 0, 0, "label")];
  assert.equal(fieldNamed(fields, fields[0], "b3"), fields[0]);
  assert.equal(fieldNamed(fields, fields[0], "gdańsk"), fields[1]);
  assert.equal(fieldNamed(fields, fields[1], "gdańsk"), fields[3], "the next one named so, from the current");
  assert.equal(fieldNamed(fields, fields[0], "b"), fields[2], "a prefix, from the next field on");
  assert.equal(fieldNamed(fields, fields[0], "hajó"), undefined, "words after the '·' are not the name");
});

test("an arrow key goes to the nearest field in its direction", () => {
  const grid = [field("a", 0, 0), field("b", 20, 0), field("c", 40, 2), field("d", 0, 20), field("e", 21, 30)];
  const [a, b, c, d, e] = grid;
  assert.equal(nextField(grid, a, "ArrowRight"), b);
  assert.equal(nextField(grid, b, "ArrowRight"), c);
  assert.equal(nextField(grid, a, "ArrowDown"), d);
  assert.equal(nextField(grid, b, "ArrowDown"), e);
  assert.equal(nextField(grid, a, "ArrowLeft"), null);
  assert.equal(nextField(grid, a, "ArrowUp"), null);
});

// The editor's output as a list of elements with attributes, queried by one attribute selector or a tag.
function output(elements) {
  return {
    querySelector(sel) {
      const [, name, escaped] = sel.match(/^\[([a-z-]+)="(.*)"\]$/);
      const value = escaped.replace(/\\(.)/g, "$1");
      return elements.find((el) => el.attrs[name] === value) || null;
    },
    querySelectorAll: (tag) => elements.filter((el) => el.tagName === tag),
  };
}
const element = (tagName, attrs = {}) => ({ tagName, attrs, hasAttribute: (n) => n in attrs, getAttribute: (n) => attrs[n] });
globalThis.CSS ??= { escape: (s) => s.replace(/["\\]/g, "\\$&") };

test("the control in use is found again after a redraw by what names it, else by its place", () => {
  const before = [element("BUTTON", { "data-key": "tool:ship" }), element("INPUT", {}), element("INPUT", {})];
  const after = [element("BUTTON", { "data-key": "tool:ship" }), element("INPUT", {}), element("INPUT", {})];
  assert.equal(sameControl(output(after), before[0], 0), after[0]);
  assert.equal(sameControl(output(after), before[2], 1), after[2], "by its place among its kind");
  assert.equal(sameControl(output(after), element("SELECT"), 0), null);
  const cmd = JSON.stringify({ op: "set", path: ["a"] });
  const set = [element("INPUT", { "data-cmd": cmd })];
  assert.equal(sameControl(output(set), element("INPUT", { "data-cmd": cmd }), 5), set[0]);
  assert.equal(sameControl(output(set), element("BUTTON", { "data-tap": "gone" }), 0), null, "named and gone: not another control");
  assert.deepEqual(CONTROL_NAMES, ["data-key", "data-tap", "data-cmd", "data-path"]);
});
