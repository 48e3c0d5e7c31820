"""Known answers pin the generator: the same numbers on every Python, forever."""

from engine.core import Rng


def test_splitmix64_reference_values():
    # Published SplitMix64 outputs for state 0 and for seed state 1234567.
    r = Rng(state=0)
    assert [r.next64() for _ in range(2)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]
    r = Rng(state=1234567)
    assert [r.next64() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def test_derived_operations_are_pinned():
    r = Rng(7)
    items = list(range(10))
    r.shuffle(items)
    assert items == [9, 1, 2, 7, 3, 4, 5, 6, 8, 0]
    assert r.below(6) == 3
    r = Rng(1)
    assert [r.die() for _ in range(10)] == [1, 2, 5, 2, 1, 6, 3, 6, 3, 2]


def test_below_is_unbiased_enough_and_in_range():
    r = Rng(3)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(900 < c < 1100 for c in counts)


def test_state_round_trips_through_json():
    r = Rng(99)
    r.next64()
    copy = Rng.from_json(r.to_json())
    assert [copy.next64() for _ in range(3)] == [r.next64() for _ in range(3)]
    assert len(r.to_json()) == 16
