"""The Ask page by pointing (issue 33): a tap on another steamer offers its pushes, the speed control
asks a speed change directly, and no field is named by its coordinates."""

import re

import pytest

from widgets.render.mississippi_queen.edit import EDITING

from .mq_support import GAME, aboard, at, edit, fresh


def pushing():
    """Red at speed 4 behind beige, as in the book's push example."""
    s = fresh()
    return edit(s, {0: {"pos": at(s, 0, 1, 0), "speed": 4}, 1: {"pos": at(s, 0, 2, 0)}, 2: {"pos": at(s, 0, 0, -2)}})


def fid(p):
    return f"{p[0]},{p[1]}"


def test_a_tap_on_another_steamer_offers_its_pushes():
    s = pushing()
    beige = fid(s.steamers[1]["pos"])
    tool, asked = EDITING.ask_tap(s.to_json(), None, beige)  # with nothing selected: a preview
    assert tool == {"at": fid(s.steamers[0]["pos"]), "seat": 0, "push": beige, "preview": True}
    assert asked is None
    red = {"at": fid(s.steamers[0]["pos"]), "seat": 0}
    tool, asked = EDITING.ask_tap(s.to_json(), red, beige)  # red selected: asked at once
    assert tool == {**red, "push": beige}
    assert s.check(asked).legal and asked["push"]
    offers = EDITING.offers(s, tool, "en")
    targets = [tuple(a["push"][0]) for _, a in offers]
    assert len(targets) == len(set(targets)) >= 4  # one way per field beige can go to
    assert all(s.check(a).legal for _, a in offers)
    assert all("pushes to start tile, " in label for label, _ in offers)
    # a second tap on it selects it instead
    tool, asked = EDITING.ask_tap(s.to_json(), tool, beige)
    assert tool == {"at": beige, "seat": 1} and asked is None
    preview, _ = EDITING.ask_tap(s.to_json(), None, beige)
    tool, asked = EDITING.ask_tap(s.to_json(), preview, beige)
    assert tool == {"at": beige, "seat": 1, "preview": True} and asked is None


def test_a_push_that_cannot_be_made_is_asked_and_refused():
    s = fresh()
    s = edit(s, {0: {"pos": at(s, 0, 0, 0), "speed": 1, "coal": 0}, 1: {"pos": at(s, 1, 2, 0)}, 2: {"pos": at(s, 0, 0, -2)}})
    red = {"at": fid(s.steamers[0]["pos"]), "seat": 0}
    tool, asked = EDITING.ask_tap(s.to_json(), red, fid(s.steamers[1]["pos"]))
    assert "push" in tool and asked["push"]
    assert not s.check(asked).legal


def test_the_speed_control_asks_each_speed():
    s = pushing()
    offers = EDITING.offers(s, None, "en")
    assert [a["speed"] for _, a in offers] == [1, 2, 3, 4, 5, 6]
    assert offers[5][0].startswith("Speed 4 → 6: ")
    assert all(s.check(a).legal for _, a in offers)
    assert EDITING.offers(s, None, "hu")[0][0].startswith("Sebesség 4 → 1: ")


def test_no_coordinates_in_answers_or_offers():
    s = pushing()
    beige = fid(s.steamers[1]["pos"])
    tool, asked = EDITING.ask_tap(s.to_json(), {"at": fid(s.steamers[0]["pos"]), "seat": 0}, beige)
    texts = [label for label, _ in EDITING.offers(s, tool, "en")]
    texts += [s.check(dict(asked, push=[])).message[lang] for lang in ("hu", "en")]
    texts += [s.check({"type": "move", "speed": 1, "path": ["R", "R", "F"]}).message[lang] for lang in ("hu", "en")]
    for text in texts:
        assert not re.search(r"\[-?\d+, -?\d+\]|Item \d|push list|push lista", text), text


