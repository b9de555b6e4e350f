// Run Python from stdin inside the real Pyodide runtime from node_modules.
//
//   node tests/pyodide/run_in_pyodide.mjs [APP_ZIP] < script.py
//
// APP_ZIP (default: dist/app.zip) is unpacked into /app, which goes first on sys.path,
// so `import engine` finds the project's packages. What the script prints goes to
// stdout; an uncaught Python error prints its traceback to stderr and exits with 1.
// Never calls loadPackage: the npm package has no other packages, and Pyodide would
// silently try a CDN for them.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const pyodideDir = resolve(root, "node_modules", "pyodide");
const appZip = resolve(process.argv[2] ?? resolve(root, "dist", "app.zip"));

async function main() {
  const code = readFileSync(0, "utf8");
  const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
  pyodide.setStdout({ write: (bytes) => { process.stdout.write(bytes); return bytes.length; } });
  pyodide.setStderr({ write: (bytes) => { process.stderr.write(bytes); return bytes.length; } });
  // unpackArchive rejects a Node Buffer: it needs a plain Uint8Array.
  pyodide.unpackArchive(new Uint8Array(readFileSync(appZip)), "zip", { extractDir: "/app" });
  pyodide.runPython("import sys; sys.path.insert(0, '/app')");
  await pyodide.runPythonAsync(code, { filename: "<stdin>" });
}

main().then(
  () => { process.exitCode = 0; },
  (error) => {
    process.stderr.write(`${error?.message ?? error}\n`);
    process.exitCode = 1;
  },
);
