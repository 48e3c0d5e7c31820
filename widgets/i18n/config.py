"""Where the translation tools find things (the docs, the rules pages), and the site's languages
and what the tools do with each: one place, mkdocs.yml.

A language is one entry of the i18n plugin (`- {locale: de, name: Deutsch, build: true}`);
the kikoto plugin's `translations:` block says how far the tools trust it:

    - kikoto:
        translations:
          complete: [en]     # `status --check` fails on these languages' missing texts only
          switcher: 90       # a language is listed in the language switcher from 90% translated (PEP 545)
          fallback: en       # a text missing in another language shows in English (then Hungarian)

Nothing here raises for a language the catalogs or the pages do not know yet: a new language
builds at 0%, every missing text falls back, and it joins the switcher once it passes the
threshold.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from engine.core.registry import Rule, parse_rules, rules_path

SOURCE_LANG = "hu"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _yaml_load(path: str) -> dict:
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    # mkdocs.yml may use tags such as !!python/name or !ENV: they don't matter here.
    Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    with open(path, encoding="utf-8") as f:
        return yaml.load(f, Loader=Loader) or {}


def default_mkdocs() -> str:
    return os.environ.get("KIKOTO_MKDOCS") or os.path.join(ROOT, "mkdocs.yml")


def default_docs() -> str:
    return os.environ.get("KIKOTO_DOCS") or os.path.join(ROOT, "docs")


def games(docs: str) -> list[str]:
    """Every game folder: one with a Hungarian rules page (a new game needs no registration)."""
    return sorted(name for name in os.listdir(docs) if os.path.isfile(os.path.join(docs, name, f"rules.{SOURCE_LANG}.md")))


def load_page(game: str, lang: str, docs: str) -> dict[str, Rule] | None:
    path = rules_path(game, lang, docs)
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return parse_rules(f.read(), path)


@dataclass
class Languages:
    source: str = SOURCE_LANG
    built: list[str] = field(default_factory=lambda: [SOURCE_LANG])  # the source first
    names: dict[str, str] = field(default_factory=dict)  # locale -> its own name
    complete: list[str] = field(default_factory=list)
    switcher: float = 90.0
    fallback: str | None = "en"

    @property
    def targets(self) -> list[str]:
        return [lang for lang in self.built if lang != self.source]

    def chain(self, lang: str) -> list[str]:
        """Where a text missing in `lang` is looked for next: the configured fallback, then the source."""
        out = [lang]
        for other in (self.fallback, self.source):
            if other and other not in out:
                out.append(other)
        return out

    def is_complete(self, lang: str) -> bool:
        return lang == self.source or lang in self.complete


def plugin_block(config: dict, name: str) -> dict | None:
    for plugin in config.get("plugins") or []:
        if isinstance(plugin, dict) and name in plugin:
            return plugin[name] or {}
        if plugin == name:
            return {}
    return None


_LOADED: dict = {}


def load(mkdocs_yml: str | None = None) -> Languages:
    """The languages of mkdocs.yml (read again only when the file changed)."""
    path = mkdocs_yml or default_mkdocs()
    key = (path, os.path.getmtime(path))
    if key not in _LOADED:
        _LOADED[key] = _load(path)
    return _LOADED[key]


def _load(mkdocs_yml: str) -> Languages:
    config = _yaml_load(mkdocs_yml)
    out = Languages()
    i18n = plugin_block(config, "i18n")
    if i18n is not None:
        langs = [item for item in (i18n.get("languages") or []) if isinstance(item, dict)]
        ordered = sorted(langs, key=lambda item: not item.get("default"))
        out.built = [item["locale"] for item in ordered if item.get("build", True)] or [SOURCE_LANG]
        out.names = {item["locale"]: item.get("name") or item["locale"] for item in langs}
        out.source = out.built[0]
    tr = (plugin_block(config, "kikoto") or {}).get("translations") or {}
    out.complete = [str(lang) for lang in tr.get("complete") or []]
    out.switcher = float(tr.get("switcher", out.switcher))
    out.fallback = tr.get("fallback", out.fallback)
    return out
