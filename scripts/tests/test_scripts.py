"""The test programs beside this file as pytest tests, in the order and with the timeouts
scripts/test gave them before. Each runs in a process of its own, exactly as by hand: the window
tests as `python3 -m tests.NAME` under a private two-monitor X server of their own
(scripts/env/with-x), the install test as a shell script, the browser test with the Python of the
venv scripts/env/web-venv makes. coreutils' timeout bounds each program (not the X server's start),
so a hung one is stopped with its process group. The display, controller and network window
tests run again with Xfce's window manager xfwm4 managing that server. The sway test runs twice (XWayland, native) under
scripts/env/with-sway, as the unprivileged user that script runs sway as; the unplug test twice
under `with-sway --nested`, a sway inside a sway whose outputs can be pulled out. The discovery test needs avahi-daemon: run
pytest under scripts/env/with-avahi, as scripts/test does."""
import os
import subprocess

import pytest

SCRIPTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(SCRIPTS)
TABLE = "{build}/snap-table"

# name, arguments after the build folder's placeholder, timeout (s), SNAP_TEST_RENDERER (None:
# as the environment has it, so the default renderer). The window tests run again through
# OpenGL; frames checks software, OpenGL and GLES2 in one run.
WINDOW_TESTS = [
    ("display", [TABLE], 180, None),
    ("controller", ["{build}"], 180, None),
    ("net_window", [TABLE], 180, None),
    ("frames", ["{build}", "--renderer", "software", "--renderer", "opengl", "--renderer", "opengles2"], 900, None),
    ("display", [TABLE], 180, "opengl"),
    ("controller", ["{build}"], 180, "opengl"),
    ("net_window", [TABLE], 180, "opengl"),
    ("autostart", ["{build}"], 180, None),
    ("menu", ["{build}"], 300, None),
    ("discovery", ["{build}"], 180, None),
    ("sound", ["{build}"], 300, None),
    ("qr", ["{build}"], 180, None),
    ("family", ["{build}"], 420, None),
]

# Under a window manager of a major desktop, Xfce's xfwm4 (floating, EWMH), on the same
# two-monitor Xorg (scripts/env/with-xfwm4 inside with-x): name, arguments, timeout (s).
WM_TESTS = [
    ("display", [TABLE], 180),
    ("controller", ["{build}"], 180),
    ("net_window", [TABLE], 180),
]

# Under sway (scripts/env/with-sway), as its unprivileged user: SDL_VIDEODRIVER ("" leaves it
# unset, as users run it: snap-table chooses, natively with a GPU, through XWayland without one),
# timeout (s).
SWAY_TESTS = [("", 120), ("wayland", 120)]


def case_id(case):
    name, _, _, renderer = case
    return f"{name}-{renderer}" if renderer else name


def run(argv, seconds, env=None, x=False, desktop=None):
    """argv from the repository's folder with scripts/ on PYTHONPATH, stopped after `seconds`;
    with `x` under an X server of its own, with `desktop` under those scripts of scripts/env
    (with-sway; with-x then with-xfwm4), whose start the timeout does not count."""
    env = dict(os.environ if env is None else env)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (SCRIPTS, env.get("PYTHONPATH")) if p)
    desktop = desktop or (["with-x"] if x else [])
    desktop = [desktop] if isinstance(desktop, str) else desktop
    # Each desktop is a script of scripts/env and its options ("with-sway --nested").
    wrap = [w for d in desktop for w in [os.path.join(SCRIPTS, "env", d.split()[0]), *d.split()[1:]]]
    argv = wrap + ["timeout", str(seconds), *argv]
    status = subprocess.run(argv, cwd=ROOT, env=env).returncode
    assert status != 124, f"{' '.join(argv)}: not finished within {seconds} s"
    assert status == 0, f"{' '.join(argv)}: exit status {status}"


@pytest.mark.parametrize("case", WINDOW_TESTS, ids=case_id)
def test_window(case, build_dir):
    name, args, seconds, renderer = case
    env = dict(os.environ)
    if renderer:
        env["SNAP_TEST_RENDERER"] = renderer
    run(["python3", "-m", f"tests.{name}", *(a.format(build=build_dir) for a in args)], seconds, env, x=True)


