"""Gulden as cards (VW-2.3): purses of 1, 2, 5 and 10 gulden cards, payments with change-making.

A purse is a dict {"1": n, "2": n, "5": n, "10": n} (string keys, so it is plain JSON).
Players may change money with the bank at any time (VW-3.0); the engine does that for
them whenever a payment needs it, so a payment never fails for want of the right cards
while the cards needed exist in the payer's, the receiver's and the bank's purses. Where
they do not, the reading `bank` decides (engine/vor_dem_wind/game.py): stand-in cards from
outside the box (`stand_in`, `pay_unlimited`, `retire`), or the bank's cards alone.
"""

from __future__ import annotations

from ..core import cites

DENOMS = (10, 5, 2, 1)
KEYS = ("1", "2", "5", "10")
# 60 cards, 228 gulden in all (VW-2.0)
ALL_CARDS = {"1": 24, "2": 12, "5": 12, "10": 12}
START_PURSE = {"1": 3, "2": 2, "5": 1, "10": 1}  # 22 gulden (VW-3.0)


def empty() -> dict:
    return {"1": 0, "2": 0, "5": 0, "10": 0}


def value(purse: dict) -> int:
    return purse["1"] + 2 * purse["2"] + 5 * purse["5"] + 10 * purse["10"]


def cards(purse: dict) -> int:
    return purse["1"] + purse["2"] + purse["5"] + purse["10"]


def add(purse: dict, other: dict) -> None:
    for k in KEYS:
        purse[k] += other[k]


def sub(purse: dict, other: dict) -> None:
    for k in KEYS:
        purse[k] -= other[k]
        if purse[k] < 0:
            raise RuntimeError("purse went negative")


