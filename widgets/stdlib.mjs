// The browser's trimmed standard library: Pyodide's python_stdlib.zip (2.5 MB, ~560 modules as
// source) cut to the modules the live engine imports, each compiled to bytecode by the same
// CPython 3.14 that runs it (so the browser neither downloads the rest nor compiles any: compiling
// these 132 modules took 2.4 s in Pyodide under Node), without docstrings or line tables (0.8 MB).
// Which modules: everything imported once Python has started, the engine wheel is unpacked and
// every engine and renderer module is imported (as widgets/snapshot.mjs does), plus the names in
// widgets/stdlib-extra.txt (imports made only inside functions). tests/pyodide runs the engine's
// whole test suite on this zip, refusing any other standard module to the engine.
//   node widgets/stdlib.mjs <pyodide dir/> <engine.whl> <extra.txt> <out.zip>
import fs from "node:fs";
import path from "node:path";

const [pyodideDir, wheel, extra, out] = process.argv.slice(2);
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: site });
pyodide.globals.set("extra", fs.readFileSync(extra, "utf8"));
const zip = pyodide.runPython(`
import importlib, os, sys
import engine, widgets.live, widgets.render
# every engine and renderer module (found by walking the files, so no tool's own imports count)
for package in (engine, widgets.render):
    top = package.__path__[0]
    for _ in package.__name__.split("."):
        top = os.path.dirname(top)
    for folder, dirs, files in os.walk(package.__path__[0]):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            if name.endswith(".py") and name != "__main__.py":
                module = os.path.relpath(os.path.join(folder, name), top)[:-3].replace(os.sep, ".")
                importlib.import_module(module.removesuffix(".__init__"))
for line in extra.splitlines():
    if line.split("#")[0].strip():
        importlib.import_module(line.split("#")[0].strip())
stdlib = next(p for p in sys.path if p.endswith(".zip"))
keep = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(stdlib + "/"):
        keep.add(origin[len(stdlib) + 1:])

import importlib.util, io, marshal, zipfile
src = zipfile.ZipFile(stdlib)
def lean(code):
    """Docstrings gone (optimize=2) and every line-table entry "no location" (a third of the bytes):
    a traceback through the standard library says "line None" there; the engine's lines stay."""
    n = len(code.co_code) // 2
    table = bytes([0xF8 | 7]) * (n // 8) + (bytes([0xF8 | (n % 8 - 1)]) if n % 8 else b"")
    consts = tuple(lean(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    return code.replace(co_linetable=table, co_consts=consts)


out = io.BytesIO()
# Deflated: hosts do not gzip a .zip (application/zip) as they gzip text and wasm.
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for name in sorted(keep):
        code = lean(compile(src.read(name), f"{stdlib}/{name}", "exec", dont_inherit=True, optimize=2))
        dst.writestr(zipfile.ZipInfo(name[:-3] + ".pyc", (1980, 1, 1, 0, 0, 0)),
                     bytes(importlib.util.MAGIC_NUMBER) + bytes(12) + marshal.dumps(code), zipfile.ZIP_DEFLATED, 9)
out.getvalue()
`);
fs.writeFileSync(out, zip.toJs());
console.log(`${pyodide.runPython("len(keep)")} modules`);
