// The rules pages: each game's rules (docs/games/<id>.md, rendered on the server with raw
// HTML escaped) with a table of contents of its headings. #/rules lists the games;
// #/rules/<id> shows one; #/rules/<id>/<section> scrolls to a heading.

import { app, el, show, say, api } from "./dom.js";

const cache = new Map();  // game id -> the server's page (the text does not change)

// Kept here so the rules pages need nothing of the shared style sheet.
const STYLE = `
.rules-page { display: grid; grid-template-columns: minmax(10rem, 16rem) minmax(0, 1fr); gap: 1.5rem; align-items: start; }
.rules-toc { position: sticky; top: .5rem; max-height: calc(100vh - 1rem); overflow: auto; font-size: .9rem; }
.rules-toc ol { list-style: none; padding-left: 0; margin: 0; }
.rules-toc li { margin: .2rem 0; }
.rules-toc li.level-3 { padding-left: 1rem; font-size: .85rem; }
.rules-body { max-width: 52rem; line-height: 1.5; overflow-wrap: break-word; }
.rules-body .rules-table { overflow-x: auto; margin: .75rem 0; }
.rules-body table { border-collapse: collapse; width: auto; }
.rules-body th, .rules-body td { border: 1px solid #ccc; padding: .25rem .5rem; text-align: left; vertical-align: top; }
.rules-body pre { overflow-x: auto; background: #f4f4f0; padding: .5rem; }
.rules-body img { max-width: 100%; height: auto; }
.rules-body h2, .rules-body h3 { scroll-margin-top: .5rem; }
#rules-games { padding-left: 2rem; } #rules-games li { margin: .35rem 0; }
@media (max-width: 700px) { .rules-page { grid-template-columns: 1fr; } .rules-toc { position: static; max-height: none; } }
`;

function addStyle() {
  if (document.getElementById("rules-style")) return;
  document.head.append(el("style", { id: "rules-style", text: STYLE }));
}

// A link to a game's rules, opened in a new tab so the game stays where it is (as on
// Board Game Arena); set its game with .setGame(id).
export function rulesLink(gameId) {
  const a = el("a", { id: "rules-link", class: "rules-link", target: "_blank", rel: "noopener", text: "Rules", title: "The rules of this game, in a new tab" });
  a.setGame = (id) => { if (id) a.setAttribute("href", `#/rules/${encodeURIComponent(id)}`); };
  a.setGame(gameId);
  return a;
}

export async function pageRules(gameId, section) {
  addStyle();
  if (!gameId) { pageIndex(); return; }
  const page = app.page;
  let data = cache.get(gameId);
  if (!data) {
    show(el("h1", { text: "Rules" }), el("p", { class: "muted", text: "Loading…" }));
    try {
      data = await api("GET", `/api/games/${encodeURIComponent(gameId)}/rules`);
    } catch (e) {
      if (app.page !== page) return;
      show(el("h1", { text: "Rules" }), el("p", { id: "rules-missing", text: e.message }), el("p", {}, el("a", { href: "#/rules", text: "Every game's rules" })));
      return;
    }
    if (data.available) cache.set(gameId, data);
  }
  if (app.page !== page) return;
  document.title = `${data.name}: rules · meeple`;
  const body = el("article", { id: "rules", class: "rules-body", "data-game": gameId });
  body.append(...cleanHtml(data.html));
  const top = data.headings.filter((h) => h.level === 2 || h.level === 3);
  const toc = el("nav", { id: "rules-toc", class: "rules-toc panel", "aria-label": "Contents" },
    el("h3", { text: "Contents" }),
    el("ol", {}, top.map((h) => el("li", { class: `level-${h.level}` },
      el("a", { href: `#/rules/${encodeURIComponent(gameId)}/${encodeURIComponent(h.id)}`, text: h.text })))),
    el("p", { class: "small" }, el("a", { href: "#/rules", text: "Other games" })));
  if (!data.available) {
    body.id = "rules-missing";
    show(el("h1", { text: `${data.name}: rules` }), body);
    return;
  }
  show(el("div", { class: "rules-page" }, toc, body));
  page.leave = () => { document.title = "meeple"; };
  const target = section ? document.getElementById(`rules-${section}`) : null;
  if (target) target.scrollIntoView(); else window.scrollTo(0, 0);
}

function pageIndex() {
  document.title = "Rules · meeple";
  show(el("h1", { text: "Rules" }),
    el("ul", { id: "rules-games", class: "panel" }, app.games.map((g) => el("li", {},
      el("a", { href: `#/rules/${encodeURIComponent(g.id)}`, text: g.name }),
      g.description ? el("span", { class: "muted", text: ` · ${g.description}` }) : null))));
  if (!app.games.length) say("The list of games could not be read; reload the page.");
}

// The server's HTML holds no raw HTML from the documents (markdown-it escapes it); still,
// nothing active goes in: no scripts or frames, no handlers, links only to this app or the web.
function cleanHtml(text) {
  const doc = new DOMParser().parseFromString(`<div>${text}</div>`, "text/html");
  const root = doc.body.firstElementChild;
  for (const bad of root.querySelectorAll("script, style, iframe, object, embed, form, input, button, link, meta, base")) bad.remove();
  for (const node of root.querySelectorAll("*")) {
    for (const attr of [...node.attributes]) {
      const name = attr.name.toLowerCase();
      const value = attr.value.trim();
      if (name.startsWith("on") || name === "style" || name === "srcset") node.removeAttribute(attr.name);
      else if (name === "href" && !/^(#\/|https?:\/\/)/.test(value)) node.removeAttribute(attr.name);
      else if (name === "src" && !value.startsWith("/docs/img/")) node.removeAttribute(attr.name);
    }
  }
  // Wide tables scroll on their own, not the page.
  for (const table of root.querySelectorAll("table")) {
    const box = doc.createElement("div");
    box.className = "rules-table";
    table.replaceWith(box);
    box.append(table);
  }
  return [...root.childNodes].map((n) => document.importNode(n, true));
}
