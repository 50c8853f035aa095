// The projector page: its clock, the live summary, and the tables scrolling by. A static
// file (no inline script: the Content-Security-Policy runs scripts from this site only); the
// page's own values come in the data attributes of #proj-config.
var c = document.getElementById("clock");
GD.clock(c, c.dataset.started || null, Number(c.dataset.limit));
GD.muteSwitch(document.getElementById("mute"));
var cfg = document.getElementById("proj-config").dataset;
window.GD_LIVE = GD.live(cfg.liveUrl, 15000, cfg.live, {
  refresh: ["#proj-live"], full: ["#proj-live"],
  onData: function (d) {
    c.dataset.started = d.started_at || "";  // the clock starts when the chief referee starts the round
    if (d.status === "locked") c.dataset.done = cfg.lockedText; else delete c.dataset.done;
  }
});
(function () {
  // Scroll through one page of tables, then fetch the next page (the first after the last).
  var s = document.getElementById("scroller"), rows = document.getElementById("proj-rows");
  var busy = false;
  function next() {
    var pages = Number(rows.dataset.pages), page = Number(rows.dataset.page) % pages + 1;
    busy = true;
    fetch("?page=" + page + "&part=rows", { cache: "no-store" })
      .then(function (r) { return r.text(); })
      .then(function (html) { rows.innerHTML = html; rows.dataset.page = page; s.scrollTop = 0; })
      .finally(function () { setTimeout(function () { busy = false; }, 3000); });
  }
  setInterval(function () {
    if (busy) return;
    if (s.scrollTop + s.clientHeight >= s.scrollHeight - 1) {
      busy = true;
      setTimeout(Number(rows.dataset.pages) > 1 ? next : function () { s.scrollTop = 0; busy = false; }, 3000);
      return;
    }
    s.scrollTop += 1;
  }, 50);
})();
