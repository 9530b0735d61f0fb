// Ratings: each game's leaderboard and a player's page. A rating is OpenSkill's conservative
// rating (skill mu minus three times its uncertainty sigma, on a scale where a new player's
// skill is 1500 ± 250): see docs/ratings.md.

import { app, el, show, say, api, gameName } from "./dom.js";

const RATING_NOTE = "Rating = skill − 3 × uncertainty: a new player starts at 750 (skill 1500 ± 250) and climbs as games make the estimate surer.";

// The skill and its uncertainty, e.g. "1604 ± 222".
function skill(r) {
  return `${r.mu.toFixed(0)} ± ${r.sigma.toFixed(0)}`;
}

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
        el("tr", {}, el("th", { text: "#" }), el("th", { text: "player" }), el("th", { text: "rating" }), el("th", { text: "skill (μ ± σ)" }), el("th", { text: "games" })),
        rows.map((r) => el("tr", {},
          el("td", { text: r.rank }),
          el("td", {}, el("a", { href: `#/player/${encodeURIComponent(r.name)}`, text: r.name }),
            r.guest ? el("span", { class: "badge", text: "guest" }) : null, r.bot ? el("span", { class: "badge", text: "bot" }) : null),
          el("td", { class: "rating", text: r.rating.toFixed(0) }),
          el("td", { class: "skill", text: skill(r) }),
          el("td", { text: r.games })))),
      el("p", { class: "muted", text: RATING_NOTE }));
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
            el("tr", {}, el("th", { text: "game" }), el("th", { text: "rating" }), el("th", { text: "skill (μ ± σ)" }), el("th", { text: "games" })),
            p.ratings.map((r) => el("tr", {}, el("td", {}, el("a", { href: `#/leaderboard/${r.game}`, text: gameName(r.game) })),
              el("td", { class: "rating", text: r.rating.toFixed(0) }), el("td", { class: "skill", text: skill(r) }), el("td", { text: r.games })))),
        p.ratings.length ? el("p", { class: "muted", text: RATING_NOTE }) : null),
      el("div", { class: "panel" }, el("h2", { text: "Games" }),
        el("table", { class: "list", id: "history" },
          el("tr", {}, el("th", { text: "table" }), el("th", { text: "game" }), el("th", { text: "players" }), el("th", { text: "place" }), el("th", { text: "rating" })),
          p.history.map((h) => el("tr", {},
            el("td", {}, el("a", { href: h.status === "finished" ? `#/replay/${h.table}` : `#/table/${h.table}`, text: h.table })),
            el("td", { text: gameName(h.game) }),
            el("td", { text: h.players }),
            // A game they left is a forfeit: rated as last, whatever the bot made of it.
            el("td", { text: (h.place != null ? String(h.place) : h.status) + (h.left ? " (left: a forfeit)" : "") }),
            // A training game (unrated) changes no rating.
            el("td", { text: h.rating_after != null ? `${h.rating_before.toFixed(0)} → ${h.rating_after.toFixed(0)}` : h.rated === false ? "training (unrated)" : "" }))))));
  }).catch((e) => say(e.message));
}

