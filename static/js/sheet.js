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
  var FOUL_STEPS = JSON.parse(document.getElementById("foul-steps").textContent);
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
    sheet.kept = 0;
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
  // Every save goes through the phone's outbox (outbox.js): kept there until the server has
  // it. Offline, the tap is applied here (the steps, the version the server will give) and
  // the levels wait for the server, the only judge of them.
  function post(url, body, local) {
    say(T.saving);
    if (!window.gdOutbox) return direct(url, body);
    // A foul changes the sheet: the phone's copy of the sheet's data is kept anew after it.
    var entry = { kind: "json", url: url, body: body, label: T.label, shows: new URL(api, location.href).href };
    return window.gdOutbox.keep(entry).then(function (res) {
      if (res.status === "kept") { local(); pendingShown(); }
      else answer(res.data || {});
    });
  }
  function direct(url, body) {
    return fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify(body),
      credentials: "same-origin",
    }).then(function (r) { return r.json(); }).then(answer)
      .catch(function () { say(T.offline, "error"); });
  }
  function answer(data) {
    if (data.sheet) show(data.sheet);
    if (data.ok) { if (data.message) say(data.message, "warning"); else if (!sheet.finished) say(T.saved, "ok"); }
    else say(data.error || T.failed, "error");
  }
  // What the server will do with a kept entry, done here meanwhile (foul steps as the server
  // writes them: #foul-steps, made by tournament.results.fouls.foul_step).
  function keptSave(body) { sheet.steps = body.steps; sheet.version = body.version + 1; sheet.kept += 1; }
  function keptFoul(body) {
    var recipe = FOUL_STEPS[body.kind + ":" + body.severity];
    if (recipe && sheet.steps.length && (sheet.state === "empty" || sheet.state === "in_play")) {
      var stepNow = JSON.parse(JSON.stringify(recipe).replace(/"\{side\}"/g, JSON.stringify(body.side)));
      sheet.steps = sheet.steps.concat([stepNow]);
    }
    if (sheet.state !== "disputed") sheet.version += 1;
    sheet.kept += 1;
  }
  function pendingShown() {
    $("deals").textContent = sheet.steps.filter(function (s) { return s && s.win; }).length;
    $("notation").textContent = T.keptNotation.replace("{n}", sheet.kept);
    $("undo").disabled = !sheet.steps.length;
    say(T.kept.replace("{n}", sheet.kept), "warning");
  }
  function save(steps) {
    var body = { version: sheet.version, steps: steps };
    return post(api, body, function () { keptSave(body); });
  }
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
      var foul = { side: $("foul-side").value, kind: $("foul-kind").value, severity: b.dataset.foul };
      post(foulApi, foul, function () { keptFoul(foul); });
    }
    else if (b.hasAttribute("data-time")) { if (confirm(T.confirmTime)) add({ time: true }); }
    else if (b.id === "undo") { if (sheet.steps.length) save(sheet.steps.slice(0, -1)); }
  });
  // The sheet as the server (or the phone's copy of it) has it, then what waits on the phone.
  function load() {
    return fetch(api, { credentials: "same-origin" }).then(function (r) { return r.json(); })
      .then(function (d) {
        var waiting = window.gdOutbox ? window.gdOutbox.pendingFor([api, foulApi]) : Promise.resolve([]);
        return waiting.then(function (list) {
          show(d.sheet);
          sheet.kept = 0;
          list.forEach(function (e) { if (e.body.steps) keptSave(e.body); else keptFoul(e.body); });
          if (sheet.kept) pendingShown();
        });
      }).catch(function () { say(T.offline, "error"); });
  }
  // Once what waited has reached the server, its levels are shown.
  document.addEventListener("outbox:sent", function () { if (sheet && sheet.kept) load(); });
  load();
})();
