"""The site side of Kikötő.

- `widgets.render`: pure-Python HTML/SVG renderers. They run at build time (in the
  MkDocs plugin, on CPython) and in the browser (in the worker, on Pyodide), so the
  static answer and the live answer come from the same code.
- `widgets.live`: the worker's single entry point, JSON in and JSON out.
- `widgets.plugin`: the MkDocs plugin, wiring the build steps of `widgets.build` (build time
  only; neither is in the wheel).
- `widgets/assets`: the browser loader, the module worker and the CSS.
"""
