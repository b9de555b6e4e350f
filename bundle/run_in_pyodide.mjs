// Run Python from stdin inside the real Pyodide runtime from node_modules.
//
//   node bundle/run_in_pyodide.mjs [APP_ZIP] [--stdlib ZIP] [--mount HOST_DIR:/guest] ... < script.py
//
// APP_ZIP (default: dist/app.zip; "-" for none) is unpacked into /app, which goes first on
// sys.path, so `import engine` finds the project's packages. --stdlib boots Pyodide with
// another standard library zip (the build's compiled and trimmed one) instead of the
// stock python_stdlib.zip. Each --mount makes a host folder readable and writable at a
// path inside Pyodide (the build writes its compiled zips through one).
//
// What the script prints goes to stdout; an uncaught Python error prints its traceback
// to stderr and exits with 1. Never calls loadPackage: the npm package has no other
// packages, and Pyodide would silently try a CDN for them.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = resolve(root, "node_modules", "pyodide");

function parseArgs(argv) {
  const options = { appZip: resolve(root, "dist", "app.zip"), stdlib: null, mounts: [] };
  let positional = 0;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--stdlib") options.stdlib = resolve(argv[++i]);
    else if (argv[i] === "--mount") {
      const [host, guest] = argv[++i].split(/:(?=\/)/);
      options.mounts.push({ host: resolve(host), guest });
    } else if (positional++ === 0) options.appZip = argv[i] === "-" ? null : resolve(argv[i]);
    else throw new Error(`unexpected argument ${argv[i]}`);
  }
  return options;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const code = readFileSync(0, "utf8");
  const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
  const config = { indexURL: pyodideDir + "/" };
  if (options.stdlib) config.stdLibURL = options.stdlib;
  const pyodide = await loadPyodide(config);
  pyodide.setStdout({ write: (bytes) => { process.stdout.write(bytes); return bytes.length; } });
  pyodide.setStderr({ write: (bytes) => { process.stderr.write(bytes); return bytes.length; } });
  for (const { host, guest } of options.mounts) {
    pyodide.FS.mkdirTree(guest);
    pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: host }, guest);
  }
  if (options.appZip) {
    // unpackArchive rejects a Node Buffer: it needs a plain Uint8Array.
    pyodide.unpackArchive(new Uint8Array(readFileSync(options.appZip)), "zip", { extractDir: "/app" });
    pyodide.runPython("import sys; sys.path.insert(0, '/app')");
  }
  await pyodide.runPythonAsync(code, { filename: "<stdin>" });
}

main().then(
  () => { process.exitCode = 0; },
  (error) => {
    process.stderr.write(`${error?.message ?? error}\n`);
    process.exitCode = 1;
  },
);
