"""Edits at a path inside JSON: a position broken on purpose, a case changed as a reader would.

A path is a sequence of keys and list indexes, as in an error's field: ("seats", 2, "cargo") is
state.seats[2].cargo. The games' impossible-position tables, the schema fuzzer and the cases
edited in the browser use these.
"""

import copy
import json

DELETE = object()


def parent(data, path):
    """The container that holds the value at path, and the value's key or index there."""
    *head, last = path
    for key in head:
        data = data[key]
    return data, last


def put(data, path, value):
    """Set the value at path, in place; DELETE removes the key."""
    node, last = parent(data, path)
    if value is DELETE:
        del node[last]
    else:
        node[last] = value


def edited(data, path, value):
    """A copy of data with the value at path replaced (an empty path replaces the whole)."""
    if not path:
        return value
    data = copy.deepcopy(data)
    put(data, path, value)
    return data


def setting(path, value):
    """A mutation (a function of the JSON, in place) that sets the value at path."""
    return lambda d: put(d, path, value)


def deleting(*path):
    """A mutation that removes the key at path."""
    return setting(path, DELETE)


def adding(path, delta):
    """A mutation that adds delta to the number at path."""

    def mutate(d):
        node, last = parent(d, path)
        node[last] += delta

    return mutate


def together(*mutations):
    """One mutation made of several, applied in order."""

    def mutate(d):
        for m in mutations:
            m(d)

    return mutate


def in_text(mutation):
    """The mutation as an edit of JSON text (what a reader types into a case's editor)."""

    def edit(text):
        data = json.loads(text)
        mutation(data)
        return json.dumps(data, ensure_ascii=False)

    return edit
