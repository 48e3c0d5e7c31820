"""The worker's one entry point: a JSON request in, a JSON answer out.

Request:  {"op": "render", "spec": {...widget spec...}, "ctx": {"lang": "hu", "rules_url": "..."}}
          ("aside": true marks a warm-up's render, whose answer the page drops)
Answer:   {"html": "...", "runtime": "<sys.platform> <python version>"}
          or {"error": {"code", "field", "message": {lang: text}}} for bad input.
Request:  {"op": "warm", "spec": {...a play or editor widget's spec...}, "ctx": {...}, "positions": n}
Answer:   {"warmed": n, "runtime": ...}: the engine played and rendered n random positions of
          that game aside (widgets/render/play.py, `warm`), or tapped the editor's board n times
          aside (widgets/render/editor.py, `warm`), so that the reader's moves run fast.
Nothing the reader types can make this raise: every failure is an answer.
The protocol is written down as JSON Schemas in widgets/protocol/ (the spec, the requests, the
answers); tests check this side (tests/widgets/test_protocol*.py) and the page's (tests/js/).
"""

from __future__ import annotations

import gc
import json
import sys
import traceback

RUNTIME = f"{sys.platform} {sys.version.split()[0]}"


def settle() -> None:
    """Once started, and after each warm-up request: what is alive then (modules, tables, caches) lives
    as long as the page, so the collector stops walking it (a full collection over it would fall on
    whichever tap happened to trigger it)."""
    gc.collect()
    gc.freeze()


def prepare() -> None:
    """At the snapshot's making (widgets/snapshot.mjs): the first-time work of a page's first requests
    (catalogs read, schemas compiled, tables and caches filled), done for every game and language, so
    that a restored engine's first answer costs what the later ones do. Each kind of move's check is
    compiled, and the pages' own requests are asked through handle() at each game's start: the
    sandbox's, the Ask editor's (titled, as the pages' are: its game's texts are looked up) and its
    warm-up's. (Not the sandbox's warm-up: the tables its random games fill would cost the
    snapshot's download more than they save.) The warm-up's own state is dropped after, so that a
    page's warm-up starts as a fresh engine's: every answer is the one a fresh engine gives."""
    from engine import InputError, game_ids, load_game
    from engine.core.messages import LANGS

    from .render import editor
    from .render.renderer import renderer

    for game in game_ids():
        rules = load_game(game)
        actions = rules.action_schema
        for kind in actions.types:  # a page's position may come by moves, and its questions ask one
            try:
                actions.validate({"type": kind}, "action")
            except InputError:  # (a bare move lacks its fields: its check has run)
                pass
        start = {"game": game, "setup": {"players": rules.players[0], "seed": 1}}
        ask = {**start, "widget": "editor", "id": "ask", "title": game}
        requests = [{"op": "render", "spec": {**start, "widget": "play", "sandbox": True, "play": True}}]
        if renderer(game).editor:  # (a game may have no Ask page yet)
            requests += [{"op": "render", "spec": ask}, {"op": "warm", "spec": ask, "positions": 3}]
        for lang in LANGS:
            ctx = {"lang": lang, "rules_url": "../rules/", "sandbox_url": "../sandbox/"}
            for request in requests:
                answer = json.loads(handle(json.dumps({**request, "ctx": ctx})))
                if "error" in answer:
                    raise RuntimeError(f"{game} {lang} {request['op']} {request['spec']['widget']}: {answer['error']}")
    editor.WARM.clear()


def handle(request_text: str) -> str:
    from engine.core import InputError, expect, need
    from engine.core.messages import CORE, LANGS

    try:
        try:
            request = json.loads(request_text)
        except json.JSONDecodeError as err:
            raise InputError("bad-json", "request", line=err.lineno, column=err.colno) from None
        expect(request, "object", "request")
        op = need(request, "op", "string", "request", allowed=("render", "warm", "ping"))
        if op == "ping":
            return json.dumps({"runtime": RUNTIME})
        from .render import render_output

        ctx = need(request, "ctx", "object", "request")
        need(ctx, "lang", "string", "request.ctx", allowed=LANGS)
        if op == "warm":
            from .render import editor, play

            positions = need(request, "positions", "integer", "request", low=1, high=20)
            spec = need(request, "spec", "object", "request")
            warmed = (editor if spec.get("widget") == "editor" else play).warm(spec, ctx, positions)
            settle()
            return json.dumps({"warmed": warmed, "runtime": RUNTIME})
        html = render_output(need(request, "spec", "object", "request"), ctx)
        if need(request, "aside", "boolean", "request", default=False):  # a warm-up's render
            settle()
        return json.dumps({"html": html, "runtime": RUNTIME}, ensure_ascii=False)
    except InputError as err:
        return json.dumps({"error": err.to_json(), "runtime": RUNTIME}, ensure_ascii=False)
    except Exception:  # a bug in the engine must not kill the worker; report it
        return json.dumps(
            {
                "error": {
                    "code": "internal",
                    "field": "",
                    "message": CORE.both("internal-error"),
                    "detail": traceback.format_exc(limit=3),
                },
                "runtime": RUNTIME,
            }
        )
