// The browser client: the join form, then one seat at the host's table (protocol 1).
import { Seat } from "./net.js";
import { drawTable, statusText, captionText, callWord, nextExpiry, BUBBLE_MS, VERDICT_MS } from "./table.js";
import { Frames } from "./drawn.js";
import * as i18n from "./i18n.js";
import { _ } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const STORE = "snaptable";

/** Name and reconnect token, kept per host and code so a reload takes the seat back. */
const saved = {
  read() {
    try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch { return {}; }
  },
  write(v) {
    try { localStorage.setItem(STORE, JSON.stringify(v)); } catch { /* private mode: no memory */ }
  },
};

// challengeBuzzed: the challenge ("BY>PLAYER") this phone last buzzed for, until a pile is taken.
const view = { state: null, players: [], me: null, mySeat: 0, marks: new Map(), seq: -1, challengeBuzzed: null };
let seat = null;
let redrawTimer = null;
let lastError = "";
let drawnOnce = false;
// What the join message, the notice and the banner say, as functions: a change of language
// words them again.
const says = { join: null, notice: null, again: null, banner: null };
const frames = new Frames();
frames.onDrawn = showLag;

// For tests and people (read only): the last 64 update-to-drawn lags (s), the last update drawn,
// the `seen` a Snap! would report now ({seq, drawn}, drawn in s on performance.now()), and
// whether the last frame showed a match.
const copy = (x) => (x ? { ...x } : null);
window.snapTable = Object.freeze({
  get drawLags() { return frames.lags.slice(); },
  get lastDrawn() { return copy(frames.lastDrawn); },
  get seen() { return copy(frames.seen); },
  get matchShowing() { return frames.showing.size > 0; },
});

// The player's language: the catalog is fetched while the page goes on (a kept seat is taken
// back at once); everything shown is worded again when it arrives.
i18n.onChange(reword);
i18n.start();
$("language").addEventListener("change", (e) => { i18n.choose(e.target.value); });

const params = new URLSearchParams(location.search);
const urlCode = (params.get("code") || "").trim().toUpperCase().slice(0, 16);
const memory = saved.read();
$("code").value = urlCode || (memory.host === location.host ? memory.code || "" : "");
$("name").value = memory.name || "";

/** The join form's message (a function giving its text, or null). */
function sayOnJoin(text) {
  says.join = text;
  $("join-message").textContent = text ? text() : "";
}

function showJoin(message) {
  $("play").hidden = true;
  $("notice").hidden = true;
  $("join").hidden = false;
  sayOnJoin(message);
  $("join-button").disabled = false;
}

function showNotice(text, again) {
  says.notice = text;
  says.again = again;
  $("notice-text").textContent = text();
  $("notice").hidden = false;
  $("notice-again").textContent = again();
  $("notice-again").focus();
}

function showBanner(text) {
  says.banner = text;
  $("banner").textContent = text();
  $("banner").hidden = false;
}

/** Everything shown, worded again in the language just chosen. */
function reword() {
  if (says.join) $("join-message").textContent = says.join();
  if (says.notice) { $("notice-text").textContent = says.notice(); $("notice-again").textContent = says.again(); }
  if (says.banner) $("banner").textContent = says.banner();
  draw();
  showLag();
  languageSwitch();
}

/** The switch on the join form: English and each catalog, each named in its own language. */
function languageSwitch() {
  const codes = i18n.languages();
  const select = $("language");
  if (select.options.length !== codes.length) {
    select.replaceChildren(...codes.map((code) => {
      const o = document.createElement("option");
      o.value = code;
      o.lang = i18n.tagOf(code);
      o.textContent = code === "en" ? "English" : i18n.nativeName(code);
      return o;
    }));
  }
  select.value = i18n.language();
  $("language-row").hidden = codes.length < 2;
}

function join({ code, name, token }) {
  if (seat) seat.close();
  view.state = null; view.players = []; view.me = null; view.seq = -1; view.marks = new Map();
  frames.reset();
  $("join-button").disabled = true;
  sayOnJoin(() => _("Joining…"));
  seat = new Seat({ code, name, token, on: (m, at) => handle(m, { code, name }, at), drawLag: () => frames.drawLag });
  seat.open();
}

