/* Keep a page current without reloading it.

   GD.watch: poll the round's small status JSON and, when its `stamp` (pairings and status)
   changed, fetch the page again and swap in the parts named by `selectors`.
   GD.live: for staff and projector pages; ask only for the tables changed since the change
   number the page holds (`?since=`), replace those rows in place, update the counts and fetch
   again the parts named by `refresh`.
   GD.clock: the round clock, with a chime at 5 minutes left and at time (Web Audio, no
   sound file) that a mute switch silences. */
var GD = (function () {
  "use strict";
  function refresh(selectors) {
    return fetch(window.location.href, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html");
        selectors.forEach(function (sel) {
          var now = document.querySelector(sel), next = fresh.querySelector(sel);
          if (now && next) now.innerHTML = next.innerHTML;
        });
        document.dispatchEvent(new CustomEvent("gd:refreshed"));
      });
  }
  function getJSON(url) {
    return fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; });
  }
  function watch(url, intervalMs, selectors, onData, initialStamp) {
    // The stamp rendered with the page: a change made while the first poll is on its way
    // is still noticed.
    var stamp = initialStamp === undefined ? null : initialStamp;
    function poll() {
      getJSON(url).then(function (d) {
        if (!d) return;
        if (onData) onData(d);
        if (stamp !== null && d.stamp !== stamp) {
          if (selectors && selectors.length) refresh(selectors); else window.location.reload();
        }
        stamp = d.stamp;
      }).catch(function () {});
    }
    poll();
    setInterval(poll, intervalMs || 10000);
  }
  function setCounts(d) {
    document.querySelectorAll("[data-k]").forEach(function (el) {
      var k = el.dataset.k, v = k.indexOf("count-") === 0 ? (d.counts || {})[k.slice(6)] : d[k];
      if (v !== undefined && v !== null) el.textContent = v;
    });
  }
  function applyRows(d, opts) {
    var body = document.querySelector(opts.rows + " tbody"), missing = false;
    (d.changed || []).forEach(function (row) {
      var tr = body && body.querySelector('tr[data-table="' + row.table + '"]');
      if (tr) { tr.outerHTML = row.html; } else if (opts.wants && opts.wants(row)) { missing = true; }
    });
    return missing;
  }
  function live(url, intervalMs, initial, opts) {
    var parts = String(initial).split(":"), stamp = parts[0] + ":" + parts[1];
    var seq = Number(parts[2] || 0);
    var counts = null;  // the table counts by state of the last answer (staff pages only)
    function poll() {
      var sep = url.indexOf("?") < 0 ? "?" : "&";
      getJSON(url + sep + "since=" + seq).then(function (d) {
        if (!d) return;
        if (opts.onData) opts.onData(d);
        setCounts(d);
        if (d.stamp !== stamp || d.reload) {
          refresh(opts.full.concat(opts.refresh || []));
        } else if (d.seq !== seq) {
          // The changed rows in place (the whole list when one is not on the page), and the
          // parts that follow the tables: the round's buttons (confirming all waits for an
          // entered table, locking for the last confirmed one) or the projector's lists.
          // A staff page fetches those parts only when a table changed state: a deal saved
          // on a sheet changes the round's sequence number, not what its buttons allow.
          var moved = !d.counts || JSON.stringify(d.counts) !== counts;
          var parts = moved ? (opts.refresh || []).slice() : [];
          if (opts.rows && d.changed && applyRows(d, opts)) parts.push(opts.rows);
          if (parts.length) refresh(parts);
        }
        stamp = d.stamp;
        seq = d.seq;
        if (d.counts) counts = JSON.stringify(d.counts);
      }).catch(function () {});
    }
    setInterval(poll, intervalMs || 10000);
    return { poll: poll };
  }
  var audio = null;
  function muted() { return window.localStorage && localStorage.getItem("gd-muted") === "1"; }
  function chime(times) {
    if (muted()) return;
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    audio = audio || new Ctx();
    for (var i = 0; i < times; i++) {
      var osc = audio.createOscillator(), gain = audio.createGain(), t = audio.currentTime + i * 0.6;
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.4, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.5);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + 0.55);
    }
    document.dispatchEvent(new CustomEvent("gd:chime", { detail: times }));
  }
  function muteSwitch(button) {
    if (!button) return;
    function show() { button.textContent = button.dataset[muted() ? "off" : "on"]; }
    button.addEventListener("click", function () {
      localStorage.setItem("gd-muted", muted() ? "0" : "1");
      // A click is the user gesture browsers need before they let a page play sound.
      if (!muted() && !audio && (window.AudioContext || window.webkitAudioContext)) {
        audio = new (window.AudioContext || window.webkitAudioContext)();
      }
      show();
    });
    show();
  }
  function clock(el, startedIso, limitMinutes) {
    if (!el) return;
    var rung = {};
    function tick() {
      var started = el.dataset.started || startedIso;
      if (el.dataset.done) { el.textContent = el.dataset.done; el.className = "clock"; return; }
      if (!started) { el.textContent = el.dataset.idle; return; }
      var end = new Date(started).getTime() + limitMinutes * 60000;
      var left = Math.round((end - Date.now()) / 1000);
      el.classList.toggle("warn", left <= 300 && left > 0);
      el.classList.toggle("over", left <= 0);
      // Chime once when 5 minutes are left and once at time, only when it happens while
      // the page is open (not for a page opened after the moment).
      if (left <= 300 && left > 290 && !rung.five) { rung.five = true; chime(1); }
      if (left <= 0 && left > -10 && !rung.end) { rung.end = true; chime(3); }
      if (left <= 0) { el.textContent = el.dataset.over; return; }
      var m = Math.floor(left / 60), s = left % 60;
      el.textContent = m + ":" + (s < 10 ? "0" : "") + s;
    }
    tick();
    setInterval(tick, 1000);
  }
  return { watch: watch, live: live, clock: clock, refresh: refresh, chime: chime, muteSwitch: muteSwitch };
})();
