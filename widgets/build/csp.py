"""The Content Security Policy of every page."""

from __future__ import annotations

import base64
import hashlib
import re

INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


def add_csp(html: str) -> str:
    """Only the site's own origin. The theme's few inline scripts are allowed by their hashes,
    so no 'unsafe-inline' is needed for scripts; 'wasm-unsafe-eval' is what Pyodide needs."""
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"
        for body in INLINE_SCRIPT.findall(html)
    )
    policy = (
        "default-src 'self'; "
        f"script-src 'self' 'wasm-unsafe-eval' {hashes}; "
        "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; "
        "connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'"
    )
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    return html.replace("<head>", "<head>\n" + meta, 1)
