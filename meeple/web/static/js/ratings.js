// Ratings: each game's leaderboard and a player's page.

import { app, el, show, say, api, gameName } from "./dom.js";

export function pageLeaderboard(gameId) {
  const id = gameId || (app.games[0] && app.games[0].id);
  const select = el("select", { id: "board-game" }, app.games.map((g) => el("option", { value: g.id, text: g.name })));
  if (id) select.value = id;
  select.addEventListener("change", () => { location.hash = `#/leaderboard/${select.value}`; });
  const body = el("div", { class: "panel" });
  show(el("h1", { text: "Leaderboard" }), el("div", { class: "row" }, select), body);
  if (!id) return;
  api("GET", `/api/leaderboard/${encodeURIComponent(id)}`).then((rows) => {
    body.replaceChildren(rows.length === 0 ? el("p", { class: "muted", text: "No rated games yet." })
      : el("table", { class: "list", id: "leaderboard" },
        el("tr", {}, el("th", { text: "#" }), el("th", { text: "player" }), el("th", { text: "Elo" }), el("th", { text: "games" })),
        rows.map((r) => el("tr", {},
          el("td", { text: r.rank }),
          el("td", {}, el("a", { href: `#/player/${encodeURIComponent(r.name)}`, text: r.name }), r.guest ? el("span", { class: "badge", text: "guest" }) : null),
          el("td", { text: r.rating.toFixed(0) }),
          el("td", { text: r.games })))));
  }).catch((e) => say(e.message));
}

export function pagePlayer(name) {
  const body = el("div");
  show(el("h1", { text: name }), body);
  api("GET", `/api/players/${encodeURIComponent(name)}`).then((p) => {
    body.replaceChildren(
      el("div", { class: "panel" }, el("h2", { text: "Ratings" }),
        p.ratings.length === 0 ? el("p", { class: "muted", text: "No rated games yet." })
          : el("table", { class: "list" },
            el("tr", {}, el("th", { text: "game" }), el("th", { text: "Elo" }), el("th", { text: "games" })),
            p.ratings.map((r) => el("tr", {}, el("td", {}, el("a", { href: `#/leaderboard/${r.game}`, text: gameName(r.game) })),
              el("td", { text: r.rating.toFixed(0) }), el("td", { text: r.games }))))),
      el("div", { class: "panel" }, el("h2", { text: "Games" }),
        el("table", { class: "list", id: "history" },
          el("tr", {}, el("th", { text: "table" }), el("th", { text: "game" }), el("th", { text: "players" }), el("th", { text: "place" }), el("th", { text: "rating" })),
          p.history.map((h) => el("tr", {},
            el("td", {}, el("a", { href: h.status === "finished" ? `#/replay/${h.table}` : `#/table/${h.table}`, text: h.table })),
            el("td", { text: gameName(h.game) }),
            el("td", { text: h.players }),
            // A game they left is a forfeit: rated as last, whatever the bot made of it.
            el("td", { text: (h.place != null ? String(h.place) : h.status) + (h.left ? " (left: a forfeit)" : "") }),
            el("td", { text: h.rating_after != null ? `${h.rating_before.toFixed(0)} → ${h.rating_after.toFixed(0)}` : "" }))))));
  }).catch((e) => say(e.message));
}

