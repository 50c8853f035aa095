/* Find my table on the phone: the round's index (tournament/public/find_phone.py) loaded
   once, then every typed name answered here, at once and without the network, with the
   server's markup. The form still goes to the server when the index cannot be had (no
   JavaScript, the fetch failed): the server's search stays the reference.

   The service worker (sw.js) keeps the index and this page, so a phone that has loaded
   them finds its table offline too. The index's URL holds the event's stamp: a new round
   published, a name corrected, and the page names a new index, which the phone fetches. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-find-index]");
  if (!form || !window.fetch) return;
  var box = form.querySelector("input[name=q]");
  var answer = document.getElementById("find-answer");
  var index = null;

  var ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
  function esc(text) {
    return String(text).replace(/[&<>"']/g, function (c) { return ESCAPES[c]; });
  }
  // The server's search_key (tournament/core/normalize.py): NFKC, without invisible
  // format characters, spaces and control characters, in lower case.
  function searchKey(text) {
    return text.normalize("NFKC").normalize("NFC").replace(/\p{Cf}/gu, "")
      .replace(/[\s\u3000\p{Cc}]+/gu, "").toLowerCase();
  }
  function swap(text, mark, value) { return text.split(mark).join(value); }

  function entryHtml(entry) {
    var html = index.shapes[entry[1]], marks = index.marks;
    for (var i = 0; i < marks.length; i++) {
      var value = i === 1 ? (entry[3] || []).join(index.sep) : entry[i + 2] || "";
      if (html.indexOf(marks[i]) >= 0) html = swap(html, marks[i], esc(value));
    }
    return html;
  }

  // An entry's keys as the server has them: a token (one character) stands for the search
  // key of a name the entry shows (tournament/public/find_phone.py, _keys).
  var TOKENS = { "\ue022": 2, "\ue024": 4, "\ue028": 8 };
  function expand(entry) {
    entry[0] = entry[0].split("\n").map(function (key) {
      if (key.length === 1 && key in TOKENS) return searchKey(entry[TOKENS[key]]);
      if (key.length === 2 && key[0] === "\ue023") return searchKey(entry[3][key.charCodeAt(1) - 0xe030]);
      return key;
    }).join("\n");
  }

  // The answer under the search box for what was typed: the server's results_html.
  function resultsHtml(typed) {
    var query = Array.from(typed.trim()).slice(0, index.qmax).join("");
    if (!query) return "";
    var key = searchKey(query), found = [], total = 0, entries = index.e;
    if (key) {
      for (var i = 0; i < entries.length; i++) {
        if (entries[i][0].indexOf(key) >= 0) {
          if (total < index.max) found.push(entryHtml(entries[i]));
          total++;
        }
      }
    }
    var html;
    if (!total) html = index.parts.none;
    else html = swap(index.parts[total > found.length ? "more" : "all"], index.fm, found.join(""));
    return swap(html, index.qm, esc(query));
  }

  function show() { answer.innerHTML = resultsHtml(box.value); }

  // The address says what was searched (a reload, a shared link asks the same).
  function submitted(event) {
    event.preventDefault();
    show();
    var url = new URL(location.href), typed = box.value.trim();
    if (typed) url.searchParams.set("q", typed);
    else url.searchParams.delete("q");
    history.replaceState(history.state, "", url.pathname + url.search);
  }

  function ready(loaded) {
    loaded.e.forEach(expand);
    index = loaded;
    form.setAttribute("data-find-ready", "");
    box.addEventListener("input", show);
    form.addEventListener("submit", submitted);
    // The page the service worker kept (without a query), opened offline with ?q=: the
    // answer is this script's.
    var asked = new URL(location.href).searchParams.get("q");
    if (asked && !answer.firstElementChild) { box.value = asked; show(); }
  }

  fetch(form.dataset.findIndex, { credentials: "same-origin" })
    .then(function (response) { if (!response.ok) throw new Error(response.status); return response.json(); })
    .then(ready)
    .catch(function () {});  // the form asks the server, as without JavaScript

  // The service worker keeps this page, the index and the files the page loaded.
  if ("serviceWorker" in navigator && form.dataset.worker) {
    navigator.serviceWorker.register(form.dataset.worker, { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (reg) {
      var files = performance.getEntriesByType("resource").map(function (r) { return r.name; });
      var page = location.pathname;
      if (reg.active) reg.active.postMessage({ find: [page, form.dataset.findIndex].concat(files) });
    }).catch(function () {});
  }
})();
