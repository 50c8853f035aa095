/* The service worker: the pages of table entry open without the network.
   STATIC_URL and VERSION are written above this line by the server (tournament/results/views_offline.py).

   What it keeps (never a POST, never a page outside the entry flow):
   - static files, as the pages load them (whatever their names: hashed names too), served
     from the phone at once and refreshed from the server behind;
   - GET pages of the entry flow (a table's page, its deal-by-deal sheet and the sheet's data,
     a table's own link, the round's page and foul log): from the server when it answers, else
     the copy last kept, marked so the page shows its offline banner. The entry pages open
     when the worker installs (the first page, fetched before any worker controlled it) are
     kept before it is ready, with the files they name and their data.
   Copies of pages belong to one partition (the signed-in account, or none: header
   X-Offline-Partition, a keyed hash). An answer naming another partition drops every copy,
   so a page kept for one account is never shown to the next. A signed-in account's answers
   also say when its session ends (X-Offline-Until): from then on the copies are dropped
   before any is served, with the network cut too (a referee's session that ended offline
   must not leave a table page with both sides' PINs to whoever picks the phone up next);
   and a page that logs out tells this worker to drop them at once ({forget: true}). */
"use strict";

var STATIC_CACHE = "gd-static-" + VERSION;
var PAGE_CACHE = "gd-pages";
var PARTITION = "X-Offline-Partition";
var UNTIL = "X-Offline-Until";  // when the partition's session ends (ms since 1970)
var PARTITION_KEY = "/__offline__/partition";  // a row of PAGE_CACHE: whose copies it holds, until when
var ENTRY_PAGES = [
  /^\/t\/[^/]+\/rounds\/\d+\/table\/\d+\/(sheet\/(api\/)?)?$/,
  /^\/t\/[^/]+\/rounds\/\d+\/(fouls\/)?$/,
  /^\/t\/[^/]+\/e\/\d+\/[^/]+\/(sheet\/(api\/)?)?$/,
];

// Installing, the worker keeps the entry pages open in this browser first (the page that
// registered it was fetched before any worker controlled it), so a phone cut off as soon as
// the worker is ready still reopens it. At most a few seconds: a slow server must not keep
// the worker from taking over.
self.addEventListener("install", function (event) {
  self.skipWaiting();
  event.waitUntil(Promise.race([keepOpenPages(), new Promise(function (done) {
    setTimeout(done, 10000);
  })]));
});
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) {
      return n.indexOf("gd-static-") === 0 && n !== STATIC_CACHE;
    }).map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function isEntryPage(url) {
  return ENTRY_PAGES.some(function (re) { return re.test(url.pathname); });
}

// Adopt the partition an answer names (and its session's end): a different one drops
// every kept page first. One at a time: two answers adopting at once would each drop the
// copy the other just kept (the first page's copy and its sheet's data, kept together on a
// phone's first visit).
var adopting = Promise.resolve();
function adopt(partition, until) {
  if (!partition) return Promise.resolve();
  adopting = adopting.catch(function () {}).then(function () {
    return adoptNow(partition, until || "");
  });
  return adopting;
}
function adoptNow(partition, until) {
  function row(cache) {
    return cache.put(PARTITION_KEY, new Response(partition, {headers: {"X-Offline-Until": until}}));
  }
  return caches.open(PAGE_CACHE).then(function (cache) {
    return cache.match(PARTITION_KEY).then(function (kept) {
      if (!kept) return null;
      return kept.text().then(function (text) {
        return {partition: text, until: kept.headers.get(UNTIL) || ""};
      });
    }).then(function (current) {
      if (current && current.partition === partition) {
        return current.until === until ? null : row(cache);
      }
      return caches.delete(PAGE_CACHE).then(function () { return caches.open(PAGE_CACHE); })
        .then(row);
    });
  });
}

// Drop every kept page when the session they were kept for has ended (checked before any
// copy is served: the network may be cut, and nobody may have logged out).
function dropIfEnded() {
  return caches.open(PAGE_CACHE).then(function (cache) { return cache.match(PARTITION_KEY); })
    .then(function (kept) {
      var until = kept ? Number(kept.headers.get(UNTIL)) : 0;
      if (until && Date.now() >= until) return caches.delete(PAGE_CACHE);
      return null;
    });
}

