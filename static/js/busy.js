/* Long actions say they are working: a form or a link marked data-busy="Working…" (pairing,
   lock, imports, backups, exports) disables its buttons and shows that label until the next
   page comes, and a second press sends nothing. One listener on the document, so forms that
   a page's refresh puts back (live.js) are covered too; without JavaScript nothing changes.

   The pressed button's name and value go with the form as a hidden copy: a disabled button
   is left out of what the form sends (the round actions and the results import read it).
   Coming back to the page (the back button keeps it in memory) undoes it all. */
(function () {
  "use strict";
  var LINK_WAIT = 10000; // a download leaves the page where it is: the link comes back

  function mark(el, label) {
    el.setAttribute("data-busy-was", el.textContent);
    el.textContent = label;
    el.classList.add("busy");
    el.setAttribute("aria-busy", "true");
  }

  function unmark(el) {
    if (el.hasAttribute("data-busy-was")) el.textContent = el.getAttribute("data-busy-was");
    el.removeAttribute("data-busy-was");
    el.classList.remove("busy");
    el.removeAttribute("aria-busy");
    if (el.tagName === "BUTTON") el.disabled = false;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form.hasAttribute || !form.hasAttribute("data-busy")) return;
    if (form.classList.contains("busy-form")) { event.preventDefault(); return; }
    var pressed = event.submitter;
    var buttons = form.querySelectorAll("button:not([type=button])");
    if (!pressed && buttons.length) pressed = buttons[0];
    if (pressed && pressed.name) {
      var copy = document.createElement("input");
      copy.type = "hidden";
      copy.name = pressed.name;
      copy.value = pressed.value;
      copy.setAttribute("data-busy-copy", "");
      form.appendChild(copy);
    }
    form.classList.add("busy-form");
    if (pressed) mark(pressed, form.getAttribute("data-busy"));
    buttons.forEach(function (b) { b.disabled = true; });
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-busy]");
    if (!link || link.classList.contains("busy")) return;
    mark(link, link.getAttribute("data-busy"));
    setTimeout(function () { unmark(link); }, LINK_WAIT);
  });

  window.addEventListener("pageshow", function () {
    document.querySelectorAll("[data-busy-copy]").forEach(function (el) { el.remove(); });
    document.querySelectorAll(".busy-form").forEach(function (form) {
      form.classList.remove("busy-form");
      form.querySelectorAll("button").forEach(unmark);
    });
    document.querySelectorAll("a.busy").forEach(unmark);
  });
})();
