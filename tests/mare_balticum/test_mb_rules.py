"""Rule by rule: components, setup, the turn, each action, refill, time tokens, the end, the variants."""

import json

import pytest

from engine.core import IllegalAction, InputError
from engine.mare_balticum.board import BOARD, CONTRACTS
from engine.mare_balticum.components import TOKEN_COUNTS

from ._mb import DEMAND, FULL_MARKET, GAME, conserved, sea_tokens


def p(ships, **kw):
    d = {"ships": ships}
    d.update(kw)
    return d


def only_time_in_bag(data, **options):
    """The position with every fish/amber token not placed elsewhere moved to the discard pile."""
    s = GAME.from_json(data)
    data = dict(data, discarded={k: s.bag[k] for k in TOKEN_COUNTS})
    s = GAME.from_json(data)
    s.options.update(options)
    return s


def late(turn=0, round_=2, empty=("pomerania",), **extra):
    """All company tokens down, all six time tokens on the track, the next round the last."""
    data = {
        "round": round_,
        "turn": turn,
        "time_track": 6,
        "end_round": round_ + 1,
        "players": [
            p(["lubeck", "hano"], market=FULL_MARKET, vault=True),
            p(["stockholm", "archipelago", "west_gotland"], market=FULL_MARKET, vault=True),
            p(["riga"], market=FULL_MARKET, vault=True),
        ],
        "tokens": sea_tokens(empty=empty),
        "demand": DEMAND,
    }
    data.update(extra)
    return data


# ---------------------------------------------------------------- MB-1, MB-2: components and setup
@pytest.mark.rules("MB-1.1", "MB-1.2", "MB-1.3", "MB-1.4", "MB-1.5", "MB-1.6", "MB-1.7")
def test_components_and_board_data():
    assert sum(TOKEN_COUNTS.values()) == 68
    assert len(BOARD.ports) == 5 and "gdansk" in BOARD.ports
    assert sorted(len(BOARD.slots[x]) for x in BOARD.ports) == [1, 1, 2, 2, 2]
    assert sum(len(BOARD.slots[x]) for x in BOARD.ports) == 8
    assert BOARD.slots["gdansk"] == (0, -1)
    assert BOARD.data["schematic"] is True
    shallow = [f for f in BOARD.sea if BOARD.kind[f] == "shallow"]
    deep = [f for f in BOARD.sea if BOARD.kind[f] == "deep"]
    assert len(shallow) + 2 * len(deep) < 68 // 2  # setup draws far fewer than 68
    for fid in BOARD.ids:  # the adjacency graph is symmetric
        for other in BOARD.adj[fid]:
            assert fid in BOARD.adj[other]
    assert len(CONTRACTS.ids) == 6 and CONTRACTS.cards["c1"] == {"salmon": 1, "herring": 1, "amber": 2}
    for n, ships in ((3, 5), (4, 4), (5, 3)):
        s = GAME.new(n, 1)
        assert s.supply == [ships] * n
        assert all(len(m) == 0 for m in s.market) and not any(s.vault)


@pytest.mark.rules("MB-2.1", "MB-2.2", "MB-2.3")
@pytest.mark.parametrize("seed", range(20))
def test_setup(seed):
    s = GAME.new(3 + seed % 3, seed)
    for fid in BOARD.sea:
        assert len(s.tokens[fid]) == (1 if BOARD.kind[fid] == "shallow" else 2)
    assert s.bag["time"] == 6 and s.time_track == 0
    assert conserved(s)
    placed = [sp for slots in s.demand.values() for sp in slots]
    assert sorted(placed) == sorted(["salmon", "flounder", "herring", "cod"] * 2)
    for slots in s.demand.values():
        assert len(set(slots)) == len(slots)  # never two alike in a port
    v1 = GAME.new(3, seed, {"demand_variant": True})
    assert all(sp is None for slots in v1.demand.values() for sp in slots)


@pytest.mark.rules("MB-2.4", "MB-3.2")
def test_setup_ships_go_into_ports_clockwise():
    s = GAME.new(4, 3)
    assert s.phase == "setup"
    assert [a["port"] for a in s.legal_actions()] == BOARD.ports
    for seat, port in enumerate(["gdansk", "gdansk", "riga", "visby"]):
        assert s.current_player == seat
        s = s.apply({"type": "start", "port": port})
    assert s.phase == "actions" and s.current_player == 0 and s.round == 0
    assert s.ships[1] == ["gdansk"] and s.supply[1] == 3
    assert GAME.new(3, 3).check({"type": "sail", "from": "supply", "to": "hano"}).reason == "wrong-phase"