def exact(purse: dict, amount: int):
    """The sub-purse worth exactly `amount` with the fewest cards, or None."""
    if amount < 0 or amount > value(purse):
        return None
    if amount == 0:
        return empty()
    if not (sums(purse) >> amount) & 1:
        return None  # no cards add up to it: skip the search, long for a late purse of many 5s and 10s
    best = None
    c10, c5, c2, c1 = purse["10"], purse["5"], purse["2"], purse["1"]
    for n10 in range(min(c10, amount // 10), -1, -1):
        r10 = amount - 10 * n10
        for n5 in range(min(c5, r10 // 5), -1, -1):
            r5 = r10 - 5 * n5
            # fewest cards: as many 2s as possible, but leave a remainder the 1s can cover
            n2 = min(c2, r5 // 2)
            n1 = r5 - 2 * n2
            if n1 > c1:
                continue
            total = n10 + n5 + n2 + n1
            if best is None or total < best[0]:
                best = (total, {"1": n1, "2": n2, "5": n5, "10": n10})
    return best[1] if best else None


def _move(src: dict, dst: dict, part: dict) -> None:
    sub(src, part)
    add(dst, part)


@cites("VW-2.3")
def pay(src: dict, dst: dict, amount: int, bank: dict) -> None:
    """Move `amount` gulden from purse src to purse dst, making change as needed.

    1. src pays exactly with its own cards if it can (fewest cards);
    2. else src hands over the smallest overpayment and dst gives the change back;
    3. else the players change money with the bank: the cards of src, dst and the bank
       are re-split so that src and dst end with the right values (the bank's value is unchanged).
    The caller guarantees value(src) >= amount. dst may be the bank.
    """
    if amount <= 0:
        return
    _pay(src, dst, amount, bank)
    for purse in (src, dst):
        if purse is not bank:
            normalize(purse, bank)


def sums(purse: dict) -> int:
    """A bitset: bit x is set when some of the purse's cards are worth exactly x."""
    bits = 1
    for key, d in (("1", 1), ("2", 2), ("5", 5), ("10", 10)):
        acc = bits
        for _ in range(purse[key]):
            bits = (bits << d) | acc
            acc = bits
    return bits


def payable(src: dict, bank: dict, to_bank: bool, top: int, unlimited: bool = False) -> list:
    """Every amount 1..top that src can pay (see can_pay)."""
    if unlimited:
        return list(range(1, min(top, value(src)) + 1))
    bits = sums(src)
    return [x for x in range(1, min(top, value(src)) + 1) if (bits >> x) & 1 or can_pay(src, x, bank, to_bank)]


def can_pay(src: dict, amount: int, bank: dict, to_bank: bool, unlimited: bool = False) -> bool:
    """Whether src can pay `amount` (to the bank, or to a fresh purse), changing with the bank if needed
    (with an unlimited bank, whenever it has the money: the bank's stand-ins make the change)."""
    if value(src) < amount:
        return False
    if unlimited:
        return True
    if exact(src, amount) is not None:
        return True
    s, b = dict(src), dict(bank)
    try:
        pay(s, b if to_bank else empty(), amount, b)
    except RuntimeError:
        return False
    return True


def handy(v: int) -> dict:
    """A handy mix worth v: a 1, two 2s and a 5 for change, the rest in tens (then 5, 2, 1)."""
    out = empty()
    left = v
    for key, d in (("1", 1), ("2", 2), ("2", 2), ("5", 5)):
        if left >= d:
            out[key] += 1
            left -= d
    for key, d in (("10", 10), ("5", 5), ("2", 2), ("1", 1)):
        out[key] += left // d
        left %= d
    return out


def normalize(purse: dict, bank: dict) -> None:
    """The player changes money with the bank into a handy mix (see `handy`), if the bank has the cards.

    This keeps every amount payable from the purse itself and leaves the rest of the
    small cards in the bank, where they are needed for change.
    """
    want = handy(value(purse))
    if want == purse:
        return
    for k in KEYS:
        if want[k] > purse[k] + bank[k]:
            return
    for k in KEYS:
        bank[k] += purse[k] - want[k]
        purse[k] = want[k]


def _pay(src: dict, dst: dict, amount: int, bank: dict) -> None:
    v_src, v_dst = value(src), value(dst)
    if v_src < amount:
        raise RuntimeError("payer cannot pay")
    part = exact(src, amount)
    if part is not None:
        _move(src, dst, part)
        return
    for extra in range(1, 10):
        over = exact(src, amount + extra)
        if over is None:
            continue
        after = dict(dst)
        add(after, over)
        back = exact(after, extra)
        if back is not None:
            _move(src, dst, over)
            _move(dst, src, back)
            return
        break
    if dst is bank:
        _resplit(src, bank, v_src - amount)
        return
    _split3(src, dst, bank, v_src - amount, v_dst + amount)


def _candidates(pool: dict, amount: int):
    """Every sub-purse of pool worth `amount`, fewer big cards later (deterministic order)."""
    c10, c5, c2, c1 = pool["10"], pool["5"], pool["2"], pool["1"]
    for n10 in range(min(c10, amount // 10), -1, -1):
        r10 = amount - 10 * n10
        for n5 in range(min(c5, r10 // 5), -1, -1):
            r5 = r10 - 5 * n5
            for n2 in range(min(c2, r5 // 2), -1, -1):
                n1 = r5 - 2 * n2
                if n1 > c1:
                    break
                yield {"1": n1, "2": n2, "5": n5, "10": n10}


def _split3(a: dict, b: dict, bank: dict, ta: int, tb: int) -> None:
    pool = dict(a)
    add(pool, b)
    add(pool, bank)
    for cand in _candidates(pool, ta):
        rest = dict(pool)
        sub(rest, cand)
        other = exact(rest, tb)
        if other is not None:
            sub(rest, other)
            for k in KEYS:
                a[k], b[k], bank[k] = cand[k], other[k], rest[k]
            return
    raise RuntimeError("no way to make change")


def _resplit(purse: dict, bank: dict, target: int) -> None:
    """Exchange with the bank so that `purse` is worth `target` (value moves only between them)."""
    pool = dict(purse)
    add(pool, bank)
    mine = exact(pool, target)
    if mine is None:
        raise RuntimeError("cannot re-split")
    for k in KEYS:
        bank[k] = pool[k] - mine[k]
        purse[k] = mine[k]


# The reading `bank` (engine/vor_dem_wind/game.py): "unlimited" (the book's amounts without condition)
# lets cards from outside the box stand in where the bank's run short, "cards" keeps the bank to its
# cards. The stand-ins are a handy mix, so that they also make change.
@cites("VW-2.3")
def stand_in(bank: dict, amount: int) -> None:
    """Cards worth `amount` from outside the box into the bank (the reading bank=unlimited)."""
    add(bank, handy(amount))


@cites("VW-2.3")
def pay_unlimited(src: dict, dst: dict, amount: int, bank: dict) -> None:
    """`pay`, with stand-ins where the cards in play cannot make the change (bank=unlimited): the bank
    gets cards for both sides' new sums, so the change-making always finds them (`retire` takes back
    what is left over)."""
    if amount > 0 and not can_pay(src, amount, bank, dst is bank):
        stand_in(bank, amount)
        stand_in(bank, value(src) - amount)
    pay(src, dst, amount, bank)


@cites("VW-2.3")
def retire(bank: dict, held: dict) -> None:
    """Stand-ins back out of play (bank=unlimited): of each value, the bank keeps no more cards than
    the box's count less what the players hold (`held`), as far as it has them. The players' cards
    beyond the box stay stand-ins until they come back to the bank."""
    for k in KEYS:
        bank[k] -= min(bank[k], max(0, bank[k] + held[k] - ALL_CARDS[k]))


@cites("VW-2.3")
def bank_pays(bank: dict, dst: dict, amount: int, unlimited: bool = False) -> int:
    """The bank pays `amount` (with its cards alone: or all it has, if it holds less; with an unlimited
    bank, in full, stand-ins making up what its cards lack); returns the amount paid."""
    if unlimited:
        paid = bank_pays(bank, dst, amount)
        if paid < amount:
            stand_in(bank, amount - paid)
            bank_pays(bank, dst, amount - paid)
        return amount
    amount = min(amount, value(bank))
    while amount > 0:
        part = exact(bank, amount)
        if part is not None:
            _move(bank, dst, part)
            break
        # the receiver changes with the bank: re-split dst + bank
        pool = dict(dst)
        add(pool, bank)
        if exact(pool, value(dst) + amount) is not None:
            _resplit(dst, bank, value(dst) + amount)
            break
        amount -= 1  # the bank's cards cannot make this sum at all: it pays what it can
    normalize(dst, bank)
    return amount
