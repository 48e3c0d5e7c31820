"""The Ask page on a phone at the table (slow 4G, CPU 4×, bench/network.py's `slow4g_cpu4x` on every target): the
seconds from opening Mare Balticum's Ask page to its engine being ready, and, once it is, ten setup
taps made 1.5 s apart (a piece from the palette, then fields of the board, by turns) and the seconds
from the last tap to the answer that holds it. The goal: that answer within 1 s of the last tap.
"""

from __future__ import annotations

import statistics
import time

from bench.page import ASK_GAME as GAME

# the first game with a position editor (the registry's order), so no game is named here
GOAL_S = 1.0
TAPS, APART_MS = 10, 1500

# Ten taps 1.5 s apart, by turns a tool of the palette and a field of the board; resolves to the
# seconds from the last tap to the first answer after it with no tap left waiting (kikoto.js, data-pending).
TEN_TAPS = """async ([taps, apart]) => {
  const island = [...document.querySelectorAll('.kikoto')].find((el) => el.querySelector('.kikoto-ed'));
  const fields = [...island.querySelectorAll('[data-tap]')].map((f) => f.dataset.tap);
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  let last = 0;
  for (let i = 0; i < taps; i++) {
    if (i) await sleep(apart);
    const tools = [...island.querySelectorAll('.kikoto-ed-palette button')];
    const target = i % 2 === 0 && tools.length ? tools[(i / 2) % tools.length]
      : island.querySelector(`[data-tap="${fields[(i * 7) % fields.length]}"]`);
    last = performance.now();
    target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  }
  const answers = island.dataset.answers;
  await new Promise((done) => {
    const check = () => {
      if (island.dataset.answers !== answers && !island.querySelector('[data-pending]')) done();
      else requestAnimationFrame(check);
    };
    check();
  });
  return (performance.now() - last) / 1000;
}"""


def ask_run(browser, url) -> tuple[float, float]:
    ctx = browser.new_context(bypass_csp=True, service_workers="block", viewport={"width": 375, "height": 800})
    page = ctx.new_page()
    t = time.perf_counter()
    page.goto(f"{url}en/{GAME}/ask/", wait_until="commit")
    page.wait_for_function("window.__kikoto && window.__kikoto.state().state === 'ready'", timeout=300_000, polling=100)
    ready = time.perf_counter() - t
    last_tap = page.evaluate(TEN_TAPS, [TAPS, APART_MS])
    ctx.close()
    return ready, last_tap


def ask_figures(browser, url, servers, runs: int = 1) -> dict:
    """On the slow 4G phone (bench/network.py, `phone`: every target throttled)."""
    from bench.network import phone

    ready, last = [], []
    with phone(servers, "slow4g_cpu4x"):
        for _ in range(runs):
            r, t = ask_run(browser, url)
            ready.append(round(r, 2))
            last.append(round(t, 3))
    return {
        "ask.slow4g_cpu4x.open_to_ready_s": statistics.median(ready),
        "ask.slow4g_cpu4x.open_to_ready_s_runs": ready,
        "ask.slow4g_cpu4x.last_tap_to_answer_s": statistics.median(last),
        "ask.slow4g_cpu4x.last_tap_to_answer_s_runs": last,
    }


def report(figures: dict) -> list[str]:
    last = figures["ask.slow4g_cpu4x.last_tap_to_answer_s"]
    return [
        f"ask page, slow 4G + CPU 4x: open -> engine ready {figures['ask.slow4g_cpu4x.open_to_ready_s']:.1f} s; "
        f"last of {TAPS} taps {APART_MS / 1000:g} s apart -> its answer {last:.2f} s "
        f"(goal {GOAL_S:g} s: {'met' if last <= GOAL_S else 'NOT MET'})"
    ]
