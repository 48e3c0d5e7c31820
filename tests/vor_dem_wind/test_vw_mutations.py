"""Impossible neighbours of reachable positions (engine/vor_dem_wind/position.py's model and stage rules).

Positions reached by seeded random play have no problem and round-trip through to_json / from_json.
From each, one mutant of each kind that applies: a component duplicated, one removed, one misplaced (to
a place its kind may not be), one thing advanced to a later stage than the position's, one reading's
rule broken, a relation broken (this round's cards 3 from a deck, a starting gulden card in another
seat's purse), two seats' progress in the phase swapped (order), and a counter beyond what the rounds
allow (the starting money, loaded ships, an offer); every mutant must get at least one problem from
`Game.problems`. The counts per kind (generated / refused) are printed.
"""

import json

import pytest

from engine.core.rng import Rng
from engine.vor_dem_wind import money
from engine.vor_dem_wind.components import CARDS, DECKS, GOAL, GOODS, SHIP_IDS, SHIPS
from engine.vor_dem_wind.position import SHIPS_PER_LOADING, cards_revealed, carried_out, ships_arrived, stand_ins_most
from tests.conftest import SCALE

from .helpers import GAME
from .test_vw_properties import OPTION_SETS

KINDS = ("duplicate", "remove", "misplace", "advance", "variant", "relation", "order", "counter")


def reachable(scale):
    """(options, position JSON) along seeded random games of 2, 3 and 4 players under both option sets."""
    out = []
    for seed in range(scale(6)):
        for players in (2, 3, 4):
            options = OPTION_SETS[seed % 2]
            s = GAME.new(players, seed, options)
            rng = Rng(seed * 131 + players)
            step = 0
            while not s.is_over() and step < 900:
                acts = s.legal_actions()
                a = rng.choice(acts)
                if a["type"] == "offer" and rng.below(3):
                    a = next((x for x in acts if x["type"] != "offer"), a)
                loads = [x for x in acts if x["type"] in ("load", "store")]
                if loads and rng.below(2):  # play on towards later stages, as players do
                    a = rng.choice(loads)
                s = s.apply(a)
                step += 1
                if step % 41 == 0 or s.is_over() or (s.phase in ("setup", "spoil") and step % 2):
                    out.append((s.options, s.to_json()))
    return out


def _card_lists(d):
    """Every list that holds action cards, with what may lie there (None: any card)."""
    out = [(d["decks"][k][p], None) for k in DECKS for p in ("draw", "discard")]
    out.append((d["revealed"], None))
    for s in d["seats"]:
        out += [(s["specials"], "special"), (s["fresh"], "keep-fresh")]
    return out


def _ship_lists(d):
    return [d["ship_decks"]["small"], d["ship_decks"]["large"], d["ship_discard"], d["port"]] + [s["ships"] for s in d["seats"]]


def duplicate(d, rng, options):
    what = rng.below(4)
    if what == 0:  # a card that lies somewhere lies again in its own deck's discard pile
        cid = rng.choice(sorted(CARDS))
        d["decks"][CARDS[cid]["deck"]]["discard"].append(cid)
    elif what == 1:
        sid = rng.choice(sorted(SHIPS))
        d["ship_discard"].append(sid)
    elif what == 2:
        seat = rng.choice(d["seats"])
        seat[rng.choice(["goods", "warehouse"])][rng.choice(list(GOODS))] += 1
    else:
        k = rng.choice(list(money.KEYS))
        # under the reading bank=unlimited stand-ins may be more cards than the box's: too many is beyond
        # what the bank can have paid out by this round
        extra = 1 if options["bank"] == "cards" else stand_ins_most(d["players"], d["round"]) // int(k) + 1
        rng.choice(d["seats"])["purse"][k] += extra
    return True


