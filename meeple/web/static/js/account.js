// Logging in, signing up, playing as a guest.

import { app, el, show, say, api } from "./dom.js";

export function renderAccount() {
  const box = document.getElementById("account");
  if (app.me) {
    box.replaceChildren(...[
      el("a", { href: `#/player/${encodeURIComponent(app.me.name)}`, id: "me", text: app.me.name }),
      app.me.guest ? el("span", { class: "badge", text: "guest" }) : null,
      el("button", { id: "logout", onclick: logout, text: "Log out" }),
    ].filter((n) => n));
  } else {
    box.replaceChildren(el("a", { href: "#/login", id: "login-link", text: "Log in" }));
  }
}

async function logout() {
  await api("POST", "/api/logout");
  app.me = null;
  renderAccount();
  location.hash = "#/login";
}

export function pageLogin() {
  const name = el("input", { id: "name", placeholder: "name", autocomplete: "username", maxlength: 24 });
  const password = el("input", { id: "password", type: "password", placeholder: "password (8+ characters)", autocomplete: "current-password" });
  const guestName = el("input", { id: "guest-name", placeholder: "a name for this visit", maxlength: 24 });
  async function enter(path, body) {
    try {
      const data = await api("POST", path, body);
      app.me = data.user;
      renderAccount();
      say(`Welcome, ${app.me.name}.`, "info");
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

