"""The site offline and installable: the service worker (sw.js) and a web app manifest per language."""

from __future__ import annotations

import contextlib
import json
import os

from .runtime import ASSET_DIR, RUNTIME_FILES, WIDGETS


def manifest_links(home: str, assets: str) -> str:
    """The <head> links to the language's manifest and the touch icon (links relative to the page)."""
    return (
        f'<link rel="manifest" href="{home.rstrip("/") or "."}/manifest.webmanifest">'
        f'<link rel="apple-touch-icon" href="{assets.rstrip("/")}/icon-192.png">'
    )


def write_manifests(site_dir: str, name: str, apps: dict, default: str) -> None:
    """A web app manifest per language (its home page is the app's start): installable on a phone's
    home screen, one scope (the site root) for both languages, as the service worker's."""
    icons = [{"src": f"assets/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"} for size in (192, 512)]
    icons.append({"src": "assets/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"})
    icons.append({"src": "assets/icon.svg", "sizes": "any", "type": "image/svg+xml"})
    for lang, description in apps.items():
        up = "" if lang == default else "../"
        manifest = {
            "name": name,
            "short_name": name,
            "description": description,
            "lang": lang,
            "id": f"/?lang={lang}",
            "start_url": "./",
            "scope": up or "./",
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": "#4051b5",
            "icons": [{**icon, "src": up + icon["src"]} for icon in icons],
        }
        folder = os.path.join(site_dir, *([] if lang == default else [lang]))
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "manifest.webmanifest"), "w", encoding="utf-8") as f:
            json.dump(manifest, f, ensure_ascii=False, indent=1)


def write_service_worker(site_dir: str, build: dict, pages: list[str], langs: list[str], default: str) -> None:
    """sw.js at the site root (its scope covers both languages), from widgets/sw.js with the
    versions filled in: the Pyodide runtime by its npm version, the engine wheel and snapshot by
    their content hashes. A new build with a new wheel or Pyodide changes sw.js, so browsers install it and
    drop the old caches."""
    with open(os.path.join(WIDGETS, "sw.js"), encoding="utf-8") as f:
        text = f.read()
    runtime = [f"{ASSET_DIR}/pyodide/{name}" for name in RUNTIME_FILES]
    engine = [f"{ASSET_DIR}/{build['wheel']}.zst?v={build['hash']}", f"{ASSET_DIR}/{build['stdlib']}.zst"]
    values = {
        "__PYODIDE__": build["pyodide"],
        "__ENGINE_CACHE__": build["engine_cache"],
        "__SNAPSHOT__": json.dumps(f"{ASSET_DIR}/{build['snapshot']}" if "snapshot" in build else ""),
        "__RUNTIME__": json.dumps(runtime),
        "__ENGINE_FILES__": json.dumps(engine),
        "__ASSETS__": json.dumps(
            [f"{ASSET_DIR}/{name}" for name in ("build.json", "worker.mjs", "fzstd.mjs", "unzip.mjs", "protocol.mjs")]
        ),
        "__PAGES__": json.dumps([p or "./" for p in pages] + site_files(site_dir, langs, default)),
    }
    for key, value in values.items():
        text = text.replace(key, value)
    with open(os.path.join(site_dir, "sw.js"), "w", encoding="utf-8") as f:
        f.write(text)


def site_files(site_dir: str, langs: list[str], default: str) -> list[str]:
    """What pages use besides their own HTML, for the service worker to keep with every page: the
    theme's styles and scripts, the search (each language's index, written after this, and lunr for
    those languages), the icons and images, the manifests, and the page script with its styles. Not
    the runtime (kept once an engine has started), source maps, nor the cases' and examples' JSON
    (downloads)."""
    lunr = {"lunr.stemmer.support.min.js", "lunr.multi.min.js"} | {f"lunr.{lang}.min.js" for lang in langs}
    found = [("" if lang == default else f"{lang}/") + "search/search_index.json" for lang in langs]
    for folder, dirs, files in os.walk(site_dir):
        rel = os.path.relpath(folder, site_dir).replace(os.sep, "/")
        for name in files:
            path = name if rel == "." else f"{rel}/{name}"
            if name.endswith(".map"):
                continue
            if path.startswith(f"{ASSET_DIR}/"):
                keep = path in (f"{ASSET_DIR}/kikoto.js", f"{ASSET_DIR}/kikoto.css")
            elif path.startswith("assets/javascripts/lunr/"):
                keep = name in lunr
            else:
                keep = path.startswith("assets/") or name == "manifest.webmanifest"
            if keep:
                found.append(path)
    return sorted(found)


def remove_sitemap(site_dir: str) -> None:
    """A sitemap needs absolute URLs: without `site_url` MkDocs writes "None./" into every <loc>, so
    the sitemap is dropped. Set site_url in mkdocs.yml where the site is deployed to get one."""
    for name in ("sitemap.xml", "sitemap.xml.gz"):
        with contextlib.suppress(FileNotFoundError):
            os.remove(os.path.join(site_dir, name))
