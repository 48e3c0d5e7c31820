"""What the Ask page tests and the bench watch in the page: the layout shifts it makes (the Layout
Instability API, as Core Web Vitals count CLS), and a hold on the engine's answers, so a test can
type while an answer is on its way. Both are scripts added to the page before its own."""

# Every layout shift, with whether it came within 0.5 s of the reader's input (CLS leaves those out),
# in window.__shifts: [time, value, recent input, the moved elements' classes].
SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__shifts.push({
    t: Math.round(e.startTime), value: e.value, input: e.hadRecentInput,
    moved: e.sources.map((s) => String(s.node && (s.node.className && s.node.className.baseVal === undefined
      ? s.node.className : s.node.nodeName)).slice(0, 40) + ` ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)}`),
  });
}).observe({ type: "layout-shift", buffered: true });
"""

# The engine's answers held while window.__hold is true, and handed on by window.__release().
HOLD = """
(() => {
  const Real = window.Worker;
  window.__held = [];
  window.__hold = false;
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        if (window.__hold && e.data && e.data.id !== undefined && !e.__released) {
          e.stopImmediatePropagation();
          window.__held.push([this, e.data]);
        }
      });
    }
  };
  window.__release = () => {
    window.__hold = false;
    for (const [worker, data] of window.__held.splice(0)) {
      const event = new MessageEvent("message", { data });
      event.__released = true;
      worker.dispatchEvent(event);
    }
  };
})();
"""


def cls(page, since=0, *, with_input=False) -> float:
    """The page's layout shift since `since` (ms of its clock): CLS's sum, without the shifts that came
    within 0.5 s of an input unless `with_input`."""
    return round(
        page.evaluate(
            f"window.__shifts.filter((s) => s.t >= {since} && ({'true' if with_input else '!s.input'}))"
            ".reduce((a, s) => a + s.value, 0)"
        ),
        4,
    )


def shifts(page, since=0) -> list:
    return page.evaluate(f"window.__shifts.filter((s) => s.t >= {since})")


def now(page) -> float:
    return page.evaluate("performance.now()")


def in_view(locator) -> bool:
    """The element's top is on the screen, below the theme's header and the editor's sticky bar."""
    return locator.evaluate(
        """(el) => { const r = el.getBoundingClientRect();
          const bar = document.querySelector('.kikoto-ed-modes').getBoundingClientRect();
          return r.height > 0 && r.top >= bar.bottom - 1 && r.top < innerHeight - 20; }"""
    )