const refusals = {
  wrongCode: () => _("That join code is not this table's. Check the code and try again."),
  tableFull: () => _("The table is full: every seat is taken."),
  unknownToken: () => _("Your seat was given up while you were away. Join again to take a free seat."),
  badVersion: () => _("This table speaks another version of the game."),
  badHello: () => _("The table did not accept that name."),
  busy: () => _("The table is busy. Try again."),
};
const joinAgain = () => _("Join again");
const tryAgain = () => _("Try again");

/** `at`: when a host message was handled (s), where update-to-drawn starts. */
function handle(m, who, at) {
  switch (m.type) {
    case "welcome": {
      view.me = m.playerID;
      view.mySeat = m.seat;
      saved.write({ host: location.host, code: who.code, name: who.name, token: m.token });
      $("join").hidden = true;
      $("notice").hidden = true;
      $("banner").hidden = true;
      says.join = says.notice = says.banner = null;
      $("play").hidden = false;
      draw();
      break;
    }
    case "ready":
      view.players = m.players;
      draw();
      break;
    case "update":
      view.seq = m.seq;
      view.state = m.state;
      for (const e of m.events || []) event(e);
      lastError = "";
      draw();
      frames.applied(m.seq, at, m.state);
      break;
    case "error":
      if (m.intent) { lastError = m.reason; draw(); }
      break;
    case "refusal": {
      if (m.reason === "unknownToken") {
        const mem = saved.read();
        delete mem.token;
        saved.write(mem);
      }
      // The host's own message is in English: better than nothing for a reason this page does not know.
      const text = refusals[m.reason] || (m.message ? () => m.message : () => _("The table refused to seat you."));
      if ($("play").hidden) showJoin(text); else showNotice(text, joinAgain);
      break;
    }
    case "hostLeft": {
      // Its tokens went with it.
      const mem = saved.read();
      delete mem.token;
      saved.write(mem);
      showNotice(() => _("The host has left."), joinAgain);
      setButtons();
      break;
    }
    case "unreachable":
      if ($("play").hidden) showJoin(() => _("Could not reach the table. Try again."));
      else showNotice(() => _("The table cannot be reached."), tryAgain);
      break;
    case "lost":
      showNotice(() => _("The host went away."), tryAgain);
      break;
    case "reconnecting":
      showBanner(() => _("Connection lost: joining again…"));
      setButtons();
      break;
  }
}

function mark(id, key, ms) {
  const m = view.marks.get(id) || {};
  m[key] = performance.now() + ms;
  view.marks.set(id, m);
}

function event(e) {
  if (!e.player) return;
  switch (e.type) {
    case "call": mark(e.player, "bubbleUntil", BUBBLE_MS); break;
    case "pileTaken": view.challengeBuzzed = null; break;
    case "snapWon":
      view.challengeBuzzed = null;
      mark(e.player, "smileyUntil", VERDICT_MS);
      if (e.player === view.me) buzz(120);
      break;
    case "wrongCall":
      mark(e.player, "wrongUntil", VERDICT_MS);
      if (e.player === view.me) buzz([70, 50, 70]);
      break;
    case "lateCall": mark(e.player, "lateUntil", VERDICT_MS); break;
    // Egyptian Ratscrew: a face card challenges this phone's player (once, not at every card
    // of theirs that counts it down: the host sends the challenge again each time).
    case "challenge": {
      const key = `${(e.from || [])[0]}>${e.player}`;
      if (e.player === view.me && key !== view.challengeBuzzed) buzz(60);
      view.challengeBuzzed = key;
      break;
    }
  }
}

function buzz(pattern) {
  if (typeof navigator.vibrate === "function") navigator.vibrate(pattern);
}

function playing() {
  const s = view.state;
  return !!s && s.phase === "playing" && (s.pausedAt === null || s.pausedAt === undefined) && !!seat?.connected;
}

function setButtons() {
  const s = view.state;
  const mine = s?.players?.find((p) => p.id === view.me);
  $("turn-over").disabled = !(playing() && s.active === view.me);
  $("snap").disabled = !(playing() && mine && !mine.out);
  // "Snap!", or "Slap!" in the centre-pile games (set after the language's own pass over the page).
  const word = callWord(s);
  if ($("snap").textContent !== word) $("snap").textContent = word;
  const dealable = !!seat?.connected && (!s || s.phase === "roundOver");
  $("deal").hidden = !dealable;
  $("deal").textContent = s ? _("Next round") : _("Deal");
}

