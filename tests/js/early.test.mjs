// What the reader did before the page script ran, carried out again (widgets/assets/early.mjs): in
// order, a run of input events on one field as one, nothing on a target that is gone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { replayable } from "../../widgets/assets/early.mjs";

const field = (name, isConnected = true) => ({ name, isConnected });

test("every event is kept, in order, and a run of typing on one field is its last", () => {
  const a = field("a");
  const b = field("b");
  const ask = field("ask");
  const early = [["input", a], ["input", a], ["input", a], ["change", a], ["input", b], ["click", ask], ["input", a]];
  assert.deepEqual(replayable(early), [["input", a], ["change", a], ["input", b], ["click", ask], ["input", a]]);
});

test("typing on two fields by turns keeps each turn", () => {
  const a = field("a");
  const b = field("b");
  const early = [["input", a], ["input", b], ["input", a]];
  assert.deepEqual(replayable(early), early);
});

test("a tap, a key and a group opened are each kept, even twice on one target", () => {
  const cell = field("cell");
  const group = field("group");
  const early = [["click", cell], ["click", cell], ["keydown", cell, "Enter"], ["toggle", group]];
  assert.deepEqual(replayable(early), early);
});

test("what the page no longer holds is left out", () => {
  const gone = field("gone", false);
  const here = field("here");
  assert.deepEqual(replayable([["click", gone], ["input", here], ["input", gone]]), [["input", here]]);
});
