"""Every text the engine shows a person, in every language: gettext catalogs.

A catalog maps a stable code (`fleet-broken`) to a `str.format` template per language, read from
engine/locale/<lang>/LC_MESSAGES/<domain>.mo (msgid = the code) with `gettext`. Domains: `core`,
one per game (chained to CORE) and `ui` (widgets/render/ui.py). Hungarian is the source. Each text
and each parameter falls back by itself along the chain (the language, mkdocs.yml's `fallback` via
engine/locale/chain.json, Hungarian), tagged with its language (`tagged`). Guide:
docs/contributing/translators.en.md.
"""

from __future__ import annotations

import gettext
import hashlib
import json
import os
import string

LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")
SOURCE_LANG = DEFAULT_LANG = "hu"


def _languages() -> tuple[str, ...]:
    try:
        names = sorted(os.listdir(LOCALE_DIR))
    except OSError:
        names = []
    found = [n for n in names if os.path.isfile(os.path.join(LOCALE_DIR, n, "LC_MESSAGES", "core.mo"))]
    return tuple(sorted(found, key=lambda lang: lang != SOURCE_LANG)) or (SOURCE_LANG,)


LANGS = _languages()


def _fallback() -> str | None:
    try:
        with open(os.path.join(LOCALE_DIR, "chain.json"), encoding="utf-8") as f:
            return json.load(f).get("fallback")
    except (OSError, ValueError):
        return None


FALLBACK = _fallback()


def chain(lang: str) -> tuple[str, ...]:
    """Where a text is looked for: `lang`, the configured fallback, the source (each once)."""
    out = [lang]
    for other in (FALLBACK, SOURCE_LANG):
        if other and other not in out and other in LANGS:
            out.append(other)
    return tuple(out)


class Text(str):
    """A message's text and its language (`lang`), whether it was translated from an older Hungarian
    text (`outdated`), and which message it is (`source`: (domain, code))."""

    __slots__ = ("lang", "outdated", "source")

    def __new__(cls, value: str, lang: str, outdated: bool = False, source: tuple | None = None):
        self = super().__new__(cls, value)
        self.lang, self.outdated, self.source = lang, outdated, source
        return self


# A fallback text is joined into longer texts before it reaches the page, so its language travels in
# it: Unicode's language tag (U+E0001 + the code in tag characters) ... cancel tag (U+E007F), invisible.
TAG_OPEN, TAG_CANCEL, _TAG_BASE = "\U000e0001", "\U000e007f", 0xE0000
_UNTAG = {c: None for c in range(0xE0000, 0xE0080)}


def tagged(text: str, lang: str) -> str:
    """`text` marked as being in `lang` (a Text keeps its language)."""
    out = TAG_OPEN + "".join(chr(_TAG_BASE + ord(c)) for c in lang) + text + TAG_CANCEL
    return Text(out, lang, getattr(text, "outdated", False), getattr(text, "source", None))


def untagged(text: str) -> str:
    """`text` without its language tags (for a plain-text output: a file name, an attribute)."""
    return text.translate(_UNTAG) if isinstance(text, str) and "\U000e0001" in text else text


def is_tagged(text) -> bool:
    return isinstance(text, str) and text.startswith(TAG_OPEN)


def source_key(text: str) -> str:
    """A key of a source text, whitespace and a plural's repeated forms ("x | x") aside (content.py)."""
    parts = dict.fromkeys(part.strip() for part in " ".join(text.split()).split(" | "))
    return hashlib.sha256(" | ".join(parts).encode("utf-8")).hexdigest()[:8]


SOURCE_KEY = "source"  # the msgctxt under which a compiled content catalog keeps each text's source_key


def N_(code: str) -> str:
    """Marks a code that the code builds at run time (`"phase-" + phase`), so that
    `python -m widgets.i18n extract` finds it. Returns the code unchanged."""
    return code