@pytest.mark.rules("MB-2.5", "MB-3.2")
def test_player_one_is_the_start_player():
    """The engine's convention: seats are numbered from the start player, clockwise, so seat 1
    (index 0) places the first starting ship and takes the first turn, and the last seat ends a round."""
    s = GAME.new(3, 11)
    assert s.current_player == 0
    for _ in range(3):
        s = s.apply({"type": "start", "port": "riga"})
    assert s.current_player == 0 and s.round == 0
    for seat in range(3):
        assert s.current_player == seat
        s = s.apply({"type": "end-turn"})
    assert s.current_player == 0 and s.round == 1


# ---------------------------------------------------------------- MB-3: the turn
@pytest.mark.rules("MB-3.1", "MB-3.2")
def test_three_actions_then_the_next_player():
    s = GAME.from_json(late())
    assert s.current_player == 0
    s = s.apply({"type": "sail", "from": "supply", "to": "pomerania"})
    s = s.apply({"type": "fish", "field": "hano", "kind": s.tokens["hano"][0]})
    assert s.current_player == 0 and s.actions == 2
    s = s.apply({"type": "sail", "from": "supply", "to": "bornholm"})
    assert s.current_player == 1 and s.actions == 0


@pytest.mark.rules("MB-3.1")
def test_a_turn_may_stop_early_even_without_actions():
    s = GAME.from_json(late())
    v = s.check({"type": "end-turn"})
    assert v.legal and "MB-3.1" in v.rules
    assert s.apply({"type": "end-turn"}).current_player == 1
    assert s.check({"type": "end-turn", "player": 1}).reason == "not-your-turn"


# ---------------------------------------------------------------- MB-4: sailing
@pytest.mark.rules("MB-4.1", "MB-4.3")
def test_supply_ships_go_next_to_the_fleet_first():
    s = GAME.from_json(late())
    targets = sorted(a["to"] for a in s.legal_actions() if a["type"] == "sail")
    assert all(a["from"] == "supply" for a in s.legal_actions() if a["type"] == "sail")
    assert targets == sorted((set(BOARD.adj["lubeck"]) | set(BOARD.adj["hano"])) - {"lubeck", "hano"})
    assert s.check({"type": "sail", "from": "supply", "to": "visby"}).reason == "not-next-to-fleet"
    assert s.check({"type": "sail", "from": "hano", "to": "bornholm"}).reason == "supply-first"


@pytest.mark.rules("MB-4.3", "MB-4.2")
def test_once_all_out_a_ship_moves_any_distance():
    data = {
        "players": [p(["lubeck", "hano", "bornholm"]), p(["riga"]), p(["visby"]), p(["stockholm"]), p(["gdansk"])],
        "tokens": sea_tokens(),
        "demand": DEMAND,
    }
    s = GAME.from_json(data)
    v = s.check({"type": "sail", "from": "lubeck", "to": "slupsk"})  # three fields away, next to Bornholm
    assert v.legal and v.rules == ("MB-4.3", "MB-4.2")
    assert s.check({"type": "sail", "from": "lubeck", "to": "finland_e"}).reason == "fleet-broken"
    assert s.check({"type": "sail", "from": "pomerania", "to": "slupsk"}).reason == "no-own-ship"
    assert s.check({"type": "sail", "from": "supply", "to": "slupsk"}).reason == "supply-empty"


@pytest.mark.rules("MB-4.4")
def test_own_ships_block_opponents_do_not():
    data = {
        "players": [p(["lubeck", "hano", "bornholm"]), p(["pomerania"]), p(["visby"]), p(["stockholm"]), p(["gdansk"])],
        "tokens": sea_tokens(),
        "demand": DEMAND,
    }
    s = GAME.from_json(data)
    assert s.check({"type": "sail", "from": "lubeck", "to": "hano"}).reason == "own-ship-there"
    v = s.check({"type": "sail", "from": "lubeck", "to": "pomerania"})
    assert v.legal and "MB-4.4" in v.rules


