/* Ask before acting: a form with data-ask="question" is sent only when the user answers
   OK to the question (the computer draw, confirm all, lock the round). One listener on
   the document, so forms that a page's refresh puts back (live.js) ask too; without
   JavaScript the form is sent as before. */
document.addEventListener("submit", function (event) {
  "use strict";
  var ask = event.target.getAttribute && event.target.getAttribute("data-ask");
  if (ask && !window.confirm(ask)) event.preventDefault();
}, true);
