// A game at the table: once the seed is revealed, check every "Draw for me" result against it
// with the documented derivation (docs/companion.md), so neither player has to trust the
// server. Runs on load and after every htmx swap of the game's section.
(function () {
  "use strict";

  async function uniform(seed, position) {
    const bytes = new TextEncoder().encode(seed + ":" + position);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    let hex = "";
    for (const b of digest) hex += b.toString(16).padStart(2, "0");
    // 13 hex digits: 52 bits, exact in a double, as the server computes it.
    return parseInt(hex.slice(0, 13), 16) / Math.pow(16, 13);
  }

  function drawOf(kind, column, probabilities, u) {
    if (kind === "rpn") {
      const c = column || 1;
      return Math.min(Math.floor(u * c), c - 1) + 1;
    }
    let total = 0;
    for (let i = 0; i < probabilities.length; i++) {
      total += probabilities[i];
      if (u < total) return i;
    }
    return probabilities.length - 1;
  }

  async function check() {
    const box = document.getElementById("seed-check");
    const result = document.getElementById("seed-check-result");
    if (!box || !result || !box.dataset.seed) return;
    if (!(window.crypto && crypto.subtle)) {
      result.textContent = box.dataset.none;
      return;
    }
    const probabilities = box.dataset.probabilities.split(",").map(Number);
    const events = document.querySelectorAll("#game-events li[data-position]");
    let ok = 0;
    let bad = 0;
    for (const li of events) {
      const u = await uniform(box.dataset.seed, li.dataset.position);
      const drawn = drawOf(li.dataset.kind, Number(li.dataset.column), probabilities, u);
      const good = drawn === Number(li.dataset.drawn);
      const mark = document.createElement("span");
      mark.className = good ? "check-ok" : "check-bad";
      mark.textContent = " · " + (good ? box.dataset.ok : box.dataset.bad);
      li.appendChild(mark);
      if (good) ok++;
      else bad++;
    }
    result.textContent = box.dataset.summary
      .replace("{ok}", String(ok))
      .replace("{total}", String(ok + bad));
    result.dataset.ok = String(ok);
    result.dataset.bad = String(bad);
  }

  document.addEventListener("DOMContentLoaded", check);
  document.body.addEventListener("htmx:afterSwap", check);
})();
