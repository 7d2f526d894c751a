/* The browser's time zone for the player's page (tain.local_time): filled into the forms'
   hidden `detected_time_zone` fields (a seat that has chosen no zone takes it with its next
   form), and offered beside the settings form's time zone field. The page works without it. */
document.addEventListener("DOMContentLoaded", function () {
  var zone;
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) { return; }
  if (!zone) { return; }
  document.querySelectorAll("input[data-browser-zone]").forEach(function (field) { field.value = zone; });
  var input = document.querySelector("input[data-zone-field]");
  var offer = document.querySelector("[data-zone-offer]");
  if (!input || !offer || input.value === zone) { return; }
  offer.querySelector("[data-zone-name]").textContent = zone;
  offer.querySelector("[data-zone-use]").addEventListener("click", function () { input.value = zone; input.focus(); });
  offer.hidden = false;
});
