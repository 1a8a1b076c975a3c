// The deck builder: counts change at once on screen, are kept as a draft in this browser, and
// are saved to the server after each change; the server answers with the re-rendered deck,
// totals and rules verdict. Without JavaScript the same buttons post plain forms.
(function () {
  "use strict";
  const root = document.getElementById("builder");
  if (!root) return;
  if (stalePage()) return;
  // The phone layout (panes, drawer, sheet) needs this script; without it all is shown stacked.
  root.classList.add("js", "pane-search");

  const saveUrl = root.dataset.saveUrl;
  const builderUrl = root.dataset.builderUrl;
  // Each tab keeps its unsent or refused changes under a key of its own, so that a save in one
  // tab never clears what another could not save; a closed tab's draft is offered to the next
  // builder opened on the deck (README, "Drafts in the builder").
  const tabId = tabIdentity();
  const draftPrefix = "deck-draft:" + root.dataset.deck + ":";
  const draftKey = draftPrefix + tabId;
  const oldDraftKey = "deck-draft:" + root.dataset.deck; // one draft for all tabs, as kept before
  const TAB_LOCK = "deck-builder-tab:";
  const csrf = document.querySelector("input[name=csrfmiddlewaretoken]").value;
  const statusLine = document.getElementById("save-status");
  const conflictBox = document.getElementById("conflict");
  const barConflict = document.getElementById("bar-conflict");
  const settingsForm = document.getElementById("settings-form");
  const deckName = document.querySelector(".deck-name");
  // The settings are the form's own fields: the name, the game's deck options, the rest.
  const SETTINGS = Array.from(new Set(Array.from(settingsForm.elements)
    .map(function (field) { return field.name; })
    .filter(function (name) { return name && name !== "csrfmiddlewaretoken" && name !== "version" && name !== "next"; })));
  let version = Number(root.dataset.version);
  let base = version; // the version the changes on screen were made to, as the draft says
  let counts = JSON.parse(document.getElementById("deck-counts").textContent);
  let savedCounts = JSON.stringify(counts); // the cards as the server last stored them
  let savedName = deckName.textContent;
  let settings = null; // the settings waiting to be saved
  let saving = false;
  let dirty = false;
  let conflicted = false;
  let signedOut = false; // the session ended: nothing is sent until the page is loaded again
  let timer = null;
  // The quick-add text waiting to be sent with the next save: {text, box}, box false for the
  // line of a suggestion clicked (the box then keeps its other lines).
  let pendingAdd = null;
  const undoStack = []; // the counts before each change, newest last
  const UNDO_DEPTH = 200;
  let lastTap = null; // the card row the player last changed, to show a broken rule there
  const undoButton = document.getElementById("undo");
  const quickAddText = document.getElementById("quick-add-text");
  const quickAddProblems = document.getElementById("quick-add-problems");

  function say(text, problem) {
    statusLine.textContent = text;
    statusLine.classList.toggle("problem", Boolean(problem));
  }

  // Counts are kept per card and section, "<card id>:<section id>"; a search result shows the
  // card's copies in all sections.
  function cardTotal(cardId) {
    return Object.keys(counts).reduce(function (sum, key) {
      return key.split(":")[0] === String(cardId) ? sum + counts[key] : sum;
    }, 0);
  }

  function showCounts() {
    document.querySelectorAll("[data-count-for]").forEach(function (el) {
      el.textContent = counts[el.dataset.countFor] || 0;
    });
    document.querySelectorAll("[data-count-for-card]").forEach(function (el) {
      el.textContent = cardTotal(el.dataset.countForCard);
    });
  }

  // The newest version this tab has seen of the deck. A reload sent while a save was on its way
  // can be answered with the page as it was before that save, though the save's answer reached
  // the page being left: such a page is loaded again, once, or its next save would be refused.
  function seenKey() { return "deck-seen-version:" + root.dataset.deck; }

  function rememberSeen(v) {
    try { sessionStorage.setItem(seenKey(), String(v)); } catch (e) { /* this page alone */ }
  }

  function stalePage() {
    const shown = Number(root.dataset.version);
    let seen = 0;
    let reloaded = null;
    try {
      seen = Number(sessionStorage.getItem(seenKey()) || 0);
      reloaded = sessionStorage.getItem(seenKey() + ":reloaded");
      sessionStorage.removeItem(seenKey() + ":reloaded");
    } catch (e) { return false; }
    // Loaded again and still older (a database restored from a backup): take the page as it is.
    if (seen > shown && reloaded !== String(seen)) {
      try { sessionStorage.setItem(seenKey() + ":reloaded", String(seen)); } catch (e) { return false; }
      window.location.reload();
      return true;
    }
    rememberSeen(shown);
    return false;
  }

  // A tab's id lives in its sessionStorage, so a reload of the tab finds its own draft again.
  function tabIdentity() {
    let id = null;
    try { id = sessionStorage.getItem("deck-builder-tab"); } catch (e) { id = null; }
    if (!id) {
      id = Date.now().toString(36) + Math.random().toString(36).slice(2, 10);
      try { sessionStorage.setItem("deck-builder-tab", id); } catch (e) { /* this page alone */ }
    }
    return id;
  }

  // The tab holds a lock named after it while it is open, so another tab can tell the draft of
  // a live tab (not to be taken from it) from that of a closed one.
  if (navigator.locks) {
    navigator.locks.request(TAB_LOCK + tabId, function () {
      return new Promise(function () { /* held until the page goes */ });
    }).catch(function () { /* no lock: the tab's draft may be offered elsewhere */ });
  }

  function writeDraft() {
    try {
      localStorage.setItem(
        draftKey,
        JSON.stringify({ base: base, cards: counts, settings: settings, at: Date.now() })
      );
    } catch (e) { /* private mode or full storage: the server save still happens */ }
  }

  function clearDraft() {
    try { localStorage.removeItem(draftKey); } catch (e) { /* nothing kept */ }
  }

  function setVersion(v) {
    version = v;
    base = v;
    root.dataset.version = String(v);
    rememberSeen(v);
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

  // The entry a button means: its own section, else (a search result) the card's home for
  // adding and, for taking away, its home while it has copies there, else where it lies, as
  // the server does for the form without JavaScript.
  function entryKey(button, delta) {
    const cardId = button.dataset.card;
    if (button.dataset.section !== undefined) return cardId + ":" + button.dataset.section;
    const home = cardId + ":" + (button.dataset.home || "");
    if (delta > 0 || counts[home]) return home;
    const elsewhere = Object.keys(counts).find(function (key) {
      return key.split(":")[0] === cardId && counts[key] > 0;
    });
    return elsewhere || home;
  }

  function add(key, delta) {
    const next = Math.max(0, (counts[key] || 0) + delta);
    if (next) counts[key] = next; else delete counts[key];
  }

  function remember() {
    undoStack.push(JSON.stringify(counts));
    if (undoStack.length > UNDO_DEPTH) undoStack.shift();
    // Hidden until the first change: an untouched deck has nothing to undo.
    undoButton.hidden = false;
    undoButton.disabled = false;
  }

  function undo() {
    if (!undoStack.length) return;
    counts = JSON.parse(undoStack.pop());
    undoButton.disabled = !undoStack.length;
    lastTap = null;
    changed();
  }

  function changed() {
    showCounts();
    writeDraft();
    if (!conflicted && !signedOut) schedule();
  }

  function tapped(button) {
    const row = button.closest(".result-line, .deck-line");
    lastTap = { card: String(button.dataset.card), row: row, inDeck: Boolean(row && row.closest("#deck-panel")) };
  }

  function change(button, delta) {
    remember();
    tapped(button);
    add(entryKey(button, delta), delta);
    changed();
  }

  // One copy to another section the card may lie in.
  function move(button) {
    const from = button.dataset.card + ":" + button.dataset.section;
    if (!counts[from]) return;
    remember();
    tapped(button);
    add(from, -1);
    add(button.dataset.card + ":" + button.dataset.moveTo, 1);
    changed();
  }

  function swap(id, html) {
    const target = document.getElementById(id);
    if (target) target.innerHTML = html;
  }

  // Errors next to the settings fields, as the form without JavaScript shows them.
  function clearFieldErrors() {
    settingsForm.querySelectorAll(".field-error").forEach(function (el) { el.remove(); });
    settingsForm.querySelectorAll("[aria-invalid]").forEach(function (el) {
      el.removeAttribute("aria-invalid");
      el.removeAttribute("aria-describedby");
    });
  }

  function showFieldError(field, message) {
    const input = settingsForm.elements[field];
    const error = document.createElement("p");
    error.className = "field-error";
    error.id = "settings-error-" + field;
    error.setAttribute("role", "alert");
    error.textContent = message;
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", error.id);
    (input.closest("p") || input).after(error);
    document.getElementById("deck-settings").open = true;
  }

  function fillSettings(values) {
    SETTINGS.forEach(function (key) {
      if (values[key] !== undefined && values[key] !== null) settingsForm.elements[key].value = values[key];
    });
    if (values.name) deckName.textContent = values.name;
  }

  // A reply that is not the builder's JSON: a login page after a redirect (the session ended)
  // or Django's HTML 403 (a stale CSRF token after logging in elsewhere).
  function signedOutReply(response) {
    return response.redirected || response.status === 401 || response.status === 403;
  }

  function showSignedOut() {
    signedOut = true;
    dirty = true;
    writeDraft();
    say(root.dataset.tSignedOut, true);
    const link = document.createElement("a");
    link.href = root.dataset.loginUrl;
    link.textContent = root.dataset.tLogIn;
    statusLine.append(" ", link);
  }

  async function save() {
    if (saving || !dirty || conflicted || signedOut) return;
    saving = true;
    dirty = false;
    const body = Object.assign({ version: version, cards: counts }, settings || {});
    const sentAdd = pendingAdd;
    if (sentAdd !== null) body.add = sentAdd.text;
    const sentCards = JSON.stringify(counts);
    const sentSettings = settings;
    let retry = false;
    try {
      const response = await fetch(saveUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
        body: JSON.stringify(body),
      });
      const isJson = (response.headers.get("Content-Type") || "").includes("application/json");
      if (!isJson && signedOutReply(response)) {
        showSignedOut();
        return;
      }
      if (!isJson) throw new Error("not the builder's reply: " + response.status);
      const data = await response.json();
      if (response.status === 409) {
        dirty = true;
        showConflict(data.error, data.current_version);
      } else if (!response.ok) {
        if (sentAdd !== null && data.field === "add") {
          // Nothing was added: say what is wrong with each line; the text stays to be fixed.
          pendingAdd = null;
          if (sentAdd.box) showAddProblems(data.problems || [{ message: data.error }]);
          else addProblems(data.problems || [{ message: data.error }]);
          if (JSON.stringify(counts) !== savedCounts) dirty = true;
          say(data.error, true);
        } else if (sentSettings && SETTINGS.includes(data.field)) {
          // The settings are refused: show why by the field, and stop sending them, so the
          // cards can still be saved on their own.
          if (settings === sentSettings) settings = null;
          deckName.textContent = savedName;
          showFieldError(data.field, data.error);
          writeDraft();
          if (JSON.stringify(counts) !== savedCounts) dirty = true;
          say(root.dataset.tSettingsRefused, true);
        } else {
          if (sentAdd !== null && pendingAdd === sentAdd) pendingAdd = null; // not sent again
          say(data.error, true);
        }
      } else {
        if (settings === sentSettings) settings = null;
        if (sentSettings) savedName = sentSettings.name;
        if (sentAdd !== null) {
          tookAdd(sentAdd, JSON.parse(sentCards), data);
          // Stored as the counts are kept here (key order too), unless changed meanwhile.
          if (sameCounts(counts, data.counts)) savedCounts = JSON.stringify(counts);
          else { savedCounts = JSON.stringify(data.counts); dirty = true; }
        } else {
          savedCounts = sentCards;
        }
        setVersion(data.version);
        swap("deck-panel", data.panels.deck);
        swap("verdict-panel", data.panels.verdict);
        swap("totals-panel", data.panels.totals);
        swap("bar-panel", data.panels.bar);
        swap("share-panel", data.panels.share);
        showPane(pane);
        measureBar();
        if (!dirty && !settings) clearDraft(); else writeDraft();
        showCounts();
        showTapFault(data.faults || {});
        if (sentAdd === null) say(root.dataset.tSaved);
        else if (quickAddProblems.children.length) say(root.dataset.tAddedSome, true);
        else say(root.dataset.tAdded);
      }
    } catch (error) {
      dirty = true;
      retry = true;
      say(root.dataset.tOffline, true);
    } finally {
      saving = false;
    }
    if (dirty && !conflicted && !signedOut) schedule(retry ? 3000 : 0, retry);
  }

  function sameCounts(a, b) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every(function (key) { return a[key] === b[key]; });
  }

  // The server added the good lines' cards to the counts sent; changes made meanwhile stay.
  // The box keeps the lines it could not add (unless edited meanwhile), each problem listed.
  function tookAdd(sentAdd, sent, data) {
    const stored = data.counts;
    remember();
    Object.keys(stored).forEach(function (key) {
      const added = stored[key] - (sent[key] || 0);
      if (added) add(key, added);
    });
    pendingAdd = null;
    if (!sentAdd.box) {
      addProblems(data.problems || []);
      return;
    }
    if (quickAddText.value === sentAdd.text) {
      quickAddText.value = data.rest || "";
      // Every line left to fix in sight, up to a few.
      quickAddText.rows = Math.min(6, Math.max(2, quickAddText.value.split("\n").length));
    }
    showAddProblems(data.problems || []);
  }

  function showAddProblems(problems) {
    quickAddProblems.replaceChildren();
    addProblems(problems);
  }

  // A problem is its message and, for a card not found, a button per card it may mean: a
  // click adds that card in place of the line.
  function addProblems(problems) {
    problems.forEach(function (problem) {
      const item = document.createElement("li");
      item.textContent = problem.message;
      (problem.fixes || []).forEach(function (fix) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "add-fix";
        button.dataset.line = fix.line;
        button.dataset.text = problem.text || "";
        const label = fix.count > 1 ? root.dataset.tAddFixCount.replace("COUNT", fix.count) : root.dataset.tAddFix;
        button.textContent = label.replace("NAME", fix.name);
        item.append(" ", button);
      });
      quickAddProblems.append(item);
    });
  }

  quickAddProblems.addEventListener("click", function (event) {
    const button = event.target.closest("button.add-fix");
    if (!button || pendingAdd !== null || conflicted || signedOut) return;
    const lines = quickAddText.value.split("\n");
    const at = lines.findIndex(function (line) { return line.trim() === button.dataset.text; });
    if (at >= 0) {
      lines.splice(at, 1);
      quickAddText.value = lines.join("\n");
    }
    button.closest("li").remove();
    pendingAdd = { text: button.dataset.line, box: false };
    lastTap = null;
    say(root.dataset.tAdding);
    schedule(0, true);
  });

  // A change that breaks a rule is shown on the row the player tapped, with the rule's words.
  function showTapFault(faults) {
    document.querySelectorAll(".tap-fault").forEach(function (el) { el.remove(); });
    document.querySelectorAll(".flash").forEach(function (el) { el.classList.remove("flash"); });
    if (!lastTap) return;
    const messages = faults[lastTap.card];
    if (!messages || !messages.length) return;
    let row = lastTap.row;
    if (!row || !row.isConnected) {
      // The row was drawn again (a fresh deck list or search page): the same card's row there.
      const where = lastTap.inDeck ? "#deck-panel .deck-line" : "#card-results .result-line";
      row = document.querySelector(where + '[data-card="' + lastTap.card + '"]');
    }
    if (!row) return;
    const badge = document.createElement("span");
    badge.className = "tap-fault";
    badge.setAttribute("role", "status");
    badge.textContent = "⚠ " + messages.join(" ");
    row.append(badge);
    void row.offsetWidth; // restart the flash on a row that flashed before
    row.classList.add("flash");
  }

  // The notice stands at the top and, as the top may be scrolled away on a phone, in the bar.
  function showConflict(message, currentVersion) {
    conflicted = true;
    document.getElementById("conflict-message").textContent = message;
    conflictBox.hidden = false;
    barConflict.hidden = false;
    conflictBox.dataset.currentVersion = String(currentVersion);
    say("");
    measureBar();
  }

  function keepMine() {
    conflicted = false;
    conflictBox.hidden = true;
    barConflict.hidden = true;
    measureBar();
    setVersion(Number(conflictBox.dataset.currentVersion));
    writeDraft();
    schedule(0);
  }

  function takeTheirs() {
    clearDraft();
    window.location.reload();
  }

  root.addEventListener("click", function (event) {
    if (event.target.closest(".keep-mine")) keepMine();
    else if (event.target.closest(".take-theirs")) takeTheirs();
  });

  // +/− buttons anywhere in the builder (search results and the deck list alike).
  root.addEventListener("submit", function (event) {
    const form = event.target;
    if (form.classList.contains("count-buttons")) {
      event.preventDefault();
      const button = event.submitter || form.querySelector("button[data-delta='1']");
      change(button, Number(button.dataset.delta));
    } else if (form.classList.contains("move-buttons")) {
      event.preventDefault();
      if (event.submitter) move(event.submitter);
    } else if (form.id === "settings-form") {
      event.preventDefault();
      const data = new FormData(form);
      settings = {};
      SETTINGS.forEach(function (key) { settings[key] = data.get(key); });
      clearFieldErrors();
      deckName.textContent = settings.name;
      writeDraft();
      if (!conflicted && !signedOut) schedule(0);
    } else if (form.id === "quick-add") {
      event.preventDefault();
      if (!quickAddText.value.trim()) { quickAddText.focus(); return; }
      pendingAdd = { text: quickAddText.value, box: true };
      lastTap = null;
      showAddProblems([]);
      if (!conflicted && !signedOut) { say(root.dataset.tAdding); schedule(0, true); }
    } else if (form.id === "card-search") {
      event.preventDefault();
      searchAsFormSays();
    }
  });

  undoButton.addEventListener("click", undo);

  // + or − on a focused card row, as on a keypad; Ctrl+Z undoes the last change of cards.
  root.addEventListener("keydown", function (event) {
    if (event.target.closest("input, textarea, select")) {
      if (event.target === quickAddText && event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        document.getElementById("quick-add").requestSubmit();
      }
      return;
    }
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z") {
      event.preventDefault();
      undo();
      return;
    }
    const row = event.target.closest("[data-card]");
    if (!row) return;
    // The row's own buttons say which entry it is (a deck line's section, a result's home).
    const button = row.querySelector(".count-buttons button") || row;
    if (event.key === "+" || event.key === "=") {
      event.preventDefault();
      change(button, 1);
    } else if (event.key === "-" || event.key === "_") {
      event.preventDefault();
      change(button, -1);
    }
  });

  let searches = 0;
  // Copy each facet value's new count into the filters in place, so a checkbox keeps its focus.
  function refreshFacetCounts(template) {
    if (!template) return;
    template.content.querySelectorAll("[data-facet] label[data-value]").forEach(function (fresh) {
      const facet = fresh.closest("[data-facet]").dataset.facet;
      const here = document.querySelector('#builder-facets [data-facet="' + CSS.escape(facet) +
        '"] label[data-value="' + CSS.escape(fresh.dataset.value) + '"]');
      if (!here) return;
      const count = fresh.querySelector(".facet-count");
      const shown = here.querySelector(".facet-count");
      if (count && shown) shown.textContent = count.textContent;
      here.classList.toggle("facet-empty", fresh.classList.contains("facet-empty"));
    });
  }

  // Search with what the search form holds now.
  function searchAsFormSays() {
    search(new URLSearchParams(new FormData(document.getElementById("card-search"))).toString());
  }

  async function search(query) {
    const url = builderUrl + (query ? "?" + query : "");
    const asked = ++searches;
    const response = await fetch(url, { headers: { "X-Fragment": "cards" }, credentials: "same-origin" });
    if (!response.ok || response.redirected) return;
    const html = await response.text();
    if (asked !== searches) return; // a later search is on its way: its answer is the one shown
    const holder = document.createElement("div");
    holder.innerHTML = html;
    const fresh = holder.querySelector("#card-results");
    if (!fresh) return;
    document.getElementById("card-results").replaceWith(fresh);
    refreshFacetCounts(fresh.querySelector("#fresh-facets"));
    showCounts();
    window.history.replaceState(null, "", url);
  }

  // On a phone: one pane at a time (search or deck), the verdict as a sheet over the page, the
  // filters in a drawer. On a wide screen both panes and the verdict stay in view.
  let pane = "search";
  const narrow = window.matchMedia("(max-width: 860px)");

  // The sheet and the drawer end where the bar starts, however tall its words make it.
  function measureBar() {
    const bar = document.getElementById("builder-bar");
    root.style.setProperty("--bar-h", bar.offsetHeight + "px");
  }
  window.addEventListener("resize", measureBar);
  measureBar();

  function showPane(name) {
    pane = name;
    root.classList.toggle("pane-search", name === "search");
    root.classList.toggle("pane-deck", name === "deck");
    root.querySelectorAll(".bar-tab").forEach(function (tab) {
      tab.setAttribute("aria-pressed", String(tab.dataset.pane === name));
    });
    const verdictButton = document.getElementById("bar-verdict");
    if (verdictButton) verdictButton.setAttribute("aria-expanded", String(root.classList.contains("verdict-open")));
  }

  function openVerdict(open) {
    root.classList.toggle("verdict-open", open);
    showPane(pane);
    if (open) {
      const panel = document.getElementById("verdict-panel");
      if (!narrow.matches) panel.scrollIntoView({ block: "nearest" });
      panel.setAttribute("tabindex", "-1");
      panel.focus({ preventScroll: !narrow.matches });
    }
  }

  const filtersToggle = document.getElementById("filters-toggle");
  function openFilters(open) {
    root.classList.toggle("filters-open", open);
    filtersToggle.setAttribute("aria-expanded", String(open));
    if (open) document.getElementById("filters").querySelector("button, summary, input").focus();
    else filtersToggle.focus();
  }
  filtersToggle.addEventListener("click", function () { openFilters(!root.classList.contains("filters-open")); });
  document.getElementById("filters-close").addEventListener("click", function () { openFilters(false); });

  root.addEventListener("click", function (event) {
    const tab = event.target.closest(".bar-tab");
    if (tab) {
      root.classList.remove("verdict-open");
      showPane(tab.dataset.pane);
      window.scrollTo(0, 0);
      return;
    }
    if (event.target.closest("#bar-verdict")) openVerdict(!root.classList.contains("verdict-open"));
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    if (root.classList.contains("filters-open")) openFilters(false);
    else if (root.classList.contains("verdict-open")) openVerdict(false);
  });

  // A new visibility is saved at once, so the share panel shows its links straight away.
  settingsForm.addEventListener("change", function (event) {
    if (event.target.name === "visibility") settingsForm.requestSubmit();
  });

  // Card names for the search box, those starting with what was typed first (the deck's game).
  const nameList = document.getElementById("card-names");
  const queryInput = document.getElementById("id_q");
  let namesTimer = null;
  let namesAsked = "";
  if (queryInput) {
    queryInput.setAttribute("list", "card-names");
    queryInput.setAttribute("autocomplete", "off");
    queryInput.addEventListener("input", function () {
      clearTimeout(namesTimer);
      // A name picked from the list is searched for at once.
      if (Array.from(nameList.options).some(function (o) { return o.value === queryInput.value; })) {
        searchAsFormSays();
        return;
      }
      namesTimer = setTimeout(suggestNames, 120);
    });
  }

  async function suggestNames() {
    const typed = queryInput.value.trim();
    // A query with a key ("frakcja:upadli") or an operator is not a name being typed.
    if (typed.length < 2 || /[:<>=()"]/.test(typed) || typed === namesAsked) return;
    namesAsked = typed;
    try {
      const response = await fetch(root.dataset.namesUrl + "?q=" + encodeURIComponent(typed), { credentials: "same-origin" });
      if (!response.ok || typed !== queryInput.value.trim()) return;
      const data = await response.json();
      nameList.replaceChildren.apply(nameList, data.names.map(function (name) {
        const option = document.createElement("option");
        option.value = name;
        return option;
      }));
    } catch (e) { /* no suggestions offline: the search itself still works */ }
  }

  const searchForm = document.getElementById("card-search");
  searchForm.addEventListener("change", function (event) {
    if (event.target.name !== "q") searchAsFormSays();
  });
  root.addEventListener("click", function (event) {
    const link = event.target.closest("#card-results .pagination a");
    if (!link) return;
    event.preventDefault();
    search(new URL(link.href).search.slice(1));
  });

  function readDraft(key) {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }

  // The tabs open now (their locks), or none known where the browser has no locks.
  async function liveTabs() {
    if (!navigator.locks) return new Set();
    try {
      const state = await navigator.locks.query();
      return new Set(state.held.concat(state.pending).map(function (lock) { return lock.name; }));
    } catch (e) {
      return new Set();
    }
  }

  // This tab's own draft (it was reloaded), else the newest one a closed tab left, taken over:
  // kept from now on under this tab's key, as it was written (its base too).
  async function findDraft() {
    const own = readDraft(draftKey);
    if (own) return own;
    const live = await liveTabs();
    let keys = [];
    try {
      for (let i = 0; i < localStorage.length; i++) keys.push(localStorage.key(i));
    } catch (e) { keys = []; }
    keys = keys.filter(function (key) {
      if (key === oldDraftKey) return true;
      return key.indexOf(draftPrefix) === 0 && !live.has(TAB_LOCK + key.slice(draftPrefix.length));
    });
    let found = null;
    let foundKey = null;
    keys.forEach(function (key) {
      const draft = readDraft(key);
      if (draft && (!found || (draft.at || 0) > (found.at || 0))) { found = draft; foundKey = key; }
    });
    if (!found) return null;
    try {
      localStorage.setItem(draftKey, JSON.stringify(found));
      localStorage.removeItem(foundKey);
    } catch (e) { /* left where it was: offered again next time */ }
    return found;
  }

  // A draft of this tab or of a closed one (or of a session that ended): resume it if the deck
  // has not moved on since it was made, else ask.
  async function resume() {
    const draft = await findDraft();
    // A draft kept before counts were keyed by section ("<card id>" alone) cannot say where its
    // cards lie: its cards are dropped, its settings kept.
    if (draft && draft.cards && Object.keys(draft.cards).some(function (key) { return key.indexOf(":") < 0; })) {
      draft.cards = null;
    }
    // Compared card by card: the draft's keys may stand in another order than the page's.
    const draftCards = draft && draft.cards && !sameCounts(draft.cards, JSON.parse(savedCounts));
    const draftSettings = draft && draft.settings && typeof draft.settings === "object";
    if (draftCards || draftSettings) {
      if (draft.cards) counts = draft.cards;
      if (draftSettings) {
        settings = draft.settings;
        fillSettings(settings);
      }
      showCounts();
      if (draft.base === version) schedule(0);
      else {
        base = draft.base;
        dirty = true;
        showConflict(root.dataset.tDraft, version);
      }
    } else if (draft) {
      clearDraft();
    }
  }
  resume();

  // A page restored from the back-forward cache shows the deck as it was when left, perhaps
  // saved since from another page: load it again (a change not yet saved waits in the draft).
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) window.location.reload();
  });
})();
