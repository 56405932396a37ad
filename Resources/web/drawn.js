// When each update from the host was drawn, for fair races (docs/protocol.md, "Fair races"):
// update-to-drawn lags (the pong's drawLag), and for a Snap! which update first showed the match
// the player called on (`seen`), when that was drawn (`drawn`). Times are seconds on the
// performance clock (performance.now() / 1000), the clock the page's pongs report.

const KEEP_LAGS = 64;    // what window.snapTable shows
const LAG_MEDIAN_OF = 16; // the pong's drawLag
const KEEP_FRAMES = 16;   // frames remembered to find what was on screen at a press (~0.25 s at 60 Hz)
const MAX_PENDING = 256;  // updates waiting for a frame (a hidden page draws none)

/** What two top cards must share to match: the rank, and under the colour house rule the colour. */
function matchKey(card, colour) {
  const rank = card.slice(0, -1);
  return colour ? rank + ("HD".includes(card.slice(-1)) ? "r" : "b") : rank;
}

/** Pairs of players still in whose open tops match (same rank; with the colour house rule the
 * same colour too), as keys "Ann:7H|Ben:7S"; in Snap pool a top matching the pool's as "Ann:7H|pool:7S";
 * in Slapjack and Egyptian Ratscrew a centre pile the host says may be slapped (`centre.slap`: the
 * page never judges the house rules itself) as "centre:COUNT:TOP", once per card played on it.
 * Keyed as the host's NetGameState.matchPairs keys them; none unless playing. */
export function matchPairs(state) {
  if (state?.phase !== "playing") return [];
  const colour = state?.rules?.colour === true;
  const tops = (state?.players || [])
    .filter((p) => !p.out && p.open.length > 0)
    .map((p) => ({ id: p.id, card: p.open[p.open.length - 1] }));
  const pairs = [];
  for (let i = 0; i < tops.length; i++) {
    for (let j = i + 1; j < tops.length; j++) {
      if (matchKey(tops[i].card, colour) === matchKey(tops[j].card, colour)) {
        pairs.push(`${tops[i].id}:${tops[i].card}|${tops[j].id}:${tops[j].card}`);
      }
    }
  }
  // Snap pool: an open top matching the pool's top card is a match too.
  const pool = state?.pool || [];
  if (pool.length > 0) {
    const top = pool[pool.length - 1];
    for (const t of tops) if (matchKey(t.card, colour) === matchKey(top, colour)) pairs.push(`${t.id}:${t.card}|pool:${top}`);
  }
  const centre = state?.centre;
  if (centre?.slap && centre.cards?.length > 0) pairs.push(`centre:${centre.cards.length}:${centre.cards[centre.cards.length - 1]}`);
  return pairs;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
}

export class Frames {
  constructor() {
    this.onDrawn = null; // called after each frame that drew updates
    this.reset();
  }

  /** A new seat: nothing drawn yet. */
  reset() {
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
    this.pending = [];          // applied to the DOM, not yet in a frame: {seq, received, pairs}
    this.lags = [];             // drawn - received, the last KEEP_LAGS
    this.lastDrawn = null;      // {seq, drawn}
    this.seen = null;           // {seq, drawn}
    this.showing = new Map();   // match pair -> {seq, drawn} of the first update that showed it
    this.frames = [];           // {at, seen}: what each recent frame showed, for a press between frames
  }

  /** Update `seq` (its message handled at `received`) has just been applied to the DOM. */
  applied(seq, received, state) {
    if (this.pending.length >= MAX_PENDING) this.pending.shift();
    this.pending.push({ seq, received, pairs: matchPairs(state) });
    if (!this.raf) this.raf = requestAnimationFrame(() => this.frame());
  }

  // "Drawn" is the first animation frame after the DOM change: that frame's rendering (style,
  // layout, paint) follows its rAF callbacks, so it is the first to show the update, presented
  // at most a vsync later. We take performance.now() in the callback, not the callback's
  // timestamp argument: Chromium's argument is the frame's vsync time, which can come before a
  // message handled late in that frame, and drawn must never come before received.
  frame() {
    this.raf = 0;
    const drawn = performance.now() / 1000;
    // Updates handled in one frame all show in it, the earliest one's changes included.
    for (const u of this.pending) {
      this.lags.push(drawn - u.received);
      const showing = new Map();
      for (const p of u.pairs) showing.set(p, this.showing.get(p) || { seq: u.seq, drawn });
      this.showing = showing;
      this.lastDrawn = { seq: u.seq, drawn };
    }
    this.pending = [];
    if (this.lags.length > KEEP_LAGS) this.lags.splice(0, this.lags.length - KEEP_LAGS);
    // The match that has shown longest (a third card of the rank keeps it), else the last update.
    let seen = this.lastDrawn;
    for (const s of this.showing.values()) if (s.seq < seen.seq) seen = s;
    this.seen = seen;
    this.frames.push({ at: drawn, seen });
    if (this.frames.length > KEEP_FRAMES) this.frames.shift();
    this.onDrawn?.();
  }

  /** The pong's drawLag: the median of the last 16 lags, or undefined before the first. */
  get drawLag() {
    return this.lags.length ? median(this.lags.slice(-LAG_MEDIAN_OF)) : undefined;
  }

  /**
   * A Snap! pressed at `pressed`: {seen, drawn, pressed} for the intent, from the frame on screen
   * at that moment (the press can be older than the last frame when the page was busy), or null
   * when nothing had been drawn by then (the protocol's all three or none).
   */
  call(pressed) {
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const f = this.frames[i];
      if (f.at <= pressed) return { seen: f.seen.seq, drawn: f.seen.drawn, pressed };
    }
    return null;
  }
}
