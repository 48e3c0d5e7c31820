"""Mare Balticum: the state, the legal actions and their verdicts (rules MB-2 … MB-13).

Actions (JSON objects, see schema/action.schema.json):

    {"type": "start", "port": "gdansk"}                       setup: first ship into a port (MB-2.4)
    {"type": "sail", "from": "supply"|<field>, "to": <field>}  MB-4
    {"type": "fish", "field": <sea area>, "kind": "salmon"}    MB-5
    {"type": "unload", "port": <port>, "fish": {"herring": 2}, MB-6 (variant 1: "demand": {"herring": 1},
                                                                the slot index for each newly placed demand token)
    {"type": "discard", "kind": "cod"}                         MB-7, free
    {"type": "contract", "card": "c1"}                         MB-13.1 (variant 2)
    {"type": "end-turn"}                                       MB-3.1: stop before the third action
    {"type": "company", "value": 2, "species": "herring"}      MB-9.2, when a time token is drawn
    {"type": "tax", "pay": [{"from": "hold"|"warehouse", "kind": "cod"}, …]}   MB-9.3
    {"type": "fulfil", "sets": 2}                              MB-13.2, at the end (variant 2)

Every action may also carry "player": the seat that means to play it.
Chance (the bag) is drawn inside `_apply` from the state's seeded Rng.

Reading, writing and checking a position, and the phases and their turn order, are in position.py
(its `PHASES`, from which the core answers "not now" and "not your turn"). Each `_check_<type>` is a
generator: it yields the verdict of every rule the action breaks, or the one legal verdict.
"""

from __future__ import annotations

from ..core import Rng, State, cites
from ..core.messages import N_, seat_words
from . import position, scoring
from .board import BOARD, CONTRACTS
from .components import (
    ACTIONS_PER_TURN,
    BAG_KINDS,
    COMPANY_VALUES,
    DEMAND_TOKENS_PER_SPECIES,
    HOLD_SIZE,
    SPECIES,
    TIME_TOKENS,
    TOKEN_COUNTS,
    TOKEN_KINDS,
)
from .describe import describe
from .messages import NAMES, READING_NAMES, SOURCE_NAMES, TIE_NOTE_CODES, both, fields_param
from .scoring import contract_sets_possible