class _Missing:
    """The last fallback of every translation: an unknown code is an error, never its msgid."""

    def gettext(self, message: str) -> str:
        raise KeyError(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        raise KeyError(singular)


_MISSING = _Missing()
_DEFAULT = object()
OUTDATED = "outdated"  # the msgctxt of a compiled translation whose Hungarian changed since
OUTDATED_MARK = N_("tr-outdated-mark")  # the core message after such a text: "(outdated translation)"


class Catalog:
    """The messages of one gettext domain, with a parent catalog (CORE unless said otherwise)
    for the codes it does not have."""

    def __init__(self, domain: str, parent: "Catalog | None" = _DEFAULT):  # type: ignore[assignment]
        self.domain = domain
        self.parent = CORE if parent is _DEFAULT else parent
        self._loaded: dict[str, gettext.GNUTranslations] = {}
        self._plain: dict[str, dict[str, str]] = {}  # code -> texts, for messages without parameters
        # (code, lang) -> template: an editor's answer looks up a couple of hundred labels
        self._templates: dict[tuple[str, str], str] = {}
        self._plural_codes: frozenset[str] | None = None

    def _translations(self, lang: str) -> gettext.GNUTranslations:
        translations = self._loaded.get(lang)
        if translations is None:
            if lang not in LANGS:
                raise KeyError(f"no messages in language {lang!r}")
            try:
                with open(os.path.join(LOCALE_DIR, lang, "LC_MESSAGES", f"{self.domain}.mo"), "rb") as f:
                    translations = gettext.GNUTranslations(f)
                translations.add_fallback(_MISSING)
            except FileNotFoundError:  # a language not yet translated in this domain
                translations = _MISSING
            self._loaded[lang] = translations
        return translations

    def plurals(self) -> frozenset[str]:
        """The codes with plural forms (msgid_plural) in this catalog and its parents: the source
        language's catalog decides (so a translation cannot make a message plural by itself)."""
        if self._plural_codes is None:
            codes: set[str] = set()
            cat: Catalog | None = self
            while cat is not None:
                found = getattr(cat._translations(SOURCE_LANG), "_catalog", {})
                codes |= {key[0] for key in found if isinstance(key, tuple)}
                cat = cat.parent
            self._plural_codes = frozenset(codes)
        return self._plural_codes

    def template(self, code: str, lang: str) -> str:
        """The text of a code (of a code with plural forms: the form for 1), in `lang` or the first
        language of its chain that has it."""
        found = self._templates.get((code, lang))
        if found is None:
            for candidate in chain(lang):
                try:
                    found = self._templates[(code, lang)] = self._find(code, candidate)[0]
                    break
                except KeyError:
                    continue
            else:
                raise KeyError(f"no message for code {code!r} in {lang!r}")
        return found

    def _find(self, code: str, lang: str, n: int | None = None) -> tuple[str, bool]:
        """(template, outdated) of a code in exactly `lang`, from this catalog or a parent. A
        translation whose Hungarian changed since is compiled under the context "outdated" (see
        widgets/i18n/messages.py): it is used, marked, until the translator updates it."""
        cat: Catalog | None = self
        while cat is not None:
            translations = cat._translations(lang)
            found = getattr(translations, "_catalog", None)
            if found:
                for key, outdated in ((code, False), (OUTDATED + "\x04" + code, True)):
                    text = found.get(key)
                    if text is None:
                        text = found.get((key, translations.plural(1 if n is None else n)))
                    if text:
                        return text, outdated
            cat = cat.parent
        raise KeyError(f"no message for code {code!r} in {lang!r}")

    def plural(self, code: str, n: int, lang: str, **params) -> str:
        """`ngettext` through the catalog: `UI.plural("checked-tests", 3, "en")` → "3 tests".
        The number is the parameter {n}."""
        return self.text(code, lang, n=n, **params)

    def __contains__(self, code: str) -> bool:
        try:
            self._find(code, SOURCE_LANG)
        except KeyError:
            return False
        return True

    def render(self, code: str, langs: tuple[str, ...], params: dict) -> Text:
        """The message in the first of `langs` that has it, each parameter in that language or tagged."""
        n = count(params, self._source_template(code)) if code in self.plurals() else None
        for candidate in langs:
            try:
                template, outdated = self._find(code, candidate, n)
            except KeyError:
                continue
            values = {key: in_language(value, candidate) for key, value in params.items()}
            if NEEDS is not None:
                held = sorted({v.source for v in values.values() if getattr(v, "lang", candidate) != candidate and v.source})
                if held:
                    NEEDS.setdefault((candidate, self.domain, code), set()).update(held)
            return Text(fill(template, values), candidate, outdated, (self.domain, code))
        raise KeyError(f"no message for code {code!r} in {langs!r}")

    def _source_template(self, code: str) -> str:
        try:
            return self._find(code, SOURCE_LANG)[0]
        except KeyError:
            return ""

    def text(self, code: str, lang: str, **params) -> Text:
        """The message in `lang`, else in its chain's next language that has it (tagged); plural forms
        by `count`; a translation of an older Hungarian text with the mark `tr-outdated-mark`."""
        found = self.render(code, chain(lang), params)
        if found.outdated and found.lang != SOURCE_LANG and code != OUTDATED_MARK:
            found = Text(f"{found} {outdated_mark(found.lang)}".rstrip(), found.lang, True, found.source)
        return found if found.lang == lang else tagged(found, found.lang)

    def both(self, code: str, **params) -> dict[str, str]:
        if params:
            return {lang: self.text(code, lang, **params) for lang in LANGS}
        # A legal move's "ok", made for each of a thousand listed moves, is looked up once.
        texts = self._plain.get(code)
        if texts is None:
            texts = self._plain[code] = {lang: self.text(code, lang) for lang in LANGS}
        return dict(texts)

    @property
    def entries(self) -> dict[str, dict[str, str]]:
        """This catalog's own messages (not its parent's), {code: {lang: text}}: for tests and tools."""
        codes = {k if isinstance(k, str) else k[0] for k in self._translations(SOURCE_LANG)._catalog if k}
        out: dict[str, dict[str, str]] = {}
        for code in sorted(codes):
            out[code] = {}
            for lang in LANGS:
                translations = self._translations(lang)
                try:
                    out[code][lang] = translations.gettext(code)
                except KeyError:
                    try:
                        out[code][lang] = translations.ngettext(code, code, 1)
                    except KeyError:
                        pass
        return out


class Phrase:
    """A message parameter that is itself a message (a type name, a seat): it is put in the
    reader's language when the message is, `Phrase(N_("type-integer"))`."""

    __slots__ = ("code", "catalog", "params")

    def __init__(self, code: str, catalog: "Catalog | None" = None, **params):
        self.code, self.catalog, self.params = code, catalog, params

    def text(self, lang: str) -> Text:
        return (self.catalog or CORE).text(self.code, lang, **self.params)

    def __repr__(self) -> str:
        return f"Phrase({self.code!r})"


def outdated_mark(lang: str) -> str:
    """ "(outdated translation)" in `lang`, or in its fallback (then tagged): left out only where no
    catalog has it at all (a test's small tree)."""
    try:
        return CORE.text(OUTDATED_MARK, lang)
    except KeyError:
        return ""


# Whole numbers in a template's placeholders, for `count`
_FIELDS = string.Formatter()


def count(params: dict, template: str = "") -> int | None:
    """The number a plural message agrees with: {n}, else the first whole number of the Hungarian text
    ("That costs {cost} doubloons, you have {coins}" agrees with cost), else the first given."""

    def whole(value) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    if whole(params.get("n")):
        return params["n"]
    try:
        names = [name for _, name, _, _ in _FIELDS.parse(template) if name]
    except ValueError:
        names = []
    for name in [*names, *params]:
        if whole(params.get(name)):
            return params[name]
    return None


def in_language(value, lang: str):
    """A parameter in `lang`, else in its chain's first language that has it, tagged."""
    if isinstance(value, Phrase):
        return value.text(lang)
    if isinstance(value, dict) and SOURCE_LANG in value:
        for candidate in chain(lang):
            if value.get(candidate):
                found = Text(value[candidate], candidate)
                return found if candidate == lang else tagged(found, candidate)
        return value[SOURCE_LANG]
    if isinstance(value, Text) and value.lang != lang and not is_tagged(value):
        return tagged(value, value.lang)
    return value


# While a dict (the build's), `render` records {(lang, domain, code): {(domain, code) of a parameter
# that fell back}}: what holds a translated message back (widgets/i18n/needs.py).
NEEDS: dict | None = None


class _Formatter(string.Formatter):
    """str.format, plus one format spec for Hungarian: `{ship:az}` is the value with the
    article that agrees with it ("a hajó", "az öböl", "az 5."), so no text says "a(z)";
    `{ship:Az}` the same at the start of a sentence ("Az 1. játékos…")."""

    def format_field(self, value, format_spec: str) -> str:
        if format_spec in ARTICLE_SPECS:
            text = format(value, "")
            article = hu_article(text)
            return f"{article.capitalize() if format_spec[0].isupper() else article} {text}"
        return super().format_field(value, format_spec)


ARTICLE_SPEC = "az"
ARTICLE_SPECS = ("az", "Az")  # Hungarian only: another language's text never uses them (`messages --check`)
_FORMATTER = _Formatter()


def fill(template: str, params: dict) -> str:
    """A template with its parameters (the plain `str.format` unless it uses `{x:az}`)."""
    if ":az}" in template or ":Az}" in template:
        return _FORMATTER.vformat(template, (), params)
    return template.format(**params)


# Letters read as a vowel though they are not Hungarian vowels, in foreign names ("az Åland",
# "az Øresund"); "y" is left out, as it starts "a York" and "az Ystad" alike.
VOWELS = "aáeéiíoóöőuúüű" + "åäæøœàâãèêëìîïòôõùû"


def hu_article(word: str) -> str:
    """The Hungarian article for the word that follows ("a hajó", "az öböl", "az Åland"); a number
    as read out: "az 1.", "a 2.", "az 5.", "a 10.", "az 50.", "az 1000", "a 0" (nulla)."""
    word = word.strip().lstrip("\"'„“”‘’«»([{<")
    digits = ""
    for ch in word:
        if ch.isdigit():
            digits += ch
        elif ch in " \u00a0\u202f" and digits and len(digits.split(" ")[-1]) <= 3:
            digits += " "  # a thousands separator: "1 000"
        else:
            break
    groups = digits.split()
    if groups and any(len(g) != 3 for g in groups[1:]):
        groups = groups[:1]  # "1 2" is two numbers, not twelve
    digits = "".join(groups)
    if digits:
        head, size = digits.lstrip("0")[:1] or "0", len(digits.lstrip("0"))
        return "az" if head == "5" or (head == "1" and size % 3 == 1) else "a"
    return "az" if word[:1].lower() in VOWELS else "a"


def seat_words(seat: int) -> Phrase:
    """A seat (numbered from 1) as a message parameter: "az 1." / "a 2." in Hungarian, "1" / "2"
    in English (the core message `seat-word`)."""
    return Phrase(N_("seat-word"), n=seat)


def placeholders(template: str) -> set[str]:
    """The template's replacement fields; a positional `{}` counts too (as "")."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


CORE = Catalog("core", parent=None)

# Type names used in "expected X, got Y" messages.
TYPE_NAMES = {
    "integer": Phrase(N_("type-integer")),
    "number": Phrase(N_("type-number")),
    "string": Phrase(N_("type-string")),
    "boolean": Phrase(N_("type-boolean")),
    "object": Phrase(N_("type-object")),
    "list": Phrase(N_("type-list")),
    "null": Phrase(N_("type-null")),
    "other": Phrase(N_("type-other")),
}
