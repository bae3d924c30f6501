/* Cloudphone service worker, scope /app/.
 * Hashed build assets are cached on first use (they never change); pages and API calls always go to the
 * network, with the cached app shell as the offline fallback. A new version installs, takes over at once,
 * and the page reloads when it has finished activating (see src/lib/service-worker.ts). */
const CACHE = 'cloudphone-v1';
const SHELL = '/app/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/app/assets/')) {
    event.respondWith(
      caches.match(event.request).then(
        (hit) =>
          hit ||
          fetch(event.request).then((response) => {
            const copy = response.clone();
            if (response.ok) caches.open(CACHE).then((cache) => cache.put(event.request, copy));
            return response;
          }),
      ),
    );
  } else if (event.request.mode === 'navigate' && url.pathname.startsWith('/app/')) {
    event.respondWith(fetch(event.request).catch(() => caches.match(SHELL)));
  }
});
