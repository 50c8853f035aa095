/* Refresh a page when its round changes (results entered, status moved), and run the clock. */
var GD = (function () {
  "use strict";
  function watch(url, intervalMs) {
    var stamp = null;
    function poll() {
      fetch(url, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (d) {
          if (!d) return;
          if (stamp !== null && d.stamp !== stamp) window.location.reload();
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
      if (!startedIso) { el.textContent = "未开赛"; return; }
      var end = new Date(startedIso).getTime() + limitMinutes * 60000;
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
  return { watch: watch, clock: clock };
})();
