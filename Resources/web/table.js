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
export const KNOWN_GAMES = ["snap", "snapPool", "slapjack", "ratscrew"];

/** The house rules this page knows, each with its default (a rule left at it goes unsaid). */
export const KNOWN_RULES = { colour: false, sandwich: true, "slap-back-in": true, "top-and-bottom": false, marriage: false };

/** A game this page cannot show: a `kind` it does not know, or a rule it does not know turned on. */
export function unknownGame(state) {
  if (!state) return false;
  if (state.kind && !KNOWN_GAMES.includes(state.kind)) return true;
  return Object.entries(state.rules || {}).some(([name, on]) => on === true && !Object.hasOwn(KNOWN_RULES, name));
}

/** Slapjack and Egyptian Ratscrew: every card goes onto one pile in the centre, which is slapped. */
export function centreGame(state) { return state?.kind === "slapjack" || state?.kind === "ratscrew"; }

/** The big button's word, and the call in a player's bubble: "Slap!" in the centre-pile games. */
export function callWord(state) {
  // TRANSLATORS: the call (and button) that slaps the centre pile in Slapjack and Egyptian Ratscrew.
  if (centreGame(state)) return _("Slap!");
  // TRANSLATORS: the call in a player's speech bubble; most languages keep "Snap!".
  return _("Snap!");
}

/** Egyptian Ratscrew's house rules set apart from their defaults, as the caption says them. */
const RULE_WORDS = {
  // TRANSLATORS: Egyptian Ratscrew's house rule turned off: a rank, one card, the same rank may not be slapped.
  sandwich: () => _("No sandwiches"),
  // TRANSLATORS: Egyptian Ratscrew's house rule turned off: a player with no cards is out.
  "slap-back-in": () => _("No slapping back in"),
  // TRANSLATORS: Egyptian Ratscrew's house rule: the top card of the rank of the bottom card may be slapped.
  "top-and-bottom": () => _("Slap top and bottom"),
  // TRANSLATORS: Egyptian Ratscrew's house rule: a King and a Queen together may be slapped.
  marriage: () => _("Slap marriages"),
};

/** Which game and house rules are played, as the desktop's caption words them; "" for plain Snap!. */
export function captionText(state) {
  if (!state || unknownGame(state)) return "";
  const colour = state.rules?.colour === true;
  let game;
  switch (state.kind) {
    // TRANSLATORS: the game Snap pool (Snap! with a pool of cards in the middle).
    case "snapPool": game = _("Snap pool"); break;
    // TRANSLATORS: the card game Slapjack.
    case "slapjack": game = _("Slapjack"); break;
    // TRANSLATORS: the card game Egyptian Ratscrew.
    case "ratscrew": game = _("Egyptian Ratscrew"); break;
    default:
      if (!colour) return "";
      game = "Snap!";
  }
  const rules = [];
  // TRANSLATORS: Snap!'s house rule: two top cards match on rank and colour (both red or both black).
  if (colour) rules.push(_("Match: rank and colour"));
  for (const [name, word] of Object.entries(RULE_WORDS)) {
    const on = state.rules?.[name];
    if (typeof on === "boolean" && on !== KNOWN_RULES[name]) rules.push(word());
  }
  return [game, ...rules].join(" · ");
}

/** What was slapped, as the status says it. */
const SLAP_WORDS = {
  jack: () => _("a Jack"),
  // TRANSLATORS: Egyptian Ratscrew: two cards of a rank in a row.
  double: () => _("a double"),
  // TRANSLATORS: Egyptian Ratscrew: a rank, one card, the same rank.
  sandwich: () => _("a sandwich"),
  // TRANSLATORS: Egyptian Ratscrew: the top card is the rank of the bottom card.
  topAndBottom: () => _("top and bottom"),
  // TRANSLATORS: Egyptian Ratscrew: a King and a Queen together.
  marriage: () => _("a marriage"),
};

