// The board: the game's SVG picture, updated in place, with every legal choice on it.
//
// The server draws the picture from the viewer's own observation and marks the things a
// person can click with data-target="<key>". Each legal action names the keys that choose
// it, in order (action.targets): most are one click, some two (a card, then where it
// goes). The board makes the next keys of the legal actions clickable, narrows click by
// click, and hands the chosen action to its owner. Elements sharing a data-cycle value are
// alternatives for one place (a tile's orientations): one is shown at a time, R or the
// rotate control shows the next, and clicking the shown one takes it.

const SVG_NS = "http://www.w3.org/2000/svg";
// Attributes and classes the board itself puts on the picture; an update keeps them.
const CLIENT_ATTRS = new Set(["role", "tabindex", "aria-label", "aria-pressed"]);
const CLIENT_CLASSES = new Set(["clickable", "selected", "cycled-out", "last-move", "candidate-target"]);

// Game pictures are made on the server from the viewer's observation. They are parsed as
// SVG and anything active (scripts, foreign objects, event handlers) is removed.
export function safeSvg(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (!root || root.nodeName.toLowerCase() !== "svg") return null;
  for (const bad of root.querySelectorAll("script, foreignObject, iframe, object, embed, animate, set, animateMotion, animateTransform")) bad.remove();
  for (const node of [root, ...root.querySelectorAll("*")]) {
    for (const attr of [...node.attributes]) {
      const name = attr.localName.toLowerCase();
      if (name.startsWith("on")) node.removeAttributeNS(attr.namespaceURI, attr.localName);
      // Any prefix: an xlink href under another name is still a link.
      else if (name === "href" && !attr.value.trim().startsWith("#")) node.removeAttributeNS(attr.namespaceURI, attr.localName);
    }
  }
  return root;
}

// -- updating the picture in place -------------------------------------------------------

function keyOf(node) {
  if (node.nodeType !== 1) return null;
  const t = node.getAttribute("data-target");
  if (t !== null) return `t:${node.nodeName}:${t}`;
  const id = node.getAttribute("id");
  return id !== null ? `i:${node.nodeName}:${id}` : null;
}

function isClientNode(node) {
  return node.nodeType === 1 && node.hasAttribute("data-client");
}

function morphAttributes(old, next) {
  for (const attr of [...old.attributes]) {
    if (CLIENT_ATTRS.has(attr.name) || attr.name === "class") continue;
    if (!next.hasAttributeNS(attr.namespaceURI, attr.localName)) old.removeAttributeNS(attr.namespaceURI, attr.localName);
  }
  for (const attr of [...next.attributes]) {
    if (attr.name === "class") continue;
    if (old.getAttributeNS(attr.namespaceURI, attr.localName) !== attr.value) {
      old.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
    }
  }
  const mine = [...old.classList].filter((c) => CLIENT_CLASSES.has(c));
  const theirs = next.getAttribute("class");
  const wanted = [...(theirs ? theirs.split(/\s+/).filter(Boolean) : []), ...mine].join(" ");
  if ((old.getAttribute("class") || "") !== wanted) {
    if (wanted) old.setAttribute("class", wanted); else old.removeAttribute("class");
  }
}

export function morphNode(old, next) {
  if (old.nodeType !== 1) {
    if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
    return;
  }
  morphAttributes(old, next);
  morphChildren(old, next);
}

function sameKind(a, b) {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && !keyOf(a) && !keyOf(b);
}

function morphChildren(oldParent, newParent) {
  const oldKids = [...oldParent.childNodes].filter((n) => !isClientNode(n));
  const keyed = new Map();
  for (const o of oldKids) { const k = keyOf(o); if (k && !keyed.has(k)) keyed.set(k, o); }
  const used = new Set();
  const result = [];
  let cursor = 0;
  for (const n of newParent.childNodes) {
    let match = null;
    const k = keyOf(n);
    if (k) {
      const o = keyed.get(k);
      if (o && !used.has(o)) match = o;
    } else {
      while (cursor < oldKids.length && (used.has(oldKids[cursor]) || keyOf(oldKids[cursor]))) cursor++;
      if (cursor < oldKids.length && sameKind(oldKids[cursor], n)) match = oldKids[cursor++];
    }
    if (match) { used.add(match); morphNode(match, n); result.push(match); }
    else result.push(document.importNode(n, true));
  }
  for (const o of oldKids) if (!used.has(o)) o.remove();
  let ref = oldParent.firstChild;
  for (const node of result) {
    if (node === ref) { ref = ref.nextSibling; continue; }
    oldParent.insertBefore(node, ref);
  }
}

