// A page restored from the back-forward cache shows the deck as it was when left, though it may
// have been saved since (the builder is a click away): load it again.
window.addEventListener("pageshow", function (event) {
  "use strict";
  if (event.persisted) window.location.reload();
});
