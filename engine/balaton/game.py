"""Balaton: the untitled Lake Balaton ports-and-ships dice game (csetneki.hu), 2-6 players.

A step: `roll` (then up to two `reroll`s), `move` by one die or the sum (optionally with a
back card), then on the landing field any of `ferry`/`fly` (first), `bump`, `port`,
`ship`, `income`, `subsidy`, and finally `end`. Rule ids are those of docs/balaton/rules.*.md.
"""

from __future__ import annotations

from ..core import Game, InputError, Option, Rng, State, cites, expect, need
from .board import BOARD
from .messages import CARD_NAMES, CATALOG

# The book's amounts at coin scale 1 (option coin_scale multiplies them all).
START_MONEY = 10
GOAL = 20
REROLL_PRICE = 2
FERRY_PRICE = 2
SUBSIDY = 2
SHIP_PRICE = 1
SHIP_PRICE_DOUBLE = 2
MAX_REROLLS = 2
CLOSURE = 3
START_CARDS = {"back": 2, "plane": 1, "ferry": 1, "ship": 1}
CARDS = ("back", "plane", "ferry", "ship")
PHASES = ("roll", "move", "land", "over")
STEP_FLAGS = ("crossed", "bumped", "bought", "income", "subsidy", "sub")
ACTION_TYPES = ("roll", "reroll", "move", "ferry", "fly", "bump", "port", "ship", "income", "subsidy", "end")
PHASE_ACTIONS = {
    "roll": ("roll",),
    "move": ("reroll", "move"),
    "land": ("ferry", "fly", "bump", "port", "ship", "income", "subsidy", "end"),
    "over": (),
}
ACTION_RULES = {
    "roll": "BA-3.1", "reroll": "BA-3.2", "move": "BA-3.1", "ferry": "BA-9.1", "fly": "BA-10.3",
    "bump": "BA-4.2", "port": "BA-5.1", "ship": "BA-6.1", "income": "BA-7.1", "subsidy": "BA-11.1", "end": "BA-2.3",
}


def _t(hu: str, en: str) -> dict:
    return {"hu": hu, "en": en}


