"""Every case file the repository ever held still opens, migrated, with the verdict it had when it
was written (tests/formats/corpus/cases: each version from the git history, and golden.json, the
verdict of the first engine that read it; collected by tools/collect_case_corpus.py)."""

from __future__ import annotations

import json
import os

import pytest

from engine.core.cases import run_case
from engine.core.errors import InputError
from engine.core.formats import FORMAT, migrate

CORPUS = os.path.join(os.path.dirname(__file__), "corpus", "cases")
with open(os.path.join(CORPUS, "golden.json"), encoding="utf-8") as f:
    GOLDEN = json.load(f)

# Verdicts a later, deliberate rule fix changed: the file versions (<game>--<case id>--<blob>) it
# concerns, what the engine says of them now, and why. A position the fix made impossible is refused
# now: the file still opens, and the refusal names the field.
FIXES = [
    (
        "256fe0b: arrows lead forward, so a pawn no longer stays on siofok-2 (BA-4.3)",
        {"error": "pos-arrow"},
        "balaton--ba-bump-on-settlement--97c748c1 bddc29f5, balaton--ba-closure-field--25f7af69 779ee264, "
        "balaton--ba-income-after-ship--0ca8e35b c295be79, balaton--ba-plane-after-back-card--15552988 5a3f1550, "
        "balaton--ba-plus-one-on-two-field--0b6cac4c 34b50df0, balaton--ba-port-then-ship--49369690 5122b87a, "
        "balaton--ba-ship-needs-second-port--42bc8a42 eed853ef",
    ),
    (
        "8bc1b45: the mover's pirate is in play in the move phase (BF-3.1); these left it beside the board",
        {"error": "pirate-missing"},
        "black-fleet--bf-fate-not-in-others-turn--9990ad62 d537b6c5, black-fleet--bf-friendly-warship-card--24ecf5d4, "
        "black-fleet--bf-friendly-warship-once-moved--412e8b63, black-fleet--bf-no-passing-enemy--5aaccb6a, "
        "black-fleet--bf-no-reload-before-selling--13f18650, black-fleet--bf-one-action-per-ship--fa286e09, "
        "black-fleet--bf-port-refuses-colour--0fc811c7, black-fleet--bf-returning-merchant-delivers--83b9525f, "
        "black-fleet--bf-short-stock-load-available--3771151d, black-fleet--bf-short-stock-no-sale--46a23953",
    ),
    (
        "bf 70e6727: under load-available a sale with too few cubes loads what is left, says so, and cites BF-7.6",
        {"legal": True, "reason": "sell-loads-short", "rules": ["BF-7.1", "BF-7.2", "BF-7.3", "BF-7.6"]},
        "black-fleet--bf-short-stock-load-available--973fd8c2 e292b6e8",
    ),
    (
        "bf 55b3cfb: one development or victory card a turn (BF-11, „körönként csak egyetlen…”): cards face up "
        "beyond the turns played cannot be",
        {"error": "bought-too-many"},
        "black-fleet--bf-victory-needs-all-developments--0606bcbc 9748b964",
    ),
    (
        "ba 8327ea1: with ten-fold coins (the coin_scale variant) every amount is a multiple of 10: 15 Ft cannot be",
        {"error": "pos-coin-scale"},
        "balaton--ba-scale-ten-reroll--28317eb0 776e542c",
    ),
    (
        "ba: no_money is not a reading („elfogy a pénze”: 0 Ft); under the book 1 Ft gets no subsidy",
        {"legal": False, "reason": "subsidy-not-broke", "rules": ["BA-11.1"]},
        "balaton--ba-subsidy-below-reroll--00453b2f 8bc9b3b6",
    ),
    (
        "mq 45d3039: no steamer stands on the newest, unexplored tile while tiles are left (MQ-5, the tile is laid "
        "as a steamer reaches the one before)",
        {"error": "steamer-on-unexplored"},
        "mississippi-queen--mq-no-river-beyond--9ea5b386 c7002380, mississippi-queen--mq-no-sailing-onto-islands--986dc3fd b7a74296",
    ),
    (
        "vdw: a port's worth of ships arrives a stage (VW-3.0, VW-4.4.2): eight large ships out of their pile "
        "in stage 1 cannot be",
        {"error": "ships-arrived"},
        "vor-dem-wind--vw-end-before-spoil--66b4b3f0 ac6ec72e, vor-dem-wind--vw-spoil-before-end--b6e56cc6 da0b99f3",
    ),
    (
        "vdw: before round 1's cards are carried out nobody holds a special card (VW-4.1, VW-4.3)",
        {"error": "cards-drawn"},
        "vor-dem-wind--vw-reserved-any-offer--c75e3cf0 ce3b6d1b, vor-dem-wind--vw-reserved-own-turn--79aa0903 9eb9b18f",
    ),
    (
        "3bcd4dd: the tie_tokens reading (MB-11.5): under its default the tied players share the victory",
        {"legal": True, "reason": "ok-end-turn-last-tie-shared", "rules": ["MB-3.1", "MB-10.2", "MB-11.4", "MB-11.5"]},
        "mare-balticum--mb-sixth-token-last-turn--0aed1c6e e9cb9b25",
    ),
    (
        "mb: refill_opponent_ship is not a reading („…illetve egy hajó bábu sem”): any ship keeps an empty area "
        "from being refilled (MB-8.1)",
        {"legal": True, "reason": "ok-end-turn-ship-blocks", "rules": ["MB-3.1", "MB-8.1"]},
        "mare-balticum--mb-refill-opponent-ship-yes--35946493 750f7f9f d913206c",
    ),
    (
        "mq: who has acted (the relation model): in round 1 a steamer that has not moved yet has its start wheels "
        "(speed 1, coal 6); the cases were set in later rounds (mq-brake-after-move's earlier versions: also 4d3ae3d, "
        "braking after the move cites MQ-4.4 too)",
        {"error": "not-moved-wheel"},
        "mississippi-queen--01-mq-coal-2-to-4-stated--52be3fdf, mississippi-queen--02-mq-coal-2-to-4-example--16f4934f, "
        "mississippi-queen--03-mq-coal-6-to-3--2a22d939, mississippi-queen--mq-all-points-used--7c37d24b 9842fb16, "
        "mississippi-queen--mq-brake-after-move--6a4f1c8f e2d6cd9e, "
        "mississippi-queen--mq-came-from-previous-field--1f718fb1 5fa09d69, "
        "mississippi-queen--mq-came-from-whole-path--124a1b00 255e4961, mississippi-queen--mq-coal-2-to-4-example--8c44e8a9, "
        "mississippi-queen--mq-coal-2-to-4-stated--72c4170b, mississippi-queen--mq-coal-6-to-3--4fe9da93, "
        "mississippi-queen--mq-free-turn-without-coal--04a20e4e c7dd7ed9, "
        "mississippi-queen--mq-push-back-where-it-came-from--3a9d04eb 483b320c e0c861bc fb59be4c, "
        "mississippi-queen--mq-push-example--5b969d5e e52ef17b, mississippi-queen--mq-pushed-onto-pier-finishes--4597e1b5 b1f699f8, "
        "mississippi-queen--mq-pushed-onto-pier-stays--ad469726 d5c0083f, mississippi-queen--mq-speed-seven--997ad5e2 e4dd54f1, "
        "mississippi-queen--mq-three-turns-two-coal--427ac130 52f37166, mississippi-queen--mq-wheels-after-move--2ef02479 5f0461b0, "
        "mississippi-queen--mq-wheels-before-move--17600823 6b83b567",
    ),
    (
        "ed4802b: a tile with a tile after it has had a steamer on it (explored)",
        {"error": "tile-explored"},
        "mississippi-queen--mq-pushed-onto-pier-finishes--e20a70ac, mississippi-queen--mq-pushed-onto-pier-stays--2a3e58fd",
    ),
]