/** The status line, as the desktop table words it. */
export function statusText(state, players, me) {
  if (!state) return _("Waiting for the first deal");
  if (unknownGame(state)) return _("A game this page does not know: update SnapTable");
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
    case "slap": {
      // TRANSLATORS: {why} is what was slapped: "a Jack", "a double", "a sandwich" ...
      const why = SLAP_WORDS[s.reason]?.() || s.reason || "";
      return mine ? _n("Slap! You take {n} card: {why}", "Slap! You take {n} cards: {why}", n, { why })
        : _n("Slap! {name} takes {n} card: {why}", "Slap! {name} takes {n} cards: {why}", n, { name, why });
    }
    case "wrongSlap":
      // TRANSLATORS: a wrong slap by a player with no card to pay for it.
      if (s.count === 0) return mine ? _("You slapped wrongly with no card to pay") : _("{name} slapped wrongly with no card to pay", { name });
      if (s.with) {
        const other = s.with === me ? _("you") : nameOf(players, s.with);
        // TRANSLATORS: Slapjack: a wrong slap pays the slapper's top card to whoever played the card slapped.
        return mine ? _("You slapped wrongly: a card to {other}", { other }) : _("{name} slapped wrongly: a card to {other}", { name, other });
      }
      // TRANSLATORS: Egyptian Ratscrew: a wrong slap puts the slapper's top card face down under the centre pile.
      return mine ? _("You slapped wrongly and burn a card") : _("{name} slapped wrongly and burns a card", { name });
    case "lateSlap": return mine ? _("You slapped too late") : _("{name} slapped too late", { name });
    case "challenge":
      // TRANSLATORS: Egyptian Ratscrew's challenge: {n} is how many cards are left to find a face card or an Ace.
      return mine ? _n("You must play a face card: {n} left", "You must play a face card: {n} left", n)
        : _n("{name} must play a face card: {n} left", "{name} must play a face card: {n} left", n, { name });
    case "collecting": return mine ? _("You win the challenge") : _("{name} wins the challenge", { name });
    // TRANSLATORS: nobody else holds a card to play on the centre pile: it goes to {name}.
    case "takingBack": return mine ? _("Nobody else can play: the pile goes to you") : _("Nobody else can play: the pile goes to {name}", { name });
    case "pileTaken":
      return mine ? _n("You take the pile: {n} card", "You take the pile: {n} cards", n)
        : _n("{name} takes the pile: {n} card", "{name} takes the pile: {n} cards", n, { name });
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
  const known = !unknownGame(state);
  const centre = known && centreGame(state);
  drawPool(root.querySelector("#pool"), known ? state : null);
  drawCentre(root.querySelector("#centre"), centre ? state : null, players, me);
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
    // Egyptian Ratscrew: the player who must answer a challenge, with the cards they have left.
    const challenged = centre && state.challenge?.player === who.id;
    if (challenged) section.dataset.challenge = String(state.challenge.left); else delete section.dataset.challenge;
    const label = who.id === me ? _("You, {name}", { name: who.name }) : who.name;
    section.setAttribute("aria-label", label);

    const plate = el("div", "plate");
    plate.append(el("span", "name", who.name));
    const kind = { computer: () => _("(computer)"), away: () => _("(away)"), free: () => _("(free seat)") }[who.kind]?.();
    if (kind) plate.append(el("span", "kind", kind));
    const won = g ? g.gamesWon : 0;
    // TRANSLATORS: the badge of games a player has won: "0 Won", "1 Won", "3 Won".
    plate.append(el("span", "won", _n("{n} Won", "{n} Won", won)));
    // TRANSLATORS: Egyptian Ratscrew: by the challenged player's name, the cards they have left to find a face card.
    if (challenged) plate.append(el("span", "left", _n("{n} left", "{n} left", state.challenge.left)));
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
      // Slapjack and Egyptian Ratscrew play everything to the centre: no open pile to show.
      if (centre) piles.append(cp); else piles.append(cp, op);
      section.append(piles);
    }

    const m = marks.get(who.id) || {};
    if ((m.bubbleUntil || 0) > now) section.append(el("div", "mark bubble", callWord(state)));
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

/**
 * Slapjack's and Egyptian Ratscrew's centre pile, under the status: the top card face up with
 * the pile's count; in Egyptian Ratscrew the two face-up cards under it spread beside it, so
 * doubles and sandwiches can be read; the burned cards (face down at the bottom) counted.
 * Hidden in the other games. Its data- attributes say what it shows, and what the host says a
 * slap would take it for (`data-slap`, never drawn: spotting it is the game).
 */
function drawCentre(box, state, players, me) {
  if (!box) return;
  const c = state?.centre;
  box.hidden = !c;
  box.replaceChildren();
  for (const k of ["count", "burned", "top", "under", "slap", "topBy", "collecting"]) delete box.dataset[k];
  if (!c) { box.removeAttribute("aria-label"); return; }
  const cards = c.cards || [];
  const burned = Math.min(c.burned || 0, cards.length);
  const up = cards.slice(burned);
  const spread = state.kind === "ratscrew" ? 3 : 1;
  const showing = up.slice(-spread); // bottom first
  const top = up.length ? up[up.length - 1] : "";
  Object.assign(box.dataset, {
    count: String(cards.length), burned: String(burned), top, under: showing.slice(0, -1).reverse().join(","),
    slap: c.slap || "", topBy: c.topBy || "", collecting: c.collecting || "",
  });
  box.dataset.spread = String(showing.length);
  const pile = el("div", "centre-cards");
  // Burned cards: a face-down card peeking out from under the pile (all of it when nothing is face up).
  if (burned) pile.append(el("div", showing.length ? "card back sunk" : "card back"));
  else if (showing.length === 0) pile.append(el("div", "place"));
  showing.forEach((card, i) => {
    const f = faceCard(card);
    f.classList.add(`at${showing.length - 1 - i}`); // at0 the top card
    pile.append(f);
  });
  if (cards.length) pile.append(el("span", "count", String(cards.length)));
  box.append(pile);
  if (burned) {
    // TRANSLATORS: cards burned by wrong slaps, face down at the bottom of the centre pile.
    box.append(el("p", "burned", _n("{n} burned", "{n} burned", burned)));
  }
  let label;
  if (!cards.length) label = _("The centre pile is empty");
  else if (!top) label = _n("The centre pile: {n} card face down", "The centre pile: {n} cards face down", cards.length);
  else {
    // TRANSLATORS: the centre pile for a screen reader: "queen of hearts on top of 12 cards, played by Ben".
    label = _n("The centre pile: {card} on top of {n} card", "The centre pile: {card} on top of {n} cards", cards.length, { card: cardName(top) });
    const under = showing.slice(0, -1).reverse().map(cardName);
    // TRANSLATORS: Egyptian Ratscrew: the face-up cards under the centre pile's top card, nearest first.
    if (under.length) label += ". " + _("Under it: {cards}", { cards: under.join(", ") });
    if (c.topBy) label += ". " + (c.topBy === me ? _("Played by you") : _("Played by {name}", { name: nameOf(players, c.topBy) }));
  }
  if (burned) label += ". " + _n("{n} burned", "{n} burned", burned);
  box.setAttribute("aria-label", label);
}

/** The next moment a mark runs out (to redraw then), or null. */
export function nextExpiry(marks, now) {
  let next = null;
  for (const m of marks.values()) {
    for (const t of Object.values(m)) if (t > now && (next === null || t < next)) next = t;
  }
  return next;
}
