"""Black Fleet (Sebastian Bleasdale), 3-4 players: merchants, pirates and the navy in the Caribbean.

The whole game is one `BlackFleetState`, which keeps each field of the position as an attribute of the
same name (`self.seats`, `self.now`), read, written and checked by its Position (position.py), where
the phases of a turn are declared (PHASES: setup, place, card, move, discard, buy, over).

Each `_check_<type>` is a generator that yields the verdict of every rule the action breaks (the core
collects them: engine/core/game.py), or the legal verdict; a check that makes the later ones
meaningless (the ship is not in play) yields, then returns.

Rule ids (BF-...) refer to docs/black-fleet/rules.*.md.
"""

from __future__ import annotations

from collections import deque
from types import GeneratorType

from ..core import Rng, State, cites
from ..core.messages import LANGS, N_
from . import components as C, position
from .messages import CATALOG, COLOURS, PORTS, THE_SHIPS, words
from .position import PHASE


def _port_name(pid):
    return words(PORTS[pid])


def _ship_name(ship):
    """A ship as the messages name it: in Hungarian with its article ("a kalóz"), so no text needs "a(z)"."""
    return words(THE_SHIPS[ship])


class BlackFleetState(State):
    end_rules = ("BF-12.1",)
    # while legal_actions() runs: verdicts without messages, and the board's occupancy computed once
    _occ = None
    _transient = ("_quick", "_occ")

    # ------------------------------------------------------------------ construction
    @classmethod
    @cites("BF-2.1", "BF-2.2", "BF-2.3", "BF-2.4", "BF-2.5", "BF-2.7", "BF-2.8", "BF-2.9", "BF-2.11", "BF-13.1")
    def initial(cls, game, players, seed, options):
        rng = Rng(seed)
        colours = list(C.PLAYER_COLOURS[:players])
        if "black" not in colours:
            colours[0] = "black"
        rng.shuffle(colours)  # identification cards dealt face down (BF-2.3)
        first = colours.index("black")
        seats = []
        dev_decks = {}
        for v in C.DEVELOPMENT_VALUES:  # one card of each value per player (BF-2.1)
            deck = sorted(cid for cid, c in C.DEVELOPMENT.items() if c["value"] == v)
            rng.shuffle(deck)
            dev_decks[v] = deck
        for i in range(players):
            developments = [{"id": dev_decks[v][i], "value": v, "up": False} for v in C.DEVELOPMENT_VALUES]
            seats.append(position.new_seat(colours[i], developments, options["victory"]))
        fate = sorted(C.FATE)
        rng.shuffle(fate)
        movement = sorted(C.MOVEMENT)
        rng.shuffle(movement)
        for k in range(players):  # each player draws 1 fate card (BF-2.4)
            seat = seats[(first + k) % players]
            seat["fates"].append(fate.pop())
        for k in range(players):  # and 2 movement cards (BF-2.5)
            seat = seats[(first + k) % players]
            seat["moves"].extend([movement.pop(), movement.pop()])
        d = {
            "players": players,
            "first": first,
            "turn": first,
            "phase": "setup",
            "round": 1,
            "final_round": False,
            "seats": seats,
            "warships": dict(C.NAVY_START),  # BF-2.8
            "stock": {c: C.CUBES_PER_COLOUR for c in C.COLOURS},
            "decks": {"movement": movement, "movement_discard": [], "fate": fate, "fate_discard": []},
            "now": position.fresh_turn(),
            "rng": rng.to_json(),
        }
        return cls(game, options, d)

    # ------------------------------------------------------------------ queries
    @property
    def current_player(self):
        return self.turn

    @property
    def player_count(self):
        return self.players

    def is_over(self):
        return self.phase == "over"

    @cites("BF-12.2")
    def scores(self):
        """Doubloons: among those who bought their victory card, the richest wins (BF-12.2)."""
        return [s["coins"] for s in self.seats]

    def score_details(self):
        return [
            {
                "coins": s["coins"],
                "developments": sum(1 for c in s["developments"] if c["up"]),
                "victory": int(s["victory"]["up"]),
            }
            for s in self.seats
        ]

    @cites("BF-12.2")
    def winners(self):
        if not self.is_over():
            return []
        seats = self.seats
        bought = [i for i, s in enumerate(seats) if s["victory"]["up"]]
        if not bought:
            return []
        best = max(seats[i]["coins"] for i in bought)
        return [i for i in bought if seats[i]["coins"] == best]

    # -- helpers ------------------------------------------------------------------
    def _me(self):
        return self.seats[self.turn]

    def _card(self):
        cid = self.now["card"]
        return C.MOVEMENT[cid] if cid else None

    @cites("BF-11.5")
    def _dev_bonus(self, seat, effect, key, value):
        if self.options.get("development_abilities") != "schematic":
            return 0
        total = 0
        for c in self.seats[seat]["developments"]:
            if c["up"]:
                data = C.DEVELOPMENT[c["id"]]
                if data["effect"] == effect and data.get(key) == value:
                    total += data["amount"]
        return total

    def _kind(self, ship):
        return "warship" if ship in C.WARSHIPS else ship

    def _controlled_warships(self):
        card = self._card()
        out = []
        if card:
            out.append(card["warship"])
        if self.now["second_warship"]:
            out.append(self.now["second_warship"])
        return out

    def _position(self, ship, seat=None):
        seat = self.turn if seat is None else seat
        if ship in C.WARSHIPS:
            return self.warships[ship]
        return self.seats[seat][ship]

    def _occupancy(self):
        """field -> list of (seat or None, ship) standing there (board fields only)."""
        if self._occ is not None:
            return self._occ
        occ = {}
        for i, s in enumerate(self.seats):
            for ship in ("merchant", "pirate"):
                at = s[ship]
                if at in C.FIELDS:
                    occ.setdefault(at, []).append((i, ship))
        for w, at in self.warships.items():
            occ.setdefault(at, []).append((None, w))
        return occ

    def _friendly(self, seat, ship):
        """Ships the mover may pass through (BF-5.2): own merchant and pirate, the warship(s) moved this turn."""
        me = self.turn
        if seat == me:
            return True
        if seat is None and ship in self._controlled_warships():
            if self.options["friendly_warship"] == "card":
                return True
            now = self.now
            return now["moved"].get(ship, 0) > 0 or now["active"] == ship
        return False

    def _limit(self, ship):
        card = self._card()
        now = self.now
        me = self.turn
        if ship == "merchant":
            base = card["merchant_value"]
        elif ship == "pirate":
            base = card["pirate_value"]
        elif ship == now["second_warship"]:
            return now["second_value"]
        else:
            base = card["warship_value"]
        kind = self._kind(ship)
        return base + now["extra_moves"].get(kind, 0) + self._dev_bonus(me, "move-bonus", "ship", kind)

    def _actions_allowed(self, ship):
        kind = self._kind(ship)
        return 1 + self.now["extra_actions"].get(kind, 0) + self._dev_bonus(self.turn, "extra-action", "ship", kind)

    def _step_cost(self, frm):
        if frm in C.DISTANT and self.options["pirate_entry"] == "first-step-free":
            return 0
        return 1

    def _can_escape(self, start, budget, occ, ship):
        """From an occupied field, is a free field reachable within `budget` steps through passable fields?"""
        seen = {start}
        queue = deque([(start, 0)])
        while queue:
            f, dist = queue.popleft()
            if dist >= budget:
                continue
            for g in C.ADJ[f]:
                if g in seen:
                    continue
                seen.add(g)
                here = [o for o in occ.get(g, []) if o != (self.turn, ship) and not (o[0] is None and o[1] == ship)]
                if not here:
                    return True
                if all(self._friendly(o[0], o[1]) for o in here):
                    queue.append((g, dist + 1))
        return False

    def _on_shared_field(self, ship, occ=None):
        """Is `ship` (of the current player) standing on a field with another ship?"""
        at = self._position(ship)
        if at not in C.FIELDS:
            return False
        occ = self._occupancy() if occ is None else occ
        return len(occ.get(at, [])) > 1

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self):
        if self.is_over():
            return []
        phase = self.phase
        out = []
        if phase in ("setup", "place"):
            out = self._place_candidates()
        elif phase == "card":
            me = self._me()
            for cid in me["moves"]:
                if self._discard_on_play(cid):
                    out.extend({"type": "play", "card": cid, "discard": f} for f in me["fates"])
                else:
                    out.append({"type": "play", "card": cid})
        elif phase == "move":
            out = self._move_candidates()
        elif phase == "discard":
            out = [{"type": "discard", "card": f} for f in self._me()["fates"]]
        elif phase == "buy":
            if not self.now["bought"]:
                me = self._me()
                for c in me["developments"]:
                    if not c["up"] and me["coins"] >= c["value"]:
                        out.append({"type": "buy", "card": "development", "value": c["value"]})
                if all(c["up"] for c in me["developments"]) and not me["victory"]["up"] and me["coins"] >= me["victory"]["value"]:
                    out.append({"type": "buy", "card": "victory"})
            out.append({"type": "end-turn"})
        self._quick = True
        self._occ = self._occupancy()
        try:
            return [a for a in out if self._judge(a).legal]
        finally:
            del self._quick, self._occ

    def _judge(self, action):
        """The rule's verdict on a well-formed action of the player on turn in its phase (what `check`
        asks after the format, the turn and the phase)."""
        found = getattr(self, "_check_" + action["type"].replace("-", "_"))(action)
        return self._every_reason(found) if type(found) is GeneratorType else found

    def _place_candidates(self):
        me = self._me()
        out = []
        if me["merchant"] is None:
            for pid in sorted(C.PORTS):
                for f in C.PORTS[pid]["fields"]:
                    out.append({"type": "place", "ship": "merchant", "port": pid, "field": f})
        if self.phase == "place" and me["pirate"] is None:
            for area in sorted(C.DISTANT):
                out.append({"type": "place", "ship": "pirate", "area": area})
        return out

    def _move_candidates(self):
        me = self._me()
        seat = self.turn
        out = []
        ships = []
        if me["merchant"] is not None:
            ships.append("merchant")
        if me["pirate"] is not None:
            ships.append("pirate")
        ships.extend(self._controlled_warships())
        for ship in ships:
            at = self._position(ship)
            for g in C.DISTANT[at] if at in C.DISTANT else C.ADJ[at]:
                out.append({"type": "move", "ship": ship, "to": g})
        occ = self._occupancy()
        if me["merchant"] in C.FIELDS:
            for pid in C.FIELD_PORTS.get(me["merchant"], []):
                out.append({"type": "sell", "port": pid})
        if me["pirate"] in C.FIELDS:
            pat = me["pirate"]
            if me["treasure"] is None:
                for g in C.ADJ[pat]:
                    for s, ship in occ.get(g, []):
                        if ship == "merchant" and s != seat:
                            for col in sorted(set(self.seats[s]["cargo"])):
                                out.append({"type": "steal", "target": s, "colour": col})
            else:
                out.append({"type": "bury"})
        for w in self._controlled_warships():
            for g in C.ADJ[self.warships[w]]:
                for s, ship in occ.get(g, []):
                    if ship == "pirate" and s != seat:
                        out.append({"type": "sink", "ship": w, "target": s})
        if self.options["fate_effects"] == "schematic":
            for fid in me["fates"]:
                card = C.FATE[fid]
                if card["effect"] == "haven":
                    for h in C.HAVENS:
                        out.append({"type": "fate", "card": fid, "field": h})
                else:
                    out.append({"type": "fate", "card": fid})
        out.append({"type": "end-moves"})
        return out

    # ------------------------------------------------------------------ checking
    def _mine(self, key: str) -> str:
        """The field of the player on turn's seat, as a reason's `about` names it."""
        return f"state.seats[{self.turn}].{key}"

    @cites("BF-2.6", "BF-7.5", "BF-8.5", "BF-14.6")
    def _check_place(self, action):
        phase = self.phase
        ship = action["ship"]
        if phase == "setup" and ship == "pirate":
            yield self._no(
                "wrong-phase", "BF-3.1", "BF-2.7", about=("action.ship", "state.phase"), phase=words(PHASE[phase].title)
            )
            return
        me = self._me()
        if ship == "pirate":
            if me["pirate"] is not None:
                yield self._no("ship-in-play", "BF-8.5", about=(self._mine("pirate"),), ship=_ship_name(ship))
            else:
                yield self._ok("place-ok", "BF-8.5")
            return
        rules = ("BF-2.6",) if phase == "setup" else ("BF-7.5",)
        broken = False
        if me["merchant"] is not None:
            yield self._no("ship-in-play", *rules, about=(self._mine("merchant"),), ship=_ship_name(ship))
            broken = True
        pid, f = action["port"], action["field"]
        if f not in C.PORTS[pid]["fields"]:
            yield self._no("not-port-field", *rules, about=("action.field", "action.port"), field=f, port=_port_name(pid))
            broken = True
        elif f in self._occupancy():  # placed on a free field: the placing rule, not BF-5.3 (which is about moves)
            yield self._no("field-occupied", *rules, about=("action.field",), field=f)
            broken = True
        colour = C.PORTS[pid]["colour"]
        stock = self.stock[colour]
        need_n = 3 if self.options["short_stock"] == "no-sale" else 1
        if stock < need_n:
            yield self._no(
                "port-empty", "BF-7.6", *rules, about=(f"state.stock.{colour}",), port=_port_name(pid), n=stock, need=need_n
            )
            broken = True
        if not broken:
            yield self._ok("place-ok", *rules)

    def _discard_on_play(self, cid):
        return (
            self.options["discard_timing"] == "on-play" and C.MOVEMENT[cid]["symbol"] == "discard1" and bool(self._me()["fates"])
        )

    @cites("BF-4.1", "BF-10.3")
    def _check_play(self, action):
        cid = action["card"]
        me = self._me()
        broken = False
        if cid not in me["moves"]:
            yield self._no("card-not-in-hand", "BF-4.1", about=("action.card", self._mine("moves")), card=cid)
            broken = True
        if self._discard_on_play(cid):
            if "discard" not in action:
                yield self._no("discard-required", "BF-10.3", about=("action.discard",))
                broken = True
            elif action["discard"] not in me["fates"]:
                yield self._no(
                    "card-not-in-hand", "BF-10.3", about=("action.discard", self._mine("fates")), card=action["discard"]
                )
                broken = True
            elif not broken:
                yield self._ok("play-ok", "BF-4.1", "BF-10.3")
            return
        if "discard" in action:
            yield self._no("discard-not-needed", "BF-10.3", about=("action.discard",))
            broken = True
        if not broken:
            yield self._ok("play-ok", "BF-4.1")

    @cites("BF-4.2")
    def _ship_check(self, ship, rules):
        """Whether the player on turn may use this ship now: None, or why not. A warship the card played
        does not give is a precondition (the question is asked as if it did), with the fix that plays a
        card of that warship."""
        if ship in C.WARSHIPS:
            if ship not in self._controlled_warships():
                return self._no(
                    "warship-not-yours",
                    "BF-4.2",
                    *rules,
                    about=("action.ship", "state.now.card"),
                    precondition=True,
                    fix=self._card_of(ship),
                    ship=_ship_name(ship),
                )
        elif self._position(ship) is None:
            return self._no("ship-off-board", *rules, about=(self._mine(ship),), ship=_ship_name(ship))
        return None

    def _card_of(self, warship):
        """The fix "play a card of this warship": one from the hand if it holds one, else the first of
        the draw pile's (the card played goes where it came from: engine/black_fleet/edit.py)."""
        if self._quick or self.now["card"] is None:
            return None
        decks = self.decks
        cards = self._me()["moves"] + decks["movement"][::-1] + decks["movement_discard"] + sorted(C.MOVEMENT)
        card = next(c for c in cards if C.MOVEMENT[c]["warship"] == warship)
        return self.game.fix("set", N_("fix-play-warship"), {"path": ["now", "card"], "value": card}, ship=_ship_name(warship))

    @cites("BF-5.1", "BF-5.2", "BF-5.3", "BF-5.4", "BF-8.5")
    def _check_move(self, action):
        ship = action["ship"]
        broken = self._ship_check(ship, ("BF-5.1",))
        if broken is not None:
            yield broken
            if broken.reason == "ship-off-board":
                return
        broken = broken is not None
        to = action["to"]
        now = self.now
        if ship in now["finished"]:
            yield self._no("movement-finished", "BF-5.4", about=("action.ship", "state.now.finished"), ship=_ship_name(ship))
            broken = True
        active = now["active"]
        occ = self._occupancy()
        if active is not None and active != ship and self._on_shared_field(active, occ):
            yield self._no("must-finish-move", "BF-5.3", "BF-5.4", about=("state.now.active",), ship=_ship_name(active))
            broken = True
        at = self._position(ship)
        if to not in C.FIELDS:
            yield self._no("not-sea", "BF-5.1", about=("action.to",), field=to)
            return
        far = to not in (C.DISTANT[at] if at in C.DISTANT else C.ADJ[at])
        if far:
            yield self._no("not-adjacent", "BF-5.1", about=("action.to",), field=to)
            broken = True
        me = self.turn
        here = [o for o in occ.get(to, []) if o != (me, ship) and o != (None, ship)]
        blocked = here and not all(self._friendly(s, sh) for s, sh in here)
        if blocked:
            yield self._no("blocked", "BF-5.2", about=("action.to",), field=to)
            broken = True
        cost = self._step_cost(at)
        limit = self._limit(ship)
        used = now["moved"].get(ship, 0)
        if used + cost > limit:
            yield self._no("no-movement-left", "BF-5.1", about=(f"state.now.moved.{ship}",), ship=_ship_name(ship), n=limit)
            broken = True
        elif here and not blocked and not far and not self._can_escape(to, limit - used - cost, occ, ship):
            yield self._no("stranded", "BF-5.3", about=("action.to",), field=to)
            broken = True
        if broken:
            return
        if here:
            yield self._ok("move-ok", "BF-5.1", "BF-5.2", used=used + cost, limit=limit)
        else:
            rules = ("BF-5.1", "BF-8.5") if at in C.DISTANT else ("BF-5.1",)
            yield self._ok("move-ok", *rules, used=used + cost, limit=limit)

    @cites("BF-5.4", "BF-5.5", "BF-5.6", "BF-14.1")
    def _acting(self, ship, rules, acted=("BF-5.5", "BF-14.1")):
        """The checks every action of a ship shares, yielded; returns (stop, broken): whether the ship
        is out of play (nothing further to ask), and whether any rule was broken."""
        broken = self._ship_check(ship, rules)
        if broken is not None:
            yield broken
            if broken.reason == "ship-off-board":
                return True, True
        broken = broken is not None
        now = self.now
        if now["acted"].get(ship, 0) >= self._actions_allowed(ship):
            yield self._no("already-acted", *acted, about=(f"state.now.acted.{ship}",), ship=_ship_name(ship))
            broken = True
        if self.options["action_timing"] == "own-move":
            # the reading that a ship acts only in its own stretch of the turn (BF-5.6): not once
            # another ship has moved after it, and not while another ship must still move off a field
            active = now["active"]
            if ship in now["finished"]:
                yield self._no(
                    "action-time-over", "BF-5.6", "BF-5.4", about=("action.ship", "state.now.finished"), ship=_ship_name(ship)
                )
                broken = True
            elif active is not None and active != ship and self._on_shared_field(active):
                yield self._no("must-finish-move", "BF-5.3", "BF-5.4", about=("state.now.active",), ship=_ship_name(active))
                broken = True
        return False, broken

    @cites("BF-6.1", "BF-14.4")
    def _check_sink(self, action):
        ship = action["ship"]
        stop, broken = yield from self._acting(ship, ("BF-6.1",))
        if stop:
            return
        target = action["target"]
        if target == self.turn:
            yield self._no("own-ship", "BF-14.4", "BF-6.1", about=("action.target",))
            broken = True
        at = self.seats[target]["pirate"]
        if at not in C.FIELDS:
            yield self._no("target-missing", "BF-6.1", about=("action.target", f"state.seats[{target}].pirate"))
            return
        if at not in C.ADJ[self.warships[ship]]:
            yield self._no("target-not-adjacent", "BF-6.1", about=("action.target", f"state.seats[{target}].pirate"))
            broken = True
        if not broken:
            amount = C.REWARD_SINK + self._dev_bonus(self.turn, "income-bonus", "income", "sink")
            yield self._ok("sink-ok", "BF-6.1", "BF-5.5", amount=amount)

    @cites("BF-7.1", "BF-7.2", "BF-7.3", "BF-7.6", "BF-14.2")
    def _check_sell(self, action):
        stop, broken = yield from self._acting("merchant", ("BF-7.1",))
        if stop:
            return
        pid = action["port"]
        me = self._me()
        port = C.PORTS[pid]
        if me["merchant"] not in port["fields"]:
            yield self._no("not-at-port", "BF-7.1", about=("action.port", self._mine("merchant")), port=_port_name(pid))
            broken = True
        if not me["cargo"]:
            yield self._no("cargo-empty", "BF-7.1", about=(self._mine("cargo"),))
            return
        refused = sorted(set(c for c in me["cargo"] if c not in port["buys"]))
        if refused:
            yield self._no(
                "port-refuses",
                "BF-7.2",
                about=("action.port", self._mine("cargo")),
                port=_port_name(pid),
                colours={lang: ", ".join(CATALOG.text(COLOURS[c], lang) for c in refused) for lang in LANGS},
            )
            broken = True
        colour = port["colour"]
        stock = self.stock[colour] + me["cargo"].count(colour)
        if self.options["short_stock"] == "no-sale" and stock < 3:
            yield self._no("short-stock", "BF-7.6", about=(f"state.stock.{colour}",), port=_port_name(pid), n=stock)
            broken = True
        if broken:
            return
        amount = port["price"] * len(me["cargo"]) + self._dev_bonus(self.turn, "income-bonus", "income", "sell")
        sold = {"n": len(me["cargo"]), "amount": amount, "port": _port_name(pid)}
        if stock == 0:  # nothing to load: the empty merchant sinks (the load-available table choice, BF-7.6)
            yield self._ok("sell-sinks", "BF-7.1", "BF-7.2", "BF-7.6", **sold)
        elif stock < C.MERCHANT_CAPACITY:
            yield self._ok("sell-loads-short", "BF-7.1", "BF-7.2", "BF-7.3", "BF-7.6", stock=stock, **sold)
        else:
            yield self._ok("sell-ok", "BF-7.1", "BF-7.2", "BF-7.3", **sold)

    @cites("BF-7.4", "BF-14.3")
    def _check_load(self, action):
        return self._no("load-needs-sale", "BF-7.4", "BF-14.3")

    @cites("BF-8.1", "BF-8.2", "BF-14.4", "BF-14.5")
    def _check_steal(self, action):
        stop, broken = yield from self._acting("pirate", ("BF-8.1",))
        if stop:
            return
        me = self._me()
        if me["pirate"] in C.DISTANT:
            yield self._no("in-distant-sea", "BF-8.5", about=(self._mine("pirate"),))
            return
        if me["treasure"] is not None:
            yield self._no("pirate-loaded", "BF-8.1", about=(self._mine("treasure"),))
            broken = True
        target = action["target"]
        if target == self.turn:
            yield self._no("own-ship", "BF-14.4", "BF-8.1", about=("action.target",))
            broken = True
        victim = self.seats[target]
        if victim["merchant"] is None or not victim["cargo"]:
            yield self._no("target-missing", "BF-8.1", about=("action.target", f"state.seats[{target}].merchant"))
            return
        if victim["merchant"] not in C.ADJ[me["pirate"]]:
            yield self._no("target-not-adjacent", "BF-8.1", about=("action.target", f"state.seats[{target}].merchant"))
            broken = True
        if "colour" in action and action["colour"] not in victim["cargo"]:
            yield self._no("target-missing", "BF-8.1", about=("action.colour", f"state.seats[{target}].cargo"))
            broken = True
        if not broken:
            amount = C.REWARD_STEAL + self._dev_bonus(self.turn, "income-bonus", "income", "steal")
            rules = ("BF-8.1", "BF-8.2") if len(victim["cargo"]) == 1 else ("BF-8.1",)
            yield self._ok("steal-ok", *rules, "BF-5.5", amount=amount)

    @cites("BF-8.3", "BF-8.4")
    def _check_bury(self, action):
        stop, broken = yield from self._acting("pirate", ("BF-8.3",), acted=("BF-8.4", "BF-5.5"))
        if stop:
            return
        me = self._me()
        if me["treasure"] is None:
            yield self._no("no-treasure", "BF-8.3", about=(self._mine("treasure"),))
            broken = True
        if me["pirate"] not in C.COAST:
            yield self._no("not-coast", "BF-8.3", about=(self._mine("pirate"),))
            broken = True
        if not broken:
            amount = C.COAST[me["pirate"]] + self._dev_bonus(self.turn, "income-bonus", "income", "bury")
            yield self._ok("bury-ok", "BF-8.3", amount=amount)

    @cites("BF-9.1", "BF-9.2", "BF-9.3")
    def _check_fate(self, action):
        cid = action["card"]
        me = self._me()
        broken = False
        if cid not in me["fates"]:
            yield self._no("card-not-in-hand", "BF-9.1", about=("action.card", self._mine("fates")), card=cid)
            broken = True
        if self.options["fate_effects"] != "schematic":
            yield self._no("fate-effects-off", "BF-9.3", about=("state.options.fate_effects",))
            return
        eff = C.FATE[cid]["effect"]
        now = self.now
        if eff == "second-warship":
            if now["second_warship"] is not None:
                yield self._no("fate-no-effect", "BF-9.3", about=("state.now.second_warship",))
                broken = True
        elif eff == "haven":
            if "field" not in action:
                yield self._no("fate-param", "BF-9.3", about=("action.field",), param="field")
                return
            f = action["field"]
            if f not in C.HAVENS:
                yield self._no("not-haven", "BF-9.3", about=("action.field",), field=f)
                broken = True
            if me["pirate"] is None:
                yield self._no("ship-off-board", "BF-9.3", about=(self._mine("pirate"),), ship=_ship_name("pirate"))
                broken = True
            elif "pirate" in now["finished"] or now["moved"].get("pirate", 0) > 0:
                yield self._no(
                    "movement-finished", "BF-9.3", "BF-5.4", about=("state.now.moved.pirate",), ship=_ship_name("pirate")
                )
                broken = True
            occ = self._occupancy()
            if f in occ:
                yield self._no("field-occupied", "BF-5.3", "BF-9.3", about=("action.field",), field=f)
                broken = True
            active = now["active"]
            if active is not None and self._on_shared_field(active, occ):
                yield self._no("must-finish-move", "BF-5.3", "BF-5.4", about=("state.now.active",), ship=_ship_name(active))
                broken = True
        if not broken:
            yield self._ok("fate-ok", "BF-9.1", "BF-9.2", "BF-9.3")

    @cites("BF-5.3", "BF-10.1", "BF-10.2", "BF-8.5")
    def _check_end_moves(self, action):
        active = self.now["active"]
        if active is not None and self._on_shared_field(active):
            return self._no("must-finish-move", "BF-5.3", about=("state.now.active",), ship=_ship_name(active))
        return self._ok("end-moves-ok", "BF-10.1", "BF-10.2")

    @cites("BF-10.3", "BF-10.4")
    def _check_discard(self, action):
        cid = action["card"]
        if cid not in self._me()["fates"]:
            return self._no("card-not-in-hand", "BF-10.4", about=("action.card", self._mine("fates")), card=cid)
        return self._ok("discard-ok", "BF-10.3", "BF-10.4")

    @cites("BF-11.1", "BF-11.2", "BF-11.3", "BF-11.4", "BF-13.2")
    def _check_buy(self, action):
        broken = False
        if self.now["bought"]:
            yield self._no("one-purchase", "BF-11.1", about=("state.now.bought",))
            broken = True
        me = self._me()
        if action["card"] == "development":
            value = action["value"]
            j = C.DEVELOPMENT_VALUES.index(value)
            if me["developments"][j]["up"]:
                yield self._no("already-bought", "BF-11.3", about=(self._mine(f"developments[{j}].up"),), value=value)
                broken = True
            elif me["coins"] < value:
                yield self._no("too-poor", "BF-11.2", about=(self._mine("coins"),), cost=value, coins=me["coins"])
                broken = True
            if not broken:
                yield self._ok("buy-ok", "BF-11.1", "BF-11.2", "BF-11.3", cost=value)
            return
        if not all(c["up"] for c in me["developments"]):
            yield self._no("victory-locked", "BF-11.4", about=(self._mine("developments"),))
            broken = True
        cost = me["victory"]["value"]
        if me["victory"]["up"]:
            yield self._no("already-bought", "BF-11.4", about=(self._mine("victory.up"),), value=cost)
            broken = True
        elif me["coins"] < cost:
            yield self._no("too-poor", "BF-11.2", about=(self._mine("coins"),), cost=cost, coins=me["coins"])
            broken = True
        if not broken:
            yield self._ok("buy-ok", "BF-11.1", "BF-11.2", "BF-11.4", "BF-12.1", cost=cost)

    @cites("BF-3.1", "BF-12.1")
    def _check_end_turn(self, action):
        return self._ok("end-turn-ok", "BF-3.1")

    # ------------------------------------------------------------------ applying
    def _earn(self, seat, amount):
        s = self.seats[seat]
        s["coins"] += amount
        s["earned"] += amount

    def _return_cube(self, colour):
        self.stock[colour] += 1

    def _load(self, seat, pid):
        """Loads up to 3 cubes of the port's colour (BF-7.3, BF-7.6); sinks an empty merchant."""
        col = C.PORTS[pid]["colour"]
        n = min(C.MERCHANT_CAPACITY, self.stock[col])
        self.stock[col] -= n
        s = self.seats[seat]
        s["cargo"] = [col] * n
        if n == 0:
            s["merchant"] = None

    def _apply_place(self, action):
        me = self._me()
        if action["ship"] == "pirate":
            me["pirate"] = action["area"]
        else:
            me["merchant"] = action["field"]
            self._load(self.turn, action["port"])
        if self.phase == "setup":
            n = self.players
            nxt = (self.turn + 1) % n
            if nxt == self.first:
                self._start_turn(nxt)
            else:
                self.turn = nxt
        elif me["merchant"] is not None and me["pirate"] is not None:
            self.phase = "card"

    def _start_turn(self, seat):
        self.turn = seat
        self.now = position.fresh_turn()
        me = self._me()
        self.phase = "place" if (me["merchant"] is None or me["pirate"] is None) else "card"

    def _apply_play(self, action):
        me = self._me()
        me["moves"].remove(action["card"])
        self.now["card"] = action["card"]
        if "discard" in action:
            me["fates"].remove(action["discard"])
            self.decks["fate_discard"].append(action["discard"])
        self.phase = "move"

    def _apply_move(self, action):
        ship, to = action["ship"], action["to"]
        now = self.now
        at = self._position(ship)
        cost = self._step_cost(at)
        if now["active"] is not None and now["active"] != ship:
            now["finished"].append(now["active"])
        now["active"] = ship
        now["moved"][ship] = now["moved"].get(ship, 0) + cost
        if ship in C.WARSHIPS:
            self.warships[ship] = to
        else:
            self._me()[ship] = to

    def _acted(self, ship):
        now = self.now
        acted = now["acted"]
        acted[ship] = acted.get(ship, 0) + 1
        if self.options["action_timing"] == "own-move" and now["active"] != ship:
            # acting opens this ship's stretch of the turn: the ship that moved before it is done
            if now["active"] is not None:
                now["finished"].append(now["active"])
            now["active"] = ship

    def _apply_sink(self, action):
        victim = self.seats[action["target"]]
        if victim["treasure"] is not None:
            self._return_cube(victim["treasure"])
            victim["treasure"] = None
        victim["pirate"] = None
        self._earn(self.turn, C.REWARD_SINK + self._dev_bonus(self.turn, "income-bonus", "income", "sink"))
        self._acted(action["ship"])

    def _apply_sell(self, action):
        me = self._me()
        port = C.PORTS[action["port"]]
        amount = port["price"] * len(me["cargo"]) + self._dev_bonus(self.turn, "income-bonus", "income", "sell")
        for c in me["cargo"]:
            self._return_cube(c)
        me["cargo"] = []
        self._earn(self.turn, amount)
        self._load(self.turn, action["port"])
        self._acted("merchant")

    def _apply_steal(self, action):
        me = self._me()
        victim = self.seats[action["target"]]
        col = action.get("colour") or sorted(victim["cargo"])[0]
        victim["cargo"].remove(col)
        me["treasure"] = col
        if not victim["cargo"]:
            victim["merchant"] = None
        self._earn(self.turn, C.REWARD_STEAL + self._dev_bonus(self.turn, "income-bonus", "income", "steal"))
        self._acted("pirate")

    def _apply_bury(self, action):
        me = self._me()
        amount = C.COAST[me["pirate"]] + self._dev_bonus(self.turn, "income-bonus", "income", "bury")
        self._return_cube(me["treasure"])
        me["treasure"] = None
        self._earn(self.turn, amount)
        self._acted("pirate")

    @cites("BF-9.2", "BF-14.7")
    def _apply_fate(self, action):
        me = self._me()
        card = C.FATE[action["card"]]
        now = self.now
        eff = card["effect"]
        if eff == "extra-move":
            now["extra_moves"][card["ship"]] = now["extra_moves"].get(card["ship"], 0) + card["amount"]
        elif eff == "extra-action":
            now["extra_actions"][card["ship"]] = now["extra_actions"].get(card["ship"], 0) + 1
        elif eff == "second-warship":
            mine = C.MOVEMENT[now["card"]]["warship"]
            now["second_warship"] = "purple" if mine == "yellow" else "yellow"
            now["second_value"] = card["amount"]
        elif eff == "haven":
            me["pirate"] = action["field"]
        me["fates"].remove(action["card"])
        self.decks["fate_discard"].append(action["card"])

    def _draw(self, deck, discard):
        decks = self.decks
        if not decks[deck]:
            if not decks[discard]:
                return None
            pile = sorted(decks[discard])
            decks[discard] = []
            rng = Rng.from_json(self.rng)
            rng.shuffle(pile)
            self.rng = rng.to_json()
            decks[deck] = pile
        return decks[deck].pop()

    @cites("BF-10.1", "BF-10.2", "BF-10.3", "BF-10.4", "BF-10.5")
    def _apply_end_moves(self, action):
        me = self._me()
        now = self.now
        if me["pirate"] in C.DISTANT:  # a pirate that never entered the board goes back beside it
            me["pirate"] = None
            if me["treasure"] is not None:
                self._return_cube(me["treasure"])
                me["treasure"] = None
        card = C.MOVEMENT[now["card"]]
        self.decks["movement_discard"].append(now["card"])
        while len(me["moves"]) < C.MOVEMENT_HAND:
            c = self._draw("movement", "movement_discard")
            if c is None:
                break
            me["moves"].append(c)
        draws = {"draw1": 1, "draw2": 2}.get(card["symbol"], 0)
        for _ in range(draws):
            c = self._draw("fate", "fate_discard")
            if c is None:
                break
            me["fates"].append(c)
        pending = 0
        if card["symbol"] == "discard1" and self.options["discard_timing"] == "end-of-turn" and me["fates"]:
            pending = 1
        pending += max(0, len(me["fates"]) - pending - C.FATE_HAND_LIMIT)
        now["discards"] = pending
        now["active"] = None
        now["card"] = None  # it is in the discards now
        self.phase = "discard" if pending else "buy"

    def _apply_discard(self, action):
        me = self._me()
        me["fates"].remove(action["card"])
        self.decks["fate_discard"].append(action["card"])
        now = self.now
        now["discards"] -= 1
        if now["discards"] <= 0 or not me["fates"]:
            now["discards"] = 0
            self.phase = "buy"

    def _apply_buy(self, action):
        me = self._me()
        if action["card"] == "development":
            card = next(c for c in me["developments"] if c["value"] == action["value"])
            card["up"] = True
            cost = card["value"]
        else:
            me["victory"]["up"] = True
            cost = me["victory"]["value"]
            self.final_round = True
        me["coins"] -= cost
        me["spent"] += cost
        self.now["bought"] = True

    @cites("BF-12.1")
    def _apply_end_turn(self, action):
        n = self.players
        seat = self.turn
        self._me()["turns"] += 1
        last = (self.first - 1) % n
        if seat == last:
            if self.final_round:
                self.phase = "over"
                self.now = position.fresh_turn()
                return
            self.round += 1
        self._start_turn((seat + 1) % n)

    # ------------------------------------------------------------------ descriptions
    def _describe(self, action, lang):
        from .describe import describe_action

        return describe_action(action, lang)
