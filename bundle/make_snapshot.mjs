// Make the runtime's memory snapshot the table restores on a return visit, under Node, in
// the same Pyodide the page runs:
//
//   node bundle/make_snapshot.mjs APP_ZIP STDLIB_ZIP OUT
//
// Pyodide starts with the build's standard library (STDLIB_ZIP, the one the page mounts,
// so that its zip index in the snapshot matches), the app (APP_ZIP) is written where
// PyScript writes it (/home/pyodide/app.zip, the same bytes, so that zipimport's index of
// it in the snapshot matches too) and put first on sys.path as web/boot.js puts it, and the
// app's modules are imported as main.py imports them: dataclass_cache first, then web.app
// and everything it imports. None of them
// touches the browser at import, so nothing of Node's JavaScript is held in the snapshot.
// Pyodide's memory is then written, gzip-compressed (it is half empty pages), to OUT.
//
// The page restores it in pyodide/interpreter.mjs; Pyodide refuses a snapshot of another
// runtime build by itself, and the file's name carries a hash of its inputs (the build).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = resolve(root, "node_modules", "pyodide");

const PREPARE = `
import sys
if "/home/pyodide/app.zip" not in sys.path:
    sys.path.insert(0, "/home/pyodide/app.zip")
from web import dataclass_cache
dataclass_cache.install()
import web.app
`;

async function main() {
  const [appZip, stdlibZip, out] = process.argv.slice(2);
  if (!out) throw new Error("usage: node bundle/make_snapshot.mjs APP_ZIP STDLIB_ZIP OUT");
  // The runtime takes its program name (sys.executable, $_) from Node's argv: give it the
  // browser's, so that no path of the build machine is written into the snapshot.
  process.argv[1] = "./this.program";
  const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
  const runtime = await loadPyodide({
    indexURL: pyodideDir + "/",
    stdLibURL: resolve(stdlibZip),
    _makeSnapshot: true,
    stdout: () => {},
  });
  runtime.FS.writeFile("/home/pyodide/app.zip", new Uint8Array(readFileSync(appZip)));
  runtime.runPython(PREPARE);
  const snapshot = runtime.makeMemorySnapshot();
  writeFileSync(out, gzipSync(snapshot, { level: 9 }));
  console.log(`${snapshot.length} bytes of memory`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error && error.stack ? error.stack : String(error));
    process.exit(1);
  },
);
