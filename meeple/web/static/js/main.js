// meeple's browser client: plain JavaScript modules, no build step.
// Everything shown comes from the server's JSON; names go in with textContent only.

import { app, say, api } from "./dom.js";
import { pageLogin, renderAccount } from "./account.js";
import { pageLobby } from "./lobby.js";
import { pageTable } from "./table.js";
import { pageReplay } from "./replay.js";
import { pageLeaderboard, pagePlayer } from "./ratings.js";
import { pageRules } from "./rules.js";

function leavePage() {
  const page = app.page;
  if (!page) return;
  clearInterval(page.timer);
  clearTimeout(page.timer);
  if (page.ws) { page.ws.onclose = null; page.ws.close(); }
  if (page.leave) page.leave();
}

function route() {
  leavePage();
  app.page = { ws: null, timer: null };
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const [head, arg] = parts;
  if (head === "login") pageLogin();
  else if (head === "table" && /^\d+$/.test(arg)) pageTable(+arg);
  else if (head === "replay" && /^\d+$/.test(arg)) pageReplay(+arg);
  else if (head === "leaderboard") pageLeaderboard(arg);
  else if (head === "player" && arg) pagePlayer(arg);
  else if (head === "rules") pageRules(arg, parts[2]);
  else pageLobby();
}

async function start() {
  document.getElementById("message").addEventListener("click", () => say(""));
  try {
    const [me, games] = await Promise.all([api("GET", "/api/me"), api("GET", "/api/games")]);
    app.me = me.user;
    app.games = games;
  } catch (e) { say(e.message); }
  renderAccount();
  window.addEventListener("hashchange", route);
  route();
}

start();
