// The lobby: tables to join, watch or replay, and a new table's form.

import { app, el, show, say, api, seatName, swatch } from "./dom.js";
import { rulesLink } from "./rules.js";

export function pageLobby() {
  const content = el("div");
  show(el("h1", { text: "Lobby" }), content);
  const lists = el("div", { class: "grid2" });
  content.append(app.me ? newTableForm() : el("p", {}, el("a", { href: "#/login", text: "Log in or play as a guest" }), " to create or join a table."), lists);
  async function refresh() {
    try {
      const [open, running, finished, myRunning, myOpen] = await Promise.all([
        ...["open", "running", "finished"].map((s) => api("GET", `/api/tables?status=${s}`)),
        ...(app.me ? ["running", "open"].map((s) => api("GET", `/api/tables?status=${s}&mine=1`)) : [[], []]),
      ]);
      const mine = [...myRunning, ...myOpen];
      lists.replaceChildren(...[
        mine.length ? tableList("Your games", mine, "running") : null,
        tableList("Open tables", open, "open"),
        tableList("Games in progress", running, "running"),
        tableList("Finished games", finished.slice(0, 15), "finished"),
      ].filter((n) => n));
    } catch (e) { say(e.message); }
  }
  refresh();
  app.page.timer = setInterval(refresh, 4000);
}

function tableList(title, tables, kind) {
  const id = title.toLowerCase().replace(/[^a-z]+/g, "-");
  const body = tables.length === 0
    ? el("p", { class: "muted", text: "None." })
    : el("table", { class: "list" },
      el("tr", {}, el("th", { text: "#" }), el("th", { text: "game" }), el("th", { text: "seats" }), el("th", {})),
      tables.map((t) => el("tr", { "data-table": t.id },
        el("td", { text: t.id }),
        el("td", {}, t.game_name, t.rated === false ? el("span", { class: "badge training", title: "a training game: no rating changes", text: "training" }) : null),
        el("td", {}, t.seats.flatMap((s, i) => (i ? [", ", lobbySeat(s, kind)] : [lobbySeat(s, kind)])),
          yourTurn(t) ? el("span", { class: "badge your-turn", text: "your turn" }) : null,
          forfeitNote(t)),
        el("td", {}, el("a", { href: kind === "finished" ? `#/replay/${t.id}` : `#/table/${t.id}`,
          text: kind === "open" ? "open" : kind === "running" ? "watch / play" : "replay" })),
      )));
  return el("div", { class: "panel", id }, el("h2", { text: title }), body);
}

// A seat in a lobby list: a person who left is named (the bot only played on for them), and
// before the end a person's rating in the game stands beside their name.
function lobbySeat(seat, kind) {
  if (seat.kind === "bot" && seat.left_by) {
    return el("span", { class: "who" }, swatch(seat), `${seat.left_by} (left)`);
  }
  const name = seatName(seat);
  if (kind === "finished" || seat.rating == null || seat.kind === "open") return name;
  return el("span", {}, name, " ", el("small", { class: "muted rating", title: "rating in this game", text: `(${seat.rating.toFixed(0)})` }));
}

// A game someone left: "forfeit: alice left" (a leaver is rated last).
function forfeitNote(t) {
  const names = t.forfeits || [];
  if (!names.length) return null;
  return el("span", { class: "badge forfeit", title: "a player who leaves is rated last", text: `forfeit: ${names.join(", ")} left` });
}

// Whether it is the viewer's move at this running table.
function yourTurn(t) {
  if (!app.me || t.to_move == null) return false;
  const seat = t.seats[t.to_move];
  return !!seat && seat.kind === "human" && seat.user_id === app.me.id;
}

// An option's value in words.
function optionWords(value) {
  if (value === true) return "yes";
  if (value === false) return "no";
  return String(value);
}

