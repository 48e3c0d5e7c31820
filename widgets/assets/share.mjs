// Sharing a position: the link texts after "#play=" and "#ask=", the address bar that follows the
// game, the case file the editor saves, and the language switch that carries the position along.

// A sandbox's position lives in the URL, so it can be shared as a link.
export function encodeShare(value) {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let text = "";
  // In slices: spreading a long game's bytes as arguments would overflow the call stack.
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeShare(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

// The address bar follows the game once the answer is on screen: a long game's link runs to a
// hundred kilobytes, and encoding and setting it took as long as the answer. data-shared names
// the answer the link is at (for tests).
export function shareLater(island, spec, key = "play", shared = { input: spec.input, moves: spec.moves }) {
  const answer = island.dataset.answers; // (a click meanwhile makes new arrays: `shared` is this answer's)
  requestAnimationFrame(() => setTimeout(() => {
    if (island.dataset.answers !== answer) return; // a newer answer shares its own position
    // Python's link text when the answer gives one (engine/core/formats.py), else the old encoding
    history.replaceState(null, "", `#${key}=` + (typeof shared === "string" ? shared : encodeShare(shared)));
    island.dataset.shared = answer;
  }, 0));
}

// -- the position editor's (widgets/render/editor.py) ------------------------------------------
export function editorShare(spec) {
  return { draft: spec.draft, asked: spec.asked, question: spec.question, mode: spec.mode };
}

// The editor's position as the text after "#ask=": Python's own link text once it gives one
// (update.link), else the old encoding (until engine/core/formats.py writes links).
export function editorLink(spec) {
  return spec.link !== undefined ? spec.link : encodeShare(editorShare(spec));
}

// "Save as a case file": the position and the question in the case format (docs/contributing/
// architecture, "Case files"), so
// that a dispute can become one of the site's cases (`python -m engine check` reads it).
export function saveCase(spec) {
  const found = { id: "my-question", game: spec.game, question: spec.question || "", state: spec.draft };
  if (spec.asked) found.action = spec.asked;
  return JSON.stringify(found, null, 1);
}

// Switching language keeps the position and the question: the theme's language links take the
// address's shared position (#ask=, #play=) to the other language's page.
export function carriedHref(href, hash) {
  return /^#(ask|play)=/.test(hash) ? href.split("#")[0] + hash : null;
}

export function carryPosition(event) {
  const link = event.target.closest && event.target.closest("a[hreflang]");
  const href = link && carriedHref(link.href, location.hash);
  if (href) link.href = href;
}
