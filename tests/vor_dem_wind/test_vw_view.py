"""A player's view never shows another player's hand or ships (VW-3.0, VW-4.3.1.3).

Goods and gulden in a hand share one back (only their number is public); special cards kept in
hand show only their deck; loaded ships lie face down in front of their owner („helyezd azt színnel
lefelé fordítva magad elé”), so their ids and victory points are secret until the game is scored.
"""

import json

import pytest

from engine.core.rng import Rng

from .helpers import GAME, card_of, pull_card


def _secret_ids(s, seat):
    """The card and ship ids only `seat` may know: special cards in hand and loaded ships."""
    own = s.seats[seat]
    return set(own["specials"]) | set(own["ships"])


def _check_view(s, viewer):
    v = GAME.view(s, viewer)
    text = json.dumps(v)
    over = s.is_over()
    for i, seat in enumerate(v["seats"]):
        if i == viewer:
            assert seat["purse"] == s.seats[i]["purse"] and seat["goods"] == s.seats[i]["goods"]
            assert seat["ships"] == s.seats[i]["ships"] and seat["specials"] == s.seats[i]["specials"]
            continue
        assert seat["purse"] is None and seat["goods"] is None
        assert all(x in ("buy", "warehouse", "ship") for x in seat["specials"])
        assert isinstance(seat["new_specials"], int)
        assert isinstance(seat["hand_cards"], int)
        if not over:
            assert seat["ships"] == len(s.seats[i]["ships"])
            for secret in _secret_ids(s, i):
                assert f'"{secret}"' not in text, (viewer, i, secret)
    assert v["rng"] is None


@pytest.mark.rules("VW-3.0", "VW-4.3.1.3")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_view_never_shows_other_hands_or_ships(players, scaled):
    for seed in range(scaled(3)):
        s = GAME.new(players, seed)
        rng = Rng(seed + 17)
        steps = 0
        while not s.is_over():
            if steps % 5 == 0:
                for viewer in [None] + list(range(players)):
                    _check_view(s, viewer)
            s = s.apply(rng.choice(s.legal_actions()))
            steps += 1
        # at the end the ships are scored: everyone sees them
        v = GAME.view(s, 0)
        assert all(v["seats"][i]["ships"] == s.seats[i]["ships"] for i in range(players))


@pytest.mark.rules("VW-4.3.1.3")
def test_loaded_ship_is_face_down():
    s = GAME.new(3, 2)
    s.seats[1]["ships"] = [s.port.pop()]
    kept = card_of("swap")
    pull_card(s, kept)
    s.seats[1]["specials"] = [kept]
    v = GAME.view(s, 0)
    assert v["seats"][1]["ships"] == 1 and v["seats"][1]["specials"] == ["warehouse"]
    assert s.seats[1]["ships"][0] not in json.dumps(v) and kept not in json.dumps(v)
    assert GAME.view(s, 1)["seats"][1]["ships"] == s.seats[1]["ships"]