function newTableForm() {
  const gameSelect = el("select", { id: "new-game" },
    app.games.map((g) => el("option", { value: g.id, text: g.name })));
  const players = el("select", { id: "new-players" });
  const options = el("div", { id: "new-options" });
  const seats = el("div", { id: "new-seats" });
  // Rated by default; unchecked, a training game (BGA's word) that changes no rating.
  const rated = el("input", { type: "checkbox", id: "new-rated", checked: true });
  const ratedBox = el("label", { class: "option" },
    el("span", { class: "row" }, rated, el("span", { text: "Rated game" })),
    el("small", { class: "muted", text: "Unchecked, a training game: it counts for no one's rating." }));
  function game() { return app.games.find((g) => g.id === gameSelect.value); }
  function renderPlayers() {
    const g = game();
    const keep = players.value;
    players.replaceChildren();
    for (let n = g.players[0]; n <= g.players[1]; n++) players.append(el("option", { value: n, text: `${n} players` }));
    if (keep && +keep >= g.players[0] && +keep <= g.players[1]) players.value = keep;
    options.replaceChildren(...g.options.map((o) => {
      const input = o.choices
        ? el("select", { "data-option": o.name }, o.choices.map((c) => el("option", { value: JSON.stringify(c), text: optionWords(c) })))
        : el("input", { "data-option": o.name, value: String(o.default) });
      if (o.choices) input.value = JSON.stringify(o.default);
      // The option in words, and what it does (its help text) under it.
      const words = o.name.replaceAll("_", " ");
      return el("label", { class: "option" },
        el("span", { class: "row" }, el("span", { text: words.charAt(0).toUpperCase() + words.slice(1) }), input),
        o.help ? el("small", { class: "muted", text: o.help }) : null);
    }));
    renderSeats();
  }
  function renderSeats() {
    const n = +players.value;
    const old = [...seats.querySelectorAll("select")].map((s) => s.value);
    seats.replaceChildren();
    for (let i = 0; i < n; i++) {
      const kind = el("select", { id: `seat-${i}` },
        el("option", { value: "me", text: "me" }),
        el("option", { value: "open", text: "open seat" }),
        el("option", { value: "user", text: "a named player" }),
        el("option", { value: "bot:easy", text: "bot: easy" }),
        el("option", { value: "bot:medium", text: "bot: medium" }),
        el("option", { value: "bot:hard", text: "bot: hard" }));
      kind.value = old[i] || (i === 0 ? "me" : "open");
      const name = el("input", { id: `seat-${i}-name`, placeholder: "player name", hidden: kind.value !== "user" });
      kind.addEventListener("change", () => { name.hidden = kind.value !== "user"; });
      seats.append(el("div", { class: "row" }, el("span", { text: `Seat ${i + 1}` }), kind, name));
    }
  }
  // The chosen game's rules, a click away (in a new tab, the form kept as it is).
  const rules = rulesLink(gameSelect.value);
  gameSelect.addEventListener("change", () => rules.setGame(gameSelect.value));
  gameSelect.addEventListener("change", renderPlayers);
  players.addEventListener("change", renderSeats);
  async function create() {
    const opts = {};
    for (const input of options.querySelectorAll("[data-option]")) {
      const g = game().options.find((o) => o.name === input.dataset.option);
      opts[g.name] = g.choices ? JSON.parse(input.value) : input.value;
    }
    const seatSpecs = [...seats.querySelectorAll("select")].map((s, i) => {
      if (s.value.startsWith("bot:")) return { kind: "bot", level: s.value.slice(4) };
      if (s.value === "user") return { kind: "user", name: document.getElementById(`seat-${i}-name`).value };
      return { kind: s.value };
    });
    try {
      const t = await api("POST", "/api/tables", { game: gameSelect.value, players: +players.value, options: opts, seats: seatSpecs, rated: rated.checked });
      location.hash = `#/table/${t.id}`;
    } catch (e) { say(e.message); }
  }
  const form = el("div", { class: "panel" },
    el("h2", { text: "New table" }),
    el("div", { class: "row" }, gameSelect, players, rules),
    options, seats, ratedBox,
    el("div", { class: "row" }, el("button", { id: "create-table", class: "primary", onclick: create, text: "Create table" })));
  if (app.games.length) renderPlayers();
  return form;
}

