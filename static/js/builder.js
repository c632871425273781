// DYO builder controller: keeps the Force document (interchange format v1) in the hidden
// #force-json field, renders groups from it and asks the server's live panel to re-check it.
// No framework: plain DOM, buttons for every action so the keyboard works.
//
// What it promises the player:
// * never a silent change: a nationality, period or theatre applies once chosen (a click,
//   Enter, or leaving the list), never while arrowing through it, and asks before it would
//   turn or drop bought cards;
// * nothing lost: the force in progress is kept in localStorage as a draft (per "draft
//   context": a new force, or one saved force) until it is saved, exported or discarded;
// * focus stays on the moved or next item after every action that rebuilds the list.
(function () {
  "use strict";
  const $ = (sel) => document.querySelector(sel);
  const form = $("#builder-form");
  if (!form) return;
  const store = $("#force-json");
  const t = $("#i18n").dataset;
  // Codes, labels, limits and reasons come from the server (upfront.rules.codes, labels, the
  // reference data); the page's draft context and starting force too.
  const CODES = JSON.parse($("#builder-codes").textContent);
  const PAGE = JSON.parse($("#builder-page").textContent);
  const SECONDARY = Object.keys(CODES.secondary_weapons);
  const MAX_RADIOS_PER_STRENGTH = 20; // a guard against typos in the count field, not a rule
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
  const periodIndex = (p) => CODES.periods.indexOf(p);
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
  // The same force whatever the order of its keys.
  function canonical(value) {
    if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
    if (value && typeof value === "object") {
      return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
    }
    return JSON.stringify(value);
  }
  const sameForce = (a, b) => canonical(normalise(a)) === canonical(normalise(b));
  const allCards = (s = state) => [...s.groups, ...s.reinforcements].flatMap((c) => c.cards);

  // --- the local draft ------------------------------------------------------------------------
  const DRAFT_PREFIX = "upfront.builder.draft:";
  function readDraft(context) {
    try {
      const draft = JSON.parse(localStorage.getItem(DRAFT_PREFIX + context));
      return draft && draft.force && typeof draft.force === "object" ? draft : null;
    } catch (e) { return null; }
  }
  function writeDraft() {
    try { localStorage.setItem(DRAFT_PREFIX + PAGE.draft_context, JSON.stringify({ force: state, updated: Date.now() })); } catch (e) { /* private mode: no draft */ }
  }
  function dropDraft(context) {
    try { localStorage.removeItem(DRAFT_PREFIX + context); } catch (e) { /* nothing kept */ }
  }
  function hideDraftNotice() { $("#draft-notice").hidden = true; }

  // The server's force for this page: a saved force, a new empty one, or a re-shown document.
  let serverForce = null;
  try { serverForce = normalise(JSON.parse(store.value)); } catch (e) { serverForce = null; }
  (PAGE.drafts_done || []).forEach(dropDraft); // saved or deleted on the server just now
  const draft = readDraft(PAGE.draft_context);
  if (draft && !(serverForce && sameForce(draft.force, serverForce))) {
    state = normalise(draft.force);
    const when = new Date(draft.updated || Date.now()).toLocaleString(document.documentElement.lang || undefined);
    $("#draft-text").textContent = fill(t.draftRestored, { time: when });
    $("#draft-notice").hidden = false;
  } else {
    state = serverForce || normalise({});
  }

  function cardInfo(no) {
    const row = document.querySelector(`#card-list li[data-card="${no}"]`);
    return row ? row.dataset : null;
  }

  function save(recheck = true) {
    store.value = JSON.stringify(state);
    if (recheck) {
      writeDraft();
      document.body.dispatchEvent(new Event("force-changed"));
    }
  }

  function loadPicker() {
    const url = `${$("#f-nationality").dataset.cardsUrl}?nationality=${encodeURIComponent(state.nationality || "")}`
      + `&marines=${state.marines === true ? "true" : "false"}`;
    if (window.htmx) window.htmx.ajax("GET", url, "#card-picker");
  }

  // --- a question before anything is lost --------------------------------------------------------
  // ask({title, text, items, choices: [{value, label, danger, autofocus}]}) -> the chosen value
  // ("" when closed with Escape).
  function ask({ title, text, items = [], choices }) {
    const dialog = $("#confirm-dialog");
    $("#confirm-title").textContent = title;
    $("#confirm-text").textContent = text;
    $("#confirm-items").replaceChildren(...items.map((item) => {
      const li = document.createElement("li");
      li.textContent = item;
      return li;
    }));
    $("#confirm-items").hidden = !items.length;
    $("#confirm-actions").replaceChildren(...choices.map((choice) => {
      const b = document.createElement("button");
      b.value = choice.value;
      b.textContent = choice.label;
      b.className = choice.danger ? "danger" : choice.autofocus ? "" : "secondary";
      if (choice.autofocus) b.autofocus = true;
      return b;
    }));
    dialog.returnValue = "";
    dialog.showModal();
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue), { once: true });
    });
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
    renderMountainTroops();
  }
  // --- M12.1: the mountain-troops draw --------------------------------------------------------
  // Only elites of a force under the mountain article draw; the outcome is kept in the force
  // (mountain_troops) and dropped when what the draw depended on changes.
  const MOUNTAIN_DRAW_DEPENDS_ON = ["mountain", "troop_type"]; // nationality, period: below
  function renderMountainTroops(rn = null) {
    const box = $("#mountain-troops");
    box.hidden = !(state.mountain && state.troop_type === "elite");
    const drawn = state.mountain_troops;
    const outcome = drawn === true ? t.mtYes : drawn === false ? t.mtNo : t.mtUndrawn;
    $("#mountain-troops-status").textContent = (rn === null ? "" : fill(t.mtRn, { rn }) + " ") + outcome;
  }
  function forgetMountainDraw() {
    delete state.mountain_troops;
    renderMountainTroops();
  }
  $("#mountain-troops-draw").addEventListener("click", async () => {
    const status = $("#mountain-troops-status");
    let answer;
    try {
      const response = await fetch($("#mountain-troops").dataset.drawUrl, {
        method: "POST",
        body: JSON.stringify({ table: "mountain_troops", nationality: state.nationality, period: state.period }),
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        credentials: "same-origin",
      });
      answer = await response.json();
      if (!response.ok) {
        const reasons = (answer.errors || []).map((e) => e.message);
        status.textContent = fill(t.mtFailed, { reason: reasons.join(" ") || answer.detail || response.status });
        return;
      }
    } catch (e) {
      status.textContent = fill(t.mtFailed, { reason: String(e) });
      return;
    }
    // M12.1: mountain troops on a black RN, plain elites on a red one.
    state.mountain_troops = answer.colour === "black";
    save();
    renderMountainTroops(answer.rpn);
  });
  form.addEventListener("change", (ev) => {
    const el = ev.target;
    if (el.dataset.field) {
      const f = el.dataset.field;
      if (el.type === "checkbox") state[f] = el.checked;
      else if (f === "budget") state[f] = el.value === "" ? null : Number(el.value);
      else if (f === "snipers") state[f] = Number(el.value);
      else state[f] = el.value;
      if (MOUNTAIN_DRAW_DEPENDS_ON.includes(f)) forgetMountainDraw();
      save();
      // The server gives each card's morale and panic as the force plays them (46.1 Marines).
      if (f === "marines") loadPicker();
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

  // A <select> whose choice applies only once committed: picked with the pointer or from the
  // opened list, or confirmed with Enter (or by leaving the list) after arrowing or typing
  // through the closed list, which changes its value at every key press.
  function committedSelect(select, apply) {
    const hint = $("#pending-hint");
    let browsing = false;
    let pending = false;
    const settle = () => { browsing = false; pending = false; hint.hidden = true; };
    select.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter") {
        if (pending) { ev.preventDefault(); settle(); apply(); }
        return;
      }
      if (ev.key === "Escape" && pending) {
        ev.preventDefault();
        select.value = state[select.dataset.field];
        settle();
        return;
      }
      // Space, F4 and Alt+arrow open the list: a choice made there is committed.
      if (ev.key === " " || ev.key === "F4" || ev.altKey) { browsing = false; return; }
      if (ev.key === "Tab" || ev.key === "Shift" || ev.key === "Escape") return;
      browsing = true;
    });
    select.addEventListener("pointerdown", () => { browsing = false; });
    select.addEventListener("change", (ev) => {
      ev.stopPropagation(); // not the generic handler above
      if (browsing) { pending = true; hint.hidden = false; return; }
      settle();
      apply();
    });
    select.addEventListener("blur", () => { if (pending) { settle(); apply(); } });
  }

  committedSelect($("#f-nationality"), async () => {
    const select = $("#f-nationality");
    const to = select.value;
    if (to === state.nationality) return;
    const bought = allCards().length;
    if (bought) {
      // Card numbers belong to a nationality: the same numbers would be other men.
      const answer = await ask({
        title: fill(t.natTitle, { to: select.selectedOptions[0].textContent }),
        text: fill(t.natText, { n: bought }),
        choices: [
          { value: "change", label: t.natConfirm, danger: true },
          { value: "keep", label: t.keep, autofocus: true },
        ],
      });
      if (answer !== "change") {
        select.value = state.nationality;
        select.focus();
        return;
      }
      [...state.groups, ...state.reinforcements].forEach((c) => { c.cards = []; });
    }
    state.nationality = to;
    forgetMountainDraw();
    loadPicker();
    render();
    select.focus();
  });

  // What a period would make unavailable: cards with a known first period (43.2) and secondary
  // weapons with theirs (43.7), both as the server gives them.
  function unavailableIn(period) {
    const lost = [];
    const at = periodIndex(period);
    [...state.groups, ...state.reinforcements].forEach((container) => {
      container.cards.forEach((c) => {
        const info = cardInfo(c.card);
        const name = info ? info.name : "";
        if (info && info.availableFrom && at < periodIndex(info.availableFrom)) {
          lost.push({ c, label: fill(t.cardFrom, { no: c.card, name, period: info.availableFrom }) });
        }
        c.secondary.forEach((w) => {
          const weapon = CODES.secondary.weapons[w];
          if (weapon && weapon.from && at < periodIndex(weapon.from)) {
            lost.push({ c, weapon: w, label: fill(t.weaponItem, { no: c.card, name, weapon: CODES.secondary_weapons[w], reason: weapon.from_reason }) });
          }
        });
      });
    });
    return lost;
  }

  committedSelect($("#f-period"), async () => {
    const select = $("#f-period");
    const to = select.value;
    if (to === state.period) return;
    const lost = unavailableIn(to);
    if (lost.length) {
      const answer = await ask({
        title: fill(t.periodTitle, { to }),
        text: fill(t.periodText, { to }),
        items: lost.map((l) => l.label),
        choices: [
          { value: "remove", label: t.periodRemove, danger: true },
          { value: "change", label: t.periodKeep },
          { value: "keep", label: t.keep, autofocus: true },
        ],
      });
      if (answer === "remove") {
        const gone = new Set(lost.filter((l) => !l.weapon).map((l) => l.c));
        lost.filter((l) => l.weapon).forEach((l) => { l.c.secondary = l.c.secondary.filter((w) => w !== l.weapon); });
        [...state.groups, ...state.reinforcements].forEach((container) => { container.cards = container.cards.filter((c) => !gone.has(c)); });
      } else if (answer !== "change") {
        select.value = state.period;
        select.focus();
        return;
      }
    }
    state.period = to;
    forgetMountainDraw();
    render();
    select.focus();
  });

  // No card or weapon of the reference data is limited to a theatre: nothing to ask.
  committedSelect($("#f-theatre"), () => {
    state.theatre = $("#f-theatre").value;
    save();
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
  function fillContainerOptions(select, current) {
    select.replaceChildren(...containers().map((ct) => {
      const o = document.createElement("option");
      o.value = `${ct.kind}:${ct.i}`;
      o.textContent = ct.name;
      return o;
    }));
    if ([...select.options].some((o) => o.value === current)) select.value = current;
  }

  // Whether this force may give ``weapon`` to the man on card ``info``, and if not, why.
  function secondaryOffer(info, weapon) {
    const S = CODES.secondary;
    if (info && !S.carriers.includes(info.kind)) return { allowed: false, reason: S.carrier_reason, rule: S.carrier_rule };
    const w = S.weapons[weapon];
    if (!w) return { allowed: true };
    const permission = w.permissions[state.nationality];
    if (permission && permission.allowed !== true) return { allowed: false, reason: permission.reason, rule: permission.rule };
    if (w.from && periodIndex(state.period) < periodIndex(w.from)) return { allowed: false, reason: w.from_reason, rule: w.from_rule };
    return { allowed: true };
  }
  // The force-wide reasons (nationality, period), once above the groups.
  function renderSecondaryNote() {
    const reasons = $("#secondary-reasons");
    reasons.replaceChildren();
    SECONDARY.forEach((w) => {
      const offer = secondaryOffer(null, w);
      if (offer.allowed) return;
      const span = document.createElement("span");
      span.id = `secondary-reason-${w}`;
      span.textContent = `${CODES.secondary_weapons[w]}: ${offer.reason}. `;
      reasons.append(span);
    });
    $("#secondary-note").hidden = !reasons.childElementCount;
  }

  function cardFacts(info) {
    const parts = [];
    if (info.role) parts.push(info.role);
    if (info.weapon) parts.push(info.weapon);
    if (info.kind === "infantry" || info.morale || info.panic) {
      parts.push(fill(t.morale, { morale: info.morale || "?", panic: info.panic || "?" })
        + (info.adjustedBy ? ` (${fill(t.adjusted, { rule: info.adjustedBy })})` : ""));
    }
    parts.push(info.points ? fill(t.points, { points: info.points }) : t.noPrice);
    return parts.join(" · ");
  }

  function renderSecondary(c, info, key) {
    const sec = document.createElement("span");
    sec.className = "secondary-weapons";
    sec.setAttribute("role", "group");
    sec.setAttribute("aria-label", `${t.secondary} #${c.card}`);
    const S = CODES.secondary;
    if (info && !S.carriers.includes(info.kind) && !c.secondary.length) {
      const note = document.createElement("small");
      note.className = "not-offered";
      note.textContent = `${t.secondary}: ${S.carrier_reason}`;
      sec.append(note);
      return sec;
    }
    SECONDARY.forEach((w) => {
      // A weapon this force cannot have (its nationality or period) is not offered on every
      // card: the note above the groups says why, once. One already bought stays, to be removed.
      if (!secondaryOffer(null, w).allowed && !c.secondary.includes(w)) return;
      const offer = secondaryOffer(info, w);
      const lab = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.checked = c.secondary.includes(w);
      box.dataset.focus = `${key}-sec-${w}`;
      box.dataset.weapon = w;
      // One already bought stays uncheckable, so the player can take it away.
      box.disabled = !offer.allowed && !box.checked;
      box.addEventListener("change", (ev) => {
        ev.stopPropagation();
        c.secondary = SECONDARY.filter((x) => (x === w ? box.checked : c.secondary.includes(x)));
        save();
        if (!offer.allowed && !box.checked) box.disabled = true;
      });
      lab.append(box, " " + CODES.secondary_weapons[w]);
      if (!offer.allowed) {
        lab.classList.add("not-offered");
        lab.title = offer.reason;
        const ref = document.createElement("span");
        ref.className = "rule-ref";
        ref.textContent = offer.rule;
        lab.append(" ", ref);
        const reasonId = info && !S.carriers.includes(info.kind) ? "" : `secondary-reason-${w}`;
        if (reasonId) box.setAttribute("aria-describedby", reasonId);
        else box.setAttribute("aria-label", `${CODES.secondary_weapons[w]}: ${offer.reason}`);
      }
      sec.append(lab);
    });
    return sec;
  }

  function renderCards(ul, kind, gi, cards) {
    if (!cards.length) { const li = document.createElement("li"); li.textContent = t.empty; ul.append(li); }
    cards.forEach((c, ci) => {
      const key = `c-${kind}${gi}-${ci}`;
      const li = document.createElement("li");
      li.className = "bought";
      li.dataset.card = c.card;
      const info = cardInfo(c.card);
      const head = document.createElement("div");
      head.className = "bought-head";
      const title = document.createElement("span");
      title.className = "card-title";
      title.textContent = `#${c.card} ${info ? info.name : ""}`;
      const facts = document.createElement("span");
      facts.className = "card-facts";
      facts.textContent = info ? cardFacts(info) : t.notInList;
      if (!info) facts.classList.add("error");
      head.append(title, facts);
      li.append(head, renderSecondary(c, info, key));
      const tools = document.createElement("div");
      tools.className = "card-tools";
      const label = document.createElement("label");
      const move = document.createElement("select");
      move.className = "move-to";
      move.dataset.focus = `${key}-move`;
      move.setAttribute("aria-label", `${t.move} (#${c.card})`);
      fillContainerOptions(move, `${kind}:${gi}`);
      label.append(move);
      // Choosing in the list moves nothing (arrowing through it must not): the button does.
      const go = button(t.moveButton, "move-card", { kind, gi, ci, focus: `${key}-go` });
      go.setAttribute("aria-label", `${t.moveButton} #${c.card}`);
      const remove = button(t.remove, "remove-card", { kind, gi, ci, focus: `${key}-remove` });
      remove.setAttribute("aria-label", `${t.remove} #${c.card}`);
      tools.append(label, go, remove);
      li.append(tools);
      ul.append(li);
    });
  }

  function groupSummary(cards) {
    let face = 0;
    let unpriced = 0;
    cards.forEach((c) => {
      const info = cardInfo(c.card);
      if (info && info.points) face += Number(info.points); else unpriced += 1;
    });
    const p = document.createElement("p");
    p.className = "group-summary";
    p.dataset.size = cards.length;
    p.dataset.face = face;
    const points = unpriced ? fill(t.faceUnknown, { points: face, n: unpriced }) : face;
    p.textContent = `${fill(t.size, { n: cards.length })} · ${fill(t.face, { points })}`;
    return p;
  }

  // The picker marks every card already bought, and offers it no second time.
  function markPicker() {
    const where = new Map();
    containers().forEach((ct) => listOf(ct.kind, ct.i).cards.forEach((c) => { if (!where.has(String(c.card))) where.set(String(c.card), ct.name); }));
    document.querySelectorAll("#card-list li.card-row").forEach((li) => {
      const place = where.get(li.dataset.card);
      const add = li.querySelector("button.add-card");
      const mark = li.querySelector(".bought-mark");
      li.classList.toggle("is-bought", !!place);
      if (mark) { mark.hidden = !place; mark.textContent = place ? fill(t.boughtIn, { where: place }) : ""; }
      // Not offered twice: each personality card exists once (43.2).
      add.hidden = !!place;
      add.disabled = !!place;
    });
  }

  function focusKey(key) {
    const el = key && (document.getElementById(key) || form.querySelector(`[data-focus="${key}"]`));
    if (el) el.focus();
    return !!el;
  }

  function render(recheck = true, focus = null) {
    const active = document.activeElement;
    const keep = active && active.dataset && active.dataset.focus;
    const groups = $("#groups");
    groups.replaceChildren();
    state.groups.forEach((g, gi) => {
      const box = document.createElement("fieldset");
      box.className = "group";
      box.tabIndex = -1;
      box.dataset.focus = `g${gi}`;
      const legend = document.createElement("legend");
      legend.textContent = `${t.group} ${g.label}`;
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.value = g.label;
      input.maxLength = CODES.group_label_max_length;
      input.dataset.focus = `g${gi}-label`;
      // A new name changes only the words: nothing is rebuilt under the player's cursor.
      input.addEventListener("change", (ev) => { ev.stopPropagation(); g.label = input.value; legend.textContent = `${t.group} ${g.label}`; refreshNames(); save(); });
      label.append(t.label + " ", input);
      const tools = document.createElement("div");
      tools.className = "tools";
      tools.append(
        button(t.up, "group-up", { gi, focus: `g${gi}-up` }),
        button(t.down, "group-down", { gi, focus: `g${gi}-down` }),
        button(t.remove, "group-remove", { gi, focus: `g${gi}-remove` }),
      );
      tools.querySelectorAll("button").forEach((b) => b.setAttribute("aria-label", `${b.textContent}: ${t.group} ${g.label}`));
      const ul = document.createElement("ul");
      ul.className = "bought-list";
      renderCards(ul, "g", gi, g.cards);
      box.append(legend, groupSummary(g.cards), label, tools, ul);
      groups.append(box);
    });
    const reinf = $("#reinforcements");
    reinf.replaceChildren();
    state.reinforcements.forEach((r, ri) => {
      const box = document.createElement("fieldset");
      box.className = "group";
      box.tabIndex = -1;
      box.dataset.focus = `r${ri}`;
      const legend = document.createElement("legend");
      legend.textContent = `${t.after} ${r.after_deck}`;
      const ul = document.createElement("ul");
      ul.className = "bought-list";
      renderCards(ul, "r", ri, r.cards);
      const remove = button(t.remove, "reinf-remove", { ri, focus: `r${ri}-remove` });
      remove.setAttribute("aria-label", `${t.remove}: ${t.after} ${r.after_deck}`);
      box.append(legend, groupSummary(r.cards), remove, ul);
      reinf.append(box);
    });
    const target = $("#target-group");
    fillContainerOptions(target, target.dataset.next || target.value);
    delete target.dataset.next;
    renderSecondaryNote();
    markPicker();
    save(recheck);
    if (!focusKey(focus) && keep && !document.contains(active)) focusKey(keep);
  }

  function refreshNames() {
    form.querySelectorAll("select.move-to").forEach((s) => fillContainerOptions(s, s.value));
    fillContainerOptions($("#target-group"), $("#target-group").value);
    markPicker();
  }

  // After an item is removed: the one now in its place, else the one before, else its box.
  const nextKey = (prefix, index, count, suffix, fallback) => {
    if (index < count) return `${prefix}${index}${suffix}`;
    if (index > 0) return `${prefix}${index - 1}${suffix}`;
    return fallback;
  };

  form.addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    if (!b) return;
    const d = b.dataset;
    const gi = Number(d.gi);
    let focus = null;
    if (b.classList.contains("add-card")) {
      if (!containers().length) state.groups.push({ label: "A", cards: [] });
      const [k, j] = ($("#target-group").value || "g:0").split(":");
      listOf(k, Number(j)).cards.push({ card: Number(d.card), secondary: [] });
      // The button gives way to a "bought" mark: go on to the next card on offer.
      const row = b.closest("li");
      const offered = [...document.querySelectorAll("#card-list li.card-row:not([hidden]) button.add-card:not([disabled])")]
        .filter((x) => x.closest("li") !== row);
      const after = offered.find((x) => row.compareDocumentPosition(x) & Node.DOCUMENT_POSITION_FOLLOWING);
      const next = after || offered[offered.length - 1];
      render();
      if (next) next.focus(); else $("#card-search").focus();
      return;
    } else if (d.action === "remove-card") {
      const list = listOf(d.kind, gi).cards;
      list.splice(Number(d.ci), 1);
      focus = nextKey(`c-${d.kind}${gi}-`, Number(d.ci), list.length, "-remove", `${d.kind}${gi}`);
    } else if (d.action === "move-card") {
      const select = form.querySelector(`[data-focus="c-${d.kind}${gi}-${d.ci}-move"]`);
      const [k, j] = select.value.split(":");
      if (k === d.kind && Number(j) === gi) return;
      const [card] = listOf(d.kind, gi).cards.splice(Number(d.ci), 1);
      const to = listOf(k, Number(j)).cards;
      to.push(card);
      focus = `c-${k}${j}-${to.length - 1}-go`;
    } else if (d.action === "group-up") {
      if (gi > 0) [state.groups[gi - 1], state.groups[gi]] = [state.groups[gi], state.groups[gi - 1]];
      focus = `g${Math.max(0, gi - 1)}-up`;
    } else if (d.action === "group-down") {
      if (gi < state.groups.length - 1) [state.groups[gi + 1], state.groups[gi]] = [state.groups[gi], state.groups[gi + 1]];
      focus = `g${Math.min(state.groups.length - 1, gi + 1)}-down`;
    } else if (d.action === "group-remove") {
      state.groups.splice(gi, 1);
      focus = nextKey("g", gi, state.groups.length, "-remove", "add-group");
    } else if (d.action === "reinf-remove") {
      state.reinforcements.splice(Number(d.ri), 1);
      focus = nextKey("r", Number(d.ri), state.reinforcements.length, "-remove", "add-reinforcement");
    } else if (b.id === "add-group") {
      const used = new Set(state.groups.map((g) => g.label));
      let code = 65;
      while (used.has(String.fromCharCode(code)) && code < 90) code++;
      state.groups.push({ label: String.fromCharCode(code), cards: [] });
      // New cards go to the group just added: the player adds a group to fill it.
      $("#target-group").dataset.next = `g:${state.groups.length - 1}`;
    } else if (b.id === "add-reinforcement") {
      state.reinforcements.push({ after_deck: Math.max(1, Number($("#new-reinf-deck").value) || 1), cards: [] });
    } else if (b.id === "import-apply") {
      importText($("#import-text").value);
      return;
    } else if (b.id === "export-json") {
      exportJson();
      return;
    } else if (b.id === "new-force") {
      newForce();
      return;
    } else {
      return;
    }
    render(true, focus);
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

  // --- the summary bar (a phone keeps total, remaining budget and legality in sight) ---------
  function updateBar() {
    const total = $("#total-points");
    const remaining = $("#remaining-points");
    const status = $("#force-status");
    $("#bar-total").textContent = total ? total.textContent : "—";
    $("#bar-remaining-box").hidden = !remaining;
    if (remaining) {
      $("#bar-remaining").textContent = remaining.textContent;
      $("#bar-remaining").className = remaining.className;
    }
    const bar = $("#bar-status");
    if (!status) {
      const faults = $("#panel h3.error");
      bar.textContent = faults ? faults.textContent : "";
      bar.className = "status error";
      return;
    }
    const empty = status.classList.contains("empty");
    const errors = document.querySelectorAll("#panel .violations li.severity-error").length;
    bar.textContent = empty ? t.emptyStatus : status.textContent.trim() + (errors ? ` · ${fill(t.errors, { n: errors })}` : "");
    bar.className = status.className;
  }
  document.body.addEventListener("htmx:afterSwap", (ev) => {
    if (ev.detail.target.id === "card-picker") { filterCards(); render(false); }
  });
  // After settling: until then htmx gives the new elements their old ids' attributes.
  document.body.addEventListener("htmx:afterSettle", (ev) => {
    if (ev.detail.target.id === "panel") updateBar();
  });

  // --- import / export ----------------------------------------------------------------------------
  async function importFaults(text) {
    const body = new URLSearchParams({ force: text });
    const response = await fetch($("#import-apply").dataset.checkUrl, {
      method: "POST",
      body,
      headers: { "X-CSRFToken": form.querySelector("[name=csrfmiddlewaretoken]").value },
      credentials: "same-origin",
    });
    const answer = await response.json();
    return answer.errors || [];
  }
  async function importText(text) {
    const status = $("#import-status");
    status.replaceChildren();
    let doc;
    try { doc = JSON.parse(text); } catch (e) { status.textContent = `${t.badJson} ${e.message}`; return; }
    let faults;
    try { faults = await importFaults(text); } catch (e) { status.textContent = `${t.importFaults} ${e.message}`; return; }
    // A document with faults never replaces the force: the player gets the faults instead.
    if (faults.length) {
      const p = document.createElement("p");
      p.className = "error";
      p.textContent = t.importFaults;
      const ul = document.createElement("ul");
      ul.className = "format-errors";
      faults.forEach((f) => {
        // Where in words (the server's labels.places), never the JSON path.
        const li = document.createElement("li");
        li.textContent = f.where ? `${f.message} (${f.where})` : f.message;
        ul.append(li);
      });
      status.append(p, ul);
      return;
    }
    const bought = allCards().length;
    if (bought) {
      const answer = await ask({
        title: t.importTitle,
        text: fill(t.importText, { n: bought }),
        choices: [
          { value: "replace", label: t.importConfirm, danger: true },
          { value: "keep", label: t.keep, autofocus: true },
        ],
      });
      if (answer !== "replace") { $("#import-apply").focus(); return; }
    }
    const before = state.nationality;
    const marinesBefore = state.marines;
    state = normalise(doc);
    fillSettings();
    if (state.nationality !== before || state.marines !== marinesBefore) loadPicker();
    render();
    status.textContent = t.imported;
    $("#import-apply").focus();
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
    // The player has the force in a file now: the draft has done its job.
    dropDraft(PAGE.draft_context);
    hideDraftNotice();
  }

  // --- new force, discarding the draft -----------------------------------------------------------
  function startOver(force) {
    const before = state.nationality;
    const marinesBefore = state.marines;
    state = normalise(force);
    fillSettings();
    if (state.nationality !== before || state.marines !== marinesBefore) loadPicker();
    render();
    dropDraft(PAGE.draft_context); // render() wrote the page's own force: no draft to keep
  }
  $("#draft-discard").addEventListener("click", () => {
    hideDraftNotice();
    startOver(serverForce || PAGE.empty_force);
    $("#f-nationality").focus();
  });
  async function newForce() {
    const pending = PAGE.draft_context === "new" ? state : (readDraft("new") || {}).force;
    const bought = pending ? allCards(normalise(pending)).length : 0;
    if (bought) {
      const answer = await ask({
        title: t.newTitle,
        text: fill(t.newText, { n: bought }),
        choices: [
          { value: "new", label: t.newConfirm, danger: true },
          { value: "keep", label: t.keep, autofocus: true },
        ],
      });
      if (answer !== "new") { $("#new-force").focus(); return; }
    }
    dropDraft("new");
    if (PAGE.draft_context === "new") {
      hideDraftNotice();
      startOver(PAGE.empty_force);
      $("#f-nationality").focus();
    } else {
      window.location.assign(form.dataset.newUrl);
    }
  }

  fillSettings();
  render(false);
  updateBar();
  // htmx starts listening on DOMContentLoaded; a deferred script runs just before it
  // (readyState "interactive").
  const whenHtmxListens = (fn) => {
    if (document.readyState === "complete") fn();
    else document.addEventListener("DOMContentLoaded", fn);
  };
  whenHtmxListens(() => {
    // A restored draft of another nationality (or Marines) needs its own cards in the picker,
    // and the check panel must check the draft, not the page's own force.
    const list = $("#card-list");
    if (list && (list.dataset.nationality !== state.nationality || (serverForce && state.marines !== serverForce.marines))) loadPicker();
    if (!$("#draft-notice").hidden) document.body.dispatchEvent(new Event("force-changed"));
  });
})();
