// "I own one more / one fewer" anywhere (catalogue tiles, card pages, the collection, the
// builder's search) changes the count in place: the page, its scroll and whatever the player
// typed stay as they were. Without this script the same forms post and come back.
(function () {
  "use strict";
  let status = null;

  function say(text) {
    if (!status) {
      status = document.createElement("div");
      status.className = "visually-hidden";
      status.setAttribute("role", "status");
      document.body.appendChild(status);
    }
    status.textContent = text;
  }

  function showProblem(form, text) {
    let problem = form.nextElementSibling;
    if (!problem || !problem.matches("[data-owned-problem]")) {
      problem = document.createElement("span");
      problem.className = "form-errors owned-problem";
      problem.setAttribute("role", "alert");
      problem.dataset.ownedProblem = "";
      form.after(problem);
    }
    problem.textContent = text;
  }

  // A deck's lines say how many of the copies it needs the player owns ("✓ 3" or "1/3").
  function markLines(card, owned) {
    const words = document.querySelector("[data-t-owned-enough]");
    document.querySelectorAll('[data-owned-mark="' + CSS.escape(card) + '"]').forEach(function (mark) {
      const needed = Number(mark.dataset.needed);
      const enough = owned >= needed;
      mark.classList.toggle("missing", !enough);
      mark.textContent = enough ? "✓ " + owned : owned + "/" + needed;
      if (!words) return;
      const title = enough ? words.dataset.tOwnedEnough : words.dataset.tOwnedShort;
      mark.title = title.replace("OWNED", owned).replace("NEEDED", needed).replace("MISSING", needed - owned);
    });
  }

  document.addEventListener("submit", async function (event) {
    const form = event.target;
    if (!form.classList.contains("owned-buttons")) return;
    event.preventDefault();
    const body = new FormData(form, event.submitter);
    const card = form.dataset.ownedCard;
    let response;
    try {
      response = await fetch(form.action, {
        method: "POST", body: body, credentials: "same-origin", headers: { "X-Fragment": "owned" },
      });
    } catch (error) {
      form.submit(); // offline or refused: the plain post says what went wrong
      return;
    }
    if (response.redirected) { // signed out: the plain post leads to the sign-in page
      form.submit();
      return;
    }
    const text = await response.text();
    if (!response.ok) {
      showProblem(form, text);
      say(text);
      return;
    }
    const problem = form.nextElementSibling;
    if (problem && problem.matches("[data-owned-problem]")) problem.remove();
    const template = document.createElement("template");
    template.innerHTML = text.trim();
    const fresh = template.content.firstElementChild;
    const said = fresh.querySelector("[data-said]");
    if (said) { say(said.textContent); said.remove(); }
    const owned = Number(fresh.querySelector("[data-owned-for]").textContent);
    // Every form of this card on the page shows the new count, each keeping its own way back.
    document.querySelectorAll('form.owned-buttons[data-owned-card="' + CSS.escape(card) + '"]').forEach(function (other) {
      other.querySelector("[data-owned-for]").textContent = owned;
      other.querySelector("button[value='-1']").disabled = owned === 0;
    });
    markLines(card, owned);
    const pressed = event.submitter && form.querySelector('button[value="' + event.submitter.value + '"]');
    if (pressed && !pressed.disabled) pressed.focus();
  });
})();