function draw() {
  const now = performance.now();
  const table = $("table");
  table.dataset.seq = String(view.seq);
  table.dataset.me = view.me || "";
  drawTable(table, view, now);
  // For tools (scripts/benchmarks/web.py): when this page first showed a dealt table.
  if (view.state && !drawnOnce) { drawnOnce = true; performance.mark("table-drawn"); }
  $("status").textContent = lastError || statusText(view.state, view.players, view.me);
  // What the status says, for its look (a challenge stands out) and for tests.
  $("status").dataset.kind = lastError ? "error" : view.state?.status?.kind || "";
  const caption = captionText(view.state);
  $("caption").hidden = caption === "";
  if ($("caption").textContent !== caption) $("caption").textContent = caption;
  setButtons();
  clearTimeout(redrawTimer);
  const next = nextExpiry(view.marks, now);
  if (next !== null) redrawTimer = setTimeout(draw, next - now + 10);
}

/** The median update-to-drawn, small in the table's centre (only once there is one). */
function showLag() {
  const lag = frames.drawLag;
  if (lag === undefined) return;
  // TRANSLATORS: the time from an update arriving to the screen showing it, in milliseconds.
  const text = _("Draw lag {ms} ms", { ms: Math.round(lag * 1000) });
  if ($("lag").textContent !== text) $("lag").textContent = text;
  $("lag").hidden = false;
}

// When the press happened, in s. event.timeStamp is on performance.now()'s clock in Chromium
// (and today's Firefox and Safari) and is when the input came in, before a busy page ran the
// handler; another clock (an old browser's epoch milliseconds) falls back to now.
function pressTime(e) {
  const now = performance.now();
  const t = e.timeStamp;
  return (typeof t === "number" && t > 0 && t <= now ? t : now) / 1000;
}

/** Acts on touch or press (pointerdown: no click delay); a keyboard's Enter or Space arrives as a click. */
function press(button, act) {
  const go = (e) => {
    if (button.disabled) return;
    const at = pressTime(e);
    button.classList.add("pressed");
    setTimeout(() => button.classList.remove("pressed"), 120);
    act(at);
  };
  button.addEventListener("pointerdown", (e) => { if (e.button === 0) { e.preventDefault(); go(e); } });
  button.addEventListener("click", (e) => { if (e.detail === 0) go(e); });
}

press($("turn-over"), () => { seat?.intent("turnOver", view.me); });
press($("snap"), (pressed) => {
  // What the player saw and when they pressed, for the host's fair race (all three or none).
  const call = frames.call(pressed);
  if (seat?.intent("snap", view.me, call || undefined)) {
    // The caller's own bubble shows at once, as on the desktop; the verdict comes from the host.
    mark(view.me, "bubbleUntil", BUBBLE_MS);
    draw();
  }
});
press($("deal"), () => { seat?.intent("nextRound"); });

$("join-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const code = $("code").value.trim().toUpperCase();
  const name = $("name").value.trim();
  if (!code) { sayOnJoin(() => _("Type the join code shown on the table.")); $("code").focus(); return; }
  if (!name) { sayOnJoin(() => _("Type your name.")); $("name").focus(); return; }
  const mem = saved.read();
  const token = mem.host === location.host && mem.code === code && mem.token ? mem.token : null;
  join({ code, name, token });
});

$("notice-again").addEventListener("click", () => {
  const mem = saved.read();
  showJoin(null);
  if (mem.name) $("name").value = mem.name;
  if (mem.code) $("code").value = mem.code;
});

// A locked phone or lost Wi-Fi: dial again as soon as the page is back.
document.addEventListener("visibilitychange", () => { if (!document.hidden) seat?.nudge(); });
addEventListener("online", () => seat?.nudge());

// A reload (or a return to the page) takes the seat back at once with the kept token.
if (memory.token && memory.name && memory.host === location.host && memory.code && (!urlCode || urlCode === memory.code)) {
  join({ code: memory.code, name: memory.name, token: memory.token });
} else if (!urlCode) {
  $("code").focus();
} else {
  $("name").focus();
}
