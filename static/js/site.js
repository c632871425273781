// Site-wide behaviour, loaded on every page (no inline scripts: the pages are CSP-ready).
// A <select data-autosubmit> submits its form once a choice is made (the language switch);
// without JavaScript its <noscript> button does the same. A choice made with the mouse or the
// opened list submits at once; arrowing through the closed list only moves the choice, and
// Enter or leaving the list commits it, so the keyboard never switches by accident.
(function () {
  "use strict";
  const MOVES = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"];
  let arrowed = null;
  const autosubmit = (target) => target.closest && target.closest("select[data-autosubmit]");
  const commit = (select) => {
    arrowed = null;
    if (select.form && select.value !== select.dataset.committedValue) select.form.submit();
  };
  document.querySelectorAll("select[data-autosubmit]").forEach((select) => {
    select.dataset.committedValue = select.value;
  });
  document.addEventListener("keydown", (event) => {
    const select = autosubmit(event.target);
    if (!select) return;
    if (MOVES.includes(event.key)) arrowed = select;
    else if (event.key === "Enter") {
      event.preventDefault();
      commit(select);
    }
  });
  document.addEventListener("change", (event) => {
    const select = autosubmit(event.target);
    if (select && arrowed !== select) commit(select);
  });
  document.addEventListener("focusout", (event) => {
    const select = autosubmit(event.target);
    if (select && arrowed === select) commit(select);
  });
})();

// Provenance and note pop-ups (<details class="prov|note"> with a .pop inside): placed in the
// viewport so a table's scroll box does not cut them, one open at a time, closed by Escape,
// a click elsewhere or scrolling.
(function () {
  "use strict";
  const selector = "details.prov[open], details.note[open]";
  let openedAt = -Infinity; // when the last pop-up opened (performance.now())

  function closeAll(except) {
    document.querySelectorAll(selector).forEach((open) => {
      if (open !== except) open.open = false;
    });
  }

  function place(details) {
    const pop = details.querySelector(".pop");
    const summary = details.querySelector("summary");
    if (!pop || !summary) return;
    const rect = summary.getBoundingClientRect();
    const width = Math.min(352, window.innerWidth - 16);
    pop.style.position = "fixed";
    pop.style.width = width + "px";
    pop.style.right = "auto";
    pop.style.left = Math.max(8, Math.min(rect.right - width, window.innerWidth - width - 8)) + "px";
    let top = rect.bottom + 4;
    if (top + pop.offsetHeight > window.innerHeight - 8 && rect.top - pop.offsetHeight - 4 >= 8) {
      top = rect.top - pop.offsetHeight - 4;
    }
    pop.style.top = top + "px";
  }

  document.addEventListener(
    "toggle",
    (event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.matches("details.prov, details.note")) return;
      if (details.open) {
        openedAt = performance.now();
        closeAll(details);
        place(details);
      }
    },
    true
  );
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const open = document.querySelector(selector);
    if (open) {
      open.open = false;
      open.querySelector("summary").focus();
    }
  });
  document.addEventListener("click", (event) => {
    // The toggle event comes after the click, and focusing the summary may scroll first.
    if (event.target.closest("details.prov > summary, details.note > summary")) {
      openedAt = performance.now();
    } else if (!event.target.closest("details.prov, details.note")) closeAll(null);
  });
  // Opening a pop-up may itself scroll its summary into view (a click near the edge, a tap
  // on a phone): for a moment after it opens, a scroll moves it along instead of closing it.
  function movedAround() {
    const open = document.querySelector(selector);
    if (open && performance.now() - openedAt < 600) place(open);
    else closeAll(null);
  }
  window.addEventListener("scroll", movedAround, { capture: true, passive: true });
  window.addEventListener("resize", movedAround);
})();

