"""Vor dem Wind: the game state, its legal actions and their effects.

The state keeps each field of the position as an attribute of the same name (`self.seats`), read,
written and checked by position.py (POSITION), which also declares the phases: setup (VW-3.0
starting goods) → reveal (VW-4.1) → trade (VW-4.2) → execute (VW-4.3) → [spoil (VW-4.4)] → reveal …
until VW-5.0 ends the game.
"""

from __future__ import annotations

from types import GeneratorType

from ..core import Fix, Rng, State, cites
from ..core.messages import N_, seat_words
from . import money, position
from .components import (
    CARDS,
    DECKS,
    GOAL,
    GOODS,
    MARKET_PRICE,
    PORT,
    RESERVED_COMPENSATION,
    SHIPS,
    WAREHOUSE_PLACES,
    action_both,
    card_name_both,
    goods_both,
    name_both,
)
from .describe import describe_action

PLAYABLE_KINDS = ("free-buy", "keep-fresh", "buy-store", "swap", "market")  # from hand in 4.3


def zero_goods() -> dict:
    return {g: 0 for g in GOODS}


def gcount(goods: dict) -> int:
    return sum(goods.values())


def fits(need_: dict, have: dict) -> bool:
    return all(have[g] >= need_[g] for g in GOODS)


def multisets(limit: dict, size: int):
    """Every goods multiset (a counts dict) of exactly `size` cards within `limit`."""
    out = []

    def rec(i, left, cur):
        if i == len(GOODS) - 1:
            g = GOODS[i]
            if left <= limit[g]:
                cur[g] = left
                out.append(dict(cur))
            return
        g = GOODS[i]
        for n in range(min(left, limit[g]), -1, -1):
            cur[g] = n
            rec(i + 1, left - n, cur)

    rec(0, size, {})
    return out


def as_list(counts: dict) -> list:
    return [g for g in GOODS for _ in range(counts[g])]


