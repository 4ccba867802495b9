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
    for (const url of BUILD.gunzip || []) await keepUnzipped(cache, url);
    await self.skipWaiting();
  })());
});

// The engine's snapshot is kept unzipped: every start of the page then reads it as it is, which costs less than
// reading the gzip and unzipping it (web/engine_interpreter.js takes either). If it cannot be unzipped, it is kept
// as it came: the page then finds it damaged and starts Python the ordinary way.
async function keepUnzipped(cache, url) {
  try {
    const response = await cache.match(url);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return; // the host already unzipped it
    const unzipped = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    const body = await new Response(unzipped).arrayBuffer();
    await cache.put(url, new Response(body, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch (error) {
    console.warn(`Cosmoludo: ${url} stays zipped in the offline cache:`, error);
  }
}

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
