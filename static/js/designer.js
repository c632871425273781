// The scenario designer keeps what the player typed and has not saved: a draft per scenario
// ("new" for one not saved yet) in this browser's localStorage, written on every change. A page
// that finds a draft different from what it shows offers it back ("You have unsaved changes
// from 21:40: Restore / Discard"); restoring posts the draft to the designer, which fills the
// form from it as it does for "Add a deck change" (nothing is saved). Following "Edit this
// force in the builder" carries the draft: the next designer page of this scenario restores it
// at once. Leaving the page otherwise with unsaved changes asks first (static/js/site.js).
(function () {
  "use strict";
  const form = document.getElementById("designer-form");
  const notice = document.getElementById("designer-draft");
  if (!form || !notice) return;
  const KEY = "upfront.designer.draft:" + form.dataset.draftKey;
  const CARRY = "upfront.designer.carry";
  const unsaved = window.UpFrontUnsaved;

  const fields = () => [...new FormData(form)].filter(
    ([name, value]) => name !== "csrfmiddlewaretoken" && typeof value === "string"
  );
  const read = () => {
    try {
      const draft = JSON.parse(localStorage.getItem(KEY));
      return draft && Array.isArray(draft.fields) ? draft : null;
    } catch (e) { return null; }
  };
  const drop = () => { try { localStorage.removeItem(KEY); } catch (e) { /* nothing kept */ } };
  const shown = JSON.stringify(fields());
  // A page rendered from what was posted (a refused save) shows unsaved changes already.
  const dirtyAtLoad = form.hasAttribute("data-dirty");
  let restored = false;

  function keep() {
    const now = JSON.stringify(fields());
    if (now === shown && !dirtyAtLoad) { drop(); return; }
    try {
      localStorage.setItem(KEY, JSON.stringify({ fields: JSON.parse(now), updated: Date.now() }));
    } catch (e) { /* private mode or full: the warning on leaving still guards it */ }
  }
  const time = (ms) => new Date(ms).toLocaleTimeString(document.documentElement.lang || undefined,
    { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  function say(template, draft) {
    document.getElementById("designer-draft-text").textContent =
      template.replace("{time}", time(draft.updated || Date.now()));
    notice.hidden = false;
  }

  function restore(draft) {
    const body = new URLSearchParams(draft.fields);
    body.set("csrfmiddlewaretoken", form.querySelector("[name=csrfmiddlewaretoken]").value);
    body.set("action", "refresh");
    // (form.action would be its field named "action")
    return fetch(form.getAttribute("action"), {
      method: "POST", body, credentials: "same-origin", headers: { "HX-Request": "true" },
    }).then((response) => response.ok ? response.text() : Promise.reject(response.status))
      .then((html) => {
        htmx.swap("#designer-fields", html, { swapStyle: "outerHTML" });
        htmx.trigger(document.body, "designer-refreshed");
        restored = true;
        if (unsaved) unsaved.markChanged(form);
      });
  }

  form.addEventListener("input", keep);
  form.addEventListener("change", keep);
  // A refresh of the form's fields (a deck change added, a published scenario filled in),
  // not the quick checks beside it.
  document.body.addEventListener("htmx:afterSettle", (event) => {
    if (form.contains(event.target)) keep();
  });
  // A save leaves the page, and a quick check still on its way would be cut off by the
  // navigation (htmx reports that as an error, htmx:sendAbort). So once the form is sent no
  // new check starts, and a save pressed while a check runs waits for its answer (at most
  // WAIT_MS) before it goes.
  const checks = document.getElementById("checks");
  const WAIT_MS = 3000;
  let checking = false;
  let leaving = false;
  let waiting = null;
  function sendWaiting() {
    if (!waiting) return;
    const submitter = waiting.submitter;
    clearTimeout(waiting.timer);
    waiting = null;
    form.requestSubmit(submitter || undefined);
  }
  if (checks) {
    checks.addEventListener("htmx:beforeRequest", (event) => {
      if (leaving) event.preventDefault();
      else checking = true;
    });
    checks.addEventListener("htmx:afterRequest", () => {
      checking = false;
      sendWaiting();
    });
  }
  form.addEventListener("submit", (event) => {
    if (event.defaultPrevented) return;
    if (checking && !waiting) {
      event.preventDefault();
      waiting = { submitter: event.submitter, timer: setTimeout(sendWaiting, WAIT_MS) };
      return;
    }
    leaving = true;
  });
  // A save that leaves the page stores the draft on the server (a refused one comes back
  // with the form as typed, kept again from there).
  form.addEventListener("submit", (event) => { if (!event.defaultPrevented) drop(); });
  form.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-carry]");
    if (!link) return;
    keep();
    if (read()) {
      sessionStorage.setItem(CARRY, KEY);
      if (unsaved) unsaved.leaving();
      link.href += (link.href.includes("?") ? "&" : "?") + "carried=1";
    }
  });
  document.getElementById("designer-draft-discard").addEventListener("click", () => {
    drop();
    notice.hidden = true;
    if (!restored) return;
    // The form shows the draft: show what is saved again.
    if (unsaved) unsaved.leaving();
    location.reload();
  });
  document.getElementById("designer-draft-restore").addEventListener("click", (event) => {
    const draft = read();
    event.target.hidden = true;
    if (draft) restore(draft).then(() => say(notice.dataset.restored, draft));
  });

  const draft = read();
  if (dirtyAtLoad) keep();
  if (!draft || JSON.stringify(draft.fields) === shown) return;
  if (sessionStorage.getItem(CARRY) === KEY) {
    // Back from the builder: the changes come back without asking.
    sessionStorage.removeItem(CARRY);
    document.getElementById("designer-draft-restore").hidden = true;
    restore(draft).then(() => say(notice.dataset.restored, draft));
  } else {
    say(notice.dataset.offer, draft);
  }
})();