def remove(d, rng, options):
    what = rng.below(4)
    if what == 0:
        lists = [lst for lst, _ in _card_lists(d) if lst]
        lst = rng.choice(lists)
        lst.pop(rng.below(len(lst)))
    elif what == 1:
        lists = [lst for lst in _ship_lists(d) if lst]
        lst = rng.choice(lists)
        lst.pop(rng.below(len(lst)))
    elif what == 2:
        piles = [(d["supply"], g) for g in GOODS if d["supply"][g]]
        piles += [(s[p], g) for s in d["seats"] for p in ("goods", "warehouse") for g in GOODS if s[p][g]]
        pile, g = rng.choice(piles)
        pile[g] -= 1
    else:
        piles = [(d["bank"], k) for k in money.KEYS if d["bank"][k]]
        piles += [(s["purse"], k) for s in d["seats"] for k in money.KEYS if s["purse"][k]]
        pile, k = rng.choice(piles)
        pile[k] -= 1
        if options["bank"] == "unlimited":
            # stand-ins may have been more cards than the box's: one missing is one below the box
            purses = (
                [d["bank"]]
                + [s["purse"] for s in d["seats"]]
                + [s["slot"]["money"] for s in d["seats"] if s["slot"] and "money" in s["slot"]]
            )
            for purse in purses:
                take = min(purse[k], sum(x[k] for x in purses) - money.ALL_CARDS[k] + 1)
                purse[k] -= max(0, take)
    return True


def _take_card(d, cid):
    for lst, _ in _card_lists(d):
        if cid in lst:
            lst.remove(cid)
            return True
    return False


def misplace(d, rng, options):
    """A card or ship moved (not copied) to a place its kind may not be in this position."""
    choices = ["basic-special", "other-deck", "ship-size"]
    if d["phase"] not in ("reveal", "trade"):
        choices.append("revealed")
    if d["phase"] == "setup" or (d["round"] == 1 and d["phase"] in ("reveal", "trade")):
        choices.append("early-ship")
    how = rng.choice(choices)
    if how == "basic-special":  # an action card that is no special card in a hand of specials
        cid = rng.choice([c for c in d["decks"]["buy"]["draw"] + d["decks"]["buy"]["discard"] if CARDS[c]["kind"] == "buy"])
        _take_card(d, cid)
        rng.choice(d["seats"])["specials"].append(cid)
    elif how == "other-deck":
        deck = rng.choice(list(DECKS))
        cid = rng.choice(d["decks"][deck]["draw"] or d["decks"][deck]["discard"])
        _take_card(d, cid)
        d["decks"][next(k for k in DECKS if k != deck)]["discard"].append(cid)
    elif how == "ship-size":
        size = rng.choice(["small", "large"])
        pile = d["ship_decks"][size]
        if not pile:
            return False
        d["ship_decks"]["large" if size == "small" else "small"].append(pile.pop())
    elif how == "revealed":  # a free card in the middle of the table outside revealing and trading
        deck = rng.choice(list(DECKS))
        cid = (d["decks"][deck]["discard"] or d["decks"][deck]["draw"]).pop()
        d["revealed"].append(cid)
    else:  # a loaded ship before any card has been carried out
        ship = d["port"].pop() if d["port"] else d["ship_decks"]["large"].pop()
        rng.choice(d["seats"])["ships"].append(ship)
    return True


def advance(d, rng, options):
    """Something that happens later already there: a card revealed or a ship arrived before its time,
    the stage or the round moved on alone."""
    choices = ["round"]
    drawn, exact = cards_revealed(d["players"], d["phase"], d["round"], len(d["revealed"]))
    if exact:
        choices.append("card")
    for size in ("small", "large"):
        arrived, exact = ships_arrived(d["players"], d["stage"], size)
        if exact and d["ship_decks"][size]:
            choices.append("ship-" + size)
    arrived, exact = ships_arrived(d["players"], d["stage"] + 1, "large")
    if d["stage"] + 1 > d["round"] or exact:
        choices.append("stage")
    how = rng.choice(choices)
    if how == "round":
        d["round"] += 1
    elif how == "stage":
        d["stage"] += 1
    elif how == "card":
        deck = max(DECKS, key=lambda k: len(d["decks"][k]["draw"]))
        d["decks"][deck]["discard"].append(d["decks"][deck]["draw"].pop())
    else:
        d["port" if rng.below(2) else "ship_discard"].append(d["ship_decks"][how[5:]].pop())
    return True