@pytest.mark.rules("MB-4.2")
def test_fleet_readings_differ_only_on_separate_groups():
    base = {
        "players": [p(["pomerania", "hano", "bornholm", "slupsk"]), p(["lubeck"]), p(["stockholm"]), p(["riga"])],
        "tokens": sea_tokens(),
        "demand": DEMAND,
    }
    pairs = GAME.from_json(base)
    connected = GAME.from_json(dict(base, options={"fleet": "connected"}))
    move = {"type": "sail", "from": "bornholm", "to": "oland"}
    assert pairs.check(move).legal and not connected.check(move).legal
    assert pairs.fleet_ok(["pomerania", "hano", "oland", "slupsk"])
    assert not connected.fleet_ok(["pomerania", "hano", "oland", "slupsk"])
    assert pairs.fleet_ok(["hano"]) and connected.fleet_ok(["hano"])  # a lone ship is a fleet
    assert len([a for a in connected.legal_actions() if a["type"] == "sail"]) < len(
        [a for a in pairs.legal_actions() if a["type"] == "sail"]
    )


# ---------------------------------------------------------------- MB-5: fishing
@pytest.mark.rules("MB-5.1", "MB-5.2", "MB-5.3")
def test_fishing():
    s = GAME.from_json(late(tokens={"hano": ["amber"], "bornholm": ["cod", "salmon"]}))
    actions = [a for a in s.legal_actions() if a["type"] == "fish"]
    assert actions == [{"type": "fish", "field": "hano", "kind": "amber"}]
    assert s.check({"type": "fish", "field": "bornholm", "kind": "cod"}).reason == "no-own-ship"
    assert s.check({"type": "fish", "field": "hano", "kind": "cod"}).reason == "token-not-there"
    s2 = s.apply(actions[0])
    assert s2.warehouse[0]["amber"] == 1 and sum(s2.hold[0].values()) == 0


@pytest.mark.rules("MB-5.4", "MB-7.1")
def test_full_hold_then_discard_then_fish():
    s = GAME.from_json(
        late(
            players=[
                p(["lubeck", "hano"], market=FULL_MARKET, vault=True, hold={"cod": 5}),
                p(["stockholm"], market=FULL_MARKET, vault=True),
                p(["riga"], market=FULL_MARKET, vault=True),
            ],
            tokens={"hano": ["herring"]},
        )
    )
    fish = {"type": "fish", "field": "hano", "kind": "herring"}
    assert s.check(fish).reason == "hold-full"
    s = s.apply({"type": "discard", "kind": "cod"})
    assert s.actions == 0 and s.discarded["cod"] == 1  # discarding is not an action
    assert s.apply(fish).hold[0] == {"salmon": 0, "flounder": 0, "herring": 1, "cod": 4}
    assert s.check({"type": "discard", "kind": "salmon"}).reason == "not-in-hold"


# ---------------------------------------------------------------- MB-6: unloading
@pytest.mark.rules("MB-6.1", "MB-6.2")
def test_unload_any_number_of_demanded_fish():
    data = late(
        players=[
            p(
                ["gdansk", "gdansk_bay"],
                market=FULL_MARKET,
                vault=True,
                hold={"herring": 3, "flounder": 1, "cod": 1},
                warehouse={"herring": 2},
            ),
            p(["stockholm"], market=FULL_MARKET, vault=True),
            p(["riga"], market=FULL_MARKET, vault=True),
        ]
    )
    s = GAME.from_json(data)
    unloads = [a for a in s.legal_actions() if a["type"] == "unload"]
    assert len(unloads) == 4 * 2 - 1  # herring 0-3 x flounder 0-1, not nothing
    s2 = s.apply({"type": "unload", "port": "gdansk", "fish": {"herring": 2}})
    assert s2.hold[0]["herring"] == 1 and s2.warehouse[0]["herring"] == 4
    assert s.check({"type": "unload", "port": "gdansk", "fish": {"herring": 4}}).reason == "not-in-hold"
    assert s.check({"type": "unload", "port": "riga", "fish": {"flounder": 1}}).reason == "no-ship-in-port"
    assert s.check({"type": "unload", "port": "gdansk_bay", "fish": {"flounder": 1}}).reason == "not-a-port"
    assert s.check({"type": "unload", "port": "gdansk", "fish": {}}).reason == "unload-nothing"
    assert s.check({"type": "unload", "port": "gdansk", "fish": {"cod": 1}, "demand": {"cod": 0}}).reason == "demand-variant-off"


