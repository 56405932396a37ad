// Draws the host's state on the phone: the table turned so this player sits at the bottom
// (position = (seat - mine + 4) mod 4 clockwise: 0 bottom, 1 left, 2 top, 3 right). What is
// shown is also in data- attributes (counts, top cards, whose turn), for tests and tools.

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAMES = { A: "ace", J: "jack", Q: "queen", K: "king" };
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
  return `${RANK_NAMES[rank] || rank} of ${SUIT_NAMES[suit] || suit}`;
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

/** The status line, as the desktop table words it. */
export function statusText(state, players, me) {
  if (!state) return "Waiting for the first deal";
  if (state.pausedAt !== null && state.pausedAt !== undefined) return "Paused";
  const s = state.status || {};
  const who = (id) => (id === me ? "You" : nameOf(players, id));
  switch (s.kind) {
    case "dealing": return `Dealing round ${s.count ?? state.round}`;
    case "turn": return s.player === me ? "Your turn" : `${nameOf(players, s.player)}'s turn`;
    case "snap": return `Snap! ${who(s.player)} ${s.player === me ? "take" : "takes"} ${s.count} cards`;
    case "wrongCall": return `Wrong! ${who(s.player)} ${s.player === me ? "pay" : "pays"} ${s.count} cards`;
    case "late": return `Too late, ${who(s.player)}`;
    case "roundWon": return s.player === me ? "You win the round!" : `${nameOf(players, s.player)} wins the round!`;
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
    const label = who.id === me ? `You, ${who.name}` : who.name;
    section.setAttribute("aria-label", label);

    const plate = el("div", "plate");
    plate.append(el("span", "name", who.name));
    const kind = { computer: "(computer)", away: "(away)", free: "(free seat)" }[who.kind];
    if (kind) plate.append(el("span", "kind", kind));
    plate.append(el("span", "won", `${g ? g.gamesWon : 0} Won`));
    section.append(plate);

    if (state) {
      const piles = el("div", "piles");
      const cp = el("div", "pile closed");
      cp.setAttribute("role", "img");
      cp.setAttribute("aria-label", `${closed} cards face down`);
      if (closed > 0) cp.append(el("div", "card back"), el("span", "count", String(closed)));
      const op = el("div", "pile open");
      op.setAttribute("role", "img");
      op.setAttribute("aria-label", open > 0 ? `${cardName(top)} on top of ${open} open cards` : "no open cards");
      if (open > 0) op.append(faceCard(top), el("span", "count", String(open)));
      piles.append(cp, op);
      section.append(piles);
    }

    const m = marks.get(who.id) || {};
    if ((m.bubbleUntil || 0) > now) section.append(el("div", "mark bubble", "Snap!"));
    if ((m.smileyUntil || 0) > now) { const s = el("div", "mark smiley", "☺"); s.setAttribute("role", "img"); s.setAttribute("aria-label", "right"); section.append(s); }
    if ((m.wrongUntil || 0) > now) { const s = el("div", "mark wrong", "✕"); s.setAttribute("role", "img"); s.setAttribute("aria-label", "wrong"); section.append(s); }
    if ((m.lateUntil || 0) > now) section.append(el("div", "mark late", "Too late"));
    if (g?.out) section.append(el("div", "mark out", "Out"));
  }
}

/** The next moment a mark runs out (to redraw then), or null. */
export function nextExpiry(marks, now) {
  let next = null;
  for (const m of marks.values()) {
    for (const t of Object.values(m)) if (t > now && (next === null || t < next)) next = t;
  }
  return next;
}