function keep(request, response) {
  var partition = response.headers.get(PARTITION);
  return adopt(partition, response.headers.get(UNTIL)).then(function () {
    if (!response.ok || response.redirected || response.type !== "basic" || !partition) return;
    return response.clone().blob().then(function (body) {
      var headers = new Headers(response.headers);
      headers.set("X-Kept-At", new Date().toISOString());
      return caches.open(PAGE_CACHE).then(function (cache) {
        return cache.put(request.url.split("#")[0], new Response(body, {status: 200, headers: headers}));
      });
    });
  });
}

// A kept copy, marked as one: <html data-served="cache"> for a page, a header for its data.
function kept(request) {
  return dropIfEnded().then(function () { return caches.open(PAGE_CACHE); }).then(function (cache) {
    return cache.match(request.url.split("#")[0]);
  }).then(function (copy) {
    if (!copy) return null;
    var headers = new Headers(copy.headers);
    headers.set("X-Served-From", "cache");
    if ((headers.get("Content-Type") || "").indexOf("text/html") !== 0) {
      return new Response(copy.body, {status: 200, headers: headers});
    }
    return copy.text().then(function (html) {
      var mark = 'data-served="cache" data-kept-at="' + (headers.get("X-Kept-At") || "") + '"';
      // The messages of the moment it was kept ("saved") would mislead now: left out.
      html = html.replace('data-served="network"', mark).replace(/<ul class="messages">[\s\S]*?<\/ul>/, "");
      return new Response(html, {status: 200, headers: headers});
    });
  });
}

