// DYO builder controller: keeps the Force document (interchange format v1) in the hidden
// #force-json field, renders groups from it and asks the server's live panel to re-check it.
// No framework: plain DOM, buttons for every action so the keyboard works.
(function () {
  "use strict";
  const $ = (sel) => document.querySelector(sel);
  const form = $("#builder-form");
  if (!form) return;
  const store = $("#force-json");
  const t = $("#i18n").dataset;
  // Codes, labels and limits come from the server (upfront.rules.codes, the Force schema).
  const CODES = JSON.parse($("#builder-codes").textContent);
  const SECONDARY = Object.keys(CODES.secondary_weapons);
  const MAX_RADIOS_PER_STRENGTH = 20; // a guard against typos in the count field, not a rule
  let state;

  function normalise(doc) {
    const d = doc && typeof doc === "object" && !Array.isArray(doc) ? doc : {};
    const list = (v) => (Array.isArray(v) ? v : []);
    const cards = (v) => list(v).filter((c) => c && typeof c === "object")
      .map((c) => ({ card: c.card, secondary: list(c.secondary) }));
    return {
      ...d,
      groups: list(d.groups).map((g, i) => ({ label: (g && g.label) || String.fromCharCode(65 + i), cards: cards(g && g.cards) })),
      reinforcements: list(d.reinforcements).map((r) => ({ after_deck: (r && r.after_deck) || 1, cards: cards(r && r.cards) })),
      radios: list(d.radios),
      random_reinforcement_decks: list(d.random_reinforcement_decks),
    };
  }
  try { state = normalise(JSON.parse(store.value)); } catch (e) { state = normalise({}); }

  function cardInfo(no) {
    const row = document.querySelector(`#card-list li[data-card="${no}"]`);
    return row ? row.dataset : null;
  }

  function save(recheck = true) {
    store.value = JSON.stringify(state);
    if (recheck) document.body.dispatchEvent(new Event("force-changed"));
  }

  // --- settings fields -------------------------------------------------------------------
  function fillSettings() {
    document.querySelectorAll("[data-field]").forEach((el) => {
      const v = state[el.dataset.field];
      if (el.type === "checkbox") el.checked = !!v;
      else if (v !== undefined && v !== null) el.value = String(v);
      else if (el.dataset.field === "budget") el.value = "";
    });
    document.querySelectorAll(".radio-count").forEach((el) => {
      el.value = state.radios.filter((r) => r && r.fire_strength === Number(el.dataset.strength)).length;
    });
    $("#f-rr-decks").value = state.random_reinforcement_decks.join(", ");
  }
  form.addEventListener("change", (ev) => {
    const el = ev.target;
    if (el.dataset.field) {
      const f = el.dataset.field;
      if (el.type === "checkbox") state[f] = el.checked;
      else if (f === "budget") state[f] = el.value === "" ? null : Number(el.value);
      else if (f === "snipers") state[f] = Number(el.value);
      else state[f] = el.value;
      save();
    } else if (el.classList.contains("radio-count")) {
      const radios = [];
      document.querySelectorAll(".radio-count").forEach((r) => {
        for (let i = 0; i < Math.max(0, Math.min(MAX_RADIOS_PER_STRENGTH, Number(r.value) || 0)); i++) radios.push({ fire_strength: Number(r.dataset.strength) });
      });
      state.radios = radios;
      save();
    } else if (el.id === "f-scenario-side") {
      // A published scenario's DYO value for that side becomes the budget (43.2).
      if (el.value !== "") {
        state.budget = Number(el.value);
        $("#f-budget").value = el.value;
        save();
      }
    } else if (el.id === "f-rr-decks") {
      state.random_reinforcement_decks = el.value.split(/[\s,;]+/).filter(Boolean).map(Number).filter((n) => Number.isInteger(n));
      save();
    }
  });
  // Enter in a field must not submit the save form by accident.
  form.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && ev.target.tagName === "INPUT" && ev.target.name !== "name") ev.preventDefault();
  });

  // --- groups and reinforcements --------------------------------------------------------
  function button(text, action, extra = {}) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "secondary small";
    b.textContent = text;
    b.dataset.action = action;
    Object.assign(b.dataset, extra);
    return b;
  }
  function containers() {
    return [
      ...state.groups.map((g, i) => ({ kind: "g", i, name: `${t.group} ${g.label}` })),
      ...state.reinforcements.map((r, i) => ({ kind: "r", i, name: `${t.after} ${r.after_deck}` })),
    ];
  }
  function listOf(kind, i) { return kind === "g" ? state.groups[i] : state.reinforcements[i]; }

  function renderCards(ul, kind, gi, cards) {
    if (!cards.length) { const li = document.createElement("li"); li.textContent = t.empty; ul.append(li); }
    cards.forEach((c, ci) => {
      const li = document.createElement("li");
      li.className = "bought";
      const info = cardInfo(c.card);
      const title = document.createElement("span");
      title.className = "card-title";
      title.textContent = `#${c.card} ${info ? info.name : ""}` + (info && info.points ? ` (${info.points})` : "");
      li.append(title);
      const sec = document.createElement("span");
      sec.className = "secondary-weapons";
      sec.setAttribute("role", "group");
      sec.setAttribute("aria-label", `${t.secondary} #${c.card}`);
      SECONDARY.forEach((w) => {
        const lab = document.createElement("label");
        const box = document.createElement("input");
        box.type = "checkbox";
        box.checked = c.secondary.includes(w);
        box.addEventListener("change", (ev) => {
          ev.stopPropagation();
          c.secondary = SECONDARY.filter((x) => (x === w ? box.checked : c.secondary.includes(x)));
          save();
        });
        lab.append(box, " " + CODES.secondary_weapons[w]);
        sec.append(lab);
      });
      li.append(sec);
      const move = document.createElement("select");
      move.setAttribute("aria-label", `${t.move} (#${c.card})`);
      containers().forEach((ct) => {
        const o = document.createElement("option");
        o.value = `${ct.kind}:${ct.i}`;
        o.textContent = ct.name;
        o.selected = ct.kind === kind && ct.i === gi;
        move.append(o);
      });
      move.addEventListener("change", (ev) => {
        ev.stopPropagation();
        const [k, j] = move.value.split(":");
        listOf(kind, gi).cards.splice(ci, 1);
        listOf(k, Number(j)).cards.push(c);
        render();
      });
      li.append(move, button(t.remove, "remove-card", { kind, gi, ci }));
      ul.append(li);
    });
  }

  function render(recheck = true) {
    const groups = $("#groups");
    groups.replaceChildren();
    state.groups.forEach((g, gi) => {
      const box = document.createElement("fieldset");
      box.className = "group";
      const legend = document.createElement("legend");
      legend.textContent = `${t.group} ${g.label}`;
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.value = g.label;
      input.maxLength = CODES.group_label_max_length;
      input.addEventListener("change", (ev) => { ev.stopPropagation(); g.label = input.value; render(); });
      label.append(t.label + " ", input);
      const tools = document.createElement("div");
      tools.className = "tools";
      tools.append(button(t.up, "group-up", { gi }), button(t.down, "group-down", { gi }), button(t.remove, "group-remove", { gi }));
      const ul = document.createElement("ul");
      ul.className = "bought-list";
      renderCards(ul, "g", gi, g.cards);
      box.append(legend, label, tools, ul);
      groups.append(box);
    });
    const reinf = $("#reinforcements");
    reinf.replaceChildren();
    state.reinforcements.forEach((r, ri) => {
      const box = document.createElement("fieldset");
      box.className = "group";
      const legend = document.createElement("legend");
      legend.textContent = `${t.after} ${r.after_deck}`;
      const ul = document.createElement("ul");
      ul.className = "bought-list";
      renderCards(ul, "r", ri, r.cards);
      box.append(legend, button(t.remove, "reinf-remove", { ri }), ul);
      reinf.append(box);
    });
    const target = $("#target-group");
    const previous = target.value;
    target.replaceChildren();
    containers().forEach((ct) => {
      const o = document.createElement("option");
      o.value = `${ct.kind}:${ct.i}`;
      o.textContent = ct.name;
      target.append(o);
    });
    if ([...target.options].some((o) => o.value === previous)) target.value = previous;
    save(recheck);
  }

  form.addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    if (!b) return;
    const d = b.dataset;
    const gi = Number(d.gi);
    if (b.classList.contains("add-card")) {
      if (!containers().length) state.groups.push({ label: "A", cards: [] });
      const [k, j] = ($("#target-group").value || "g:0").split(":");
      listOf(k, Number(j)).cards.push({ card: Number(d.card), secondary: [] });
    } else if (d.action === "remove-card") {
      listOf(d.kind, gi).cards.splice(Number(d.ci), 1);
    } else if (d.action === "group-up" && gi > 0) {
      [state.groups[gi - 1], state.groups[gi]] = [state.groups[gi], state.groups[gi - 1]];
    } else if (d.action === "group-down" && gi < state.groups.length - 1) {
      [state.groups[gi + 1], state.groups[gi]] = [state.groups[gi], state.groups[gi + 1]];
    } else if (d.action === "group-remove") {
      state.groups.splice(gi, 1);
    } else if (d.action === "reinf-remove") {
      state.reinforcements.splice(Number(d.ri), 1);
    } else if (b.id === "add-group") {
      const used = new Set(state.groups.map((g) => g.label));
      let code = 65;
      while (used.has(String.fromCharCode(code)) && code < 90) code++;
      state.groups.push({ label: String.fromCharCode(code), cards: [] });
    } else if (b.id === "add-reinforcement") {
      state.reinforcements.push({ after_deck: Math.max(1, Number($("#new-reinf-deck").value) || 1), cards: [] });
    } else if (b.id === "import-apply") {
      importText($("#import-text").value);
      return;
    } else if (b.id === "export-json") {
      exportJson();
      return;
    } else {
      return;
    }
    render();
  });

  // --- card picker filter ---------------------------------------------------------------------
  function filterCards() {
    const q = $("#card-search").value.trim().toLowerCase();
    const kind = $("#card-kind").value;
    document.querySelectorAll("#card-list li.card-row").forEach((li) => {
      li.hidden = (q && !li.dataset.search.includes(q)) || (kind && li.dataset.kind !== kind);
    });
  }
  $("#card-search").addEventListener("input", filterCards);
  $("#card-kind").addEventListener("change", (ev) => { ev.stopPropagation(); filterCards(); });
  document.body.addEventListener("htmx:afterSwap", (ev) => {
    if (ev.detail.target.id === "card-picker") { filterCards(); render(false); }
  });

  // --- import / export ----------------------------------------------------------------------------
  function importText(text) {
    const status = $("#import-status");
    let doc;
    try { doc = JSON.parse(text); } catch (e) { status.textContent = `${t.badJson} ${e.message}`; return; }
    const before = state.nationality;
    state = normalise(doc);
    fillSettings();
    if (state.nationality !== before && window.htmx) {
      window.htmx.ajax("GET", `${$("#f-nationality").getAttribute("hx-get")}?nationality=${encodeURIComponent(state.nationality || "")}`, "#card-picker");
    }
    // The raw document goes to the panel as imported, so the server lists its faults by path.
    render(false);
    store.value = JSON.stringify(doc);
    document.body.dispatchEvent(new Event("force-changed"));
    status.textContent = t.imported;
  }
  $("#import-file").addEventListener("change", (ev) => {
    ev.stopPropagation();
    const file = ev.target.files[0];
    if (file) file.text().then((text) => { $("#import-text").value = text; importText(text); });
  });
  function exportJson() {
    const blob = new Blob([JSON.stringify(state, null, 2)], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `force-${state.nationality || "dyo"}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  fillSettings();
  render(false);
})();
