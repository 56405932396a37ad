#!/usr/bin/env python3
"""Text that fits, in every language: snap-table renders every screen headless (--check-text) in
English, French, German and Spanish, on the primary window and a TV's table view, and reports
any text the layout cut with "…" where it meant the whole text to show, any text wider than the
box the renderer clips it to, and any text off the canvas. The screens: main, Play here,
Settings, the join screen with the no-daemon message and with games, the address form, the
on-screen keyboard (plain and accented letters), the host screen, and a game through the start
box, dealing, turns, a wrong call, a late call, a won snap, the pause, the leave question and a
round's end.
Also: the language is chosen from LANG (de_DE.UTF-8, a locale this machine need not have), from
Settings ("language": "fr") over LANG, and from --language es over both, read from the state's
labels; a language with no catalog is English, silently; a broken catalog is English with one
notice.
Usage: python3 -m tests.text_fit [BUILD_DIR]   (default .build/debug; catalogs: scripts/po/build)
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

from snaptest.xcheck import check, failures

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/debug"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LOCALE = os.path.join(ROOT, ".build", "locale")
LANGS = ["en", "fr", "de", "es"]
out = tempfile.mkdtemp()


def tour():
    """The replay that visits every screen: menus first, then a seeded game to a round's end."""
    lines = ["0.0 display connect TV 1920 1080", "0.1 snapshot main"]
    t = 0.2

    def at(cmd):
        nonlocal t
        lines.append(f"{t:.2f} {cmd}")
        t += 0.1

    for cmd in ["choose play", "choose seat2", "choose seat2", "snapshot local",
                # Egyptian Ratscrew's house rules, the longest labels; then back to Snap!.
                "choose game", "choose game", "choose game", "snapshot local-ratscrew", "choose rules", "snapshot rules",
                "choose back", "choose game", "choose back",
                "choose settings", "snapshot settings",
                # The on-screen keyboard on the name, with its accented letters.
                "pad add 1 gamepad", "pad button 1 a down", "pad button 1 a up", "snapshot keyboard",
                "choose key-accents", "snapshot keyboard-accents", "choose key-done", "choose back",
                # No DNS-SD daemon here (the test points D-Bus nowhere): the join screen says why.
                "choose join", "snapshot join-nodaemon",
                "found Annes-Tisch 192.168.1.20:7420 2", "found Ben 192.168.1.21:7420 1", "found Cy 192.168.1.22:7420 0",
                "snapshot join-games", "choose address", "snapshot address", "choose back", "choose back",
                "choose host", "snapshot host", "choose back"]:
        at(cmd)
    # A game here: Ann (this machine) and three computer players; every phase on the way. The
    # check looks at the screen after every line, so the verdicts' tags are seen as they show.
    for cmd in ["choose play", "choose start", "snapshot start", "key enter", "snapshot dealing"]:
        at(cmd)
    t += 4
    at("snapshot turn")
    at("key escape")
    at("snapshot paused")
    at("key escape")
    for i in range(2400):              # Ann turns every 0.6 s until the round is over
        lines.append(f"{t:.2f} key enter")
        if i in (30, 90):              # Ann calls with no match: a wrong call
            lines.append(f"{t + 0.05:.2f} key s")
        if 20 <= i < 80:               # for a while Ben (seat2) calls after each turn and Cy (seat3) a moment later:
            lines.append(f"{t + 0.35:.2f} call seat2")   # Cy is too late after each snap Ben wins
            lines.append(f"{t + 0.5:.2f} call seat3")
        t += 0.6
    at("key escape")
    at("key enter")                    # the leave question
    at("snapshot leave")
    lines.append(f"{t:.2f} end")
    return "\n".join(lines) + "\n"


