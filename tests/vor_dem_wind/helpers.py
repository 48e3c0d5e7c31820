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
    d = s.d
    for deck in d["decks"].values():
        for part in ("draw", "discard"):
            if card in deck[part]:
                deck[part].remove(card)
                return
    if card in d["revealed"]:
        d["revealed"].remove(card)
        return
    for seat in d["seats"]:
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
    pile = s.d["seats"][seat][where]
    for g in GOODS:
        want = counts.get(g, 0)
        s.d["supply"][g] += pile[g] - want
        pile[g] = want
        assert s.d["supply"][g] >= 0


def set_money(s, seat, purse):
    cur = s.d["seats"][seat]["purse"]
    money.add(s.d["bank"], cur)
    money.sub(s.d["bank"], purse)
    s.d["seats"][seat]["purse"] = dict(purse)


def execute_position(s, cards, specials=None):
    """Jump to the execute phase with `cards[i]` won by seat i (None: nothing), start player 0."""
    d = s.d
    d["phase"] = "execute"
    d["auction"] = None
    for c in list(d["revealed"]):
        pull_card(s, c)
        d["decks"][CARDS[c]["deck"]]["discard"].append(c)
    d["revealed"] = []
    for i, c in enumerate(cards):
        if c is None:
            d["seats"][i]["slot"] = None
        else:
            pull_card(s, c)
            d["seats"][i]["slot"] = {"card": c, "face": "down"}
    for i, lst in (specials or {}).items():
        for c in lst:
            pull_card(s, c)
            d["seats"][i]["specials"].append(c)
        d["seats"][i]["specials"].sort()
    d["start"] = 0
    s._start_exec(0, first=True)
    edit.settle_piles(d)  # the cards taken out of the draw piles: as many as the round has revealed
    return GAME.from_json(s.to_json())  # validates the edited position


def ship_worth(vp, size=None):
    for sid in sorted(SHIPS):
        if SHIPS[sid]["vp"] == vp and (size is None or SHIPS[sid]["size"] == size):
            return sid
    raise AssertionError(vp)


def put_ship_in_port(s, sid):
    """Bring a ship into port from its pile, in place of a port ship of its size (the port stays full)."""
    d = s.d
    if sid in d["port"]:
        return
    size = SHIPS[sid]["size"]
    d["ship_decks"][size].remove(sid)
    out = next(x for x in d["port"] if SHIPS[x]["size"] == size)
    d["port"][d["port"].index(out)] = sid
    d["ship_decks"][size].append(out)
