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

Every action may also carry "player": the seat that means to play it.
Chance (the bag) is drawn inside `_apply` from the state's seeded Rng.
"""

from __future__ import annotations

from ..core import Rng, State, cites
from ..core.messages import seat_words
from . import position, scoring
from .board import BOARD, CONTRACTS
from .components import (
    ACTIONS_PER_TURN,
    BAG_KINDS,
    COMPANY_VALUES,
    DEMAND_TOKENS_PER_SPECIES,
    HOLD_SIZE,
    SHIPS_PER_PLAYER,
    SPECIES,
    TIME_TOKENS,
    TOKEN_COUNTS,
    TOKEN_KINDS,
)
from .describe import describe
from .messages import NAMES, PHASE_NAMES, READING_NAMES, SOURCE_NAMES, TIE_NOTE_CODES, both, fields_param

PHASE_OF = {
    "start": "setup",
    "sail": "actions",
    "fish": "actions",
    "unload": "actions",
    "discard": "actions",
    "contract": "actions",
    "end-turn": "actions",
    "company": "company",
    "tax": "company",
}
PHASE_RULES = {"setup": ("MB-2.4",), "actions": ("MB-3.1",), "company": ("MB-9.1",), "over": ("MB-10.2",)}


def _zero(kinds) -> dict:
    return {k: 0 for k in kinds}


class MareBalticumState(State):
    end_rules = ("MB-10.1", "MB-10.2", "MB-10.3")
    _transient = ("bag_given",)  # set by the loader, read by problems only
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
        s.bag = dict(TOKEN_COUNTS)
        s.bag["time"] = 0
        for fid in BOARD.sea:  # MB-2.1
            s.tokens[fid] = sorted(s._draw() for _ in range(BOARD.capacity(fid)))
        s.bag["time"] = TIME_TOKENS  # MB-2.2
        if not options["demand_variant"]:  # MB-2.3
            s._random_demand()
        return s

    @classmethod
    def _blank(cls, game, players, options):
        s = cls(game, dict(options))
        s.n = players
        s.tokens = {fid: [] for fid in BOARD.sea}
        s.ships = [[] for _ in range(players)]
        s.supply = [SHIPS_PER_PLAYER[players]] * players
        s.hold = [_zero(SPECIES) for _ in range(players)]
        s.warehouse = [_zero(TOKEN_KINDS) for _ in range(players)]
        s.market = [{} for _ in range(players)]
        s.vault = [False] * players
        s.contract = [None] * players
        s.contract_sets = [None] * players
        s.demand = {p: [None] * len(BOARD.slots[p]) for p in BOARD.ports}
        s.bag = _zero(BAG_KINDS)
        s.discarded = _zero(TOKEN_KINDS)
        s.time_track = 0
        s.phase = "setup"
        s.turn = 0
        s.round = 0
        s.actions = 0
        s.queue = []
        s.refill = None
        s.end_round = None
        s.rng = Rng(0)
        return s

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
        several times dearer. This state is copy-on-write instead: the lists inside tokens, ships,
        demand and market are replaced, never changed in place, so only the containers a move
        changes in place are copied."""
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

    # ------------------------------------------------------------------ JSON (position.py owns it)
    def _to_json(self) -> dict:
        return position.dump(self)

    @classmethod
    def load(cls, game, data, field, options):
        return position.load(cls, game, data, field, options)

    def problems(self, field: str = "state") -> list:
        return position.problems(self, field)

    # ------------------------------------------------------------------ queries
    @property
    def current_player(self) -> int:
        if self.phase == "company":
            return self.queue[0]
        return self.turn

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
        """Under the `fleet` reading: "pairs" = every ship next to another ship of the same
        player; "connected" = all the player's ships form one connected group. A lone ship is fine."""
        if len(fields) < 2:
            return True
        adjset = BOARD.adjset
        if self.options["fleet"] == "pairs":
            ships = set(fields)
            return all(adjset[f] & ships for f in fields)
        ships = set(fields)
        seen = {fields[0]}
        todo = [fields[0]]
        while todo:
            f = todo.pop()
            for g in adjset[f] & ships:
                if g not in seen:
                    seen.add(g)
                    todo.append(g)
        return len(seen) == len(ships)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list:
        if self.phase == "over":
            return []
        me = self.current_player
        if self.phase == "setup":
            return [{"type": "start", "port": p} for p in BOARD.ports]
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
    # the core's dispatcher (State.check) asks these before the `_check_<type>` methods
    @property
    def player_count(self) -> int:
        return self.n

    def phase_allows(self, kind: str) -> bool:
        return PHASE_OF[kind] == self.phase

    def wrong_phase(self, kind: str):
        return self._no("wrong-phase", *PHASE_RULES[self.phase], phase=PHASE_NAMES[self.phase])

    def turn_rules(self, kind: str) -> tuple:
        if self.phase == "company":
            return ("MB-9.1",)
        if self.phase == "setup":
            return ("MB-2.4", "MB-3.2")
        # a fourth action comes after the turn has passed: the three-action limit decides it
        return ("MB-3.1", "MB-3.2")

    @cites("MB-2.4")
    def _check_start(self, action):
        port = action["port"]
        if BOARD.kind[port] != "port":
            return self._no("not-a-port", "MB-2.4", field=BOARD.name[port])
        return self._ok("ok-start", "MB-2.4", port=BOARD.name[port])

    @cites("MB-4.1", "MB-4.2", "MB-4.3", "MB-4.4")
    def _check_sail(self, action):
        me = self.current_player
        src, dst = action["from"], action["to"]
        ships = self.ships[me]
        if dst in ships:
            return self._no("own-ship-there", "MB-4.4", field=BOARD.name[dst])
        if src == "supply":
            if not self.supply[me]:
                return self._no("supply-empty", "MB-4.3")
            if not any(dst in BOARD.adjset[f] for f in ships):
                return self._no("not-next-to-fleet", "MB-4.1", field=BOARD.name[dst])
            rules = ["MB-4.1", "MB-4.2"]
            if any(dst in self.ships[i] for i in range(self.n) if i != me):
                rules.append("MB-4.4")
            return self._ok("ok-launch", *rules, field=BOARD.name[dst])
        if self.supply[me]:
            return self._no("supply-first", "MB-4.1", "MB-4.3", count=self.supply[me])
        if src not in ships:
            return self._no("no-own-ship", "MB-4.3", field=BOARD.name[src])
        after = [f for f in ships if f != src] + [dst]
        if not self.fleet_ok(after):
            return self._no("fleet-broken", "MB-4.2", reading=READING_NAMES[self.options["fleet"]])
        rules = ["MB-4.3", "MB-4.2"]
        if any(dst in self.ships[i] for i in range(self.n) if i != me):
            rules.append("MB-4.4")  # other players' ships do not block
        return self._ok("ok-move", *rules, field=BOARD.name[dst])

    @cites("MB-5.1", "MB-5.2", "MB-5.3", "MB-5.4")
    def _check_fish(self, action):
        me = self.current_player
        fid, kind = action["field"], action["kind"]
        if fid not in self.ships[me]:
            return self._no("no-own-ship", "MB-5.1", field=BOARD.name[fid])
        if kind not in self.tokens.get(fid, ()):
            return self._no("token-not-there", "MB-5.1", field=BOARD.name[fid], kind=NAMES[kind])
        if kind == "amber":
            if sum(self.hold[me].values()) >= HOLD_SIZE:
                return self._ok("ok-amber-full-hold", "MB-5.1", "MB-5.2", "MB-5.4")
            return self._ok("ok-amber", "MB-5.1", "MB-5.2")
        if sum(self.hold[me].values()) >= HOLD_SIZE:
            return self._no("hold-full", "MB-5.3", "MB-5.4", size=HOLD_SIZE)
        return self._ok("ok-fish", "MB-5.1", "MB-5.3", kind=NAMES[kind])

    @cites("MB-6.1", "MB-12.1", "MB-12.2", "MB-12.3", "MB-12.4")
    def _check_unload(self, action):
        me = self.current_player
        port = action["port"]
        counts = action["fish"]
        variant = self.options["demand_variant"]
        placing = action.get("demand", {})
        if BOARD.kind[port] != "port":
            return self._no("not-a-port", "MB-6.1", field=BOARD.name[port])
        if port not in self.ships[me]:
            return self._no("no-ship-in-port", "MB-6.1", port=BOARD.name[port])
        if not counts:
            return self._no("unload-nothing", "MB-6.1")
        for sp in SPECIES:
            if counts.get(sp, 1) < 1:
                return self._no("unload-count", "MB-6.1", kind=NAMES[sp], count=counts[sp])
        for sp in SPECIES:
            if sp in counts and counts[sp] > self.hold[me][sp]:
                return self._no("not-in-hold", "MB-6.1", kind=NAMES[sp], count=counts[sp], have=self.hold[me][sp])
        if placing and not variant:
            return self._no("demand-variant-off", "MB-2.3", "MB-12.1")
        demand = self.demand[port]
        used_slots = set()
        for sp in SPECIES:
            if sp not in placing:
                continue
            slot = placing[sp]
            if sp not in counts or sp in demand:
                return self._no("demand-not-needed", "MB-12.1", kind=NAMES[sp], port=BOARD.name[port])
            if not 0 <= slot < len(demand):
                return self._no("demand-no-slot", "MB-1.5", "MB-12.1", port=BOARD.name[port], slot=slot, n=len(demand))
            if demand[slot] is not None or slot in used_slots:
                return self._no("demand-slot-taken", "MB-12.1", port=BOARD.name[port])
            if self.demand_left(sp) <= 0:
                return self._no("demand-used-up", "MB-12.3", kind=NAMES[sp])
            if BOARD.slots[port][slot] == -1 and self.hold[me][sp] < 2:
                return self._no("demand-single-fish", "MB-12.4", kind=NAMES[sp])
            used_slots.add(slot)
        for sp in SPECIES:
            if sp in counts and sp not in demand and sp not in placing:
                if variant and None in demand:
                    if self.demand_left(sp) <= 0:
                        return self._no("demand-used-up", "MB-6.1", "MB-12.3", kind=NAMES[sp])
                    return self._no("demand-missing", "MB-6.1", "MB-12.1", kind=NAMES[sp], port=BOARD.name[port])
                return self._no("not-demanded", "MB-6.1", kind=NAMES[sp], port=BOARD.name[port])
        lost = self._unload_losses(port, counts, placing)
        if variant:
            rules = ["MB-6.1", "MB-12.1"] if placing else ["MB-6.1"]
            if sum(lost.values()):
                rules.append("MB-12.2")
            return self._ok(
                "ok-unload-lost" if sum(lost.values()) else "ok-unload",
                *rules,
                count=sum(counts.values()) - sum(lost.values()),
                n=sum(lost.values()),
            )
        return self._ok("ok-unload", "MB-6.1", "MB-6.2", count=sum(counts.values()))

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
            return self._no("not-in-hold", "MB-7.1", kind=NAMES[kind], count=1, have=0)
        return self._ok("ok-discard", "MB-7.1", kind=NAMES[kind])

    @cites("MB-13.1")
    def _check_contract(self, action):
        me = self.current_player
        card = action["card"]
        if not self.options["contracts"]:
            return self._no("contracts-off", "MB-13.1")
        if self.contract[me] == card:
            return self._no("contract-already-yours", "MB-13.1")
        if card in self.contract:
            return self._no("contract-taken", "MB-13.1", player=self.contract.index(card) + 1)
        if self.contract[me] is not None:
            return self._ok("ok-contract-swap", "MB-13.1", old=self.contract[me], card=card)
        return self._ok("ok-contract", "MB-13.1", card=card)

    @cites("MB-3.1", "MB-8.1", "MB-8.3", "MB-10.2", "MB-10.3")
    def _check_end_turn(self, action):
        """Legal at any time in your turn; the verdict also says what the refill and the end rules will do."""
        count = self.actions
        if self._is_last_turn():
            return self._last_turn(count)
        refill, blocked = self.refill_preview()
        need_tokens = sum(BOARD.capacity(f) for f in refill)
        fish_in_bag = sum(self.bag[k] for k in TOKEN_KINDS)
        names = fields_param
        if fish_in_bag < need_tokens:
            if self.options["empty_bag"] == "end":
                return self._ok("ok-end-turn-bag-ends", "MB-3.1", "MB-8.3", count=count, need=need_tokens, have=fish_in_bag)
            return self._ok("ok-end-turn-bag-short", "MB-3.1", "MB-8.3", count=count, need=need_tokens, have=fish_in_bag)
        if self.end_round is not None:
            if self.round >= self.end_round:
                return self._ok("ok-end-turn-in-final-round", "MB-3.1", "MB-10.2", "MB-10.3", count=count)
            if self.turn == self.n - 1:
                return self._ok("ok-end-turn-final-round", "MB-3.1", "MB-10.2", count=count)
            return self._ok("ok-end-turn-round-goes-on", "MB-3.1", "MB-10.2", count=count)
        if blocked:
            return self._ok("ok-end-turn-ship-blocks", "MB-3.1", "MB-8.1", count=count, fields=names(blocked))
        return self._ok("ok-end-turn", "MB-3.1", "MB-8.1", count=count)

    @cites("MB-10.2", "MB-11.4", "MB-11.5")
    def _last_turn(self, count):
        """The last turn's end: the game ends, and the verdict says who wins when the points tie
        (MB-11.5, with the `tie_tokens` reading when a contract set tokens aside)."""
        sc = self._scored()
        totals = [r["total"] for r in sc]
        top = max(totals)
        if totals.count(top) < 2:
            return self._ok("ok-end-turn-last", "MB-3.1", "MB-10.2", "MB-11.4", count=count)
        win = scoring.winners(totals, [r["warehouse_tokens"] for r in sc])
        rules = ["MB-3.1", "MB-10.2", "MB-11.4", "MB-11.5"]
        note = ""
        if any(r["contract"] for r in sc):  # the sets each player decided to set aside count
            rules.append("MB-13.2")
        if any(r["contract"] and r["contract"]["sets"] for r in sc):
            note = both(TIE_NOTE_CODES[self.options["tie_tokens"]])
        tokens = sc[win[0]]["warehouse_tokens"]
        if len(win) == 1:
            return self._ok(
                "ok-end-turn-last-tie-won",
                *rules,
                count=count,
                points=top,
                winner=seat_words(win[0] + 1),
                tokens=tokens,
                note=note,
            )
        return self._ok(
            "ok-end-turn-last-tie-shared",
            *rules,
            count=count,
            points=top,
            winners=", ".join(str(i + 1) for i in win),
            tokens=tokens,
            note=note,
        )

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
        if value in self.market[me].values():
            return self._no("company-used", "MB-9.2", value=value)
        if sp in self.market[me]:
            return self._no("market-slot-taken", "MB-9.2", kind=NAMES[sp], value=self.market[me][sp])
        return self._ok("ok-company", "MB-9.1", "MB-9.2", value=value, kind=NAMES[sp])

    @cites("MB-9.3", "MB-9.4", "MB-9.5")
    def _check_tax(self, action):
        me = self.current_player
        pay = action["pay"]
        wanted = {}
        for item in pay:
            key = (item["from"], item["kind"])
            wanted[key] = wanted.get(key, 0) + 1
        if self.vault[me]:
            return self._no("tax-paid", "MB-9.4")
        total = sum(self.hold[me].values()) + sum(self.warehouse[me].values())
        last = len(self.market[me]) == len(COMPANY_VALUES)
        if total < 2 and not last:
            return self._no("tax-too-few", "MB-9.5", have=total)
        due = self._tax_due(me)
        if len(pay) != due:
            if total < 2:
                return self._no(
                    "tax-count-last-nothing" if self.options["last_vault"] == "nothing" else "tax-count-last",
                    "MB-9.5",
                    "MB-9.3",
                    due=due,
                    count=len(pay),
                )
            return self._no("tax-count", "MB-9.3", due=due, count=len(pay))
        for (src, kind), count in sorted(wanted.items()):
            have = (self.hold[me] if src == "hold" else self.warehouse[me]).get(kind, 0)  # no amber in a hold
            if count > have:
                return self._no("tax-not-owned", "MB-9.3", kind=NAMES[kind], place=SOURCE_NAMES[src])
        rules = ["MB-9.3", "MB-9.4"]
        if total < 2:
            rules.append("MB-9.5")
            if due == 0:
                return self._ok("ok-tax-nothing", *rules)
        return self._ok("ok-tax", *rules, count=due)

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
            self.phase = "over"  # MB-10.2: the last round is over
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

    def _blocked(self, fid) -> bool:
        """MB-8.1: any ship keeps an empty area from being refilled („…illetve egy hajó bábu sem”)."""
        return any(fid in ships for ships in self.ships)

    @cites("MB-8.1", "MB-8.2", "MB-8.3", "MB-9.1", "MB-10.1")
    def _run_refill(self):
        start = self.refill["field"]
        pending = self.refill["need"]
        ids = BOARD.ids
        for i in range(start, len(ids)):
            fid = ids[i]
            if i != start or not pending:
                if BOARD.kind[fid] == "port" or self.tokens[fid] or self._blocked(fid):
                    continue
                pending = BOARD.capacity(fid)
            while pending:
                if sum(self.bag.values()) == 0:  # MB-8.3: the bag is empty
                    self.refill = None
                    if self.options["empty_bag"] == "end":
                        self.phase = "over"
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
