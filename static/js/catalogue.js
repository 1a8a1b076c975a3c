// The catalogue's filters apply at once: htmx swaps the results and the facets in place. The
// swap replaces the checkbox the player just used, so the focus goes back to its successor.
(function () {
  "use strict";
  let focused = null;
  document.addEventListener("htmx:beforeRequest", function () {
    const active = document.activeElement;
    focused = active && active.name ? { name: active.name, value: active.value } : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!focused) return;
    const candidates = document.querySelectorAll("form.facets [name='" + CSS.escape(focused.name) + "']");
    const input = Array.from(candidates).find(function (element) {
      return element.type !== "checkbox" || element.value === focused.value;
    });
    if (input && document.activeElement !== input) input.focus();
    focused = null;
  });
  // A filter left blank says nothing: the address and the request leave it out, so a link to
  // the page holds only what was chosen.
  document.addEventListener("htmx:configRequest", function (event) {
    const data = event.detail.formData;
    if (!data) return;
    Array.from(new Set(data.keys())).forEach(function (name) {
      if (data.getAll(name).every(function (value) { return value === ""; })) data.delete(name);
    });
  });
  // On a phone the results lie below the filters: "Show N cards" folds the filters away and
  // brings the results into sight, while the form's submit still goes on.
  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-show-results]");
    if (!button) return;
    const fold = button.closest("details");
    if (fold) fold.open = false;
    focused = null;
    const results = document.getElementById("results");
    if (results) results.scrollIntoView({ block: "start" });
  });
})();
