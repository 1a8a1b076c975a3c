// A card's face in a small popover: on hover or keyboard focus of a card's name, or on a long
// press on a touch screen. Names carry the face in data-preview; a builder search result's own
// thumbnail gives its face.
(function () {
  "use strict";
  const LONG_PRESS_MS = 450;
  const WIDTH = 220; // .card-preview's width in site.css
  let box = null;
  let shownFor = null;
  let pressTimer = null;
  let pressed = null; // the link a long press opened the preview on: its click is not followed

  function faceOf(el) {
    if (el.dataset.preview) return el.dataset.preview;
    const row = el.closest(".result-line");
    const img = row && row.querySelector("img");
    return img ? img.getAttribute("src") : null;
  }

  function target(el) {
    return el instanceof Element ? el.closest("a[data-preview], .result-line .result-text a") : null;
  }

  function popover() {
    if (box) return box;
    box = document.createElement("div");
    box.className = "card-preview";
    box.id = "card-preview";
    box.setAttribute("role", "tooltip");
    const img = document.createElement("img");
    box.append(img);
    document.body.append(box);
    return box;
  }

  function show(el) {
    const src = faceOf(el);
    if (!src) return;
    const pop = popover();
    const img = pop.firstChild;
    if (img.getAttribute("src") !== src) img.src = src;
    img.alt = el.textContent.trim();
    pop.style.display = "block";
    shownFor = el;
    el.setAttribute("aria-describedby", pop.id);
    place(el);
  }

  // Beside the name, kept inside the window: right of it if there is room, else left, else below.
  function place(el) {
    const rect = el.getBoundingClientRect();
    const height = box.offsetHeight || WIDTH * 1.4;
    const room = window.innerWidth;
    let left = rect.right + 12;
    if (left + WIDTH > room - 4) left = rect.left - WIDTH - 12;
    let top = rect.top - 20;
    if (left < 4) {
      left = Math.max(4, Math.min(rect.left, room - WIDTH - 4));
      top = rect.bottom + 6;
      if (top + height > window.innerHeight - 4) top = rect.top - height - 6;
    }
    top = Math.max(4, Math.min(top, window.innerHeight - height - 4));
    box.style.left = left + "px";
    box.style.top = top + "px";
  }

  function hide() {
    if (box) box.style.display = "none";
    if (shownFor) shownFor.removeAttribute("aria-describedby");
    shownFor = null;
  }

  document.addEventListener("mouseover", function (event) {
    const el = target(event.target);
    if (el && el !== shownFor) show(el);
  });
  document.addEventListener("mouseout", function (event) {
    const el = target(event.target);
    if (el && el === shownFor && !el.contains(event.relatedTarget)) hide();
  });
  document.addEventListener("focusin", function (event) {
    const el = target(event.target);
    if (el) show(el); else hide();
  });
  document.addEventListener("focusout", function (event) {
    if (target(event.target) === shownFor) hide();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") hide();
  });
  // The popover is fixed to the window: it follows its name when the page scrolls.
  window.addEventListener("scroll", function () { if (shownFor) place(shownFor); }, { passive: true });

  document.addEventListener("touchstart", function (event) {
    const el = target(event.target);
    clearTimeout(pressTimer);
    pressed = null;
    if (!el) { hide(); return; }
    pressTimer = setTimeout(function () { pressed = el; show(el); }, LONG_PRESS_MS);
  }, { passive: true });
  ["touchend", "touchmove", "touchcancel"].forEach(function (type) {
    document.addEventListener(type, function () { clearTimeout(pressTimer); }, { passive: true });
  });
  // A long press shows the face: it neither follows the link nor opens the browser's menu.
  document.addEventListener("contextmenu", function (event) {
    if (pressed && target(event.target) === pressed) event.preventDefault();
  });
  document.addEventListener("click", function (event) {
    if (pressed && target(event.target) === pressed) {
      event.preventDefault();
      pressed = null;
    }
  }, true);
})();
