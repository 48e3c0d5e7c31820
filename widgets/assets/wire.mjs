// The islands: each one's spec and context come from the page (data-spec, data-ctx, written by
// widgets/render); its inputs, buttons and links change the spec, and the engine's answer (HTML
// rendered by Python) replaces its output. No rule is decided here.
import { ask, engine, restart, startWorker, watchers } from "./engine.mjs";
import { replayable } from "./early.mjs";
import { patchEditor, wireEditor } from "./editor.mjs";
import { collect, sameControl } from "./fields.mjs";
import { errorText, renderRequest } from "./protocol.mjs";
import { decodeShare, editorLink, shareLater } from "./share.mjs";
import { loadingStatus, opened, opening, setStatus, showFault } from "./status.mjs";

export function wire(island) {
  if (island.dataset.wired) return;
  island.dataset.wired = "1";
  island.classList.add("js");
  const spec = JSON.parse(island.dataset.spec);
  const ctx = JSON.parse(island.dataset.ctx);
  const out = island.querySelector(".kikoto-output");
  const form = island.querySelector("form.kikoto-input");
  const { wake, update } = answering(island, spec, ctx, out);
  if (spec.widget === "editor") {
    // The Ask page starts its engine as it opens: the reader's first tap comes soon.
    const held = out.querySelector(".kikoto-ed[data-update]");
    if (held && !location.hash.startsWith("#ask=")) Object.assign(spec, JSON.parse(held.dataset.update));
    else if (held && "link" in JSON.parse(held.dataset.update)) spec.link = ""; // Python reads links
    wireEditor(island, out, spec, update);
    wake();
  }
  if (spec.widget === "readings" && form) carryReadings(form);

  const readForm = () => {
    try {
      spec.input = collect(form);
      return true;
    } catch (err) {
      setStatus(island, String(err), false);
      return false;
    }
  };

  island.addEventListener("pointerenter", wake, { once: true });
  island.addEventListener("focusin", wake, { once: true });
  if (form) wireForm(form, spec, update, readForm);
  wireMoves(out, spec, update);
  if (spec.sandbox && location.hash.startsWith("#play=")) openSharedPlay(island, out, spec, ctx, update);
}

// What the reader did in the islands before the page script ran (overrides/main.html keeps it, as a slow
// phone shows the page well before its scripts come): each event again, in order, now that every island
// listens (early.mjs says which).
export function replay(early) {
  replayable(early).forEach(([type, target, key]) => {
    const event = type === "click" ? new MouseEvent("click", { bubbles: true, cancelable: true })
      : type === "keydown" ? new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true })
      : new Event(type, { bubbles: type !== "toggle", cancelable: true });
    target.dispatchEvent(event);
  });
}

// The island's answers: its status line follows the page's one engine (once the reader has come near
// it); `wake` starts the engine; `update` asks for the spec's answer and puts it on the page.
function answering(island, spec, ctx, out) {
  let latest = 0;
  let asked = false;
  const retry = () => {
    restart();
    if (asked) update();
  };
  // Once the engine is up, a sandbox asks for its own start unseen: the engine then keeps that
  // position and has run its game's code once, so the reader's first move costs only the move.
  let warmed = false;
  const show = () => {
    if (engine.state === "ready" && spec.sandbox && !asked && !warmed) {
      warmed = true;
      ask(renderRequest(spec, ctx)).catch(() => {});
    }
    if (!island.dataset.live) return;
    if (engine.state === "loading") {
      island.dataset.live = "loading";
      loadingStatus(island, ctx);
    } else if (engine.state === "ready") {
      if (island.dataset.live === "ready") return; // it answered already: its status line says so
      island.dataset.live = "ready";
      setStatus(island, ctx.ui.ready, false);
    } else if (engine.state === "failed") showFault(island, ctx, engine.error, retry);
  };
  island.addEventListener("kikoto-engine", show);
  watchers.add(island);

  const wake = () => {
    if (island.dataset.live) return;
    island.dataset.live = "loading";
    startWorker();
    show();
  };

  // Resolves to true once the answer is on the page, false if the engine failed.
  const update = async () => {
    wake();
    asked = true;
    engine.askedAt = performance.now();
    const mine = ++latest;
    const sent = spec.moves || [];
    const request = renderRequest(spec, ctx);
    let answer;
    try {
      answer = await ask(request);
    } catch {
      return false; // the status line says what went wrong and offers a retry; the last answer stays
    }
    if (mine !== latest) return true; // a newer edit is on its way
    island.dataset.runtime = answer.runtime;
    // The engine answers what was asked while it loaded before the page says it is ready (engine.mjs):
    // this island's status line says so now, and the page's "ready" leaves it as it is.
    if (island.dataset.live === "loading") {
      island.dataset.live = "ready";
      setStatus(island, ctx.ui.ready, false);
    }
    if (answer.html !== undefined) {
      // Focus stays on the control or the board field just used, though the answer redraws it.
      const active = document.activeElement && out.contains(document.activeElement) ? document.activeElement : null;
      const focused = active && (active.closest("[data-key], [data-tap]") || active);
      const place = focused && [...out.querySelectorAll(focused.tagName)].indexOf(focused);
      const typed = focused && focused.matches("input, textarea") && focused.value !== focused.defaultValue ? focused.value : null;
      // rendered and escaped by Python (widgets/render)
      if (spec.widget !== "editor") out.innerHTML = answer.html;
      else if (!patchEditor(out, answer.html)) {
        delete spec.parts; // the page does not hold what the answer left out: ask again in full
        return update();
      }
      delete spec.cmd; // a command or a tap is carried out once
      delete spec.cmds;
      delete spec.tap;
      delete spec.try;
      const editor = out.querySelector("[data-update]");
      if (editor) Object.assign(spec, JSON.parse(editor.dataset.update));
      if (focused && !focused.isConnected) {
        const again = sameControl(out, focused, place);
        // gone (a piece's button after its mode): the mode in use, never the page's body
        const target = again || out.querySelector(".kikoto-ed-modes [aria-pressed='true']") || out.querySelector("[data-tap]");
        if (again && typed !== null && again.value === again.defaultValue) again.value = typed; // typed, not yet sent
        target?.focus({ preventScroll: !again });
      }
      // The engine reports the reader's moves it played after the ones sent (a tapped one, a link's): keep them.
      const play = out.querySelector(".kikoto-play[data-played]");
      if (play) spec.moves = [...sent.slice(0, Number(play.dataset.playedFrom)), ...JSON.parse(play.dataset.played)];
    } else setStatus(island, errorText(answer, ctx), false);
    island.dataset.answers = String(Number(island.dataset.answers || 0) + 1);
    opened(island);
    if (spec.widget === "editor") island.dispatchEvent(new CustomEvent("kikoto-answered"));
    if (spec.sandbox && answer.html !== undefined) shareLater(island, spec, "play", spec.link); // (Python's link, if any)
    if (spec.widget === "editor" && answer.html !== undefined) shareLater(island, spec, "ask", editorLink(spec));
    return true;
  };
  return { wake, update };
}