# ---------------------------------------------------------------- MB-8: refill
@pytest.mark.rules("MB-8.1", "MB-8.2")
def test_refill_after_the_turn():
    empty = ("pomerania", "bornholm", "hano", "west_gotland")
    s = GAME.from_json(late(empty=empty)).apply({"type": "end-turn"})
    assert len(s.tokens["pomerania"]) == 1 and len(s.tokens["bornholm"]) == 2  # shallow 1, deep 2
    assert s.tokens["hano"] == []  # the active player's own ship stands there
    assert s.tokens["west_gotland"] == []  # another player's ship stands there: „…illetve egy hajó bábu sem”
    assert conserved(s)


@pytest.mark.rules("MB-8.3")
def test_empty_bag_readings():
    stop = only_time_in_bag(late(empty=("pomerania", "bornholm")))
    assert sum(stop.bag.values()) == 0
    after = stop.apply({"type": "end-turn"})
    assert after.tokens["pomerania"] == [] and not after.is_over() and after.current_player == 1
    end = only_time_in_bag(late(empty=("pomerania",)), empty_bag="end").apply({"type": "end-turn"})
    assert end.is_over() and end.winners()
    # the bag is just short: the areas first in board order are filled, the rest stay empty
    data = late(empty=("pomerania", "bornholm"))
    s = only_time_in_bag(data)
    data["discarded"] = dict(s.discarded, amber=s.discarded["amber"] - 1)
    short = GAME.from_json(data).apply({"type": "end-turn"})
    assert short.tokens["bornholm"] == ["amber"] and short.tokens["pomerania"] == []


# ---------------------------------------------------------------- MB-9: time tokens
def _time_state(**options):
    data = {
        "players": [p(["lubeck", "hano"], warehouse={"amber": 2, "cod": 1}), p(["stockholm"]), p(["riga"])],
        "tokens": sea_tokens(empty=("pomerania",)),
        "demand": DEMAND,
    }
    return only_time_in_bag(data, **options)


@pytest.mark.rules("MB-9.1", "MB-9.2", "MB-9.3", "MB-9.6")
def test_time_token_interrupts_the_refill():
    s = _time_state().apply({"type": "end-turn"})
    assert s.phase == "company" and s.queue == [0, 1, 2] and s.current_player == 0
    assert s.time_track == 0 and conserved(s)
    acts = s.legal_actions()
    places = [a for a in acts if a["type"] == "company"]
    taxes = [a["pay"] for a in acts if a["type"] == "tax"]
    assert len(places) == 16  # 4 values x 4 free market slots
    assert taxes == [
        [{"from": "warehouse", "kind": "cod"}, {"from": "warehouse", "kind": "amber"}],
        [{"from": "warehouse", "kind": "amber"}, {"from": "warehouse", "kind": "amber"}],
    ]
    assert all(t["type"] in ("company", "tax") for t in acts)
    assert s.check({"type": "end-turn"}).reason == "wrong-phase"
    s = s.apply({"type": "tax", "pay": taxes[0]})  # the vault: two tokens discarded
    assert s.vault[0] and s.warehouse[0] == {"salmon": 0, "flounder": 0, "herring": 0, "cod": 0, "amber": 1}
    assert s.current_player == 1
    # players 1 and 2 own no tokens: no tax for them now (MB-9.5)
    assert all(a["type"] == "company" for a in s.legal_actions())
    s = s.apply({"type": "company", "value": 3, "species": "salmon"})
    assert s.check({"type": "company", "value": 2, "species": "salmon", "player": 2}).legal
    s = s.apply({"type": "company", "value": 2, "species": "salmon"})
    # the first time token is on the track; the refill went on and drew the second one at once
    assert s.time_track == 1 and s.phase == "company" and s.queue == [0, 1, 2]
    assert s.market[1] == {"salmon": 3}
    assert s.check({"type": "tax", "pay": taxes[1]}).reason == "tax-paid"
    assert s.check({"type": "company", "value": 1, "species": "salmon", "player": 1}).reason == "not-your-turn"


