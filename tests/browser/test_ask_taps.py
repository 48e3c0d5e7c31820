"""A typical question on each game's Ask page, the way a player gets there: by taps on a phone from
the home page (at most 10 taps), and by keyboard alone (at most 40 key presses, focus never on the
page's body). The question is the game's scenario of tests/browser/test_editor.py: its pieces set up
on the board, then its legal question (its counter is left out: the counters stand far down the form,
and a typical question is about the pieces); a game may give its own as SCENARIO["typical"], a list of
steps. The engine must answer it with a verdict."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_editor import GAMES, ask_page, compact, editor, scenario

pytestmark = pytest.mark.browser

TAPS = 10
KEYS = 40


def steps(game):
    """The typical question's steps: ("tool" | "tap" | "offer" | "mode", what) and ("counter", (path, value))."""
    s = scenario(game)
    if "typical" in s:
        return list(s["typical"])
    return [*s["setup"], ("mode", "ask"), *s["legal"]]


def target_of(ed, kind, what):
    """The element a step acts on (as test_editor.act finds it)."""
    if kind == "tap":
        return ed.locator(f"[data-tap='{what}']")
    if kind == "mode":
        return ed.locator(f"button[data-cmd='{compact({'op': 'mode', 'mode': what})}']")
    if kind == "counter":
        return ed.locator(f"[data-path='{compact(what[0])}']")
    if isinstance(what, str):
        return ed.locator(".kikoto-ed-palette button" if kind == "tool" else ".kikoto-ed-offers button", has_text=what).first
    if kind == "tool":
        return ed.locator(f"button[data-cmd='{compact({'op': 'tool', 'tool': what})}']")
    return ed.locator(f"button[data-cmd='{compact({'op': 'ask', 'action': what})}']")


def answered(page, before):
    expect(editor(page)).to_have_attribute("data-answers", str(before + 1), timeout=120_000)


def count_answers(page):
    return int(editor(page).get_attribute("data-answers") or 0)


def assert_answered_with_a_verdict(page):
    verdict = editor(page).locator(".kikoto-ed-answer .kikoto-verdict")
    expect(verdict).to_have_count(1)
    assert verdict.get_attribute("data-legal") in ("true", "false")


@pytest.mark.parametrize("game", GAMES)
def test_a_typical_question_by_taps_from_the_home_page(watched, site_url, game):
    w = watched(viewport={"width": 375, "height": 800}, has_touch=True)
    page = w.page
    page.goto(site_url + "en/")
    taps = 0
    page.locator(f".md-content a[href$='{game}/ask/']").first.tap()  # the home page's list of games
    taps += 1
    page.wait_for_url(ask_page(site_url, game), wait_until="commit", timeout=60_000)
    ed = editor(page)
    # a tap before the page's script has run is not seen (it runs once the page is parsed): wait for it
    expect(page.locator(".kikoto[data-wired]")).to_have_count(1, timeout=60_000)
    for kind, what in steps(game):
        before = count_answers(page)
        target = target_of(ed, kind, what)
        target.tap()
        taps += 1
        if kind == "counter":  # typed on the phone's keyboard, sent when it closes
            target.fill(str(what[1]))
            target.evaluate("el => el.blur()")
        answered(page, before)
    assert_answered_with_a_verdict(page)
    print(f"{game}: {taps} taps")
    assert taps <= TAPS, f"{taps} taps"
    assert not w.errors and not w.foreign()


# -- by keyboard ------------------------------------------------------------------------------

FOCUS = """() => { const el = document.activeElement;
  return el === document.body || !el ? null : {tap: el.dataset ? el.dataset.tap || null : null}; }"""
# The page's Tab stops in order (visible, not tabindex=-1): where the focus is, where the target (or,
# for a board field, the board's one stop) is, and where the mode in use is (Esc goes there).
STOPS = """(target) => {
  const all = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')]
    .filter((e) => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden');
  const bar = target.closest('[role=toolbar]');
  const board = target.closest('[data-tap]') ? [...target.closest('.kikoto-ed').querySelectorAll('[data-tap]')].find((f) => f.tabIndex >= 0)
    : bar ? [...bar.querySelectorAll('button:not(:disabled)')].find((b) => b.tabIndex >= 0) : target;
  const modes = document.querySelector(".kikoto-ed-modes [aria-pressed='true']");
  const inEditor = !!(document.activeElement && document.activeElement.closest('.kikoto-ed'));
  return {at: all.indexOf(document.activeElement), to: all.indexOf(board), modes: inEditor ? all.indexOf(modes) : -1}; }"""
# In the same toolbar as the target (the palette): the arrow key towards it, else null.
IN_BAR = """(target) => { const bar = target.closest('[role=toolbar]');
  if (!bar || !bar.contains(document.activeElement)) return null;
  const buttons = [...bar.querySelectorAll('button:not(:disabled)')];
  const d = buttons.indexOf(target) - buttons.indexOf(document.activeElement);
  const n = buttons.length, right = (d + n) % n;
  return right <= n - right ? 'ArrowRight' : 'ArrowLeft'; }"""
