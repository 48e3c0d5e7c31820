"""Malformed actions that fuzzing found mishandled once (tests/core/test_fuzz.py checks each is bad
input naming the field): (action, the field the InputError must name, what it once was)."""

MALFORMED = [({"type": "offer"}, "action.", "")]
