// The interpreter module PyScript loads (pyscript.json's "interpreter"): Pyodide from this
// folder, with the start and the end of its start marked for the boot benchmark
// (`python build.py bench boot` prints how long each part of a boot takes).
import * as pyodide from "./pyodide.mjs";

/** Pyodide's version (PyScript keys its package cache by it). */
export const version = pyodide.version;

/** Start Pyodide as PyScript asks (`options`: its output streams and `indexURL`). */
export async function loadPyodide(options) {
  performance.mark("dominoes:runtime-start");
  const runtime = await pyodide.loadPyodide(options);
  performance.mark("dominoes:runtime-ready");
  return runtime;
}
