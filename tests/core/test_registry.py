"""The one parser of rule ids."""

import pytest

from engine.core.registry import RuleSyntaxError, parse_rules

PAGE = """---
title: x
---
# Game

## MB-4 Sailing
<!-- rule: descriptive -->
Intro.

### MB-4.2 The fleet rule
Every ship next to another.

```text
### MB-9.9 not a rule: inside a fence
```

## Notes
Not a rule.
"""


def test_parses_ids_titles_text_and_marks():
    rules = parse_rules(PAGE)
    assert list(rules) == ["MB-4", "MB-4.2"]
    assert rules["MB-4"].descriptive and not rules["MB-4.2"].descriptive
    assert rules["MB-4.2"].title == "The fleet rule"
    assert rules["MB-4.2"].text.startswith("Every ship next to another.")
    assert "MB-9.9" in rules["MB-4.2"].text  # the fenced block belongs to the rule text


def test_duplicate_id_is_a_clear_error():
    with pytest.raises(RuleSyntaxError, match=r"page.md:3: duplicate rule id MB-1 \(first at line 1\)"):
        parse_rules("## MB-1 A\n\n## MB-1 B\n", "page.md")


@pytest.mark.parametrize("heading", ["### MB-4.2a Title", "### MB-4. Title", "## MB- Title"])
def test_malformed_id_is_a_clear_error(heading):
    with pytest.raises(RuleSyntaxError, match=r"page.md:2: malformed rule id .* e\.g\. MB-4\.2"):
        parse_rules("# Game\n" + heading + "\ntext\n", "page.md")
