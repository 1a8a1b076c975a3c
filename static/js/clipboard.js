// Copy buttons: a button with data-copy-from="<id of a field>" copies the field's text, one with
// data-copy-url="<address>" copies the text the address answers (the deck's text export). Where
// the clipboard refuses, the text is left selected in a field for Ctrl+C. The result is read out
// by the button's status line (aria-live). Without JavaScript the buttons stay hidden.
(function () {
  "use strict";

  function say(button, message) {
    const status = document.getElementById(button.dataset.status || "");
    if (!status) return;
    // Emptied first so that a second copy of the same text is announced again.
    status.textContent = "";
    window.setTimeout(function () { status.textContent = message; }, 50);
  }

  function fetchText(url) {
    return fetch(url, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    });
  }

  // The fallback: the text in a field of its own, selected, for the player to copy.
  function selectForCopy(button, text) {
    let field = document.getElementById(button.dataset.copyFrom || "");
    if (!field) {
      field = button.parentElement.querySelector("textarea.copy-fallback");
      if (!field) {
        field = document.createElement("textarea");
        field.className = "copy-fallback";
        field.readOnly = true;
        field.rows = 8;
        field.setAttribute("aria-label", button.textContent.trim());
        button.parentElement.appendChild(field);
      }
      field.value = text;
    }
    field.focus();
    field.select();
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch (error) {
      copied = false;
    }
    say(button, copied ? button.dataset.tCopied : button.dataset.tSelected);
  }

  function copy(button) {
    const source = document.getElementById(button.dataset.copyFrom || "");
    const text = source ? Promise.resolve(source.value) : fetchText(button.dataset.copyUrl);
    if (!navigator.clipboard || !window.isSecureContext) {
      text.then(function (value) { selectForCopy(button, value); },
        function () { say(button, button.dataset.tFailed); });
      return;
    }
    // A ClipboardItem takes the text still on its way, so the click's permission holds.
    const write = window.ClipboardItem && !source
      ? navigator.clipboard.write([new ClipboardItem({
        "text/plain": text.then(function (value) { return new Blob([value], { type: "text/plain" }); }),
      })])
      : text.then(function (value) { return navigator.clipboard.writeText(value); });
    write.then(
      function () { say(button, button.dataset.tCopied); },
      function () {
        text.then(function (value) { selectForCopy(button, value); },
          function () { say(button, button.dataset.tFailed); });
      }
    );
  }

  document.querySelectorAll("[data-copy-from], [data-copy-url]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { copy(button); });
  });
})();
