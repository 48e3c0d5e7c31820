"""Plurals everywhere a count is shown.

A message with a count has plural forms (msgid_plural) in the Hungarian catalog, the source, so
each language chooses its own forms by its Plural-Forms rule: the Hungarian declares it with
msgid_plural alone (both forms the same text: a Hungarian noun stays singular after a number),
and the count is the parameter {n}, else the message's first whole-number parameter.

1. Every message with plural forms, rendered for 0, 1, 2 and 5 in every language, shows no code,
   and its noun agrees with the number: in English "1 field", "2 fields" (never "1 fields"); in
   Hungarian the same noun after every number ("1 mező", "5 mező").
2. No message without plural forms puts a count before an English plural noun ("{steps} fields"):
   those are the messages that still need plural forms. Two counts in one text are split (each
   count its own plural phrase) or reworded so no noun follows the second."""

import glob
import os
import re

import pytest

from engine.core import messages as runtime
from engine.core.messages import LANGS, Catalog, placeholders
from widgets.i18n import messages as M

NUMBERS = (0, 1, 2, 5)
# English nouns that follow a count; "fish", "goods", "gulden" and "Ft" read the same for one and many
COUNT_NOUNS = {
    "doubloons",
    "cards",
    "fields",
    "cubes",
    "passengers",
    "ships",
    "turns",
    "tokens",
    "items",
    "steps",
    "islands",
    "players",
    "points",
    "coins",
    "moves",
    "spaces",
    "rounds",
    "cases",
    "tests",
    "ways",
}
BEFORE_NOUN = re.compile(r"\{(\w+)\} (?:movement |victory |more |special |time )?(\w+)")

# placeholders that hold a name, never a count: "{kind} tokens" reads "cod tokens"
NAMES = {"kind"}


def domains():
    names = sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(M.locale_dir(), "hu", "LC_MESSAGES", "*.po")))
    return [d for d in names if not d.endswith("-content")]


def catalog(domain) -> Catalog:
    if domain == "core":
        return runtime.CORE
    if domain == "ui":
        from widgets.render.ui import UI

        return UI
    import importlib

    return importlib.import_module(f"engine.{domain}.messages").CATALOG


def plural_codes(domain):
    return sorted(m.id[0] for m in M.read_po(M.po_path(None, "hu", domain)) if isinstance(m.id, (list, tuple)))


def word_after(text: str, n: int) -> str | None:
    m = re.search(rf"(?<![\d/]){n} (\w+)", text)
    return m.group(1) if m else None


@pytest.mark.parametrize("domain", domains())
def test_every_plural_message_agrees_with_its_number(domain):
    cat, wrong = catalog(domain), []
    for code in plural_codes(domain):
        names = set().union(*(placeholders(cat.template(code, lang)) for lang in LANGS))
        counted = "n" if "n" in names else None
        for lang in LANGS:
            shown = {}
            for n in NUMBERS:
                params = {name: "X" for name in names}
                if counted:
                    params[counted] = n
                else:  # the first whole-number parameter counts: give every one the number
                    params = {name: n for name in names}
                text = cat.text(code, lang, **params)
                assert code not in text, f"{lang} {code}: {text}"
                shown[n] = word_after(text, n)
            if lang == "hu" and len(set(shown.values())) != 1:
                wrong.append(f"hu {code}: {shown}")
            if lang == "en":
                if shown[1] is not None and shown[1] == shown[2] and shown[1] in COUNT_NOUNS:
                    wrong.append(f"en {code}: “1 {shown[1]}”")
                if len({shown[0], shown[2], shown[5]}) != 1:
                    wrong.append(f"en {code}: {shown}")
    assert wrong == []


def count_without_plural(domain):
    out = []
    singular = {m.id for m in M.read_po(M.po_path(None, "en", domain)) if isinstance(m.id, str) and m.id}
    for m in M.read_po(M.po_path(None, "en", domain)):
        if m.id in singular and any(
            x.group(1) not in NAMES and x.group(2) in COUNT_NOUNS for x in BEFORE_NOUN.finditer(m.string or "")
        ):
            out.append(m.id)
    return sorted(set(out))


@pytest.mark.parametrize("domain", domains())
def test_every_count_has_plural_forms(domain):
    assert count_without_plural(domain) == []


def test_the_hungarian_makes_a_message_plural_with_no_code_change():
    from widgets.render.ui import UI

    assert "bf-strip" in UI.plurals()  # msgid_plural in hu/ui.po; the code passes coins=…, up=…
    assert UI.text("bf-strip", "en", coins=1, up=2) == "1 doubloon · dev. 2/4"
    assert UI.text("bf-strip", "en", coins=5, up=1) == "5 doubloons · dev. 1/4"
    assert UI.text("bf-strip", "hu", coins=1, up=2) == "1 dublon · fejl. 2/4"
