#!/usr/bin/env python3
"""Draws SnapTable's art into Resources/ (run once; the PNGs are committed).

Needs Pillow (pip install pillow). Every image is drawn at 3x the logical card size and
supersampled, so it stays crisp when the table is scaled up on a big screen.
"""
import os
import sys

from PIL import Image, ImageDraw, ImageFilter

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "Resources")
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


def pill(name, fill, outline, glow=None):
    """A stretchable plate: 20-unit round caps at each end, the middle stretches (cap = 20)."""
    w, h = 120, 40
    size = (w * S, h * S)
    img = Image.new("RGBA", size, (0, 0, 0, 0))
    if glow:
        halo = rounded(size, 20 * S, fill=glow, inset=0).filter(ImageFilter.GaussianBlur(2 * S))
        img = Image.alpha_composite(img, halo)
    body = rounded(size, 17 * S, fill=fill, outline=outline, width=S, inset=3)
    if glow:
        # A lighter band along the top, like light on polished brass.
        sheen = Image.new("L", size, 0)
        ImageDraw.Draw(sheen).rounded_rectangle([6 * S, 5 * S, size[0] - 6 * S, 16 * S], 8 * S, fill=70)
        sheen = sheen.filter(ImageFilter.GaussianBlur(2 * S))
        white = Image.new("RGBA", size, (255, 255, 230, 255))
        white.putalpha(Image.composite(sheen, Image.new("L", size, 0), body.getchannel("A")))
        body = Image.alpha_composite(body, white)
    save(Image.alpha_composite(img, body), name)


def wins_badge():
    """Rounded badge behind "3 Won" (cap = 8)."""
    size = (64 * S, 26 * S)
    save(rounded(size, 8 * S, fill=(150, 36, 30, 235), outline=(235, 190, 120, 255), width=S), "wins-badge.png")


