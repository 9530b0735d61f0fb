// meeple's browser client: plain JavaScript, no build step.
// Everything shown comes from the server's JSON; names go in with textContent only.
"use strict";

const state = { me: null, games: [], page: null };

// -- small helpers --------------------------------------------------------------------

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function main() { return document.getElementById("main"); }

function show(...nodes) {
  main().replaceChildren(...nodes.filter((n) => n));
}

let messageTimer = null;
function say(text, kind) {
  const box = document.getElementById("message");
  box.textContent = text;
  box.className = kind === "info" ? "info" : "";
  box.hidden = !text;
  clearTimeout(messageTimer);
  if (text) messageTimer = setTimeout(() => { box.hidden = true; }, 6000);
}

async function api(method, path, body) {
  const options = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    let message = `${response.status}`;
    if (data && data.error) message = data.error;
    else if (data && data.detail) message = Array.isArray(data.detail)
      ? data.detail.map((d) => d.msg).join("; ") : String(data.detail);
    const error = new Error(message);
    error.status = response.status;
    throw error;
  }
  return data;
}

function gameName(id) {
  const g = state.games.find((x) => x.id === id);
  return g ? g.name : id;
}

function seatLabel(seat) {
  if (seat.kind === "open") return "(open)";
  if (seat.kind === "bot") return `Bot (${seat.level})`;
  if (seat.kind === "invited") return `${seat.user || "?"} (invited, not joined yet)`;
  return seat.user || "?";
}

// -- account --------------------------------------------------------------------------

function renderAccount() {
  const box = document.getElementById("account");
  if (state.me) {
    box.replaceChildren(...[
      el("a", { href: `#/player/${encodeURIComponent(state.me.name)}`, id: "me", text: state.me.name }),
      state.me.guest ? el("span", { class: "badge", text: "guest" }) : null,
      el("button", { id: "logout", onclick: logout, text: "Log out" }),
    ].filter((n) => n));
  } else {
    box.replaceChildren(el("a", { href: "#/login", id: "login-link", text: "Log in" }));
  }
}

async function logout() {
  await api("POST", "/api/logout");
  state.me = null;
  renderAccount();
  location.hash = "#/login";
}

function pageLogin() {
  const name = el("input", { id: "name", placeholder: "name", autocomplete: "username", maxlength: 24 });
  const password = el("input", { id: "password", type: "password", placeholder: "password (8+ characters)", autocomplete: "current-password" });
  const guestName = el("input", { id: "guest-name", placeholder: "a name for this visit", maxlength: 24 });
  async function enter(path, body) {
    try {
      const data = await api("POST", path, body);
      state.me = data.user;
      renderAccount();
      say(`Welcome, ${state.me.name}.`, "info");
      location.hash = "#/";
    } catch (e) { say(e.message); }
  }
  show(
    el("h1", { text: "Play meeple" }),
    el("div", { class: "grid2" },
      el("div", { class: "panel" },
        el("h2", { text: "Your account" }),
        el("form", { class: "stack", onsubmit: (e) => e.preventDefault() },
          name, password,
          el("div", { class: "row" },
            el("button", { id: "login", class: "primary", type: "submit",
              onclick: () => enter("/api/login", { name: name.value, password: password.value }), text: "Log in" }),
            el("button", { id: "signup", type: "button",
              onclick: () => enter("/api/signup", { name: name.value, password: password.value }), text: "Sign up" }),
          ),
        ),
      ),
      el("div", { class: "panel" },
        el("h2", { text: "Play as a guest" }),
        el("form", { class: "stack", onsubmit: (e) => e.preventDefault() },
          guestName,
          el("button", { id: "guest", type: "submit", onclick: () => enter("/api/guest", { name: guestName.value }), text: "Play as guest" }),
        ),
      ),
    ),
  );
}

// -- lobby ----------------------------------------------------------------------------

