"""The three typical questions per game at the table (tests/<package>/editor_scenario.py,
SCENARIO["questions"]), each asked by taps at 375 px from the Ask page as it opens, as a player does:
per question the taps, the swipes (a step whose target was not on the screen, below the theme's
header and the editor's sticky modes, so the player had to scroll to it first), the seconds from
opening the page to the verdict, the layout shift while the page loads and the engine starts and
after each answer (CLS as Core Web Vitals count it, which leaves out a shift within 0.5 s of an
input, and every shift with those too), and how far below the tapped field its answer starts (the
panel or the verdict, in px). The goals: no swipe, CLS 0.

`python -m bench --questions` runs it alone and adds its figures to bench/results-questions.json,
beside the counts by taps and keyboard that tests/browser/test_ask_questions.py writes.
"""

from __future__ import annotations

import json
import os
import statistics
import time

from tests.browser.steady import SHIFTS, cls
from tests.browser.test_ask_taps import target_of
from tests.browser.test_editor import GAMES, ask_page, editor, scenario

RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results-questions.json")
PHONE = {"width": 375, "height": 800}

# Whether the element is all on the screen: below the header and the editor's sticky modes, above the
# bottom edge, and inside the box that scrolls it sideways, if any.
ON_SCREEN = """(el) => {
  const r = el.getBoundingClientRect();
  const bar = document.querySelector('.kikoto-ed-modes');
  const top = bar && !bar.contains(el) ? bar.getBoundingClientRect().bottom : 0;  // (the sticky bar is always in sight)
  let left = 0, right = innerWidth;
  for (let box = el.parentElement; box; box = box.parentElement) {
    const s = getComputedStyle(box);
    if (/(auto|scroll)/.test(s.overflowX)) { const b = box.getBoundingClientRect(); left = Math.max(left, b.left); right = Math.min(right, b.right); }
  }
  return r.top >= top - 1 && r.bottom <= innerHeight + 1 && r.left >= left - 1 && r.right <= right + 1;
}"""

# Where the answer to a tap starts below the tapped element: the panel's first part with something
# in it (the verdict, the field's panel, the offers), its top less the element's bottom, in px.
GAP = """(el) => {
  const panel = [...document.querySelectorAll('.kikoto-ed-panel > *')].find((p) => p.childElementCount && p.getClientRects().length);
  return panel ? Math.round(panel.getBoundingClientRect().top - el.getBoundingClientRect().bottom) : null;
}"""


def answered(page, before: int, timeout=120_000):
    from playwright.sync_api import expect

    expect(editor(page)).to_have_attribute("data-answers", str(before + 1), timeout=timeout)


def count(page) -> int:
    return int(editor(page).get_attribute("data-answers") or 0)


def question(browser, url: str, game: str, q: dict) -> dict:
    from playwright.sync_api import expect

    ctx = browser.new_context(viewport=PHONE, has_touch=True, service_workers="block", bypass_csp=True)
    ctx.add_init_script(SHIFTS)
    page = ctx.new_page()
    started = time.perf_counter()
    page.goto(ask_page(url, game))
    expect(page.locator(".kikoto[data-wired]")).to_have_count(1)
    ed = editor(page)
    expect(ed).to_have_attribute("data-live", "ready", timeout=180_000)
    page.wait_for_timeout(1000)
    loading = cls(page)
    taps = 0
    after, gaps, swiped = [], [], []
    for kind, what in q["steps"]:
        target = target_of(ed, kind, what)
        target.wait_for()
        if not target.evaluate(ON_SCREEN):
            swiped.append(f"{kind} {what if isinstance(what, str) else json.dumps(what)}")
        since = page.evaluate("performance.now()")
        before = count(page)
        target.tap()
        taps += 1
        if kind == "counter":
            page.keyboard.type(str(what[1]))
            target.evaluate("el => el.blur()")
        answered(page, before)
        if kind in ("tap", "offer") and target.count():
            gaps.append(target.evaluate(GAP))
        page.wait_for_timeout(600)  # (a shift later than 0.5 s after the tap counts)
        after.append((cls(page, since), cls(page, since, with_input=True)))
    verdict = ed.locator(".kikoto-ed-answer .kikoto-verdict")
    expect(verdict).to_have_count(1)
    seconds = time.perf_counter() - started
    ctx.close()
    return {
        "taps": taps,
        "swipes": len(swiped),
        "swiped_to": swiped,
        "seconds": round(seconds, 1),
        "cls_loading": loading,
        "cls_after_answers": [a for a, _ in after],
        "shift_after_answers_with_input": [b for _, b in after],
        "answer_below_tap_px": [g for g in gaps if g is not None],
    }


def questions_figures(browser, url: str) -> dict:
    out = {}
    for game in GAMES:
        for n, q in enumerate(scenario(game)["questions"]):
            out.setdefault(game, {})[str(n + 1)] = {"question": q["name"], **question(browser, url, game, q)}
    return out


def write(figures: dict) -> None:
    """Into bench/results-questions.json, beside what each question has there already."""
    try:
        with open(RESULTS, encoding="utf-8") as f:
            results = json.load(f)
    except FileNotFoundError:
        results = {}
    for game, qs in figures.items():
        for n, entry in qs.items():
            results.setdefault(game, {}).setdefault(n, {}).update(entry)
    with open(RESULTS, "w", encoding="utf-8") as f:
        json.dump(results, f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write("\n")


def report(figures: dict) -> list[str]:
    lines = ["Three typical questions at 375 px, by taps (taps, swipes, seconds, CLS loading / after answers):"]
    for game, qs in figures.items():
        for n, e in qs.items():
            gap = statistics.median(e["answer_below_tap_px"]) if e["answer_below_tap_px"] else "–"
            lines.append(
                f"  {game} #{n}: {e['taps']} taps, {e['swipes']} swipes, {e['seconds']} s, CLS {e['cls_loading']} / "
                f"{max(e['cls_after_answers'], default=0)} (with input {max(e['shift_after_answers_with_input'], default=0)}), "
                f"answer {gap} px below the tap"
            )
    return lines
