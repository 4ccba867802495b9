// Service worker: precaches the whole built site, serves it cache-first, so a visited page boots offline.
// The build copies this file to the site root (its scope is the page's directory) and fills in BUILD.
const BUILD = null; // replaced by `python -m cosmoludo build`

const PREFIX = "cosmoludo-";
const CACHE = BUILD ? `${PREFIX}${BUILD.id}` : null;

self.addEventListener("install", (event) => {
  if (!BUILD) return; // an unbuilt copy: nothing to cache
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache" revalidates with the server, so a stale HTTP-cached file never lands under a new build id.
    await cache.addAll(BUILD.files.map((url) => new Request(url, { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (!CACHE || request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // A navigation may carry a query or name index.html explicitly; both are the cached page.
    const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    return hit || fetch(request);
  })());
});
