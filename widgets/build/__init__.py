"""The build steps of the MkDocs plugin (widgets/plugin.py), one module per job.

- `pages`: the page expanders (cases, coverage table, "checked by" lines, rule anchors);
- `fences`: a `kikoto` fence -> a pre-rendered HTML island;
- `notices`: the translation status page, the glossary and the notices on translated rules pages;
- `theme`: the theme's script held back until the reader's first move;
- `csp`: the Content Security Policy;
- `search`: one search index per language, and the lunr stemmer patch;
- `runtime`: the browser runtime next to the pages (Pyodide, the engine wheel, the trimmed
  stdlib, the engine snapshot, build.json);
- `offline`: the service worker and the web app manifests;
- `packed`: the runtime's large files packed with zstd;
- `kept`: build products kept in .cache by content.

Build time only: not in the wheel.
"""
