"""Test helpers: build positions for Vor dem Wind by editing a fresh game (components stay conserved)."""

from engine import load_game
from engine.vor_dem_wind import edit, money
from engine.vor_dem_wind.components import CARDS, GOODS, SHIPS

GAME = load_game("vor-dem-wind")


def new(players=3, seed=1, **options):
    return GAME.new(players, seed, options)


def after_setup(players=3, seed=1, **options):
    """A game after every player took apple + spice as starting goods (now in the reveal phase)."""
    s = new(players, seed, **options)
    for _ in range(players):
        s = s.apply({"type": "start-goods", "goods": ["apple", "spice"]})
    return s


def pull_card(s, card):
    """Remove an action card from wherever it lies."""
    for deck in s.decks.values():
        for part in ("draw", "discard"):
            if card in deck[part]:
                deck[part].remove(card)
                return
    if card in s.revealed:
        s.revealed.remove(card)
        return
    for seat in s.seats:
        if card in seat["specials"]:
            seat["specials"].remove(card)
            return
    raise AssertionError(card)


def card_of(kind, **fields):
    for cid in sorted(CARDS):
        c = CARDS[cid]
        if c["kind"] == kind and all(c.get(k) == v for k, v in fields.items()):
            return cid
    raise AssertionError((kind, fields))


def set_goods(s, seat, where, **counts):
    """Set a seat's hand ("goods") or warehouse counts, moving cards from/to the supply."""
    pile = s.seats[seat][where]
    for g in GOODS:
        want = counts.get(g, 0)
        s.supply[g] += pile[g] - want
        pile[g] = want
        assert s.supply[g] >= 0


def set_money(s, seat, purse):
    cur = s.seats[seat]["purse"]
    money.add(s.bank, cur)
    money.sub(s.bank, purse)
    s.seats[seat]["purse"] = dict(purse)


def execute_position(s, cards, specials=None):
    """Jump to the execute phase with `cards[i]` won by seat i (None: nothing), start player 0."""
    s.phase = "execute"
    s.auction = None
    for c in list(s.revealed):
        pull_card(s, c)
        s.decks[CARDS[c]["deck"]]["discard"].append(c)
    s.revealed = []
    for i, c in enumerate(cards):
        if c is None:
            s.seats[i]["slot"] = None
        else:
            pull_card(s, c)
            s.seats[i]["slot"] = {"card": c, "face": "down"}
    for i, lst in (specials or {}).items():
        for c in lst:
            pull_card(s, c)
            s.seats[i]["specials"].append(c)
        s.seats[i]["specials"].sort()
    s.start = 0
    s._start_exec(0, first=True)
    # the cards taken out of the draw piles: as many as the round has revealed
    return GAME.from_json(edit.settle_piles(s.to_json()))  # validates the edited position


def ship_worth(vp, size=None):
    for sid in sorted(SHIPS):
        if SHIPS[sid]["vp"] == vp and (size is None or SHIPS[sid]["size"] == size):
            return sid
    raise AssertionError(vp)


def put_ship_in_port(s, sid):
    """Bring a ship into port from its pile, in place of a port ship of its size (the port stays full)."""
    if sid in s.port:
        return
    size = SHIPS[sid]["size"]
    s.ship_decks[size].remove(sid)
    out = next(x for x in s.port if SHIPS[x]["size"] == size)
    s.port[s.port.index(out)] = sid
    s.ship_decks[size].append(out)
