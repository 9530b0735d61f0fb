// The Hint button of the table page: the hard bot's suggestion for your current decision,
// worked out on the server from what your seat can see. Hints are for unrated (training)
// tables only, a few per game, and everyone's log says when one is taken.
//
// hintControl(tableId) gives { node, update(msg) }: put node in the status bar and call
// update with every message the page renders. The suggestion is shown in words and its
// clicks are marked on the board (class "hinted" on #board [data-target="…"]) until the
// position changes.

import { el, api, say } from "./dom.js";

const STYLE = `
#hint-bar { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin-top: .35rem; }
#hint-text { font-weight: 600; }
#board .hinted { filter: drop-shadow(0 0 4px #7b3fbf) drop-shadow(0 0 3px #7b3fbf) drop-shadow(0 0 2px #7b3fbf); animation: hinted 1.2s ease-in-out 2; }
@keyframes hinted { 50% { opacity: .55; } }
button.action.hinted { outline: 3px solid #7b3fbf; }
`;

function addStyle() {
  if (document.getElementById("hint-style")) return;
  document.head.append(el("style", { id: "hint-style", text: STYLE }));
}

// The position a hint is for: the committed length and, with a draft, its length.
function positionOf(v) {
  return v.draft ? v.draft.length : v.history_len;
}

export function hintControl(tableId) {
  addStyle();
  const button = el("button", { id: "hint", type: "button", text: "Hint" });
  const text = el("span", { id: "hint-text", "aria-live": "polite" });
  const node = el("div", { id: "hint-bar", hidden: true }, button, text);
  let status = null;  // the server's word: allowed, hints_left, reason
  let asking = null;  // a status request under way
  let shown = null;  // { at, action }: the suggestion on screen, for that position
  let latest = null;

  async function refresh() {
    if (asking) return asking;
    const v = latest && latest.view;
    const seat = v && v.seat !== null && v.seat !== undefined ? `?seat=${v.seat}` : "";
    asking = api("GET", `/api/tables/${tableId}/hint${seat}`)
      .then((s) => { status = s; })
      .catch(() => { status = null; })
      .finally(() => { asking = null; if (latest) paint(); });
    return asking;
  }

  function mark() {
    const box = document.getElementById("board");
    if (!box) return;
    for (const n of box.querySelectorAll(".hinted")) n.classList.remove("hinted");
    for (const n of document.querySelectorAll("#actions button.hinted")) n.classList.remove("hinted");
    if (!shown) return;
    for (const key of shown.action.targets || []) {
      for (const n of box.querySelectorAll("[data-target]")) if (n.getAttribute("data-target") === key) n.classList.add("hinted");
    }
    const b = document.querySelector(`#actions button[data-action="${Number(shown.action.id)}"]`);
    if (b) b.classList.add("hinted");
  }

  function paint() {
    const msg = latest;
    const t = msg.table;
    const v = msg.view;
    const seated = v && v.seat !== null && v.seat !== undefined;
    node.hidden = !(t.status === "running" && seated && !v.terminal);
    if (node.hidden) { shown = null; mark(); return; }
    if (shown && shown.at !== `${v.history_len}:${positionOf(v)}`) shown = null;
    const rated = status && typeof status.rated === "boolean" ? status.rated : t.rated !== false;
    const mine = v.legal.length > 0;
    const left = status && typeof status.hints_left === "number" ? status.hints_left : null;
    if (rated) {
      button.textContent = "Hint";
      button.disabled = true;
      button.title = "No hints at a rated table: they are for unrated (training) tables";
      text.textContent = shown ? text.textContent : "";
    } else {
      button.textContent = left === null ? "Hint" : `Hint (${left} left)`;
      button.disabled = !mine || left === 0 || !!shown || button.dataset.busy === "1";
      button.title = left === 0 ? (status.reason || "No hints left in this game")
        : !mine ? "A hint is for your own decision, on your turn"
          : "The hard bot's suggestion for this decision, from what you can see";
      if (!shown) text.textContent = "";
    }
    button.setAttribute("data-reason", rated ? "rated_table" : left === 0 ? "no_hints_left" : !mine ? "not_your_turn" : "");
    mark();
  }

  button.addEventListener("click", async () => {
    const v = latest && latest.view;
    if (!v || button.disabled) return;
    const at = `${v.history_len}:${positionOf(v)}`;
    button.dataset.busy = "1";
    button.disabled = true;
    text.textContent = "Thinking…";
    try {
      const got = await api("POST", `/api/tables/${tableId}/hint`, { seat: v.seat, seen: positionOf(v) });
      if (status) status.hints_left = got.hints_left;
      const now = latest && latest.view;
      if (now && `${now.history_len}:${positionOf(now)}` === at) {
        shown = { at, action: got.action };
        text.textContent = got.text;
      } else text.textContent = "";
    } catch (e) {
      text.textContent = "";
      say(e.message);
      refresh();
    } finally {
      button.dataset.busy = "0";
      if (latest) paint();
    }
  });

  let asked = null;  // the table's status and the seat the last status was asked for
  function update(msg) {
    latest = msg;
    const key = `${msg.table.status}:${msg.view ? msg.view.seat : ""}`;
    if (key !== asked) { asked = key; refresh(); }
    paint();
  }

  return { node, update };
}
