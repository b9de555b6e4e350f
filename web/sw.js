// Service worker of the dominoes table: precaches the whole bundle, serves cache-first,
// so a second visit plays with no network. build.py fills in the two placeholders:
// the cache name carries a hash of the build, so each build has a cache of its own.
//
// A new build's worker installs in the background and then waits: it takes over only when
// the player accepts the update (the page posts "activate-update" at a moment when no move
// is under way, see boot.js) or once no tab runs the old build. So a page never mixes two
// builds' files, and the old cache is dropped only when the new worker takes over.
const CACHE = "dominoes-__BUILD_HASH__";
const PRECACHE = [/* __PRECACHE__ */];

self.addEventListener("install", (event) => {
  // "no-cache" revalidates with the server instead of downloading again: a file the page
  // has just loaded comes back as a 304 and is copied from the browser's HTTP cache.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "no-cache" })))),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "activate-update") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("dominoes-") && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** Whether a navigation is to the table's own page (its folder or index.html, any query). */
function isTablePage(url) {
  const scope = new URL(self.registration.scope).pathname;
  return url.pathname === scope || url.pathname === `${scope}index.html`;
}

/** What a page outside the table says when the network cannot say it: it does not exist here. */
function notFound() {
  const html =
    "<!doctype html><html lang='en'><head><meta charset='utf-8'>" +
    "<meta name='viewport' content='width=device-width, initial-scale=1'><title>Page not found</title>" +
    "<link rel='icon' href='data:,'>" +
    "<style>body{font:1.1rem/1.5 system-ui,sans-serif;margin:2rem;color:#1d1a16;background:#f4f1e8}" +
    "a{color:#1f5c3a;font-weight:600}</style></head><body><h1>This page does not exist</h1>" +
    "<p>There is nothing at this address. Check it for a typing mistake, or " +
    `<a href="${self.registration.scope}">open the dominoes table</a>.</p></body></html>`;
  return new Response(html, { status: 404, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && !isTablePage(url)) {
    // Another address on the table's site: the server says what is there; offline, a page
    // that is not the table's does not exist here (booting the table there would fail).
    event.respondWith(fetch(request).catch(() => notFound()));
    return;
  }
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached =
        (await cache.match(request, { ignoreSearch: true })) ||
        (request.mode === "navigate" ? await cache.match("./index.html") : undefined);
      return cached || fetch(request);
    }),
  );
});