# The arrow key that goes from the focused field towards the target field.
ARROW = """(target) => { const c = (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
  const [x0, y0] = c(document.activeElement), [x, y] = c(target);
  const dx = x - x0, dy = y - y0;
  return Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "ArrowRight" : "ArrowLeft") : (dy > 0 ? "ArrowDown" : "ArrowUp"); }"""


# The shortest word of the target field's name that, typed on the board, lands on it (kikoto.js, fieldNamed).
TYPED = """(target) => {
  const fields = [...target.closest('.kikoto-ed').querySelectorAll('[data-tap]')];
  const words = (f) => (f.querySelector('title')?.textContent || f.getAttribute('aria-label') || f.textContent || '')
    .split('·')[0].toLowerCase().split(/[\\s,;:()·.]+/).filter(Boolean);
  const named = (from, typed) => {
    const after = [...fields.slice(fields.indexOf(from) + 1), ...fields.slice(0, fields.indexOf(from) + 1)];
    return after.find((f) => words(f).includes(typed)) || after.find((f) => words(f).some((w) => w.startsWith(typed)));
  };
  const lands = (word) => {
    let at = document.activeElement;
    for (let i = 1; i <= word.length; i++) at = named(i > 1 ? fields[fields.indexOf(at) - 1] || at : at, word.slice(0, i)) || at;
    return at === target;
  };
  return words(target).filter((w) => /^[a-z0-9]+$/.test(w)).sort((a, b) => a.length - b.length).find(lands) || null; }"""


class Keyboard:
    """Key presses as a player makes them, counted: Tab and Shift+Tab between controls, Esc back to
    the modes when that is shorter, the arrows on the board, Enter to act."""

    def __init__(self, page):
        self.page, self.presses, self.keys = page, 0, []

    def press(self, key):
        self.page.keyboard.press(key)
        self.presses += 1
        self.keys.append(key)
        assert self.page.evaluate(FOCUS) is not None, f"focus on the page's body after {key} ({self.keys[-12:]})"

    def start(self):
        """The page's first Tab stop is the theme's "Skip to content": on an Ask page it goes to the modes."""
        self.page.keyboard.press("Tab")
        self.presses += 1
        self.press("Enter")

    def reach(self, target):
        field = target.get_attribute("data-tap")
        seen, typed_in_vain = {}, False
        for _ in range(80):
            if target.evaluate("(t) => document.activeElement === t"):
                return
            focus = self.page.evaluate(FOCUS) or {}
            arrow = target.evaluate(IN_BAR)
            if arrow:
                self.press(arrow)
                continue
            if field is not None and focus.get("tap") is not None:
                word = None if typed_in_vain else target.evaluate(TYPED)
                if word and len(word) <= 3:
                    for key in word:
                        self.press(key)
                    # (keys far apart on a loaded machine start a new name: then the arrows)
                    typed_in_vain = not target.evaluate("(t) => document.activeElement === t")
                else:
                    key = target.evaluate(ARROW)
                    if focus["tap"] in seen:  # going round: the other axis
                        key = (
                            {
                                "ArrowLeft": "ArrowUp",
                                "ArrowRight": "ArrowDown",
                                "ArrowUp": "ArrowLeft",
                                "ArrowDown": "ArrowRight",
                            }[key]
                            if seen[focus["tap"]] % 2
                            else key
                        )
                    seen[focus["tap"]] = seen.get(focus["tap"], 0) + 1
                    self.press(key)
                continue
            stops = target.evaluate(STOPS)
            direct = abs(stops["to"] - stops["at"])
            on_select = self.page.evaluate("document.activeElement.matches('select')")  # Esc there closes its list
            if stops["modes"] >= 0 and not on_select and 1 + abs(stops["to"] - stops["modes"]) < direct:
                self.press("Escape")
            else:
                self.press("Tab" if stops["to"] > stops["at"] else "Shift+Tab")
        at = self.page.evaluate("document.activeElement.outerHTML.slice(0, 300)")
        raise AssertionError(f"could not reach {field or target}: {self.keys[-30:]} at {at}")


@pytest.mark.parametrize("game", GAMES)
def test_a_typical_question_by_keyboard_alone(watched, site_url, game):
    w = watched(viewport={"width": 1280, "height": 900})
    page = w.page
    page.goto(ask_page(site_url, game))
    ed = editor(page)
    keys = Keyboard(page)
    keys.start()
    log = []
    for kind, what in steps(game):
        before = count_answers(page)
        target = target_of(ed, kind, what)
        keys.reach(target)
        log.append((kind, str(what)[:20], keys.presses))
        if kind == "counter":
            for key in ["Control+A", *str(what[1]), "Enter"]:
                keys.press(key)
            if count_answers(page) == before:  # a number field sends its value when left
                keys.press("Tab")
        else:
            keys.press("Enter")
        answered(page, before)
        assert page.evaluate(FOCUS) is not None, "focus on the page's body after the answer"
    assert_answered_with_a_verdict(page)
    print(f"{game}: {keys.presses} key presses", log)
    assert keys.presses <= KEYS, f"{keys.presses} key presses"
    assert not w.errors