def fixed_files() -> dict:
    """{file name: (what the engine says now, why)} from FIXES."""
    out = {}
    for why, now, files in FIXES:
        for group in files.split(", "):
            stem, _, blobs = group.partition("--")[2].partition("--")
            game = group.partition("--")[0]
            for blob in blobs.split():
                out[f"{game}--{stem}--{blob}.json"] = (now, why)
    return out


RULE_FIXES = fixed_files()


def outcome(case: dict) -> dict:
    try:
        verdict = run_case(case)["verdict"]
    except InputError as err:
        return {"error": err.code}
    return {"legal": verdict["legal"], "reason": verdict["reason"], "rules": verdict["rules"]}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_every_case_file_ever_written_opens_with_its_verdict(name):
    with open(os.path.join(CORPUS, name), encoding="utf-8") as f:
        case = json.load(f)
    fixed = RULE_FIXES.get(name)
    want = fixed[0] if fixed else {k: GOLDEN[name][k] for k in ("legal", "reason", "rules")}
    assert outcome(case) == want, fixed[1] if fixed else f"the verdict of {GOLDEN[name]['commit']}"


def test_the_corpus_holds_both_earlier_formats():
    """Files of formats 1 and 2 stay in the corpus (later files, saved in the current format, join them)."""
    versions = {}
    for name in GOLDEN:
        with open(os.path.join(CORPUS, name), encoding="utf-8") as f:
            case = json.load(f)
        first = "format" not in case and any(isinstance(case.get(k), dict) for k in ("title", "question", "note"))
        versions[name] = 1 if first else case.get("format", 2)
        assert migrate(case)["format"] == FORMAT
    assert {1, 2} <= set(versions.values())


def test_the_rule_fixes_name_files_of_the_corpus():
    """An entry for a file that is not there would hide nothing: every listed case is in the corpus."""
    assert len(RULE_FIXES) == 86
    assert set(RULE_FIXES) <= set(GOLDEN)


if __name__ == "__main__":
    # `.venv/bin/python -m tests.formats.test_corpus`: the files whose verdict is not the one recorded
    # (nor a listed fix's), with what the engine says now, to be judged one by one: a deliberate rule
    # fix goes into FIXES with its reason; anything else is a regression, or a missing migration.
    for name in sorted(GOLDEN):
        with open(os.path.join(CORPUS, name), encoding="utf-8") as f:
            now = outcome(json.load(f))
        fixed = RULE_FIXES.get(name)
        if now != (fixed[0] if fixed else {k: GOLDEN[name][k] for k in ("legal", "reason", "rules")}):
            print(name, json.dumps(now))
