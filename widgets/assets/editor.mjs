// -- the position editor (widgets/render/editor.py) ------------------------------------------
// Every tap and control becomes one command for the engine's side; the answer brings the new
// position and the editor's state back (data-update). Nothing is decided here.
import morphdom from "morphdom";

import { engine, startWorker } from "./engine.mjs";
import { askAction, fieldNamed, nextField } from "./fields.mjs";
import { editorLink, saveCase } from "./share.mjs";
import { opening, setStatus } from "./status.mjs";

// The editor's own words (editor.py, page_words), for what the page says before an answer.
export const editorWords = (out) => {
  try {
    return JSON.parse(out.querySelector(".kikoto-ed")?.dataset.ui || "{}");
  } catch {
    return {};
  }
};

export function wireEditor(island, out, spec, update) {
  // Commands wait here while the engine loads or answers the ones before: each is kept, shown at
  // once (a pending mark, the typed value, the tool pressed) and sent in order with the others
  // that waited (spec.cmds), so none is lost and the last tap waits for one answer at most.
  const queue = [];
  let inflight = false;
  let roving = null; // the board field that holds the board's one Tab stop
  const status = island.querySelector(".kikoto-status");

  const rove = () => {
    const fields = [...out.querySelectorAll("[data-tap]")];
    const current = fields.find((f) => f.dataset.tap === roving)
      || fields.find((f) => f.getAttribute("aria-pressed") === "true") || fields[0];
    for (const f of fields) f.setAttribute("tabindex", f === current ? "0" : "-1");
    // the palette is a toolbar: one Tab stop (the piece in hand), the arrows between its pieces
    // (a disabled one cannot take the focus, so it is never the stop)
    for (const bar of out.querySelectorAll("[role=toolbar]")) {
      const buttons = [...bar.querySelectorAll("button:not(:disabled)")];
      const held = buttons.find((b) => b === document.activeElement) || buttons.find((b) => b.getAttribute("aria-pressed") === "true") || buttons[0];
      for (const b of buttons) b.setAttribute("tabindex", b === held ? "0" : "-1");
    }
  };
  // What waits is shown on the page as it is now (an answer redraws it from the engine's side).
  const showPending = () => {
    for (const el of out.querySelectorAll("[data-pending]")) el.removeAttribute("data-pending");
    for (const cmd of queue) {
      if (cmd.op === "tap") out.querySelector(`[data-tap="${CSS.escape(cmd.field)}"]`)?.setAttribute("data-pending", "");
      else if (cmd.op === "tool" || cmd.op === "mode") {
        const button = cmd._key && out.querySelector(`button[data-key="${CSS.escape(cmd._key)}"]`);
        if (!button) continue;
        const pressed = cmd.op === "mode" || button.getAttribute("aria-pressed") !== "true";
        for (const other of button.parentNode.querySelectorAll("[aria-pressed]")) other.setAttribute("aria-pressed", "false");
        button.setAttribute("aria-pressed", String(pressed));
        button.setAttribute("data-pending", "");
      } else if (cmd.op === "set") {
        const box = out.querySelector(`[data-path="${CSS.escape(JSON.stringify(cmd.path))}"]`);
        if (box && document.activeElement !== box) box.value = cmd._raw;
        box?.setAttribute("data-pending", "");
      }
    }
    placeStatus();
  };
  // The status line stands in the editor's sticky bar (with the modes), where the reader looks, and
  // holds two lines whatever it says (kikoto.css): were it to grow or leave as the engine arrives or
  // an edit waits, the board under the reader's finger would move and the tap land on another field.
  const placeStatus = () => {
    if (!status) return;
    const bar = out.querySelector(".kikoto-ed-modes");
    const slot = bar?.querySelector(".kikoto-status-slot");
    if (slot) slot.replaceWith(status); // (an answer keeps the status where the slot was: morph, below)
    else if (bar && status.parentNode !== bar) bar.append(status);
    let kept = island.querySelector(".kikoto-ed-kept");
    if (queue.length && engine.state !== "ready") {
      if (!kept) {
        kept = document.createElement("span");
        kept.className = "kikoto-ed-kept";
        kept.textContent = " " + (editorWords(out).kept || "");
      }
      if (kept.parentNode !== status) status.append(kept);
    } else kept?.remove();
  };

  const flush = async () => {
    if (inflight || !queue.length) return;
    inflight = true;
    let sent = [];
    try {
      await startWorker();
      sent = queue.splice(0);
      spec.cmds = sent.map(({ _raw, _key, ...cmd }) => cmd);
      if (!(await update())) queue.unshift(...sent); // the engine failed: kept for the retry
    } catch {
      return; // the engine could not start: the status line says so, the edits stay queued
    } finally {
      inflight = false;
      delete spec.cmds;
    }
    showPending();
    if (queue.length) flush();
    else {
      // the answer stands just below the board (editor.py, panel): on a phone, with a tall board, it
      // may still be below the screen's edge; it comes into view, the board moving as little as can be
      const asked = sent.some((cmd) => cmd.op === "ask" || cmd.op === "tap" || cmd.op === "game");
      const answer = asked && [...out.querySelectorAll(".kikoto-ed-panel > *")].find((el) => el.childElementCount && el.getClientRects().length);
      if (answer) answer.scrollIntoView({ block: "nearest" });
      if (asked) keepInSight();
    }
  };
  // A board wider than the screen keeps its sideways scroll from answer to answer (morph, below); the
  // field in use is kept clear of the box's edges, so the fields around it (where a piece goes next)
  // are in sight without a swipe.
  const keepInSight = () => {
    const field = out.querySelector("[data-tap][aria-pressed='true']") || (roving && out.querySelector(`[data-tap="${CSS.escape(roving)}"]`));
    const box = field?.closest(".kikoto-pan, .kikoto-mq-scroll");
    if (!box || box.scrollWidth <= box.clientWidth) return;
    const f = field.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    const margin = Math.min(b.width / 3, 2.5 * f.width);
    if (f.left < b.left + margin || f.right > b.right - margin) box.scrollLeft += f.left + f.width / 2 - (b.left + b.width / 2);
  };
  // (`raw`: the value as typed; `key`: the control's data-key, to show it waiting)
  const send = (cmd, raw, key) => {
    queue.push({ ...cmd, _raw: raw, _key: key });
    showPending();
    flush();
  };
  island.addEventListener("kikoto-engine", () => {
    placeStatus();
    if (engine.state === "ready") flush(); // after a retry
  });
  island.addEventListener("kikoto-answered", () => {
    rove();
    showPending();
  });

  const tap = (target) => {
    const field = target.closest("[data-tap]");
    if (!field) return false;
    roving = field.dataset.tap;
    send({ op: "tap", field: field.dataset.tap });
    return true;
  };
  out.addEventListener("click", (event) => {
    const el = event.target.closest("[data-cmd], [data-share-link]");
    if (el && el.dataset.cmd) {
      if (!el.disabled) send(JSON.parse(el.dataset.cmd), undefined, el.dataset.key);
    } else if (el && el.dataset.shareLink !== undefined) {
      event.preventDefault();
      history.replaceState(null, "", "#ask=" + editorLink(spec));
      const words = editorWords(out);
      const note = el.parentNode.querySelector(".kikoto-ed-copied");
      const say = (text) => {
        if (!note) return;
        note.textContent = text || "";
        clearTimeout(note.timer);
        note.timer = setTimeout(() => { note.textContent = ""; }, 8000);
      };
      if (navigator.clipboard) navigator.clipboard.writeText(location.href).then(() => say(words.copied), () => say(words["copy-failed"]));
      else say(words["copy-failed"]);
    } else if (!el) tap(event.target);
  });
  // By keyboard the modes are never far: Esc anywhere in the editor, or the theme's "Skip to content"
  // link (the page's first Tab stop), goes to the mode in use.
  const toModes = () => out.querySelector(".kikoto-ed-modes [aria-pressed='true']")?.focus();
  document.querySelector(".md-skip")?.addEventListener("click", (event) => {
    event.preventDefault();
    toModes();
  });
  out.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !event.target.matches("select")) {
      toModes();
      return;
    }
    const bar = event.target.closest("[role=toolbar]");
    if (bar && /^(Arrow(Left|Right|Up|Down)|Home|End)$/.test(event.key)) {
      const buttons = [...bar.querySelectorAll("button:not(:disabled)")];
      const i = buttons.indexOf(event.target.closest("button"));
      const n = buttons.length;
      const j = { Home: 0, End: n - 1, ArrowLeft: i - 1, ArrowUp: i - 1 }[event.key] ?? i + 1;
      const next = buttons[(j + n) % n];
      event.preventDefault();
      for (const b of buttons) b.setAttribute("tabindex", b === next ? "0" : "-1");
      next.focus();
      return;
    }
    const field = event.target.closest && event.target.closest("[data-tap]");
    if (!field) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      typed = "";
      tap(field);
    } else if (event.key.startsWith("Arrow") || (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey)) {
      const fields = [...out.querySelectorAll("[data-tap]")];
      let next;
      if (event.key.startsWith("Arrow")) next = nextField(fields, field, event.key);
      else {
        const now = performance.now();
        typed = now - typedAt < 800 ? typed + event.key.toLowerCase() : event.key.toLowerCase();
        typedAt = now;
        next = fieldNamed(fields, typed.length > 1 ? fields[fields.indexOf(field) - 1] || field : field, typed);
        if (!next && typed.length > 1) next = fieldNamed(fields, field, (typed = event.key.toLowerCase())); // a new name
      }
      event.preventDefault(); // the page does not scroll under the board
      event.stopPropagation(); // nor does the theme take a letter for its shortcuts (next page, search)
      if (!next) return;
      roving = next.dataset.tap;
      rove();
      next.focus();
    }
  });
  let typed = "";
  let typedAt = -Infinity;
  out.addEventListener("focusin", (event) => {
    const field = event.target.closest && event.target.closest("[data-tap]");
    if (field && field.dataset.tap !== roving) {
      roving = field.dataset.tap;
      rove();
    }
  });
  out.addEventListener("change", (event) => {
    const el = event.target;
    if (el.dataset.path) {
      const value = el.dataset.json !== undefined ? JSON.parse(el.value) : el.dataset.int !== undefined ? whole(el.value) : el.value;
      send({ op: "set", path: JSON.parse(el.dataset.path), value }, el.value);
    } else if (el.dataset.players !== undefined) send({ op: "players", players: Number(el.value) });
    else if (el.dataset.menu !== undefined) send({ op: "menu", type: el.value || null });
  });
  // A tap on a number selects it, so the digits typed replace it (a caret before "6" made "36").
  let focusedAt = -Infinity;
  out.addEventListener("focusin", (event) => {
    if (event.target.dataset?.int !== undefined) focusedAt = performance.now();
  });
  out.addEventListener("click", (event) => {
    if (event.target.dataset?.int !== undefined && performance.now() - focusedAt < 1000) {
      focusedAt = -Infinity;
      event.target.select();
    }
  });
  out.addEventListener("input", (event) => {
    if (event.target.dataset.question === undefined) return;
    spec.question = event.target.value;
  });
  out.addEventListener("submit", (event) => {
    const form = event.target.closest("[data-ask-form]");
    if (!form) return;
    event.preventDefault();
    let action;
    try {
      action = askAction(form);
    } catch (err) {
      setStatus(island, String(err), false);
      return;
    }
    send({ op: "ask", action });
  });
  out.addEventListener("click", (event) => {
    const save = event.target.closest("[data-save-case]");
    if (save) save.href = "data:application/json;charset=utf-8," + encodeURIComponent(saveCase(spec));
  }, true);
  rove();
  placeStatus();
  if (location.hash.startsWith("#ask=")) {
    const text = location.hash.slice(5);
    // Until the engine has opened it, the shared position stands in for the page's own: the page's
    // position is not shown meanwhile.
    opening(island, out, editorWords(out).opening);
    spec.link = text; // Python reads it (engine/core/formats.py), in any format the site ever wrote
    // the shared position opens in view: the modes at the top, the board and its answer below them
    update().then((done) => done && out.querySelector(".kikoto-ed")?.scrollIntoView({ block: "start" }));
  }
}

