// Replays: a finished game turn by turn, as any seat or a spectator saw it.
//
// The slider and the arrow keys go a turn at a time (a player's decisions with the chance
// they caused); a click on a turn in the log jumps to its end. The log tells everything,
// hidden choices too, since the game is over; the picture shows what the chosen viewer saw.

import { app, el, show, say, api, seatLabel, seatName, renderLog, resultTable, layout, category } from "./dom.js";
import { Board } from "./board.js";

export function pageReplay(id) {
  const page = app.page;
  const title = el("h1", { text: `Replay of table ${id}` });
  const viewer = el("select", { id: "replay-seat", "aria-label": "View as" }, el("option", { value: "", text: "spectator" }));
  const counter = el("span", { id: "replay-step", class: "muted" });
  const slider = el("input", { id: "replay-slider", type: "range", min: "0", max: "0", value: "0", "aria-label": "Turn" });
  const board = el("div", { id: "board" });
  const picture = new Board(board, null);
  const log = el("ol", { id: "log" });
  const summary = el("div", { id: "summary", class: "panel", hidden: true });
  let turn = 0;
  let marks = [0];
  let seatsShown = false;
  let loading = null;
  const button = (text, fn, id, hint) => el("button", { id, onclick: fn, text, title: hint, type: "button" });
  const last = () => marks.length - 1;
  const controls = el("div", { class: "replay-bar" },
    el("label", { class: "row" }, el("span", { text: "View as" }), viewer),
    el("div", { class: "row" },
      button("«", () => go(0), "replay-first", "The start (Home)"),
      button("‹ turn", () => go(turn - 1), "replay-prev", "The turn before (←)"),
      slider,
      button("turn ›", () => go(turn + 1), "replay-next", "The next turn (→)"),
      button("»", () => go(last()), "replay-last", "The end (End)"),
      counter),
    el("a", { href: `/api/tables/${id}/record`, download: "", text: "Download the record" }));
  viewer.addEventListener("change", () => load(turn));
  slider.addEventListener("input", () => go(+slider.value));
  show(title, el("div", { class: "panel" }, controls),
    el("div", { class: "play" }, el("div", {}, board),
      el("div", {}, el("div", { class: "panel" }, el("h3", { text: "Turns" }), log), summary)));

  function onKey(e) {
    const t = e.target;
    if (t && (t.tagName === "INPUT" && t.type !== "range" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
    const to = { ArrowLeft: turn - 1, ArrowRight: turn + 1, Home: 0, End: last() }[e.key];
    if (to === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    go(to);
  }
  document.addEventListener("keydown", onKey);
  page.leave = () => document.removeEventListener("keydown", onKey);

  function go(k) {
    const to = Math.max(0, Math.min(last(), k));
    if (to !== turn || !seatsShown) load(to);
  }

  async function load(k) {
    const seat = viewer.value === "" ? "" : `&seat=${viewer.value}`;
    const ask = `/api/tables/${id}/replay?turn=${k}${seat}&layout=${layout()}`;
    loading = ask;
    try {
      const data = await api("GET", ask);
      if (loading !== ask) return;  // a later request is on its way
      const v = data.view;
      const t = data.table;
      marks = v.turns;
      turn = v.turn;
      title.textContent = `Replay: ${t.game_name} · table ${t.id}`;
      if (!seatsShown) {
        seatsShown = true;
        t.seats.forEach((s) => viewer.append(el("option", { value: s.seat, text: `seat ${s.seat + 1}: ${seatLabel(s)}` })));
        if (v.summary) showSummary(t, v.summary);
      }
      slider.max = String(last());
      slider.value = String(turn);
      counter.textContent = turn === 0 ? `set-up · turn 0 of ${last()}` : `turn ${turn} of ${last()}`;
      board.setAttribute("data-replay-turn", String(turn));
      picture.update(v, false);
      renderLog(log, v.log, t.seats, (picked) => go(picked.turn));
      // The turn shown is marked in the log, and brought into its view.
      for (const li of log.children) {
        const on = +li.getAttribute("data-turn") === turn;
        li.classList.toggle("current", on);
        li.classList.toggle("future", +li.getAttribute("data-turn") > turn);
        li.classList.remove("latest");
        if (on) li.scrollIntoView({ block: "nearest" });
      }
    } catch (e) { say(e.message); }
  }

  // The final result, always in view: each category's points per player, and a bar chart.
  function showSummary(table, result) {
    summary.hidden = false;
    summary.replaceChildren(el("h3", { text: "Final scores" }), resultTable(table, result), scoreChart(table, result));
  }

  load(0);
}

const CHART_COLOURS = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#76b7b2", "#edc948", "#9c755f", "#bab0ac", "#ff9da7"];

// One bar per player, its parts the categories' points (negative ones are left out of the
// bar and named in its label), with a key of the categories.
export function scoreChart(table, result) {
  const cats = Object.keys(result.breakdown[0]).filter((k) => k !== "total");
  const order = [...result.ranks.keys()].sort((a, b) => result.ranks[a] - result.ranks[b]);
  const most = Math.max(1, ...order.map((p) => cats.reduce((n, c) => n + Math.max(0, result.breakdown[p][c]), 0)));
  const rows = order.map((p) => {
    const b = result.breakdown[p];
    const parts = cats.filter((c) => b[c] > 0).map((c) => el("span", {
      class: "part",
      style: `width:${(100 * b[c]) / most}%;background:${CHART_COLOURS[cats.indexOf(c) % CHART_COLOURS.length]}`,
      title: `${category(c)}: ${b[c]}`,
    }));
    return el("div", { class: "chart-row", "data-seat": p },
      el("div", { class: "chart-name" }, seatName(table.seats[p]), el("span", { class: "muted", text: ` ${b.total}` })),
      el("div", { class: "chart-bar" }, parts));
  });
  const key = el("div", { class: "chart-key" }, cats.map((c, k) => el("span", {},
    el("span", { class: "swatch", style: `background:${CHART_COLOURS[k % CHART_COLOURS.length]}`, "aria-hidden": "true" }), category(c))));
  return el("div", { id: "score-chart", class: "chart", role: "img", "aria-label": "Points by category" }, rows, key);
}