@pytest.mark.rules("MB-9.4", "MB-9.5", "MB-10.1")
def test_everyone_pays_tax_once_and_the_vault_can_be_last():
    s = _time_state().apply({"type": "end-turn"})
    for _ in range(5):
        while s.phase == "company":
            me = s.current_player
            # player 0 keeps the vault for last; the others take the first choice
            acts = s.legal_actions()
            if me == 0 and len(s.market[0]) < 4:
                acts = [a for a in acts if a["type"] == "company"]
            s = s.apply(acts[0])
    assert all(s.vault) and all(len(m) == 4 for m in s.market)
    assert s.time_track == 6 and s.end_round == 1  # the 6th: no company token (MB-10.1)
    assert s.phase == "actions" and s.current_player == 1


def _last_vault_state(hold=None, warehouse=None, **options):
    """Player 1 places a company token with only the vault left (four numbered tokens down)."""
    data = {
        "phase": "company",
        "company_queue": [0, 1, 2],
        "refill": {"field": 4, "need": 1},
        "time_track": 4,
        "actions_taken": 3,
        "players": [
            p(
                ["lubeck", "hano"],
                market={"salmon": 3, "flounder": 0, "herring": 2, "cod": 1},
                hold=hold or {},
                warehouse=warehouse or {},
            ),
            p(["stockholm"], market=FULL_MARKET),
            p(["riga"], market=FULL_MARKET),
        ],
        "tokens": sea_tokens(empty=("archipelago",)),
        "demand": DEMAND,
    }
    s = GAME.from_json(data)
    s.options.update(options)
    return s


@pytest.mark.rules("MB-9.3", "MB-9.5")
def test_last_vault_readings():
    one = {"type": "tax", "pay": [{"from": "warehouse", "kind": "amber"}]}
    none = {"type": "tax", "pay": []}
    s = _last_vault_state(warehouse={"amber": 1})
    assert s.options["last_vault"] == "what_they_have"  # the default
    assert s.check(one).legal and s.check(one).reason == "ok-tax"
    assert s.check(none).reason == "tax-count-last" and "MB-9.5" in s.check(none).rules
    assert [a for a in s.legal_actions() if a["type"] == "tax"] == [one]
    s = _last_vault_state(warehouse={"amber": 1}, last_vault="nothing")
    assert s.check(none).legal and s.check(none).reason == "ok-tax-nothing"
    assert s.check(one).reason == "tax-count-last-nothing"
    assert [a for a in s.legal_actions() if a["type"] == "tax"] == [none]
    after = s.apply(none)
    assert after.vault[0] and after.warehouse[0]["amber"] == 1  # nothing paid
    for reading in ("what_they_have", "nothing"):
        empty = _last_vault_state(last_vault=reading)  # no token at all: both pay nothing
        assert empty.check(none).legal
        two = _last_vault_state(warehouse={"amber": 2}, last_vault=reading)  # two tokens: both pay two
        assert two.check({"type": "tax", "pay": [{"from": "warehouse", "kind": "amber"}] * 2}).legal
        assert not two.check(one).legal


@pytest.mark.rules("MB-11.5", "MB-13.2")
def test_tie_tokens_readings():
    """The book's green contract (2 sets, 14 points, nothing left) against 14 points with 8 tokens left."""

    def final(reading):
        players = [
            p(
                ["lubeck"],
                market={"salmon": 3, "flounder": 1, "herring": 2, "cod": 0},
                vault=True,
                contract="c1",
                contract_sets=2,  # its move at the end (MB-13.2)
                warehouse={"salmon": 2, "herring": 2, "amber": 4},
            ),
            p(["riga"], market=FULL_MARKET, vault=True, warehouse={"salmon": 2, "flounder": 2, "herring": 2, "amber": 2}),
            p(["visby"], market=FULL_MARKET, vault=True, warehouse={"amber": 3}),
        ]
        return GAME.from_json(
            {
                "players": players,
                "phase": "over",
                "time_track": 6,
                "end_round": 4,
                "round": 4,
                "turn": 2,
                "demand": DEMAND,
                "options": {"contracts": True, "tie_tokens": reading},
            }
        )

    left, every = final("left"), final("all")
    assert left.scores() == every.scores() == [14, 14, 3]
    assert [r["warehouse_tokens"] for r in left.score_details()] == [0, 8, 3]
    assert left.winners() == [1]
    assert [r["warehouse_tokens"] for r in every.score_details()] == [8, 8, 3]
    assert every.winners() == [0, 1]
    assert GAME.options["tie_tokens"].default == "left"