OPTIONS = (
    Option(
        "coin_scale", 1, (1, 10),
        _t("Érmék: a könyv összegei (1) vagy tízszeresük 10, 20, 50 Ft-os érmékkel (10): "
           "„minden, a szabályban szereplő pénzösszegnek a tízszeresét kell figyelembe venni”",
           "Coins: the book's amounts (1) or ten times them with 10, 20, 50 Ft coins (10): "
           "\"every amount in the rules is taken ten times\""),
        kind="variant", rules=("BA-2.4",),
        choice_titles={1: _t("10 Ft kezdés, 20 Ft a cél", "10 Ft start, 20 Ft goal"),
                       10: _t("100 Ft kezdés, 200 Ft a cél", "100 Ft start, 200 Ft goal")},
    ),
    Option(
        "empty_route_field", "zero", ("zero", "tie"),
        _t("Mennyit ér az útvonal olyan tavi mezője, ahol nincs hajód? „nem fontos, hogy minden egyes mezőn legyen hajó”",
           "What does a route field pay where you have no ship? \"it does not matter whether every field has a ship\""),
        kind="reading", rules=("BA-7.2",),
        choice_titles={"zero": _t("0 Ft (a táblázat csak a hajós mezőket fizeti)", "0 Ft (the table pays only fields with your ships)"),
                       "tie": _t("üres mezőn 0–0 döntetlen: 1 Ft (2-es mezőn 2), ha másnak van ott hajója: 0",
                                 "an empty field is a 0-0 tie: 1 Ft (2 on a \"2\" field); 0 if someone else has ships there")},
    ),
    Option(
        "closure_scope", "field", ("field", "port"),
        _t("Mire vonatkozik a „három hajója is van egy kikötőben” lezárás?",
           "What does the closure \"already has three ships in a port\" apply to?"),
        kind="reading", rules=("BA-6.4",),
        choice_titles={"field": _t("a tavi mezőre: ha ott egy játékosnak 3 hajója van, oda senki sem vehet többet",
                                   "the lake field: once one player has 3 ships on it, nobody adds more"),
                       "port": _t("a kikötőre: az onnan vett hajók számítanak; egy zöld mezőre a másik két kikötőből még lehet venni",
                                  "the port: ships bought from that port count; a green field stays open from its other two ports")},
    ),
    Option(
        "no_money", "zero", ("zero", "below-reroll"),
        _t("Mikor „fogy el a pénze” a támogatáshoz?", "When has a player \"run out of money\" for the subsidy?"),
        kind="reading", rules=("BA-11.1",),
        choice_titles={"zero": _t("pontosan 0 Ft-ja van", "exactly 0 Ft"),
                       "below-reroll": _t("kevesebb, mint egy újradobás ára (2 Ft)", "less than the price of a reroll (2 Ft)")},
    ),
    Option(
        "bumped_pawn", "nothing", ("nothing", "arrow", "landing"),
        _t("Vált-e ki valamit az áthelyezett bábu? „azt tetszőleges helyre áthelyezheti a táblán”",
           "Does a pawn moved by another player trigger anything? \"may move it to any place on the board\""),
        kind="reading", rules=("BA-4.2",),
        choice_titles={"nothing": _t("semmit: ott áll, ahová tették", "nothing: it stays where it was put"),
                       "arrow": _t("csak a nyíl visz tovább a központba", "only an arrow sends it on to the centre"),
                       "landing": _t("érkezésnek számít: tulajdonosa ott vásárolhat, bevételt vagy támogatást kaphat",
                                     "it counts as a landing: its owner may buy, collect income or a subsidy there")},
    ),
    Option(
        "crossing_lands", True, (True, False),
        _t("Komppal vagy repülővel érkezve a célmezőn is cselekedhetsz-e (kikötő, hajó, bevétel)?",
           "After a ferry or plane crossing, may you act on the destination (port, ship, income)?"),
        kind="reading", rules=("BA-9.1", "BA-10.3"),
        choice_titles={True: _t("igen, az átkelés érkezésnek számít", "yes, the crossing counts as a landing"),
                       False: _t("nem, az átkelés befejezi a lépést", "no, the crossing ends the step")},
    ),
    Option(
        "subsidy_then_buy", True, (True, False),
        _t("Vásárolhat-e ugyanabban a lépésben, aki támogatást kapott? A könyv csak a bevételt zárja ki.",
           "May a player who took the subsidy buy in the same step? The book only excludes income."),
        kind="reading", rules=("BA-11.2",),
        choice_titles={True: _t("igen", "yes"), False: _t("nem, a támogatás és a vásárlás is kizárja egymást",
                                                          "no, subsidy and buying exclude each other too")},
    ),
)


def _fresh_step() -> dict:
    step = {flag: False for flag in STEP_FLAGS}
    step["card"] = ""
    step["landed"] = ""
    return step


class _Probe:
    """A cheap stand-in for a Verdict while legal_actions() only needs legal/illegal."""

    __slots__ = ("legal",)

    def __init__(self, legal: bool):
        self.legal = legal


_YES, _NO = _Probe(True), _Probe(False)


