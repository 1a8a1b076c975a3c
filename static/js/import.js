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

  // A card the import did not find: each card it may mean is a button that puts the line naming
  // it in place of the faulty one (the line as numbered, or where that text now stands).
  const problems = document.getElementById("import-problems");
  if (problems) {
    problems.querySelectorAll("button.import-fix").forEach(function (button) { button.hidden = false; });
    problems.addEventListener("click", function (event) {
      const button = event.target.closest("button.import-fix");
      const text = form.querySelector("textarea[name=text]");
      if (!button || !text) return;
      const lines = text.value.split("\n");
      let at = Number(button.dataset.fixLine) - 1;
      if (!lines[at] || lines[at].trim() !== button.dataset.fixText) {
        at = lines.findIndex(function (line) { return line.trim() === button.dataset.fixText; });
      }
      if (at < 0) return;
      lines[at] = button.dataset.fix;
      text.value = lines.join("\n");
      const item = button.closest("li");
      item.querySelectorAll("button.import-fix").forEach(function (fix) { fix.remove(); });
      item.classList.add("fixed");
    });
  }

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
