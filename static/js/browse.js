// The scenario filters (/scenarios/): empty fields stay out of the address when the form is
// submitted (and so does the default sort order), so a shared or bookmarked link reads
// ?nationality=german, not every field.
// Without JavaScript the form still works; the address is just longer.
(function () {
  "use strict";
  document.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-drop-empty]");
    if (!form) return;
    form.querySelectorAll("input[name], select[name]").forEach((field) => {
      if (field.value === "" || field.value === field.dataset.default) field.disabled = true;
    });
  });
  // Back to the page from the browser's cache: the fields must be usable again.
  window.addEventListener("pageshow", () => {
    document.querySelectorAll("form[data-drop-empty] [disabled]").forEach((field) => {
      field.disabled = false;
    });
  });
})();
