#!/usr/bin/env python3
"""Draws SnapTable's art into Resources/ (run once; the PNGs are committed).

Needs Pillow (pip install pillow). Every image is drawn at 3x the logical card size and
supersampled, so it stays crisp when the table is scaled up on a big screen.
"""
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFilter

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "Resources")
S = 3                      # pixels per logical unit
CARD = (92 * S, 128 * S)   # logical card size 92x128
RADIUS = 9 * S
SS = 4                     # supersampling factor for smooth edges


def rounded(size, radius, fill, outline=None, width=0, inset=0):
    w, h = size
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    box = [inset * SS, inset * SS, (w - inset) * SS - 1, (h - inset) * SS - 1]
    d.rounded_rectangle(box, radius * SS, fill=fill, outline=outline, width=width * SS)
    return big.resize(size, Image.LANCZOS)


def save(img, name):
    img.save(os.path.join(OUT, name), optimize=True)


def table():
    w, h = 1280, 720
    rnd = random.Random(42)
    base = Image.new("RGB", (w, h), (22, 96, 58))
    # Felt grain: fine noise, blurred a little.
    noise = Image.effect_noise((w, h), 10).convert("L")
    felt = Image.merge("RGB", [noise.point(lambda v: 10 + v // 9), noise.point(lambda v: 80 + v // 6), noise.point(lambda v: 44 + v // 8)])
    base = Image.blend(base, felt, 0.55).filter(ImageFilter.GaussianBlur(0.6))
    # Vignette: lighter under the lamp in the middle, darker at the rim.
    vig = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(vig)
    for i in range(60):
        k = i / 60
        d.ellipse([w * (0.5 - 0.75 + 0.6 * k), h * (0.5 - 0.85 + 0.7 * k), w * (0.5 + 0.75 - 0.6 * k), h * (0.5 + 0.85 - 0.7 * k)], fill=int(150 * k))
    vig = vig.filter(ImageFilter.GaussianBlur(40))
    dark = Image.new("RGB", (w, h), (6, 34, 20))
    base = Image.composite(base, dark, vig.point(lambda v: 110 + v * 145 // 255))
    # A thin inlaid line around the playing area, as on a card table.
    d = ImageDraw.Draw(base)
    d.rounded_rectangle([24, 24, w - 25, h - 25], 32, outline=(190, 160, 80), width=2)
    d.rounded_rectangle([31, 31, w - 32, h - 32], 26, outline=(120, 100, 50), width=1)
    _ = rnd
    save(base, "table.png")


def slot(name, fill, outline, mark=None):
    img = rounded(CARD, RADIUS, fill=fill, outline=outline, width=2 * S, inset=S)
    if mark == "cross":
        d = ImageDraw.Draw(img)
        w, h = CARD
        m = 30 * S
        c = (outline[0], outline[1], outline[2], 200)
        big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
        bd = ImageDraw.Draw(big)
        cx, cy = w * SS // 2, h * SS // 2
        r = 22 * S * SS
        bd.line([cx - r, cy - r, cx + r, cy + r], fill=c, width=5 * S * SS)
        bd.line([cx - r, cy + r, cx + r, cy - r], fill=c, width=5 * S * SS)
        bd.ellipse([cx - r * 1.6, cy - r * 1.6, cx + r * 1.6, cy + r * 1.6], outline=c, width=3 * S * SS)
        img = Image.alpha_composite(img, big.resize((w, h), Image.LANCZOS))
        _ = (d, m)
    save(img, name)


def highlight(name, color):
    pad = 10 * S
    w, h = CARD[0] + 2 * pad, CARD[1] + 2 * pad
    glow = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ring = rounded((w, h), RADIUS + pad, fill=None, outline=color + (255,), width=5 * S, inset=pad - 4 * S)
    blurred = ring.filter(ImageFilter.GaussianBlur(4 * S))
    glow = Image.alpha_composite(glow, blurred)
    glow = Image.alpha_composite(glow, rounded((w, h), RADIUS + 4 * S, fill=None, outline=color + (255,), width=2 * S, inset=pad - 4 * S))
    save(glow, name)


def shadow():
    spread = 12 * S
    w, h = CARD[0] + 2 * spread, CARD[1] + 2 * spread
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    core = rounded(CARD, RADIUS, fill=(0, 0, 0, 200))
    img.paste(core, (spread, spread), core)
    save(img.filter(ImageFilter.GaussianBlur(6 * S)), "card-shadow.png")


def card_front():
    img = rounded(CARD, RADIUS, fill=(252, 250, 244, 255), outline=(160, 156, 146, 255), width=1 * S)
    save(img, "card-front.png")


def card_back():
    w, h = CARD
    img = rounded(CARD, RADIUS, fill=(250, 250, 250, 255), outline=(150, 150, 150, 255), width=1 * S)
    inner = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(inner)
    m = 6 * S * SS
    d.rounded_rectangle([m, m, w * SS - m, h * SS - m], (RADIUS - 3 * S) * SS, fill=(30, 58, 130, 255))
    # Diagonal lattice, clipped to the panel.
    lattice = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    ld = ImageDraw.Draw(lattice)
    step = 10 * S * SS
    for k in range(-h * SS, w * SS + h * SS, step):
        ld.line([k, 0, k + h * SS, h * SS], fill=(90, 120, 200, 255), width=S * SS)
        ld.line([k, h * SS, k + h * SS, 0], fill=(90, 120, 200, 255), width=S * SS)
    mask = inner.split()[3]
    inner = Image.composite(Image.alpha_composite(inner, lattice), inner, mask)
    d = ImageDraw.Draw(inner)
    d.rounded_rectangle([m + 4 * S * SS, m + 4 * S * SS, w * SS - m - 4 * S * SS, h * SS - m - 4 * S * SS], (RADIUS - 5 * S) * SS,
                        outline=(220, 190, 90, 255), width=S * SS)
    cx, cy, r = w * SS // 2, h * SS // 2, 16 * S * SS
    d.polygon([(cx, cy - r), (cx + r * 0.7, cy), (cx, cy + r), (cx - r * 0.7, cy)], fill=(220, 190, 90, 255))
    img = Image.alpha_composite(img, inner.resize((w, h), Image.LANCZOS))
    save(img, "card-back.png")


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    table()
    slot("slot.png", fill=(0, 40, 20, 90), outline=(200, 230, 200, 150))
    slot("slot-discard.png", fill=(60, 10, 10, 110), outline=(235, 120, 110, 190), mark="cross")
    highlight("highlight.png", (255, 220, 90))
    highlight("highlight-discard.png", (255, 90, 80))
    shadow()
    card_front()
    card_back()
    print("art written to", os.path.abspath(OUT))