def snap_bubble():
    """A speech bubble for "Snap!": white with a red rim and a tail at the lower left."""
    w, h = 118 * S, 58 * S
    big = Image.new("RGBA", (w * SS // S, h * SS // S), (0, 0, 0, 0))
    k = SS
    d = ImageDraw.Draw(big)
    rim, fill = (200, 30, 40, 255), (255, 252, 240, 255)
    tail = [(14 * k, 34 * k), (2 * k, 56 * k), (34 * k, 40 * k)]
    d.polygon(tail, fill=rim)
    d.rounded_rectangle([6 * k, 2 * k, 116 * k, 46 * k], 18 * k, fill=rim)
    d.polygon([(17 * k, 36 * k), (8 * k, 51 * k), (31 * k, 39 * k)], fill=fill)
    d.rounded_rectangle([9 * k, 5 * k, 113 * k, 43 * k], 15 * k, fill=fill)
    save(big.resize((w, h), Image.LANCZOS), "snap-bubble.png")


def seat_art():
    pill("name-plate.png", fill=(8, 30, 18, 170), outline=(150, 175, 140, 140))
    pill("active-player.png", fill=(236, 190, 70, 255), outline=(255, 236, 170, 255), glow=(255, 210, 90, 150))
    wins_badge()
    snap_bubble()


# --- The game screen (issue 11): buttons, verdicts, tags, badges, panels, seat markers. ---

FONT_DIRS = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu"]


def font(name, px):
    from PIL import ImageFont
    for d in FONT_DIRS:
        p = os.path.join(d, name)
        if os.path.exists(p):
            return ImageFont.truetype(p, px)
    raise SystemExit("font %s not found in %s (install fonts-dejavu-core)" % (name, FONT_DIRS))


def vertical_gradient(size, top, bottom):
    w, h = size
    g = Image.new("RGBA", size)
    d = ImageDraw.Draw(g)
    for y in range(h):
        k = y / max(1, h - 1)
        d.line([0, y, w, y], fill=tuple(int(top[i] + (bottom[i] - top[i]) * k) for i in range(4)))
    return g


def masked(img, mask_img):
    out = img.copy()
    out.putalpha(Image.composite(mask_img.getchannel("A"), Image.new("L", img.size, 0), mask_img.getchannel("A")))
    return out


def button(name, w, h, radius, top, bottom, rim, sheen=70, sunk=False, drop=True, band_height=0.42):
    """A stretchable rounded button (cap = radius): a soft drop shadow, a gradient body, a rim,
    a light band along the top. Pressed buttons have no drop and a darker top."""
    pad = 4                                   # room for the shadow, logical units
    size = ((w + 2 * pad) * S, (h + 2 * pad) * S)
    img = Image.new("RGBA", size, (0, 0, 0, 0))
    if drop:
        sh = rounded(size, (radius + 2) * S, fill=(0, 0, 0, 150), inset=pad * S - 2)
        sh = sh.transform(size, Image.AFFINE, (1, 0, 0, 0, 1, -2 * S)).filter(ImageFilter.GaussianBlur(2.5 * S))
        img = Image.alpha_composite(img, sh)
    shape = rounded(size, radius * S, fill=(255, 255, 255, 255), inset=pad * S)
    body = masked(vertical_gradient(size, bottom if sunk else top, top if sunk else bottom), shape)
    img = Image.alpha_composite(img, body)
    if sheen:
        band = Image.new("L", size, 0)
        ImageDraw.Draw(band).rounded_rectangle([(pad + 5) * S, (pad + 3) * S, size[0] - (pad + 5) * S, (pad + h * band_height) * S],
                                               (radius - 4) * S, fill=sheen)
        band = band.filter(ImageFilter.GaussianBlur(1.5 * S))
        white = Image.new("RGBA", size, (255, 255, 255, 255))
        white.putalpha(Image.composite(band, Image.new("L", size, 0), shape.getchannel("A")))
        img = Image.alpha_composite(img, white)
    img = Image.alpha_composite(img, rounded(size, radius * S, fill=None, outline=rim, width=S, inset=pad * S))
    save(img, name)


def disc(size_units, draw, shadow=False):
    """A round icon drawn supersampled by `draw(d, k)` on a k-per-unit canvas; with `shadow`, a
    soft drop shadow under a 64-unit disc first."""
    n = size_units * S
    k = S * SS
    big = Image.new("RGBA", (n * SS, n * SS), (0, 0, 0, 0))
    if shadow:
        under = Image.new("RGBA", big.size, (0, 0, 0, 0))
        ImageDraw.Draw(under).ellipse([5 * k, 7 * k, 61 * k, 63 * k], fill=(0, 0, 0, 120))
        big.alpha_composite(under.filter(ImageFilter.GaussianBlur(2 * k)))
    draw(ImageDraw.Draw(big), k, big)
    return big.resize((n, n), Image.LANCZOS)


def smiley():
    """The won-snap smiley: yellow, a dark outline, a broad grin; 64 units with a soft shadow."""
    def draw(d, k, big):
        d.ellipse([3 * k, 3 * k, 59 * k, 59 * k], fill=(120, 78, 0, 255))
        d.ellipse([5 * k, 5 * k, 57 * k, 57 * k], fill=(255, 214, 40, 255))
        d.ellipse([12 * k, 8 * k, 46 * k, 30 * k], fill=(255, 236, 120, 255))
        d.ellipse([19 * k, 19 * k, 26 * k, 29 * k], fill=(60, 36, 0, 255))
        d.ellipse([36 * k, 19 * k, 43 * k, 29 * k], fill=(60, 36, 0, 255))
        d.arc([15 * k, 22 * k, 47 * k, 48 * k], 20, 160, fill=(60, 36, 0, 255), width=4 * k)
    save(disc(64, draw, shadow=True), "smiley.png")


def wrong_x():
    """The wrong-call X: a red disc with a white X; 64 units with a soft shadow."""
    def draw(d, k, big):
        d.ellipse([3 * k, 3 * k, 59 * k, 59 * k], fill=(110, 10, 16, 255))
        d.ellipse([5 * k, 5 * k, 57 * k, 57 * k], fill=(214, 34, 44, 255))
        d.ellipse([12 * k, 8 * k, 46 * k, 28 * k], fill=(236, 90, 96, 255))
        r = 12 * k
        c = 31 * k
        d.line([c - r, c - r, c + r, c + r], fill=(255, 250, 240, 255), width=7 * k)
        d.line([c - r, c + r, c + r, c - r], fill=(255, 250, 240, 255), width=7 * k)
    save(disc(64, draw, shadow=True), "wrong.png")


def computer_marker():
    """A computer player's marker: a small grey chip with pins, 28 units."""
    def draw(d, k, big):
        d.ellipse([1 * k, 1 * k, 27 * k, 27 * k], fill=(20, 40, 30, 220), outline=(190, 200, 180, 255), width=k)
        for i in range(3):
            x = (10 + 4 * i) * k
            d.line([x, 6 * k, x, 22 * k], fill=(190, 200, 180, 255), width=k)
            y = (10 + 4 * i) * k
            d.line([6 * k, y, 22 * k, y], fill=(190, 200, 180, 255), width=k)
        d.rectangle([9 * k, 9 * k, 19 * k, 19 * k], fill=(70, 90, 80, 255), outline=(220, 228, 210, 255), width=k)
    save(disc(28, draw), "computer.png")


PALETTE = [(80, 170, 255), (255, 120, 80), (120, 220, 110), (230, 110, 230)]   # Color.cursor(i)


def controller_marker(i):
    """A controller's marker in its player colour: a gamepad on a coloured disc, 28 units."""
    col = PALETTE[i]
    def draw(d, k, big):
        d.ellipse([1 * k, 1 * k, 27 * k, 27 * k], fill=col + (255,), outline=(255, 255, 255, 230), width=k)
        dark = (20, 24, 30, 255)
        d.rounded_rectangle([5 * k, 9 * k, 23 * k, 19 * k], 5 * k, fill=dark)
        d.ellipse([4 * k, 12 * k, 11 * k, 21 * k], fill=dark)
        d.ellipse([17 * k, 12 * k, 24 * k, 21 * k], fill=dark)
        d.line([8 * k, 14 * k, 12 * k, 14 * k], fill=col + (255,), width=k)
        d.line([10 * k, 12 * k, 10 * k, 16 * k], fill=col + (255,), width=k)
        d.ellipse([17 * k, 12 * k, 19 * k, 14 * k], fill=col + (255,))
        d.ellipse([19 * k, 14 * k, 21 * k, 16 * k], fill=col + (255,))
    save(disc(28, draw), "controller-%d.png" % (i + 1))


def game_art():
    gold_rim = (236, 200, 110, 255)
    # Ordinary buttons: dark felt green like the name plates, gold rim (cap 14).
    button("button.png", 120, 44, 14, (40, 92, 62, 255), (14, 50, 32, 255), gold_rim, sheen=40)
    button("button-pressed.png", 120, 44, 14, (40, 92, 62, 255), (10, 40, 26, 255), gold_rim, sheen=0, sunk=True, drop=False)
    # The Snap! button: big, red, glossy (cap 22).
    button("button-snap.png", 150, 64, 22, (238, 64, 60, 255), (158, 16, 24, 255), (255, 206, 150, 255), sheen=90)
    button("button-snap-pressed.png", 150, 64, 22, (214, 46, 44, 255), (128, 10, 18, 255), (255, 206, 150, 255), sheen=0, sunk=True, drop=False)
    button("button-disabled.png", 120, 44, 14, (92, 100, 96, 230), (62, 68, 64, 230), (150, 156, 150, 200), sheen=20, drop=False)
    # Count badge under a closed pile (cap 12), "too late" tag (cap 15), "Out" stamp (cap 20).
    button("count-badge.png", 40, 24, 12, (30, 36, 34, 240), (8, 14, 12, 240), gold_rim, sheen=30, drop=False)
    button("tag-late.png", 110, 30, 15, (250, 186, 70, 255), (206, 126, 20, 255), (255, 236, 180, 255), sheen=60)
    button("out-stamp.png", 120, 46, 16, (120, 22, 26, 235), (84, 10, 14, 235), (250, 200, 190, 255), sheen=25)
    # Dialogs and the start panel (cap 28), drawn stretched to their width.
    button("panel.png", 440, 220, 28, (24, 74, 48, 248), (10, 40, 26, 248), gold_rim, sheen=22, band_height=0.13)
    smiley()
    wrong_x()
    computer_marker()
    for i in range(4):
        controller_marker(i)


# --- The application icon (issue 18): the desktop's menu and the window list show it. ---

ICON_SIZES = [48, 64, 128, 256]


def icon_card(n, rank, suit, color, angle):
    """One card of the icon on an n-pixel canvas: white, rounded, the rank and suit big enough
    to read at 48 pixels, turned by `angle` degrees."""
    w, h = int(n * 0.42), int(n * 0.58)
    card = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(card)
    d.rounded_rectangle([0, 0, w - 1, h - 1], int(w * 0.12), fill=(252, 250, 244, 255), outline=(120, 116, 106, 255), width=max(2, n // 128))
    big = font("DejaVuSans-Bold.ttf", int(h * 0.40))
    d.text((w / 2, h * 0.36), rank, font=big, fill=color, anchor="mm")
    d.text((w / 2, h * 0.74), suit, font=font("DejaVuSans.ttf", int(h * 0.34)), fill=color, anchor="mm")
    return card.rotate(angle, resample=Image.BICUBIC, expand=True)


def app_icon():
    """Two kings side by side on the felt (a Snap!), drawn at 1024 pixels and scaled down."""
    n = 1024
    img = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    plate = rounded((n, n), int(n * 0.2), fill=(255, 255, 255, 255), inset=int(n * 0.04))
    felt = masked(vertical_gradient((n, n), (36, 128, 78, 255), (12, 66, 38, 255)), plate)
    img = Image.alpha_composite(img, felt)
    img = Image.alpha_composite(img, rounded((n, n), int(n * 0.17), fill=None, outline=(236, 200, 110, 255), width=n // 96, inset=int(n * 0.075)))
    shade = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    for rank, suit, color, angle, x, y in [("K", "\u2660", (24, 24, 28, 255), 12, 0.10, 0.16), ("K", "\u2665", (200, 24, 36, 255), -12, 0.44, 0.18)]:
        card = icon_card(n, rank, suit, color, angle)
        under = Image.new("RGBA", card.size, (0, 0, 0, 0))
        under.putalpha(card.getchannel("A").point(lambda v: v * 110 // 255))
        shade.alpha_composite(under, (int(n * x) + n // 64, int(n * y) + n // 40))
        img = Image.alpha_composite(img, shade.filter(ImageFilter.GaussianBlur(n / 120)))
        shade = Image.new("RGBA", (n, n), (0, 0, 0, 0))
        img.alpha_composite(card, (int(n * x), int(n * y)))
    os.makedirs(os.path.join(OUT, "icons"), exist_ok=True)
    for size in ICON_SIZES:
        save(img.resize((size, size), Image.LANCZOS), os.path.join("icons", "icon-%d.png" % size))


if __name__ == "__main__" and sys.argv[2:] == ["icon"]:
    app_icon()
    sys.exit(0)


if __name__ == "__main__" and sys.argv[2:] == ["game"]:
    game_art()
    sys.exit(0)

if __name__ == "__main__" and sys.argv[2:] == ["seats"]:
    seat_art()
    sys.exit(0)

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    slot("slot.png", fill=(0, 40, 20, 90), outline=(200, 230, 200, 150))
    slot("slot-discard.png", fill=(60, 10, 10, 110), outline=(235, 120, 110, 190), mark="cross")
    highlight("highlight.png", (255, 220, 90))
    highlight("highlight-discard.png", (255, 90, 80))
    shadow()
    card_front()
    card_back()
    seat_art()
    game_art()
    app_icon()
    print("art written to", os.path.abspath(OUT))
