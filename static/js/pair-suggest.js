// The list of names of a form that names pairs (keep apart, draw, adjust a draft). As the
// organizer types in a pair's field, the pairs that match (by draw number, pair, player or
// unit name, pinyin too) are asked of the form's data-suggest address (pair_names) and
// offered in the fields' shared <datalist>. Without this script the fields still take a draw
// number or a whole name, which the server resolves.
(function () {
  "use strict";
  const form = document.querySelector("form[data-suggest]");
  const list = document.getElementById("pair-names");
  if (!form || !list) return;
  let timer = null;
  let asked = "";

  function fill(pairs) {
    list.replaceChildren(...pairs.map((pair) => {
      const option = document.createElement("option");
      option.value = pair.name;
      option.label = pair.label;
      return option;
    }));
  }

  form.addEventListener("input", (event) => {
    const field = event.target;
    if (field.getAttribute("list") !== list.id) return;
    const query = field.value.trim();
    clearTimeout(timer);
    if (!query || query === asked) return;
    // One request once typing pauses, not one a keystroke.
    timer = setTimeout(() => {
      asked = query;
      fetch(form.dataset.suggest + encodeURIComponent(query), { credentials: "same-origin" })
        .then((response) => (response.ok ? response.json() : { pairs: [] }))
        .then((data) => { if (field.value.trim() === query) fill(data.pairs); })
        .catch(() => {});  // offline for a moment: the field still takes a number or a name
    }, 200);
  });
})();
