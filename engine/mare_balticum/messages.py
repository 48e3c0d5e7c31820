"""Mare Balticum's verdict and error messages: the gettext domain `mare_balticum`, in
engine/locale/<lang>/LC_MESSAGES/mare_balticum.po (compiled to .mo beside it), chained to the core
catalog. See engine/core/messages.py and `python -m widgets.i18n`.

Every name the game shows (token kinds, fields of the board, phases, the parts of a player board,
the fleet reading's short words, the token letters of the drawings) is a code here, in an explicit
table written with `N_` markers so that `extract` finds each code. The data files and the state keep
ids only. A field a box owner adds without a code here is shown by its id.
"""

from __future__ import annotations

from ..core.messages import LANGS, N_, Catalog

CATALOG = Catalog("mare_balticum")

# token kinds (MB-1.1, MB-1.2)
KIND_CODES = {
    "salmon": N_("kind-salmon"),
    "flounder": N_("kind-flounder"),
    "herring": N_("kind-herring"),
    "cod": N_("kind-cod"),
    "amber": N_("kind-amber"),
    "time": N_("kind-time"),
}

# one letter per token kind, for the drawings
LETTER_CODES = {
    "salmon": N_("letter-salmon"),
    "flounder": N_("letter-flounder"),
    "herring": N_("letter-herring"),
    "cod": N_("letter-cod"),
    "amber": N_("letter-amber"),
}

# where a tax token comes from (MB-9.3)
SOURCE_CODES = {"hold": N_("source-hold"), "warehouse": N_("source-warehouse")}

# the fleet reading in a few words (MB-4.2), for "fleet-broken"
READING_CODES = {"pairs": N_("fleet-reading-pairs"), "connected": N_("fleet-reading-connected")}

# what the tie-break counts under the `tie_tokens` reading (MB-11.5), when a contract set tokens aside
TIE_NOTE_CODES = {"left": N_("tie-note-left"), "all": N_("tie-note-all")}

# the phases of a position, for "wrong-phase"
PHASE_CODES = {
    "setup": N_("game-phase-setup"),
    "actions": N_("game-phase-actions"),
    "company": N_("game-phase-company"),
    "over": N_("game-phase-over"),
}

# the schematic board's fields (data/board.json), sea areas and ports
FIELD_CODES = {
    "aland": N_("field-aland"),
    "finland_w": N_("field-finland-w"),
    "finland_e": N_("field-finland-e"),
    "stockholm": N_("field-stockholm"),
    "archipelago": N_("field-archipelago"),
    "north_basin": N_("field-north-basin"),
    "landsort": N_("field-landsort"),
    "hiiumaa": N_("field-hiiumaa"),
    "west_gotland": N_("field-west-gotland"),
    "oland": N_("field-oland"),
    "visby": N_("field-visby"),
    "gotland_deep": N_("field-gotland-deep"),
    "irbe": N_("field-irbe"),
    "hano": N_("field-hano"),
    "bornholm": N_("field-bornholm"),
    "slupsk": N_("field-slupsk"),
    "east_gotland": N_("field-east-gotland"),
    "courland": N_("field-courland"),
    "riga": N_("field-riga"),
    "lubeck": N_("field-lubeck"),
    "pomerania": N_("field-pomerania"),
    "sambia": N_("field-sambia"),
    "klaipeda": N_("field-klaipeda"),
    "gdansk": N_("field-gdansk"),
    "gdansk_bay": N_("field-gdansk-bay"),
    "vistula": N_("field-vistula"),
    "curonian": N_("field-curonian"),
}


def text(code: str, lang: str, **params) -> str:
    return CATALOG.text(code, lang, **params)


def both(code: str) -> dict[str, str]:
    """A code's text in every language: a message parameter ({lang: text})."""
    return CATALOG.both(code)


def field_name(fid: str, lang: str) -> str:
    code = FIELD_CODES.get(fid)
    return CATALOG.text(code, lang) if code else fid


def field_param(fid: str) -> dict[str, str]:
    """A field's name as a message parameter."""
    return {lang: field_name(fid, lang) for lang in LANGS}


def fields_param(fields) -> dict[str, str]:
    """Several fields' names, comma separated, as a message parameter."""
    return {lang: ", ".join(field_name(f, lang) for f in fields) for lang in LANGS}


class CodeNames:
    """`NAMES[key][lang]` and `NAMES[key]` as a message parameter, read from the catalog through a
    table of codes (kept for the modules that index names by id and language)."""

    def __init__(self, codes: dict[str, str]):
        self.codes = codes

    def __getitem__(self, key: str) -> dict[str, str]:
        return CATALOG.both(self.codes[key])

    def __contains__(self, key) -> bool:
        return key in self.codes

    def __iter__(self):
        return iter(self.codes)

    def __len__(self) -> int:
        return len(self.codes)

    def get(self, key, default=None):
        return self[key] if key in self.codes else default


NAMES = CodeNames(KIND_CODES)
SOURCE_NAMES = CodeNames(SOURCE_CODES)
READING_NAMES = CodeNames(READING_CODES)
PHASE_NAMES = CodeNames(PHASE_CODES)
LETTERS = CodeNames(LETTER_CODES)
