// Service worker of the dominoes table: precaches the whole bundle, serves cache-first,
// so a second visit plays with no network. build.py fills in the two placeholders:
// the cache name carries a hash of the build, so a new build replaces the old cache.
const CACHE = "dominoes-__BUILD_HASH__";
const PRECACHE = [/* __PRECACHE__ */];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
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
