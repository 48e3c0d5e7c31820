"""Plurals everywhere a count is shown.

A message with a count has plural forms (msgid_plural) in the Hungarian catalog, the source, so
each language chooses its own forms by its Plural-Forms rule: the Hungarian declares it with
msgid_plural alone (both forms the same text: a Hungarian noun stays singular after a number),
and the count is the parameter {n}, else the first whole-number parameter of the Hungarian text.

1. Every message with plural forms, rendered for 1, 2 and 5 in every language, shows no code,
   and its noun agrees with the number: in English "1 field", "2 fields" (never "1 fields"); in
   Hungarian the same noun after every number ("1 mező", "5 mező").
2. The messages that carry a count are found by their placeholders: no message without plural
   forms puts a placeholder that is not a name before an English plural noun ("{free} places are
   free"). What a plural noun is, and which placeholders hold names, is learnt from the catalogs
   themselves, not from a list kept by hand.
3. A message with two counts takes its form from the count it names first ("That costs 2 doubloons,
   but you have only 1")."""

import glob
import os
import re

import pytest

from engine.core import messages as runtime
from engine.core.messages import LANGS, Catalog, placeholders, untagged
from widgets.i18n import messages as M

NUMBERS = (1, 2, 5)
BEFORE_WORDS = re.compile(r"\{(\w+)\}((?: [A-Za-z][\w-]*){1,2})")


def english_texts() -> list[str]:
    out = []
    for path in glob.glob(os.path.join(M.locale_dir(), "en", "LC_MESSAGES", "*.po")):
        for m in M.read_po(path):
            if m.id:
                out += list(m.string) if isinstance(m.string, (list, tuple)) else [m.string or ""]
    return out


def singulars(texts: list[str]) -> set[str]:
    """The nouns the English texts use in the singular: after "a", "one", "each", "1"…, and after the
    count in a plural message's singular form. Learnt from the catalogs, not kept by hand."""
    joined = " ".join(texts).lower()
    found = set(re.findall(r"\b(?:a|an|one|each|every|1|per|another|single)\s+([a-z]{3,})", joined))
    for path in glob.glob(os.path.join(M.locale_dir(), "en", "LC_MESSAGES", "*.po")):
        for m in M.read_po(path):
            if isinstance(m.id, (list, tuple)) and m.string and m.string[0]:
                found |= {w.lower() for w in re.findall(r"\{\w+\}(?: [a-z]+)? ([a-z]{3,})", m.string[0])}
    return found


def plural_noun(word: str, singular: set[str]) -> bool:
    """An English plural: the word less its -s, -es (or -ies for -y) is a noun the catalogs use in the singular."""
    w = word.lower()
    if len(w) < 4 or not w.endswith("s") or w.endswith(("ss", "us", "is")):
        return False
    return any(w.endswith(suf) and w[: -len(suf)] + rep in singular for suf, rep in (("ies", "y"), ("es", ""), ("s", "")))


def names(texts: list[str]) -> set[str]:
    """Placeholders that hold a name, never a count: the catalogs write "the {kind}" or "“{field}”",
    and no plural message counts with them (a count such as {n} may follow "the" too)."""
    found = re.findall(r"\b[Tt]he \{(\w+)\}|“\{(\w+)\}”", " ".join(texts))
    counting = set()
    for path in glob.glob(os.path.join(M.locale_dir(), "en", "LC_MESSAGES", "*.po")):
        for m in M.read_po(path):
            if isinstance(m.id, (list, tuple)) and len(m.string) > 1:
                one, many = (dict(re.findall(r"\{(\w+)\} (\w+)", form)) for form in m.string[:2])
                counting |= {name for name in one if many.get(name) not in (None, one[name])}
    return {name for group in found for name in group if name} - counting


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
    m = re.search(rf"(?<![\d/:]){n} (\w+)", text)
    return m.group(1) if m else None


@pytest.mark.parametrize("domain", domains())
def test_every_plural_message_agrees_with_its_number(domain):
    """Each message with plural forms, for 1, 2 and 5 in every language: no code, the Hungarian noun
    the same after every number, the English one plural after 2 and 5 and never after 1."""
    cat, wrong = catalog(domain), []
    singular = singulars(english_texts())
    for code in plural_codes(domain):
        names_ = set().union(*(placeholders(cat.template(code, lang)) for lang in LANGS))
        for lang in LANGS:
            shown = {}
            for n in NUMBERS:
                # the count is {n}, else the first whole number: give it every placeholder
                params = {name: "X" for name in names_} | {"n": n} if "n" in names_ else {name: n for name in names_}
                text = untagged(cat.text(code, lang, **params))
                assert code not in text, f"{lang} {code}: {text}"
                shown[n] = word_after(text, n)
            if lang == "hu" and len(set(shown.values())) != 1:
                wrong.append(f"hu {code}: {shown}")
            if lang == "en":
                if shown[1] is not None and plural_noun(shown[1], singular):
                    wrong.append(f"en {code}: “1 {shown[1]}”")
                if shown[2] != shown[5]:
                    wrong.append(f"en {code}: {shown}")
    assert wrong == []


def counts_without_plural_forms(domain) -> list[str]:
    """Messages with no plural forms whose English puts a placeholder before a plural noun ("{n} legal
    moves", "{free} places are free", "at most {max} goods"), the placeholder not a name."""
    texts = english_texts()
    singular, named = singulars(texts), names(texts)
    out = []
    for m in M.read_po(M.po_path(None, "en", domain)):
        if not m.id or isinstance(m.id, (list, tuple)):
            continue
        for x in BEFORE_WORDS.finditer(m.string or ""):
            following = x.group(2).split()
            if x.group(1) not in named and any(plural_noun(w, singular) for w in following):
                out.append(f"{m.id}: {x.group(0)}")
    return sorted(set(out))


@pytest.mark.parametrize("domain", domains())
def test_every_count_has_plural_forms(domain):
    assert counts_without_plural_forms(domain) == []


def test_the_known_counts_are_plural_and_a_message_agrees_with_the_count_it_names():
    from widgets.render.ui import UI

    known = {"legal-count", "warehouse-full", "store-too-many", "setup-goods", "swap-steps", "tile-count", "json-too-deep"}
    plural = set().union(*(plural_codes(d) for d in domains()))
    assert known <= plural, known - plural
    assert UI.text("legal-count", "en", n=1) == "1 legal move:"
    # two counts: the form follows the one the sentence counts with (the first of the Hungarian text)
    bf = catalog("black_fleet")
    assert untagged(bf.text("too-poor", "en", coins=1, cost=2)).startswith("That costs 2 doubloons")
    assert untagged(bf.text("too-poor", "en", coins=5, cost=1)).startswith("That costs 1 doubloon,")
