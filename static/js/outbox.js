/* The phone's outbox: every entry (final levels, a tap on the deal-by-deal sheet, a foul,
   lateness) is kept on the phone (IndexedDB) with a key made here (entry_key), counted on
   the page ("waiting to send: N", #outbox-count), and sent by itself, in order, once the network is back (the online event, a
   retry with growing waits, and whenever an entry page opens). The server applies a key once
   (tournament/results/entry_keys.py): sending an entry again never saves it twice.

   Forms marked data-outbox are sent through here; sheet.js uses window.gdOutbox. The texts
   come from the page (#offline, templates/_offline.html), translated there. */
(function () {
  "use strict";
  var box = document.getElementById("offline");
  if (!box) return;
  var T = box.dataset;
  var PARTITION = T.partition;  // whose entries these are: another account's are never sent
  var SESSION = String(Math.random());  // entries made on this page load (not yet "late")
  var STORE = "entries";
  var memory = [];  // without IndexedDB (a private window): kept while the page is open
  var answers = {};
  var wait = 2000, timer = null, flushing = null, unreachable = false;
  var sent = [];  // the addresses whose entries reached the server in this sending

  function $(id) { return document.getElementById(id); }
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    // Plain http at a venue is not a secure context: no randomUUID, but random bytes.
    var bytes = new Uint8Array(16);
    if (window.crypto && crypto.getRandomValues) crypto.getRandomValues(bytes);
    else for (var i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
    return "k" + Date.now().toString(36) + "-" +
      Array.from(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  function open() {
    return new Promise(function (ok, fail) {
      if (!window.indexedDB) { fail(new Error("no IndexedDB")); return; }
      var req = indexedDB.open("gd-outbox", 1);
      req.onupgradeneeded = function () {
        req.result.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true });
      };
      req.onsuccess = function () { ok(req.result); };
      req.onerror = function () { fail(req.error); };
    });
  }
  function tx(mode, work) {
    return open().then(function (db) {
      return new Promise(function (ok, fail) {
        var t = db.transaction(STORE, mode);
        var req = work(t.objectStore(STORE));
        t.oncomplete = function () { db.close(); ok(req ? req.result : undefined); };
        t.onerror = t.onabort = function () { db.close(); fail(t.error); };
      });
    });
  }
  function all() {
    return tx("readonly", function (s) { return s.getAll(); }).catch(function () { return memory; })
      .then(function (list) {
        return list.filter(function (e) { return e.partition === PARTITION; })
          .sort(function (a, b) { return a.seq - b.seq; });
      });
  }
  function put(entry) {
    return tx("readwrite", function (s) { return s.put(entry); }).catch(function () {
      if (entry.seq === undefined) entry.seq = memory.length ? memory[memory.length - 1].seq + 1 : 1;
      memory = memory.filter(function (e) { return e.seq !== entry.seq; }).concat([entry]);
      return entry.seq;
    }).then(function (seq) { entry.seq = seq; return seq; });
  }
  function drop(entry) {
    memory = memory.filter(function (e) { return e.seq !== entry.seq; });
    return tx("readwrite", function (s) { return s.delete(entry.seq); }).catch(function () {});
  }

  function csrf() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }
  // One POST of one entry. The page's own CSRF token is used (it may be newer than the one
  // the entry was made with); "late": the entry waited on the phone (see entry_keys.py).
  function send(entry) {
    var late = entry.failed || entry.session !== SESSION;
    var token = csrf() || entry.csrf;
    var init = { method: "POST", credentials: "same-origin", headers: { "X-Outbox": "1", "X-CSRFToken": token } };
    if (entry.kind === "json") {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(Object.assign({}, entry.body,
        { entry_key: entry.key, made_at: entry.made_at, offline: late }));
    } else {
      var data = new FormData();
      entry.fields.forEach(function (f) { if (f[0] !== "csrfmiddlewaretoken") data.append(f[0], f[1]); });
      data.set("csrfmiddlewaretoken", token);
      data.set("entry_key", entry.key);
      data.set("made_at", entry.made_at);
      if (late) data.set("offline", "1");
      init.body = data;
    }
    return fetch(entry.url, init).then(function (r) {
      var json = (r.headers.get("Content-Type") || "").indexOf("json") >= 0;
      return (json ? r.json() : Promise.resolve({})).then(function (data) {
        if (r.ok && data.ok) return { status: "sent", data: data };
        if (r.status >= 500 || r.status === 429) return { status: "retry", data: data };
        var errors = data.errors || (data.error ? [data.error] : [T.refused]);
        return { status: "refused", data: data, errors: errors };
      });
    }, function () { return { status: "offline" }; });
  }

  // Settle one answer: true when the sending must stop (no network, or the server is down).
  function settle(entry, res) {
    answers[entry.key] = res;
    unreachable = res.status === "offline";
    if (res.status === "sent") {
      // entry.shows: the page the entry changes, where it is not the address it is sent to
      sent.push({ url: entry.shows || entry.url, late: entry.failed || entry.session !== SESSION });
      return drop(entry).then(function () { return false; });
    }
    if (res.status === "refused") {
      if (entry.session === SESSION && !entry.failed) return drop(entry).then(function () { return false; });
      entry.state = "refused";
      entry.errors = res.errors;
      return put(entry).then(function () { return false; });
    }
    entry.failed = true;
    return put(entry).then(function () { return true; });
  }

  function flush() {
    if (flushing) return flushing.then(flush);
    var run = function () {
      return all().then(function (list) {
        return list.filter(function (e) { return e.state === "pending"; })
          .reduce(function (chain, entry) {
            return chain.then(function (stop) {
              return stop ? true : send(entry).then(function (res) { return settle(entry, res); });
            });
          }, Promise.resolve(false));
      });
    };
    var locked = navigator.locks ? navigator.locks.request("gd-outbox", run) : run();
    flushing = locked.then(function (stopped) {
      flushing = null;
      clearTimeout(timer);
      if (stopped) { timer = setTimeout(flush, wait); wait = Math.min(wait * 2, 60000); }
      else { wait = 2000; document.dispatchEvent(new CustomEvent("outbox:sent")); }
      refresh(sent.splice(0));
      return show();
    }, function () { flushing = null; return show(); });
    return flushing;
  }

  // Keep a new entry, then send what waits, in order. Answers {status, data}: "sent",
  // "refused" (the page shows why) or "kept" (on the phone, to be sent later).
  function absolute(url) { return new URL(url, location.href).href; }
  function keep(entry) {
    entry.url = absolute(entry.url);
    entry.key = newKey();
    entry.made_at = new Date().toISOString();
    entry.partition = PARTITION;
    entry.session = SESSION;
    entry.state = "pending";
    entry.csrf = csrf();
    return put(entry).then(flush).then(function () {
      return answers[entry.key] && answers[entry.key].status !== "offline" &&
        answers[entry.key].status !== "retry" ? answers[entry.key] : { status: "kept" };
    });
  }

  // What was sent changed the server's pages: the worker keeps them anew (a page reopened
  // offline later shows the table as it is now, not as it was before), and a form of this
  // page that showed a kept entry shows the server's page instead (its version is stale).
  function refresh(list) {
    if (!list.length) return;
    var urls = list.map(function (e) { return e.url; });
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.ready.then(function (reg) {
        if (reg.active) reg.active.postMessage({ keep: urls });
      });
    }
    // Only entries that waited: one sent at once is followed by its own page (sendForm).
    var waited = list.filter(function (e) { return e.late; }).map(function (e) { return e.url; });
    var stale = Array.prototype.some.call(document.querySelectorAll("form[data-outbox]"), function (form) {
      return form.querySelector(".outbox-note") && waited.indexOf(target(form)) >= 0;
    });
    if (stale) pendingFor(waited).then(function (left) { if (!left.length) location.reload(); });
  }

  function pendingFor(urls) {
    var wanted = [].concat(urls).filter(Boolean).map(absolute);
    return all().then(function (list) {
      return list.filter(function (e) { return wanted.indexOf(e.url) >= 0 && e.state === "pending"; });
    });
  }

  function show() {
    return all().then(function (list) {
      var pending = list.filter(function (e) { return e.state === "pending"; });
      var refused = list.filter(function (e) { return e.state === "refused"; });
      var count = $("outbox-count");
      count.textContent = T.pending.replace("{n}", pending.length);
      count.hidden = !pending.length;
      count.dataset.n = pending.length;
      var ul = $("outbox-refused");
      ul.innerHTML = "";
      refused.forEach(function (e) {
        var li = document.createElement("li");
        li.textContent = T.notSaved + " " + (e.label || "") + " — " + (e.errors || []).join(" / ");
        var again = document.createElement("button");
        again.type = "button"; again.className = "button small"; again.textContent = T.again;
        again.onclick = function () { e.state = "pending"; e.failed = true; put(e).then(flush); };
        var forget = document.createElement("button");
        forget.type = "button"; forget.className = "button small"; forget.textContent = T.forget;
        forget.onclick = function () { if (confirm(T.forgetAsk)) drop(e).then(show); };
        li.appendChild(again); li.appendChild(forget);
        ul.appendChild(li);
      });
      ul.hidden = !refused.length;
      var cached = document.documentElement.dataset.served === "cache";
      var off = cached || unreachable || navigator.onLine === false;
      $("offline-banner").hidden = !off;
      $("offline-note").textContent = cached ? T.fromPhone.replace("{at}", keptAt()) : T.noNetwork;
      return list;
    });
  }
  function keptAt() {
    var at = new Date(document.documentElement.dataset.keptAt || "");
    return isNaN(at) ? "" : at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }

  // --- forms: the final levels, a foul, lateness --------------------------------------
  function fieldsOf(form, submitter) {
    var data;
    try { data = new FormData(form, submitter || undefined); }
    catch (e) {
      data = new FormData(form);
      if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    }
    return Array.from(data.entries()).filter(function (f) { return typeof f[1] === "string"; });
  }
  // Where a form posts (form.action would be its button named "action", if it has one).
  function target(form) { return absolute(form.getAttribute("action") || location.href); }
  function restore(form) {
    // A kept entry of this form (the page reopened, offline or not): its values come back.
    return pendingFor(target(form)).then(function (list) {
      var last = list[list.length - 1];
      if (!last || !last.fields) return;
      var values = {};
      last.fields.forEach(function (f) { values[f[0]] = f[1]; });
      Array.from(form.elements).forEach(function (el) {
        if (!el.name || el.type === "hidden" || el.type === "submit" || el.tagName === "BUTTON") return;
        if (el.type === "checkbox") el.checked = el.name in values;
        else if (el.name in values) el.value = values[el.name];
      });
      note(form, T.keptForm);
    });
  }
  function note(form, text) {
    var p = form.querySelector(".outbox-note");
    if (!p) {
      p = document.createElement("p");
      p.className = "msg warning outbox-note";
      form.insertBefore(p, form.firstChild.nextSibling);
    }
    p.textContent = text;
  }
  function onSubmit(ev) {
    var form = ev.target;
    if (!form.matches("form[data-outbox]") || form.dataset.native) return;
    ev.preventDefault();
    var submitter = ev.submitter;
    var fields = fieldsOf(form, submitter);
    var ask = form.dataset.outboxConfirm;
    if (ask) { askFirst(form, submitter, fields, ask); return; }
    sendForm(form, submitter, fields);
  }
  // Lateness: the server asks for confirmation on a page of its own; without the network,
  // the phone asks, and keeps the confirmed entry.
  function askFirst(form, submitter, fields, ask) {
    var probe = new FormData();
    fields.forEach(function (f) { probe.append(f[0], f[1]); });
    fetch(target(form), { method: "POST", body: probe, credentials: "same-origin" }).then(function () {
      form.dataset.native = "1";
      if (form.requestSubmit) form.requestSubmit(submitter); else form.submit();
    }, function () {
      var side = submitter ? submitter.textContent.trim() : "";
      if (!confirm(ask.replace("{side}", side))) return;
      sendForm(form, submitter, fields.concat([["confirm", "1"]]));
    });
  }
  function sendForm(form, submitter, fields) {
    if (submitter) submitter.disabled = true;
    keep({ kind: "form", url: target(form), fields: fields, label: form.dataset.outbox })
      .then(function (res) {
        if (submitter) submitter.disabled = false;
        if (res.status === "sent") location.assign(res.data.next || location.href);
        else if (res.status === "refused") {
          form.dataset.native = "1";  // the server's own page shows what is wrong
          if (form.requestSubmit) form.requestSubmit(submitter); else form.submit();
        } else note(form, T.keptForm);
      });
  }

  window.gdOutbox = { keep: keep, flush: flush, pendingFor: pendingFor, show: show };
  document.addEventListener("submit", onSubmit);
  window.addEventListener("online", function () { wait = 2000; flush(); });
  window.addEventListener("offline", show);
  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("form[data-outbox]"), restore);
    show().then(flush);
  }
  // This script comes before the forms (sheet.js uses it as it loads): they are read once parsed.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();

  // Whether the worker served this page: read now, since its activation claims the page
  // (clients.claim) before ready resolves, and the first page would then never be kept.
  var servedByWorker = "serviceWorker" in navigator && !!navigator.serviceWorker.controller;
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(T.worker, { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (reg) {
      // The words of the worker's own page for a page not kept, in this page's language.
      if (reg.active) reg.active.postMessage({ texts: { offline: T.offline, notKept: T.notKept, back: T.back } });
      // The files this page loaded, and the page itself, kept for opening offline (this
      // first visit came before the worker controlled the page).
      if (servedByWorker || !reg.active) return;
      var files = performance.getEntriesByType("resource").map(function (r) { return r.name; });
      // The page's data (the sheet's), which it may still be fetching: named, not awaited.
      var data = Array.prototype.map.call(document.querySelectorAll("[data-api]"), function (el) {
        return absolute(el.dataset.api);
      });
      reg.active.postMessage({ keep: [location.href].concat(data, files) });
    }).catch(function () {});
  }
})();
