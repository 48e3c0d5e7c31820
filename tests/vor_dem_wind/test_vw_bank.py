"""The reading `bank` (VW-2.3): the book's amounts without condition (unlimited: stand-ins where the
bank's cards run short) or the bank as its cards alone."""

import json
from pathlib import Path

from engine.core.cases import build_state
from engine.vor_dem_wind import money
from engine.vor_dem_wind.game import GAME
from engine.vor_dem_wind.position import stand_ins_most

CASES = Path(__file__).resolve().parents[2] / "docs" / "vor-dem-wind" / "cases"


def test_the_bank_pays_income_in_full_only_when_unlimited():
    for unlimited, paid in ((True, 12), (False, 3)):
        bank, purse = {"1": 1, "2": 1, "5": 0, "10": 0}, money.empty()
        assert money.bank_pays(bank, purse, 12, unlimited) == paid
        assert money.value(purse) == paid


def test_stand_ins_make_the_change_and_go_back_out_of_play():
    case = json.loads((CASES / "vw-bank-unlimited.json").read_text(encoding="utf-8"))
    _, state = build_state({k: v for k, v in case.items() if k not in ("action", "expect")})
    after = state.apply(case["action"])
    assert money.value(after.seats[0]["purse"]) == 2  # 20 paid for 18: 2 back
    assert after.problems("state") == []
    # the bank keeps no stand-in: of each value, at most the box's count less what the players hold
    for k in money.KEYS:
        held = sum(s["purse"][k] + (s["slot"]["money"][k] if s["slot"] and "money" in s["slot"] else 0) for s in after.seats)
        assert after.bank[k] <= max(0, money.ALL_CARDS[k] - held), (k, after.bank[k], held)


def test_stand_ins_are_bounded_by_what_the_bank_can_have_paid_out():
    state = json.loads((CASES / "vw-bank-unlimited.json").read_text(encoding="utf-8"))["state"]
    most = stand_ins_most(state["players"], state["round"])
    state["seats"][1]["purse"]["10"] += 2
    for bank, codes in (("unlimited", []), ("cards", ["gulden-count"])):
        assert [e.code for e in GAME.problems({**state, "options": {"bank": bank}})] == codes
    state["seats"][1]["purse"]["10"] += most // 10
    for bank, code in (("unlimited", "gulden-stand-ins"), ("cards", "gulden-count")):
        found = GAME.problems({**state, "options": {"bank": bank}})
        assert [(e.code, e.field) for e in found] == [(code, "state.seats[1].purse.10")]
