"""The physical components of Mare Balticum (rules MB-1.x).

The names are catalog codes (messages.py); `NAMES` and `SOURCE_NAMES` are re-exported here for the
modules that import them from this one.
"""

from . import messages as _messages

NAMES = _messages.NAMES
SOURCE_NAMES = _messages.SOURCE_NAMES

SPECIES = ("salmon", "flounder", "herring", "cod")
TOKEN_KINDS = SPECIES + ("amber",)
TOKEN_COUNTS = {"salmon": 12, "flounder": 12, "herring": 12, "cod": 12, "amber": 20}  # 68 in all
TIME_TOKENS = 6
COMPANY_VALUES = (0, 1, 2, 3)  # plus the vault (tax) token
SHIPS_PER_PLAYER = {3: 5, 4: 4, 5: 3}
HOLD_SIZE = 5

BAG_KINDS = TOKEN_KINDS + ("time",)
ACTIONS_PER_TURN = 3
DEMAND_TOKENS_PER_SPECIES = 2
PHASES = ("setup", "actions", "company", "over")
SOURCES = ("hold", "warehouse")