class VorDemWindState(State):
    end_rules = ("VW-5.0",)

    # ------------------------------------------------------------------ construction
    @classmethod
    @cites("VW-3.0", "VW-2.6")
    def initial(cls, game, players, seed, options):
        rng = Rng(seed)
        state = cls(game, dict(options), position.new(players, rng))
        state._rng = rng
        state._arrive_ships()
        state.rng = rng.to_json()
        del state._rng
        return state

    # ------------------------------------------------------------------ queries
    @property
    def current_player(self) -> int:
        a = self.auction
        if self.phase == "trade" and a is not None:
            return a["to_ask"][0] if a["to_ask"] else a["holder"]
        return self.turn

    @property
    def player_count(self) -> int:
        return self.players

    def is_over(self) -> bool:
        return self.phase == "over"

    def vp(self, seat: int) -> int:
        return sum(SHIPS[s]["vp"] for s in self.seats[seat]["ships"])

    @cites("VW-5.0")
    def scores(self) -> list:
        return [self.vp(i) for i in range(self._nseats())]

    @cites("VW-5.0")
    def score_details(self) -> list:
        """Victory points, then the tie-breakers: goods in the warehouse, then gulden (VW-5.0)."""
        return [
            {
                "vp": self.vp(i),
                "ships": len(seat["ships"]),
                "warehouse": gcount(seat["warehouse"]),
                "gulden": money.value(seat["purse"]),
            }
            for i, seat in enumerate(self.seats)
        ]

    @cites("VW-5.0")
    def winners(self) -> list:
        keys = [(s["vp"], s["warehouse"], s["gulden"]) for s in self.score_details()]
        best = max(keys)
        return [i for i, k in enumerate(keys) if k == best]

    def seat(self, i: int) -> dict:
        return self.seats[i]

    def _nseats(self):
        return self.players

    def _order_from(self, first: int):
        n = self._nseats()
        return [(first + k) % n for k in range(n)]

    # ------------------------------------------------------------------ check
    # The core's `check` has already checked the format, the game's end, whose turn it is and the phase
    # (from the phases as data, position.PHASES); then it calls `_check_<type>`. Each phase has one rule
    # checker.
    def _check_start_goods(self, action):
        return self._rules_setup(action)

    def _check_reveal(self, action):
        return self._rules_reveal(action["deck"])

    def _check_take(self, action):
        return self._rules_trade("take", action)

    def _check_offer(self, action):
        return self._rules_trade("offer", action)

    def _check_pass(self, action):
        return self._rules_trade("pass", action)

    def _check_reserve(self, action):
        return self._rules_trade("reserve", action)

    def _check_accept(self, action):
        return self._rules_trade("accept", action)

    def _check_pay_off(self, action):
        return self._rules_trade("pay-off", action)

    def _check_spoil(self, action):
        return self._rules_spoil(action)

    # ---- setup
    @cites("VW-3.0")
    def _rules_setup(self, action):
        goods = self._goods(action, "goods")
        if gcount(goods) != 2:
            return self._no("start-goods-two", "VW-3.0", count=gcount(goods))
        if not fits(goods, self.supply):
            return self._no("supply-empty", "VW-3.0", "VW-2.2")
        return self._ok("ok", "VW-3.0")

    # ---- reveal
    @cites("VW-4.1")
    def _rules_reveal(self, deck):
        used = [CARDS[c]["deck"] for c in self.revealed]
        if used.count(deck) >= 2:
            return self._no("reveal-two-per-deck", "VW-4.1", deck=name_both(deck))
        left = self._nseats() - len(used)
        if left == 1 and used and all(u == deck for u in used):
            return self._no("reveal-two-decks", "VW-4.1")
        dk = self.decks[deck]
        if not dk["draw"] and not dk["discard"]:
            return self._no("deck-empty", "VW-4.1", "VW-4.3", deck=name_both(deck))
        return self._ok("ok", "VW-4.1")

    # ---- trade
    def _holder_of(self, card):
        for i, s in enumerate(self.seats):
            slot = s["slot"]
            if slot and slot.get("card") == card:
                return i, slot["face"]
        return None, None

    def _has_reserved(self, seat):
        return any(CARDS[c]["kind"] == "reserved" for c in self.seat(seat)["specials"])

    @cites("VW-4.2")
    def _rules_trade(self, t, action):
        p = self.current_player
        a = self.auction
        if a is None:
            if t == "take":
                card = action["card"]
                if card not in self.revealed:
                    return self._no("card-not-free", "VW-4.2")
                return self._ok("ok", "VW-4.2")
            if t == "offer":
                card, amount = action["card"], action["amount"]
                holder, face = self._holder_of(card)
                if holder is None or face != "up" or holder == p:
                    return self._no("card-not-open", "VW-4.2")
                return self._rules_amount(p, amount)
            if t == "reserve":
                return self._rules_reserve(p, action, None)
            return self._no("no-auction", "VW-4.2")  # pass, accept, pay-off
        # an auction is running
        if a["to_ask"]:
            if t == "offer":
                card, amount = action["card"], action["amount"]
                if card != a["card"]:
                    return self._no("offer-other-card", "VW-4.2")
                return self._rules_amount(p, amount)
            if t == "pass":
                return self._ok("ok", "VW-4.2")
            if t == "reserve":
                return self._rules_reserve(p, action, a)
            return self._no("auction-bidding", "VW-4.2")
        # the holder decides
        if t in ("accept", "pay-off"):
            target = action["offerer"]
            offer = next((o for o in a["offers"] if o["player"] == target), None)
            if offer is None:
                return self._no("no-such-offer", "VW-4.2", offerer=seat_words(target + 1))
            # whoever pays (the offerer when accepted, the holder when paying off) must be able to
            payer = target if t == "accept" else p
            return self._cannot_pay(payer, offer["amount"], False, "VW-4.2") or self._ok("ok", "VW-4.2")
        return self._no("holder-decides", "VW-4.2")

    def _rules_amount(self, p, amount):
        if amount < 1:
            return self._no("offer-zero", "VW-4.2", amount=amount)
        return self._cannot_pay(p, amount, False, "VW-4.2") or self._ok("ok", "VW-4.2")

    @property
    def _unlimited(self) -> bool:
        """The reading bank=unlimited: the bank pays and changes whatever its cards lack (VW-2.3)."""
        return self.options["bank"] == "unlimited"

    def _pay(self, src, dst, amount):
        """A player pays (another player, or the bank: `dst`), the bank changing money (VW-2.3)."""
        if self._unlimited:
            money.pay_unlimited(src, dst, amount, self.bank)
            self._retire(dst)
        else:
            money.pay(src, dst, amount, self.bank)

    def _bank_pays(self, dst, amount):
        """The bank pays a player (into their purse, or money won lying in front of them: `dst`)."""
        money.bank_pays(self.bank, dst, amount, self._unlimited)
        if self._unlimited:
            self._retire(dst)

    def _retire(self, extra):
        """Stand-ins the bank no longer needs back out of play (bank=unlimited; money.retire). `extra`:
        a purse being paid into that no seat holds yet (money won, before it lies in front of them)."""
        held = money.empty()
        for seat in self.seats:
            money.add(held, seat["purse"])
            if seat["slot"] and "money" in seat["slot"]:
                money.add(held, seat["slot"]["money"])
        if extra is not self.bank and not any(extra is seat["purse"] for seat in self.seats):
            money.add(held, extra)
        money.retire(self.bank, held)

    @cites("VW-2.3")
    def _cannot_pay(self, p, amount, to_bank, *rules):
        """None when player p can pay `amount`; else the illegal verdict (too little money, or no change)."""
        purse = self.seat(p)["purse"]
        have = money.value(purse)
        about = (f"state.seats[{p}].purse",)
        if amount > have:
            return self._no("cannot-pay", *rules, "VW-2.3", about=about, amount=amount, have=have)
        if not money.can_pay(purse, amount, self.bank, to_bank, self._unlimited):
            return self._no("no-change", *rules, "VW-2.3", about=about, amount=amount)
        return None

    @cites("VW-4.3.2.6")
    def _rules_reserve(self, p, action, auction):
        card = action["card"]
        if not self._has_reserved(p):
            return self._no("no-reserved-card", "VW-4.3.2.6")
        if auction is not None:
            if self.options["reserved_when"] == "own-turn":
                return self._no("reserved-own-turn", "VW-4.3.2.6")
            if card != auction["card"]:
                return self._no("offer-other-card", "VW-4.2", "VW-4.3.2.6")
            return self._ok("ok", "VW-4.3.2.6", "VW-4.2")
        if card in self.revealed:
            return self._ok("ok", "VW-4.3.2.6", "VW-4.2")
        holder, face = self._holder_of(card)
        if holder is None or face != "up" or holder == p:
            return self._no("card-not-open", "VW-4.2", "VW-4.3.2.6")
        return self._ok("ok", "VW-4.3.2.6", "VW-4.2")

    # ---- execute
    def _acquired(self, p):
        """The card the player won in trading and has not resolved yet, or None."""
        slot = self.seat(p)["slot"]
        if slot and "card" in slot and not self.exec["card_done"]:
            return slot["card"]
        return None

    def _hand_playable(self, p):
        """Special cards this player may still play from hand this round (VW-4.3.2)."""
        seat = self.seat(p)
        ex = self.exec
        if seat["reserved_used"]:
            return []
        limit = 1 if self.options["hand_specials"] == "one" else 99
        if ex["hand_plays"] >= limit:
            return []
        return sorted(c for c in set(seat["specials"]) if c not in seat["new_specials"] and CARDS[c]["kind"] in PLAYABLE_KINDS)

    def _check_buy(self, action):
        return self._rules_execute("buy", action)

    def _check_store(self, action):
        return self._rules_execute("store", action)

    def _check_decline(self, action):
        return self._rules_execute("decline", action)

    def _check_load(self, action):
        return self._rules_execute("load", action)

    def _check_income(self, action):
        return self._rules_execute("income", action)

    def _check_free_buy(self, action):
        return self._rules_execute("free-buy", action)

    def _check_keep_fresh(self, action):
        return self._rules_execute("keep-fresh", action)

    def _check_buy_store(self, action):
        return self._rules_execute("buy-store", action)

    def _check_swap(self, action):
        return self._rules_execute("swap", action)

    def _check_market(self, action):
        return self._rules_execute("market", action)

    def _check_sell(self, action):
        return self._rules_execute("sell", action)

    def _check_end_sale(self, action):
        return self._rules_execute("end-sale", action)

    def _check_keep(self, action):
        return self._rules_execute("keep", action)

    def _check_end_turn(self, action):
        return self._rules_execute("end-turn", action)

    @cites("VW-4.3", "VW-4.3.2", "VW-4.3.3")
    def _rules_execute(self, t, action):
        p = self.current_player
        ex = self.exec
        if ex["sale"] is not None:
            return self._rules_sale(p, t, action)
        if t in ("sell", "end-sale"):
            return self._no("no-sale", "VW-4.3.2.5")
        if t == "end-turn":
            if self._acquired(p) is not None:
                return self._no("card-unresolved", "VW-4.3", card=card_name_both(self._acquired(p)))
            return self._ok("ok", "VW-4.3")
        card = action["card"]
        acquired = self._acquired(p)
        kind = CARDS[card]["kind"]
        if card == acquired:
            from_hand = False
        elif card in self._hand_playable(p):
            from_hand = True
        else:
            return self._card_unavailable(p, card)
        expected = KIND_ACTIONS[kind]
        if t not in expected:
            return self._no("wrong-card-action", *KIND_RULES[kind], action=action_both(t), card=card_name_both(card))
        if t == "keep":
            if from_hand:
                return self._no("already-in-hand", "VW-4.3.2")
            return self._ok("ok", "VW-4.3.2")
        before_load = (
            from_hand and acquired is not None and CARDS[acquired]["kind"] == "load-income" and kind in ("buy-store", "swap")
        )
        if before_load and self.options["load_first"] == "always":
            return self._no("load-first", "VW-4.3.3")
        rules = KIND_RULES[kind] + (("VW-4.3.2",) if from_hand else ()) + (("VW-4.3.3",) if before_load else ())
        return getattr(self, "_card_" + t.replace("-", "_"))(p, card, action, rules)

    def _card_unavailable(self, p, card):
        seat = self.seat(p)
        if card in seat["specials"]:
            if seat["reserved_used"]:
                return self._no("reserved-no-hand-special", "VW-4.3.2.6")
            if card in seat["new_specials"]:
                return self._no("special-later-round", "VW-4.3.2")
            if CARDS[card]["kind"] == "reserved":
                return self._no("reserved-trading-only", "VW-4.3.2.6")
            return self._no("hand-special-limit", "VW-4.3.2")
        return self._no("card-not-yours", "VW-4.3")

    @cites("VW-4.3.1.1")
    def _card_buy(self, p, card, action, rules):
        return self._ok("ok", *rules)

    @cites("VW-4.3.1.2", "VW-2.5")
    def _card_store(self, p, card, action, rules):
        """Every rule the storing breaks (a generator: State.check), the payment first: the book refuses
        storage „Ha nem tudod kifizetni”, whatever goods were named."""
        c = CARDS[card]
        goods = self._goods(action, "goods")
        seat = self.seat(p)
        n = gcount(goods)
        broken = False
        unpaid = self._cannot_pay(p, c["cost"], True, *rules)
        if unpaid:
            broken = True
            yield unpaid
        if n == 0:
            yield self._no("store-none", *rules, about=("action.goods",))
            return
        if n > c["count"]:
            broken = True
            yield self._no("store-too-many", *rules, about=("action.goods",), count=n, max=c["count"])
        elif not fits(goods, seat["goods"]):
            broken = True
            yield self._no("goods-not-in-hand", *rules, about=("action.goods", f"state.seats[{p}].goods"))
        if gcount(seat["warehouse"]) + n > WAREHOUSE_PLACES:
            free = WAREHOUSE_PLACES - gcount(seat["warehouse"])
            # beside a rule already broken the free places are not the point: said as a precondition,
            # with the goods to take out as its fix
            fix = Fix.make(
                self.game.catalog,
                "remove_good",
                N_("fix-warehouse-room"),
                {"seat": p, "pile": "warehouse", "count": n - free},
                count=n - free,
            )
            yield self._no(
                "warehouse-full",
                "VW-2.5",
                *rules,
                about=("action.goods", f"state.seats[{p}].warehouse"),
                precondition=broken,
                fix=fix if broken else None,
                free=free,
            )
            broken = True
        if not broken:
            yield self._ok("ok", *rules)

    @cites("VW-4.3.1.2")
    def _card_decline(self, p, card, action, rules):
        return self._ok("ok", *rules)

    @cites("VW-4.3.1.3")
    def _card_load(self, p, card, action, rules):
        if self.exec.get("stored"):  # reading load_first=loading: stored or swapped first, so no loading
            return self._no("load-after-store", "VW-4.3.3")
        ships = action["ships"]
        if not ships:
            return self._no("load-nothing", *rules)
        if len(set(ships)) != len(ships):
            return self._no("ship-twice", *rules)
        port = self.port
        demand = zero_goods()
        for s in ships:
            if s not in port:
                return self._no("ship-not-in-port", *rules, ship=s)
            for g in GOODS:
                demand[g] += SHIPS[s]["demand"][g]
        if not fits(demand, self.seat(p)["warehouse"]):
            return self._no("demand-not-met", *rules, demand=goods_both(demand))
        return self._ok("ok", *rules)

    @cites("VW-4.3.1.3")
    def _card_income(self, p, card, action, rules):
        return self._ok("ok", *rules)

    @cites("VW-4.3.2.1")
    def _card_free_buy(self, p, card, action, rules):
        goods = self._goods(action, "goods")
        want = min(CARDS[card]["count"], gcount(self.supply))
        if gcount(goods) != want:
            return self._no("free-buy-count", *rules, count=gcount(goods), want=want)
        if not fits(goods, self.supply):
            return self._no("supply-empty", *rules, "VW-2.2")
        return self._ok("ok", *rules)

    @cites("VW-4.3.2.2")
    def _card_keep_fresh(self, p, card, action, rules):
        return self._ok("ok", *rules)

    @cites("VW-4.3.2.3", "VW-2.5")
    def _card_buy_store(self, p, card, action, rules):
        c = CARDS[card]
        seat = self.seat(p)
        goods = self._goods(action, "goods")
        space = WAREHOUSE_PLACES - gcount(seat["warehouse"])
        if space <= 0:
            return self._no("warehouse-full", "VW-2.5", *rules, free=0)
        want = min(c["count"], space, gcount(self.supply))
        if gcount(goods) != want:
            return self._no("buy-store-count", *rules, count=gcount(goods), want=want)
        if not fits(goods, self.supply):
            return self._no("supply-empty", *rules, "VW-2.2")
        return self._cannot_pay(p, c["cost"], True, *rules) or self._ok("ok", *rules)

    @cites("VW-4.3.2.4")
    def _card_swap(self, p, card, action, rules):
        steps = action["steps"]  # the game's format check has range-checked the seats in "with"
        if not 1 <= len(steps) <= 2:
            return self._no("swap-steps", *rules, count=len(steps))
        parsed = []
        for st in steps:
            give, src, take = st["give"], st["with"], st["take"]
            if give == take:  # goods cards of one kind are alike: such an exchange changes nothing
                return self._no("swap-same-good", *rules, good=name_both(give))
            if src == p:
                return self._no("swap-self", *rules)
            parsed.append((give, src, take))
        if len(parsed) == 2:
            (g1, s1, t1), (g2, s2, t2) = parsed
            if s1 != s2:
                # never one card from the hand and the other from an opponent's warehouse; the chain
                # reading (the book's example) is about passing a card on between two opponents only
                if "hand" in (s1, s2) or g2 != t1:
                    return self._no("swap-one-source", *rules)
                if self.options["swap_chain"] == "forbidden":
                    return self._no("swap-chain-forbidden", *rules)
        # simulate
        mine = dict(self.seat(p)["warehouse"])
        others = {}
        for give, src, take in parsed:
            theirs = others.setdefault(src, dict(self.seat(p)["goods"] if src == "hand" else self.seat(src)["warehouse"]))
            if mine[give] < 1:
                return self._no("swap-not-in-warehouse", *rules, good=name_both(give))
            if theirs[take] < 1:
                return self._no("swap-not-available", *rules, good=name_both(take))
            mine[give] -= 1
            theirs[give] += 1
            theirs[take] -= 1
            mine[take] += 1
        return self._ok("ok", *rules)

    @cites("VW-4.3.2.5")
    def _card_market(self, p, card, action, rules):
        return self._ok("ok", *rules)

    @cites("VW-4.3.2.5")
    def _rules_sale(self, p, t, action):
        if t == "end-sale":
            return self._ok("ok", "VW-4.3.2.5")
        if t != "sell":
            return self._no("sale-running", "VW-4.3.2.5")
        src, good = action["from"], action["good"]
        pile = self.seat(p)["goods" if src == "hand" else "warehouse"]
        if pile[good] < 1:
            return self._no("nothing-to-sell", "VW-4.3.2.5", good=name_both(good))
        return self._ok("ok", "VW-4.3.2.5")

    # ---- spoil
    def _spoil_facts(self, p):
        seat = self.seat(p)
        w = seat["warehouse"]
        protect = sum(CARDS[c]["count"] for c in seat["fresh"])
        half = (w["spice"] + w["cheese"]) // 2
        return w, protect, half

    @cites("VW-4.4.1", "VW-4.3.2.2")
    def _rules_spoil(self, action):
        p = self.current_player
        seat = self.seat(p)
        w, protect, half = self._spoil_facts(p)
        discard = self._goods(action, "discard")
        save = self._goods(action, "save")
        rescue = self._goods(action, "rescue")
        if discard["apple"] or discard["silk"] or gcount(discard) != half or not fits(discard, w):
            return self._no("spoil-half", "VW-4.4.1", half=half)
        spoiling = dict(discard)
        spoiling["apple"] = w["apple"]
        nsave = min(protect, gcount(spoiling))
        if gcount(save) != nsave or not fits(save, spoiling):
            return self._no("fresh-save", "VW-4.3.2.2", count=nsave)
        want = self._rescue_count(p, protect, spoiling, save)
        if gcount(rescue) != want or not fits(rescue, seat["goods"]):
            return self._no("fresh-rescue", "VW-4.3.2.2", count=want)
        return self._ok("ok", "VW-4.4.1", *(("VW-4.3.2.2",) if protect else ()))

    @cites("VW-4.3.2.2")
    def _rescue_count(self, p, protect, spoiling, save):
        """How many goods from the hand keep fresh tops up. The book: when the card could protect more
        goods „mint amennyi a raktárházadban van”; the reading keep_fresh_top_up counts either the
        goods that spoil (`spoiling`) or all the goods in the warehouse (`all-goods`)."""
        seat = self.seat(p)
        counted = gcount(spoiling) if self.options["keep_fresh_top_up"] == "spoiling" else gcount(seat["warehouse"])
        left = protect - counted
        if left <= 0:
            return 0
        n = min(left, gcount(seat["goods"]))
        if self.options["keep_fresh_rescue"] == "warehouse":
            kept = gcount(seat["warehouse"]) - gcount(spoiling) + gcount(save)
            n = min(n, WAREHOUSE_PLACES - kept)
        return max(n, 0)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list:
        phase = self.phase
        p = self.current_player
        if phase == "over":
            return []
        if phase == "setup":
            return [{"type": "start-goods", "goods": as_list(m)} for m in multisets(self.supply, 2)]
        if phase == "reveal":
            return [{"type": "reveal", "deck": d} for d in DECKS if self._rules_reveal(d).legal]
        if phase == "trade":
            return self._legal_trade(p)
        if phase == "execute":
            return self._legal_execute(p)
        if phase == "spoil":
            return self._legal_spoil(p)
        return []

    def _legal_trade(self, p):
        a = self.auction
        seat = self.seat(p)
        cash = money.value(seat["purse"])
        res = self._has_reserved(p)
        out = []
        if a is None:
            for c in self.revealed:
                out.append({"type": "take", "card": c})
            open_cards = [
                s["slot"]["card"] for i, s in enumerate(self.seats) if i != p and s["slot"] and s["slot"].get("face") == "up"
            ]
            amounts = self._payable_amounts(p, cash)
            for c in open_cards:
                for amount in amounts:
                    out.append({"type": "offer", "card": c, "amount": amount})
            if res:
                for c in self.revealed + open_cards:
                    out.append({"type": "reserve", "card": c})
            return out
        if a["to_ask"]:
            out.append({"type": "pass"})
            for amount in self._payable_amounts(p, cash):
                out.append({"type": "offer", "card": a["card"], "amount": amount})
            if res and self.options["reserved_when"] == "any-offer":
                out.append({"type": "reserve", "card": a["card"]})
            return out
        for o in a["offers"]:
            out.append({"type": "accept", "offerer": o["player"]})
            if cash >= o["amount"] and money.can_pay(seat["purse"], o["amount"], self.bank, False, self._unlimited):
                out.append({"type": "pay-off", "offerer": o["player"]})
        return out

    def _payable_amounts(self, p, cash):
        return money.payable(self.seat(p)["purse"], self.bank, False, cash, self._unlimited)

    def _legal_execute(self, p):
        ex = self.exec
        seat = self.seat(p)
        if ex["sale"] is not None:
            out = [{"type": "end-sale"}]
            for src, pile in (("hand", seat["goods"]), ("warehouse", seat["warehouse"])):
                for g in GOODS:
                    if pile[g]:
                        out.append({"type": "sell", "from": src, "good": g})
            return out
        out = []
        acquired = self._acquired(p)
        cards = ([acquired] if acquired else []) + self._hand_playable(p)
        for c in cards:
            acts = self._card_actions(p, c)
            # _swap_options builds only swaps that _check_swap allows, and what else may forbid one
            # (whose card it is, load first) is the same for all of a card's swaps: so the first is
            # checked for them all. A swap card's list runs to hundreds; the property tests check them.
            swaps = [a for a in acts if a["type"] == "swap"]
            if swaps and self._execute_allows("swap", swaps[0]):
                out += swaps
            out += [a for a in acts if a["type"] != "swap" and self._execute_allows(a["type"], a)]
        if acquired is None:
            out.append({"type": "end-turn"})
        return out

    def _execute_allows(self, t, action) -> bool:
        """Whether the execute rules allow an action (a check written as a generator yields an illegal
        verdict first when any rule is broken: the first is enough)."""
        found = self._rules_execute(t, action)
        if type(found) is GeneratorType:
            first = next(found)
            found.close()
            return first.legal
        return found.legal

    def _card_actions(self, p, c):
        card = CARDS[c]
        kind = card["kind"]
        seat = self.seat(p)
        if kind == "buy":
            return [{"type": "buy", "card": c}]
        if kind == "store":
            space = WAREHOUSE_PLACES - gcount(seat["warehouse"])
            out = []
            if not self._cannot_pay(p, card["cost"], True):
                for n in range(1, min(card["count"], space) + 1):
                    for m in multisets(seat["goods"], n):
                        out.append({"type": "store", "card": c, "goods": as_list(m)})
            out.append({"type": "decline", "card": c})
            return out
        if kind == "load-income":
            out = [{"type": "load", "card": c, "ships": s} for s in self._loadable_sets(p)]
            out.append({"type": "income", "card": c})
            return out
        out = []
        if kind == "free-buy":
            want = min(card["count"], gcount(self.supply))
            out = [{"type": "free-buy", "card": c, "goods": as_list(m)} for m in multisets(self.supply, want)]
        elif kind == "keep-fresh":
            out = [{"type": "keep-fresh", "card": c}]
        elif kind == "buy-store":
            space = WAREHOUSE_PLACES - gcount(seat["warehouse"])
            want = min(card["count"], space, gcount(self.supply))
            if want > 0 and not self._cannot_pay(p, card["cost"], True):
                out = [{"type": "buy-store", "card": c, "goods": as_list(m)} for m in multisets(self.supply, want)]
        elif kind == "swap":
            out = [{"type": "swap", "card": c, "steps": s} for s in self._swap_options(p)]
        elif kind == "market":
            out = [{"type": "market", "card": c}]
        out.append({"type": "keep", "card": c})
        return out

    def _loadable_sets(self, p):
        port = self.port
        w = self.seat(p)["warehouse"]
        single = [s for s in port if fits(SHIPS[s]["demand"], w)]
        out = []

        def rec(i, chosen, used):
            if i == len(single):
                if chosen:
                    out.append(list(chosen))
                return
            rec(i + 1, chosen, used)
            s = single[i]
            nxt = {g: used[g] + SHIPS[s]["demand"][g] for g in GOODS}
            if fits(nxt, w):
                chosen.append(s)
                rec(i + 1, chosen, nxt)
                chosen.pop()

        rec(0, [], zero_goods())
        return out

    def _swap_options(self, p):
        mine = self.seat(p)["warehouse"]
        sources = ["hand"] + [i for i in range(self._nseats()) if i != p]
        chain_ok = self.options["swap_chain"] == "allowed"
        out = []
        for s1 in sources:
            pile1 = self.seat(p)["goods"] if s1 == "hand" else self.seat(s1)["warehouse"]
            for g1 in GOODS:
                if not mine[g1]:
                    continue
                for t1 in GOODS:
                    if not pile1[t1] or t1 == g1:
                        continue
                    step1 = {"give": g1, "with": s1, "take": t1}
                    out.append([step1])
                    m2 = dict(mine)
                    m2[g1] -= 1
                    m2[t1] += 1
                    for s2 in sources:
                        if s2 != s1 and (not chain_ok or "hand" in (s1, s2)):
                            continue
                        base = self.seat(p)["goods"] if s2 == "hand" else self.seat(s2)["warehouse"]
                        pile2 = dict(base)
                        if s2 == s1:
                            pile2[g1] += 1
                            pile2[t1] -= 1
                        for g2 in GOODS:
                            if not m2[g2] or (s2 != s1 and g2 != t1):
                                continue
                            for t2 in GOODS:
                                if pile2[t2] and t2 != g2:
                                    out.append([step1, {"give": g2, "with": s2, "take": t2}])
        return out

    def _spoil_options(self, p):
        seat = self.seat(p)
        w, protect, half = self._spoil_facts(p)
        out = []
        for sp in range(min(half, w["spice"]), -1, -1):
            ch = half - sp
            if ch > w["cheese"]:
                continue
            discard = zero_goods()
            discard["spice"], discard["cheese"] = sp, ch
            spoiling = dict(discard)
            spoiling["apple"] = w["apple"]
            nsave = min(protect, gcount(spoiling))
            for save in multisets(spoiling, nsave):
                want = self._rescue_count(p, protect, spoiling, save)
                for rescue in multisets(seat["goods"], want):
                    out.append({"type": "spoil", "discard": as_list(discard), "save": as_list(save), "rescue": as_list(rescue)})
        return out

    def _legal_spoil(self, p):
        return self._spoil_options(p)

    # ------------------------------------------------------------------ apply
    def _apply(self, action):
        self._rng = Rng.from_json(self.rng)
        try:
            super()._apply(action)
            self._settle()
        finally:
            self.rng = self._rng.to_json()
            del self._rng

    def _goods(self, action, key):
        """A goods list of an action (the schema has checked the names) as counts."""
        counts = zero_goods()
        for g in action.get(key, ()):
            counts[g] += 1
        return counts

    # ---- setup
    @cites("VW-3.0")
    def _apply_start_goods(self, action):
        p = self.current_player
        goods = self._goods(action, "goods")
        for g in GOODS:
            self.supply[g] -= goods[g]
            self.seat(p)["goods"][g] += goods[g]
        nxt = (p + 1) % self._nseats()
        if nxt == self.start:
            self._begin_round()
        else:
            self.turn = nxt

    def _begin_round(self):
        self.phase = "reveal"
        self.turn = self.start
        self.revealed = []

    # ---- reveal
    @cites("VW-4.1", "VW-4.3")
    def _apply_reveal(self, action):
        deck = action["deck"]
        card = self._draw(deck)
        self.revealed.append(card)
        if len(self.revealed) == self._nseats():
            self.phase = "trade"
            self.auction = None
            self.turn = self.start

    @cites("VW-4.3")
    def _draw(self, deck):
        dk = self.decks[deck]
        if not dk["draw"]:
            dk["draw"] = dk["discard"]
            dk["discard"] = []
            self._rng.shuffle(dk["draw"])
        return dk["draw"].pop()

    def _discard_action(self, card):
        self.decks[CARDS[card]["deck"]]["discard"].append(card)

    # ---- trade
    @cites("VW-4.2")
    def _finalize_others(self, keep=None):
        """Reading face_up_final=next-player: once a chooser acts, the face-up cards it did not challenge are final."""
        if self.options["face_up_final"] != "next-player":
            return
        for s in self.seats:
            slot = s["slot"]
            if slot and slot.get("face") == "up" and slot["card"] != keep:
                slot["face"] = "down"

    @cites("VW-4.2")
    def _apply_take(self, action):
        p = self.current_player
        self._finalize_others()
        card = action["card"]
        self.revealed.remove(card)
        self.seat(p)["slot"] = {"card": card, "face": "up"}
        self._advance_trade(p, inclusive=False)

    @cites("VW-4.2")
    def _apply_offer(self, action):
        p = self.current_player
        a = self.auction
        if a is None:
            self._finalize_others(keep=action["card"])
            holder, _ = self._holder_of(action["card"])
            n = self._nseats()
            to_ask = [(p + k) % n for k in range(1, n)]
            to_ask = [s for s in to_ask if s != holder and self.seat(s)["slot"] is None]
            self.auction = {
                "card": action["card"],
                "holder": holder,
                "challenger": p,
                "offers": [{"player": p, "amount": action["amount"]}],
                "to_ask": to_ask,
            }
        else:
            a["offers"].append({"player": p, "amount": action["amount"]})
            a["to_ask"].pop(0)

    @cites("VW-4.2")
    def _apply_pass(self, action):
        self.auction["to_ask"].pop(0)

    @cites("VW-4.2")
    def _apply_accept(self, action):
        p = self.current_player
        a = self.auction
        buyer = action["offerer"]
        amount = next(o["amount"] for o in a["offers"] if o["player"] == buyer)
        received = money.empty()
        self._pay(self.seat(buyer)["purse"], received, amount)
        self.seat(p)["slot"] = {"money": received}
        self.seat(buyer)["slot"] = {"card": a["card"], "face": "down"}
        self._end_auction(a)

    @cites("VW-4.2")
    def _apply_pay_off(self, action):
        p = self.current_player
        a = self.auction
        who = action["offerer"]
        amount = next(o["amount"] for o in a["offers"] if o["player"] == who)
        received = money.empty()
        self._pay(self.seat(p)["purse"], received, amount)
        self.seat(who)["slot"] = {"money": received}
        self.seat(p)["slot"] = {"card": a["card"], "face": "down"}
        self._end_auction(a)

    def _end_auction(self, a):
        self.auction = None
        self._advance_trade(a["challenger"], inclusive=True)

    @cites("VW-4.3.2.6")
    def _apply_reserve(self, action):
        p = self.current_player
        seat = self.seat(p)
        rc = next(c for c in sorted(seat["specials"]) if CARDS[c]["kind"] == "reserved")
        seat["specials"].remove(rc)
        if rc in seat["new_specials"]:
            seat["new_specials"].remove(rc)
        self._discard_action(rc)
        seat["reserved_used"] = True
        card = action["card"]
        a = self.auction
        if a is None:
            self._finalize_others(keep=card)
        if card in self.revealed:
            self.revealed.remove(card)
            seat["slot"] = {"card": card, "face": "down"}
            self._advance_trade(p, inclusive=False)
            return
        holder, _ = self._holder_of(card)
        received = money.empty()
        self._bank_pays(received, RESERVED_COMPENSATION)
        self.seat(holder)["slot"] = {"money": received}
        seat["slot"] = {"card": card, "face": "down"}
        if a is not None:
            self._end_auction(a)
        else:
            self._advance_trade(p, inclusive=False)

    @cites("VW-4.2")
    def _advance_trade(self, frm, inclusive):
        """The next player clockwise with no face-down card or money chooses (VW-4.2)."""
        n = self._nseats()
        order = [(frm + k) % n for k in range(0 if inclusive else 1, n + (1 if inclusive else 1))]
        for s in order:
            slot = self.seat(s)["slot"]
            if slot is None:
                self.turn = s
                return
            if slot.get("face") == "up":
                slot["face"] = "down"  # the turn came back to it unchallenged: it is final
        # nobody left to choose: trading ends
        self._end_trading()

    @cites("VW-4.2")
    def _end_trading(self):
        for s in self.seats:
            slot = s["slot"]
            if slot and slot.get("face") == "up":
                slot["face"] = "down"
            if slot and "money" in slot:
                money.add(s["purse"], slot["money"])
                slot["money"] = money.empty()
        for c in self.revealed:
            self._discard_action(c)
        self.revealed = []
        self.phase = "execute"
        self._start_exec(self.start, first=True)

    # ---- execute
    def _start_exec(self, seat, first=False):
        """Give the turn to `seat` or the next one that has something to do; end the round after the last."""
        n = self._nseats()
        start = self.start
        s = seat
        while True:
            if not first and s == start:
                self._end_round()
                return
            first = False
            self.turn = s
            self.exec = {"card_done": False, "hand_plays": 0, "sale": None}
            slot = self.seat(s)["slot"]
            has_card = bool(slot and "card" in slot)
            if not has_card:
                self.exec["card_done"] = True
            if has_card or self._hand_playable(s):
                return
            s = (s + 1) % n

    def _settle(self):
        """After an execute action: end the player's turn by itself when nothing is left to do."""
        if self.phase != "execute":
            return
        p = self.turn
        ex = self.exec
        if ex["sale"] is None and ex["card_done"] and not self._hand_playable(p):
            self._start_exec((p + 1) % self._nseats())

    def _finish_card(self, p, card):
        """A played card leaves play: the acquired one is resolved, a hand card counts against the limit."""
        seat = self.seat(p)
        slot = seat["slot"]
        if slot and slot.get("card") == card and not self.exec["card_done"]:
            self.exec["card_done"] = True
            seat["slot"] = None  # the card has left the table (discard pile, warehouse or hand)
        else:
            seat["specials"].remove(card)
            self.exec["hand_plays"] += 1

    @cites("VW-4.3")
    def _apply_end_turn(self, action):
        p = self.current_player
        self._start_exec((p + 1) % self._nseats())

    @cites("VW-4.3.1.1", "VW-2.2")
    def _apply_buy(self, action):
        p = self.current_player
        card = action["card"]
        want = CARDS[card]["goods"]
        for g in GOODS:
            n = min(want[g], self.supply[g])
            self.supply[g] -= n
            self.seat(p)["goods"][g] += n
        self._finish_card(p, card)
        self._discard_action(card)

    @cites("VW-4.3.1.2")
    def _apply_store(self, action):
        p = self.current_player
        card = action["card"]
        goods = self._goods(action, "goods")
        seat = self.seat(p)
        self._pay(seat["purse"], self.bank, CARDS[card]["cost"])
        for g in GOODS:
            seat["goods"][g] -= goods[g]
            seat["warehouse"][g] += goods[g]
        self._finish_card(p, card)
        self._discard_action(card)

    @cites("VW-4.3.1.2")
    def _apply_decline(self, action):
        p = self.current_player
        self._finish_card(p, action["card"])
        self._discard_action(action["card"])

    @cites("VW-4.3.1.3")
    def _apply_load(self, action):
        p = self.current_player
        seat = self.seat(p)
        for s in action["ships"]:
            for g in GOODS:
                n = SHIPS[s]["demand"][g]
                seat["warehouse"][g] -= n
                self.supply[g] += n
            self.port.remove(s)
            seat["ships"].append(s)
        self._finish_card(p, action["card"])
        self._discard_action(action["card"])

    @cites("VW-4.3.1.3")
    def _apply_income(self, action):
        p = self.current_player
        self._bank_pays(self.seat(p)["purse"], CARDS[action["card"]]["income"])
        self._finish_card(p, action["card"])
        self._discard_action(action["card"])

    @cites("VW-4.3.2.1")
    def _apply_free_buy(self, action):
        p = self.current_player
        goods = self._goods(action, "goods")
        for g in GOODS:
            self.supply[g] -= goods[g]
            self.seat(p)["goods"][g] += goods[g]
        self._finish_card(p, action["card"])
        self._discard_action(action["card"])

    @cites("VW-4.3.2.2")
    def _apply_keep_fresh(self, action):
        p = self.current_player
        self._finish_card(p, action["card"])
        self.seat(p)["fresh"].append(action["card"])

    def _before_load(self, p):
        """Reading load_first=loading: a buy-and-store or swap from hand before the load/income card, which
        then may only bring income (VW-4.3.3)."""
        acquired = self._acquired(p)
        if acquired is not None and CARDS[acquired]["kind"] == "load-income":
            self.exec["stored"] = True

    @cites("VW-4.3.2.3")
    def _apply_buy_store(self, action):
        p = self.current_player
        self._before_load(p)
        card = action["card"]
        seat = self.seat(p)
        self._pay(seat["purse"], self.bank, CARDS[card]["cost"])
        goods = self._goods(action, "goods")
        for g in GOODS:
            self.supply[g] -= goods[g]
            seat["warehouse"][g] += goods[g]
        self._finish_card(p, card)
        self._discard_action(card)

    @cites("VW-4.3.2.4")
    def _apply_swap(self, action):
        p = self.current_player
        self._before_load(p)
        mine = self.seat(p)["warehouse"]
        for st in action["steps"]:
            src = st["with"]
            theirs = self.seat(p)["goods"] if src == "hand" else self.seat(src)["warehouse"]
            mine[st["give"]] -= 1
            theirs[st["give"]] += 1
            theirs[st["take"]] -= 1
            mine[st["take"]] += 1
        self._finish_card(p, action["card"])
        self._discard_action(action["card"])

    @cites("VW-4.3.2.5")
    def _apply_market(self, action):
        p = self.current_player
        self._finish_card(p, action["card"])
        self.exec["sale"] = action["card"]

    @cites("VW-4.3.2.5")
    def _apply_sell(self, action):
        p = self.current_player
        pile = self.seat(p)["goods" if action["from"] == "hand" else "warehouse"]
        pile[action["good"]] -= 1
        self.supply[action["good"]] += 1
        self._bank_pays(self.seat(p)["purse"], MARKET_PRICE)

    @cites("VW-4.3.2.5")
    def _apply_end_sale(self, action):
        self._discard_action(self.exec["sale"])
        self.exec["sale"] = None

    @cites("VW-4.3.2")
    def _apply_keep(self, action):
        p = self.current_player
        seat = self.seat(p)
        seat["specials"].append(action["card"])
        seat["specials"].sort()
        seat["new_specials"].append(action["card"])
        seat["slot"] = None
        self.exec["card_done"] = True

    # ---- end of round / stage
    @cites("VW-4.3", "VW-5.0", "VW-4.4", "VW-2.6")
    def _end_round(self):
        self.exec = None
        for s in self.seats:
            s["slot"] = None
            s["reserved_used"] = False
            s["new_specials"] = []
        stage_ends = len(self.port) <= 2
        if self._goal_reached() and not (stage_ends and self.options["end_and_spoil"] == "spoil-first"):
            self._game_over()  # reading end-first: the round is over, the game ends, nothing spoils
            return
        if stage_ends:
            self._begin_spoil()
            return
        self._next_round()

    @cites("VW-5.0")
    def _goal_reached(self):
        return max(self.vp(i) for i in range(self._nseats())) >= GOAL[self._nseats()]

    @cites("VW-5.0")
    def _game_over(self):
        self.phase = "over"
        self.turn = self.start

    def _next_round(self):
        self.start = (self.start + 1) % self._nseats()
        self.round += 1
        self._begin_round()

    @cites("VW-4.4.1")
    def _begin_spoil(self):
        self.phase = "spoil"
        self.spoil_queue = self._order_from(self.start)
        self._spoil_next()

    def _spoil_next(self):
        q = self.spoil_queue
        while q:
            p = q[0]
            self.turn = p
            opts = self._spoil_options(p)
            if len(opts) > 1:
                return
            q.pop(0)
            self._spoil_player(p, opts[0])
        self._finish_stage()

    @cites("VW-4.4.1")
    def _apply_spoil(self, action):
        p = self.current_player
        self.spoil_queue.pop(0)
        self._spoil_player(p, action)
        self._spoil_next()

    @cites("VW-4.4.1", "VW-4.3.2.2")
    def _spoil_player(self, p, action):
        seat = self.seat(p)
        discard = self._goods(action, "discard")
        save = self._goods(action, "save")
        rescue = self._goods(action, "rescue")
        spoiled = dict(discard)
        spoiled["apple"] = seat["warehouse"]["apple"]
        for g in GOODS:
            lost = spoiled[g] - save[g]
            seat["warehouse"][g] -= lost
            self.supply[g] += lost
        to_warehouse = self.options["keep_fresh_rescue"] == "warehouse"
        for g in GOODS:
            seat["goods"][g] -= rescue[g]
            self.supply[g] += seat["goods"][g]  # the rest of the hand is discarded
            seat["goods"][g] = 0 if to_warehouse else rescue[g]
            if to_warehouse:
                seat["warehouse"][g] += rescue[g]
        for c in seat["fresh"]:
            self._discard_action(c)
        seat["fresh"] = []

    @cites("VW-4.4", "VW-4.4.1", "VW-4.4.2", "VW-5.0")
    def _finish_stage(self):
        self.ship_discard.extend(self.port)
        self.port = []
        if self._goal_reached():  # reading spoil-first: the goods have spoiled, now the game ends
            self._game_over()
            return
        self._arrive_ships()
        self.stage += 1
        self._next_round()

    @cites("VW-3.0", "VW-4.4.2")
    def _arrive_ships(self):
        large, small = PORT[self._nseats()]
        for size, count in (("large", large), ("small", small)):
            deck = self.ship_decks[size]
            for _ in range(count):
                if not deck:
                    back = sorted(s for s in self.ship_discard if SHIPS[s]["size"] == size)
                    if not back:
                        break
                    self.ship_discard = [s for s in self.ship_discard if SHIPS[s]["size"] != size]
                    self._rng.shuffle(back)
                    deck.extend(back)
                self.port.append(deck.pop())

    # ------------------------------------------------------------------ describe
    def _describe(self, action, lang):
        return describe_action(self, action, lang)


KIND_ACTIONS = {
    "buy": ("buy",),
    "store": ("store", "decline"),
    "load-income": ("load", "income"),
    "free-buy": ("free-buy", "keep"),
    "keep-fresh": ("keep-fresh", "keep"),
    "buy-store": ("buy-store", "keep"),
    "swap": ("swap", "keep"),
    "market": ("market", "keep"),
    "reserved": ("keep",),
}
KIND_RULES = {
    "buy": ("VW-4.3.1.1",),
    "store": ("VW-4.3.1.2",),
    "load-income": ("VW-4.3.1.3",),
    "free-buy": ("VW-4.3.2.1",),
    "keep-fresh": ("VW-4.3.2.2",),
    "buy-store": ("VW-4.3.2.3",),
    "swap": ("VW-4.3.2.4",),
    "market": ("VW-4.3.2.5",),
    "reserved": ("VW-4.3.2.6",),
}
