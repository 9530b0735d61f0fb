// Small DOM and server helpers shared by every page. Names and other text from users go
// in with textContent only.

export const app = { me: null, games: [], page: null };

export function el(tag, attrs, ...children) {
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

export function main() { return document.getElementById("main"); }

// The shape of screen the server draws pictures for: a phone gets each picture's narrow
// layout (its parts stacked), which stays legible fitted to the width.
export const NARROW = window.matchMedia("(max-width: 600px)");
export function layout() { return NARROW.matches ? "narrow" : "wide"; }

export function show(...nodes) {
  main().replaceChildren(...nodes.filter((n) => n));
}

let messageTimer = null;
export function say(text, kind) {
  const box = document.getElementById("message");
  box.textContent = text;
  box.className = kind === "info" ? "info" : "";
  box.hidden = !text;
  clearTimeout(messageTimer);
  if (text) messageTimer = setTimeout(() => { box.hidden = true; }, 6000);
}

export async function api(method, path, body) {
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

export function gameName(id) {
  const g = app.games.find((x) => x.id === id);
  return g ? g.name : id;
}

export function seatLabel(seat) {
  if (seat.kind === "open") return "(open)";
  // A person who left keeps their name: the bot only played on for them.
  if (seat.kind === "bot" && seat.left_by) return `${seat.left_by} (left; Bot (${seat.level}) played on)`;
  if (seat.kind === "bot") return `Bot (${seat.level})`;
  if (seat.kind === "invited") return `${seat.user || "?"} (invited, not joined yet)`;
  return seat.user || "?";
}

// A seat's colour (the one its pieces have on every board) before its name.
export function swatch(seat) {
  return seat && seat.colour
    ? el("span", { class: "swatch", style: `background:${/^#[0-9a-fA-F]{3,8}$/.test(seat.colour) ? seat.colour : "#999"}`, "aria-hidden": "true" })
    : null;
}

export function seatName(seat) {
  return el("span", { class: "who" }, swatch(seat), seatLabel(seat));
}

// The log's entries (one per move, chance outcomes and notes too) gathered by turn: a
// turn is one player's decisions with the chance outcomes they caused and any note.
export function turnsOf(entries) {
  const turns = [];
  for (const e of entries) {
    const t = e.turn ?? 0;
    let last = turns[turns.length - 1];
    if (!last || last.turn !== t) {
      last = { turn: t, seat: null, who: null, parts: [], first: e.i, last: e.i };
      turns.push(last);
    }
    if (!e.note && e.seat !== null && e.seat !== undefined && last.seat === null) { last.seat = e.seat; last.who = e.who; }
    last.parts.push(e);
    last.last = Math.max(last.last, e.i);
  }
  return turns;
}

// The log, by turn: who played (their colour and name), what they did in words, what chance
// brought in that turn, and notes (a seat changing hands, a hint taken). A click on a turn
// calls ``onPick(turn)`` when given (the replay jumps there).
export function renderLog(list, entries, seats, onPick) {
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  const keep = list.scrollTop;
  const setupOpen = !!list.querySelector("details.setup[open]");  // stays open across updates
  const turns = turnsOf(entries);
  const items = turns.map((t, k) => {
    const seat = t.seat !== null ? (seats || [])[t.seat] : null;
    const head = t.seat === null
      ? el("b", { text: t.turn === 0 ? "Set-up: " : "" })
      : el("span", { class: "who" }, swatch(seat), el("b", { text: `${t.who}: ` }));
    // A turn of one step reads as one line; a longer one has a line per step.
    const steps = t.parts.filter((e) => !e.note);
    const long = steps.length > 1;
    const body = el("span", { class: long ? "what long" : "what" });
    for (const e of steps) {
      const words = e.words || e.text;
      if (e.seat === null || e.seat === undefined) {
        body.append(el("span", { class: "step chance", text: words }));
      } else {
        // The same seat under another name (a bot playing on) says who made this move.
        const by = e.who !== t.who ? `${e.who}: ` : "";
        body.append(el("span", { class: "step", text: `${by}${words}` }));
      }
    }
    const notes = t.parts.filter((e) => e.note).map((e) => el("div", { class: "note", text: e.text }));
    // A long set-up (Crôa!'s pond is laid square by square) is folded, to open on request.
    const folded = t.turn === 0 && t.seat === null && steps.length > 4;
    const shown = folded
      ? el("details", { class: "setup", open: setupOpen }, el("summary", { text: `Set-up (${steps.length} steps)` }), body)
      : null;
    const li = el("li", {
      value: Math.max(1, t.turn), "data-turn": t.turn, "data-first": t.first, "data-last": t.last,
      class: k === turns.length - 1 ? "latest" : null,
    }, folded ? shown : head, folded ? null : body, notes);
    if (onPick) {
      li.classList.add("pick");
      li.tabIndex = 0;
      li.addEventListener("click", () => onPick(t));
      li.addEventListener("keydown", (ev) => { if (ev.key === "Enter") onPick(t); });
    }
    return li;
  });
  list.replaceChildren(...items);
  list.scrollTop = atEnd ? list.scrollHeight : keep;
}

// A score category as a player reads it ("in_game" is "in game").
export function category(key) { return key.replace(/_/g, " "); }

export function resultTable(table, result) {
  const cats = Object.keys(result.breakdown[0]).filter((k) => k !== "total");
  const order = [...result.ranks.keys()].sort((a, b) => result.ranks[a] - result.ranks[b]);
  return el("table", { class: "list", id: "score-table" },
    el("tr", {}, el("th", { text: "place" }), el("th", { text: "player" }),
      cats.map((c) => el("th", { text: category(c) })), el("th", { class: "total", text: "total" }), el("th", { text: "rating" })),
    order.map((p) => {
      const seat = table.seats[p];
      const rating = seat.rating_after != null
        ? `${seat.rating_after.toFixed(0)} (${seat.rating_after >= seat.rating_before ? "+" : ""}${(seat.rating_after - seat.rating_before).toFixed(1)})`
        : "";
      return el("tr", { "data-seat": p },
        el("td", { text: result.ranks[p] }),
        el("td", {}, seatName(seat)),
        cats.map((c) => el("td", { text: result.breakdown[p][c] })),
        el("td", { class: "total", text: result.breakdown[p].total }),
        el("td", { text: rating }));
    }));
}
