"""`make bench`'s regression guard (bench/guard.py): a ratio fails the run only when it is worse in
every one of its repeated measurements; one slow measurement is a note; a ratio measured once is
only ever reported."""

from bench import guard

BASELINE = {"ratio_cold_click_to_bare": 0.5, "net.local.ratio": 0.6, "a-game.random_game_ratio_pyodide_to_cpython": 1.4}


def test_one_slow_measurement_is_a_note_not_a_regression():
    results = {"ratio_cold_click_to_bare": 0.7, "ratio_cold_click_to_bare_runs": [0.5, 0.7, 0.66]}
    assert guard.regressions(results, BASELINE) == []
    assert [n.split(":")[0] for n in guard.notes(results, BASELINE)] == ["ratio_cold_click_to_bare"]


def test_worse_in_every_measurement_is_a_regression():
    results = {"net.local.ratio": 0.8, "net.local.ratio_runs": [0.8, 0.78, 0.9]}  # all above 0.6 × 1.25
    assert [r.split(":")[0] for r in guard.regressions(results, BASELINE)] == ["net.local.ratio"]


def test_within_the_tolerance_is_neither():
    results = {"ratio_cold_click_to_bare_runs": [0.6, 0.62, 0.55]}  # under 0.5 × 1.25
    assert guard.regressions(results, BASELINE) == [] and guard.notes(results, BASELINE) == []


def test_a_ratio_measured_once_is_reported_never_failed():
    results = {"a-game.random_game_ratio_pyodide_to_cpython": 3.0}
    assert guard.regressions(results, BASELINE) == []
    assert guard.notes(results, BASELINE)


def test_the_committed_baseline_holds_only_ratios():
    assert all(guard.is_ratio(key) for key in guard.load_baseline())