// A button that starts work shows at once that it is working: once its form is on its way
// it is disabled (no second job by a second tap) and marked busy; a button with data-busy
// reads that instead ("Preparing…"). Forms htmx sends (the event is cancelled) are left alone.
// Coming back with the browser's Back button, or a form that never leaves the page (a
// download), gives the button back.
(function () {
  "use strict";
  const busy = [];
  function release() {
    busy.splice(0).forEach((button) => {
      button.disabled = false;
      button.removeAttribute("aria-busy");
      if (button.dataset.idleLabel) button.textContent = button.dataset.idleLabel;
    });
  }
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented) return;
    if ((form.getAttribute("method") || "get").toLowerCase() !== "post") return;
    const button = event.submitter;
    if (!button || button.disabled || !("disabled" in button)) return;
    // After the form data is taken: a disabled button would not send its name and value.
    setTimeout(() => {
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
      if (button.dataset.busy) {
        button.dataset.idleLabel = button.textContent;
        button.textContent = button.dataset.busy;
      }
      busy.push(button);
    }, 0);
    setTimeout(release, 15000);
  });
  window.addEventListener("pageshow", (event) => { if (event.persisted) release(); });
})();

// Leaving a page with unsaved changes asks first: a form marked data-warn-unsaved is compared
// with what it held when the page loaded (data-dirty: the page shows what was posted and not
// saved, so it is changed from the start). Submitting that form, or a script saying the page
// may go (window.UpFrontUnsaved.leaving(): the designer carrying its draft to the builder),
// leaves without asking.
(function () {
  "use strict";
  const snapshot = (form) => JSON.stringify([...new FormData(form)].filter(
    ([name, value]) => name !== "csrfmiddlewaretoken" && typeof value === "string"
  ));
  const watched = new Map();
  document.querySelectorAll("form[data-warn-unsaved]").forEach((form) => {
    watched.set(form, form.hasAttribute("data-dirty") ? null : snapshot(form));
  });
  if (!watched.size) return;
  let leaving = false;
  window.UpFrontUnsaved = {
    leaving() { leaving = true; },
    markChanged(form) { watched.set(form, null); },
  };
  document.addEventListener("submit", (event) => {
    if (!event.defaultPrevented && watched.has(event.target)) leaving = true;
  });
  window.addEventListener("pageshow", (event) => { if (event.persisted) leaving = false; });
  window.addEventListener("beforeunload", (event) => {
    if (leaving) return;
    for (const [form, saved] of watched) {
      if (saved === null || snapshot(form) !== saved) {
        event.preventDefault();
        event.returnValue = "";
        return;
      }
    }
  });
})();

// Every table reads whole on a phone: a table wider than the space it has (a narrow screen, a
// long Italian word) is shown as cards, one per row, each cell after its column's name
// (data-label, taken from the header row; a cell may carry its own). A table that fits stays
// a table. Checked again when the window changes size or htmx swaps part of the page in.
(function () {
  "use strict";
  function label(table) {
    const head = table.tHead;
    const names = [];
    if (head && head.rows.length) {
      for (const cell of head.rows[head.rows.length - 1].cells) {
        for (let i = 0; i < (cell.colSpan || 1); i++) names.push(cell.textContent.trim().replace(/\s+/g, " "));
      }
    }
    for (const body of table.tBodies) {
      for (const row of body.rows) {
        let column = 0;
        for (const cell of row.cells) {
          if (!cell.hasAttribute("data-label") && names[column]) cell.setAttribute("data-label", names[column]);
          column += cell.colSpan || 1;
        }
      }
    }
  }
  function fits(table) {
    const box = table.closest(".table-wrap") || table.parentElement;
    const right = document.documentElement.clientWidth;
    return table.scrollWidth <= box.clientWidth + 1 && table.getBoundingClientRect().right <= right + 1;
  }
  function fit() {
    document.querySelectorAll("main table").forEach((table) => {
      table.classList.remove("as-cards");
      if (fits(table)) return;
      label(table);
      table.classList.add("as-cards");
    });
  }
  let pending = 0;
  const later = () => { cancelAnimationFrame(pending); pending = requestAnimationFrame(fit); };
  fit();
  window.addEventListener("resize", later);
  document.addEventListener("htmx:afterSettle", later);
  document.addEventListener("toggle", later, true); // a <details> opened around a table
})();