class BalatonState(State):
    end_rules = ("BA-2.2",)
    board = BOARD
    _probing = False  # set only inside legal_actions()

    def _ok(self, reason, rules, **params):
        return _YES if self._probing else self.game.verdict(True, reason, rules, **params)

    def _no(self, reason, *rules, **params):
        return _NO if self._probing else self.game.illegal(reason, *rules, **params)

    # -- construction -------------------------------------------------------------
    @classmethod
    @cites("BA-2.1", "BA-2.3")
    def initial(cls, game, players, seed, options):
        s = cls()
        s.game = game
        s.options = dict(options)
        s.n = players
        s.money = [START_MONEY * s.scale] * players
        s.pos = [BOARD.start] * players
        s.cards = [dict(START_CARDS) for _ in range(players)]
        s.ports = {}
        s.ships = {}
        s.turn = 0  # the youngest player starts: seat 0
        s.actor = 0
        s.phase = "roll"
        s.dice = []
        s.rerolls = 0
        s.step = _fresh_step()
        s.winner = -1
        s.rng = Rng(seed)
        return s

    @classmethod
    def load(cls, game, data, field):
        s = cls()
        s.game = game
        s.options = game.resolve_options(data.get("options", {}), f"{field}.options")
        n = s.n = need(data, "players", "integer", field, low=game.players[0], high=game.players[1])
        b = BOARD

        def per_seat(key, kind, default=...):
            values = need(data, key, "list", field, default=default)
            if len(values) != n:
                raise InputError("field-range", f"{field}.{key}", low=n, high=n, value=len(values))
            return values

        s.money = [expect(v, "integer", f"{field}.money[{i}]", low=0, high=10**6)
                   for i, v in enumerate(per_seat("money", "integer"))]
        s.pos = [expect(v, "string", f"{field}.pos[{i}]", allowed=b.track) for i, v in enumerate(per_seat("pos", "string"))]
        s.cards = []
        for i, c in enumerate(per_seat("cards", "object", [dict(START_CARDS) for _ in range(n)])):
            path = f"{field}.cards[{i}]"
            expect(c, "object", path)
            for key in c:
                if key not in CARDS:
                    raise InputError("field-unknown", f"{path}.{key}")
            s.cards.append({k: need(c, k, "integer", path, low=0, high=START_CARDS[k]) for k in CARDS})
        s.ports = {}
        ports = need(data, "ports", "object", field, default={})
        for sid, seats in ports.items():
            path = f"{field}.ports.{sid}"
            if sid not in b.size:
                raise InputError("field-value", path, value=repr(sid), allowed=", ".join(b.settlements))
            expect(seats, "list", path)
            for j, seat in enumerate(seats):
                expect(seat, "integer", f"{path}[{j}]", low=0, high=n - 1)
            if len(set(seats)) != len(seats):
                raise InputError("field-value", path, value=repr(seats), allowed="each seat at most once (BA-5.2)")
            if seats:
                s.ports[sid] = sorted(seats)
        s.ships = {}
        ships = need(data, "ships", "object", field, default={})
        for lid, by_port in ships.items():
            path = f"{field}.ships.{lid}"
            if lid not in b.double:
                raise InputError("field-value", path, value=repr(lid), allowed=", ".join(b.lakes))
            expect(by_port, "object", path)
            for sid, counts in by_port.items():
                if sid not in b.ports_on[lid]:
                    raise InputError("field-value", f"{path}.{sid}", value=repr(sid),
                                     allowed=", ".join(b.ports_on[lid]) or "-")
                expect(counts, "list", f"{path}.{sid}")
                if len(counts) != n:
                    raise InputError("field-range", f"{path}.{sid}", low=n, high=n, value=len(counts))
                for j, c in enumerate(counts):
                    expect(c, "integer", f"{path}.{sid}[{j}]", low=0, high=CLOSURE)
                if any(counts):
                    s.ships.setdefault(lid, {})[sid] = list(counts)
        s.turn = need(data, "turn", "integer", field, low=0, high=n - 1)
        s.actor = need(data, "actor", "integer", field, low=0, high=n - 1, default=s.turn)
        s.phase = need(data, "phase", "string", field, allowed=PHASES)
        dice = need(data, "dice", "list", field, default=[])
        if s.phase == "move" and len(dice) != 2:
            raise InputError("field-range", f"{field}.dice", low=2, high=2, value=len(dice))
        if len(dice) not in (0, 2):
            raise InputError("field-range", f"{field}.dice", low=0, high=2, value=len(dice))
        s.dice = [expect(d, "integer", f"{field}.dice[{i}]", low=1, high=6) for i, d in enumerate(dice)]
        s.rerolls = need(data, "rerolls", "integer", field, low=0, high=MAX_REROLLS, default=0)
        step = need(data, "step", "object", field, default={})
        for key in step:
            if key not in STEP_FLAGS + ("card", "landed"):
                raise InputError("field-unknown", f"{field}.step.{key}")
        s.step = _fresh_step()
        for flag in STEP_FLAGS:
            s.step[flag] = need(step, flag, "boolean", f"{field}.step", default=False)
        s.step["card"] = need(step, "card", "string", f"{field}.step", default="", allowed=("",) + CARDS)
        s.step["landed"] = need(step, "landed", "string", f"{field}.step", default="", allowed=[""] + b.settlements)
        s.winner = need(data, "winner", "integer", field, low=-1, high=n - 1, default=-1)
        if (s.winner >= 0) != (s.phase == "over"):
            raise InputError("field-value", f"{field}.winner", value=s.winner, allowed="a seat exactly when phase is over")
        rng = need(data, "rng", "string", field, default=Rng(0).to_json())
        if len(rng) != 16 or any(ch not in "0123456789abcdef" for ch in rng):
            raise InputError("field-value", f"{field}.rng", value=repr(rng), allowed="16 lower-case hex digits")
        s.rng = Rng.from_json(rng)
        return s

    def to_json(self) -> dict:
        return {
            "players": self.n,
            "options": dict(self.options),
            "money": list(self.money),
            "pos": list(self.pos),
            "cards": [dict(c) for c in self.cards],
            "ports": {sid: list(seats) for sid, seats in sorted(self.ports.items())},
            "ships": {lid: {sid: list(c) for sid, c in sorted(bp.items())} for lid, bp in sorted(self.ships.items())},
            "turn": self.turn,
            "actor": self.actor,
            "phase": self.phase,
            "dice": list(self.dice),
            "rerolls": self.rerolls,
            "step": dict(self.step),
            "winner": self.winner,
            "rng": self.rng.to_json(),
        }

    def copy(self):
        s = self.__class__.__new__(self.__class__)
        s.game = self.game
        s.options = self.options
        s.n = self.n
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

    def here(self, seat: int | None = None) -> str:
        return BOARD.settlement_at(self.pos[self.actor if seat is None else seat])

    def has_port(self, seat: int, sid: str) -> bool:
        return seat in self.ports.get(sid, ())

    def ships_on(self, lake: str) -> list[int]:
        """Ships per seat on a lake field (all ports together)."""
        total = [0] * self.n
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
    def broke(self, seat: int) -> bool:
        if self.options["no_money"] == "below-reroll":
            return self.money[seat] < REROLL_PRICE * self.scale
        return self.money[seat] == 0

    def route_exists(self, seat: int, sid: str) -> bool:
        lake = BOARD.lake_of.get(sid)
        if not lake:
            return False
        return any(other != sid and self.has_port(seat, other) and other in BOARD.lake_of
                   and BOARD.connected(lake, BOARD.lake_of[other]) for other in BOARD.settlements)

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

        A route is a simple path of lake fields (no branching) from the lake field next to
        `sid` to the lake field next to another port of the same player.
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
        for path in BOARD.simple_paths(lake):
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

    def scores(self) -> list:
        return list(self.money)

    def winners(self) -> list[int]:
        return [self.winner] if self.winner >= 0 else []

    def legal_actions(self) -> list[dict]:
        if self.is_over():
            return []
        if self.phase == "roll":
            return [{"type": "roll"}]
        if self.phase == "move":
            out = [{"type": "reroll"}] if self._check_reroll().legal else []
            for steps in self.move_options():
                out.append({"type": "move", "steps": steps, "back": False})
            if self.cards[self.actor]["back"] > 0:
                for steps in self.move_options():
                    out.append({"type": "move", "steps": steps, "back": True})
            return out
        candidates = [{"type": "ferry", "ticket": False}, {"type": "ferry", "ticket": True}, {"type": "fly"},
                      {"type": "port"}, {"type": "ship", "card": False}, {"type": "ship", "card": True},
                      {"type": "income"}, {"type": "subsidy"}]
        if BOARD.kind[self.pos[self.actor]] == "gray" and not self.step["bumped"] and not self.step["sub"]:
            here = self.pos[self.actor]
            for seat in range(self.n):
                if seat != self.actor and self.pos[seat] == here:
                    candidates.extend({"type": "bump", "seat": seat, "to": f} for f in BOARD.track if f != here)
        self._probing = True
        try:
            out = [a for a in candidates if self._check(a).legal]
        finally:
            del self._probing
        out.append({"type": "end"})
        return out

    def _check(self, action: dict):
        kind = action["type"]
        if kind not in ACTION_TYPES:
            raise InputError("unknown-action", "action.type", value=repr(kind), allowed=", ".join(ACTION_TYPES))
        if kind not in PHASE_ACTIONS[self.phase]:
            return self._no("wrong-phase", ACTION_RULES[kind],
                                     allowed=", ".join(PHASE_ACTIONS[self.phase]))
        return getattr(self, f"_check_{kind}")(action)

    # roll / reroll / move ------------------------------------------------------------
    @cites("BA-3.1")
    def _check_roll(self, action):
        return self._ok("roll-ok", ("BA-3.1",))

    @cites("BA-3.2")
    def _check_reroll(self, action=None):
        price = REROLL_PRICE * self.scale
        if self.rerolls >= MAX_REROLLS:
            return self._no("reroll-limit", "BA-3.2")
        if self.money[self.actor] < price:
            return self._no("reroll-money", "BA-3.2", price=price, money=self.money[self.actor])
        return self._ok("reroll-ok", ("BA-3.2",), price=price, count=self.rerolls + 1)

    @cites("BA-3.1", "BA-4.1", "BA-10.1", "BA-10.2")
    def _check_move(self, action):
        steps = need(action, "steps", "integer", "action", low=1, high=12)
        back = need(action, "back", "boolean", "action", default=False)
        allowed = self.move_options()
        if steps not in allowed:
            return self._no("steps-not-rolled", "BA-3.1", steps=steps, allowed=", ".join(map(str, allowed)))
        if back and self.cards[self.actor]["back"] <= 0:
            return self._no("no-card", "BA-10.2", "BA-10.1", card=CARD_NAMES["back"])
        direction = _t("visszafelé (vissza-kártyával)", "counter-clockwise (back card)") if back else \
            _t("az óramutató járásával megegyezően", "clockwise")
        rules = ("BA-3.1", "BA-10.2") if back else ("BA-3.1", "BA-4.1")
        return self._ok("move-ok", rules, steps=steps, direction=direction)

    # the landing field ---------------------------------------------------------------
    def _step_over(self):
        """With crossing_lands false, a crossing ends the step: only `end` remains."""
        if self.step["crossed"] and not self.options["crossing_lands"]:
            return self._no("crossing-ends-step", "BA-9.1")
        return None

    def _crossing_blocked(self):
        if self.step["crossed"]:
            return self._no("crossed-already", "BA-9.1")
        if self.step["bought"] or self.step["income"] or self.step["subsidy"] or self.step["bumped"]:
            return self._no("cross-first", "BA-9.1")
        return None

    @cites("BA-9.1", "BA-10.1", "BA-10.4")
    def _check_ferry(self, action):
        ticket = need(action, "ticket", "boolean", "action", default=False)
        landed = self.step["landed"]
        if landed not in BOARD.ferries or self.step["sub"]:
            ferries = ", ".join(f"{BOARD.name[a]} → {BOARD.name[b]}" for a, b in sorted(BOARD.ferries.items()))
            return self._no("no-ferry-here", "BA-9.1", ferries=ferries)
        blocked = self._crossing_blocked()
        if blocked:
            return blocked
        dest = BOARD.name[BOARD.ferries[landed]]
        if ticket:
            if self.cards[self.actor]["ferry"] <= 0:
                return self._no("no-card", "BA-10.4", card=CARD_NAMES["ferry"])
            if self.step["card"]:
                return self._no("one-card", "BA-10.1", card=CARD_NAMES[self.step["card"]])
            return self._ok("ferry-ok", ("BA-9.1", "BA-10.4"), place=dest,
                                     price=_t("kompjeggyel", "with the ferry ticket"))
        price = FERRY_PRICE * self.scale
        if self.money[self.actor] < price:
            return self._no("ferry-money", "BA-9.1", price=price, money=self.money[self.actor])
        return self._ok("ferry-ok", ("BA-9.1",), place=dest, price=f"{price} Ft")

    @cites("BA-10.1", "BA-10.3")
    def _check_fly(self, action):
        landed = self.step["landed"]
        if landed not in BOARD.plane or self.step["sub"]:
            return self._no("no-plane-here", "BA-10.3",
                                     places=", ".join(BOARD.name[p] for p in sorted(BOARD.plane)))
        blocked = self._crossing_blocked()
        if blocked:
            return blocked
        if self.cards[self.actor]["plane"] <= 0:
            return self._no("no-card", "BA-10.3", card=CARD_NAMES["plane"])
        if self.step["card"]:
            return self._no("one-card", "BA-10.1", card=CARD_NAMES[self.step["card"]])
        return self._ok("fly-ok", ("BA-10.3",), place=BOARD.name[BOARD.plane[landed]])

    @cites("BA-4.2")
    def _check_bump(self, action):
        seat = need(action, "seat", "integer", "action", low=0, high=self.n - 1)
        to = need(action, "to", "string", "action", allowed=BOARD.track)
        here = self.pos[self.actor]
        over = self._step_over()
        if over:
            return over
        if BOARD.kind[here] != "gray" or self.step["sub"]:
            return self._no("bump-not-gray", "BA-4.2")
        if self.step["bumped"]:
            return self._no("bump-done", "BA-4.2")
        if seat == self.actor or self.pos[seat] != here:
            return self._no("bump-no-pawn", "BA-4.2", seat=seat + 1)
        if to == here:
            return self._no("bump-same-field", "BA-4.2", to=BOARD.label(to))
        return self._ok("bump-ok", ("BA-4.2",), seat=seat + 1, to=BOARD.label(to))

    def _purchase_blocked(self):
        if self.step["bought"]:
            return self._no("one-purchase", "BA-8.1")
        if self.step["income"]:
            return self._no("income-no-buy", "BA-8.2")
        if self.step["subsidy"] and not self.options["subsidy_then_buy"]:
            return self._no("subsidy-no-buy", "BA-11.2")
        return None

    @cites("BA-5.1", "BA-5.2", "BA-8.1", "BA-8.2")
    def _check_port(self, action):
        over = self._step_over()
        if over:
            return over
        sid = self.here()
        if not sid:
            return self._no("not-settlement", "BA-5.1")
        if self.has_port(self.actor, sid):
            return self._no("port-owned", "BA-5.2", place=BOARD.name[sid])
        blocked = self._purchase_blocked()
        if blocked:
            return blocked
        price = BOARD.size[sid] * self.scale
        if self.money[self.actor] < price:
            return self._no("port-money", "BA-5.1", price=price, money=self.money[self.actor])
        return self._ok("port-ok", ("BA-5.1", "BA-5.2"), place=BOARD.name[sid], price=price)

    @cites("BA-6.1", "BA-6.2", "BA-6.3")
    def ship_price(self, sid: str) -> tuple[int, tuple]:
        lake = BOARD.lake_of[sid]
        if BOARD.green[lake] and all(self.has_port(self.actor, p) for p in BOARD.ports_on[lake]):
            return 0, ("BA-6.3",)
        return (SHIP_PRICE_DOUBLE if BOARD.double[lake] else SHIP_PRICE) * self.scale, ("BA-6.2",)

    @cites("BA-6.1", "BA-6.4", "BA-8.1", "BA-8.2", "BA-10.1", "BA-10.5")
    def _check_ship(self, action):
        card = need(action, "card", "boolean", "action", default=False)
        over = self._step_over()
        if over:
            return over
        sid = self.here()
        if not sid:
            return self._no("not-settlement", "BA-6.1")
        if not self.has_port(self.actor, sid):
            return self._no("no-port-here", "BA-6.1", place=BOARD.name[sid])
        lake = BOARD.lake_of.get(sid)
        if not lake:
            return self._no("no-lake", "BA-6.1", place=BOARD.name[sid])
        if not self.route_exists(self.actor, sid):
            return self._no("no-route", "BA-6.1", lake=lake)
        if self.closed(lake, sid):
            return self._no("lake-closed", "BA-6.4", lake=lake)
        blocked = self._purchase_blocked()
        if blocked:
            return blocked
        if card:
            if self.cards[self.actor]["ship"] <= 0:
                return self._no("no-card", "BA-10.5", card=CARD_NAMES["ship"])
            if self.step["card"]:
                return self._no("one-card", "BA-10.1", card=CARD_NAMES[self.step["card"]])
            if self.ships_on(lake)[self.actor] < 1:
                return self._no("plus-needs-ship", "BA-10.5", lake=lake)
            return self._ok("ship-ok", ("BA-6.1", "BA-10.5"), lake=lake, price=0)
        price, rules = self.ship_price(sid)
        if self.money[self.actor] < price:
            return self._no("ship-money", "BA-6.2", price=price, money=self.money[self.actor])
        return self._ok("ship-ok", ("BA-6.1",) + rules, lake=lake, price=price)

    @cites("BA-7.1", "BA-8.2", "BA-11.2")
    def _check_income(self, action):
        over = self._step_over()
        if over:
            return over
        sid = self.here()
        if not sid:
            return self._no("not-settlement", "BA-7.1")
        if not self.has_port(self.actor, sid):
            return self._no("no-port-here", "BA-7.1", place=BOARD.name[sid])
        lake = BOARD.lake_of.get(sid)
        if not lake:
            return self._no("no-lake", "BA-7.1", place=BOARD.name[sid])
        if self.ships_on(lake)[self.actor] < 1:
            return self._no("no-ship-adjacent", "BA-7.1", lake=lake)
        if self.step["income"]:
            return self._no("income-done", "BA-7.1")
        if self.step["bought"]:
            return self._no("buy-no-income", "BA-8.2")
        if self.step["subsidy"]:
            return self._no("subsidy-or-income", "BA-11.2")
        if self._probing:
            return _YES if self.route_exists(self.actor, sid) else _NO
        best = self.best_route(self.actor, sid)
        if best is None:
            return self._no("no-route", "BA-7.1", lake=lake)
        amount, path, end = best
        rules = ("BA-7.1", "BA-7.2") + (("BA-7.3",) if any(BOARD.double[lid] for lid in path) else ())
        route = " – ".join([BOARD.name[sid]] + path + [BOARD.name[end]])
        return self._ok("income-ok", rules, amount=amount, route=route)

    @cites("BA-11.1", "BA-11.2")
    def _check_subsidy(self, action):
        over = self._step_over()
        if over:
            return over
        sid = self.here()
        if not sid:
            return self._no("not-settlement", "BA-11.1")
        if BOARD.size[sid] < 2:
            return self._no("subsidy-small", "BA-11.1", place=BOARD.name[sid], size=BOARD.size[sid])
        if self.step["subsidy"]:
            return self._no("subsidy-done", "BA-11.1")
        if self.step["income"]:
            return self._no("subsidy-or-income", "BA-11.2")
        if self.step["bought"] and not self.options["subsidy_then_buy"]:
            return self._no("buy-no-subsidy", "BA-11.2")
        if not self.broke(self.actor):
            rule = _t("pontosan 0 Ft", "exactly 0 Ft") if self.options["no_money"] == "zero" else \
                _t(f"kevesebb mint {REROLL_PRICE * self.scale} Ft", f"less than {REROLL_PRICE * self.scale} Ft")
            return self._no("subsidy-not-broke", "BA-11.1", rule=rule, money=self.money[self.actor])
        return self._ok("subsidy-ok", ("BA-11.1",), amount=SUBSIDY * self.scale)

    @cites("BA-2.3")
    def _check_end(self, action):
        return self._ok("end-ok", ("BA-2.3",))

    # -- applying -------------------------------------------------------------------
    def _apply(self, action: dict) -> None:
        getattr(self, f"_do_{action['type']}")(action)

    def _roll(self):
        self.dice = [self.rng.die(6), self.rng.die(6)]

    @cites("BA-3.1")
    def _do_roll(self, action):
        self._roll()
        self.phase = "move"

    @cites("BA-3.2")
    def _do_reroll(self, action):
        self.money[self.actor] -= REROLL_PRICE * self.scale
        self.rerolls += 1
        self._roll()

    @cites("BA-4.1", "BA-4.3", "BA-10.2")
    def _do_move(self, action):
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

    @cites("BA-9.1", "BA-10.4")
    def _do_ferry(self, action):
        if action.get("ticket", False):
            self._use_card("ferry")
        else:
            self.money[self.actor] -= FERRY_PRICE * self.scale
        self._arrive(BOARD.ferries[self.step["landed"]])

    @cites("BA-10.3")
    def _do_fly(self, action):
        self._use_card("plane")
        self._arrive(BOARD.plane[self.step["landed"]])

    @cites("BA-4.2")
    def _do_bump(self, action):
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
    def _do_port(self, action):
        sid = self.here()
        self.money[self.actor] -= BOARD.size[sid] * self.scale
        self.ports[sid] = sorted(self.ports.get(sid, []) + [self.actor])
        self.step["bought"] = True

    @cites("BA-6.1", "BA-10.5")
    def _do_ship(self, action):
        sid = self.here()
        lake = BOARD.lake_of[sid]
        if action.get("card", False):
            self._use_card("ship")
        else:
            self.money[self.actor] -= self.ship_price(sid)[0]
        counts = self.ships.setdefault(lake, {}).setdefault(sid, [0] * self.n)
        counts[self.actor] += 1
        self.step["bought"] = True

    @cites("BA-7.1", "BA-2.2")
    def _do_income(self, action):
        amount = self.best_route(self.actor, self.here())[0]
        self.money[self.actor] += amount
        self.step["income"] = True
        self._check_win()

    @cites("BA-11.1")
    def _do_subsidy(self, action):
        self.money[self.actor] += SUBSIDY * self.scale
        self.step["subsidy"] = True
        self._check_win()

    @cites("BA-2.2")
    def _check_win(self):
        if self.money[self.actor] >= GOAL * self.scale:
            self.winner = self.actor
            self.phase = "over"

    @cites("BA-2.3")
    def _do_end(self, action):
        self.turn = (self.turn + 1) % self.n
        self.actor = self.turn
        self.phase = "roll"
        self.dice = []
        self.rerolls = 0
        self.step = _fresh_step()

    # -- text ---------------------------------------------------------------------------
    def _describe(self, action: dict, lang: str) -> str:
        hu = lang == "hu"
        kind = action.get("type") if isinstance(action, dict) else None
        if kind == "roll":
            if self.phase == "move" and self.dice:  # described after the roll (a log line): show the dice
                return f"{'Dob' if hu else 'Roll'}: {self.dice[0]} + {self.dice[1]}"
            return "Dob két kockával" if hu else "Roll two dice"
        if kind == "reroll":
            price = REROLL_PRICE * self.scale
            return f"Újradob {price} Ft-ért" if hu else f"Reroll for {price} Ft"
        if kind == "move":
            steps = action.get("steps")
            dest = ""
            if self.phase == "move" and self.check(action).legal:  # before the move: say where it lands
                dest = " → " + BOARD.label(BOARD.walk(self.pos[self.actor], steps, bool(action.get("back"))))[lang]
            if action.get("back"):
                return (f"Lép {steps} mezőt visszafelé (vissza-kártya)" if hu else f"Move {steps} back (back card)") + dest
            return (f"Lép {steps} mezőt" if hu else f"Move {steps}") + dest
        if kind == "ferry":
            how = (" kompjeggyel" if hu else " with the ferry ticket") if action.get("ticket") else ""
            return ("Komppal átkel" if hu else "Take the ferry") + how
        if kind == "fly":
            return "Repülőjeggyel átrepül" if hu else "Fly with the plane ticket"
        if kind == "bump":
            seat = action.get("seat", 0)
            seat = seat + 1 if isinstance(seat, int) else seat
            to = action.get("to")
            to = BOARD.label(to)[lang] if to in BOARD.index else to
            return (f"A(z) {seat}. játékos bábuját áthelyezi ide: {to}" if hu else f"Move player {seat}'s pawn to {to}")
        if kind == "port":
            return "Kikötőt vesz" if hu else "Buy a port"
        if kind == "ship":
            if action.get("card"):
                return "Hajót épít a plusz egy hajó kártyával" if hu else "Build a ship with the plus-one ship card"
            return "Hajót vesz" if hu else "Buy a ship"
        if kind == "income":
            verdict = self.check(action)
            if verdict.legal:
                return verdict.message[lang]
            return "Bevételt kap" if hu else "Collect income"
        if kind == "subsidy":
            return "Támogatást kap" if hu else "Take the subsidy"
        if kind == "end":
            return "Befejezi a lépést" if hu else "End the step"
        return super()._describe(action, lang)


GAME = Game(
    id="balaton",
    title={"hu": "Balaton", "en": "Balaton"},
    prefix="BA",
    players=(2, 6),
    state_class=BalatonState,
    catalog=CATALOG,
    options=OPTIONS,
)
