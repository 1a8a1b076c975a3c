// The import page: a paste or file over the size limit is caught before it is sent, so the text
// stays in the field as typed. Without JavaScript the server answers with the same limits.
(function () {
  "use strict";
  const form = document.getElementById("import-form");
  if (!form) return;
  const maxChars = Number(form.dataset.maxChars);
  const problem = document.getElementById("import-size-problem");

  // A form sends a textarea's line ends as CRLF, and the server counts what is sent.
  function sentLength(value) {
    return value.length + (value.match(/\n/g) || []).length;
  }

  function show(message) {
    problem.textContent = message;
    problem.hidden = false;
  }

  // Only the chosen game's options are shown; with the game left to the import, all of them.
  function showOptions() {
    const chosen = form.querySelector("input[name=game]:checked");
    const game = chosen ? chosen.value : "";
    form.querySelectorAll(".import-option[data-game]").forEach(function (option) {
      option.hidden = game !== "" && option.dataset.game !== game;
    });
  }
  form.querySelectorAll("input[name=game]").forEach(function (radio) {
    radio.addEventListener("change", showOptions);
  });
  showOptions();

  form.addEventListener("submit", function (event) {
    const text = form.querySelector("textarea[name=text]");
    const file = form.querySelector("input[type=file][name=file]");
    problem.hidden = true;
    if (file && file.files.length && file.files[0].size > maxChars) {
      event.preventDefault();
      show(form.dataset.tFileTooLarge);
    } else if (text && sentLength(text.value) > maxChars) {
      event.preventDefault();
      show(form.dataset.tTooLong.replace("COUNT", String(sentLength(text.value))));
      text.focus();
    }
  });
})();
