/* Fleet Portal service worker (spec shell §2, §9: /sw.js).
 * A new build activates at once (skipWaiting + clients.claim); the page reloads on controllerchange.
 * Only hashed build assets under /assets/ are cached (cache-first): they never change under one name.
 * Everything else (index.html, /config.js, /api, /idp, /docs) always goes to the network. */
const CACHE = 'fleet-portal-assets-v1';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/assets/')) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const cached = await cache.match(request);
      if (cached) return cached;
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    })(),
  );
});
