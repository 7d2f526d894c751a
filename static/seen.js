/* Tells the service that a browser showed the page (POST /play/<token>/seen, tain.web.play.seen): the
   seat's last visit, for the organiser, and where its next "Since you last looked" starts. Opening the
   link changes nothing by itself, so a mail scanner that fetches it does not mark the game as seen. */
document.addEventListener("DOMContentLoaded", function () {
  var form = document.querySelector("form[data-seen]");
  if (!form || !window.fetch || !window.FormData) { return; }
  fetch(form.action, { method: "POST", body: new FormData(form), credentials: "same-origin", keepalive: true })
    .catch(function () { /* the next page, move or email marks it */ });
});
