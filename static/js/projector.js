// The projector page: its clock, the live summary, and the pages the organizer chose shown
// in turn (the standings a screenful of whole rows at a time, the round's tables scrolling
// by, the sponsor's image). A static file (no inline script: the Content-Security-Policy runs
// scripts from this site only); the page's own values come in data attributes.
var c = document.getElementById("clock");
GD.clock(c, c.dataset.started || null, Number(c.dataset.limit));
GD.muteSwitch(document.getElementById("mute"));
var cfg = document.getElementById("proj-config").dataset;
window.GD_LIVE = GD.live(cfg.liveUrl, 15000, cfg.live, {
  refresh: ["#proj-live"], full: ["#proj-live", "#proj-standings"],
  onData: function (d) {
    c.dataset.started = d.started_at || "";  // the clock starts when the chief referee starts the round
    if (d.status === "locked") c.dataset.done = cfg.lockedText; else delete c.dataset.done;
  }
});
window.GD_PROJ = (function () {
  var root = document.getElementById("proj-screens");
  var screens = Array.prototype.slice.call(root.querySelectorAll(".proj-screen"));
  var seconds = Math.max(5, Number(root.dataset.seconds) || 12) * 1000;
  var current = 0, timer = null, page = 0, pages = [];
  var box = document.getElementById("proj-standings"), pager = document.getElementById("proj-pager");

  // The standings in pages of whole rows: each page starts where the first row stands,
  // under the table's head; a row whose foot would pass the box's starts the next page.
  function measure() {
    if (!box) return [];
    var rows = box.querySelectorAll("tbody tr"), found = [], start = 0, top = 0, room = 0;
    Array.prototype.forEach.call(rows, function (r) { r.hidden = false; });
    Array.prototype.forEach.call(rows, function (r, i) {
      var rect = r.getBoundingClientRect();
      if (i === 0) { top = rect.top; room = box.getBoundingClientRect().bottom - top; }
      if (i > start && rect.bottom - top > room) { found.push([start, i]); start = i; top = rect.top; }
    });
    if (rows.length) found.push([start, rows.length]);
    return found;
  }
  function remeasure() {
    if (screens[current].dataset.screen !== "standings") return;
    pages = measure();
    showPage(Math.min(page, pages.length - 1));
  }
  function showPage(n) {
    page = n;
    var rows = box.querySelectorAll("tbody tr"), range = pages[n] || [0, rows.length];
    Array.prototype.forEach.call(rows, function (r, i) { r.hidden = i < range[0] || i >= range[1]; });
    pager.textContent = pages.length > 1 ?
      pager.dataset.text.replace("%(page)s", n + 1).replace("%(pages)s", pages.length) : "";
    pager.dataset.page = n + 1;
    pager.dataset.pages = pages.length;
  }
  function show(i) {
    clearTimeout(timer);
    current = i;
    screens.forEach(function (s, j) { s.hidden = j !== i; });
    var kind = screens[i].dataset.screen;
    if (kind === "standings") {
      pages = measure();
      showPage(0);
      timer = setTimeout(step, seconds);
    } else if (kind === "sponsor") {
      timer = setTimeout(step, seconds);
    } else if (screens.length > 1) {
      timer = setTimeout(step, seconds);  // at least a turn; then when its page has scrolled by
    }
  }
  // The next standings page, or the next chosen screen after the last page.
  function step() {
    var kind = screens[current].dataset.screen;
    if (kind === "standings" && page + 1 < pages.length) {
      showPage(page + 1);
      timer = setTimeout(step, seconds);
    } else if (kind === "pairings" && !scrolledBy()) {
      timer = setTimeout(step, 1000);
    } else {
      show((current + 1) % screens.length);
    }
  }
  function scrolledBy() {
    var s = document.getElementById("scroller");
    return !s || s.scrollTop + s.clientHeight >= s.scrollHeight - 1;
  }
  // Fresh standings (a round locked), or the fonts arrived and the rows grew.
  document.addEventListener("gd:refreshed", remeasure);
  if (document.fonts) document.fonts.ready.then(remeasure);
  window.addEventListener("resize", function () { show(current); });
  show(0);
  return { show: show, step: step };
})();
(function () {
  // Scroll through one page of tables, then fetch the next page (the first after the last).
  var s = document.getElementById("scroller"), rows = document.getElementById("proj-rows");
  if (!s) return;
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
    if (busy || s.offsetParent === null) return;  // hidden while another page is shown
    if (s.scrollTop + s.clientHeight >= s.scrollHeight - 1) {
      busy = true;
      setTimeout(Number(rows.dataset.pages) > 1 ? next : function () { s.scrollTop = 0; busy = false; }, 3000);
      return;
    }
    s.scrollTop += 1;
  }, 50);
})();
