/* "Copy link" (fuzhi lianjie): the button (hidden without JavaScript) copies the page's address. The clipboard
   API needs a secure page (HTTPS or localhost); on plain HTTP at a venue the address is put in
   a text field and copied with execCommand. Offline, no library. */
(function () {
  "use strict";

  function fallback(text) {
    var field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.style.position = "fixed";
    field.style.opacity = "0";
    document.body.appendChild(field);
    field.select();
    var done = false;
    try {
      done = document.execCommand("copy");
    } catch (e) {
      done = false;
    }
    document.body.removeChild(field);
    return done;
  }

  function say(button, word) {
    var was = button.getAttribute("data-label") || button.textContent;
    button.setAttribute("data-label", was);
    button.textContent = word;
    window.setTimeout(function () { button.textContent = was; }, 2000);
  }

  function copy(button) {
    var url = window.location.href.split("#")[0];
    var ok = function () { say(button, button.getAttribute("data-copied")); };
    var bad = function () {
      if (fallback(url)) { ok(); } else { say(button, button.getAttribute("data-failed")); }
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(url).then(ok, bad);
    } else {
      bad();
    }
  }

  document.querySelectorAll("button.copy-link").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { copy(button); });
  });
})();