# ---------------------------------------------------------------- MB-10: the end
def _sixth_token_state(turn, **options):
    data = {
        "round": 2,
        "turn": turn,
        "time_track": 5,
        "players": [
            p(["lubeck", "hano"], market={"salmon": 3, "flounder": 2, "herring": 1, "cod": 0}, vault=True),
            p(["stockholm"], market=FULL_MARKET, vault=True),
            p(["riga"], market=FULL_MARKET, vault=True),
        ],
        "tokens": sea_tokens(empty=("pomerania",)),
        "demand": DEMAND,
    }
    return only_time_in_bag(data, **options)


@pytest.mark.rules("MB-10.1", "MB-10.2")
def test_sixth_token_mid_round_finishes_the_round_then_one_more():
    s = _sixth_token_state(turn=1)
    assert s.bag["time"] == 1
    s = s.apply({"type": "end-turn"})
    assert s.time_track == 6 and s.end_round == 3 and s.phase == "actions"
    turns = 0
    while not s.is_over():
        s = s.apply({"type": "end-turn"})
        turns += 1
    assert turns == 1 + 3  # player 2 finishes round 2, then the full round 3


@pytest.mark.rules("MB-10.3")
def test_sixth_token_after_the_last_player_still_one_round():
    s = _sixth_token_state(turn=2).apply({"type": "end-turn"})
    assert s.end_round == 3 and s.current_player == 0
    turns = 0
    while not s.is_over():
        s = s.apply({"type": "end-turn"})
        turns += 1
    assert turns == 3


@pytest.mark.rules("MB-8.3", "MB-10.1")
def test_sixth_token_then_empty_bag_under_the_end_reading():
    s = _sixth_token_state(turn=1, empty_bag="end").apply({"type": "end-turn"})
    assert s.is_over() and s.time_track == 6


# ---------------------------------------------------------------- MB-12: variant 1
@pytest.mark.rules("MB-12.1", "MB-12.3", "MB-12.4")
def test_variant_1_unload_choices():
    data = {
        "options": {"demand_variant": True},
        "players": [p(["gdansk", "gdansk_bay"], hold={"salmon": 1, "herring": 2}), p(["riga"]), p(["visby"])],
        "tokens": sea_tokens(),
    }
    s = GAME.from_json(data)
    unloads = [a for a in s.legal_actions() if a["type"] == "unload"]
    # salmon (1 fish) may only take the 0 slot; herring (2 fish) either slot; both together need both slots
    assert {"type": "unload", "port": "gdansk", "fish": {"salmon": 1}, "demand": {"salmon": 0}} in unloads
    assert {"type": "unload", "port": "gdansk", "fish": {"salmon": 1}, "demand": {"salmon": 1}} not in unloads
    assert {
        "type": "unload",
        "port": "gdansk",
        "fish": {"salmon": 1, "herring": 2},
        "demand": {"salmon": 0, "herring": 1},
    } in unloads
    assert {
        "type": "unload",
        "port": "gdansk",
        "fish": {"salmon": 1, "herring": 2},
        "demand": {"salmon": 1, "herring": 0},
    } not in unloads
    assert len(unloads) == 1 + 2 * 2 + 2 * 1  # salmon alone, herring alone, both
    for a in unloads:
        assert s.check(a).legal
    assert s.check({"type": "unload", "port": "gdansk", "fish": {"herring": 2}}).reason == "demand-missing"
    assert (
        s.check({"type": "unload", "port": "gdansk", "fish": {"herring": 2}, "demand": {"herring": 0, "salmon": 1}}).reason
        == "demand-not-needed"
    )


# ---------------------------------------------------------------- MB-13: variant 2
@pytest.mark.rules("MB-13.1")
def test_contract_action():
    data = late(options={"contracts": True})
    s = GAME.from_json(data)
    offers = [a["card"] for a in s.legal_actions() if a["type"] == "contract"]
    assert offers == CONTRACTS.ids
    s = s.apply({"type": "contract", "card": "c4"})
    assert s.contract[0] == "c4" and s.actions == 1  # it costs an action
    assert s.check({"type": "contract", "card": "c4"}).reason == "contract-already-yours"
    s = s.apply({"type": "contract", "card": "c1"})
    assert s.contract[0] == "c1" and "c4" in s.pile()  # a swap: at most one contract
    assert GAME.from_json(late()).check({"type": "contract", "card": "c1"}).reason == "contracts-off"


