// The demo game's page. The maze and the /game postMessage protocol arrive with the game issue;
// for now the page only proves it is served from its own origin.
const statusLine = document.getElementById('status');
if (statusLine && window.parent === window) {
  statusLine.textContent = 'Open a session from Questfield to play.';
}
