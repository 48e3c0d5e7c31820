"""The physical components of Mare Balticum (rules MB-1.x)."""

SPECIES = ("salmon", "flounder", "herring", "cod")
TOKEN_KINDS = SPECIES + ("amber",)
TOKEN_COUNTS = {"salmon": 12, "flounder": 12, "herring": 12, "cod": 12, "amber": 20}  # 68 in all
TIME_TOKENS = 6
COMPANY_VALUES = (0, 1, 2, 3)  # plus the vault (tax) token
SHIPS_PER_PLAYER = {3: 5, 4: 4, 5: 3}
HOLD_SIZE = 5

NAMES = {
    "salmon": {"hu": "lazac", "en": "salmon"},
    "flounder": {"hu": "lepényhal", "en": "flounder"},
    "herring": {"hu": "hering", "en": "herring"},
    "cod": {"hu": "tőkehal", "en": "cod"},
    "amber": {"hu": "borostyán", "en": "amber"},
    "time": {"hu": "idő zseton", "en": "time token"},
}

BAG_KINDS = TOKEN_KINDS + ("time",)
ACTIONS_PER_TURN = 3
DEMAND_TOKENS_PER_SPECIES = 2
PHASES = ("setup", "actions", "company", "over")
SOURCES = ("hold", "warehouse")
SOURCE_NAMES = {"hold": {"hu": "raktér", "en": "hold"}, "warehouse": {"hu": "raktár", "en": "warehouse"}}
READING_NAMES = {
    "pairs": {"hu": "minden hajó mellett legyen saját hajó", "en": "every ship next to one of your ships"},
    "connected": {"hu": "egyetlen összefüggő flotta", "en": "one connected fleet"},
}
