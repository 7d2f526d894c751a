// The new-game form: show only the chosen game's own options. Without JavaScript every game's
// fieldset shows, each labelled with its game ("Tara only"), and the others' choices are ignored.
document.addEventListener("DOMContentLoaded", () => {
  const game = document.querySelector("form.new-game select[name=game]");
  if (!game) return;
  const show = () => {
    for (const fieldset of document.querySelectorAll("form.new-game fieldset.game-options")) {
      fieldset.hidden = fieldset.dataset.game !== game.value;
    }
  };
  game.addEventListener("change", show);
  show();
});