// A cases page's readings, set at its top, are carried down to every case that does not fix its own.
function carryReadings(form) {
  form.addEventListener("change", (event) => {
    const name = event.target.name;
    for (const select of document.querySelectorAll(`.kikoto select[name="${CSS.escape(name)}"]:not([data-page-reading]):not([data-own])`)) {
      if (select.value === event.target.value) continue;
      select.value = event.target.value;
      select.dispatchEvent(new Event("input", { bubbles: true }));
    }
  });
}

// The island's own form: a new set-up asks again.
function wireForm(form, spec, update, readForm) {
  form.addEventListener("submit", (event) => event.preventDefault()); // Enter must not reload the page
  form.addEventListener("input", () => {
    if (!readForm()) return;
    if (spec.play) {
      spec.moves = []; // a new set-up starts a new game
      delete spec.played;
    }
    update();
  });
}

// Buttons rendered by the engine: a move, a step of an example, undo, start over.
// A sandbox is played on its board too: a tap on a piece, then on a field (Python decides what it means).
function wireMoves(out, spec, update) {
  const tapBoard = (event) => {
    const field = spec.play && event.target.closest("[data-tap]");
    if (!field) return false;
    spec.tap = field.dataset.tap;
    update();
    return true;
  };
  out.addEventListener("keydown", (event) => {
    if ((event.key === "Enter" || event.key === " ") && event.target.matches("[data-tap]") && tapBoard(event)) event.preventDefault();
  });
  out.addEventListener("click", (event) => {
    if (tapBoard(event)) return;
    const button = event.target.closest("button");
    if (!button || button.disabled) return;
    const d = button.dataset;
    // An example's steps are all in the page already: stepping never waits for the engine.
    if (d.step !== undefined && button.closest(".kikoto-stepnav")) return showStep(Number(d.step), button);
    if (d.try) spec.try = JSON.parse(d.try); // the engine plays it if legal, and says why not if not
    else if (d.move) spec.moves = [...(spec.moves || []), JSON.parse(d.move)];
    else if (d.step !== undefined) spec.step = Number(d.step);
    else if (d.undo !== undefined) {
      spec.moves = (spec.moves || []).slice(0, Number(d.undoTo));
      if (d.undoPlayed !== undefined) spec.played = (spec.played || []).slice(0, Number(d.undoPlayed)); // an earlier link's moves
    } else if (d.reset !== undefined) {
      spec.moves = [];
      delete spec.played;
    }
    else return;
    delete spec.open; // a new position or group opens its first subgroup
    update();
  });
  const showStep = (n, from) => {
    const card = out.querySelector(`.kikoto-card[data-card="${n}"]`);
    if (!card) return;
    spec.step = n; // a later live answer keeps this step in focus
    for (const other of out.querySelectorAll(".kikoto-card[data-current]")) other.removeAttribute("data-current");
    card.setAttribute("data-current", "");
    // The clicked button is hidden now: keep the keyboard on the same button of the new card.
    const buttons = [...card.querySelectorAll(".kikoto-stepnav button")];
    const same = buttons.find((b) => b.textContent === from.textContent && !b.disabled);
    (same || buttons.find((b) => !b.disabled))?.focus();
  };
  // A group of moves the engine left empty (all but one in a wide position) is asked for when opened.
  out.addEventListener("toggle", (event) => {
    const group = event.target;
    if (!group.open || group.dataset.sub === undefined || group.querySelector("button")) return;
    spec.open = Number(group.dataset.sub);
    update();
  }, true); // toggle does not bubble
}

// A sandbox opened on a shared link (#play=): the shared game stands in for the page's own.
function openSharedPlay(island, out, spec, ctx, update) {
  opening(island, out, ctx.ui.loading);
  try {
    // Python reads the link (engine/core/formats.py) when its sandbox gives links (its data-update
    // has one); else the page decodes the old links itself
    const held = out.querySelector("[data-update]");
    if (held && "link" in JSON.parse(held.dataset.update)) spec.link = location.hash.slice(6);
    else {
      const shared = decodeShare(location.hash.slice(6));
      Object.assign(spec, { input: shared.input, moves: shared.moves || [] });
      if (shared.state) spec.state = shared.state; // "continue in the sandbox" from the editor
    }
    update();
  } catch (err) {
    opened(island);
    setStatus(island, String(err), false);
  }
}