def run(lang, extra=(), env=None, settings=None):
    d = os.path.join(out, lang)
    os.makedirs(d, exist_ok=True)
    config = os.path.join(d, "config")
    os.makedirs(os.path.join(config, "snap-table"), exist_ok=True)
    if settings is not None:
        with open(os.path.join(config, "snap-table", "settings.json"), "w") as f:
            json.dump(settings, f)
    e = dict(os.environ, XDG_CONFIG_HOME=config, SNAPTABLE_LOCALEDIR=LOCALE,
             DBUS_SYSTEM_BUS_ADDRESS="unix:path=/nonexistent/snap-table-test")
    for k in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        e.pop(k, None)
    e.update(env or {})
    return subprocess.run([f"{BIN}/snap-table", "--menu", "--seed", "3", "--screenshot", d, *extra],
                          env=e, capture_output=True, text=True, timeout=600), d


def fits():
    counts = {}
    replay = os.path.join(out, "tour.replay")
    with open(replay, "w") as f:
        f.write(tour())
    for lang in LANGS:
        p, d = run(lang, ["--language", lang, "--replay", replay, "--check-text"], settings={"name": "Ann"})
        report = os.path.join(d, "text-check.txt")
        ran = p.returncode == 0 and os.path.exists(report)
        check(ran, f"{lang}: the tour ran (exit {p.returncode})")
        if not ran:
            print(p.stderr[-3000:])
            continue
        findings = open(report).read().splitlines()
        shots = sorted(n for n in os.listdir(d) if n.endswith(".png"))
        check(len(shots) >= 26, f"{lang}: every screen was drawn on both windows ({len(shots)} pictures)")
        state = json.load(open(os.path.join(d, "main.json")))
        check(state["menu"]["language"] == lang, f"{lang}: the menu is in {lang} (state says {state['menu']['language']})")
        check(not findings, f"{lang}: no text cut, clipped or off the canvas" +
              "".join(f"\n      {x}" for x in findings[:40]))
        seen = open(os.path.join(d, "text-seen.txt")).read().splitlines()
        counts[lang] = len(seen)
        if lang == "en":
            for text in ["Too late", "Out", "Next round", "Leave the game?", "Paused", "ÀÉÑ", "Join code"]:
                check(text in seen, f"en: the tour showed {text!r}")
            check(any(s.endswith("wins the round") for s in seen), "en: the tour reached a round's end")
            check(any("called Snap! wrongly" in s for s in seen), "en: the tour showed a wrong call")
        else:
            check(len(seen) >= counts["en"] * 0.9, f"{lang}: the tour showed as many texts as in English ({len(seen)}, {counts['en']})")
        # Plurals by each language's rule: French says 0 and 1 in the singular.
        zero = {"en": "0 Won", "fr": "0 victoire", "de": "0 Siege", "es": "0 victorias"}[lang]
        check(zero in seen, f"{lang}: the badge says {zero!r}")


def without_words(state):
    """The state with what a language changes left out: labels, titles, messages, the status
    line, the language, and names for display (an open seat is "Place 2" in French; the ids by
    them stay), and the host's code and link, new each time a game is hosted."""
    if isinstance(state, dict):
        return {k: without_words(v) for k, v in state.items()
                if k not in ("label", "title", "message", "status", "language", "name", "code", "url", "address")}
    if isinstance(state, list):
        return [without_words(v) for v in state]
    return state


def same_states():
    """The tour's snapshots give the same state in every language, apart from words."""
    shots = sorted(n for n in os.listdir(os.path.join(out, "en")) if n.endswith(".json"))
    for lang in LANGS[1:]:
        differ = [n for n in shots
                  if without_words(json.load(open(os.path.join(out, "en", n)))) != without_words(json.load(open(os.path.join(out, lang, n))))]
        check(shots and not differ, f"{lang}: the tour's {len(shots)} states are the English ones apart from words (differ: {differ[:3]})")


def labels(extra=(), env=None, settings=None, tag="x"):
    p, d = run(tag, extra, env, settings)
    try:
        s = json.load(open(os.path.join(d, "screenshot.json")))
    except (OSError, ValueError):
        print(p.stderr[-2000:])
        return None, p.stderr
    return s["menu"], p.stderr


