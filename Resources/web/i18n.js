// The page's words in the player's language. The catalogs are made from po/LL.po when building
// (scripts/po/po-json.py) and fetched from lang/: lang/index.json lists them, lang/LL.json holds
// one. English, the msgids themselves, when the browser asks for none of them or one is broken.
// Text a player reads is marked _("...") or _n("1 card", "{n} cards", n) for xgettext, with
// named placeholders ("{name}") filled from `args`; the page's static text is marked data-i18n
// (its text) and data-i18n-attrs (attributes holding text) for scripts/po/extract-html.py.

const CHOICE = "snaptable-language";

// Plural-Forms as po-json.py writes them (spaces and outer brackets gone). The page may not
// eval (no 'unsafe-eval' in its CSP), so each expression it knows is a function here; po-json.py
// refuses a catalog with any other.
const PLURALS = {
  "0": () => 0,
  "n!=1": (n) => (n !== 1 ? 1 : 0),
  "n>1": (n) => (n > 1 ? 1 : 0),
};

let current = null; // {code, plural, messages: Map}, null for English
let codes = [];     // catalog codes from lang/index.json ("fr", "pt_BR")
let asked = 0;      // the latest language asked for: an older answer arriving late is dropped
const listeners = [];
const originals = new WeakMap(); // element -> its English {text, attrs}, read once from the HTML

/** `text` with each {key} of `args` filled in (an unknown key stays as it is). */
export function format(text, args) {
  if (!args) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (Object.hasOwn(args, key) ? String(args[key]) : whole));
}

/** The translation of `msgid`, placeholders filled from `args`. */
export function _(msgid, args) {
  const t = current?.messages.get(msgid);
  return format(typeof t === "string" && t ? t : msgid, args);
}

/** The form of `singular`/`plural` for the count `n`, with {n} and `args` filled in. */
export function _n(singular, plural, n, args) {
  const forms = current?.messages.get(singular);
  let t = Array.isArray(forms) ? forms[current.plural(n)] : undefined;
  if (typeof t !== "string" || !t) t = n === 1 ? singular : plural;
  return format(t, { n, ...args });
}

/** BCP 47 for a catalog's code: "pt_BR" -> "pt-BR". */
export function tagOf(code) { return code.replace("_", "-"); }

/** The language shown now: "en" or a catalog's code. */
export function language() { return current ? current.code : "en"; }

/** "en" and every catalog's code, for the language switch. */
export function languages() { return ["en", ...codes]; }

/** A language's own name for itself ("Deutsch"), or its code where the browser cannot say. */
export function nativeName(code) {
  const tag = tagOf(code);
  try {
    const name = new Intl.DisplayNames([tag], { type: "language" }).of(tag);
    if (name) return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch { /* an old browser, or a code it does not know */ }
  return code;
}

/** Calls `f` after each change of language. */
export function onChange(f) { listeners.push(f); }

/**
 * The first of the browser's languages (`wanted`, most wanted first) there is a catalog for:
 * the same tag ("pt-BR" for pt_BR), else the same language ("fr-CA" for fr, "pt-PT" for pt_BR);
 * "en" when English comes first or nothing matches.
 */
export function pick(wanted, available) {
  const tags = available.map((c) => ({ code: c, tag: tagOf(c).toLowerCase() }));
  for (const w of wanted) {
    const tag = String(w).toLowerCase();
    const base = tag.split("-")[0];
    const found = tags.find((t) => t.tag === tag) || (base === "en" ? { code: "en" } : null)
      || tags.find((t) => t.tag === base) || tags.find((t) => t.tag.split("-")[0] === base);
    if (found) return found.code;
  }
  return "en";
}

/** Reads the list of catalogs and shows the remembered language, else the browser's. */
export async function start() {
  try {
    const index = await fetchJSON("lang/index.json");
    if (!Array.isArray(index.languages)) throw new Error("it has no list of languages");
    codes = index.languages.map((l) => l.code).filter((c) => typeof c === "string" && /^[a-z]{2,3}(_[A-Z]{2})?$/.test(c));
  } catch (e) {
    console.warn(`SnapTable: no language list (lang/index.json: ${e.message}); the page stays in English. Run scripts/po/build to make the catalogs.`);
    codes = [];
  }
  const kept = remembered();
  const code = kept === "en" || codes.includes(kept) ? kept : pick(navigator.languages || [navigator.language || "en"], codes);
  await use(code);
}

/** The language the player chose on the switch, remembered for their next visit. */
export async function choose(code) {
  try { localStorage.setItem(CHOICE, code); } catch { /* private mode: no memory */ }
  await use(code);
}

function remembered() {
  try { return localStorage.getItem(CHOICE); } catch { return null; }
}

async function use(code) {
  const ask = ++asked;
  let next = null;
  if (code !== "en") {
    try {
      next = catalog(code, await fetchJSON(`lang/${code}.json`));
    } catch (e) {
      console.warn(`SnapTable: the ${code} catalog (lang/${code}.json) cannot be used (${e.message}); showing English.`);
    }
  }
  if (ask !== asked) return;
  current = next;
  document.documentElement.lang = current ? tagOf(current.code) : "en";
  translatePage();
  for (const f of listeners) f();
}

async function fetchJSON(path) {
  const r = await fetch(path);
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  return r.json();
}

/** A catalog as po-json.py writes it, checked: a known plural and only strings in its messages. */
function catalog(code, json) {
  const plural = PLURALS[json?.plural];
  if (!Object.hasOwn(PLURALS, json?.plural)) throw new Error(`unknown plural ${JSON.stringify(json?.plural)}`);
  if (!json.messages || typeof json.messages !== "object") throw new Error("no messages");
  const messages = new Map();
  for (const [id, t] of Object.entries(json.messages)) {
    if (typeof t === "string" || (Array.isArray(t) && t.every((f) => typeof f === "string"))) messages.set(id, t);
  }
  return { code, plural, messages };
}

/** The static text of the page (data-i18n, data-i18n-attrs) in the language shown. */
export function translatePage(root = document) {
  for (const e of root.querySelectorAll("[data-i18n], [data-i18n-attrs]")) {
    let o = originals.get(e);
    if (!o) {
      const names = (e.dataset.i18nAttrs || "").split(/\s+/).filter(Boolean);
      o = {
        text: e.hasAttribute("data-i18n") ? e.textContent.trim().replace(/\s+/g, " ") : null,
        attrs: names.map((n) => [n, (e.getAttribute(n) || "").trim().replace(/\s+/g, " ")]),
      };
      originals.set(e, o);
    }
    if (o.text !== null) e.textContent = _(o.text);
    for (const [name, text] of o.attrs) e.setAttribute(name, _(text));
  }
}
