"""The runtime's three large files as the worker fetches them: Pyodide's wasm, the trimmed standard
library and the engine wheel, each packed with zstd into `<file>.zst` (level 19, a 2 MB window,
archives with their members stored, so one stream compresses them all). The worker unpacks them with fzstd as
they stream in (widgets/assets/worker.mjs, `unpacked`).

Why: on a phone's link the start is the bytes. A host gzips the wasm on the fly (level 6) and sends
a .zip or .whl as it is (each member deflated alone); zstd over the whole file is about a quarter
smaller (bench/README.md, "Measurements behind the code"). The plain files stay in the site too:
the lock file names the wheel, and `make bench`'s bare yardstick loads them as any Pyodide site would.
"""

from __future__ import annotations

import hashlib
import io
import os
import zipfile

from .kept import kept

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CACHE = os.path.join(ROOT, ".cache", "packed")
LEVEL = 19
WINDOW_LOG = 21  # a 2 MB window: fzstd copies its window for every block it unpacks, so a larger one costs CPU
FZSTD = os.path.join(ROOT, "node_modules", "fzstd", "esm", "index.mjs")  # the worker's unpacker


def pack(src: str, *, archive: bool = False) -> int:
    """Writes `src + ".zst"` and returns its size. Kept in .cache/packed by content, since level 19
    takes seconds on the wasm."""
    import zstandard

    with open(src, "rb") as f:
        data = f.read()
    cached = os.path.join(CACHE, f"{hashlib.sha256(data).hexdigest()[:24]}-{LEVEL}-{WINDOW_LOG}.zst")

    def make(tmp):
        params = zstandard.ZstdCompressionParameters.from_level(LEVEL, window_log=WINDOW_LOG)
        with open(tmp, "wb") as f:
            f.write(zstandard.ZstdCompressor(compression_params=params).compress(stored(data) if archive else data))

    kept(cached, make)
    with open(cached, "rb") as f, open(src + ".zst", "wb") as out:
        out.write(f.read())
    return os.path.getsize(src + ".zst")


def stored(archive: bytes) -> bytes:
    """The same zip with every member stored (uncompressed), in the same order and with the same names."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as dst:
        for info in src.infolist():
            data = src.read(info)
            info.compress_type = zipfile.ZIP_STORED
            dst.writestr(info, data)
    return out.getvalue()
