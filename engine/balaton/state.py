"""Balaton: the untitled Lake Balaton ports-and-ships dice game (csetneki.hu), 2-6 players.

A step: `roll` (then up to two `reroll`s), `move` by one die or the sum (optionally with a
back card), then on the landing field any of `ferry`/`fly` (first), `bump`, `port`,
`ship`, `income`, `subsidy`, and finally `end-turn`. Rule ids are those of docs/balaton/rules.*.md.
"""

from __future__ import annotations

from ..core import Rng, State, cites
from ..core.messages import LANGS, N_
from .board import BOARD
from .components import (
    CLOSURE,
    FERRY_PRICE,
    GOAL,
    MAX_REROLLS,
    REROLL_PRICE,
    SHIP_PRICE,
    SHIP_PRICE_DOUBLE,
    START_CARDS,
    START_MONEY,
    SUBSIDY,
    _fresh_step,
)
from .describe import describe_action
from .messages import CATALOG, card_name, name


class BalatonState(State):
    end_rules = ("BA-2.2",)
    board = BOARD

    # -- construction -------------------------------------------------------------
    @classmethod
    @cites("BA-2.1", "BA-2.3")
    def initial(cls, game, players, seed, options):
        scale = options["coin_scale"]
        return cls(
            game,
            dict(options),
            {
                "players": players,
                "money": [START_MONEY * scale] * players,
                "pos": [BOARD.start] * players,
                "cards": [dict(START_CARDS) for _ in range(players)],
                "ports": {},
                "ships": {},
                "turn": 0,  # the youngest player starts: seat 0
                "actor": 0,
                "phase": "roll",
                "dice": [],
                "rerolls": 0,
                "step": _fresh_step(),
                "winner": -1,
                "rng": Rng(seed),
            },
        )

    def copy(self) -> "BalatonState":
        """The core's generic clone, written out for this fixed shape: every apply copies, and the
        generic walk costs several times as much (bench/state_copy.py measures both)."""
        s = object.__new__(BalatonState)
        s.game, s.options, s.players = self.game, self.options, self.players
        s.money = list(self.money)
        s.pos = list(self.pos)
        s.cards = [dict(c) for c in self.cards]
        s.ports = {k: list(v) for k, v in self.ports.items()}
        s.ships = {lid: {sid: list(c) for sid, c in bp.items()} for lid, bp in self.ships.items()}
        s.turn, s.actor, s.phase = self.turn, self.actor, self.phase
        s.dice = list(self.dice)
        s.rerolls = self.rerolls
        s.step = dict(self.step)
        s.winner = self.winner
        s.rng = Rng(state=self.rng.state)
        return s

    # -- derived quantities ---------------------------------------------------------
    @property
    @cites("BA-2.4")
    def scale(self) -> int:
        return self.options["coin_scale"]

    @property
    def current_player(self) -> int:
        return self.actor

    @property
    def player_count(self) -> int:
        return self.players

    def here(self, seat: int | None = None) -> str:
        return BOARD.settlement_at(self.pos[self.actor if seat is None else seat])

    def has_port(self, seat: int, sid: str) -> bool:
        return seat in self.ports.get(sid, ())

    def ships_on(self, lake: str) -> list[int]:
        """Ships per seat on a lake field (all ports together)."""
        total = [0] * self.players
        for counts in self.ships.get(lake, {}).values():
            for i, c in enumerate(counts):
                total[i] += c
        return total

    def move_options(self) -> list[int]:
        a, b = self.dice
        return sorted({a, b, a + b})

    @cites("BA-6.4")
    def closed(self, lake: str, port: str) -> bool:
        """Three ships of one player close the field (reading closure_scope: per field or per port)."""
        if self.options["closure_scope"] == "port":
            return any(c >= CLOSURE for c in self.ships.get(lake, {}).get(port, ()))
        return any(c >= CLOSURE for c in self.ships_on(lake))

    @cites("BA-11.1")
    def broke(self, seat: int, money: int | None = None) -> bool:
        """Out of money („elfogy a pénze”: 0 Ft left), with `money` Ft, or with what the player has now."""
        return (self.money[seat] if money is None else money) == 0

    def route_exists(self, seat: int, sid: str) -> bool:
        lake = BOARD.lake_of.get(sid)
        if not lake:
            return False
        ends = {BOARD.lake_of[o] for o in BOARD.settlements if o != sid and o in BOARD.lake_of and self.has_port(seat, o)}
        if self.options["route_junction"] == "stop":  # reading: a route passes no junction (BA-7.1)
            return any(path[-1] in ends for path in BOARD.simple_paths(lake, junctions=False))
        return any(BOARD.connected(lake, end) for end in ends)

    @cites("BA-7.2", "BA-7.3")
    def field_value(self, seat: int, lake: str) -> int:
        """What one lake field of a route pays `seat` (BA-7.2), doubled on "2" fields (BA-7.3)."""
        counts = self.ships_on(lake)
        mine = counts[seat]
        others = max((c for i, c in enumerate(counts) if i != seat), default=0)
        if mine == 0:
            base = 1 if (self.options["empty_route_field"] == "tie" and others == 0) else 0
        elif others > mine:
            base = 0
        elif others == mine:
            base = 1
        elif mine == 1:
            base = 1
        else:
            base = 2
        if BOARD.double[lake]:
            base *= 2
        return base * self.scale

    @cites("BA-7.1")
    def best_route(self, seat: int, sid: str):
        """The most profitable route from the port in `sid`: (amount, [lake fields], end settlement) or None.

        A route is a simple path of lake fields (no branching; under the reading route_junction = stop,
        through no junction either) from the lake field next to `sid` to the lake field next to another
        port of the same player.
        """
        lake = BOARD.lake_of.get(sid)
        if not lake:
            return None
        ends: dict[str, list[str]] = {}
        for other in BOARD.settlements:
            if other != sid and self.has_port(seat, other) and other in BOARD.lake_of:
                ends.setdefault(BOARD.lake_of[other], []).append(other)
        if not ends:
            return None
        values = {lid: self.field_value(seat, lid) for lid in BOARD.lakes}
        best = None
        for path in BOARD.simple_paths(lake, junctions=self.options["route_junction"] == "pass"):
            last = path[-1]
            if last in ends:
                amount = sum(values[lid] for lid in path)
                # the highest amount; among equals the shortest route, then the first found
                if best is None or amount > best[0] or (amount == best[0] and len(path) < len(best[1])):
                    best = (amount, path, ends[last][0])
        return best

    # -- play -------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.winner >= 0

    def scores(self) -> list[int]:
        return list(self.money)

    def winners(self) -> list[int]:
        return [self.winner] if self.winner >= 0 else []

    def legal_actions(self) -> list[dict]:
        if self.is_over():
            return []
        if self.phase == "roll":
            return [{"type": "roll"}]
        if self.phase == "move":
            out = [{"type": "reroll"}] if self._legal({"type": "reroll"}) else []
            for steps in self.move_options():
                out.append({"type": "move", "steps": steps, "back": False})
            if self.cards[self.actor]["back"] > 0:
                for steps in self.move_options():
                    out.append({"type": "move", "steps": steps, "back": True})
            return out
        candidates = [
            {"type": "ferry", "ticket": False},
            {"type": "ferry", "ticket": True},
            {"type": "fly"},
            {"type": "port"},
            {"type": "ship", "card": False},
            {"type": "ship", "card": True},
            {"type": "income"},
            {"type": "subsidy"},
        ]
        if BOARD.kind[self.pos[self.actor]] == "gray" and not self.step["bumped"] and not self.step["sub"]:
            here = self.pos[self.actor]
            for seat in range(self.players):
                if seat != self.actor and self.pos[seat] == here:
                    candidates.extend({"type": "bump", "seat": seat, "to": f} for f in BOARD.track if f != here)
        out = [a for a in candidates if self._legal(a)]
        out.append({"type": "end-turn"})
        return out

    def _legal(self, action: dict) -> bool:
        """Whether an action of this phase is legal: its check's first verdict, without messages."""
        self._quick = True
        try:
            return next(getattr(self, "_check_" + action["type"])(action)).legal
        finally:
            del self._quick

    # -- the dispatcher's questions (the phases: position.PHASES) --------------------------------
    def turn_rules(self, kind: str) -> tuple[str, ...]:
        # while a moved pawn's owner acts (reading bumped_pawn = landing), BA-4.2 says who
        return super().turn_rules(kind) + (("BA-4.2",) if self.step["sub"] else ())

    # The checks are generators (engine/core/game.py, `State.check`): each collects every rule the
    # action breaks in `no` and yields them, or yields the legal verdict. A fault that makes the later
    # questions meaningless (no ferry here, not a settlement) is yielded alone. `about` names the
    # fields a reason concerns; a missing port of one's own is a precondition, with its fix.

    # roll / reroll / move ------------------------------------------------------------
    @cites("BA-3.1")
    def _check_roll(self, action):
        yield self._ok("roll-ok", "BA-3.1")

    @cites("BA-3.2")
    def _check_reroll(self, action=None):
        price, no = REROLL_PRICE * self.scale, []
        if self.rerolls >= MAX_REROLLS:
            no.append(self._no("reroll-limit", "BA-3.2", about=("state.rerolls",)))
        if self.money[self.actor] < price:
            no.append(self._no("reroll-money", "BA-3.2", about=(self._money_field,), price=price, money=self.money[self.actor]))
        yield from no or [self._ok("reroll-ok", "BA-3.2", price=price, count=self.rerolls + 1)]

    @cites("BA-3.1", "BA-4.1", "BA-10.1", "BA-10.2")
    def _check_move(self, action):
        steps, back, no = action["steps"], action.get("back", False), []
        allowed = self.move_options()
        if steps not in allowed:
            no.append(
                self._no("steps-not-rolled", "BA-3.1", about=("action.steps",), n=steps, allowed=", ".join(map(str, allowed)))
            )
        if back and self.cards[self.actor]["back"] <= 0:
            no.append(self._card_missing("back", "BA-10.2", "BA-10.1"))
        if no:
            yield from no
            return
        direction = name(N_("direction-back")) if back else name(N_("direction-clockwise"))
        rules = ("BA-3.1", "BA-10.2") if back else ("BA-3.1", "BA-4.1")
        yield self._ok("move-ok", *rules, n=steps, direction=direction)

    # the landing field ---------------------------------------------------------------
    @property
    def _money_field(self) -> str:
        return f"state.money[{self.actor}]"

    def _card_missing(self, card: str, *rules: str):
        return self._no("no-card", *rules, about=(f"state.cards[{self.actor}].{card}",), card=card_name(card))

    def _card_faults(self, card: str, *rules: str) -> list:
        """Playing a card: the player has one left (`rules`), and no other card this step (BA-10.1)."""
        no = [self._card_missing(card, *rules)] if self.cards[self.actor][card] <= 0 else []
        if self.step["card"]:
            no.append(self._no("one-card", "BA-10.1", about=("state.step.card",), card=card_name(self.step["card"])))
        return no

    def _step_over(self):
        """With crossing_lands false, a crossing ends the step: only `end-turn` remains."""
        if self.step["crossed"] and not self.options["crossing_lands"]:
            return self._no("crossing-ends-step", "BA-9.1", about=("state.step.crossed",))
        return None

    def _crossing_faults(self) -> list:
        if self.step["crossed"]:
            return [self._no("crossed-already", "BA-9.1", about=("state.step.crossed",))]
        done = [k for k in ("bought", "income", "subsidy", "bumped") if self.step[k]]
        return [self._no("cross-first", "BA-9.1", about=tuple(f"state.step.{k}" for k in done))] if done else []

    def _port_and_lake(self, sid: str, rule: str) -> tuple[list, str | None]:
        """A ship or an income from the landing settlement: the player's own port there (a precondition,
        with the fix that puts one there) and a lake field beside it (without one, nothing more to ask)."""
        no, place = [], BOARD.name[sid]
        if not self.has_port(self.actor, sid):
            fix = (
                None
                if self._quick
                else self.game.fix("add_port", N_("fix-add-port"), {"seat": self.actor, "sid": sid}, place=place)
            )
            no.append(self._no("no-port-here", rule, about=(f"state.ports.{sid}",), precondition=True, fix=fix, place=place))
        lake = BOARD.lake_of.get(sid)
        if not lake:
            no.append(self._no("no-lake", rule, about=(f"state.pos[{self.actor}]",), place=place))
        return no, lake

    @cites("BA-9.1", "BA-10.1", "BA-10.4")
    def _check_ferry(self, action):
        ticket = action.get("ticket", False)
        landed = self.step["landed"]
        if landed not in BOARD.ferries or self.step["sub"]:
            ferries = ", ".join(f"{BOARD.name[a]} → {BOARD.name[b]}" for a, b in sorted(BOARD.ferries.items()))
            yield self._no("no-ferry-here", "BA-9.1", about=("state.step.landed",), ferries=ferries)
            return
        no = self._crossing_faults()
        dest = BOARD.name[BOARD.ferries[landed]]
        if ticket:
            no += self._card_faults("ferry", "BA-10.4")
            yield from no or [self._ok("ferry-ok", "BA-9.1", "BA-10.4", place=dest, price=name(N_("price-ferry-ticket")))]
            return
        price = FERRY_PRICE * self.scale
        if self.money[self.actor] < price:
            no.append(self._no("ferry-money", "BA-9.1", about=(self._money_field,), price=price, money=self.money[self.actor]))
        yield from no or [self._ok("ferry-ok", "BA-9.1", place=dest, price=f"{price} Ft")]

    @cites("BA-10.1", "BA-10.3")
    def _check_fly(self, action):
        landed = self.step["landed"]
        if landed not in BOARD.plane or self.step["sub"]:
            places = ", ".join(BOARD.name[p] for p in sorted(BOARD.plane))
            yield self._no("no-plane-here", "BA-10.3", about=("state.step.landed",), places=places)
            return
        no = self._crossing_faults() + self._card_faults("plane", "BA-10.3")
        yield from no or [self._ok("fly-ok", "BA-10.3", place=BOARD.name[BOARD.plane[landed]])]

    @cites("BA-4.2", "BA-4.3")
    def _check_bump(self, action):
        seat, to = action["seat"], action["to"]
        here = self.pos[self.actor]
        over = self._step_over()
        if over or BOARD.kind[here] != "gray" or self.step["sub"]:
            yield over or self._no("bump-not-gray", "BA-4.2", about=(f"state.pos[{self.actor}]",))
            return
        no = []
        if self.step["bumped"]:
            no.append(self._no("bump-done", "BA-4.2", about=("state.step.bumped",)))
        if seat == self.actor or self.pos[seat] != here:
            no.append(self._no("bump-no-pawn", "BA-4.2", about=("action.seat",), seat=seat + 1))
        if to == here:
            no.append(self._no("bump-same-field", "BA-4.2", about=("action.to",), to=BOARD.label(to)))
        if no:
            yield from no
        elif to in BOARD.arrow and self.options["bumped_pawn"] != "nothing":
            # readings arrow and landing: the arrow sends the moved pawn on to the centre (BA-4.3)
            yield self._ok("bump-ok-arrow", "BA-4.2", "BA-4.3", seat=seat + 1, to=BOARD.label(to))
        else:
            yield self._ok("bump-ok", "BA-4.2", seat=seat + 1, to=BOARD.label(to))

    def _purchase_faults(self, card: bool = False) -> list:
        no = []
        # reading plus_one_ship = extra: the card's ship comes on top of the step's one purchase
        if self.step["bought"] and not (card and self.options["plus_one_ship"] == "extra"):
            no.append(self._no("one-purchase", "BA-8.1", *(("BA-10.5",) if card else ()), about=("state.step.bought",)))
        if self.step["income"]:
            no.append(self._no("income-no-buy", "BA-8.2", about=("state.step.income",)))
        if self.step["subsidy"] and not self.options["subsidy_then_buy"]:
            no.append(self._no("subsidy-no-buy", "BA-11.2", about=("state.step.subsidy",)))
        return no

    def _landing(self, rule: str):
        """The settlement the player stands on, or the fault that leaves nothing more to ask."""
        over = self._step_over()
        if over:
            return None, over
        sid = self.here()
        if not sid:
            return None, self._no("not-settlement", rule, about=(f"state.pos[{self.actor}]",))
        return sid, None

    @cites("BA-5.1", "BA-5.2", "BA-8.1", "BA-8.2")
    def _check_port(self, action):
        sid, fault = self._landing("BA-5.1")
        if fault:
            yield fault
            return
        no = []
        if self.has_port(self.actor, sid):
            no.append(self._no("port-owned", "BA-5.2", about=(f"state.ports.{sid}",), place=BOARD.name[sid]))
        no += self._purchase_faults()
        price = BOARD.size[sid] * self.scale
        if self.money[self.actor] < price:
            no.append(self._no("port-money", "BA-5.1", about=(self._money_field,), price=price, money=self.money[self.actor]))
        yield from no or [self._ok("port-ok", "BA-5.1", "BA-5.2", place=BOARD.name[sid], price=price)]

    @cites("BA-6.1", "BA-6.2", "BA-6.3")
    def ship_price(self, sid: str) -> tuple[int, tuple]:
        lake = BOARD.lake_of[sid]
        if BOARD.green[lake] and all(self.has_port(self.actor, p) for p in BOARD.ports_on[lake]):
            return 0, ("BA-6.3",)
        return (SHIP_PRICE_DOUBLE if BOARD.double[lake] else SHIP_PRICE) * self.scale, ("BA-6.2",)

    @cites("BA-6.1", "BA-6.4", "BA-8.1", "BA-8.2", "BA-10.1", "BA-10.5")
    def _check_ship(self, action):
        card = action.get("card", False)
        sid, fault = self._landing("BA-6.1")
        if fault:
            yield fault
            return
        no, lake = self._port_and_lake(sid, "BA-6.1")
        if not lake:
            yield from no
            return
        if not self.route_exists(self.actor, sid):
            no.append(self._no("no-route", "BA-6.1", about=("state.ports",), lake=BOARD.lake_label(lake)))
        if self.closed(lake, sid):
            no.append(self._no("lake-closed", "BA-6.4", about=(f"state.ships.{lake}",), lake=BOARD.lake_label(lake)))
        no += self._purchase_faults(card)
        if card:
            no += self._card_faults("ship", "BA-10.5")
            if self.ships_on(lake)[self.actor] < 1:
                no.append(self._no("plus-needs-ship", "BA-10.5", about=(f"state.ships.{lake}",), lake=BOARD.lake_label(lake)))
            yield from no or [self._ok("ship-ok", "BA-6.1", "BA-10.5", lake=BOARD.lake_label(lake), price=0)]
            return
        price, rules = self.ship_price(sid)
        if self.money[self.actor] < price:
            no.append(self._no("ship-money", "BA-6.2", about=(self._money_field,), price=price, money=self.money[self.actor]))
        yield from no or [self._ok("ship-ok", "BA-6.1", *rules, lake=BOARD.lake_label(lake), price=price)]

    @cites("BA-7.1", "BA-8.2", "BA-11.2")
    def _check_income(self, action):
        sid, fault = self._landing("BA-7.1")
        if fault:
            yield fault
            return
        no, lake = self._port_and_lake(sid, "BA-7.1")
        if not lake:
            yield from no
            return
        if self.ships_on(lake)[self.actor] < 1:
            no.append(self._no("no-ship-adjacent", "BA-7.1", about=(f"state.ships.{lake}",), lake=BOARD.lake_label(lake)))
        if self.step["income"]:
            no.append(self._no("income-done", "BA-7.1", about=("state.step.income",)))
        if self.step["bought"] or self.step["card"] == "ship":
            no.append(self._no("buy-no-income", "BA-8.2", about=("state.step.bought",)))
        if self.step["subsidy"]:
            no.append(self._no("subsidy-or-income", "BA-11.2", about=("state.step.subsidy",)))
        if no:  # (without the port and a ship beside it there is no route to look for)
            yield from no
            return
        if self._quick:  # only legal or not is asked: any route will do, not the best
            if self.route_exists(self.actor, sid):
                yield self._ok("income-ok", "BA-7.1")
            else:
                yield self._no("no-route", "BA-7.1")
            return
        best = self.best_route(self.actor, sid)
        if best is None:
            yield self._no("no-route", "BA-7.1", about=("state.ports",), lake=BOARD.lake_label(lake))
            return
        amount, path, end = best
        rules = ("BA-7.1", "BA-7.2") + (("BA-7.3",) if any(BOARD.double[lid] for lid in path) else ())
        route = {lang: CATALOG.plural("route", len(path), lang, start=BOARD.name[sid], end=BOARD.name[end]) for lang in LANGS}
        yield self._ok("income-ok", *rules, amount=amount, route=route)

    @cites("BA-11.1", "BA-11.2")
    def _check_subsidy(self, action):
        sid, fault = self._landing("BA-11.1")
        if fault:
            yield fault
            return
        no = []
        if BOARD.size[sid] < 2:
            no.append(
                self._no(
                    "subsidy-small", "BA-11.1", about=(f"state.pos[{self.actor}]",), place=BOARD.name[sid], size=BOARD.size[sid]
                )
            )
        if self.step["subsidy"]:
            no.append(self._no("subsidy-done", "BA-11.1", about=("state.step.subsidy",)))
        if self.step["income"]:
            no.append(self._no("subsidy-or-income", "BA-11.2", about=("state.step.income",)))
        if (self.step["bought"] or self.step["card"] == "ship") and not self.options["subsidy_then_buy"]:
            no.append(self._no("buy-no-subsidy", "BA-11.2", about=("state.step.bought",)))
        money = self.money[self.actor]
        if not self.broke(self.actor):
            no.append(
                self._no("subsidy-not-broke", "BA-11.1", about=(self._money_field,), rule=name(N_("broke-zero")), money=money)
            )
        # reading subsidy_broke = arrival (the book's „településre érve”): out of money on arriving,
        # not by a purchase made on the same landing
        elif self.options["subsidy_broke"] == "arrival" and not self.broke(self.actor, money + self.step["spent"]):
            no.append(
                self._no(
                    "subsidy-spent",
                    "BA-11.1",
                    about=("state.step.spent",),
                    money=money + self.step["spent"],
                    spent=self.step["spent"],
                )
            )
        yield from no or [self._ok("subsidy-ok", "BA-11.1", amount=SUBSIDY * self.scale)]

    @cites("BA-2.3")
    def _check_end_turn(self, action):
        yield self._ok("end-ok", "BA-2.3")

    # -- applying -------------------------------------------------------------------
    def _roll(self):
        self.dice = [self.rng.die(6), self.rng.die(6)]

    @cites("BA-3.1")
    def _apply_roll(self, action):
        self._roll()
        self.phase = "move"

    @cites("BA-3.2")
    def _apply_reroll(self, action):
        self.money[self.actor] -= REROLL_PRICE * self.scale
        self.rerolls += 1
        self._roll()

    @cites("BA-4.1", "BA-4.3", "BA-10.2")
    def _apply_move(self, action):
        back = action.get("back", False)
        if back:
            self._use_card("back")
        field = BOARD.walk(self.pos[self.actor], action["steps"], back)
        self.step["landed"] = BOARD.settlement_at(field)
        self.pos[self.actor] = BOARD.arrow.get(field, field)
        self.phase = "land"

    @cites("BA-10.1")
    def _use_card(self, card: str):
        self.cards[self.actor][card] -= 1
        self.step["card"] = card

    def _arrive(self, sid: str):
        self.pos[self.actor] = BOARD.centre[sid]
        self.step["crossed"] = True
        self.step["landed"] = ""
        self.step["spent"] = 0

    @cites("BA-9.1", "BA-10.4")
    def _apply_ferry(self, action):
        if action.get("ticket", False):
            self._use_card("ferry")
        else:
            self.money[self.actor] -= FERRY_PRICE * self.scale
        self._arrive(BOARD.ferries[self.step["landed"]])

    @cites("BA-10.3")
    def _apply_fly(self, action):
        self._use_card("plane")
        self._arrive(BOARD.plane[self.step["landed"]])

    @cites("BA-4.2")
    def _apply_bump(self, action):
        seat, to = action["seat"], action["to"]
        self.step["bumped"] = True
        reading = self.options["bumped_pawn"]
        self.pos[seat] = BOARD.arrow.get(to, to) if reading != "nothing" else to
        if reading == "landing" and BOARD.settlement_at(to):
            # The moved pawn's owner acts on its new field; then play passes on from self.turn.
            self.actor = seat
            self.step = _fresh_step()
            self.step["sub"] = True

    @cites("BA-5.1", "BA-5.2")
    def _apply_port(self, action):
        sid = self.here()
        price = BOARD.size[sid] * self.scale
        self.money[self.actor] -= price
        self.step["spent"] += price
        self.ports[sid] = sorted(self.ports.get(sid, []) + [self.actor])
        self.step["bought"] = True

    @cites("BA-6.1", "BA-10.5")
    def _apply_ship(self, action):
        sid = self.here()
        lake = BOARD.lake_of[sid]
        if action.get("card", False):
            self._use_card("ship")
            # reading plus_one_ship: the step's only purchase (only), or one on top of it (extra)
            if self.options["plus_one_ship"] == "only":
                self.step["bought"] = True
        else:
            price = self.ship_price(sid)[0]
            self.money[self.actor] -= price
            self.step["spent"] += price
            self.step["bought"] = True
        counts = self.ships.setdefault(lake, {}).setdefault(sid, [0] * self.players)
        counts[self.actor] += 1

    @cites("BA-7.1", "BA-2.2")
    def _apply_income(self, action):
        amount = self.best_route(self.actor, self.here())[0]
        self.money[self.actor] += amount
        self.step["income"] = True
        self._check_win()

    @cites("BA-11.1")
    def _apply_subsidy(self, action):
        self.money[self.actor] += SUBSIDY * self.scale
        self.step["subsidy"] = True
        self._check_win()

    @cites("BA-2.2")
    def _check_win(self):
        if self.money[self.actor] >= GOAL * self.scale:
            self.winner = self.actor
            self.phase = "over"

    @cites("BA-2.3")
    def _apply_end_turn(self, action):
        self.turn = (self.turn + 1) % self.players
        self.actor = self.turn
        self.phase = "roll"
        self.dice = []
        self.rerolls = 0
        self.step = _fresh_step()

    # -- text ---------------------------------------------------------------------------
    def _describe(self, action: dict, lang: str) -> str:
        return describe_action(self, action, lang)
