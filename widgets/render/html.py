"""Tiny HTML helpers. Everything that reaches the page goes through `esc`, so text
from case files or from the reader's editor is always shown as text."""

from __future__ import annotations

import html
import json
import re

from engine.core import rule_anchor
from engine.core.messages import TAG_CANCEL, TAG_OPEN, untagged

from .ui import UI


def esc(value) -> str:
    return html.escape(str(value), quote=True)


def attrs(**kw) -> str:
    parts = []
    for key, value in kw.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(name if value is True else f'{name}="{esc(value)}"')
    return (" " + " ".join(parts)) if parts else ""


# One encoder for every data attribute: json.dumps with options builds a new encoder per call, and an
# editor's answer has a couple of hundred of them.
COMPACT = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def data_json(value) -> str:
    return esc(COMPACT.encode(value))


def rule_link(rule_id: str, ctx: dict) -> str:
    """A rule id as a link to its paragraph on the game's rules page, in the reader's language."""
    href = f"{ctx.get('rules_url', '')}#{rule_anchor(rule_id)}"
    return f'<a class="kikoto-rule" href="{esc(href)}">{esc(rule_id)}</a>'


def rule_links(rule_ids, ctx: dict) -> str:
    return " ".join(rule_link(r, ctx) for r in rule_ids)


TAP_PX = 44  # the least size of a field to tap, in px: a finger's width