class MareBalticumState(State):
    end_rules = ("MB-10.1", "MB-10.2", "MB-10.3")
    _transient = ("bag_given",)  # set by the reader, read by problems only
    bag_given = True  # a state from play always has its bag
    board = BOARD

    # ------------------------------------------------------------------ construction
    @classmethod
    @cites("MB-2.1", "MB-2.2", "MB-2.3", "MB-2.5", "MB-1.1", "MB-1.2", "MB-1.3", "MB-1.4")
    def initial(cls, game, players, seed, options):
        """A new game. Seat 1 (index 0) is the start player, who holds the start player marker
        (MB-2.5): the players sit in seat order clockwise, so the last seat is the start
        player's right-hand neighbour, whose turn ends a round (MB-3.2, MB-10.2)."""
        s = cls._blank(game, players, options)
        s.rng = Rng(seed)
        s.bag = {**TOKEN_COUNTS, "time": 0}
        for fid in BOARD.sea:  # MB-2.1
            s.tokens[fid] = sorted(s._draw() for _ in range(BOARD.capacity(fid)))
        s.bag["time"] = TIME_TOKENS  # MB-2.2
        if not options["demand_variant"]:  # MB-2.3
            s._random_demand()
        return s

    @classmethod
    def _blank(cls, game, players, options):
        return cls(game, dict(options), position.blank(players))

    def _random_demand(self):
        tokens = [sp for sp in SPECIES for _ in range(DEMAND_TOKENS_PER_SPECIES)]
        slots = [(p, i) for p in BOARD.ports for i in range(len(BOARD.slots[p]))]
        while True:
            self.rng.shuffle(tokens)
            demand = {p: [None] * len(BOARD.slots[p]) for p in BOARD.ports}
            for (p, i), sp in zip(slots, tokens):
                demand[p][i] = sp
            if all(len(set(v)) == len(v) for v in demand.values()):  # never two alike in a port
                self.demand = demand
                return

    def copy(self):
        """The core's copy clones every list and dict (about 190 of them here), which made a move
        several times dearer (bench/position.py weighs the two). This state is copy-on-write instead:
        the lists inside tokens, ships, demand and market are replaced, never changed in place, so
        only the containers a move changes in place are copied."""
        s = self.__class__.__new__(self.__class__)
        s.game = self.game
        s.options = self.options
        s.n = self.n
        s.tokens = dict(self.tokens)
        s.ships = list(self.ships)
        s.supply = list(self.supply)
        s.hold = [dict(h) for h in self.hold]
        s.warehouse = [dict(w) for w in self.warehouse]
        s.market = list(self.market)
        s.vault = list(self.vault)
        s.contract = list(self.contract)
        s.contract_sets = self.contract_sets  # replaced, never changed in place
        s.demand = dict(self.demand)
        s.bag = dict(self.bag)
        s.discarded = dict(self.discarded)
        s.time_track = self.time_track
        s.phase = self.phase
        s.turn = self.turn
        s.round = self.round
        s.actions = self.actions
        s.queue = list(self.queue)
        s.refill = dict(self.refill) if self.refill is not None else None
        s.end_round = self.end_round
        s.rng = Rng(state=self.rng.state)
        return s

    # ------------------------------------------------------------------ queries
    @property
    def current_player(self) -> int:
        if self.phase == "company":
            return self.queue[0]
        if self.phase == "contracts":
            return next((i for i in self._undecided()), self.turn)
        return self.turn

    @property
    def player_count(self) -> int:
        return self.n

    def _undecided(self) -> list:
        """The seats holding a contract that have not stated their sets, in seat order (MB-13.2)."""
        if not self.options["contracts"]:
            return []
        return [i for i, (c, k) in enumerate(zip(self.contract, self.contract_sets)) if c is not None and k is None]

    def is_over(self) -> bool:
        return self.phase == "over"

    def companies(self, seat: int) -> dict:
        """The company values by species; a species without a token yet counts 0 (only before the end)."""
        return {sp: self.market[seat].get(sp, 0) for sp in SPECIES}

    @cites("MB-11.1", "MB-11.2", "MB-11.3", "MB-13.2", "MB-13.3")
    def _scored(self) -> list:
        out = []
        for i in range(self.n):
            contract = None
            if self.options["contracts"] and self.contract[i] is not None:
                contract = CONTRACTS.cards[self.contract[i]]
            sets = self.contract_sets[i] if contract is not None else None
            out.append(
                scoring.score(self.companies(i), self.warehouse[i], contract, sets=sets, tie_tokens=self.options["tie_tokens"])
            )
        return out

    def scores(self) -> list:
        return [r["total"] for r in self._scored()]

    def score_details(self) -> list:
        """Points by kind (after the contract sets are set aside), the contract's points, the
        warehouse tokens that break a tie (MB-11.5, under the `tie_tokens` reading) and the hold
        fish that score nothing (MB-11.1)."""
        out = []
        for i, r in enumerate(self._scored()):
            row = {line["kind"]: line["points"] for line in r["lines"]}
            row["contract"] = r["contract"]["points"] if r["contract"] else 0
            row["total"] = r["total"]
            row["warehouse_tokens"] = r["warehouse_tokens"]
            row["hold_discarded"] = sum(self.hold[i].values())
            out.append(row)
        return out

    @cites("MB-11.4", "MB-11.5")
    def winners(self) -> list:
        if not self.is_over():
            return []
        sc = self._scored()
        return scoring.winners([r["total"] for r in sc], [r["warehouse_tokens"] for r in sc])

    def pile(self) -> list:
        """Contract cards nobody holds (MB-13.1)."""
        return [c for c in CONTRACTS.ids if c not in self.contract]

    def demand_left(self, species: str) -> int:
        """Demand tokens of a species not yet in a port (variant 1, MB-12.3)."""
        return DEMAND_TOKENS_PER_SPECIES - sum(v.count(species) for v in self.demand.values())

    # ------------------------------------------------------------------ the fleet rule
    @cites("MB-4.2")
    def fleet_ok(self, fields) -> bool:
        """The fleet rule under the `fleet` reading (position.fleet_ok)."""
        return position.fleet_ok(fields, self.options["fleet"])

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list:
        if self.phase == "over":
            return []
        me = self.current_player
        if self.phase == "setup":
            return [{"type": "start", "port": p} for p in BOARD.ports]
        if self.phase == "contracts":
            full = contract_sets_possible(self.warehouse[me], CONTRACTS.cards[self.contract[me]])
            return [{"type": "fulfil", "sets": k} for k in range(full + 1)]
        if self.phase == "company":
            return self._company_actions(me)
        out = self._sail_actions(me)
        hold_n = sum(self.hold[me].values())
        for fid in self.ships[me]:
            for kind in sorted(set(self.tokens.get(fid, ())), key=TOKEN_KINDS.index):
                if kind == "amber" or hold_n < HOLD_SIZE:
                    out.append({"type": "fish", "field": fid, "kind": kind})
        for port in self.ships[me]:
            if BOARD.kind[port] == "port":
                out.extend(self._unload_actions(me, port))
        if self.options["contracts"]:
            for card in self.pile():
                out.append({"type": "contract", "card": card})
        for sp in SPECIES:
            if self.hold[me][sp]:
                out.append({"type": "discard", "kind": sp})
        out.append({"type": "end-turn"})
        return out

    def _sail_actions(self, me) -> list:
        # Sets of fields as bit masks (bit i = BOARD.ids[i]), so the listing is fast and in board order.
        ids, bit, adjmask = BOARD.ids, BOARD.bit, BOARD.adjmask
        ships = self.ships[me]
        own = 0
        for f in ships:
            own |= bit[f]
        out = []
        if self.supply[me]:
            targets = 0
            for f in ships:
                targets |= adjmask[f]
            targets &= ~own
            return [{"type": "sail", "from": "supply", "to": ids[i]} for i in _bits(targets)]
        connected = self.options["fleet"] == "connected"
        for f in ships:
            others = own & ~bit[f]
            cands = 0
            for g in ships:
                if g != f:
                    cands |= adjmask[g]
            cands &= ~own
            # Equivalent to fleet_ok(others + [t]) for each candidate t (which touches `others`):
            # "pairs": t must touch every ship that would be left alone; "connected": every group.
            if connected:
                must = _groups(others)
            else:
                must = [bit[d] for d in ships if d != f and not adjmask[d] & others]
            for i in _bits(cands):
                near = adjmask[ids[i]]
                for m in must:
                    if not near & m:
                        break
                else:
                    out.append({"type": "sail", "from": f, "to": ids[i]})
        return out

    def _unload_actions(self, me, port) -> list:
        hold = self.hold[me]
        variant = self.options["demand_variant"]
        demand = self.demand[port]
        free = [i for i, sp in enumerate(demand) if sp is None]
        choices = []  # per species: list of (count, slot or None) options, first (0, None) = skip
        for sp in SPECIES:
            opts = [(0, None)]
            have = hold[sp]
            if have:
                if sp in demand:
                    opts += [(c, None) for c in range(1, have + 1)]
                elif variant and free and self.demand_left(sp) > 0:
                    for slot in free:
                        if BOARD.slots[port][slot] == -1 and have < 2:
                            continue
                        opts += [(c, slot) for c in range(1, have + 1)]
            choices.append(opts)
        out = []

        def walk(i, fish, placed, used):
            if i == len(SPECIES):
                if fish:
                    action = {"type": "unload", "port": port, "fish": dict(fish)}
                    if placed:
                        action["demand"] = dict(placed)
                    out.append(action)
                return
            sp = SPECIES[i]
            for count, slot in choices[i]:
                if slot is not None and slot in used:
                    continue
                if count:
                    fish[sp] = count
                if slot is not None:
                    placed[sp] = slot
                walk(i + 1, fish, placed, used | ({slot} if slot is not None else set()))
                fish.pop(sp, None)
                placed.pop(sp, None)

        walk(0, {}, {}, frozenset())
        return out

    @cites("MB-9.3", "MB-9.5")
    def _tax_due(self, me) -> int:
        """Two tokens (MB-9.3). With fewer than two, the vault may be placed only as the last
        company token (MB-9.5), and the book does not say what is paid then: under the
        `last_vault` reading, what the player has ("what_they_have") or nothing ("nothing")."""
        total = sum(self.hold[me].values()) + sum(self.warehouse[me].values())
        if total >= 2:
            return 2
        return 0 if self.options["last_vault"] == "nothing" else total

    def _tax_choices(self, me) -> list:
        items = [("hold", sp) for sp in SPECIES if self.hold[me][sp]]
        items += [("warehouse", k) for k in TOKEN_KINDS if self.warehouse[me][k]]
        total = sum(self.hold[me].values()) + sum(self.warehouse[me].values())
        last = len(self.market[me]) == len(COMPANY_VALUES)
        if total < 2:
            if not last:
                return []
            return [[{"from": src, "kind": k} for src, k in items][: self._tax_due(me)]]
        pairs = []
        for a in range(len(items)):
            for b in range(a, len(items)):
                src, k = items[a]
                if a == b and (self.hold[me] if src == "hold" else self.warehouse[me])[k] < 2:
                    continue
                pairs.append([{"from": items[a][0], "kind": items[a][1]}, {"from": items[b][0], "kind": items[b][1]}])
        return pairs

    def _company_actions(self, me) -> list:
        out = []
        used = set(self.market[me].values())
        for v in COMPANY_VALUES:
            if v in used:
                continue
            for sp in SPECIES:
                if sp not in self.market[me]:
                    out.append({"type": "company", "value": v, "species": sp})
        if not self.vault[me]:
            for pay in self._tax_choices(me):
                out.append({"type": "tax", "pay": pay})
        return out

    # ------------------------------------------------------------------ checking
    # The core's dispatcher (State.check) answers the phase and the turn from position.PHASES, then
    # asks these. Each yields every rule the action breaks (`about`: the fields each concerns; a
    # precondition, true but not the point, says so with its fix), or the legal verdict.
    @cites("MB-2.4")
    def _check_start(self, action):
        port = action["port"]
        if BOARD.kind[port] != "port":
            yield self._no("not-a-port", "MB-2.4", about=("action.port",), field=BOARD.name[port])
            return
        yield self._ok("ok-start", "MB-2.4", port=BOARD.name[port])

    @cites("MB-4.1", "MB-4.2", "MB-4.3", "MB-4.4")
    def _check_sail(self, action):
        me = self.current_player
        src, dst = action["from"], action["to"]
        ships = self.ships[me]
        mine, supply = f"state.players[{me}].ships", f"state.players[{me}].supply"
        broken = False
        if dst in ships:
            broken = True
            yield self._no("own-ship-there", "MB-4.4", about=("action.to", mine), field=BOARD.name[dst])
        if src == "supply":
            if not self.supply[me]:
                broken = True
                yield self._no("supply-empty", "MB-4.3", about=("action.from", supply))
            if not any(dst in BOARD.adjset[f] for f in ships):
                broken = True
                yield self._no("not-next-to-fleet", "MB-4.1", about=("action.to", mine), field=BOARD.name[dst])
            if broken:
                return
            rules = ["MB-4.1", "MB-4.2"]
            if any(dst in self.ships[i] for i in range(self.n) if i != me):
                rules.append("MB-4.4")
            yield self._ok("ok-launch", *rules, field=BOARD.name[dst])
            return
        if self.supply[me]:
            broken = True
            yield self._no("supply-first", "MB-4.1", "MB-4.3", about=(supply,), count=self.supply[me])
        if src not in ships:
            # no ship to move: what the fleet would be after it is not asked
            yield self._no("no-own-ship", "MB-4.3", about=("action.from", mine), field=BOARD.name[src])
            return
        after = [f for f in ships if f != src] + [dst]
        if not self.fleet_ok(after):
            broken = True
            yield self._no("fleet-broken", "MB-4.2", about=("action.to", mine), reading=READING_NAMES[self.options["fleet"]])
        if broken:
            return
        rules = ["MB-4.3", "MB-4.2"]
        if any(dst in self.ships[i] for i in range(self.n) if i != me):
            rules.append("MB-4.4")  # other players' ships do not block
        yield self._ok("ok-move", *rules, field=BOARD.name[dst])

    @cites("MB-5.1", "MB-5.2", "MB-5.3", "MB-5.4")
    def _check_fish(self, action):
        me = self.current_player
        fid, kind = action["field"], action["kind"]
        broken = False
        if fid not in self.ships[me]:
            broken = True
            yield self._no("no-own-ship", "MB-5.1", about=("action.field", f"state.players[{me}].ships"), field=BOARD.name[fid])
        if kind not in self.tokens.get(fid, ()):
            # asked of a token that is not there: true, but the point is usually the hold; the fix
            # puts one from the bag (where the bag has one and the area has room)
            broken = True
            fix = None
            if kind != "amber" and self.bag[kind] and BOARD.kind[fid] != "port" and len(self.tokens[fid]) < BOARD.capacity(fid):
                fix = self.game.fix("place_token", N_("fix-place-token"), {"kind": kind, "fid": fid}, kind=NAMES[kind])
            yield self._no(
                "token-not-there",
                "MB-5.1",
                about=("action.kind", f"state.tokens.{fid}"),
                precondition=True,
                fix=fix,
                field=BOARD.name[fid],
                kind=NAMES[kind],
            )
        full = sum(self.hold[me].values()) >= HOLD_SIZE
        if kind != "amber" and full:
            broken = True
            yield self._no("hold-full", "MB-5.3", "MB-5.4", about=(f"state.players[{me}].hold",), size=HOLD_SIZE)
        if broken:
            return
        if kind == "amber":
            if full:
                yield self._ok("ok-amber-full-hold", "MB-5.1", "MB-5.2", "MB-5.4")
                return
            yield self._ok("ok-amber", "MB-5.1", "MB-5.2")
            return
        yield self._ok("ok-fish", "MB-5.1", "MB-5.3", kind=NAMES[kind])

    @cites("MB-6.1", "MB-12.1", "MB-12.2", "MB-12.3", "MB-12.4")
    def _check_unload(self, action):
        me = self.current_player
        port = action["port"]
        counts = action["fish"]
        variant = self.options["demand_variant"]
        placing = action.get("demand", {})
        hold = f"state.players[{me}].hold"
        if BOARD.kind[port] != "port":
            yield self._no("not-a-port", "MB-6.1", about=("action.port",), field=BOARD.name[port])
            return
        broken = False
        if port not in self.ships[me]:
            broken = True
            yield self._no(
                "no-ship-in-port", "MB-6.1", about=("action.port", f"state.players[{me}].ships"), port=BOARD.name[port]
            )
        if not counts:
            yield self._no("unload-nothing", "MB-6.1", about=("action.fish",))
            return
        for sp in SPECIES:
            if counts.get(sp, 1) < 1:
                yield self._no("unload-count", "MB-6.1", about=("action.fish",), kind=NAMES[sp], count=counts[sp])
                return
        for sp in SPECIES:
            if sp in counts and counts[sp] > self.hold[me][sp]:
                broken = True
                yield self._no(
                    "not-in-hold", "MB-6.1", about=("action.fish", hold), kind=NAMES[sp], count=counts[sp], have=self.hold[me][sp]
                )
        if placing and not variant:
            yield self._no("demand-variant-off", "MB-2.3", "MB-12.1", about=("action.demand",))
            return
        demand = self.demand[port]
        where = f"state.demand.{port}"
        used_slots = set()
        for sp in SPECIES:
            if sp not in placing:
                continue
            slot = placing[sp]
            if sp not in counts or sp in demand:
                yield self._no(
                    "demand-not-needed", "MB-12.1", about=("action.demand", where), kind=NAMES[sp], port=BOARD.name[port]
                )
                return
            if not 0 <= slot < len(demand):
                yield self._no(
                    "demand-no-slot",
                    "MB-1.5",
                    "MB-12.1",
                    about=("action.demand",),
                    port=BOARD.name[port],
                    slot=slot,
                    n=len(demand),
                )
                return
            if demand[slot] is not None or slot in used_slots:
                yield self._no("demand-slot-taken", "MB-12.1", about=("action.demand", where), port=BOARD.name[port])
                return
            if self.demand_left(sp) <= 0:
                broken = True
                yield self._no("demand-used-up", "MB-12.3", about=("action.demand", "state.demand"), kind=NAMES[sp])
            elif BOARD.slots[port][slot] == -1 and self.hold[me][sp] < 2:
                broken = True
                yield self._no("demand-single-fish", "MB-12.4", about=("action.demand", hold), kind=NAMES[sp])
            used_slots.add(slot)
        for sp in SPECIES:
            if sp in counts and sp not in demand and sp not in placing:
                broken = True
                if variant and None in demand:
                    if self.demand_left(sp) <= 0:
                        yield self._no(
                            "demand-used-up", "MB-6.1", "MB-12.3", about=("action.fish", "state.demand"), kind=NAMES[sp]
                        )
                    else:
                        yield self._no(
                            "demand-missing",
                            "MB-6.1",
                            "MB-12.1",
                            about=("action.fish", where),
                            kind=NAMES[sp],
                            port=BOARD.name[port],
                        )
                else:
                    yield self._no("not-demanded", "MB-6.1", about=("action.fish", where), kind=NAMES[sp], port=BOARD.name[port])
        if broken:
            return
        lost = self._unload_losses(port, counts, placing)
        if variant:
            rules = ["MB-6.1", "MB-12.1"] if placing else ["MB-6.1"]
            if sum(lost.values()):
                rules.append("MB-12.2")
            yield self._ok(
                "ok-unload-lost" if sum(lost.values()) else "ok-unload",
                *rules,
                count=sum(counts.values()) - sum(lost.values()),
                n=sum(lost.values()),
            )
            return
        yield self._ok("ok-unload", "MB-6.1", "MB-6.2", count=sum(counts.values()))

    def _unload_losses(self, port, counts, placing) -> dict:
        if not self.options["demand_variant"]:
            return {}
        lost = {}
        for sp in counts:
            slot = placing[sp] if sp in placing else self.demand[port].index(sp)
            if BOARD.slots[port][slot] == -1:
                lost[sp] = 1
        return lost

    @cites("MB-7.1")
    def _check_discard(self, action):
        me = self.current_player
        kind = action["kind"]
        if not self.hold[me].get(kind, 0):
            yield self._no(
                "not-in-hold", "MB-7.1", about=("action.kind", f"state.players[{me}].hold"), kind=NAMES[kind], count=1, have=0
            )
            return
        yield self._ok("ok-discard", "MB-7.1", kind=NAMES[kind])

    @cites("MB-13.1")
    def _check_contract(self, action):
        me = self.current_player
        card = action["card"]
        if not self.options["contracts"]:
            yield self._no("contracts-off", "MB-13.1", about=("state.options.contracts",))
            return
        if self.contract[me] == card:
            yield self._no("contract-already-yours", "MB-13.1", about=("action.card", f"state.players[{me}].contract"))
            return
        if card in self.contract:
            owner = self.contract.index(card)
            yield self._no(
                "contract-taken", "MB-13.1", about=("action.card", f"state.players[{owner}].contract"), player=owner + 1
            )
            return
        if self.contract[me] is not None:
            yield self._ok("ok-contract-swap", "MB-13.1", old=self.contract[me], card=card)
            return
        yield self._ok("ok-contract", "MB-13.1", card=card)

    @cites("MB-3.1", "MB-8.1", "MB-8.3", "MB-10.2", "MB-10.3", "MB-13.2")
    def _check_end_turn(self, action):
        """Legal at any time in your turn; the verdict also says what the refill and the end rules will do."""
        count = self.actions
        if self._is_last_turn():
            if self._undecided():  # MB-13.2: the players holding a contract decide first
                yield self._ok(
                    "ok-end-turn-last-contracts", "MB-3.1", "MB-10.2", "MB-13.2", count=count, player=self._undecided()[0] + 1
                )
                return
            yield self._game_end(END_TURN_LAST, ["MB-3.1", "MB-10.2"], self, count=count)
            return
        refill, blocked = self.refill_preview()
        need_tokens = sum(BOARD.capacity(f) for f in refill)
        fish_in_bag = sum(self.bag[k] for k in TOKEN_KINDS)
        names = fields_param
        if fish_in_bag < need_tokens:
            if self.options["empty_bag"] == "end":
                yield self._ok("ok-end-turn-bag-ends", "MB-3.1", "MB-8.3", count=count, need=need_tokens, have=fish_in_bag)
                return
            yield self._ok("ok-end-turn-bag-short", "MB-3.1", "MB-8.3", count=count, need=need_tokens, have=fish_in_bag)
            return
        if self.end_round is not None:
            if self.round >= self.end_round:
                yield self._ok("ok-end-turn-in-final-round", "MB-3.1", "MB-10.2", "MB-10.3", count=count)
            elif self.turn == self.n - 1:
                yield self._ok("ok-end-turn-final-round", "MB-3.1", "MB-10.2", count=count)
            else:
                yield self._ok("ok-end-turn-round-goes-on", "MB-3.1", "MB-10.2", count=count)
            return
        if blocked:
            yield self._ok("ok-end-turn-ship-blocks", "MB-3.1", "MB-8.1", count=count, fields=names(blocked))
            return
        yield self._ok("ok-end-turn", "MB-3.1", "MB-8.1", count=count)

    @cites("MB-10.2", "MB-11.4", "MB-11.5", "MB-13.2")
    def _game_end(self, codes, rules, final, **params):
        """The verdict of the move that ends the game (`final`: the position it leaves): who wins
        when the points tie (MB-11.5, with the `tie_tokens` reading when a contract set tokens
        aside). `codes`: its words without a tie, with a tie won, with a tie shared."""
        code, won, shared = codes
        sc = final._scored()
        totals = [r["total"] for r in sc]
        top = max(totals)
        rules = [*rules, "MB-11.4"]
        if totals.count(top) < 2:
            return self._ok(code, *rules, **params)
        win = scoring.winners(totals, [r["warehouse_tokens"] for r in sc])
        rules.append("MB-11.5")
        note = ""
        if any(r["contract"] for r in sc):  # the sets each player decided to set aside count
            if "MB-13.2" not in rules:
                rules.append("MB-13.2")
        if any(r["contract"] and r["contract"]["sets"] for r in sc):
            note = both(TIE_NOTE_CODES[self.options["tie_tokens"]])
        tokens = sc[win[0]]["warehouse_tokens"]
        params = {**params, "points": top, "tokens": tokens, "note": note}  # (the tie's points, not the move's)
        if len(win) == 1:
            return self._ok(won, *rules, winner=seat_words(win[0] + 1), **params)
        return self._ok(shared, *rules, winners=", ".join(str(i + 1) for i in win), **params)

    def _is_last_turn(self) -> bool:
        return self.end_round is not None and self.round >= self.end_round and self.turn == self.n - 1

    def refill_preview(self):
        """(areas to refill, empty areas another player's ship keeps empty) for the refill after the
        active player's turn."""
        refill, blocked = [], []
        mine = self.ships[self.turn]
        for fid in BOARD.sea:
            if self.tokens[fid] or fid in mine:
                continue
            if any(fid in ships for ships in self.ships):
                blocked.append(fid)
                continue
            refill.append(fid)
        return refill, blocked

    @cites("MB-9.2")
    def _check_company(self, action):
        me = self.current_player
        value, sp = action["value"], action["species"]
        market = f"state.players[{me}].market"
        broken = False
        if value in self.market[me].values():
            broken = True
            yield self._no("company-used", "MB-9.2", about=("action.value", market), value=value)
        if sp in self.market[me]:
            broken = True
            yield self._no(
                "market-slot-taken",
                "MB-9.2",
                about=("action.species", f"{market}.{sp}"),
                kind=NAMES[sp],
                value=self.market[me][sp],
            )
        if broken:
            return
        yield self._ok("ok-company", "MB-9.1", "MB-9.2", value=value, kind=NAMES[sp])

    @cites("MB-9.3", "MB-9.4", "MB-9.5")
    def _check_tax(self, action):
        me = self.current_player
        pay = action["pay"]
        wanted = {}
        for item in pay:
            key = (item["from"], item["kind"])
            wanted[key] = wanted.get(key, 0) + 1
        if self.vault[me]:
            yield self._no("tax-paid", "MB-9.4", about=(f"state.players[{me}].vault",))
            return
        total = sum(self.hold[me].values()) + sum(self.warehouse[me].values())
        last = len(self.market[me]) == len(COMPANY_VALUES)
        if total < 2 and not last:
            yield self._no("tax-too-few", "MB-9.5", about=(f"state.players[{me}].market",), have=total)
            return
        due = self._tax_due(me)
        broken = False
        if len(pay) != due:
            broken = True
            if total < 2:
                yield self._no(
                    "tax-count-last-nothing" if self.options["last_vault"] == "nothing" else "tax-count-last",
                    "MB-9.5",
                    "MB-9.3",
                    about=("action.pay",),
                    due=due,
                    count=len(pay),
                )
            else:
                yield self._no("tax-count", "MB-9.3", about=("action.pay",), due=due, count=len(pay))
        for (src, kind), count in sorted(wanted.items()):
            have = (self.hold[me] if src == "hold" else self.warehouse[me]).get(kind, 0)  # no amber in a hold
            if count > have:
                broken = True
                yield self._no(
                    "tax-not-owned",
                    "MB-9.3",
                    about=("action.pay", f"state.players[{me}].{src}"),
                    kind=NAMES[kind],
                    place=SOURCE_NAMES[src],
                )
                break
        if broken:
            return
        rules = ["MB-9.3", "MB-9.4"]
        if total < 2:
            rules.append("MB-9.5")
            if due == 0:
                yield self._ok("ok-tax-nothing", *rules)
                return
        yield self._ok("ok-tax", *rules, count=due)

    @cites("MB-13.2")
    def _check_fulfil(self, action):
        """At the end, a player holding a contract states how many full sets it sets aside (MB-13.2);
        the last to decide ends the game, and the verdict says who wins."""
        me = self.current_player
        sets = action["sets"]
        card = self.contract[me]
        full = contract_sets_possible(self.warehouse[me], CONTRACTS.cards[card])
        if sets > full:
            yield self._no(
                "fulfil-too-many", "MB-13.2", about=("action.sets", f"state.players[{me}].warehouse"), n=full, sets=sets
            )
            return
        points = sets * scoring.CONTRACT_SET_POINTS
        rest = [i for i in self._undecided() if i != me]
        if rest:
            yield self._ok("ok-fulfil", "MB-13.2", sets=sets, points=points, next=seat_words(rest[0] + 1))
            return
        final = self.copy()
        final.contract_sets = list(self.contract_sets)
        final.contract_sets[me] = sets
        yield self._game_end(FULFIL_LAST, ["MB-13.2", "MB-10.2"], final, sets=sets, points=points)

    # ------------------------------------------------------------------ applying
    def _apply_start(self, action):
        me = self.turn
        self.ships[me] = [action["port"]]
        self.supply[me] -= 1
        if self.turn == self.n - 1:  # MB-2.4: then the first round begins
            self.turn = 0
            self.phase = "actions"
            self.actions = 0
        else:
            self.turn += 1

    def _spend_action(self):
        self.actions += 1
        if self.actions >= ACTIONS_PER_TURN:
            self._end_turn()

    def _apply_sail(self, action):
        me = self.turn
        if action["from"] == "supply":
            self.supply[me] -= 1
            ships = self.ships[me] + [action["to"]]
        else:
            ships = [f for f in self.ships[me] if f != action["from"]] + [action["to"]]
        self.ships[me] = sorted(ships, key=BOARD.index.__getitem__)
        self._spend_action()

    @cites("MB-5.2", "MB-5.3")
    def _apply_fish(self, action):
        me = self.turn
        kind = action["kind"]
        tokens = list(self.tokens[action["field"]])
        tokens.remove(kind)
        self.tokens[action["field"]] = tokens
        if kind == "amber":
            self.warehouse[me]["amber"] += 1  # MB-5.2: face down to the warehouse
        else:
            self.hold[me][kind] += 1  # MB-5.3
        self._spend_action()

    @cites("MB-6.1", "MB-6.2", "MB-12.2")
    def _apply_unload(self, action):
        me = self.turn
        port = action["port"]
        counts = action["fish"]
        placing = action.get("demand", {})
        lost = self._unload_losses(port, counts, placing)
        if placing:  # MB-12.1
            slots = list(self.demand[port])
            for sp, slot in placing.items():
                slots[slot] = sp
            self.demand[port] = slots
        for sp in SPECIES:
            if sp in counts:
                n = counts[sp]
                self.hold[me][sp] -= n
                self.warehouse[me][sp] += n - lost.get(sp, 0)
                self.discarded[sp] += lost.get(sp, 0)
        self._spend_action()

    @cites("MB-7.1")
    def _apply_discard(self, action):
        me = self.turn
        self.hold[me][action["kind"]] -= 1
        self.discarded[action["kind"]] += 1

    def _apply_contract(self, action):
        self.contract[self.turn] = action["card"]
        if self.contract_sets[self.turn] is not None:  # the sets stated were for the card given back
            self.contract_sets = list(self.contract_sets)
            self.contract_sets[self.turn] = None
        self._spend_action()

    def _apply_fulfil(self, action):
        self.contract_sets = list(self.contract_sets)  # (shared with the copy it came from)
        self.contract_sets[self.current_player] = action["sets"]
        if not self._undecided():
            self.phase = "over"  # MB-13.2: the last to decide; scoring follows

    def _apply_end_turn(self, action):
        self._end_turn()

    def _apply_company(self, action):
        me = self.queue.pop(0)
        market = dict(self.market[me])
        market[action["species"]] = action["value"]
        self.market[me] = {sp: market[sp] for sp in SPECIES if sp in market}
        self._company_done()

    @cites("MB-9.3", "MB-9.4")
    def _apply_tax(self, action):
        me = self.queue.pop(0)
        self.vault[me] = True
        for item in action["pay"]:
            place = self.hold[me] if item["from"] == "hold" else self.warehouse[me]
            place[item["kind"]] -= 1
            self.discarded[item["kind"]] += 1
        self._company_done()

    @cites("MB-9.6")
    def _company_done(self):
        if self.queue:
            return
        self.time_track += 1  # MB-9.6: the token goes on the track
        self.phase = "actions"
        self._run_refill()  # … and the refill goes on

    # ------------------------------------------------------------------ turn flow, refill, time, end
    @cites("MB-3.2", "MB-10.2", "MB-10.3")
    def _end_turn(self):
        if self._is_last_turn():
            self._game_over()  # MB-10.2: the last round is over
            return
        self.refill = {"field": 0, "need": 0}
        self._run_refill()

    def _next_turn(self):
        self.actions = 0
        self.phase = "actions"
        if self.turn == self.n - 1:
            self.turn = 0
            self.round += 1
        else:
            self.turn += 1

    @cites("MB-13.2")
    def _game_over(self):
        """The game ends; in variant 2 the players holding a contract first state their sets."""
        self.phase = "contracts" if self._undecided() else "over"

    @cites("MB-8.1", "MB-8.2", "MB-8.3", "MB-9.1", "MB-10.1")
    def _run_refill(self):
        start = self.refill["field"]
        pending = self.refill["need"]
        ids = BOARD.ids
        for i in range(start, len(ids)):
            fid = ids[i]
            if i != start or not pending:
                if BOARD.kind[fid] == "port" or self.tokens[fid] or position.shipped(self, fid):
                    continue
                pending = BOARD.capacity(fid)
            while pending:
                if sum(self.bag.values()) == 0:  # MB-8.3: the bag is empty
                    self.refill = None
                    if self.options["empty_bag"] == "end":
                        self._game_over()
                    else:
                        self._next_turn()
                    return
                kind = self._draw()
                if kind == "time":
                    if self.time_track == TIME_TOKENS - 1:  # MB-10.1: the 6th token, no company token
                        self.time_track = TIME_TOKENS
                        self.end_round = self.round + 1
                        continue
                    self.refill = {"field": i, "need": pending}
                    self.phase = "company"  # MB-9.1: everyone places a company token
                    self.queue = [(self.turn + k) % self.n for k in range(self.n)]
                    return
                self.tokens[fid] = sorted(self.tokens[fid] + [kind])
                pending -= 1
        self.refill = None
        self._next_turn()

    def _draw(self) -> str:
        total = sum(self.bag.values())
        r = self.rng.below(total)
        for kind in BAG_KINDS:
            if r < self.bag[kind]:
                self.bag[kind] -= 1
                return kind
            r -= self.bag[kind]
        raise AssertionError("bag count mismatch")

    # ------------------------------------------------------------------ text
    def _describe(self, action, lang):
        return describe(action, lang)


# the words of a move that ends the game: without a tie, a tie won, a tie shared (`_game_end`)
END_TURN_LAST = (N_("ok-end-turn-last"), N_("ok-end-turn-last-tie-won"), N_("ok-end-turn-last-tie-shared"))
FULFIL_LAST = (N_("ok-fulfil-last"), N_("ok-fulfil-last-tie-won"), N_("ok-fulfil-last-tie-shared"))


def _bits(mask: int):
    """The indices of the set bits, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _groups(mask: int) -> list:
    """The connected groups of a set of fields (bit masks)."""
    groups = []
    adj = BOARD.adjmask_by_index
    while mask:
        low = mask & -mask
        group, frontier = low, low
        while frontier:
            nxt = 0
            for i in _bits(frontier):
                nxt |= adj[i]
            frontier = nxt & mask & ~group
            group |= frontier
        groups.append(group)
        mask &= ~group
    return groups