def chosen():
    m, _ = labels(env={"LANG": "de_DE.UTF-8"}, tag="lang-de")
    check(m and m["language"] == "de" and m["items"][0]["label"] == "Hier spielen",
          f"LANG=de_DE.UTF-8: the menu is German ({m and m['items'][0]['label']})")
    m, _ = labels(env={"LANG": "de_DE.UTF-8"}, settings={"language": "fr"}, tag="lang-fr")
    check(m and m["language"] == "fr" and m["items"][0]["label"] == "Jouer ici",
          f"Settings' fr over LANG: French ({m and m['items'][0]['label']})")
    m, _ = labels(["--language", "es"], env={"LANG": "de_DE.UTF-8"}, settings={"language": "fr"}, tag="lang-es")
    check(m and m["language"] == "es" and m["items"][0]["label"] == "Jugar aquí",
          f"--language es over both: Spanish ({m and m['items'][0]['label']})")
    m, err = labels(["--language", "pt"], tag="lang-pt")
    check(m and m["language"] == "en" and m["items"][0]["label"] == "Play here" and "catalog" not in err,
          "a language with no catalog: English, silently")
    # Settings' Language changed on the screen: every label at once, and kept in the file.
    replay = os.path.join(out, "switch.replay")
    with open(replay, "w") as f:
        f.write("0.1 choose settings\n0.2 choose language\n0.3 choose language\n0.4 choose back\n0.5 snapshot screenshot\n"
                "0.6 choose settings\n0.7 choose language\n0.8 choose language\n0.9 choose language\n1.0 choose back\n"
                "1.1 snapshot system-again\n")
    m, err = labels(["--replay", replay], env={"LANG": "fr_FR.UTF-8"}, tag="lang-switch")
    saved = json.load(open(os.path.join(out, "lang-switch", "config", "snap-table", "settings.json")))
    check(m and m["language"] == "de" and m["items"][0]["label"] == "Hier spielen",
          f"Settings: system, English, then Deutsch: the menu turns German ({m and m['items'][0]['label']})")
    again = json.load(open(os.path.join(out, "lang-switch", "system-again.json")))["menu"]
    check(again["language"] == "fr" and again["items"][0]["label"] == "Jouer ici",
          f"then on to the desktop's again: French from LANG, not the last choice ({again['items'][0]['label']})")
    check(saved.get("language") == "system", f"and the last choice is saved ({saved.get('language')})")
    # Every catalog complete.
    for po in sorted(os.listdir(os.path.join(ROOT, "po"))):
        if po.endswith(".po"):
            stats = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", os.path.join(ROOT, "po", po)],
                                   capture_output=True, text=True)
            check(stats.returncode == 0 and "untranslated" not in stats.stderr and "fuzzy" not in stats.stderr,
                  f"po/{po}: {stats.stderr.strip()}")
    # A broken catalog: English and one notice naming it.
    broken = os.path.join(out, "broken-locale")
    shutil.copytree(LOCALE, broken)
    with open(os.path.join(broken, "fr", "LC_MESSAGES", "snap-table.mo"), "wb") as f:
        f.write(b"this is not a catalog")
    m, err = labels(["--language", "fr"], env={"SNAPTABLE_LOCALEDIR": broken}, tag="lang-broken")
    check(m and m["language"] == "en" and m["items"][0]["label"] == "Play here", "a broken fr catalog: English")
    check(err.count("cannot be read") == 1 and "fr/LC_MESSAGES/snap-table.mo" in err, "one notice names the broken catalog")


if __name__ == "__main__":
    if not os.path.exists(os.path.join(LOCALE, "fr", "LC_MESSAGES", "snap-table.mo")):
        print(f"no catalogs in {LOCALE}: run scripts/po/build first")
        sys.exit(1)
    fits()
    same_states()
    chosen()
    if not failures:
        shutil.rmtree(out)
    sys.exit(1 if failures else 0)
