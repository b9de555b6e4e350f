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

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached =
        (await cache.match(request, { ignoreSearch: true })) ||
        (request.mode === "navigate" ? await cache.match("./index.html") : undefined);
      return cached || fetch(request);
    }),
  );
});
