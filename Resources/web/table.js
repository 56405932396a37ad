// Draws the host's state on the phone: the table turned so this player sits at the bottom
// (position = (seat - mine + 4) mod 4 clockwise: 0 bottom, 1 left, 2 top, 3 right). What is
// shown is also in data- attributes (counts, top cards, whose turn), for tests and tools.
import { _, _n } from "./i18n.js";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
// Names for a screen reader, read when drawn (in the language shown then).
const SUIT_NAMES = { S: () => _("spades"), H: () => _("hearts"), D: () => _("diamonds"), C: () => _("clubs") };
const RANK_NAMES = { A: () => _("ace"), J: () => _("jack"), Q: () => _("queen"), K: () => _("king") };
export const BUBBLE_MS = 1500;
export const VERDICT_MS = 1600;

export function position(seat, mine) { return (((seat - mine) % 4) + 4) % 4; }

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function cardName(card) {
  const rank = card.slice(0, -1), suit = card.slice(-1);
  // TRANSLATORS: a card for a screen reader: "queen of hearts", "7 of clubs".
  return _("{rank} of {suit}", { rank: RANK_NAMES[rank]?.() || rank, suit: SUIT_NAMES[suit]?.() || suit });
}

function faceCard(card) {
  const suit = card.slice(-1);
  const c = el("div", `card face${suit === "H" || suit === "D" ? " red" : ""}`);
  c.append(el("span", "rank", card.slice(0, -1)), el("span", "suit", SUITS[suit] || suit));
  c.setAttribute("aria-hidden", "true");
  return c;
}

/** Names for ids, from the latest `ready`. */
export function nameOf(players, id) {
  const p = players.find((q) => q.id === id);
  return p ? p.name : id;
}

/** The games this page can show (the state's `kind`; absent: Snap!). */
export const KNOWN_GAMES = ["snap", "snapPool"];

/** Which game and house rule are played, as the desktop's caption words them; "" for plain Snap!. */
export function captionText(state) {
  if (!state || (state.kind && !KNOWN_GAMES.includes(state.kind))) return "";
  const pool = state.kind === "snapPool";
  const colour = state.rules?.colour === true;
  if (!pool && !colour) return "";
  // TRANSLATORS: the game Snap pool (Snap! with a pool of cards in the middle).
  const game = pool ? _("Snap pool") : "Snap!";
  // TRANSLATORS: Snap!'s house rule: two top cards match on rank and colour (both red or both black).
  return colour ? `${game} · ${_("Match: rank and colour")}` : game;
}

/** The status line, as the desktop table words it. */
export function statusText(state, players, me) {
  if (!state) return _("Waiting for the first deal");
  if (state.kind && !KNOWN_GAMES.includes(state.kind)) return _("A game this page does not know: update SnapTable");
  if (state.pausedAt !== null && state.pausedAt !== undefined) return _("Paused");
  const s = state.status || {};
  const mine = s.player === me;
  const name = nameOf(players, s.player);
  const n = s.count ?? 0;
  switch (s.kind) {
    case "dealing": return _("Dealing round {n}", { n: s.count ?? state.round });
    case "turn": return mine ? _("Your turn") : _("{name}'s turn", { name });
    case "snap":
      // TRANSLATORS: "Snap!" is the call itself; most languages keep it as it is.
      return mine ? _n("Snap! You take {n} card", "Snap! You take {n} cards", n)
        : _n("Snap! {name} takes {n} card", "Snap! {name} takes {n} cards", n, { name });
    case "wrongCall":
      return mine ? _n("Wrong! You pay {n} card", "Wrong! You pay {n} cards", n)
        : _n("Wrong! {name} pays {n} card", "Wrong! {name} pays {n} cards", n, { name });
    case "pooled":
      // TRANSLATORS: Snap pool: a wrong call put the caller's face-up pile in the pool.
      return mine ? _n("Wrong! {n} card to the pool", "Wrong! {n} cards to the pool", n)
        : _n("Wrong! {name}: {n} card to the pool", "Wrong! {name}: {n} cards to the pool", n, { name });
    case "tie":
      // TRANSLATORS: Snap pool: two players called at the same moment; both face-up piles went to the pool.
      return _n("{a} and {b} together: {n} card to the pool", "{a} and {b} together: {n} cards to the pool", n,
        { a: mine ? _("You") : name, b: s.with === me ? _("you") : nameOf(players, s.with) });
    case "late": return mine ? _("You were too late") : _("{name} was too late", { name });
    case "roundWon": return mine ? _("You win the round!") : _("{name} wins the round!", { name });
    default: return "";
  }
}

