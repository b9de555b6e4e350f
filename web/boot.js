// Boot of the dominoes table, run as a module once the page is parsed.
//
// Storage is an extra, never a condition of booting. PyScript opens IndexedDB stores
// before it starts Pyodide (its `@pyscript.fs` store when core.js is evaluated, and a
// package cache named after the Pyodide version before the interpreter boots) and waits
// for them; no PyScript setting skips them. Where the browser refuses IndexedDB (a
// cross-site frame with third-party storage blocked, some private windows), those opens
// fail and PyScript never becomes ready. So this module asks IndexedDB first and, when it
// is refused, puts an in-memory IndexedDB (the fake-indexeddb library) in its place before
// PyScript loads. The app itself learns it through `dominoesBoot.storage`.
//
// The watchdog in index.html's first script reports any failure on the loading screen.

import "./paint.js"; // draws what the Python app records, onto the table's canvas
import "./theme.js"; // light or dark colours, as the system or the player chose

const boot = window.dominoesBoot;

/** Resolves to true when this page may open an IndexedDB database. */
function indexedDBWorks() {
  return new Promise((resolve) => {
    let request;
    try {
      request = window.indexedDB.open("dominoes-storage-probe");
    } catch {
      resolve(false); // SecurityError: an opaque origin, or storage disabled outright
      return;
    }
    request.onsuccess = () => {
      request.result.close();
      resolve(true);
    };
    request.onerror = (event) => {
      event.preventDefault(); // handled: not an uncaught error in the console
      resolve(false);
    };
    request.onblocked = () => resolve(true);
  });
}

/** Replace the page's IndexedDB with an in-memory one (kept for this page's life only). */
async function useMemoryIndexedDB() {
  const memory = await import("./vendor/fake-indexeddb/index.js");
  for (const name of ["indexedDB", "IDBKeyRange", "IDBCursor", "IDBCursorWithValue", "IDBDatabase",
    "IDBFactory", "IDBIndex", "IDBObjectStore", "IDBOpenDBRequest", "IDBRequest", "IDBTransaction",
    "IDBVersionChangeEvent"]) {
    Object.defineProperty(window, name, { value: memory[name], configurable: true, writable: true });
  }
}

/** Register the service worker (offline play) once the table is ready, where allowed. */
function registerServiceWorkerWhenReady() {
  const register = () => {
    try {
      // Where storage is blocked the browser refuses service workers too: do not ask.
      if (!boot.storage.serviceWorker || (!boot.storage.localStorage && !boot.storage.indexedDB)) return;
      // (Chromium answers undefined, not an error, where a frame's storage is blocked.)
      navigator.serviceWorker.register("./sw.js").then(
        (registration) => registration && offerUpdates(registration),
        (error) => console.warn("Service worker not registered; offline play is unavailable.", error),
      );
      keepStorage();
    } catch (error) {
      console.warn("Service worker not available here; offline play is unavailable.", error);
    }
  };
  // Registered after the boot, so its precaching does not compete with it (and a failed
  // boot is not cached).
  boot.whenReady(register);
}

/**
 * Ask the browser to keep this site's storage (saved games, settings, the offline copy)
 * when space runs low, instead of evicting it. The answer lands in `dominoesBoot.persisted`.
 */
function keepStorage() {
  if (!navigator.storage || !navigator.storage.persist) return;
  navigator.storage.persist().then(
    (granted) => { boot.persisted = granted; },
    () => { boot.persisted = false; },
  );
}

/** Whether the table is at rest: the person is to move or the hand is over, nothing thinking. */
function atRest() {
  const { phase, thinking } = document.body.dataset;
  return phase !== "bot" && thinking !== "true";
}

/**
 * Tell the player when a new build is installed and waiting (see sw.js), and switch to it
 * when they accept: at once if the table is at rest, else as soon as the computer's move
 * under way is made. Every move is saved as it is made, so the reload that follows puts
 * the same game back. Not accepted, the new build starts on the next visit.
 */
