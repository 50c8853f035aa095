// Behaviours of every page, without inline script (the Content-Security-Policy runs scripts
// from this site only, so no onchange="..." in the templates):
//   <select data-autosubmit> submits its form when changed (data-autosubmit="request": through
//   requestSubmit, so that the form's own submit handlers run);
//   <form data-confirm="question"> asks before it is sent;
//   [data-gd-watch] and [data-gd-round-live] start the live updates of live.js with the
//   values the page put in their data attributes;
//   [data-gd-refresh="selector"] reloads that part of the page every data-every ms;
//   <form data-forget-offline> (logging out) tells the service worker (sw.js) to drop the
//   pages it kept for the account before the form is sent.
(function () {
  document.addEventListener("change", function (e) {
    var el = e.target;
    if (!el.matches || !el.matches("[data-autosubmit]") || !el.form) return;
    if (el.dataset.autosubmit === "request") el.form.requestSubmit(); else el.form.submit();
  });
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) e.preventDefault();
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (form.dataset && "forgetOffline" in form.dataset && worker) worker.postMessage({forget: true});
  });
  if (!window.GD) return;
  var watch = document.querySelector("[data-gd-watch]");
  if (watch) GD.watch(watch.dataset.gdWatch, 20000, ["#by-table"], null, watch.dataset.stamp);
  document.querySelectorAll("[data-gd-refresh]").forEach(function (el) {
    setInterval(function () { GD.refresh([el.dataset.gdRefresh]); }, +el.dataset.every || 15000);
  });
  var round = document.querySelector("[data-gd-round-live]");
  if (round) {
    var attention = round.dataset.state === "attention";
    window.GD_LIVE = GD.live(round.dataset.gdRoundLive, 8000, round.dataset.live, {
      rows: "#tables", full: ["#live-summary", "#round-status", ".toolbar", "#tables"],
      refresh: [".toolbar"],  // its buttons follow the tables (confirm all, lock)
      // A table that now needs attention appears in the attention view without a reload.
      wants: function (row) {
        return attention && (row.state === "disputed" || row.state === "entered");
      }
    });
  }
})();