@pytest.mark.parametrize("case", WM_TESTS, ids=lambda c: c[0])
def test_xfwm4(case, build_dir):
    # Placement, F11, focus, drags, controllers and network play with xfwm4 managing the windows.
    name, args, seconds = case
    env = dict(os.environ, SNAP_TEST_WM="xfwm4")
    env.pop("SNAP_TEST_RENDERER", None)
    run(["python3", "-m", f"tests.{name}", *(a.format(build=build_dir) for a in args)], seconds, env,
        desktop=["with-x", "with-xfwm4"])


def sway_env(driver):
    """The environment for a test under sway: SDL_VIDEODRIVER as given ("" unset), the default
    renderer."""
    env = dict(os.environ, SDL_VIDEODRIVER=driver)
    if not driver:
        env.pop("SDL_VIDEODRIVER")
    env.pop("SNAP_TEST_RENDERER", None)
    return env


@pytest.mark.parametrize("case", SWAY_TESTS, ids=lambda c: f"sway-{c[0] or 'default'}")
def test_sway(case, build_dir):
    # A display plugged in for real under sway, through XWayland and natively, default renderer.
    driver, seconds = case
    run(["python3", "-m", "tests.sway", os.path.abspath(build_dir)], seconds, sway_env(driver), desktop="with-sway")


@pytest.mark.parametrize("case", SWAY_TESTS, ids=lambda c: f"unplug-{c[0] or 'default'}")
def test_unplug(case, build_dir):
    # A display plugged in and pulled out for real during a round: a sway inside a sway.
    driver, seconds = case
    run(["python3", "-m", "tests.unplug", os.path.abspath(build_dir)], seconds, sway_env(driver), desktop="with-sway --nested")


SWAY_WINDOW_TESTS = [("controller", ["{build}"]), ("net_window", [TABLE])]


@pytest.mark.parametrize("driver", [c[0] for c in SWAY_TESTS], ids=lambda d: d or "default")
@pytest.mark.parametrize("case", SWAY_WINDOW_TESTS, ids=lambda c: c[0])
def test_sway_windows(case, driver, build_dir):
    # Controllers and network play in windows under sway, natively and through XWayland.
    name, args = case
    build = os.path.abspath(build_dir)
    run(["python3", "-m", f"tests.{name}", *(a.format(build=build) for a in args)], 120, sway_env(driver), desktop="with-sway")


def test_install(build_dir):
    run([os.path.join(SCRIPTS, "tests", "install.sh"), build_dir], 300)


def test_web(build_dir):
    # The venv is made (pip, once) before the clock starts, as scripts/test did before.
    python = subprocess.run([os.path.join(SCRIPTS, "env", "web-venv")], cwd=ROOT, check=True,
                            stdout=subprocess.PIPE, text=True).stdout.strip()
    run([python, "-m", "tests.web", build_dir], 400)


def test_pool(build_dir):
    # Snap pool across machines: a headless host, a phone in Chromium and a snap-table client.
    python = subprocess.run([os.path.join(SCRIPTS, "env", "web-venv")], cwd=ROOT, check=True,
                            stdout=subprocess.PIPE, text=True).stdout.strip()
    run([python, "-m", "tests.pool", build_dir], 180)


def test_centre(build_dir):
    # Slapjack, Egyptian Ratscrew, Snap pool and Snap! (colour rule) across machines, a round of
    # each to its end: a headless host, a phone in Chromium and a snap-table client (about 110 s
    # on two cores).
    python = subprocess.run([os.path.join(SCRIPTS, "env", "web-venv")], cwd=ROOT, check=True,
                            stdout=subprocess.PIPE, text=True).stdout.strip()
    run([python, "-m", "tests.centre", build_dir], 330)


def test_race(build_dir):
    # Network races judged by reaction time: snap-table clients and a phone through a delay proxy.
    python = subprocess.run([os.path.join(SCRIPTS, "env", "web-venv")], cwd=ROOT, check=True,
                            stdout=subprocess.PIPE, text=True).stdout.strip()
    run([python, "-m", "tests.race", build_dir], 600)


def test_text_fit(build_dir):
    # Every screen in every language, headless, checked for cut and clipped text; and the
    # language chosen from LANG, Settings and --language.
    run(["python3", "-m", "tests.text_fit", build_dir], 600)