def test_a_field_is_previewed_then_asked():
    """Nothing selected: a tap on a field marks it and offers its ways; a second tap on it asks the
    cheapest (the sandbox plays it); a tap on another field previews that one instead."""
    s = pushing()
    d = s.to_json()
    ahead, beside = fid(at(s, 1, 0, 0)), fid(at(s, 0, 3, 1))
    tool, asked = EDITING.ask_tap(d, None, ahead)
    assert asked is None and tool["to"] == ahead and tool["preview"] is True
    assert EDITING.marks(d, tool, None)[ahead] == "target"
    assert EDITING.offers(s, tool, "en")
    other, asked = EDITING.ask_tap(d, tool, beside)
    assert asked is None and other["to"] == beside
    tool, asked = EDITING.ask_tap(d, tool, ahead)
    assert s.check(asked).legal and "preview" not in tool


def test_counted_words_take_the_plural():
    from widgets.render.mississippi_queen.words import describe_move

    s = pushing()
    data = s.to_json()
    text = describe_move(data, {"type": "move", "speed": 3, "path": ["F", "F", "F"], "brake": 2}, "en")
    assert "2 steps" in text
    text = describe_move(data, {"type": "move", "speed": 3, "path": ["F", "F", "F"], "brake": 1}, "en")
    assert "1 step" in text and "1 steps" not in text


def test_a_selected_steamer_previews_too():
    """Tap your steamer, then a field: previewed first (the sandbox plays nothing yet), asked on the
    second tap."""
    s = pushing()
    d = s.to_json()
    red, ahead = fid(s.steamers[0]["pos"]), fid(at(s, 1, 0, 0))
    tool, asked = EDITING.ask_tap(d, None, red)
    assert tool == {"at": red, "seat": 0, "preview": True} and asked is None
    tool, asked = EDITING.ask_tap(d, tool, ahead)
    assert asked is None and tool["to"] == ahead
    tool, asked = EDITING.ask_tap(d, tool, ahead)
    assert s.check(asked).legal and tool == {"at": red, "seat": 0, "to": ahead}


def test_a_tap_on_another_steamer_then_any_field_asks_that_push_legal_or_not():
    """Issue 39, item 6: pointing at beige, then at a field, asks red's push of beige there: a field
    beside beige is a legal push; one two fields away is asked all the same and refused (MQ-7.2)."""
    s = pushing()
    d = s.to_json()
    beige = fid(s.steamers[1]["pos"])
    for selected in (None, {"at": fid(s.steamers[0]["pos"]), "seat": 0}):
        tool, _ = EDITING.ask_tap(d, selected, beige)
        beside, far = fid(at(s, 0, 3, 0)), fid(at(s, 1, 1, 0))
        _, asked = EDITING.ask_tap(d, tool, beside)
        assert asked["push"] == [at(s, 0, 3, 0)] and s.check(asked).legal
        chosen, asked = EDITING.ask_tap(d, tool, far)
        assert chosen["push"] == beige and chosen["onto"] == far
        assert asked["push"] == [at(s, 1, 1, 0)]
        verdict = s.check(asked)
        assert not verdict.legal and "MQ-7.2" in verdict.rules


@pytest.mark.parametrize("lang, words", [("en", "Who moves"), ("hu", "Ki lép")])
def test_the_every_move_forms_player_is_who_moves(lang, words):
    from widgets.render.answer import action_menu

    form = action_menu(GAME, EDITING, pushing(), "move", lang)
    assert re.search(rf"<label>{words} <select name=\"player\"", form)


def test_a_field_is_a_fingers_width_and_a_passenger_10_px_on_the_ask_page():
    """Issue 39, item 7: the editor's board is never narrower than its min-width (it scrolls sideways on a
    phone), at which each field is at least 44 px wide and a passenger's dot at least 10 px across."""
    from widgets.render.mississippi_queen.board import ROOT3, SIZE, board_svg

    s = aboard(fresh(game="passenger"), 0, ["5a"])
    svg = board_svg(s, "en", tappable=True)
    least = float(re.search(r"min-width:([\d.]+)px", svg).group(1))
    width = float(re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ', svg).group(1))
    scale = least / width
    assert (SIZE - 0.6) * ROOT3 * scale > 44  # over, for the browser's rounding
    dots = [float(r) for r in re.findall(r'<circle cx="[-\d.]+" cy="[-\d.]+" r="([\d.]+)" fill="#fff"', svg)]
    assert dots and min(dots) * 2 * scale >= 10
