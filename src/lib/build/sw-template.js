// Gelora service worker. Precaches the offline page and the files it needs (pwa.ts); API responses
// and pages (member pages above all) are never cached: they always come from the network, and a
// failed navigation shows the offline page.
const VERSION = __VERSION__;
const ASSETS = __ASSETS__;
const CACHE = `gelora-static-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
});

// No clients.claim(): the pages open when the worker first activates stay uncontrolled until they
// load again. Claiming them made Chromium drop the ones it kept for Back ('serviceworker-claimed'),
// so a first visit's first page loaded again instead of coming back at once; the navigations that
// follow are the worker's anyway (the offline page included).
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('gelora-') && k !== CACHE).map((k) => caches.delete(k)))),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('/offline', { cacheName: CACHE })));
    return;
  }
  if (ASSETS.includes(url.pathname)) {
    event.respondWith(caches.match(request, { cacheName: CACHE }).then((hit) => hit || fetch(request)));
  }
});