# ---------------------------------------------------------------- positions, errors, texts
def test_bad_positions_name_the_field():
    good = late()
    bag = GAME.from_json(good).bag
    cases = [
        (dict(good, players=good["players"][:2]), "state.players"),
        (dict(good, players=[p(["lubeck", "lubeck"])] + good["players"][1:]), "state.players[0].ships"),
        (dict(good, players=[p(["lubeck"], hold={"cod": 6})] + good["players"][1:]), "state.players[0].hold"),
        (dict(good, players=[p(["lubeck"], hold={"whale": 1})] + good["players"][1:]), "state.players[0].hold.whale"),
        (dict(good, tokens={"hano": ["cod", "cod"]}), "state.tokens.hano"),
        (dict(good, demand=dict(DEMAND, gdansk=["cod", "cod"])), "state.demand.gdansk"),
        (dict(good, phase="dancing"), "state.phase"),
        (dict(good, end_round=None), "state.end_round"),
        (dict(good, discarded={"cod": 99}), "state.discarded.cod"),
        (dict(good, bag=dict(bag, cod=bag["cod"] + 1)), "state.bag.cod"),
        (dict(good, rng="xyz"), "state.rng"),
        (dict(good, colour="red"), "state.colour"),
    ]
    for data, field in cases:
        with pytest.raises(InputError) as err:
            GAME.from_json(data)
        assert err.value.field == field, (field, err.value.message["en"])
        assert err.value.message["hu"] and err.value.message["en"]


def test_malformed_actions_raise_input_error_and_change_nothing():
    s = GAME.from_json(late())
    before = json.dumps(s.to_json(), sort_keys=True)
    for bad in [
        None,
        [],
        {"type": None},
        {"type": "sail", "from": 3, "to": "hano"},
        {"type": "unload", "port": "gdansk", "fish": {"cod": "two"}},
        {"type": "tax"},
        {"type": "company", "value": 1},
    ]:
        with pytest.raises(InputError):
            s.check(bad)
        with pytest.raises(InputError):
            s.apply(bad)
    with pytest.raises(IllegalAction):
        s.apply({"type": "sail", "from": "supply", "to": "visby"})
    assert json.dumps(s.to_json(), sort_keys=True) == before


@pytest.mark.parametrize("seed", range(3))
def test_describe_every_action_in_both_languages(seed):
    s = GAME.new(3, seed, {"demand_variant": True, "contracts": True})
    from engine.cli import random_playout

    for _, action, _, _ in random_playout(s, 300, seed):
        for lang in ("hu", "en"):
            text = s.describe(action, lang)
            assert text and "{" not in text
        s = s.apply(action)


@pytest.mark.rules("MB-11.1", "MB-11.4", "MB-11.5")
def test_winner_and_ties():
    market = {"salmon": 3, "flounder": 2, "herring": 1, "cod": 0}

    def final(whs, holds=({}, {}, {})):
        players = [
            p([port], market=market, vault=True, warehouse=wh, hold=h)
            for port, wh, h in zip(["lubeck", "riga", "visby"], whs, holds)
        ]
        return GAME.from_json(
            {"players": players, "phase": "over", "time_track": 6, "end_round": 4, "round": 4, "turn": 2, "demand": DEMAND}
        )

    s = final([{"salmon": 2}, {"herring": 3, "cod": 3}, {"amber": 5}], holds=({}, {}, {"salmon": 5}))
    assert s.scores() == [6, 3, 5]  # player 3's hold scores nothing
    assert s.winners() == [0]
    tie = final([{"salmon": 2}, {"herring": 3, "amber": 3, "cod": 1}, {"amber": 5}])
    assert tie.scores() == [6, 6, 5]
    assert tie.winners() == [1]  # more tokens in the warehouse
    shared = final([{"salmon": 2}, {"flounder": 3}, {"amber": 5}])
    assert shared.scores() == [6, 6, 5]
    assert [r["warehouse_tokens"] for r in shared.score_details()] == [2, 3, 5]
    assert shared.winners() == [1]
    shared = final([{"salmon": 1, "amber": 3}, {"flounder": 2, "herring": 2}, {"amber": 5}])
    assert shared.scores() == [6, 6, 5]
    assert shared.winners() == [0, 1]  # equal points and tokens: shared
