"""Malformed actions that fuzzing found mishandled once (tests/core/test_fuzz.py checks each is bad
input naming the field): (action, the field the InputError must name, what it once was)."""

MALFORMED = [({"type": "move", "speed": 1, "path": [None]}, "action.path[0]", "once a TypeError")]
