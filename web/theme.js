// The table's colours: light or dark, following the system unless the player chose one
// (the Game dialog's "Colours" menu, remembered on this device). An embedded table takes
// its colours from its link (`theme=`), set by the Python app, and keeps no choice.
// The style sheet reads `data-theme` on the body; with none, `prefers-color-scheme` decides.

const KEY = "dominoes.theme";
const CHOICES = ["system", "light", "dark"];
const embedded = new URLSearchParams(window.location.search).get("embed") === "1";

function stored() {
  try {
    const value = window.localStorage.getItem(KEY);
    return CHOICES.includes(value) ? value : "system";
  } catch {
    return "system"; // storage refused: follow the system this visit
  }
}

function apply(choice) {
  if (choice === "light" || choice === "dark") document.body.dataset.theme = choice;
  else delete document.body.dataset.theme;
}

function choose(choice) {
  if (!CHOICES.includes(choice)) return;
  apply(choice);
  try {
    window.localStorage.setItem(KEY, choice);
  } catch {
    // not kept: the choice holds for this visit
  }
}

if (!embedded) {
  apply(stored());
  const select = document.getElementById("theme-select");
  if (select) {
    select.value = stored();
    select.addEventListener("change", () => choose(select.value));
  }
}

window.dominoesTheme = { choose, stored };
