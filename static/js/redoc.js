// Start Redoc on the API docs page (templates/api/redoc.html): a file, not an inline script, as
// the site's Content-Security-Policy runs no inline script.
(function () {
  "use strict";
  var container = document.getElementById("redoc-container");
  Redoc.init(container.dataset.schemaUrl, JSON.parse(container.dataset.settings), container);
})();
