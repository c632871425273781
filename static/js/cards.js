// Personality card list: live search and sorting without a reload.
// Progressive enhancement: the form and the column links work without JavaScript (the server
// filters and sorts); this script does the same in place and keeps the address in step.
(function () {
  "use strict";
  const form = document.getElementById("card-filter");
  const table = document.querySelector("table.cards-table[data-sortable]");
  if (!form || !table) return;
  const body = table.tBodies[0];
  const rows = Array.from(body.rows).filter((row) => row.dataset.position !== undefined);
  const search = form.querySelector("#card-search");
  const sortSelect = form.querySelector("#card-sort");
  const count = document.getElementById("card-count");
  const strings = JSON.parse(document.getElementById("cards-i18n").textContent);
  const numeric = new Set(["number", "points", "morale", "panic"]);
  const empty = document.createElement("tr");
  const cell = document.createElement("td");
  cell.colSpan = table.tHead.rows[0].cells.length;
  cell.textContent = strings.none;
  empty.appendChild(cell);

  function format(template, values) {
    return template.replace(/%\((\w+)\)s/g, (_, key) => values[key]);
  }

  function current() {
    const sort = new URL(window.location.href).searchParams.get("sort") || "number";
    return { key: sort.replace(/^-/, ""), descending: sort.startsWith("-") };
  }

  function value(row, key) {
    const raw = key === "number" ? row.dataset.position : row.dataset[key];
    if (raw === undefined || raw === "") return null;
    return numeric.has(key) ? Number(raw) : raw;
  }

  function sortRows(key, descending) {
    const sorted = rows.slice().sort((a, b) => {
      const va = value(a, key);
      const vb = value(b, key);
      if (va === null || vb === null) {
        // Unknown values last, whichever the direction.
        if (va !== vb) return va === null ? 1 : -1;
      } else if (va !== vb) {
        const order = va < vb ? -1 : 1;
        return descending ? -order : order;
      }
      return Number(a.dataset.position) - Number(b.dataset.position);
    });
    sorted.forEach((row) => body.appendChild(row));
    table.querySelectorAll("thead th").forEach((th) => {
      const link = th.querySelector("a[data-sort-key]");
      if (!link) return;
      if (link.dataset.sortKey === key && key !== "number") {
        th.setAttribute("aria-sort", descending ? "descending" : "ascending");
      } else {
        th.removeAttribute("aria-sort");
      }
    });
    if (sortSelect) sortSelect.value = key;
  }

  function filterRows() {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    rows.forEach((row) => {
      const match = words.every((word) => row.dataset.search.includes(word));
      row.hidden = !match;
      if (match) shown += 1;
    });
    if (shown === 0) body.appendChild(empty);
    else if (empty.parentNode) empty.remove();
    count.textContent = format(shown === 1 ? strings.one : strings.other, { count: shown });
  }

  function remember(changes) {
    const url = new URL(window.location.href);
    Object.entries(changes).forEach(([name, val]) => {
      if (val) url.searchParams.set(name, val);
      else url.searchParams.delete(name);
    });
    window.history.replaceState(null, "", url);
  }

  search.addEventListener("input", () => {
    filterRows();
    remember({ q: search.value.trim() });
  });
  if (sortSelect) {
    sortSelect.addEventListener("change", () => {
      sortRows(sortSelect.value, false);
      remember({ sort: sortSelect.value === "number" ? "" : sortSelect.value });
    });
  }
  table.querySelector("thead").addEventListener("click", (event) => {
    const link = event.target.closest("a[data-sort-key]");
    if (!link) return;
    event.preventDefault();
    const key = link.dataset.sortKey;
    const now = current();
    const descending = now.key === key && !now.descending && key !== "number";
    sortRows(key, descending);
    remember({ sort: key === "number" ? "" : (descending ? "-" : "") + key });
  });
  // Typing filters at once and sorting happens on choice: the submit button is not needed,
  // and a new nationality reloads the list from the server.
  form.querySelector("button[type=submit]").hidden = true;
  form.querySelector("#nationality-filter").setAttribute("data-autosubmit", "");
  if (search.value) filterRows();
})();
