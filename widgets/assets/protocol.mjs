// The page's side of the protocol with the worker (widgets/protocol/*.schema.json): the requests it
// sends and how it reads an answer. Pure functions, so Node's tests check them against the schemas.

// A render: the island's spec and context as they are when the request leaves (the objects, not a
// copy: what the editor adds for this request, spec.cmds, is read when the engine is ready).
// `aside`: a warm-up's render, whose answer the page drops.
export function renderRequest(spec, ctx, aside = false) {
  return aside ? { op: "render", spec, ctx, aside: true } : { op: "render", spec, ctx };
}

// A warm-up: the engine plays (or taps) `positions` positions of this island's game aside.
export function warmRequest(spec, ctx, positions) {
  return { op: "warm", spec, ctx, positions };
}

// What goes to the worker: the request as JSON text (one parse on Python's side) and its number.
export function envelope(id, request) {
  return { id, request: JSON.stringify(request) };
}

// The worker's own fault (Python could not run): an error answer with its detail and no message.
export function internalError(err) {
  return { error: { code: "internal", field: "", detail: String(err) } };
}

// An error answer in the reader's words: the engine's own message (its catalogs), or, for a fault
// of the worker itself (which knows no language), the page's "internal" text with its detail.
export function errorText(answer, ctx) {
  const error = answer.error;
  if (error.message && error.message[ctx.lang] !== undefined) return error.message[ctx.lang];
  return (ctx.ui.internal || "{detail}").replace("{detail}", error.detail || error.code);
}