/**
 * Redraws the four seats. `view` = {state, players, me, mySeat, marks}; marks maps a player id
 * to {bubbleUntil, smileyUntil, wrongUntil, lateUntil} in performance.now() milliseconds.
 */
export function drawTable(root, view, now) {
  const { state, players, me, mySeat, marks } = view;
  const byID = new Map((state?.players || []).map((p) => [p.id, p]));
  root.dataset.phase = state ? state.phase : "start";
  root.dataset.turn = state?.active || "";
  root.dataset.round = state ? String(state.round) : "0";
  root.dataset.game = state?.kind || "snap";
  drawPool(root.querySelector("#pool"), state);
  for (const section of root.querySelectorAll(".seat")) {
    const pos = Number(section.dataset.pos);
    const seat = (mySeat + pos) % 4;
    const who = players.find((p) => p.seat === seat);
    section.replaceChildren();
    if (!who) { section.dataset.kind = "none"; delete section.dataset.player; section.removeAttribute("aria-label"); continue; }
    const g = byID.get(who.id);
    const closed = g ? g.closed.length : 0, open = g ? g.open.length : 0;
    const top = open > 0 ? g.open[open - 1] : "";
    Object.assign(section.dataset, {
      player: who.id, kind: who.kind, closed: String(closed), open: String(open), top,
      won: String(g ? g.gamesWon : 0), out: String(!!g?.out), turn: String(state?.active === who.id),
    });
    const label = who.id === me ? _("You, {name}", { name: who.name }) : who.name;
    section.setAttribute("aria-label", label);

    const plate = el("div", "plate");
    plate.append(el("span", "name", who.name));
    const kind = { computer: () => _("(computer)"), away: () => _("(away)"), free: () => _("(free seat)") }[who.kind]?.();
    if (kind) plate.append(el("span", "kind", kind));
    const won = g ? g.gamesWon : 0;
    // TRANSLATORS: the badge of games a player has won: "0 Won", "1 Won", "3 Won".
    plate.append(el("span", "won", _n("{n} Won", "{n} Won", won)));
    section.append(plate);

    if (state) {
      const piles = el("div", "piles");
      const cp = el("div", "pile closed");
      cp.setAttribute("role", "img");
      cp.setAttribute("aria-label", _n("{n} card face down", "{n} cards face down", closed));
      if (closed > 0) cp.append(el("div", "card back"), el("span", "count", String(closed)));
      const op = el("div", "pile open");
      op.setAttribute("role", "img");
      op.setAttribute("aria-label", open > 0
        ? _n("{card} on top of {n} open card", "{card} on top of {n} open cards", open, { card: cardName(top) })
        : _("no open cards"));
      if (open > 0) op.append(faceCard(top), el("span", "count", String(open)));
      piles.append(cp, op);
      section.append(piles);
    }

    const m = marks.get(who.id) || {};
    // TRANSLATORS: the call in a player's speech bubble; most languages keep "Snap!".
    if ((m.bubbleUntil || 0) > now) section.append(el("div", "mark bubble", _("Snap!")));
    if ((m.smileyUntil || 0) > now) { const s = el("div", "mark smiley", "☺"); s.setAttribute("role", "img"); s.setAttribute("aria-label", _("right call")); section.append(s); }
    if ((m.wrongUntil || 0) > now) { const s = el("div", "mark wrong", "✕"); s.setAttribute("role", "img"); s.setAttribute("aria-label", _("wrong call")); section.append(s); }
    if ((m.lateUntil || 0) > now) section.append(el("div", "mark late", _("Too late")));
    // TRANSLATORS: stamped over a player who has no cards left and is out of the round.
    if (g?.out) section.append(el("div", "mark out", _("Out")));
  }
}

/** Snap pool's pool in the middle: its top card face up and the count (hidden in Snap!). */
function drawPool(pool, state) {
  if (!pool) return;
  const cards = state?.pool || [];
  pool.hidden = cards.length === 0;
  pool.replaceChildren();
  pool.dataset.count = String(cards.length);
  if (cards.length === 0) { pool.removeAttribute("aria-label"); return; }
  const top = cards[cards.length - 1];
  pool.dataset.top = top;
  pool.setAttribute("aria-label", _n("The pool: {card} on top of {n} card", "The pool: {card} on top of {n} cards", cards.length, { card: cardName(top) }));
  pool.append(faceCard(top), el("span", "count", String(cards.length)));
}

/** The next moment a mark runs out (to redraw then), or null. */
export function nextExpiry(marks, now) {
  let next = null;
  for (const m of marks.values()) {
    for (const t of Object.values(m)) if (t > now && (next === null || t < next)) next = t;
  }
  return next;
}