// A number field's text: a whole number, nothing (null), or as typed (the engine says what is wrong).
const whole = (text) => (text.trim() === "" ? null : /^\s*-?\d+\s*$/.test(text) ? Number(text) : text);

// An editor's answer is the whole editor again, except that a part the page already holds, the same to
// the byte, comes as a placeholder (widgets/render/editor.py, `SAME`): the page keeps its own, so it
// does not parse and lay out again what did not change (a deck's hundreds of card choices, the
// counters). The parts that did change are morphed into the page's (morphdom), not replaced: an
// element the answer still has stays the same element, so the control the reader is typing in keeps
// its focus, its caret, the phone's keyboard and what was typed, and a box scrolled sideways keeps
// its scroll. Returns false when a placeholder has nothing to stand for (then ask again in full).
export function patchEditor(out, html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  const fresh = template.content.firstElementChild;
  const old = out.firstElementChild;
  const partial = fresh?.querySelector(":scope > [data-same]");
  if (!old || !fresh || old.className !== fresh.className) {
    if (partial) return false;
    out.replaceChildren(template.content);
    return true;
  }
  if (fresh.childElementCount !== old.childElementCount) {
    if (partial) return false;
    morph(old, fresh);
    return true;
  }
  // The board stays where it is on the screen, whatever changed above it (the row of pieces, which
  // the other mode does not have): the reader's next tap lands where it was aimed.
  const stage = old.querySelector(".kikoto-ed-stage");
  const was = stage?.getBoundingClientRect();
  for (const name of old.getAttributeNames()) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const name of fresh.getAttributeNames()) old.setAttribute(name, fresh.getAttribute(name));
  [...fresh.children].forEach((part, i) => {
    if (!part.hasAttribute("data-same")) morph(old.children[i], part);
  });
  if (was && stage.isConnected && was.bottom > 0 && was.top < innerHeight) {
    const moved = stage.getBoundingClientRect().top - was.top;
    if (Math.abs(moved) >= 1) scrollBy(0, moved);
  }
  return true;
}

// An element is the same from answer to answer by what names it (editor.py's data-key, a board
// field's data-tap), else by its place. The control in use keeps the value the reader is typing: the
// answer is to what was sent before it, and what is being typed is sent when it is left.
const morph = (from, to) => morphdom(from, to, {
  onBeforeNodeDiscarded: (node) => !node.classList?.contains("kikoto-status"),
  getNodeKey: (node) => node.id || node.getAttribute?.("data-key") || node.getAttribute?.("data-tap") || undefined,
  onBeforeElUpdated: (el, next) => {
    if (el.classList.contains("kikoto-status")) return false; // the page's status line, in the slot's place
    if (el === document.activeElement && el.matches("input:not([type=checkbox]):not([type=radio]), textarea")) next.value = el.value;
    return true;
  },
});
