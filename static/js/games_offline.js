// A game at the table without a connection (docs/companion.md, "Without a connection").
//
// The page is installable and its service worker (/sw.js) keeps it and its assets on the
// phone. A step entered while the phone is offline (a Random Number, an RPN, "the deck ran
// out") cannot go to the server, and the rules engine runs there: the page keeps the step in
// localStorage with its step number (the game's step count when it was entered, plus the steps
// waiting before it) and says "offline: N steps waiting". When the connection returns the
// steps go to the API one by one, in order; a step the server holds already (its answer was
// lost) is answered the same, so a resend is harmless. A step the server refuses (the other
// phone moved on meanwhile, or the game waited for another kind of step) stops the sending:
// it and the ones after it are shown with the server's words until the player says so —
// nothing is dropped silently. Every word comes from the template (#offline's data-*).
(function () {
  "use strict";

  const box = document.getElementById("offline");
  if (!box) return; // a watcher's page: no steps to keep
  const words = box.dataset;
  const gameId = location.pathname.split("/").filter(Boolean).pop();
  const KEY = "upfront-game-offline:" + gameId;
  const SECTION = "upfront-game-section:" + gameId;
  const status = document.getElementById("offline-status");
  const pad = document.getElementById("offline-pad");
  const list = document.getElementById("offline-steps");
  const refused = document.getElementById("offline-refused");
  const csrf = box.querySelector("input[name=csrfmiddlewaretoken]").value;
  let flushing = false;
  let sentNote = false;
  let lastButton = null;

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(words.worker, { scope: "/" }).catch(() => undefined);
  }

  function load() {
    try {
      const kept = JSON.parse(localStorage.getItem(KEY) || "{}");
      return { steps: kept.steps || [], refused: kept.refused || null };
    } catch (error) {
      return { steps: [], refused: null };
    }
  }

  function save(queue) {
    localStorage.setItem(KEY, JSON.stringify(queue));
  }

  function game() {
    return document.getElementById("game");
  }

  // The step number the next step takes: the steps the server holds, as this page last saw
  // them, plus the ones waiting on the phone.
  function nextStep(queue) {
    const section = game();
    const seen = section ? Number(section.dataset.steps) : 0;
    return seen + queue.steps.length;
  }

  function say(text) {
    status.textContent = text;
    status.hidden = !text;
  }

  function count(template, n) {
    return template.replace("{n}", String(n));
  }

  function render() {
    const queue = load();
    const n = queue.steps.length;
    list.replaceChildren(
      ...queue.steps.map((step) => {
        const li = document.createElement("li");
        li.textContent = step.label;
        li.dataset.step = String(step.step);
        return li;
      }),
    );
    // While steps wait, the server's "next step" is behind what happened at the table: the
    // pad of steps entered offline takes its place.
    pad.hidden = n === 0;
    const next = document.getElementById("next-step");
    if (next) next.hidden = !pad.hidden;
    if (n && (flushing || navigator.onLine)) {
      say(n === 1 ? words.sendingOne : count(words.sendingMany, n));
    } else if (n) {
      say(n === 1 ? words.waitingOne : count(words.waitingMany, n));
    } else if (!navigator.onLine) {
      say(words.offline);
    } else {
      say(sentNote ? words.sent : "");
    }
    refused.hidden = !queue.refused;
    if (queue.refused) {
      document.getElementById("offline-refused-why").textContent = queue.refused.why;
      document.getElementById("offline-refused-steps").replaceChildren(
        ...queue.refused.labels.map((label) => {
          const li = document.createElement("li");
          li.textContent = label;
          return li;
        }),
      );
    }
  }

  // What a button enters: its value (the game's own forms) or its data-draw (the offline pad,
  // which carries no value so that it never answers for the game's buttons), and its words.
  function drawOf(button) {
    return button.dataset.draw || button.value || "";
  }

  function label(button) {
    const hidden = button.querySelector(".visually-hidden");
    if (hidden) return hidden.textContent.trim();
    const drawn = drawOf(button);
    if (drawn.startsWith("rpn-")) return count(words.rpn, drawn.slice(4));
    return button.textContent.trim();
  }

  // Keep one step: "draw" with the button's value (red-4, black-0, rpn-3) or "next_deck".
  function keep(kind, button) {
    const queue = load();
    if (kind === "draw" && drawOf(button) === "auto") {
      say(words.auto); // the seed is the server's: nothing to draw with here
      return;
    }
    queue.steps.push({
      kind: kind,
      draw: kind === "draw" ? drawOf(button) : "",
      step: nextStep(queue),
      label: label(button),
    });
    sentNote = false;
    save(queue);
    render();
    flush(); // online with steps waiting before it: it goes after them
  }

  function takeBack() {
    const queue = load();
    if (!queue.steps.length) {
      say(words.undo);
      return;
    }
    queue.steps.pop();
    save(queue);
    render();
  }

  function kindOf(form) {
    if (form.classList.contains("draw-form")) return "draw";
    if (form.querySelector("#deck-ran-out")) return "next_deck";
    if (form.classList.contains("undo-form")) return "undo";
    return "";
  }

  // Offline, or with steps already waiting (they go first), a step of the game's own forms is
  // kept instead of sent. Runs before htmx's and site.js's listeners (window, capture).
  window.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.closest("#game")) return;
      const kind = kindOf(form);
      if (!kind || (navigator.onLine && !load().steps.length)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (kind === "undo") takeBack();
      else keep(kind, event.submitter || lastButton);
    },
    true,
  );

  // The phone says it is online but the request never reached an answer (a dead venue wifi):
  // the step is kept the same way.
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("#game button[type=submit]");
    if (button) lastButton = button;
  });
  document.body.addEventListener("htmx:sendError", (event) => {
    const form = event.detail.elt;
    const kind = form instanceof HTMLFormElement ? kindOf(form) : "";
    if (kind === "draw" || kind === "next_deck") keep(kind, lastButton || form);
    else render();
  });

  pad.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.classList.contains("offline-draw")) keep("draw", button);
    else if (button.id === "offline-deck-ran-out") keep("next_deck", button);
    else if (button.id === "offline-take-back") takeBack();
  });

  document.getElementById("offline-refused-seen").addEventListener("click", () => {
    const queue = load();
    queue.refused = null;
    save(queue);
    render();
  });

  function body(step) {
    const data = { step: step.step };
    if (step.kind !== "draw") return data;
    if (step.draw.startsWith("rpn-")) {
      data.rpn = Number(step.draw.slice(4));
    } else {
      const [colour, number] = step.draw.split("-");
      data.colour = colour;
      data.number = Number(number);
    }
    return data;
  }

  async function problem(response) {
    try {
      const document = await response.json();
      return document.detail || document.title || String(response.status);
    } catch (error) {
      return String(response.status);
    }
  }

  // Send the waiting steps in order, each with its step number; stop at the first that does
  // not go through (offline again: try later; refused: say so and keep its words).
  async function flush() {
    if (flushing || !navigator.onLine || !load().steps.length) return;
    flushing = true;
    render();
    let sent = 0;
    try {
      for (;;) {
        const queue = load();
        const step = queue.steps[0];
        if (!step) break;
        let response;
        try {
          response = await fetch(step.kind === "draw" ? words.draws : words.nextDeck, {
            method: "POST",
            credentials: "same-origin",
            headers: {
              "Content-Type": "application/json",
              Accept: "application/json",
              "X-CSRFToken": csrf,
            },
            body: JSON.stringify(body(step)),
          });
        } catch (error) {
          break; // still no connection: the steps keep waiting
        }
        if (response.ok) {
          queue.steps.shift();
          save(queue);
          sent++;
          continue;
        }
        if (response.status === 429 || response.status >= 500) break; // try again later
        queue.refused = { why: await problem(response), labels: queue.steps.map((s) => s.label) };
        queue.steps = [];
        save(queue);
        break;
      }
    } finally {
      flushing = false;
    }
    const queue = load();
    sentNote = sent > 0 && !queue.steps.length && !queue.refused;
    render();
    if (sent || queue.refused) refresh();
  }

  // The game as the server holds it now, in place of the section this page last had.
  function refresh() {
    if (window.htmx) {
      window.htmx.ajax("GET", location.pathname, { target: "#game", swap: "outerHTML" });
    }
  }

  // The last section the server sent is kept too: a page reloaded offline from the worker's
  // copy (which may be older) shows the game as this phone last saw it, and numbers the
  // steps from there.
  function remember(html) {
    const steps = /data-steps="(\d+)"/.exec(html);
    if (steps) localStorage.setItem(SECTION, JSON.stringify({ steps: Number(steps[1]), html }));
  }
  document.body.addEventListener("htmx:beforeSwap", (event) => {
    const target = event.detail.target;
    if (target && target.id === "game" && event.detail.xhr.status === 200) {
      remember(event.detail.xhr.responseText);
    }
  });
  document.body.addEventListener("htmx:afterSwap", render);

  function restore() {
    const section = game();
    let kept = null;
    try {
      kept = JSON.parse(localStorage.getItem(SECTION) || "null");
    } catch (error) {
      kept = null;
    }
    if (!section) return;
    if (!kept || kept.steps <= Number(section.dataset.steps)) {
      remember(section.outerHTML);
    } else if (!navigator.onLine) {
      const fresh = document.createRange().createContextualFragment(kept.html).firstElementChild;
      section.replaceWith(fresh);
      if (window.htmx) window.htmx.process(fresh);
    }
  }

  window.addEventListener("online", flush);
  window.addEventListener("offline", render);
  setInterval(flush, 5000);
  restore();
  render();
  flush();
})();
