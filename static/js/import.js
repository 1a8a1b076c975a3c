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