def variant(d, rng, options):
    """A rule of the position's readings broken, where the position's phase has one to break."""
    n = d["players"]
    if d["phase"] == "execute" and options["hand_specials"] == "one":
        d["exec"]["hand_plays"] = 2
        return True
    if d["phase"] == "trade" and options["face_up_final"] == "next-player":
        free = [s for s in d["seats"] if s["slot"] is None or "card" not in s["slot"]]
        held = [s for s in d["seats"] if s["slot"] and "card" in s["slot"]]
        if held and d["revealed"] and free:
            for s in held:
                s["slot"]["face"] = "up"
            if len(held) < 2:
                slot_free = [s for s in free if s["slot"] is None]
                if not slot_free:
                    return False
                slot_free[0]["slot"] = {"card": d["revealed"].pop(), "face": "up"}
            return True
    if d["phase"] == "spoil" and options["keep_fresh_rescue"] == "warehouse":
        order = [(d["start"] + k) % n for k in range(n)]
        done = order[: order.index(d["spoil_queue"][0])]
        if done and any(d["supply"].values()):
            g = next(g for g in GOODS if d["supply"][g])
            d["supply"][g] -= 1
            d["seats"][done[0]]["goods"][g] += 1
            return True
    if d["phase"] == "reveal" and options["end_and_spoil"] == "end-first":
        # the goal reached at the end of a round: the game would be over (VW-5.0)
        seat = d["seats"][0]
        while sum(SHIPS[s]["vp"] for s in seat["ships"]) < GOAL[n] and d["ship_decks"]["large"]:
            seat["ships"].append(d["ship_decks"]["large"].pop())
        return sum(SHIPS[s]["vp"] for s in seat["ships"]) >= GOAL[n]
    return False


def _order(d):
    """The seats from the start player on (the order of the setup, the choices, execution, spoilage)."""
    n = d["players"]
    return [(d["start"] + k) % n for k in range(n)]


def relation(d, rng, options):
    """A piece where it cannot stand beside the others, or a setup placement given to the wrong seat:
    this round's cards 3 from one deck (VW-4.1), a starting gulden card in another seat's purse (VW-3.0)."""
    choices = []
    if d["phase"] in ("trade", "execute"):
        ours = [(lst, i) for lst in [d["revealed"]] if d["phase"] == "trade" for i in range(len(lst))]
        ours += [(s["slot"], "card") for s in d["seats"] if s["slot"] and "card" in s["slot"]]
        decks = [CARDS[lst[i]]["deck"] for lst, i in ours]
        two = [k for k in DECKS if decks.count(k) == 2 and d["decks"][k]["draw"]]
        if two and any(CARDS[lst[i]]["deck"] != two[0] for lst, i in ours):
            choices.append(("deck", two[0], [(lst, i) for lst, i in ours if CARDS[lst[i]]["deck"] != two[0]]))
    if d["round"] == 1 and d["phase"] in ("setup", "reveal"):
        choices.append(("purse",))
    if not choices:
        return False
    how = rng.choice(choices)
    if how[0] == "deck":  # one of this round's cards exchanged for a third of a deck already giving two
        lst, i = rng.choice(how[2])
        pile = d["decks"][how[1]]["draw"]
        j = rng.below(len(pile))
        lst[i], pile[j] = pile[j], lst[i]
        d["decks"][CARDS[pile[j]]["deck"]]["draw"].append(pile.pop(j))
    else:  # a gulden card of one seat's starting purse in another's
        a, b = rng.choice([(x, y) for x in range(d["players"]) for y in range(d["players"]) if x != y])
        k = next(k for k in money.KEYS if d["seats"][a]["purse"][k])
        d["seats"][a]["purse"][k] -= 1
        d["seats"][b]["purse"][k] += 1
    return True


def order(d, rng, options):
    """Two seats' progress in the phase swapped: a seat that has acted and one that has not (the
    setup's hands, the cards chosen in trading or still to carry out), or the seat to let goods spoil
    and one that already has."""
    order, phase = _order(d), d["phase"]
    seats = d["seats"]
    if phase in ("setup", "trade", "execute"):
        now = d["auction"]["challenger"] if phase == "trade" and d["auction"] else d["turn"]
        done, todo = order[: order.index(now)], order[order.index(now) + (phase == "execute") :]
        if phase == "setup":
            pairs = [(a, b) for a in done for b in todo]
            key = "goods"
        elif phase == "trade":  # a seat that has chosen and one that has not yet
            pairs = [(a, b) for a in done for b in todo if seats[b]["slot"] is None]
            key = "slot"
        else:  # a seat that has carried out its card and one still holding its card
            pairs = [(a, b) for a in done for b in todo if seats[b]["slot"] and "card" in seats[b]["slot"]]
            key = "slot"
        if not pairs:
            return False
        a, b = rng.choice(pairs)
        seats[a][key], seats[b][key] = seats[b][key], seats[a][key]
        return True
    if phase == "spoil":
        spoiled = order[: order.index(d["spoil_queue"][0])]
        if spoiled:
            d["turn"] = rng.choice(spoiled)
            return True
    return False