function pageLobby() {
  const content = el("div");
  show(el("h1", { text: "Lobby" }), content);
  const lists = el("div", { class: "grid2" });
  content.append(state.me ? newTableForm() : el("p", {}, el("a", { href: "#/login", text: "Log in or play as a guest" }), " to create or join a table."), lists);
  async function refresh() {
    try {
      const [open, running, finished, myRunning, myOpen] = await Promise.all([
        ...["open", "running", "finished"].map((s) => api("GET", `/api/tables?status=${s}`)),
        ...(state.me ? ["running", "open"].map((s) => api("GET", `/api/tables?status=${s}&mine=1`)) : [[], []]),
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
  state.page.timer = setInterval(refresh, 4000);
}

function tableList(title, tables, kind) {
  const id = title.toLowerCase().replace(/[^a-z]+/g, "-");
  const body = tables.length === 0
    ? el("p", { class: "muted", text: "None." })
    : el("table", { class: "list" },
      el("tr", {}, el("th", { text: "#" }), el("th", { text: "game" }), el("th", { text: "seats" }), el("th", {})),
      tables.map((t) => el("tr", { "data-table": t.id },
        el("td", { text: t.id }),
        el("td", { text: t.game_name }),
        el("td", { text: t.seats.map(seatLabel).join(", ") }),
        el("td", {}, el("a", { href: kind === "finished" ? `#/replay/${t.id}` : `#/table/${t.id}`,
          text: kind === "open" ? "open" : kind === "running" ? "watch / play" : "replay" })),
      )));
  return el("div", { class: "panel", id }, el("h2", { text: title }), body);
}

function newTableForm() {
  const gameSelect = el("select", { id: "new-game" },
    state.games.map((g) => el("option", { value: g.id, text: g.name })));
  const players = el("select", { id: "new-players" });
  const options = el("div", { id: "new-options" });
  const seats = el("div", { id: "new-seats" });
  function game() { return state.games.find((g) => g.id === gameSelect.value); }
  function renderPlayers() {
    const g = game();
    const keep = players.value;
    players.replaceChildren();
    for (let n = g.players[0]; n <= g.players[1]; n++) players.append(el("option", { value: n, text: `${n} players` }));
    if (keep && +keep >= g.players[0] && +keep <= g.players[1]) players.value = keep;
    options.replaceChildren(...g.options.map((o) => {
      const input = o.choices
        ? el("select", { "data-option": o.name }, o.choices.map((c) => el("option", { value: JSON.stringify(c), text: String(c) })))
        : el("input", { "data-option": o.name, value: String(o.default) });
      if (o.choices) input.value = JSON.stringify(o.default);
      return el("label", { class: "row", title: o.help || "" }, el("span", { text: o.name }), input);
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
      const t = await api("POST", "/api/tables", { game: gameSelect.value, players: +players.value, options: opts, seats: seatSpecs });
      location.hash = `#/table/${t.id}`;
    } catch (e) { say(e.message); }
  }
  const form = el("div", { class: "panel" },
    el("h2", { text: "New table" }),
    el("div", { class: "row" }, gameSelect, players),
    options, seats,
    el("div", { class: "row" }, el("button", { id: "create-table", class: "primary", onclick: create, text: "Create table" })));
  if (state.games.length) renderPlayers();
  return form;
}

// -- the board ------------------------------------------------------------------------

// Game pictures are made on the server from the viewer's observation. They are parsed
// as SVG and anything active (scripts, foreign objects, event handlers) is removed.
function safeSvg(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (!root || root.nodeName.toLowerCase() !== "svg") return null;
  for (const bad of root.querySelectorAll("script, foreignObject, iframe, object, embed")) bad.remove();
  for (const node of [root, ...root.querySelectorAll("*")]) {
    for (const attr of [...node.attributes]) {
      const name = attr.name.toLowerCase();
      if (name.startsWith("on")) node.removeAttribute(attr.name);
      if ((name === "href" || name === "xlink:href") && !attr.value.startsWith("#")) node.removeAttribute(attr.name);
    }
  }
  return document.importNode(root, true);
}

function renderBoard(box, view, onAction) {
  box.replaceChildren();
  if (view.svg) {
    const svg = safeSvg(view.svg);
    if (svg) box.append(svg);
  } else if (view.text) {
    box.append(el("pre", { text: view.text }));
  }
  const legal = new Map((view.legal || []).map((a) => [String(a.id), a]));
  // Elements marked data-target choose every legal action with that target: one action
  // is sent at once; several are offered as the highlighted buttons for that click.
  const byTarget = new Map();
  for (const a of view.legal || []) {
    if (a.target == null) continue;
    if (!byTarget.has(a.target)) byTarget.set(a.target, []);
    byTarget.get(a.target).push(a);
  }
  for (const node of box.querySelectorAll("[data-target]")) {
    const choices = byTarget.get(node.getAttribute("data-target"));
    if (!choices || !onAction) continue;
    node.classList.add("clickable");
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
    const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
    title.textContent = choices.map((a) => a.text).join(" / ");
    node.append(title);
    node.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); node.dispatchEvent(new MouseEvent("click")); }
    });
    node.addEventListener("click", () => {
      if (choices.length === 1) { onAction(choices[0]); return; }
      const ids = new Set(choices.map((a) => String(a.id)));
      for (const b of document.querySelectorAll("button.action")) {
        b.classList.toggle("candidate", ids.has(b.getAttribute("data-action")));
        b.classList.toggle("dimmed", !ids.has(b.getAttribute("data-action")));
      }
    });
  }
  for (const node of box.querySelectorAll("[data-action]")) {
    const action = legal.get(node.getAttribute("data-action"));
    if (action && onAction) {
      node.classList.add("clickable");
      node.setAttribute("role", "button");
      const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.textContent = action.text;
      node.append(title);
      node.addEventListener("click", () => onAction(action));
    }
  }
}

function renderLog(list, entries) {
  list.replaceChildren(...entries.map((e) => el("li", { value: e.i + 1 }, el("b", { text: `${e.who}: ` }), e.text)));
  list.scrollTop = list.scrollHeight;
}

function resultTable(table, result) {
  const cats = Object.keys(result.breakdown[0]).filter((k) => k !== "total");
  const order = [...result.ranks.keys()].sort((a, b) => result.ranks[a] - result.ranks[b]);
  return el("table", { class: "list", id: "score-table" },
    el("tr", {}, el("th", { text: "place" }), el("th", { text: "player" }),
      cats.map((c) => el("th", { text: c })), el("th", { class: "total", text: "total" }), el("th", { text: "rating" })),
    order.map((p) => {
      const seat = table.seats[p];
      const rating = seat.rating_after != null
        ? `${seat.rating_after.toFixed(0)} (${seat.rating_after >= seat.rating_before ? "+" : ""}${(seat.rating_after - seat.rating_before).toFixed(1)})`
        : "";
      return el("tr", { "data-seat": p },
        el("td", { text: result.ranks[p] }),
        el("td", { text: seatLabel(seat) }),
        cats.map((c) => el("td", { text: result.breakdown[p][c] })),
        el("td", { class: "total", text: result.breakdown[p].total }),
        el("td", { text: rating }));
    }));
}

// -- a table: lobby, live play, final scores -----------------------------------------------

function pageTable(id) {
  const page = state.page;
  const title = el("h1", { text: `Table ${id}` });
  const setup = el("div", { id: "setup" });
  const board = el("div", { id: "board" });
  const turn = el("div", { id: "turn" });
  const actions = el("div", { id: "actions" });
  const log = el("ol", { id: "log" });
  const seats = el("ul", { class: "seats", id: "seats" });
  const extra = el("div", { class: "row" });
  const result = el("div", { id: "result", class: "panel", hidden: true });
  const play = el("div", { class: "play", hidden: true },
    el("div", {}, board),
    el("div", {},
      el("div", { class: "panel" }, seats, turn, actions),
      el("div", { class: "panel" }, el("h3", { text: "Moves" }), log),
      extra));
  show(title, setup, result, play);
  let latest = null;
  let sending = false;
  let attempts = 0;

  function send(action) {
    if (!latest || !latest.view || sending) return;
    if (!page.ws || page.ws.readyState !== WebSocket.OPEN) { say("Not connected; reconnecting…"); return; }
    sending = true;
    for (const b of actions.querySelectorAll("button")) b.disabled = true;
    page.ws.send(JSON.stringify({ type: "move", action: action.id, seen: latest.view.history_len }));
  }

  function render(msg) {
    latest = msg;
    const t = msg.table;
    const v = msg.view;
    title.textContent = `${t.game_name} · table ${t.id}`;
    const mySeat = v ? v.seat : null;
    const seated = state.me && t.seats.some((s) => s.kind === "human" && s.user_id === state.me.id);
    // A seat kept for me (an invitation) is the only one I may take until I decline it.
    const invited = state.me && t.seats.some((s) => s.kind === "invited" && s.user_id === state.me.id);
    const creator = state.me && t.created_by_id === state.me.id;
    seats.replaceChildren(...t.seats.map((s) => el("li", {
      class: v && v.to_move === s.seat ? "to-move" : "",
      "data-seat": s.seat,
    }, `${s.seat + 1}. `, seatLabel(s), s.seat === mySeat ? el("span", { class: "badge", text: "you" }) : null,
      t.status === "running" && seated && s.kind === "human" && s.user_id !== state.me.id
        ? el("button", { class: "replace", title: "When this player is away and it has been their turn for a while",
          onclick: () => act(`/api/tables/${t.id}/bot`, { seat: s.seat, level: "medium" }), text: "bot takes over" })
        : null)));
    if (t.status === "open" || t.status === "cancelled") {
      play.hidden = true;
      result.hidden = true;
      const rows = t.seats.map((s) => el("li", { "data-seat": s.seat }, `Seat ${s.seat + 1}: `, seatLabel(s),
        (s.kind === "open" && state.me && !seated && !invited) || (s.kind === "invited" && state.me && s.user_id === state.me.id)
          ? el("button", { class: "join", onclick: () => act(`/api/tables/${t.id}/join`, { seat: s.seat }), text: "Take this seat" }) : null,
        s.kind === "invited" && state.me && s.user_id === state.me.id
          ? el("button", { class: "decline", onclick: () => act(`/api/tables/${t.id}/leave`), text: "Decline" }) : null));
      const ready = t.seats.every((s) => s.kind !== "open" && s.kind !== "invited");
      setup.replaceChildren(el("div", { class: "panel" },
        el("p", { text: t.status === "cancelled" ? "This table was cancelled."
          : `Waiting to start. ${t.players} players` + (Object.keys(t.options).length
            ? `; ${Object.entries(t.options).map(([k, v]) => `${k}: ${v}`).join(", ")}.` : ".") }),
        el("ul", { class: "seats" }, rows),
        el("div", { class: "row" },
          t.status === "open" && creator
            ? el("button", { id: "start", class: "primary", disabled: !ready, onclick: () => act(`/api/tables/${t.id}/start`), text: ready ? "Start the game" : "Waiting for players…" }) : null,
          t.status === "open" && (seated || creator)
            ? el("button", { id: "leave", onclick: () => act(`/api/tables/${t.id}/leave`), text: creator ? "Cancel table" : "Leave" }) : null,
          state.me ? null : el("a", { href: "#/login", text: "Log in to join" }))));
      return;
    }
    setup.replaceChildren();
    if (!v) return;
    play.hidden = false;
    renderBoard(board, v, v.legal.length ? send : null);
    renderLog(log, v.log);
    actions.replaceChildren(...v.legal.map((a) => el("button", { class: "action", "data-action": a.id, onclick: () => send(a), text: a.text })));
    if (v.terminal) {
      turn.textContent = "Game over";
      turn.className = "";
    } else if (v.legal.length) {
      turn.textContent = "Your move";
      turn.className = "mine";
    } else if (v.chance) {
      turn.textContent = "Chance…";
      turn.className = "";
    } else {
      const who = t.seats[v.to_move];
      turn.textContent = `Waiting for ${who ? seatLabel(who) : "…"}`;
      turn.className = "";
    }
    extra.replaceChildren();
    if (t.status === "running" && mySeat !== null) {
      extra.append(el("button", { id: "to-bot", onclick: () => { if (confirm("Hand your seat to a bot for the rest of this game?")) act(`/api/tables/${t.id}/leave`); }, text: "Leave (a bot takes my seat)" }));
    }
    if (v.terminal && v.result) {
      result.hidden = false;
      result.replaceChildren(
        el("h2", { text: "Final scores" }),
        resultTable(t, v.result),
        el("div", { class: "row" },
          el("a", { href: `#/replay/${t.id}`, id: "replay-link", text: "Replay this game" }),
          el("a", { href: `/api/tables/${t.id}/record`, download: "", text: "Download the record" }),
          el("a", { href: "#/", text: "Back to the lobby" })));
    } else {
      result.hidden = true;
    }
  }

  async function act(path, body) {
    try { await api("POST", path, body || {}); } catch (e) { say(e.message); }
  }

  function connect() {
    if (state.page !== page) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${id}`);
    page.ws = ws;
    ws.onopen = () => { attempts = 0; };
    ws.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "update") { sending = false; render(msg); }
      else if (msg.type === "error") {
        sending = false;
        say(msg.message);
        if (latest) render(latest);
      }
    };
    ws.onclose = (event) => {
      if (state.page !== page) return;
      if (event.code === 4404) { show(el("p", { text: `There is no table ${id}.` })); return; }
      if (event.code === 4409) return;  // refused for good; the message says why
      if (attempts++ < 30) page.timer = setTimeout(connect, Math.min(500 * attempts, 5000));
      else say("Lost the connection to the server; reload the page.");
    };
  }
  connect();
}

// -- replays --------------------------------------------------------------------------------

function pageReplay(id) {
  const title = el("h1", { text: `Replay of table ${id}` });
  const viewer = el("select", { id: "replay-seat" }, el("option", { value: "", text: "spectator" }));
  const counter = el("span", { id: "replay-step" });
  const board = el("div", { id: "board" });
  const log = el("ol", { id: "log" });
  const result = el("div", { id: "result" });
  let step = -1;
  let steps = 0;
  let seatsShown = false;
  const button = (text, fn, id) => el("button", { id, onclick: fn, text });
  const controls = el("div", { class: "row" },
    el("span", { text: "View as" }), viewer,
    button("« start", () => load(0), "replay-first"),
    button("‹ back", () => load(Math.max(0, step - 1)), "replay-prev"),
    button("next ›", () => load(Math.min(steps, step + 1)), "replay-next"),
    button("end »", () => load(steps), "replay-last"),
    counter,
    el("a", { href: `/api/tables/${id}/record`, download: "", text: "Download the record" }));
  viewer.addEventListener("change", () => load(step));
  show(title, el("div", { class: "panel" }, controls),
    el("div", { class: "play" }, el("div", {}, board),
      el("div", {}, el("div", { class: "panel" }, el("h3", { text: "Moves" }), log), result)));
  async function load(k) {
    const seat = viewer.value === "" ? "" : `&seat=${viewer.value}`;
    try {
      const data = await api("GET", `/api/tables/${id}/replay?step=${k}${seat}`);
      const v = data.view;
      const t = data.table;
      step = v.step;
      steps = v.steps;
      title.textContent = `Replay: ${t.game_name} · table ${t.id}`;
      if (!seatsShown) {
        seatsShown = true;
        t.seats.forEach((s) => viewer.append(el("option", { value: s.seat, text: `seat ${s.seat + 1}: ${seatLabel(s)}` })));
      }
      counter.textContent = `move ${step} of ${steps}`;
      renderBoard(board, v, null);
      renderLog(log, v.log);
      result.replaceChildren(...(v.result ? [el("div", { class: "panel" }, el("h3", { text: "Final scores" }), resultTable(t, v.result))] : []));
    } catch (e) { say(e.message); }
  }
  load(0);
}

// -- ratings --------------------------------------------------------------------------------

function pageLeaderboard(gameId) {
  const id = gameId || (state.games[0] && state.games[0].id);
  const select = el("select", { id: "board-game" }, state.games.map((g) => el("option", { value: g.id, text: g.name })));
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

function pagePlayer(name) {
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
            el("td", { text: h.place != null ? h.place : h.status }),
            el("td", { text: h.rating_after != null ? `${h.rating_before.toFixed(0)} → ${h.rating_after.toFixed(0)}` : "" }))))));
  }).catch((e) => say(e.message));
}

// -- routing --------------------------------------------------------------------------------

function leavePage() {
  const page = state.page;
  if (!page) return;
  clearInterval(page.timer);
  clearTimeout(page.timer);
  if (page.ws) { page.ws.onclose = null; page.ws.close(); }
}

function route() {
  leavePage();
  state.page = { ws: null, timer: null };
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const [head, arg] = parts;
  if (head === "login") pageLogin();
  else if (head === "table" && /^\d+$/.test(arg)) pageTable(+arg);
  else if (head === "replay" && /^\d+$/.test(arg)) pageReplay(+arg);
  else if (head === "leaderboard") pageLeaderboard(arg);
  else if (head === "player" && arg) pagePlayer(arg);
  else pageLobby();
}

async function start() {
  document.getElementById("message").addEventListener("click", () => say(""));
  try {
    const [me, games] = await Promise.all([api("GET", "/api/me"), api("GET", "/api/games")]);
    state.me = me.user;
    state.games = games;
  } catch (e) { say(e.message); }
  renderAccount();
  window.addEventListener("hashchange", route);
  route();
}

start();