def pan_box(board: str, label: str, viewbox_width: float, smallest_font: float, field: float | None = None) -> str:
    """A board in a box of its own that scrolls sideways on a phone, so its smallest label is never
    drawn under 11 px: the board is at least as wide as that takes, and the page itself never
    scrolls sideways. A board to tap gives its fields' size (`field`, in its units): it is drawn
    wide enough for each to be TAP_PX. The box takes the keyboard's focus, so it can be scrolled
    without a pointer."""
    least = max(-(-viewbox_width * 11 // smallest_font), -(-viewbox_width * TAP_PX // field) if field else 0)  # ceil
    return (
        f'<div class="kikoto-pan" tabindex="0" role="group" aria-label="{esc(label)}" '
        f'style="--kikoto-min:{least:.0f}px">{board}</div>'
    )


def scroll_region(label: str) -> str:
    """The attributes of a box that may scroll sideways on a phone (a wide player table): it takes the
    keyboard's focus, so it can be scrolled without a pointer, and is named for a screen reader."""
    return f' tabindex="0" role="region" aria-label="{esc(label)}"'


def figure_widget(figure):
    """The `form` and `output` of a game's picture widget (its figures.py) from its `figure(spec, lang)`,
    which draws the picture and says it in words: the picture, its caption, and the words for a screen
    reader or a reader who wants it spelled out. A plain block, not the theme's <figure> (which shrinks
    to fit), as the site's other boards."""

    def form(spec: dict, ctx: dict) -> str:
        return ""

    def output(spec: dict, ctx: dict) -> str:
        picture, words = figure(spec, ctx["lang"])
        caption = spec.get("caption") if isinstance(spec.get("caption"), str) else ""
        return (
            f'<div class="kikoto-figure">{picture}</div>'
            + (f'<p class="kikoto-caption">{esc(caption)}</p>' if caption else "")
            + f'<details class="info kikoto-figure-words"><summary>{esc(UI.text("fig-in-words", ctx["lang"]))}</summary>'
            f"{words}</details>"
        )

    return form, output


# -- each text in its language: the one place that turns the catalogs' language tags
# (engine/core/messages.py `tagged`) into `lang` attributes, for a page and for a live answer --
_TOKENS = re.compile(
    r"<!--.*?-->|<(script|style)\b[^>]*>.*?</\1\s*>|</?[A-Za-z][^\s/>]*(?:\"[^\"]*\"|'[^']*'|[^'\">])*>", re.S | re.I
)
_ATTR = re.compile(r"""([^\s=/>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?""")
_LANG_ATTR = re.compile(r"""\slang\s*=\s*["']?([\w-]+)""")
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
_TEXT_ONLY = {"title", "option", "textarea"}
_TEXT_ATTRS = {"title", "aria-label", "alt", "placeholder"}
_BLOCK_END = re.compile(r"</(p|li|td|th|h[1-6]|div|text|dd|dt|summary|button|label)\s*>", re.I)


def _segments(text: str, outer: list) -> list[tuple[str | None, str]]:
    """(language or None, text) runs; `outer`: the languages still open from the text before."""
    out, i, n = [], 0, len(text)
    while i < n:
        j = min((k for k in (text.find(TAG_OPEN, i), text.find(TAG_CANCEL, i)) if k >= 0), default=n)
        if j > i:
            out.append((outer[-1] if outer else None, text[i:j]))
        if j >= n:
            break
        if text[j] == TAG_CANCEL:
            if outer:
                outer.pop()
            i = j + 1
            continue
        k = j + 1
        while k < n and 0xE0020 <= ord(text[k]) <= 0xE007E:
            k += 1
        outer.append("".join(chr(ord(c) - 0xE0000) for c in text[j + 1 : k]) or None)
        i = k
    return out


def _whole(value: str, name: bool = False) -> str | None:
    """The one language of a value's words, else None (`name`: one untagged word besides, a <title>'s site name)."""
    runs = [(lang, t) for lang, t in _segments(value, []) if lang or re.search(r"[^\W\d_]{3}", t)]
    if name:
        runs = [(lang, t) for lang, t in runs if lang or not re.fullmatch(r"[\W_]*[^\W\d_]+[\W_]*", t)]
    langs = {lang for lang, _ in runs}
    return langs.pop() if runs and len(langs) == 1 and None not in langs else None


def lang_spans(html: str, lang: str) -> str:
    """`html` (a page, or a fragment in `lang`) with each tagged text marked: a <span lang> (SVG: <tspan>);
    an element whose tooltip is wholly one language, or a <title>/<option>/<textarea>, takes its `lang`."""
    if TAG_OPEN not in html:
        return html
    out: list[str] = []
    frames: list[list] = []  # [tag, DOM language, untagged text's language, depth]
    carry: list = []
    svg = 0
    last_open: tuple[int, str] | None = None
    pos = 0

    def dom() -> str:
        return frames[-1][1] if frames else lang

    def text_lang() -> str:
        return frames[-1][2] if frames else lang

    def text(chunk: str) -> None:
        if not chunk:
            return
        if TAG_OPEN not in chunk and TAG_CANCEL not in chunk and not carry:
            out.append(chunk)
            return
        if last_open is not None and last_open[1] in _TEXT_ONLY and out and len(out) - 1 == last_open[0]:
            whole = _whole(chunk, name=last_open[1] == "title")
            if whole and whole != dom() and " lang=" not in out[-1]:
                out[-1] = out[-1][:-1].rstrip("/") + f' lang="{whole}">'
            out.append(untagged(chunk))
            return
        tag = "tspan" if svg else "span"
        for seg_lang, seg in _segments(chunk, carry):
            seg_lang = seg_lang or text_lang()
            if seg_lang == dom() or not seg.strip():
                out.append(seg)
            else:
                out.append(f'<{tag} lang="{seg_lang}">{seg}</{tag}>')

    for m in _TOKENS.finditer(html):
        text(html[pos : m.start()])
        pos = m.end()
        token = m.group(0)
        if token.startswith("<!--") or m.group(1):
            out.append(untagged(token))
            continue
        name = re.match(r"</?([A-Za-z][^\s/>]*)", token).group(1).lower()
        if token.startswith("</"):
            if name == "svg":
                svg = max(0, svg - 1)
            if frames and frames[-1][0] == name:
                frames[-1][3] -= 1
                if frames[-1][3] == 0:
                    frames.pop()
            if _BLOCK_END.match(token):
                carry.clear()
            out.append(token)
            last_open = None
            continue
        closed = token.endswith("/>") or name in _VOID
        if name == "svg" and not closed:
            svg += 1
        own = _LANG_ATTR.search(token)
        added = None
        if TAG_OPEN in token:
            found = [
                _whole(v.strip("\"'"))
                for k, v in _ATTR.findall(token[len(name) + 1 :])
                if k.lower() in _TEXT_ATTRS and re.search(r"[^\W\d_]", untagged(v))
            ]
            token = untagged(token)
            if not own and found and None not in found and len(set(found)) == 1 and found[0] != dom():
                added, cut = found[0], -2 if token.endswith("/>") else -1
                token = f'{token[:cut].rstrip()} lang="{added}"{token[cut:]}'
        out.append(token)
        last_open = (len(out) - 1, name)
        if closed:
            continue
        if own:
            frames.append([name, own.group(1), own.group(1), 1])
        elif added:
            frames.append([name, added, text_lang(), 1])
        elif frames and frames[-1][0] == name:
            frames[-1][3] += 1
    text(html[pos:])
    return "".join(out)
