// A table: its lobby before the start, then live play with turn drafts, then the scores.
//
// A person's choices are staged in a turn draft on the server (only they see it): the
// board shows the position after them, Undo takes the last one back, Confirm commits them
// all together. Where going on would reveal something or hand over the turn, the draft
// must be confirmed (or is confirmed by itself, if the player chose so).

import { app, el, show, say, api, seatLabel, seatName, renderLog, resultTable, layout, NARROW } from "./dom.js";
import { Board } from "./board.js";
import { promptFor } from "./prompts.js";
import { hintControl } from "./hint.js";
import { rulesLink } from "./rules.js";

const AUTO_CONFIRM = "meeple.autoConfirm";
const AWAY_CHECK_MS = 15000;

export function pageTable(id) {
  const page = app.page;
  const title = el("h1", { text: `Table ${id}` });
  const setup = el("div", { id: "setup" });
  const boardBox = el("div", { id: "board" });
  const turn = el("div", { id: "turn", "aria-live": "polite" });
  const steps = el("div", { id: "draft-steps", class: "muted" });
  const undo = el("button", { id: "undo", type: "button", text: "Undo", title: "Take back your last step (Ctrl+Z)" });
  const restart = el("button", { id: "restart", type: "button", text: "Restart turn", title: "Take back every step of this turn" });
  const rotate = el("button", { id: "rotate", type: "button", text: "Rotate (R)", hidden: true });
  const confirmButton = el("button", { id: "confirm", type: "button", text: "Confirm", title: "Commit your turn (Ctrl+Enter)" });
  const auto = el("input", { id: "auto-confirm", type: "checkbox" });
  auto.checked = localStorage.getItem(AUTO_CONFIRM) === "1";
  auto.addEventListener("change", () => {
    localStorage.setItem(AUTO_CONFIRM, auto.checked ? "1" : "0");
    if (latest) render(latest);
  });
  const draftBar = el("div", { id: "draft", class: "draft-bar", hidden: true }, steps,
    el("div", { class: "row" }, undo, restart, rotate, confirmButton));
  const hint = hintControl(id);
  const rules = rulesLink();
  const bar = el("div", { id: "status-bar", class: "status-bar" }, turn, draftBar, hint.node);
  const actions = el("div", { id: "actions", "aria-label": "Moves" });
  const moves = el("div", { class: "panel moves-list", hidden: true }, el("h3", { text: "Your choices as a list" }), actions);
  const log = el("ol", { id: "log" });
  const seats = el("ul", { class: "seats", id: "seats" });
  const extra = el("div", { class: "row" });
  const result = el("div", { id: "result", class: "panel", hidden: true });
  const play = el("div", { class: "play", hidden: true },
    el("div", {}, bar, boardBox, moves),
    el("div", {},
      el("div", { class: "panel" }, seats,
        el("label", { class: "row small" }, auto, "Confirm my turns automatically")),
      el("div", { class: "panel" }, el("h3", { text: "Moves" }), log),
      extra));
  show(title, el("p", { class: "small" }, rules), setup, result, play);
  let latest = null;
  let busy = false;
  let attempts = 0;
  let autoSent = null;

  const board = new Board(boardBox, choose);
  board.onNarrow = (candidates) => {
    const ids = candidates ? new Set(candidates.map((a) => String(a.id))) : null;
    if (candidates && latest && latest.view) {
      turn.textContent = `Now click where it goes (${candidates.length} ${candidates.length === 1 ? "choice" : "choices"}); click it again or press Escape to choose another`;
    } else if (latest && latest.view && latest.view.legal.length) {
      turn.textContent = promptFor(latest.table.game, latest.view.decision, latest.view.draft);
    }
    for (const b of actions.querySelectorAll("button.action")) {
      b.classList.toggle("candidate", !!ids && ids.has(b.getAttribute("data-action")));
      b.classList.toggle("dimmed", !!ids && !ids.has(b.getAttribute("data-action")));
    }
    // A first click of two (render's own call comes once the whole page is drawn).
    if (candidates && !rendering) bringChoiceIntoView();
  };

  // A new choice of the player's (their turn begins, a step is staged or undone, a first
  // click of two is made) whose every part lies out of sight (on a phone the supply is a
  // screen above the farm): the page scrolls the first part to the middle of the window,
  // once per choice. A choice with any part in sight below the status bar, or with the
  // list of choices in sight, is left where the player has scrolled.
  let choiceShown = null;
  let rendering = false;
  function bringChoiceIntoView() {
    const v = latest && latest.view;
    if (!v || !v.legal.length) return;
    const choice = `${v.history_len}:${v.draft ? v.draft.length : 0}:${v.decision}:${board.path.join(",")}`;
    if (choice === choiceShown) return;
    choiceShown = choice;
    const parts = [...boardBox.querySelectorAll(".clickable")].filter((e) => e.getClientRects().length);
    const top = bar.getBoundingClientRect().bottom;
    const inSight = (e) => {
      const r = e.getBoundingClientRect();
      return r.bottom > top && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth;
    };
    const listed = [...actions.querySelectorAll("button.action")];
    if (parts.length && !parts.some(inSight) && !listed.some(inSight)) {
      parts[0].scrollIntoView({ block: "center", inline: "nearest" });
    }
  }

  function send(message) {
    if (!latest || !latest.view || busy) return false;
    if (!page.ws || page.ws.readyState !== WebSocket.OPEN) { say("Not connected; reconnecting…"); return false; }
    busy = true;
    setBusy(true);
    page.ws.send(JSON.stringify(message));
    return true;
  }

  function setBusy(on) {
    boardBox.classList.toggle("busy", on);
    // For programs driving the page (tests): whether a reply is awaited.
    if (on) boardBox.setAttribute("data-busy", "1"); else boardBox.removeAttribute("data-busy");
    for (const b of [...actions.querySelectorAll("button"), undo, restart, confirmButton]) b.disabled = on || b.dataset.off === "1";
  }

  // Whether the choice was sent (false while a reply is awaited or the line is down).
  function choose(action) {
    const v = latest && latest.view;
    if (!v) return false;
    return send({ type: "draft", action: action.id, seen: v.draft ? v.draft.length : v.history_len });
  }

  // Undo and Confirm say which drafted position they were pressed on, so a doubled press
  // (or another tab's step in between) is refused rather than taking back two steps.
  const drafted = () => (latest && latest.view && latest.view.draft ? latest.view.draft.length : undefined);
  undo.addEventListener("click", () => send({ type: "undo", seen: drafted() }));
  restart.addEventListener("click", () => send({ type: "undo", all: true, seen: drafted() }));
  confirmButton.addEventListener("click", () => send({ type: "confirm", seen: drafted() }));
  rotate.addEventListener("click", () => board.cycle(null, 1));

  function onKey(e) {
    if (isTyping(e)) return;
    if (board.shortcut(e)) { e.preventDefault(); return; }
    const v = latest && latest.view;
    if (!v || !v.draft) return;
    if ((e.ctrlKey || e.metaKey) && (e.key === "z" || e.key === "Z")) { e.preventDefault(); send({ type: "undo", seen: drafted() }); }
    if ((e.ctrlKey || e.metaKey) && e.key === "Enter") { e.preventDefault(); send({ type: "confirm", seen: drafted() }); }
  }
  document.addEventListener("keydown", onKey);
  // Time passes without messages: look again whether someone has been away too long.
  // Who is connected is only sent with updates, so once someone's turn has lasted past the
  // limit, ask again (a player who has closed their page is then seen as away).
  const awayTimer = setInterval(async () => {
    if (!latest || busy) return;
    const p = latest.presence;
    const v = latest.view;
    const waited = p && v && v.to_move !== null && v.to_move !== v.seat && Date.now() / 1000 - p.since >= p.away_after;
    if (waited && p.connected.includes(v.to_move)) {
      try {
        const fresh = await api("GET", `/api/tables/${id}/view?layout=${layout()}`);
        if (latest && fresh.presence && fresh.view && fresh.view.history_len === latest.view.history_len) latest.presence = fresh.presence;
      } catch (e) { return; }
    }
    if (latest && !busy) render(latest);
  }, AWAY_CHECK_MS);
  // A phone turned sideways (or a window narrowed) past the limit: the pictures are drawn
  // anew for it, by connecting again with the other layout.
  const relayout = () => { if (page.ws) page.ws.close(); };
  NARROW.addEventListener("change", relayout);
  page.leave = () => {
    document.removeEventListener("keydown", onKey);
    clearInterval(awayTimer);
    NARROW.removeEventListener("change", relayout);
  };

  function render(msg) {
    latest = msg;
    const t = msg.table;
    const v = msg.view;
    title.textContent = `${t.game_name} · table ${t.id}`;
    rules.setGame(t.game);
    const mySeat = v ? v.seat : null;
    const seated = app.me && t.seats.some((s) => s.kind === "human" && s.user_id === app.me.id);
    // A seat kept for me (an invitation) is the only one I may take until I decline it.
    const invited = app.me && t.seats.some((s) => s.kind === "invited" && s.user_id === app.me.id);
    const creator = app.me && t.created_by_id === app.me.id;
    seats.replaceChildren(...t.seats.map((s) => el("li", {
      class: v && v.to_move === s.seat ? "to-move" : "",
      "data-seat": s.seat,
    }, `${s.seat + 1}. `, seatName(s),
      // Their rating in this game (conservative: see docs/ratings.md), none at a training table.
      s.rating != null && t.rated !== false ? el("small", { class: "muted rating", title: "rating in this game", text: ` ${s.rating.toFixed(0)}` }) : null,
      s.seat === mySeat ? el("span", { class: "badge", text: "you" }) : null,
      t.status === "running" && seated && s.kind === "human" && s.user_id !== app.me.id && away(msg, s.seat)
        ? el("button", { class: "replace", title: "They have left the table and it has been their turn for a long while",
          onclick: () => act(`/api/tables/${t.id}/bot`, { seat: s.seat, level: "medium" }), text: `Away ${awayMinutes(msg)} min: let a bot play on` })
        : null)));
    if (t.status === "open" || t.status === "cancelled") {
      play.hidden = true;
      result.hidden = true;
      const rows = t.seats.map((s) => el("li", { "data-seat": s.seat }, `Seat ${s.seat + 1}: `, seatName(s),
        (s.kind === "open" && app.me && !seated && !invited) || (s.kind === "invited" && app.me && s.user_id === app.me.id)
          ? el("button", { class: "join", onclick: () => act(`/api/tables/${t.id}/join`, { seat: s.seat }), text: "Take this seat" }) : null,
        s.kind === "invited" && app.me && s.user_id === app.me.id
          ? el("button", { class: "decline", onclick: () => act(`/api/tables/${t.id}/leave`), text: "Decline" }) : null));
      const ready = t.seats.every((s) => s.kind !== "open" && s.kind !== "invited");
      // Someone who is neither seated, invited nor the creator, at a table with no open seat.
      const full = t.status === "open" && isFull(t) && !seated && !invited && !creator;
      setup.replaceChildren(el("div", { class: "panel" },
        full ? el("p", { id: "table-full", class: "muted", text: "This table is full: every seat is taken or kept for someone. You can watch the game once it starts." }) : null,
        el("p", { text: t.status === "cancelled" ? "This table was cancelled."
          : `Waiting to start. ${t.players} players` + (Object.keys(t.options).length
            ? `; ${Object.entries(t.options).map(([k, v]) => `${k}: ${v}`).join(", ")}.` : ".") }),
        el("ul", { class: "seats" }, rows),
        el("div", { class: "row" },
          t.status === "open" && creator
            ? el("button", { id: "start", class: "primary", disabled: !ready, onclick: () => act(`/api/tables/${t.id}/start`), text: ready ? "Start the game" : "Waiting for players…" }) : null,
          t.status === "open" && (seated || creator)
            ? el("button", { id: "leave", onclick: () => act(`/api/tables/${t.id}/leave`), text: creator ? "Cancel table" : "Leave" }) : null,
          app.me ? null : el("a", { href: "#/login", text: "Log in to join" }))));
      return;
    }
    setup.replaceChildren();
    if (!v) return;
    play.hidden = false;
    const mine = v.legal.length > 0;
    // Timed with the User Timing API, for benchmarks/board_update.py.
    performance.mark("meeple-board-start");
    rendering = true;
    try { board.update(v, mine); } finally { rendering = false; }
    performance.measure("meeple-board-update", "meeple-board-start");
    performance.clearMarks("meeple-board-start");
    boardBox.setAttribute("data-decision", v.decision || "");
    boardBox.setAttribute("data-steps", v.draft ? v.draft.steps.length : 0);
    boardBox.setAttribute("data-history", v.history_len);
    renderLog(log, v.log, t.seats);
    const keep = actions.querySelector("button:focus");
    const keepId = keep ? keep.getAttribute("data-action") : null;
    actions.replaceChildren(...v.legal.map((a) => el("button", { class: "action", type: "button", "data-action": a.id, onclick: () => choose(a), text: a.text })));
    if (keepId) { const again = actions.querySelector(`button[data-action="${keepId}"]`); if (again) again.focus(); }
    hint.update(msg);
    // The draft bar: what is staged, Undo, Confirm. While it is the player's turn the
    // buttons keep their places (greyed out until they apply), so nothing moves.
    const draft = v.draft;
    const myTurn = mine || !!draft;
    draftBar.hidden = !myTurn;
    steps.textContent = draft ? `This turn: ${draft.steps.join(" → ")}` : "";
    for (const b of [undo, restart, confirmButton]) b.hidden = false;
    undo.dataset.off = draft ? "0" : "1";
    restart.dataset.off = draft && draft.steps.length > 1 ? "0" : "1";
    // Confirm ends the turn: offered once the turn is drafted to its end.
    confirmButton.dataset.off = draft && draft.complete ? "0" : "1";
    rotate.hidden = false;
    rotate.classList.toggle("keep", !board.hasCycle());
    moves.hidden = !v.legal.length;
    confirmButton.classList.toggle("ready", !!(draft && draft.complete));
    confirmButton.classList.toggle("primary", !!(draft && draft.complete));
    if (v.terminal) {
      turn.textContent = "Game over";
      turn.className = "";
    } else if (draft && draft.sealed) {
      // The last step's outcome depends on what you cannot see: it shows once confirmed.
      turn.textContent = `Confirm to play ${draft.steps[draft.steps.length - 1]} (its outcome shows once confirmed), or undo it`;
      turn.className = "mine";
    } else if (draft && draft.complete) {
      turn.textContent = "Your turn is ready: confirm it, or undo a step";
      turn.className = "mine";
    } else if (mine) {
      turn.textContent = promptFor(t.game, v.decision, draft);
      turn.className = "mine";
    } else if (v.chance) {
      turn.textContent = "Chance…";
      turn.className = "";
    } else {
      const who = t.seats[v.to_move];
      // A spectator is told so: nothing here is theirs to play.
      turn.textContent = `${mySeat === null ? "Watching · " : ""}Waiting for ${who ? seatLabel(who) : "…"}`;
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
    setBusy(busy);
    bringChoiceIntoView();
    if (draft && draft.complete && auto.checked && autoSent !== `${v.history_len}:${draft.length}`) {
      autoSent = `${v.history_len}:${draft.length}`;
      send({ type: "confirm", seen: draft.length });
    }
  }

  async function act(path, body) {
    try { await api("POST", path, body || {}); } catch (e) { say(e.message); }
  }

  function connect() {
    if (app.page !== page) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${id}?layout=${layout()}`);
    page.ws = ws;
    ws.onopen = () => { attempts = 0; };
    ws.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "update") { busy = false; render(msg); }
      else if (msg.type === "error") {
        busy = false;
        say(msg.message);
        if (latest) render(latest);
      }
    };
    ws.onclose = (event) => {
      if (app.page !== page) return;
      if (event.code === 4404) { show(el("p", { text: `There is no table ${id}.` })); return; }
      if (event.code === 4409) return;  // refused for good; the message says why
      busy = false;
      if (attempts++ < 30) page.timer = setTimeout(connect, Math.min(500 * attempts, 5000));
      else say("Lost the connection to the server; reload the page.");
    };
  }
  connect();
}

// Whether a seat's player is away past the limit: not at the table, and the game has waited
// that long for their move (the server checks again when asked to hand the seat over).
function away(msg, seat) {
  const p = msg.presence;
  const v = msg.view;
  if (!p || !v || v.to_move !== seat || p.connected.includes(seat)) return false;
  return Date.now() / 1000 - p.since >= p.away_after;
}

function awayMinutes(msg) {
  return Math.max(1, Math.floor((Date.now() / 1000 - msg.presence.since) / 60));
}

function isFull(t) {
  return t.seats.every((s) => s.kind !== "open");
}

function isTyping(e) {
  const t = e.target;
  return t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA");
}
