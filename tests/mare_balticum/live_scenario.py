"""What the shared browser tests (tests/browser/: the live engine's start, its faults, offline use,
speed, print and search) do on this game's pages: its scoring widget on its rules page, and a word
to search for."""

PAGE = "rules"  # the page that shows the widget (in each language)
ISLAND = ".kikoto[data-spec*='scoring-purple']"
FIELD = "warehouse.salmon"  # an input the reader edits
OTHER_FIELD = "warehouse.cod"  # another input of the same widget
ANSWER = "[data-total]"  # the part of the answer the tests compare
STATIC = "21"  # ANSWER as built into the page
LIVE = {"3": "21", "4": "24", "5": "27"}  # FIELD's value -> ANSWER, answered live
SAME = ("companies.salmon", "3")  # a select set to the value it has: the live answer equals the static one
# a select whose value makes the input bad: (name, value, the field the error names, words of its message)
BAD = ("companies.cod", "3", "input.companies", {"hu": "pontosan egy", "en": "exactly once"})
# The site's search, per language: a word of the game's pages and the rule id its results show.
SEARCH = {"hu": ("borostyán", "MB-11.3"), "en": ("amber", "MB-11.3")}
EXAMPLE = "scoring-purple"  # the example file the island shows (docs/<site id>/examples/)
# The site's pseudo-locale test (tests/site/test_pseudo_locale.py): a rule id its rules page shows, a
# sentence of that page's Hungarian introduction, and the anchor of the page's title.
RULE = "MB-4.2"
INTRO = "erre hivatkozik a szabálymotor minden döntése."
RULES_ANCHOR = "mare-balticum-szabalyok"
