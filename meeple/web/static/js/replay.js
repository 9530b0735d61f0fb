// Replays: a finished game move by move, as any seat or a spectator saw it.

import { el, show, say, api, seatLabel, renderLog, resultTable, layout } from "./dom.js";
import { Board } from "./board.js";
export function pageReplay(id) {
  const title = el("h1", { text: `Replay of table ${id}` });
  const viewer = el("select", { id: "replay-seat" }, el("option", { value: "", text: "spectator" }));
  const counter = el("span", { id: "replay-step" });
  const board = el("div", { id: "board" });
  const picture = new Board(board, null);
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
      const data = await api("GET", `/api/tables/${id}/replay?step=${k}${seat}&layout=${layout()}`);
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
      picture.update(v, false);
      renderLog(log, v.log, t.seats);
      result.replaceChildren(...(v.result ? [el("div", { class: "panel" }, el("h3", { text: "Final scores" }), resultTable(t, v.result))] : []));
    } catch (e) { say(e.message); }
  }
  load(0);
}

