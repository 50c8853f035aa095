/* Deal-by-deal score sheet: every tap saves the whole sheet, so a dropped phone loses nothing.
   The server (the rules engine) is the only judge of levels; this page only shows its answer. */
(function () {
  "use strict";
  var root = document.getElementById("sheet");
  if (!root) return;
  var api = root.dataset.api;
  var foulApi = root.dataset.foulApi;
  var csrf = root.querySelector("input[name=csrfmiddlewaretoken]").value;
  var sheet = null;
  var pendingWin = null;
  // Every text this script writes comes from the page (#sheet-texts), translated there.
  var T = document.getElementById("sheet-texts").dataset;
  var SIDE = { EW: T.ew, NS: T.ns };
  function fill(text, key, value) { return text.replace("{" + key + "}", value); }

  function $(id) { return document.getElementById(id); }
  function say(text, kind) {
    var box = $("message");
    box.textContent = text || "";
    box.className = "msg " + (kind || "");
    box.hidden = !text;
  }
  function show(s) {
    sheet = s;
    root.dataset.ready = "yes"; // the sheet is loaded: taps now act on it (tests wait for it)
    $("level-EW").textContent = s.ew === "A+" ? T.passedA : s.ew;
    $("level-NS").textContent = s.ns === "A+" ? T.passedA : s.ns;
    ["EW", "NS"].forEach(function (side) {
      var parts = [];
      if (s.a_attempts[side]) parts.push(fill(T.attempts, "n", s.a_attempts[side]));
      if (s.fouls[side]) parts.push(T.fouls + " " + s.fouls[side]);
      $("meta-" + side).textContent = parts.join(" · ");
      $("side-" + side).classList.toggle("playing", s.played_by === side);
    });
    $("played").textContent = s.level_played;
    $("played-by").textContent = s.played_by ? fill(T.playedBy, "side", SIDE[s.played_by]) : "";
    $("deals").textContent = s.deals;
    $("notation").textContent = s.notation;
    var list = $("events");
    list.innerHTML = "";
    s.events.forEach(function (text) { var li = document.createElement("li"); li.textContent = text; list.appendChild(li); });
    var done = s.finished;
    root.querySelectorAll("#controls button:not(#undo), #controls select").forEach(function (b) { b.disabled = done; });
    $("undo").disabled = !s.steps.length || s.state === "confirmed";
    if (done) say(s.winner ? fill(T.won, "side", SIDE[s.winner]) : T.drawn, "ok");
  }
  function post(url, body) {
    say(T.saving);
    return fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify(body),
      credentials: "same-origin",
    }).then(function (r) { return r.json().then(function (data) { return { status: r.status, data: data }; }); })
      .then(function (res) {
        if (res.data.sheet) show(res.data.sheet);
        if (res.data.ok) { if (!sheet.finished) say(T.saved, "ok"); }
        else say(res.data.error || T.failed, "error");
      })
      .catch(function () { say(T.offline, "error"); });
  }
  function save(steps) { return post(api, { version: sheet.version, steps: steps }); }
  function add(step) { return save(sheet.steps.concat([step])); }
  function step(which) {
    $("step-win").hidden = which !== "win";
    $("step-partner").hidden = which !== "partner";
  }
  root.addEventListener("click", function (ev) {
    var b = ev.target.closest("button");
    if (!b || !sheet) return;
    if (b.dataset.win) { pendingWin = b.dataset.win; $("winner-label").textContent = SIDE[pendingWin]; step("partner"); }
    else if (b.dataset.partner) { add({ win: pendingWin, partner: Number(b.dataset.partner) }); step("win"); }
    else if (b.hasAttribute("data-cancel")) step("win");
    else if (b.dataset.penalty) add({ penalty: b.dataset.penalty, levels: Number(b.dataset.levels) });
    else if (b.dataset.foul && foulApi) {
      post(foulApi, { side: $("foul-side").value, kind: $("foul-kind").value, severity: b.dataset.foul });
    }
    else if (b.hasAttribute("data-time")) { if (confirm(T.confirmTime)) add({ time: true }); }
    else if (b.id === "undo") { if (sheet.steps.length) save(sheet.steps.slice(0, -1)); }
  });
  fetch(api, { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (d) { show(d.sheet); });
})();
