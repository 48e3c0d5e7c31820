"""Print: a rules page prints its static examples, boards included, without the widgets'
controls; the boards skipped on screen until scrolled near (content-visibility) all print."""

from tests.browser.support import live_scenario


def test_rules_page_prints_boards_and_steps_without_controls(watched, site_url):
    w = watched()
    w.page.goto(site_url + live_scenario().url("en/"))  # a rules page with examples and a live widget
    w.page.wait_for_function("document.querySelector('.kikoto.js')")  # the steppers are wired
    w.page.emulate_media(media="print")
    shown = w.page.evaluate("""() => {
      const box = (el) => el.getBoundingClientRect();
      const boards = [...document.querySelectorAll('.kikoto-board')];
      return {
        boards: boards.length,
        drawn: boards.filter((b) => getComputedStyle(b).contentVisibility === 'visible' && box(b).height > 100).length,
        cards: [...document.querySelectorAll('.kikoto-card')].filter((c) => box(c).height > 0).length,
        allCards: document.querySelectorAll('.kikoto-card').length,
        controls: [...document.querySelectorAll('.kikoto button, .kikoto-input fieldset, .kikoto-moves')]
          .filter((el) => box(el).height > 0).length,
      };
    }""")
    assert shown["boards"] >= 10 and shown["drawn"] == shown["boards"], shown
    assert shown["allCards"] > 1 and shown["cards"] == shown["allCards"], shown
    assert shown["controls"] == 0, shown
    pdf = w.page.pdf()
    assert pdf.startswith(b"%PDF") and len(pdf) > 50_000
    w.page.emulate_media(media="screen")
    assert w.page.evaluate("getComputedStyle(document.querySelector('.kikoto-board')).contentVisibility") == "auto"
    assert not w.errors, w.errors
