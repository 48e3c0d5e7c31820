"""Build products kept in .cache by content (the packed wasm, the trimmed standard library, the
snapshot): made once, then copied into each build."""

from __future__ import annotations

import os


def kept(path: str, make) -> str:
    """`path`, made first by `make(tmp)` if it is not there yet. The temporary file is this process's
    own: the test workers and the tests' copies of the repository build side by side and share .cache."""
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        make(tmp)
        os.replace(tmp, path)
    return path
