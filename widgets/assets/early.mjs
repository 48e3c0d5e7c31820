// What the reader did in the islands before the page script ran (overrides/main.html keeps it: [event
// type, target, key]), as the events to carry out again now, in order. A value typed or chosen is in
// its field already, so a run of input events on one field is one; a target gone is skipped. Pure:
// Node's tests check it (tests/js/early.test.mjs).
export function replayable(early) {
  return early.filter(([type, target], i) => {
    const next = early[i + 1];
    return target.isConnected && !(type === "input" && next && next[0] === type && next[1] === target);
  });
}
