// -- the theme's script, at the reader's first move -------------------------------------
// The build holds Material's script back (widgets/build/theme.py, hold_theme_script): run at load it
// blocks a phone's main thread on a long rules page, and what it adds (search,
// the contents' tracking, back to top, the header's title) waits for the reader to move anyway.
// The page reads, scrolls and opens its menu and search box without it (the theme's no-script
// forms). A search link (?q=, ?h=) loads it at once. It mounts on the DOMContentLoaded it
// listens for, which has passed, so it is sent again; a first key is sent again once it listens.
export const heldTheme = document.querySelector('script[type="kikoto/later"]'); // the theme's script
const FIRST_MOVES = ["pointerdown", "pointermove", "touchstart", "wheel", "scroll", "keydown", "focusin"];
let listener = null; // holdTheme's, on FIRST_MOVES until the theme's script comes

function loadTheme(event) {
  FIRST_MOVES.forEach((type) => removeEventListener(type, listener, true));
  if (!heldTheme.isConnected) return;
  heldTheme.remove();
  const script = document.createElement("script");
  script.src = heldTheme.src;
  // Mounting in a task of its own halves the longest task the reader's move brings.
  script.onload = () => setTimeout(() => {
    // The theme fetches sitemap.xml under every <link rel="alternate"> to map the language switch
    // to the same page; ours point at that page already (mkdocs-static-i18n), so the theme's look-up
    // could only 404. It reads the links once, as it mounts: they are out of the document for that.
    const alternates = [...document.querySelectorAll("link[rel=alternate][hreflang]")];
    const mark = document.createComment("");
    alternates[0]?.before(mark);
    alternates.forEach((link) => link.remove());
    document.dispatchEvent(new Event("DOMContentLoaded"));
    mark.replaceWith(...alternates);
    // A tap on the search button opened the search box (a checkbox) before the script came:
    // focus the query, as the theme does on that tap.
    if (document.getElementById("__search")?.checked) document.querySelector(".md-search__input")?.focus();
    if (event && event.type === "keydown" && event.target.isConnected) {
      const { key, code, altKey, ctrlKey, metaKey, shiftKey } = event;
      event.target.dispatchEvent(new KeyboardEvent("keydown", { key, code, altKey, ctrlKey, metaKey, shiftKey, bubbles: true, cancelable: true }));
    }
  });
  document.body.append(script);
}

// While a returning reader's engine starts from the cache and answers the first questions (`busy()`: a
// few seconds on a phone), the theme's script waits, at most WAIT_MS, unless the move is a key or lands
// on the theme's own parts: mounting the theme and building its search index took that start's CPU.
const THEME_PARTS = ".md-header, .md-tabs, .md-sidebar, .md-search, .md-footer, label[for=__drawer], label[for=__search]";
const WAIT_MS = 10_000;
let waiting = null;

function onMove(busy, event) {
  const onTheme = event.type === "keydown" || (event.target instanceof Element && event.target.closest(THEME_PARTS));
  if (onTheme || !busy()) {
    clearInterval(waiting);
    loadTheme(event);
  } else if (!waiting) {
    const t0 = performance.now();
    waiting = setInterval(() => {
      if (busy() && performance.now() - t0 < WAIT_MS) return;
      clearInterval(waiting);
      loadTheme();
    }, 100);
  }
}

export function holdTheme(busy = () => false) {
  if (!heldTheme) return;
  if (/[?&][qh]=/.test(location.search)) return loadTheme();
  listener = (event) => onMove(busy, event);
  FIRST_MOVES.forEach((type) => addEventListener(type, listener, { capture: true, passive: true }));
}
