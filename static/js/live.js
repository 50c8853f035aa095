/* Keep a page current without reloading it: poll the round's small status JSON and, when it
   changed, fetch the page again and swap in the parts named by `selectors` (the table of
   tables, the pairings list…). Without selectors the page reloads. Also runs the clock. */
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
  function watch(url, intervalMs, selectors, onData, initialStamp) {
    // The stamp rendered with the page: a change made while the first poll is on its way
    // is still noticed.
    var stamp = initialStamp === undefined ? null : initialStamp;
    function poll() {
      fetch(url, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (d) {
          if (!d) return;
          if (onData) onData(d);
          if (stamp !== null && d.stamp !== stamp) {
            if (selectors && selectors.length) refresh(selectors); else window.location.reload();
          }
          stamp = d.stamp;
        })
        .catch(function () {});
    }
    poll();
    setInterval(poll, intervalMs || 10000);
  }
  function clock(el, startedIso, limitMinutes) {
    if (!el) return;
    function tick() {
      var started = el.dataset.started || startedIso;
      if (!started) { el.textContent = "未开赛"; return; }
      var end = new Date(started).getTime() + limitMinutes * 60000;
      var left = Math.round((end - Date.now()) / 1000);
      el.classList.toggle("warn", left <= 300 && left > 0);
      el.classList.toggle("over", left <= 0);
      if (left <= 0) { el.textContent = "时间到"; return; }
      var m = Math.floor(left / 60), s = left % 60;
      el.textContent = m + ":" + (s < 10 ? "0" : "") + s;
    }
    tick();
    setInterval(tick, 1000);
  }
  return { watch: watch, clock: clock, refresh: refresh };
})();