def counter(d, rng, options):
    """A counter beyond what the rounds so far allow: a player's starting money (round 1 before its
    cards are carried out), loaded ships beyond 4 a card carried out (VW-4.3.1.3, VW-2.5), an offer
    beyond what the offerer holds (VW-4.2)."""
    choices = []
    if d["auction"] and d["auction"]["offers"]:
        choices.append("offer")
    if d["round"] == 1 and d["phase"] in ("setup", "reveal", "trade") and any(d["bank"].values()):
        choices.append("money")
    state = GAME.from_json(d)
    spare = d["port"] + d["ship_discard"]  # ships that have arrived and lie on no player's table
    for i in range(d["players"]):
        want = SHIPS_PER_LOADING * carried_out(state, i) + 1 - len(d["seats"][i]["ships"])
        if 0 < want <= len(spare):
            choices.append(("ships", i, want))
    if not choices:
        return False
    how = rng.choice(choices)
    if how == "offer":
        o = rng.choice(d["auction"]["offers"])
        o["amount"] = money.value(d["seats"][o["player"]]["purse"]) + 1
    elif how == "money":
        k = next(k for k in money.KEYS if d["bank"][k])
        d["bank"][k] -= 1
        rng.choice(d["seats"])["purse"][k] += 1
    else:
        _, i, want = how
        for _ in range(want):
            pile = d["port"] if d["port"] else d["ship_discard"]
            d["seats"][i]["ships"].append(pile.pop())
    return True


MUTATE = {
    "duplicate": duplicate,
    "remove": remove,
    "misplace": misplace,
    "advance": advance,
    "variant": variant,
    "relation": relation,
    "order": order,
    "counter": counter,
}


def test_reachable_positions_pass_and_every_mutant_is_refused(scaled):
    positions = reachable(scaled)
    assert len(positions) >= (200 if SCALE >= 1 else 1)  # (a smaller run, as inside Pyodide, meets fewer)
    generated = dict.fromkeys(KINDS, 0)
    refused = dict.fromkeys(KINDS, 0)
    missed = []
    rng = Rng(2026)
    for options, data in positions:
        assert GAME.problems(data) == [], [p.message["en"] for p in GAME.problems(data)]
        assert GAME.from_json(json.loads(json.dumps(data))).to_json() == data
        for kind in KINDS:
            d = json.loads(json.dumps(data))
            if not MUTATE[kind](d, rng, options):
                continue
            generated[kind] += 1
            if GAME.problems(d):
                refused[kind] += 1
            else:
                missed.append((kind, data["phase"], data["round"]))
    print(
        "\nVor dem Wind mutants, generated / refused:",
        ", ".join(f"{k} {generated[k]}/{refused[k]}" for k in KINDS),
        f"({len(positions)} positions)",
    )
    assert not missed, missed[:5]
    assert all(generated[k] > 0 for k in KINDS), generated


def test_two_problems_are_both_named():
    s = GAME.new(3, 1)
    data = s.to_json()
    data["seats"][0]["warehouse"]["apple"] = 9  # no apples taken from the supply, and 9 in 8 places
    data["stage"] = 2  # and the stage later than the round
    found = GAME.problems(data)
    fields = [p.field for p in found]
    assert "state.seats[0].warehouse" in fields and "state.stage" in fields
    assert any(p.code == "goods-count" for p in found)


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_a_count_in_a_problem_is_the_true_count(lang):
    data = GAME.new(2, 1).to_json()
    data["ship_discard"].append(data["ship_decks"]["small"].pop())
    found = {p.code: p for p in GAME.problems(data)}
    # stage 1 with 2 players: 2 small ships arrived, and 3 are out of their pile
    text = found["ships-arrived"].message[lang]
    assert "3" in text and "2" in text
    assert len(SHIP_IDS["small"]) - len(data["ship_decks"]["small"]) == 3
