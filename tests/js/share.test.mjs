// The share links' encoding (share.mjs): old links must still open, so the encoding is checked
// against the corpus of links the site wrote (tests/formats/corpus/links/links.json).
import { test } from "node:test";
import assert from "node:assert/strict";
import { carriedHref, decodeShare, editorLink, editorShare, encodeShare, saveCase } from "../../widgets/assets/share.mjs";
import { readJSON } from "./helpers.mjs";

test("encodeShare is base64url without padding, and decodeShare reads it back", () => {
  const value = { question: "Hová léphet a hajó? ≥ 3 mező", moves: [[1, 2], { to: "f12" }], n: null };
  const text = encodeShare(value);
  assert.match(text, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(decodeShare(text), value);
});

test("a long game's link is encoded in slices and reads back whole", () => {
  const moves = Array.from({ length: 6000 }, (_, i) => ({ seat: i % 4, to: `field-${i}` }));
  assert.deepEqual(decodeShare(encodeShare({ moves })).moves, moves);
});

test("every link of the corpus reads back and encodes again to the same text", () => {
  const keys = { case: ["start", "asked", "mode"], ask: ["draft", "asked", "question", "mode"], play: null };
  for (const entry of readJSON("tests", "formats", "corpus", "links", "links.json")) {
    if (entry.text.includes(".")) continue; // a link with a format ("3.") is Python's to read (engine/core/formats.py)
    const value = decodeShare(entry.text);
    assert.equal(encodeShare(value), entry.text, `${entry.kind} ${entry.game}`);
    // a sandbox's link holds its form and moves, or a position from the editor
    const expected = keys[entry.kind] || ("state" in value ? ["state"] : ["input", "moves"]);
    assert.deepEqual(Object.keys(value), expected, `${entry.kind} ${entry.game}`);
  }
});

test("the editor's link is Python's once an answer gave one, else the old encoding", () => {
  const spec = { draft: { turn: 1 }, asked: null, question: "Miért?", mode: "ask" };
  assert.deepEqual(decodeShare(editorLink(spec)), editorShare(spec));
  assert.equal(editorLink({ ...spec, link: "3.abc" }), "3.abc");
  assert.equal(editorLink({ ...spec, link: "" }), "");
});

test("a saved case file holds the draft, the question and the move asked", () => {
  const found = JSON.parse(saveCase({ game: "g", draft: { turn: 0 }, asked: { type: "pass" } }));
  assert.deepEqual(found, { id: "my-question", game: "g", question: "", state: { turn: 0 }, action: { type: "pass" } });
  assert.equal("action" in JSON.parse(saveCase({ game: "g", draft: {} })), false);
});

test("the language switch carries a shared position, and nothing else", () => {
  assert.equal(carriedHref("https://x/en/g/ask/#top", "#ask=3.abc"), "https://x/en/g/ask/#ask=3.abc");
  assert.equal(carriedHref("https://x/en/g/sandbox/", "#play=e30"), "https://x/en/g/sandbox/#play=e30");
  assert.equal(carriedHref("https://x/en/", "#rules"), null);
  assert.equal(carriedHref("https://x/en/", ""), null);
});
