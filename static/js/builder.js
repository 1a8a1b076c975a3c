// The deck builder: counts change at once on screen, are kept as a draft in this browser, and
// are saved to the server after each change; the server answers with the re-rendered deck,
// totals and rules verdict. Without JavaScript the same buttons post plain forms.
(function () {
  "use strict";
  const root = document.getElementById("builder");
  if (!root) return;

  const saveUrl = root.dataset.saveUrl;
  const builderUrl = root.dataset.builderUrl;
  const draftKey = "deck-draft:" + root.dataset.deck;
  const csrf = document.querySelector("input[name=csrfmiddlewaretoken]").value;
  const statusLine = document.getElementById("save-status");
  const conflictBox = document.getElementById("conflict");
  let version = Number(root.dataset.version);
  let counts = JSON.parse(document.getElementById("deck-counts").textContent);
  let settings = null; // name, faction, visibility, description waiting to be saved
  let saving = false;
  let dirty = false;
  let conflicted = false;
  let timer = null;

  function say(text) {
    statusLine.textContent = text;
  }

  function showCounts() {
    document.querySelectorAll("[data-count-for]").forEach(function (el) {
      el.textContent = counts[el.dataset.countFor] || 0;
    });
  }

  function writeDraft() {
    try {
      localStorage.setItem(draftKey, JSON.stringify({ base: version, cards: counts }));
    } catch (e) { /* private mode or full storage: the server save still happens */ }
  }

  function clearDraft() {
    try { localStorage.removeItem(draftKey); } catch (e) { /* nothing kept */ }
  }

  function setVersion(v) {
    version = v;
    root.dataset.version = String(v);
    document.querySelectorAll("input[name=version]").forEach(function (input) {
      input.value = String(v);
    });
  }

  function schedule(delay, quiet) {
    dirty = true;
    if (!quiet) say(root.dataset.tSaving);
    clearTimeout(timer);
    timer = setTimeout(save, delay === undefined ? 150 : delay);
  }

  function change(cardId, delta) {
    const next = Math.max(0, (counts[cardId] || 0) + delta);
    if (next) counts[cardId] = next; else delete counts[cardId];
    showCounts();
    writeDraft();
    if (!conflicted) schedule();
  }

  function swap(id, html) {
    const target = document.getElementById(id);
    if (target) target.innerHTML = html;
  }

  async function save() {
    if (saving || !dirty || conflicted) return;
    saving = true;
    dirty = false;
    const body = Object.assign({ version: version, cards: counts }, settings || {});
    const sentSettings = settings;
    let retry = false;
    try {
      const response = await fetch(saveUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
        body: JSON.stringify(body),
      });
      const data = await response.json();
      if (response.status === 409) {
        dirty = true;
        showConflict(data.error, data.current_version);
      } else if (!response.ok) {
        say(data.error);
      } else {
        if (settings === sentSettings) settings = null;
        setVersion(data.version);
        swap("deck-panel", data.panels.deck);
        swap("verdict-panel", data.panels.verdict);
        swap("totals-panel", data.panels.totals);
        if (!dirty) clearDraft(); else writeDraft();
        showCounts();
        say(root.dataset.tSaved);
      }
    } catch (error) {
      dirty = true;
      retry = true;
      say(root.dataset.tOffline);
    } finally {
      saving = false;
    }
    if (dirty && !conflicted) schedule(retry ? 3000 : 0, retry);
  }

  function showConflict(message, currentVersion) {
    conflicted = true;
    document.getElementById("conflict-message").textContent = message;
    conflictBox.hidden = false;
    conflictBox.dataset.currentVersion = String(currentVersion);
    say("");
  }

  document.getElementById("keep-mine").addEventListener("click", function () {
    conflicted = false;
    conflictBox.hidden = true;
    setVersion(Number(conflictBox.dataset.currentVersion));
    writeDraft();
    schedule(0);
  });

  document.getElementById("take-theirs").addEventListener("click", function () {
    clearDraft();
    window.location.reload();
  });

  // +/− buttons anywhere in the builder (search results and the deck list alike).
  root.addEventListener("submit", function (event) {
    const form = event.target;
    if (form.classList.contains("count-buttons")) {
      event.preventDefault();
      const button = event.submitter || form.querySelector("button[data-delta='1']");
      change(button.dataset.card, Number(button.dataset.delta));
    } else if (form.id === "settings-form") {
      event.preventDefault();
      const data = new FormData(form);
      settings = {};
      ["name", "faction", "visibility", "description"].forEach(function (key) {
        settings[key] = data.get(key);
      });
      document.querySelector(".deck-name").textContent = settings.name;
      writeDraft();
      schedule(0);
    } else if (form.id === "card-search") {
      event.preventDefault();
      search(new URLSearchParams(new FormData(form)).toString());
    }
  });

  // + or − on a focused card row, as on a keypad.
  root.addEventListener("keydown", function (event) {
    if (event.target.closest("input, textarea, select")) return;
    const row = event.target.closest("[data-card]");
    if (!row) return;
    if (event.key === "+" || event.key === "=") {
      event.preventDefault();
      change(row.dataset.card, 1);
    } else if (event.key === "-" || event.key === "_") {
      event.preventDefault();
      change(row.dataset.card, -1);
    }
  });

  async function search(query) {
    const url = builderUrl + (query ? "?" + query : "");
    const response = await fetch(url, { headers: { "X-Fragment": "cards" }, credentials: "same-origin" });
    if (!response.ok) return;
    const holder = document.createElement("div");
    holder.innerHTML = await response.text();
    const fresh = holder.querySelector("#card-results");
    document.getElementById("card-results").replaceWith(fresh);
    showCounts();
    window.history.replaceState(null, "", url);
  }

  const searchForm = document.getElementById("card-search");
  searchForm.addEventListener("change", function (event) {
    if (event.target.name !== "q") search(new URLSearchParams(new FormData(searchForm)).toString());
  });
  root.addEventListener("click", function (event) {
    const link = event.target.closest("#card-results .pagination a");
    if (!link) return;
    event.preventDefault();
    search(new URL(link.href).search.slice(1));
  });

  // A draft left by a closed tab: resume it if the deck has not moved on, else ask.
  let draft = null;
  try { draft = JSON.parse(localStorage.getItem(draftKey) || "null"); } catch (e) { draft = null; }
  if (draft && JSON.stringify(draft.cards) !== JSON.stringify(counts)) {
    counts = draft.cards;
    showCounts();
    if (draft.base === version) schedule(0);
    else { dirty = true; showConflict(root.dataset.tDraft, version); }
  } else if (draft) {
    clearDraft();
  }
})();
