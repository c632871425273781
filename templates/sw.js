// The service worker of the game at the table (docs/companion.md, "Without a connection").
// Served by upfront.views.service_worker from /sw.js, so its scope covers the game pages.
// It keeps the game pages and their assets on the phone; the steps entered offline are kept
// by the page itself (static/js/games_offline.js), never here.
"use strict";
{% autoescape off %}const CONFIG = {{ config }};{% endautoescape %}
// A game page (no language prefix: the language is a cookie), with or without its share token.
const GAME_PAGE = /^\/games\/[0-9a-f-]{36}\/$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CONFIG.cache)
      .then((cache) => cache.addAll(CONFIG.assets))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  // Only this worker's caches: the old versions' assets go.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("upfront-games-") && name !== CONFIG.cache)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// In production the assets' names carry their content's hash, so a kept copy is right; where
// they do not (DEBUG), the copy is refreshed behind the answer, for the next load.
async function keep(cache, request) {
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function assetFirst(event) {
  const cache = await caches.open(CONFIG.cache);
  const kept = await cache.match(event.request);
  if (!kept) return keep(cache, event.request);
  if (!CONFIG.refresh) return kept;
  event.waitUntil(keep(cache, event.request).catch(() => undefined));
  return kept;
}

// A game page: always the server's when it answers (the game moves on), the last one kept
// when the connection is gone. The share token's query is ignored: the same game.
async function pageFirst(request) {
  const cache = await caches.open(CONFIG.cache);
  const key = new URL(request.url);
  key.search = "";
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(key.href, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key.href);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return; // steps are sent by the page, never replayed here
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(CONFIG.static)) {
    event.respondWith(assetFirst(event));
  } else if (request.mode === "navigate" && GAME_PAGE.test(url.pathname)) {
    event.respondWith(pageFirst(request));
  }
  // Everything else (the other pages, the API, htmx's polls) goes to the network untouched.
});
