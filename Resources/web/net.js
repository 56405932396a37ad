// One seat's connection to the host (protocol 1, docs/protocol.md): hello, the host's messages,
// pong, intents, and dialling back with the token after a drop (1, 2, 4, then every 5 s for up
// to 110 s, as snap-table clients do). The host decides everything; this only carries messages.
// Pongs carry this page's clock (docs/protocol.md, "Fair races"): seconds on performance.now().

const RETRY_DELAYS = [1, 2, 4];
const RETRY_EVERY = 5;
const RETRY_FOR = 110;

export class Seat {
  /**
   * `on` receives {type: "welcome"|"ready"|"update"|"error"|"refusal"|"hostLeft"|"lost"|"unreachable"|"reconnecting", ...}
   * and, for the host's messages, when they were handled (seconds). `drawLag` gives the pong's
   * drawLag, or undefined.
   */
  constructor({ code, name, token, on, drawLag }) {
    this.code = code;
    this.name = name;
    this.token = token || null;
    this.on = on;
    this.drawLag = drawLag || (() => undefined);
    this.ws = null;
    this.welcomed = false;
    this.ended = false;
    this.hostLeaving = false;
    this.droppedAt = null;
    this.tries = 0;
    this.timer = null;
    this.nextID = 1;
  }

  open() {
    clearTimeout(this.timer);
    this.timer = null;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/`);
    this.ws = ws;
    let welcomedHere = false;
    ws.onopen = () => {
      const hello = { type: "hello", protocol: 1, code: this.code, name: this.name };
      if (this.token) hello.token = this.token;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e) => {
      // When the message was handled: a ping's `received`, the start of an update's update-to-drawn.
      const received = performance.now() / 1000;
      let m;
      try { m = JSON.parse(e.data); } catch { return; }
      switch (m.type) {
        case "welcome":
          welcomedHere = true;
          this.welcomed = true;
          this.droppedAt = null;
          this.tries = 0;
          this.token = m.token;
          this.on({ type: "welcome", playerID: m.playerID, token: m.token, seat: m.seat });
          break;
        case "ping":
          this.pong(ws, m.ping, received);
          break;
        case "refusal":
          // Busy while dialling back: nothing is wrong with us, the next try comes as planned.
          if (m.reason === "busy" && this.welcomed) break;
          this.ended = true;
          this.on({ type: "refusal", reason: m.reason, message: m.message });
          break;
        case "hostLeaving":
          this.hostLeaving = true;
          this.ended = true;
          this.on({ type: "hostLeft" });
          break;
        case "ready": case "update": case "error":
          this.on(m, received);
          break;
      }
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.ended) return;
      if (!this.welcomed) { this.ended = true; this.on({ type: "unreachable" }); return; }
      this.retry(welcomedHere);
    };
  }

  /** Answers a ping at once, with when it came in and when the answer left (just before send). */
  pong(ws, ping, received) {
    const m = { type: "pong", ping, received };
    const lag = this.drawLag();
    if (lag !== undefined) m.drawLag = lag;
    m.sent = performance.now() / 1000;
    ws.send(JSON.stringify(m));
  }

  /** Dials back after a drop; gives up (and says so) after RETRY_FOR seconds. */
  retry(justDropped) {
    const now = performance.now() / 1000;
    if (justDropped || this.droppedAt === null) { this.droppedAt = now; this.tries = 0; }
    if (now - this.droppedAt > RETRY_FOR) { this.ended = true; this.on({ type: "lost" }); return; }
    const wait = this.tries < RETRY_DELAYS.length ? RETRY_DELAYS[this.tries] : RETRY_EVERY;
    this.tries += 1;
    this.on({ type: "reconnecting", in: wait });
    this.timer = setTimeout(() => this.open(), wait * 1000);
  }

  /** The phone woke up or the network came back: dial now rather than at the next try. */
  nudge() {
    if (this.ended || this.ws || this.timer === null) return;
    this.open();
  }

  get connected() { return this.ws !== null && this.ws.readyState === WebSocket.OPEN && this.welcomed; }

  /** Sends an intent (with `extra` fields: a snap's seen, drawn, pressed); false when there is no connection to send it on. */
  intent(intent, player, extra) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    const m = { type: "intent", intent, id: this.nextID++, ...extra };
    if (player) m.player = player;
    this.ws.send(JSON.stringify(m));
    return true;
  }

  close() {
    this.ended = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
    this.ws = null;
  }
}