function offerUpdates(registration) {
  const banner = document.getElementById("update");
  let waiting = null;
  let accepted = false;
  let reloading = false;
  const offer = (worker) => {
    waiting = worker;
    boot.update = "ready";
    banner.hidden = false;
  };
  const activate = () => {
    if (!accepted || !waiting || !atRest()) return;
    rest.disconnect();
    boot.update = "activating";
    // The worker waiting now: a newer install may have replaced the one offered. It takes
    // over once the old worker is stopped, which the browser does as soon as it is idle.
    (registration.waiting || waiting).postMessage("activate-update");
  };
  const rest = new MutationObserver(activate);
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      // "installed" with a worker already in charge: an update, not the first install.
      if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
    });
  });
  let controller = navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const previous = controller;
    controller = navigator.serviceWorker.controller;
    if (!previous) return; // the first install taking this page over: nothing changed
    // A new build took over (accepted here or in another tab): load it once at rest.
    boot.update = "activating";
    banner.hidden = true;
    const reload = () => {
      if (reloading || !atRest()) return;
      reloading = true;
      settled.disconnect();
      window.location.reload();
    };
    const settled = new MutationObserver(reload);
    settled.observe(document.body, { attributes: true, attributeFilter: ["data-phase", "data-thinking"] });
    reload();
  });
  document.getElementById("update-now").addEventListener("click", () => {
    accepted = true;
    banner.hidden = true;
    rest.observe(document.body, { attributes: true, attributeFilter: ["data-phase", "data-thinking"] });
    activate();
  });
  document.getElementById("update-later").addEventListener("click", () => {
    banner.hidden = true;
  });
  // A table left open for days still hears of new versions: look when it is shown again.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
  boot.checkForUpdate = () => registration.update();
}

/**
 * Resolves once the browser has painted what is on the page now. A frame out of view (a
 * table further down a rules page) gets no animation frames until it is scrolled to, so
 * a timer goes on without the paint rather than wait for it.
 */
boot.afterPaint = () =>
  new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 50);
  });

/** The app's Python is imported from app.zip as PyScript writes it (zipimport reads a module
 * only when it is first imported; unpacking all of it cost a tenth of a warm boot): put the
 * zip first on the module path once it is written, before PyScript imports its own package,
 * which the zip holds compiled. (A restored snapshot has it on the path already, but Pyodide
 * puts the working directory, where PyScript writes its package as source, before it.) */
const APP_ON_PATH = `import sys
if sys.path[0] != "/home/pyodide/app.zip":
    if "/home/pyodide/app.zip" in sys.path:
        sys.path.remove("/home/pyodide/app.zip")
    sys.path.insert(0, "/home/pyodide/app.zip")`;

async function start() {
  if (boot.stopped) return; // the first script found the page cannot run here
  boot.storage.indexedDB = await indexedDBWorks();
  if (!boot.storage.indexedDB) await useMemoryIndexedDB();
  let core;
  try {
    // The table's sounds (Web Audio): small, and never a reason not to boot.
    import("./sound.js").catch((error) => console.warn("No sounds: sound.js did not load.", error));
    core = await import("./pyscript/core.js");
  } catch (error) {
    boot.fail("files", `Could not load ./pyscript/core.js: ${error}`);
    return;
  }
  // PyScript is up: Pyodide and the app's files are loading now.
  boot.phase("python");
  // The interpreter is ready and main.py is about to run: let the text paint first,
  // because main.py then holds the main thread while it sets up the table.
  core.hooks.main.onReady.add(async (wrap) => {
    wrap.interpreter.runPython(APP_ON_PATH);
    boot.phase("table");
    await boot.afterPaint();
  });
  registerServiceWorkerWhenReady();
}

start().catch((error) => boot.fail("start", error && error.stack ? error.stack : error));
