// The interpreter module PyScript loads (pyscript.json's "interpreter"): Pyodide from this
// folder, restored from the build's memory snapshot on a return visit.
//
// The snapshot (made at build time by bundle/make_snapshot.mjs) is Pyodide's memory with the
// app's modules already imported: restoring it skips starting Python and importing the app,
// most of a warm boot. It is used only once the service worker has cached it (a return
// visit: it is never downloaded during a boot). The worker caches it gzip-compressed, as
// shipped; the first visit that restores it decompresses it and, once the table is ready,
// puts the memory back in the cache as it is, so that later visits skip the decompression
// (a third of a warm boot's time on a tablet). Any failure to restore (a damaged file,
// another runtime, a browser that refuses it) boots the usual way at once, and the snapshot
// is dropped from this browser's caches. `dominoesBoot.snapshot` says which way the boot
// went: "restored", "none" or "refused"; `dominoesBoot.snapshotKept` is "compressed" or
// "expanded", how it was found. The runtime's start, the snapshot read (or found missing) and
// the runtime ready are marked for `python build.py bench boot`.
import * as pyodide from "./pyodide.mjs";

/** Pyodide's version (PyScript keys its package cache by it). */
export const version = pyodide.version;

/** The build's snapshot (build.py writes its name: a hash of its bytes, so one build's page
 * never restores another's). */
const SNAPSHOT = new URL("./__SNAPSHOT_FILE__", import.meta.url).href;

/** The snapshot as the service worker's cache holds it: `{ bytes, compressed }` (the
 * memory itself, decompressed if the cache holds it gzip-compressed), or null when no cache
 * holds it (a first visit) or it cannot be decompressed here. */
async function cachedSnapshot() {
  if (typeof caches === "undefined") return null;
  const response = await caches.match(SNAPSHOT);
  if (!response) return null;
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return { bytes, compressed: false }; // (gzip's magic)
  if (typeof DecompressionStream !== "function") return null;
  const memory = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return { bytes: new Uint8Array(await new Response(memory).arrayBuffer()), compressed: true };
}

/** Once the table is ready, replace the compressed snapshot in the cache that holds it with
 * the restored memory `bytes`, so the next visits need not decompress it. Quietly does
 * nothing if the boot fails, the cache is gone, or the storage is full. */
function keepExpanded(bytes) {
  const store = async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      if (!(await cache.match(SNAPSHOT))) continue;
      const headers = { "Content-Type": "application/octet-stream", "Content-Length": String(bytes.length) };
      await cache.put(SNAPSHOT, new Response(bytes, { headers }));
    }
  };
  globalThis.dominoesBoot?.whenReady?.(() => store().catch(() => {}));
}

/** Remove the snapshot from every cache of this site's (it will not be tried again). */
async function dropSnapshot() {
  for (const name of await caches.keys()) await (await caches.open(name)).delete(SNAPSHOT);
}

/** Start Pyodide as PyScript asks (`options`: its output streams and `indexURL`). */
export async function loadPyodide(options) {
  const boot = globalThis.dominoesBoot || {};
  performance.mark("dominoes:runtime-start");
  let snapshot = null;
  try {
    snapshot = await cachedSnapshot();
  } catch {
    snapshot = null; // storage refused here (a frame), or an unreadable entry: boot as usual
  }
  boot.snapshot = "none";
  performance.mark("dominoes:snapshot-read");
  if (snapshot) {
    boot.snapshotKept = snapshot.compressed ? "compressed" : "expanded";
    try {
      const runtime = await pyodide.loadPyodide({ ...options, _loadSnapshot: snapshot.bytes });
      // The snapshot holds one random state for every device: start from the device's own.
      runtime.runPython("import random\nrandom.seed()");
      boot.snapshot = "restored";
      if (snapshot.compressed) keepExpanded(snapshot.bytes);
      performance.mark("dominoes:runtime-ready");
      return runtime;
    } catch (error) {
      boot.snapshot = "refused";
      console.warn("The saved start of the table could not be used; starting it afresh.", error);
      dropSnapshot().catch(() => {});
    }
  }
  const runtime = await pyodide.loadPyodide(options);
  performance.mark("dominoes:runtime-ready");
  return runtime;
}
