// Tabula's service worker: after a first visit, free play works offline.
// It keeps the page shell, the home and daily pages, the scripts and
// renderers, the browser module and the new-game pages; the server fills
// in this build's list (and its version: a new build replaces the cache).
// Pages, scripts and the games' data pieces (Abalone's table index,
// manifests and chunks, fetched as positions need them) come from the
// network when it answers, so a new build or newly installed tables show
// at once (a data piece revalidates by its tag: a 304 when unchanged), and
// from the cache when it does not. Only the module's content-addressed
// files never change: the cache answers them first. Nothing else is kept:
// the API (accounts, the daily grid, stored games) needs the server.

const VERSION = '{{version}}';
const CACHE = `tabula-${VERSION}`;
/** Addresses kept at install. */
const PRECACHE = {{precache}};
/** Every local game's page is the same shell: one entry for all. */
const LOCAL_SHELL = '/local/';

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(PRECACHE.map(async (path) => {
      const response = await fetch(path === LOCAL_SHELL ? '/local/shell' : path, { credentials: 'same-origin' });
      if (response.ok) await cache.put(path, response);
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('tabula-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

/** The cache's key for a request this worker keeps, or null. */
function keyOf(url) {
  if (url.origin !== self.location.origin) return null;
  const path = url.pathname;
  if (path.startsWith('/local/')) return LOCAL_SHELL;
  if (path.startsWith('/wasm/') || path.startsWith('/api/data/')) return path;
  if (path === '/api/wasm' || path === '/api/catalog') return path;
  if (PRECACHE.includes(path) || path.startsWith('/assets/') || path.startsWith('/new')) return path;
  return null;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const key = keyOf(url);
  if (!key) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The module's files never change under a key. (The games' data may:
    // an index kept from before the tables were installed said "none" for
    // ever.)
    if (key.startsWith('/wasm/')) {
      const hit = await cache.match(key);
      if (hit) return hit;
      const response = await fetch(request);
      if (response.ok) await cache.put(key, response.clone());
      return response;
    }
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(key, response.clone());
      return response;
    } catch (offline) {
      const hit = await cache.match(key);
      if (hit) return hit;
      throw offline;
    }
  })());
});