// -- the board ---------------------------------------------------------------------------

// Turn a class of the board's own on or off, leaving no empty class attribute behind.
function mark(node, name, on) {
  node.classList.toggle(name, on);
  if (!node.classList.length) node.removeAttribute("class");
}

export class Board {
  // onChoose(action) is called with the chosen legal action; null makes a picture only.
  constructor(box, onChoose) {
    this.box = box;
    this.onChoose = onChoose;
    this.svg = null;
    this.legal = [];
    this.path = [];  // the keys clicked so far towards a choice of several clicks
    this.next = new Map();  // key -> the legal actions that key narrows to
    this.cycles = new Map();  // data-cycle name -> index of the member shown
    this.lastMarked = null;
    this.onNarrow = null;  // called with the candidate actions while narrowing
    // Zoom: the picture fits the board's width, or is drawn larger to scroll (phones).
    this.zoom = Math.min(3, Math.max(1, +(localStorage.getItem("meeple.zoom") || 1)));
    this.zoomBar = document.createElement("div");
    this.zoomBar.className = "zoom-bar";
    for (const [label, step, name] of [["−", -0.5, "Zoom out"], ["+", 0.5, "Zoom in"]]) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.setAttribute("aria-label", name);
      b.addEventListener("click", (e) => { e.stopPropagation(); this.setZoom(this.zoom + step); });
      this.zoomBar.append(b);
    }
    this.tip = document.createElement("div");
    this.tip.className = "board-tip";
    this.tip.hidden = true;
    box.classList.add("board");
    box.addEventListener("click", (e) => this.clicked(e));
    box.addEventListener("keydown", (e) => this.key(e));
    box.addEventListener("mouseover", (e) => this.hover(e));
    box.addEventListener("mouseout", (e) => { if (!this.box.contains(e.relatedTarget)) this.tip.hidden = true; });
    box.addEventListener("focusin", (e) => this.hover(e));
    box.addEventListener("wheel", (e) => {
      const node = e.target.closest && e.target.closest("[data-cycle].clickable");
      if (node) { e.preventDefault(); this.cycle(node.getAttribute("data-cycle"), e.deltaY < 0 ? -1 : 1); }
    }, { passive: false });
  }

  // view: the server's view; interactive: whether its legal actions may be chosen now.
  update(view, interactive) {
    if (view.svg) {
      const next = safeSvg(view.svg);
      if (next && this.svg && this.svg.isConnected) morphNode(this.svg, next);
      else if (next) {
        this.svg = document.importNode(next, true);
        this.box.replaceChildren(this.zoomBar, this.svg, this.tip);
      }
    } else {
      this.svg = null;
      this.box.replaceChildren(Object.assign(document.createElement("pre"), { textContent: view.text || "" }), this.tip);
    }
    this.applyZoom();
    const legal = interactive ? (view.legal || []) : [];
    const same = legal.length === this.legal.length && legal.every((a, i) => a.id === this.legal[i].id);
    this.legal = legal;
    if (!same) { this.path = []; this.cycles.clear(); }
    this.markLastMove(view.log || []);
    this.wire();
  }

  setZoom(z) {
    this.zoom = Math.min(3, Math.max(1, z));
    localStorage.setItem("meeple.zoom", String(this.zoom));
    this.applyZoom();
  }

  applyZoom() {
    if (this.svg) this.svg.style.width = `${this.zoom * 100}%`;
    this.box.classList.toggle("zoomed", this.zoom > 1);
  }

  // The legal actions still possible after the keys clicked so far.
  candidates() {
    return this.legal.filter((a) => a.targets && this.path.every((k, i) => a.targets[i] === k));
  }

  wire() {
    let cands = this.candidates();
    if (this.path.length && !cands.length) { this.path = []; cands = this.candidates(); }
    const depth = this.path.length;
    this.box.setAttribute("data-path", depth);
    this.next = new Map();
    for (const a of cands) {
      if (a.targets.length <= depth) continue;
      const key = a.targets[depth];
      if (!this.next.has(key)) this.next.set(key, []);
      this.next.get(key).push(a);
    }
    const root = this.svg;
    if (!root) return;
    for (const node of root.querySelectorAll("[data-target]")) {
      const key = node.getAttribute("data-target");
      const acts = this.next.get(key);
      mark(node, "clickable", !!acts);
      mark(node, "selected", this.path.includes(key));
      mark(node, "cycled-out", false);
      if (acts) {
        node.setAttribute("role", "button");
        node.setAttribute("tabindex", "0");
        node.setAttribute("aria-label", this.describe(key, acts));
      } else {
        for (const a of CLIENT_ATTRS) node.removeAttribute(a);
      }
    }
    this.hitAreas();
    // An element may also stand for one action directly (data-action="<id>").
    const byId = new Map(this.legal.map((a) => [String(a.id), a]));
    for (const node of root.querySelectorAll("[data-action]")) {
      const a = depth ? null : byId.get(node.getAttribute("data-action"));
      mark(node, "clickable", !!a);
      if (a) { node.setAttribute("role", "button"); node.setAttribute("tabindex", "0"); node.setAttribute("aria-label", a.text); }
      else for (const name of CLIENT_ATTRS) node.removeAttribute(name);
    }
    this.showCycles();
    if (this.onNarrow) this.onNarrow(depth ? cands : null);
  }

  // A clickable group answers a click anywhere in its box, not only on its painted parts
  // (an arrow, a card's outline): a transparent rectangle under its children.
  hitAreas() {
    for (const old of this.svg.querySelectorAll("[data-client='hit']")) old.remove();
    for (const node of this.svg.querySelectorAll("g.clickable")) {
      let box;
      try { box = node.getBBox(); } catch (e) { continue; }
      if (!box.width && !box.height) continue;
      const r = document.createElementNS(SVG_NS, "rect");
      r.setAttribute("data-client", "hit");
      r.setAttribute("x", box.x - 2); r.setAttribute("y", box.y - 2);
      r.setAttribute("width", box.width + 4); r.setAttribute("height", box.height + 4);
      r.setAttribute("fill", "transparent");
      node.prepend(r);
    }
  }

  describe(key, acts) {
    const done = acts.filter((a) => a.targets.length === this.path.length + 1);
    if (acts.length === 1 && done.length === 1) return acts[0].text;
    if (acts.length === 1) return `${acts[0].text} (then click where)`;
    const shown = acts.slice(0, 4).map((a) => a.text).join(" / ");
    return `${acts.length} choices: ${shown}${acts.length > 4 ? " …" : ""}`;
  }

  // Alternatives for one place: show the chosen member of each data-cycle set.
  showCycles() {
    const root = this.svg;
    for (const old of root.querySelectorAll("[data-client='cycle']")) old.remove();
    const groups = new Map();
    for (const node of root.querySelectorAll("[data-cycle].clickable")) {
      const name = node.getAttribute("data-cycle");
      if (!groups.has(name)) groups.set(name, []);
      groups.get(name).push(node);
    }
    for (const [name, nodes] of groups) {
      const n = nodes.length;
      const at = ((this.cycles.get(name) || 0) % n + n) % n;
      this.cycles.set(name, at);
      nodes.forEach((node, i) => mark(node, "cycled-out", i !== at));
      if (n > 1) this.drawCycleControl(name, nodes[at], n);
    }
  }

  drawCycleControl(name, node, n) {
    let box;
    try { box = node.getBBox(); } catch (e) { return; }
    const r = Math.max(9, Math.min(16, Math.max(box.width, box.height) * 0.16));
    const g = document.createElementNS(SVG_NS, "g");
    g.setAttribute("data-client", "cycle");
    g.setAttribute("data-cycle-next", name);
    g.setAttribute("class", "cycle-control");
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", "0");
    g.setAttribute("aria-label", `next of ${n} (R)`);
    const cx = box.x + box.width, cy = box.y;
    const c = document.createElementNS(SVG_NS, "circle");
    c.setAttribute("cx", cx); c.setAttribute("cy", cy); c.setAttribute("r", r);
    const t = document.createElementNS(SVG_NS, "text");
    t.setAttribute("x", cx); t.setAttribute("y", cy);
    t.setAttribute("font-size", r * 1.3);
    t.setAttribute("text-anchor", "middle"); t.setAttribute("dominant-baseline", "central");
    t.textContent = "⟳";
    g.append(c, t);
    this.svg.append(g);
  }

  // Whether alternatives are shown one at a time here (at least two of them).
  hasCycle() {
    return !!(this.svg && this.svg.querySelectorAll("[data-cycle].clickable").length > 1);
  }

  cycle(name, step) {
    const names = name ? [name] : [...this.cycles.keys()];
    for (const k of names) this.cycles.set(k, (this.cycles.get(k) || 0) + (step || 1));
    this.showCycles();
    const shown = this.svg && this.svg.querySelector("[data-cycle].clickable:not(.cycled-out)");
    if (shown && this.box.contains(document.activeElement)) shown.focus();
  }

  clicked(e) {
    this.tip.hidden = true;  // a tap on a touch screen also "hovers": let it go
    const control = e.target.closest("[data-cycle-next]");
    if (control) { this.cycle(control.getAttribute("data-cycle-next"), 1); return; }
    const direct = e.target.closest("[data-action].clickable");
    if (direct && this.onChoose) {
      const a = this.legal.find((x) => String(x.id) === direct.getAttribute("data-action"));
      if (a) { this.onChoose(a); return; }  // one action: nothing half-made to keep
    }
    // The innermost clickable key (a frog on a tile: the frog, unless only the tile is
    // legal now), or a key already chosen, to let go of it.
    const node = e.target.closest("[data-target].clickable") || e.target.closest("[data-target].selected");
    if (!node || !this.onChoose) return;
    const key = node.getAttribute("data-target");
    const at = this.path.indexOf(key);
    if (at >= 0) { this.path = this.path.slice(0, at); this.wire(); return; }  // un-choose
    const acts = this.next.get(key);
    if (!acts) return;
    const path = [...this.path, key];
    const done = acts.filter((a) => a.targets.length === path.length);
    if (acts.length === 1 && done.length === 1) {
      // The half-made choice is let go only once the page has sent the choice.
      if (this.onChoose(done[0]) !== false) { this.path = []; this.tip.hidden = true; }
      return;
    }
    this.path = path;
    this.wire();
  }

  key(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;  // the page's own shortcuts
    if (e.target.closest && e.target.closest("[data-cycle-next]") && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault(); this.cycle(e.target.closest("[data-cycle-next]").getAttribute("data-cycle-next"), 1); return;
    }
    const node = e.target.closest && e.target.closest("[data-target].clickable, [data-action].clickable");
    if (node && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
  }

  // Keys the page passes on (R turns, Escape lets go of a half-made choice).
  shortcut(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;  // Ctrl+R still reloads
    if ((e.key === "r" || e.key === "R") && this.hasCycle()) { this.cycle(null, e.shiftKey ? -1 : 1); return true; }
    if (e.key === "Escape" && this.path.length) { this.path = []; this.wire(); return true; }
    return false;
  }

  clearPath() {
    if (this.path.length) { this.path = []; this.wire(); }
  }

  hover(e) {
    // What the part is (the game's own note, data-tip) and, for a choice, the move it makes.
    const t = e.target;
    const node = t.closest && t.closest("[data-target].clickable, [data-action].clickable, [data-cycle-next]");
    const about = t.closest && t.closest("[data-tip]");
    const words = [about && about.getAttribute("data-tip"), node && node.getAttribute("aria-label")]
      .filter((x, k, all) => x && all.indexOf(x) === k);
    const anchor = node || about;
    if (!anchor || !words.length) { this.tip.hidden = true; return; }
    this.tip.replaceChildren(...words.map((w, k) => Object.assign(document.createElement(k ? "b" : "span"), { textContent: w })));
    this.tip.classList.toggle("two", words.length > 1);
    this.tip.hidden = false;
    // Above the part when there is room (below it would cover the next row of choices).
    const a = this.box.getBoundingClientRect();
    const b = anchor.getBoundingClientRect();
    const above = b.top - a.top - this.tip.offsetHeight - 4;
    this.tip.style.left = `${Math.max(0, b.left - a.left + this.box.scrollLeft)}px`;
    this.tip.style.top = `${(above >= 0 ? above : b.bottom - a.top + 4) + this.box.scrollTop}px`;
  }

  // The newest move that clicked something is marked on the board, and pulses once.
  markLastMove(log) {
    const root = this.svg;
    if (!root) return;
    // The last turn that clicked something: every part it clicked (a tile and its space).
    let last = null;
    for (let k = log.length - 1; k >= 0; k--) if (log[k].targets) { last = log[k]; break; }
    const id = last ? last.i : null;
    const keys = new Set();
    for (const e of log) if (last && e.targets && (e.turn ?? e.i) === (last.turn ?? last.i)) e.targets.forEach((t) => keys.add(t));
    for (const node of root.querySelectorAll("[data-target]")) {
      const on = keys.has(node.getAttribute("data-target"));
      if (!on) mark(node, "last-move", false);
      else if (id !== this.lastMarked) {
        mark(node, "last-move", false);
        void node.getBoundingClientRect();  // restart the pulse
        node.classList.add("last-move");
      } else node.classList.add("last-move");
    }
    this.lastMarked = id;
  }
}
