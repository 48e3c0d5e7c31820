// Reading the page's controls: a form's values as the widget's input, and the editor's look-ups
// (the board field an arrow key or a typed name goes to, the control found again after a redraw).
// They take the elements as arguments and touch nothing else.

// Form fields are named by their path in the widget's input ("warehouse.salmon").
export function collect(form) {
  const input = {};
  for (const el of form.elements) {
    if (!el.name) continue;
    let value = el.value;
    if (el.type === "number" || el.dataset.type === "int") value = value === "" ? null : Number(value);
    if (el.dataset.type === "json") value = JSON.parse(value);
    if (el.type === "checkbox") value = el.checked;
    const path = el.name.split(".");
    let node = input;
    for (const key of path.slice(0, -1)) node = node[key] ??= {};
    node[path[path.length - 1]] = value;
  }
  return input;
}

// The editor's question form ("ask"): the action its filled fields make (an empty one is left out).
export function askAction(form) {
  const action = {};
  for (const el of form.elements) {
    if (!el.name || (el.value === "" && el.type !== "checkbox")) continue;
    if (el.type === "checkbox") action[el.name] = el.checked;
    else if (el.dataset.type === "json") action[el.name] = JSON.parse(el.value);
    else if (el.dataset.type === "int") action[el.name] = Number(el.value);
    else action[el.name] = el.value;
  }
  return action;
}

// The board's fields are one Tab stop (roving tabindex): the arrow keys go from field to field by
// where they are on the screen, Enter or Space taps.
export function nextField(fields, from, key) {
  const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  const [x0, y0] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const field of fields) {
    if (field === from) continue;
    const [x, y] = centre(field);
    const along = (x - x0) * dx + (y - y0) * dy; // how far in the arrow's direction
    const across = Math.abs((x - x0) * dy - (y - y0) * dx); // how far off its line
    if (along <= 1 || across > 2 * along + 8) continue; // within a cone around the arrow
    const score = along + 2 * across;
    if (score < bestScore) [best, bestScore] = [field, score];
  }
  return best;
}

// Typing on the board goes to the field named so (its label, "B3", or a word of its name: what its
// title says before the first "·"), as in a list.
export function fieldNamed(fields, from, typed) {
  const words = (field) => (field.querySelector("title")?.textContent || field.getAttribute("aria-label") || field.textContent || "")
    .split("·")[0].toLowerCase().split(/[\s,;:()·.]+/).filter(Boolean);
  const after = [...fields.slice(fields.indexOf(from) + 1), ...fields.slice(0, fields.indexOf(from) + 1)];
  return after.find((f) => words(f).includes(typed)) || after.find((f) => words(f).some((w) => w.startsWith(typed)));
}

// The attributes that name an editor's control, in the order they are tried.
export const CONTROL_NAMES = ["data-key", "data-tap", "data-cmd", "data-path"];

// The control the reader was on, after an answer redrew it: by what names it (its key, its field,
// its command), else by its place among the editor's controls of its kind.
export function sameControl(out, el, place) {
  const name = CONTROL_NAMES.find((n) => el.hasAttribute(n));
  if (name) return out.querySelector(`[${name}="${CSS.escape(el.getAttribute(name))}"]`);
  return out.querySelectorAll(el.tagName)[place] || null;
}