// A page not kept, offline: the words come from the pages (their language), kept here.
var TEXTS_KEY = "/__offline__/texts";
function offlinePage() {
  return caches.open(STATIC_CACHE).then(function (cache) { return cache.match(TEXTS_KEY); })
    .then(function (kept) { return kept ? kept.json() : {}; })
    .then(function (t) {
      var esc = function (text) { return String(text || "").replace(/[<>&"]/g, function (c) { return "&#" + c.charCodeAt(0) + ";"; }); };
      var html = '<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
        '<title>' + esc(t.offline || "Offline") + '</title><body style="font-family:sans-serif;padding:1em">' +
        '<p style="background:#b91c1c;color:#fff;padding:.5em 1em;border-radius:6px"><b>' +
        esc(t.offline || "Offline") + '</b></p><p>' + esc(t.notKept) + '</p>' +
        '<p><a href="javascript:history.back()">' + esc(t.back || "Back") + '</a></p></body>';
      return new Response(html, {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}});
    });
}

function networkFirst(request) {
  return fetch(request).then(function (response) {
    return keep(request, response).then(function () { return response; });
  }, function () {
    return kept(request).then(function (copy) {
      return copy || (request.mode === "navigate" ? offlinePage() : Response.error());
    });
  });
}

// Any other page: straight from the server; its partition is adopted all the same.
function watched(request) {
  return fetch(request).then(function (response) {
    return adopt(response.headers.get(PARTITION), response.headers.get(UNTIL))
      .then(function () { return response; });
  }, function () { return offlinePage(); });
}

// Find my table (find.js): the round's index (its URL holds the stamp: kept as it is, the
// older ones of the same round and language dropped) and the round's public page, so a phone
// that has loaded them finds its table offline. Only a page every visitor gets (public in
// its Cache-Control) is kept: never a signed-in user's.
var FIND_CACHE = "gd-find";
var FIND_INDEX = /^(\/t\/[^/]+\/pairings\/\d+\/find\/)[^/]+\/([^/]+\.json)$/;
var FIND_PAGE = /^\/t\/[^/]+\/pairings\/\d+\/$/;

function keepFind(request, response) {
  var path = new URL(request.url).pathname, index = path.match(FIND_INDEX);
  var shared = /(^|,)\s*public\s*(,|$)/.test(response.headers.get("Cache-Control") || "");
  // A redirected answer (an index of an older stamp sent to the current one) is not kept
  // under the old address: the page names the new one when it is next loaded.
  if (!response.ok || response.type !== "basic" || response.redirected || !shared ||
      (!index && !FIND_PAGE.test(path))) {
    return Promise.resolve();
  }
  return caches.open(FIND_CACHE).then(function (cache) {
    return cache.keys().then(function (keys) {
      return Promise.all(keys.map(function (old) {
        var m = new URL(old.url).pathname.match(FIND_INDEX);
        if (index && m && m[1] === index[1] && m[2] === index[2] && old.url !== request.url) {
          return cache.delete(old);
        }
        return null;
      }));
    }).then(function () { return cache.put(index ? request.url : path, response.clone()); });
  });
}

function findIndex(request) {
  return caches.open(FIND_CACHE).then(function (cache) { return cache.match(request.url); })
    .then(function (copy) {
      return copy || fetch(request).then(function (response) {
        return keepFind(request, response).then(function () { return response; });
      });
    });
}

function findPage(request) {
  var path = new URL(request.url).pathname;
  return fetch(request).then(function (response) {
    if (request.url.indexOf("?") < 0) keepFind(request, response.clone()).catch(function () {});
    return response;
  }, function () {
    return caches.open(FIND_CACHE).then(function (cache) { return cache.match(path); })
      .then(function (copy) { return copy || offlinePage(); });
  });
}

function staticFile(request) {
  return caches.open(STATIC_CACHE).then(function (cache) {
    return cache.match(request).then(function (copy) {
      var fresh = fetch(request).then(function (response) {
        if (response.ok && response.type === "basic") cache.put(request, response.clone());
        return response;
      });
      if (copy) { fresh.catch(function () {}); return copy; }
      return fresh;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;  // a POST always goes to the server as it is
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(STATIC_URL) === 0) event.respondWith(staticFile(request));
  else if (isEntryPage(url)) event.respondWith(networkFirst(request));
  else if (FIND_INDEX.test(url.pathname)) event.respondWith(findIndex(request));
  else if (FIND_PAGE.test(url.pathname) && request.mode === "navigate") event.respondWith(findPage(request));
  else if (request.mode === "navigate") event.respondWith(watched(request));
});

// An entry page kept with what it needs offline: the static files it names and the data
// it loads (data-api, the sheet's), read from the page's own text.
function keepWithParts(href) {
  var request = new Request(href, {credentials: "same-origin"});
  return fetch(request).then(function (response) {
    return keep(request, response).then(function () {
      var html = (response.headers.get("Content-Type") || "").indexOf("text/html") === 0;
      return response.ok && html ? response.text() : "";
    });
  }).then(function (html) {
    var found = html.match(/(?:src|href|data-api)="[^"]+"/g) || [];
    return Promise.all(found.map(function (attribute) {
      var value = attribute.slice(attribute.indexOf('"') + 1, -1).replace(/&amp;/g, "&");
      var url = new URL(value, href);
      // Links to other pages are not followed: only files, and the page's own data.
      if (attribute.indexOf("data-api") !== 0 && url.pathname.indexOf(STATIC_URL) !== 0) return null;
      return keepOne(url.href);
    }));
  }).catch(function () {});
}

function keepOpenPages() {
  return self.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (list) {
    return Promise.all(list.map(function (client) {
      var url = new URL(client.url);
      if (url.origin !== self.location.origin || !isEntryPage(url)) return null;
      return keepWithParts(url.href.split("#")[0]);
    }));
  }).catch(function () {});
}

// One static file (kept once) or one entry page or its data (kept anew); nothing else.
function keepOne(href) {
  var url = new URL(href, self.location.origin);
  if (url.origin !== self.location.origin) return null;
  var request = new Request(url.href, {credentials: "same-origin"});
  if (url.pathname.indexOf(STATIC_URL) === 0) {
    return caches.open(STATIC_CACHE).then(function (cache) {
      return cache.match(request).then(function (copy) { return copy || cache.add(request); });
    }).catch(function () {});
  }
  if (!isEntryPage(url)) return null;
  return fetch(request).then(function (response) { return keep(request, response); }).catch(function () {});
}

// A page asks for itself and the files it loaded to be kept (a worker did not control it:
// its first visit, or a page the install above missed), or for the pages its sent entries changed to be kept anew
// (outbox.js). Only entry pages and static files are taken.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.forget) {  // the page is logging out: nothing kept for the account survives it
    event.waitUntil(caches.delete(PAGE_CACHE));
    return;
  }
  if (data.texts) {
    event.waitUntil(caches.open(STATIC_CACHE).then(function (cache) {
      return cache.put(TEXTS_KEY, new Response(JSON.stringify(data.texts), {headers: {"Content-Type": "application/json"}}));
    }));
  }
  if (data.find) {  // find.js: its page, the round's index and the files the page loaded
    event.waitUntil(Promise.all(data.find.map(function (href) {
      var url = new URL(href, self.location.origin);
      if (url.origin !== self.location.origin) return null;
      if (url.pathname.indexOf(STATIC_URL) === 0) return keepOne(url.href);
      var request = new Request(url.href, {credentials: "same-origin"});
      return fetch(request).then(function (response) { return keepFind(request, response); })
        .catch(function () {});
    })));
    return;
  }
  if (!data.keep) return;
  event.waitUntil(Promise.all(data.keep.map(keepOne)));
});
